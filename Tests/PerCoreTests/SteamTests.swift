import Foundation
import TestSupport
import Testing
@testable import PerCore

/// IAPWS-IF97 against the verification values its release prints (tables 5, 35 and 36),
/// to the nine significant digits printed.
struct SteamTests {
    /// `value` shown to nine significant digits.
    func nine(_ value: Number) -> String { NumberDisplay.display(value, digits: 9).text }

    @Test("region 1 enthalpy: h(300 K, 3 MPa), h(300 K, 80 MPa), h(500 K, 3 MPa) (table 5)", arguments: [
        (300, "3", "115.331273"), (300, "80", "184.142828"), (500, "3", "975.542239"),
    ] as [(Int, String, String)])
    func liquidEnthalpy(_ kelvin: Int, _ megapascals: String, _ expected: String) throws {
        #expect(nine(try Steam.liquidEnthalpy(kelvin: Number(kelvin), megapascals: .decimal(megapascals))) == expected)
    }

    @Test("region 2 enthalpy: h(300 K, 0.0035 MPa), h(700 K, 0.0035 MPa), h(700 K, 30 MPa) (table 15)", arguments: [
        (300, "0.0035", "2549.91145"), (700, "0.0035", "3335.68375"), (700, "30", "2631.49474"),
    ] as [(Int, String, String)])
    func vapourEnthalpy(_ kelvin: Int, _ megapascals: String, _ expected: String) throws {
        #expect(nine(try Steam.vapourEnthalpy(kelvin: Number(kelvin), megapascals: .decimal(megapascals))) == expected)
    }

    @Test("saturation pressure: ps(300 K), ps(500 K), ps(600 K) (table 35)", arguments: [
        (300, "0.00353658941"), (500, "2.63889776"), (600, "12.3443146"),
    ] as [(Int, String)])
    func saturationPressure(_ kelvin: Int, _ expected: String) throws {
        #expect(nine(try Steam.saturationPressure(kelvin: Number(kelvin))) == expected)
    }

    @Test("saturation temperature: Ts(0.1 MPa), Ts(1 MPa), Ts(10 MPa) (table 36)", arguments: [
        ("0.1", "372.755919"), ("1", "453.035632"), ("10", "584.149488"),
    ] as [(String, String)])
    func saturationTemperature(_ megapascals: String, _ expected: String) throws {
        #expect(nine(try Steam.saturationTemperature(megapascals: .decimal(megapascals))) == expected)
    }
}

/// The blowdown's heat against the same published equations written again here in
/// floating point, on 1,000 random boilers: pressures from 0.2 to 160 barg, make-up from
/// 1 to 60 °C, blowdown from 10 to 20,000 kg/h, efficiencies and fuel prices.
struct BlowdownHeatTests {
    /// IF97 region 4, equation 31, in Double.
    static func saturationTemperature(_ p: Double) -> Double {
        let n = [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.12020824702470e5, -0.32325550322333e7,
                 0.14915108613530e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3]
        let beta = p.squareRoot().squareRoot()
        let e = beta * beta + n[2] * beta + n[5], f = n[0] * beta * beta + n[3] * beta + n[6], g = n[1] * beta * beta + n[4] * beta + n[7]
        let d = 2 * g / (-f - (f * f - 4 * e * g).squareRoot())
        return (n[9] + d - ((n[9] + d) * (n[9] + d) - 4 * (n[8] + n[9] * d)).squareRoot()) / 2
    }

    /// IF97 region 1 enthalpy, kJ/kg, in Double: the sum over table 2 by `pow`.
    static func enthalpy(_ t: Double, _ p: Double) -> Double {
        let table: [(Double, Double, Double)] = [
            (0, -2, 0.14632971213167), (0, -1, -0.84548187169114), (0, 0, -0.37563603672040e1), (0, 1, 0.33855169168385e1),
            (0, 2, -0.95791963387872), (0, 3, 0.15772038513228), (0, 4, -0.16616417199501e-1), (0, 5, 0.81214629983568e-3),
            (1, -9, 0.28319080123804e-3), (1, -7, -0.60706301565874e-3), (1, -1, -0.18990068218419e-1), (1, 0, -0.32529748770505e-1),
            (1, 1, -0.21841717175414e-1), (1, 3, -0.52838357969930e-4), (2, -3, -0.47184321073267e-3), (2, 0, -0.30001780793026e-3),
            (2, 1, 0.47661393906987e-4), (2, 3, -0.44141845330846e-5), (2, 17, -0.72694996297594e-15), (3, -4, -0.31679644845054e-4),
            (3, 0, -0.28270797985312e-5), (3, 6, -0.85205128120103e-9), (4, -5, -0.22425281908000e-5), (4, -2, -0.65171222895601e-6),
            (4, 10, -0.14341729937924e-12), (5, -8, -0.40516996860117e-6), (8, -11, -0.12734301741641e-8), (8, -6, -0.17424871230634e-9),
            (21, -29, -0.68762131295531e-18), (23, -31, 0.14478307828521e-19), (29, -38, 0.26335781662795e-22),
            (30, -39, -0.11947622640071e-22), (31, -40, 0.18228094581404e-23), (32, -41, -0.93537087292458e-25),
        ]
        let pi = p / 16.53, tau = 1386 / t
        let gammaTau = table.reduce(0.0) { $0 + $1.2 * pow(7.1 - pi, $1.0) * $1.1 * pow(tau - 1.222, $1.1 - 1) }
        return 0.461526 * t * tau * gammaTau
    }

