import Foundation
import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

struct ToleranceTests {
    /// The estimate a statement gives.
    func estimate(_ statement: String) throws -> Estimate {
        var session = Session()
        guard case .estimate(let estimate) = try session.run(line: statement)[0].outcome.get() else { throw Unexpected() }
        return estimate
    }
    struct Unexpected: Error {}

    @Test("a boiler's blowdown range is the lowest and highest of the formula at every corner, on 300 random boilers")
    func cornersAgree() throws {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<differentialCases(full: 300) {
            let steam = Int.random(in: 1000...50_000, using: &generator), tds = Int.random(in: 50...800, using: &generator)
            let maxtds = Int.random(in: 1500...4000, using: &generator)
            let steamShare = Int.random(in: 0...20, using: &generator), tdsPlus = Int.random(in: 0...40, using: &generator)
            let maxPlus = Int.random(in: 0...200, using: &generator)
            let made = try estimate("boiler steam=\(steam) ±\(steamShare)% tds=\(tds) ±\(tdsPlus) maxtds=\(maxtds) +-\(maxPlus)")
            // Bd = S·tds/(maxtds − tds), at the 8 corners.
            var values: [Double] = []
            for s in [-1.0, 1.0] { for t in [-1.0, 1.0] { for m in [-1.0, 1.0] {
                let s1 = Double(steam) * (1 + s * Double(steamShare) / 100), t1 = Double(tds) + t * Double(tdsPlus)
                values.append(s1 * t1 / (Double(maxtds) + m * Double(maxPlus) - t1))
            } } }
            let range = try #require(made.ranges.first { $0.name == "blowdown" })
            let low = values.min()!, high = values.max()!
            #expect(abs(range.low.doubleValue - low) <= 1e-9 * low, "low of \(made.inputs)")
            #expect(abs(range.high.doubleValue - high) <= 1e-9 * high, "high of \(made.inputs)")
            if tdsPlus > 0 || maxPlus > 0 || steamShare > 0 { #expect(range.movedMostBy != nil) }
        }
    }

    /// Expected ends: saturation temperatures by iapws 1.5.5 (`iapws97._TSat_P(p) - 273.15`
    /// at the written pressure's two ends, gauge + 0.101325 MPa, a psi 6.894757293168 kPa);
    /// the rest by hand from the formulas `help boiler` and `help cooling` give.
    @Test("a tolerance is in the unit its value is written in, and a percentage is of the value as written", arguments: [
        // 4.9 barg ±2% is 4.802 … 4.998 barg, not 2% of the absolute 0.591 MPa.
        ("boiler steam=1591 tds=234 pressure=4.9 barg ±2% makeup_temp=40", "saturation", 157.61394307644326, 158.90564986511316),
        ("boiler steam=1591 tds=234 pressure=10 ±10% makeup_temp=40", "saturation", 179.94318075932568, 188.01451077835145),
        // 95 … 105 psig, not ±5 bar.
        ("boiler steam=1591 tds=234 pressure=100 psig ±5 makeup_temp=40", "saturation", 168.09934590632304, 171.70740315693087),
        // Blowdown = steam·tds/(maxtds − tds) = steam/9 at 9.5 and 10.5 t/h.
        ("boiler steam=10 t/h ±0.5 tds=300", "blowdown", 9500.0 / 9, 10500.0 / 9),
        // mg/L is ppm in water: tds 280 … 320.
        ("boiler steam=10000 tds=300 ppm ±20 mg/l", "blowdown", 10000.0 * 280 / 2720, 10000.0 * 320 / 2680),
        // Evaporation = 0.00153/K · recirc · dt; 90 … 110 l/s are 324 … 396 m³/h.
        ("cooling recirc=100 l/s ±10 dt=10", "evaporation", 0.0153 * 324, 0.0153 * 396),
        // dt 18 ± 1 °F is 10 ± 5/9 K.
        ("cooling recirc=100 dt=18F ±1", "evaporation", 0.153 * (10 - 5.0 / 9), 0.153 * (10 + 5.0 / 9)),
        // Biocide = volume · 50 ppm / 1000 kg; 90 … 110 US gal of 3.785411784 L.
        ("cooling recirc=100 dt=10 volume=100 gal ±10", "biocide", 0.34068706056 * 0.05, 0.41639529624 * 0.05),
    ] as [(String, String, Double, Double)])
    func toleranceAsWritten(_ statement: String, _ result: String, _ low: Double, _ high: Double) throws {
        let made = try estimate(statement)
        let range = try #require(made.ranges.first { $0.name == result })
        #expect(abs(range.low.doubleValue - low) <= 1e-9 * abs(low), "low of \(statement): \(range.low.doubleValue)")
        #expect(abs(range.high.doubleValue - high) <= 1e-9 * abs(high), "high of \(statement): \(range.high.doubleValue)")
    }

    @Test("a range beside a figure shown in the unit written is in that unit too")
    func rangeInShownUnit() throws {
        let made = try estimate("cooling recirc=100 l/s ±10 dt=10")
        let evaporation = try #require(made.lines.first { $0.label == "evaporation" })
        // 0.0153 · 324 … 396 m³/h is 4.9572 … 6.0588 m³/h, or 1.377 … 1.683 L/s.
        #expect(evaporation.note == "(1.377 … 1.683 L/s, most by recirc)")
    }

    @Test("a result the tolerances leave where it is names no input that moves it")
    func unmovedResults() throws {
        let made = try estimate("cooling recirc=1000 dt=10 inhibitor=177 ±1% ph=8.2 calcium=200 alkalinity=150 tds=500 temp=30")
        for name in ["lsi", "lsi_cycled", "rsi", "rsi_cycled", "psi", "psi_cycled", "evaporation", "bleed"] {
            let range = try #require(made.ranges.first { $0.name == name })
            #expect(range.movedMostBy == nil, "\(name) moved by \(range.movedMostBy ?? "")")
        }
        #expect(made.ranges.first { $0.name == "inhibitor" }?.movedMostBy == "inhibitor_residual")
    }

    @Test("a tolerance is for its run only, shown beside its input, and refused where it leaves the input's range", arguments: [
        ("boiler steam=10000 ±200% tds=300", "steam must be more than 0 kg/h, not ±200%, which reaches -10,000"),
        ("boiler steam=10 t/h ±20 tds=300", "steam must be more than 0 kg/h, not ±20, which reaches -10 t/h"),
        ("boiler steam=10000 tds=300 ±", "a tolerance is an amount or a percentage after ±, at least 0, on a number: tds=10 ±5% or tds=10 ±0.5"),
        ("boiler steam=10000 tds=300 ±1 kg", "tds's tolerance is a number in ppm (also mg/L), not a mass (1 kg)"),
        // A rule broken at a corner names the end as written, in its unit.
        ("boiler steam=1000 tds=300 maxtds=310 ±20", "within the tolerances (maxtds 290 ppm): tds (300 ppm) must be below maxtds (290 ppm): no blowdown can hold the boiler at its limit"),
    ])
    func refusals(_ statement: String, _ message: String) {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("\(statement) ran"); return }
        #expect(diagnostic.message == message)
    }

    @Test("the kept input is the value, without its tolerance")
    func notKept() throws {
        var session = Session()
        _ = try session.run(line: "boiler steam=10000 ±5% tds=300")[0].outcome.get()
        guard case .estimate(let again) = try session.run(line: "boiler")[0].outcome.get() else { Issue.record("boiler"); return }
        #expect(again.ranges.isEmpty)
        #expect(again.inputs.first { $0.key == "steam" }?.text == "10000 kg/h")
    }
}
