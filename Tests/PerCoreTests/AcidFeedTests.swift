import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Sulphuric acid for a cooling tower (`help cooling`, `target_alkalinity=`, `target_lsi=`),
/// against the stoichiometry and the mass balance written out here, and the indices by
/// Carrier's and Puckorius's formulas in floating point.
struct AcidFeedTests {
    /// IUPAC standard atomic weights, abridged: H 1.008, C 12.011, O 15.999, S 32.06, Ca 40.078.
    /// H2SO4 + Ca(HCO3)2 → CaSO4 + 2 CO2 + 2 H2O: one mole of acid takes the alkalinity one
    /// mole of CaCO3 stands for, so a ppm of alkalinity as CaCO3 takes 98.072/100.086 ppm of
    /// H2SO4, the 0.98 of water-treatment handbooks.
    static let sulphuricAcid = Rational(2) * Rational(decimal: "1.008") + Rational(decimal: "32.06") + Rational(4) * Rational(decimal: "15.999")
    static let calciumCarbonate = Rational(decimal: "40.078") + Rational(decimal: "12.011") + Rational(3) * Rational(decimal: "15.999")

    @Test("0.98 ppm of H2SO4 a ppm of alkalinity as CaCO3, from the atomic weights")
    func stoichiometry() throws {
        #expect(Self.sulphuricAcid == Rational(decimal: "98.072"))
        #expect(Self.calciumCarbonate == Rational(decimal: "100.086"))
        let ratio = Self.sulphuricAcid / Self.calciumCarbonate
        #expect(abs(ratio.doubleValue - 0.98) < 0.0005)
        #expect(try CoolingAcid.acidPerAlkalinity == .exact(ratio))
    }

    /// By hand: recirc 1000 m3/h, dt 10 K, 5 cycles: evaporation 15.3, drift 0.05, bleed
    /// 15.3/4 − 0.05 = 3.775, make-up 19.125 m3/h. The make-up brings 100 ppm of alkalinity,
    /// the tower holds 150: the acid takes 100 − 150/5 = 70 ppm of the make-up's.
    @Test("a target alkalinity: the dose, the product by mass and volume, and the mass balance of alkalinity, exactly")
    func targetAlkalinity() throws {
        let made = try estimate("cooling recirc=1000 dt=10 cycles=5 alkalinity=100 target_alkalinity=150 acid=98% acid_density=1.84").get()
        let makeup = Rational(decimal: "19.125"), removed = Rational(70)
        let dose = removed * Self.sulphuricAcid / Self.calciumCarbonate
        let product = makeup * dose * Rational(24) / Rational(1000) / Rational(decimal: "0.98")
        #expect(made.result("acid_dose")?.number == .exact(dose))
        #expect(made.result("acid")?.number == .exact(product))
        #expect(made.result("acid_volume")?.number == .exact(product / Rational(decimal: "1.84")))
        #expect(made.result("tower_alkalinity")?.number == Number(150))
        // Alkalinity in with the make-up = out with bleed and drift + taken by the acid.
        let bleedAndDrift = Rational(decimal: "3.775") + Rational(decimal: "0.05")
        #expect(makeup * Rational(100) == bleedAndDrift * Rational(150) + makeup * removed)
        let ph = try #require(made.result("ph_acid")?.number)
        #expect(abs(ph.doubleValue - (1.465 * log10(150) + 4.54)) < 1e-12)
        // No scaling inputs: no LSI; the alkalinity limit no longer warns, nothing else limits.
        #expect(made.result("lsi_acid") == nil)
        #expect(made.warnings.isEmpty, "\(made.warnings)")
    }

    /// Carrier's pHs at the cycles with the tower's alkalinity at the target, and the pH with
    /// acid Puckorius's equilibrium pH there.
    static func lsi(alkalinity: Double, calcium: Double, tds: Double, celsius: Double, cycles: Double) -> Double {
        let a = (log10(tds * cycles) - 1) / 10, b = -13.12 * log10(celsius + 273.15) + 34.55
        let pHs = (9.3 + a + b) - (log10(calcium * cycles) - 0.4 + log10(alkalinity))
        return 1.465 * log10(alkalinity) + 4.54 - pHs
    }