    /// Expected by iapws 1.5.5: `_Region2(_TSat_P(0.101325), 0.101325)["h"]`, and the flash
    /// (h1(Ts(p), p) − h1(Ts(atm), atm)) / (h2(Ts(atm), atm) − h1(Ts(atm), atm)) at p = 1.101325 MPa.
    @Test("flash steam takes saturated steam at the standard atmosphere from IF97 region 2, not a rounded 2675.5")
    func flashAgainstIAPWS() throws {
        let steam = try #require(BlowdownHeat.atmosphericSteamEnthalpy)
        #expect(abs(steam.doubleValue - 2675.531466041947) < 1e-9 * 2675.5)
        var session = Session()
        guard case .estimate(let made) = try session.run(line: "boiler steam=10000 tds=300 condensate=60% pressure=10 makeup_temp=15")[0]
            .outcome.get() else { Issue.record("no estimate"); return }
        let flash = try #require(made.result("flash_pct")?.number)
        #expect(abs(flash.doubleValue - 16.061919537732212) < 1e-9, "flash_pct \(flash.doubleValue)")
    }

    @Test("heat per kg, flash and fuel cost agree with a floating-point IF97 on 1,000 random boilers")
    func agreesWithFloatingPoint() throws {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<differentialCases(full: 1000) {
            let gauge = Double.random(in: 0.2...160, using: &generator), makeup = Double.random(in: 1...60, using: &generator)
            let blowdown = Double.random(in: 10...20_000, using: &generator)
            let efficiency = Double.random(in: 0.5...0.99, using: &generator), price = Double.random(in: 0.01...0.5, using: &generator)
            let p = gauge / 10 + 0.101325
            let figures = try BlowdownHeat.figures(pressure: .exact(Rational(exactly: p)), makeup: .exact(Rational(exactly: makeup + 273.15)))
            let ts = Self.saturationTemperature(p)
            let hf = Self.enthalpy(ts, p), hAtm = Self.enthalpy(Self.saturationTemperature(0.101325), 0.101325)
            let perKilogram = hf - Self.enthalpy(makeup + 273.15, 0.101325)
            // h'' at the standard atmosphere by iapws 1.5.5 (IF97 region 2 at Ts(0.101325 MPa)).
            let flash = (hf - hAtm) / (2675.531466041947 - hAtm)
            let kilogramsYear = blowdown * 24 * 365
            let cost = try BlowdownHeat.fuelCost(kilograms: .exact(Rational(exactly: kilogramsYear)), perKilogram: figures.perKilogram,
                                                 efficiency: .exact(Rational(exactly: efficiency)), pricePerKilowattHour: .exact(Rational(exactly: price)))
            let power = try BlowdownHeat.power(blowdown: .exact(Rational(exactly: blowdown)), perKilogram: figures.perKilogram)
            #expect(abs(figures.saturation.doubleValue - ts) < 1e-9 * ts, "Ts at \(p) MPa")
            #expect(abs(figures.perKilogram.doubleValue - perKilogram) < 1e-9 * perKilogram, "heat at \(p) MPa, \(makeup) °C")
            #expect(abs(figures.flashFraction.doubleValue - flash) < 1e-9, "flash at \(p) MPa")
            #expect(abs(power.doubleValue - blowdown * perKilogram / 3600) < 1e-8 * power.doubleValue, "kW")
            let expectedCost = kilogramsYear * perKilogram / 3600 / efficiency * price
            #expect(abs(cost.doubleValue - expectedCost) < 1e-8 * expectedCost, "fuel cost")
        }
    }
}
