import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The deaerator (`help boiler`, `da_pressure=`): its steam and vent by an IAPWS-IF97
/// energy balance, against the iapws package on 1,000 random plants
/// (`Fixtures/deaerators.py` wrote `Fixtures/deaerators.tsv`), and the sulphite for the
/// oxygen it leaves by the stoichiometry written out here.
struct DeaeratorTests {
    struct Plant {
        let gauge: String, makeup: String, makeupCelsius: String, condensate: String, condensateCelsius: String, vent: String
        let saturation: Double, steam: Double, ventHeat: Double
    }

    static func plants() throws -> [Plant] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/deaerators.tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t").map(String.init)
            return Plant(gauge: f[0], makeup: f[1], makeupCelsius: f[2], condensate: f[3], condensateCelsius: f[4], vent: f[5],
                         saturation: Double(f[6])!, steam: Double(f[7])!, ventHeat: Double(f[8])!)
        }
    }

    static func exact(_ decimal: String) -> Number { .exact(Rational(decimal: decimal)) }

    @Test("steam, saturation and the vent's heat agree with iapws on 1,000 random deaerators")
    func agreesWithIAPWS() throws {
        let plants = try Self.plants()
        #expect(plants.count == 1000)
        for (index, plant) in plants.enumerated() where index % max(1, 1000 / differentialCases(full: 1000)) == 0 {
            let pressure = Number.exact(Rational(decimal: plant.gauge) / Rational(10) + Rational(decimal: "0.101325"))
            let kelvin = Rational(decimal: "273.15")
            let figures = try Deaerator.figures(pressure: pressure, makeup: Self.exact(plant.makeup),
                                                makeupKelvin: .exact(Rational(decimal: plant.makeupCelsius) + kelvin),
                                                condensate: Self.exact(plant.condensate),
                                                condensateKelvin: .exact(Rational(decimal: plant.condensateCelsius) + kelvin),
                                                vent: Self.exact(plant.vent))
            #expect(abs(figures.saturation.doubleValue - plant.saturation) < 1e-9 * plant.saturation, "Ts at \(plant.gauge) barg")
            #expect(abs(figures.steam.doubleValue - plant.steam) < 1e-8 * plant.steam, "steam at \(plant.gauge) barg")
            #expect(abs(figures.ventHeat.doubleValue - plant.ventHeat) < 1e-8 * max(plant.ventHeat, 1), "vent at \(plant.gauge) barg")
        }
    }

    /// By hand: steam 10000 kg/h, tds 300, condensate 60%, 3500 ppm (the 0–300 psig band's
    /// TDS): blowdown 4000·300/3200 = 375, make-up 4375, condensate 6000, feedwater 10375
    /// kg/h, cycles 10375/375 = 27.667; vent 0.1% of the feedwater = 10.375 kg/h. iapws
    /// 1.5.5 at 0.135325 MPa: Ts = 108.28826284895683 °C, steam 1095.8202872080794 kg/h,
    /// vent heat 7.566101114070439 kW.
    @Test("a boiler with a deaerator: its rows against iapws, the sulphite by stoichiometry for the oxygen it leaves")
    func inABoiler() throws {
        let made = try estimate("boiler steam=10000 tds=300 condensate=60% pressure=10 makeup_temp=15 da_pressure=0.34").get()
        let number = { (name: String) in made.result(name)?.number?.doubleValue ?? .nan }
        #expect(abs(number("da_saturation") - 108.28826284895683) < 1e-9)
        #expect(abs(number("da_steam") - 1095.8202872080794) < 1e-8)
        #expect(made.result("vent_loss")?.number == Self.exact("10.375"))
        #expect(abs(number("vent_heat") - 7.566101114070439) < 1e-9)
        // 2 Na2SO3 + O2 → 2 Na2SO4: 2 × (2 × 22.990 + 32.06 + 3 × 15.999) / (2 × 15.999) = 7.878…, taken as 7.88;
        // on 0.007 ppm of oxygen left, plus the residual 30 ppm over 27.667 cycles.
        let sodiumSulphite = 2 * 22.990 + 32.06 + 3 * 15.999
        #expect(abs(2 * sodiumSulphite / (2 * 15.999) - 7.88) < 0.005)
        let dose = Rational(decimal: "7.88") * Rational(decimal: "0.007") + Rational(30) * Rational(375) / Rational(10375)
        #expect(made.result("sulphite_dose")?.number == .exact(dose))
        #expect(!made.inputs.contains { $0.key == "o2" }, "o2 is the oxygen without a deaerator")
        #expect(made.inputs.contains { $0.key == "da_o2" && $0.text == "0.007 ppm" })
    }

    @Test("a vent given as a flow; a condensate at 0 leaves only the make-up to heat")
    func ventFlow() throws {
        let made = try estimate("boiler steam=10000 tds=300 pressure=10 makeup_temp=15 da_pressure=0.34 vent_flow=20 kg/h").get()
        #expect(made.result("vent_loss")?.number == Number(20))
        // The make-up is the feedwater: 10000 + 10000·300/3200 = 10937.5 kg/h, all of it from 15 °C.
        let direct = try Deaerator.figures(pressure: Self.exact("0.135325"), makeup: Self.exact("10937.5"), makeupKelvin: Self.exact("288.15"),
                                           condensate: 0, condensateKelvin: Self.exact("353.15"), vent: 20)
        #expect(made.result("da_steam")?.number == direct.steam)
    }

    @Test("refusals point at their input", arguments: [
        // Water boils at 81.97 °C at -0.5 barg: the make-up at 95 °C cannot be heated. Columns are the value's.
        ("boiler steam=1000 tds=300 pressure=10 makeup_temp=95 da_pressure=-0.5", "da_pressure", 66),
        ("boiler steam=1000 tds=300 pressure=10 makeup_temp=15 da_pressure=-0.5 condensate=50% condensate_temp=90", "da_pressure", 66),
        ("boiler steam=1000 tds=300 pressure=10 makeup_temp=15 da_pressure=200", "da_pressure", 66),
    ] as [(String, String, Int)])
    func refusals(_ line: String, _ key: String, _ column: Int) {
        guard case .failure(let diagnostic) = estimate(line), case .estimate(let error) = diagnostic.problem else {
            Issue.record("not refused: \(line)"); return
        }
        #expect(error.key == key)
        #expect(diagnostic.column == column, "\(line)")
    }

    @Test("a deaerator needs no boiler pressure; makeup_temp alone is refused, naming both inputs it serves")
    func withoutBoilerPressure() throws {
        // maxtds as the 0–300 psig band gives it with pressure=10, so the balance is inABoiler's.
        let made = try estimate("boiler steam=10000 tds=300 maxtds=3500 condensate=60% makeup_temp=15 da_pressure=0.34").get()
        #expect(abs((made.result("da_steam")?.number?.doubleValue ?? .nan) - 1095.8202872080794) < 1e-8)
        #expect(made.result("blowdown_heat") == nil && made.result("pressure_band") == nil)
        #expect(fields("boiler steam=10000 tds=300 makeup_temp=15", [])
            == [.problem(.estimate(.rule(key: "makeup_temp", message: "makeup_temp serves pressure= (the blowdown's heat) or da_pressure= "
                                         + "(a deaerator): give one of them", others: [])), column: 40)])
    }

    @Test("vent and vent_flow together are refused; o2 forgets the deaerator; da_pressure needs makeup_temp")
    func groups() throws {
        #expect(fields("boiler steam=1000 tds=300 pressure=10 makeup_temp=15 da_pressure=0.3 vent=0.2% vent_flow=3", [])
            == [.problem(.input(.replaces(member: "vent_flow", replaced: "vent", group: ["vent_flow"])), column: 75)])
        let setup = ["boiler steam=1000 tds=300 pressure=10 makeup_temp=15 da_pressure=0.3 vent_flow=3"]
        let plain = try estimate("boiler o2=3", after: setup).get()
        #expect(plain.result("da_steam") == nil)
        #expect(plain.inputs.contains { $0.key == "o2" && $0.text == "3 ppm" })
        guard case .failure(let missing) = estimate("boiler steam=1000 tds=300 pressure=10 da_pressure=0.3") else {
            Issue.record("a deaerator without makeup_temp ran"); return
        }
        #expect(missing.missingInputs.map(\.key) == ["makeup_temp"])
    }
}