    @Test("a target LSI: the alkalinity found gives that LSI, by Carrier and Puckorius in floating point, on random towers")
    func targetLSI() throws {
        var generator = SeededGenerator(seed: 4343)
        for _ in 0..<differentialCases(full: 100) {
            let calcium = Int.random(in: 40...200, using: &generator), alkalinity = Int.random(in: 80...300, using: &generator)
            let tds = Int.random(in: 200...1000, using: &generator), celsius = Int.random(in: 15...45, using: &generator)
            let cycles = Double(Int.random(in: 300...800, using: &generator)) / 100
            let target = Double(Int.random(in: -50...150, using: &generator)) / 100
            let line = "cooling recirc=1000 dt=10 cycles=\(cycles) ph=7.8 calcium=\(calcium) alkalinity=\(alkalinity) tds=\(tds) "
                + "temp=\(celsius) target_lsi=\(target) limit_calcium=5000"
            guard case .success(let made) = estimate(line) else {
                // Refused only when no acid is needed: the target asks for more alkalinity than the tower holds.
                let needed = try #require(try? CoolingAcid.alkalinity(forLSI: .exact(Rational(exactly: target)), calcium: Number(calcium),
                                                                  tds: Number(tds), celsius: Number(celsius), cycles: .exact(Rational(exactly: cycles))))
                #expect(needed.doubleValue >= Double(alkalinity) * cycles, "\(line)")
                continue
            }
            let tower = try #require(made.result("tower_alkalinity")?.number).doubleValue
            #expect(tower < Double(alkalinity) * cycles)
            let lsi = Self.lsi(alkalinity: tower, calcium: Double(calcium), tds: Double(tds), celsius: Double(celsius), cycles: cycles)
            #expect(abs(lsi - target) < 1e-9, "\(line): LSI \(lsi)")
            let shown = try #require(made.result("lsi_acid")?.number).doubleValue
            #expect(abs(shown - target) < 1e-9)
            let dose = try #require(made.result("acid_dose")?.number).doubleValue
            let expected = (Double(alkalinity) - tower / cycles) * 98.072 / 100.086
            #expect(abs(dose - expected) < 1e-9 * max(expected, 1), "\(line)")
        }
    }

    @Test("with acid the cycles are those the other limits allow; calcium's 600 over 100 is 6, and 7 cycles pass it")
    func cyclesAllowed() throws {
        let made = try estimate("cooling recirc=1000 dt=10 cycles=7 ph=7.8 calcium=100 alkalinity=120 tds=400 temp=30 target_alkalinity=200").get()
        #expect(made.result("acid_max_cycles")?.number == Number(6))
        #expect(made.result("max_cycles")?.number == .exact(Rational(500, 120)), "without acid alkalinity sets it")
        #expect(made.exceededLimits.map(\.limit) == ["calcium"])
    }

    @Test("refusals point at their input", arguments: [
        // 100 ppm × 5 cycles is 500 ppm in the tower without acid.
        ("cooling recirc=1000 dt=10 cycles=5 alkalinity=100 target_alkalinity=500", "target_alkalinity", 69),
        ("cooling recirc=1000 dt=10 cycles=5 ph=7.8 calcium=100 alkalinity=100 tds=400 temp=30 target_lsi=2.5", "target_lsi", 97),
    ] as [(String, String, Int)])
    func refusals(_ line: String, _ key: String, _ column: Int) {
        expectEstimateRefused(line, key: key, column: column)
    }

    @Test("target_lsi needs the scaling inputs; it replaces target_alkalinity")
    func groups() {
        guard case .failure(let missing) = estimate("cooling recirc=1000 dt=10 cycles=5 alkalinity=100 target_lsi=0.5") else {
            Issue.record("ran without the scaling inputs"); return
        }
        #expect(Set(missing.missingInputs.map(\.key)) == ["ph", "temp", "calcium", "tds"])
        #expect(fields("cooling recirc=1000 dt=10 cycles=5 ph=7.8 calcium=100 alkalinity=100 tds=400 temp=30 target_lsi=0.5 target_alkalinity=150", [])
            == [.problem(.input(.replaces(member: "target_lsi", replaced: "target_alkalinity", group: ["target_lsi"])), column: 119)])
    }
}
