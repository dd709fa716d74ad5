import Foundation
import TestSupport
import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

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

/// The blowdown's heat against IAPWS-IF97 as the iapws package computes it, on 1,000 random
/// boilers (`Fixtures/boilers.py` wrote `Fixtures/boilers.tsv`): pressures from 0.2 to 160
/// barg, make-up from 1 to 60 °C; and the power and fuel cost from that heat.
struct BlowdownHeatTests {
    struct Boiler {
        let gauge: Double, makeup: Double
        let saturation: Double, heat: Double, flash: Double
    }

    static func boilers() throws -> [Boiler] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/boilers.tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map { Double(String($0))! }
            return Boiler(gauge: fields[0], makeup: fields[1], saturation: fields[2], heat: fields[3], flash: fields[4])
        }
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

    @Test("saturation, heat per kg and flash agree with iapws on 1,000 random boilers; power and fuel cost follow from the heat")
    func agreesWithIAPWS() throws {
        let boilers = try Self.boilers()
        #expect(boilers.count == 1000)
        var generator = SeededGenerator(seed: 29)
        for (index, boiler) in boilers.enumerated() where index % max(1, 1000 / differentialCases(full: 1000)) == 0 {
            let p = Rational(decimal: String(boiler.gauge)) / Rational(10) + Rational(decimal: "0.101325")
            let makeup = Rational(decimal: String(boiler.makeup)) + Rational(decimal: "273.15")
            let figures = try BlowdownHeat.figures(pressure: .exact(p), makeup: .exact(makeup))
            #expect(abs(figures.saturation.doubleValue - boiler.saturation) < 1e-9 * boiler.saturation, "Ts at \(boiler.gauge) barg")
            #expect(abs(figures.perKilogram.doubleValue - boiler.heat) < 1e-9 * boiler.heat, "heat at \(boiler.gauge) barg, \(boiler.makeup) °C")
            #expect(abs(figures.flashFraction.doubleValue - boiler.flash) < 1e-9, "flash at \(boiler.gauge) barg")
            let blowdown = Double.random(in: 10...20_000, using: &generator)
            let efficiency = Double.random(in: 0.5...0.99, using: &generator), price = Double.random(in: 0.01...0.5, using: &generator)
            let kilogramsYear = blowdown * 24 * 365
            let cost = try BlowdownHeat.fuelCost(kilograms: .exact(Rational(exactly: kilogramsYear)), perKilogram: figures.perKilogram,
                                                 efficiency: .exact(Rational(exactly: efficiency)), pricePerKilowattHour: .exact(Rational(exactly: price)))
            let power = try BlowdownHeat.power(blowdown: .exact(Rational(exactly: blowdown)), perKilogram: figures.perKilogram)
            #expect(abs(power.doubleValue - blowdown * boiler.heat / 3600) < 1e-8 * power.doubleValue, "kW")
            let expectedCost = kilogramsYear * boiler.heat / 3600 / efficiency * price
            #expect(abs(cost.doubleValue - expectedCost) < 1e-8 * expectedCost, "fuel cost")
        }
    }
}
