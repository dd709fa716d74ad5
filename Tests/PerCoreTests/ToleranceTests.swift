import Foundation
import Testing
import TestSupport
@testable import PerCore

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

    @Test("a tolerance is for its run only, shown beside its input, and refused where it leaves the input's range", arguments: [
        ("boiler steam=10000 ±200% tds=300", "steam must be more than 0 kg/h, not ±200%, which reaches -10,000"),
        ("boiler steam=10000 tds=300 ±", "a tolerance is an amount or a percentage after ±, at least 0, on a number: tds=10 ±5% or tds=10 ±0.5"),
        ("boiler steam=10000 tds=300 ±1 kg", "tds's tolerance is a number in ppm (also mg/L), not a mass (1 kg)"),
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
