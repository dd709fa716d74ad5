import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The cooling water's formulas against the published ones written again here in floating
/// point, on 1,000 random make-up analyses.
struct CoolingWaterTests {
    @Test("max cycles, the Puckorius and the Larson-Skold index agree with floating point on 1,000 random waters")
    func agreesWithFloatingPoint() throws {
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<differentialCases(full: 1000) {
            let calcium = Double.random(in: 10...500, using: &generator), alkalinity = Double.random(in: 10...400, using: &generator)
            let chloride = Double.random(in: 1...300, using: &generator), sulphate = Double.random(in: 1...300, using: &generator)
            let tds = Double.random(in: 50...2000, using: &generator), celsius = Double.random(in: 5...60, using: &generator)
            let ph = Double.random(in: 6...9, using: &generator), cycles = Double.random(in: 1.5...10, using: &generator)
            let limit = Double.random(in: 100...1000, using: &generator)
            func n(_ x: Double) -> Number { .exact(Rational(exactly: x)) }

            let maxCycles = try Cooling.maxCycles(limit: n(limit), makeup: n(calcium))
            #expect(abs(maxCycles.doubleValue - limit / calcium) < 1e-12 * limit / calcium)

            // pHs by Carrier's form, and PSI = 2·pHs − (1.465·log10(alkalinity) + 4.54), at the cycles.
            let pHs = (9.3 + (log10(tds * cycles) - 1) / 10 + (-13.12 * log10(celsius + 273.15) + 34.55))
                - (log10(calcium * cycles) - 0.4 + log10(alkalinity * cycles))
            let expectedPSI = 2 * pHs - (1.465 * log10(alkalinity * cycles) + 4.54)
            let saturation = try Cooling.saturation(ph: n(ph), calcium: n(calcium * cycles), alkalinity: n(alkalinity * cycles),
                                                    tds: n(tds * cycles), celsius: n(celsius))
            let psi = try Cooling.puckorius(pHs: saturation.pHs, alkalinity: n(alkalinity * cycles))
            #expect(abs(psi.doubleValue - expectedPSI) < 1e-9, "PSI")

            let expectedLarsonSkold = (chloride / 35.453 + sulphate / 48.031) / (alkalinity / 50.043)
            let larsonSkold = try Cooling.larsonSkold(chloride: n(chloride), sulphate: n(sulphate), alkalinity: n(alkalinity))
            #expect(abs(larsonSkold.doubleValue - expectedLarsonSkold) < 1e-12 * expectedLarsonSkold, "Larson-Skold")
        }
    }

    @Test("a water concentrated c times, from log10 c, is the saturation of its concentrated analysis, on 200 random waters")
    func concentratedIdentity() throws {
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<differentialCases(full: 200) {
            func n(_ range: ClosedRange<Double>) -> Number { .exact(Rational(exactly: Double.random(in: range, using: &generator))) }
            let (ph, calcium, alkalinity, tds, celsius, cycles) = (n(6...9), n(10...500), n(10...400), n(50...2000), n(5...60), n(1.5...10))
            let makeup = try Cooling.saturation(ph: ph, calcium: calcium, alkalinity: alkalinity, tds: tds, celsius: celsius)
            let direct = try Cooling.saturation(ph: ph, calcium: calcium * cycles, alkalinity: alkalinity * cycles, tds: tds * cycles,
                                                celsius: celsius)
            let shortcut = try makeup.concentrated(ph: ph, logCycles: cycles.logarithm(base: 10, in: .standard))
            #expect(abs(shortcut.lsi.doubleValue - direct.lsi.doubleValue) < 1e-12)
            #expect(abs(shortcut.rsi.doubleValue - direct.rsi.doubleValue) < 1e-12)
        }
    }

    @Test("the readings: Larson-Skold below 0.8, to 1.2 and above; Puckorius below 6, to 7 and above", arguments: [
        ("0.79", "corrosion by chloride and sulphate unlikely"), ("0.8", "corrosion by chloride and sulphate possible"),
        ("1.2", "corrosion by chloride and sulphate possible"), ("1.21", "corrosion by chloride and sulphate likely"),
    ])
    func readings(_ index: String, _ expected: String) {
        #expect(Cooling.larsonSkoldReading(.decimal(index)) == expected)
        #expect(Cooling.puckoriusReading(.decimal("5.9")) == "scale-forming")
        #expect(Cooling.puckoriusReading(.decimal("6.5")) == "little scale or corrosion")
        #expect(Cooling.puckoriusReading(.decimal("7.1")) == "corrosive")
    }
}
