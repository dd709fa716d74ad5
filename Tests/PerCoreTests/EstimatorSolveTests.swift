import TestSupport
import Testing
@testable import PerNumbers
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `solve ESTIMATOR KEY for RESULT = VALUE` (SPEC §19): every reported bracket is checked by
/// running the estimator at both its ends (the result crosses the target between them; a
/// stepped answer reaches it where the step below does not), and holds the value
/// worked out from the estimator's documented formula (hand, or mpmath where logarithms
/// enter).
struct EstimatorSolveTests {
    struct Case: CustomStringConvertible, Sendable {
        /// The estimator and the inputs given inline.
        let run: String
        let key: String
        let result: String
        let target: String
        /// The target in the result's unit, as the estimate gives the result.
        let goal: Rational
        /// The answer from the formula (40 digits where it is not exact).
        let reference: Rational
        /// The steps the key's values come in (invest's years: months), when they do.
        let step: Rational?
        var description: String { "solve \(run) \(key) for \(result) = \(target)" }
    }

    static let cases: [Case] = [
        // bleed = recirc·dt·0.00153/(cycles − 1) − 0.005%·recirc = 3: cycles = 1 + 4.59/3.025 = 1523/605.
        Case(run: "cooling recirc=500 dt=6", key: "cycles", result: "bleed", target: "3 m3/h", goal: 3,
             reference: Rational(1523) / Rational(605), step: nil),
        // LSI cycled = 7.8 − pHs with TDS, calcium and alkalinity times the cycles (Carrier): mpmath findroot.
        Case(run: "cooling recirc=1000 dt=10 ph=7.8 calcium=200 alkalinity=150 tds=500 temp=30", key: "cycles", result: "lsi_cycled",
             target: "1.8", goal: Rational(decimal: "1.8"), reference: Rational(decimal: "5.34712340441909078777328176987"), step: nil),
        // blowdown/feedwater = feed TDS/maxtds; feedwater = steam/0.95, make-up = feedwater − 6000,
        // feed TDS = 300·make-up/feedwater = 129 ppm: maxtds = 129/0.05 = 2580.
        Case(run: "boiler steam=10000 tds=300 condensate=60%", key: "maxtds", result: "blowdown_pct", target: "5%", goal: 5,
             reference: 2580, step: nil),
        // balance = m·((1 + i)^120 − 1)/i, i = 0.5% a month: m = 100000·i/((1.005)^120 − 1).
        Case(run: "invest years=10 rate=6%", key: "monthly", result: "balance", target: "€100,000", goal: 100_000,
             reference: Rational(decimal: "610.205019416494652397889388295"), step: nil),
        // 500·((1.005)^n − 1)/0.005 ≥ 50,000 from n ≥ ln 1.5/ln 1.005 = 81.3 months: 82 months.
        Case(run: "invest monthly=500 rate=6%", key: "years", result: "balance", target: "€50,000", goal: 50_000,
             reference: Rational(82) / Rational(12), step: Rational(1) / Rational(12)),
        // 10,000·1.0025^n − 100·(1.0025^n − 1)/0.0025 = 0 at 1.0025^n = 4/3, n = 115.2: the
        // account is empty (0, and stays 0) from month 116.
        Case(run: "invest initial=10000 monthly=-100 rate=3%", key: "years", result: "balance", target: "0", goal: 0,
             reference: Rational(116) / Rational(12), step: Rational(1) / Rational(12)),
        // Compounded yearly, 1000 is 1050.00 at 12 months, not before: the balance at the
        // year's end is the target itself, though its monthly rate 1.05^(1/12) − 1 is irrational.
        Case(run: "invest initial=1000 rate=5% compound=annually", key: "years", result: "balance", target: "1050", goal: 1050,
             reference: 1, step: Rational(1) / Rational(12)),
        // 1000·(1 + 0.1/12)^n ≥ 1020 from n ≥ ln 1.02/ln(1 + 0.1/12) = 2.39: 3 months, under a year.
        Case(run: "invest initial=1000 rate=10%", key: "years", result: "balance", target: "1020", goal: 1020,
             reference: Rational(3) / Rational(12), step: Rational(1) / Rational(12)),
        // Feedwater F = 5000/(1 − 50%) = 10,000 kg/h, make-up F − 40%·5000 = 8000, feed TDS
        // 200·8000/10,000 = 160 ppm: maxtds = 160/50% = 320 ppm. Below tds (200 ppm) the
        // estimator refuses maxtds, which the scan from 3000 ppm meets before the answer.
        Case(run: "boiler steam=5000 tds=200 condensate=40%", key: "maxtds", result: "blowdown_pct", target: "50%", goal: 50,
             reference: 320, step: nil),
    ]

    /// The references carry 30 digits.
    static let slack = Rational(1) / Rational(BigInt.powerOfTen(25))

    /// The result minus the goal with `key` at `x`: its sign, proven by the bounds.
    static func sign(_ c: Case, at x: Rational) -> Int? {
        var session = Session()
        let statement = "\(c.run) \(c.key)=(\(x.numerator)/\(x.denominator))"
        guard case .success(.estimate(let estimate)) = session.run(line: statement)[0].outcome,
              let number = estimate.results.first(where: { $0.spec.jsonKey == c.result })?.number else {
            Issue.record("\(statement) gave no \(c.result)")
            return nil
        }
        return number.order(comparedTo: .exact(c.goal))
    }

    @Test("the estimator crosses the target across each bracket, which holds the formula's answer", arguments: cases)
    func bracketCrosses(_ c: Case) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: c.description)[0].outcome else {
            Issue.record("\(c): \(session.run(line: c.description)[0].outcome)")
            return
        }
        #expect(solution.name == c.key)
        #expect(solution.estimate != nil)
        let root = try #require(solution.roots.first)
        #expect(root.low - Self.slack <= c.reference && c.reference <= root.high + Self.slack,
                "\(c): [\(root.low.doubleValue), \(root.high.doubleValue)] misses \(c.reference.doubleValue)")
        if let step = c.step {
            #expect(root.low == root.high && (root.low / step).isInteger)
            // Reached: past the target, or at it (too close to tell from it, nil).
            let reached = Self.sign(c, at: root.low), before = Self.sign(c, at: root.low - step)
            #expect(before != nil && before != 0 && reached != before, "\(c): \(before as Any) then \(reached as Any)")
        } else if root.low != root.high {
            let a = Self.sign(c, at: root.low), b = Self.sign(c, at: root.high)
            #expect(a != nil && b != nil && (a == 0 || b == 0 || a != b), "\(c): signs \(a as Any) and \(b as Any)")
        } else {
            #expect(Self.sign(c, at: root.low) == 0)
        }
    }

    @Test("refusals: a result the key does not move, a range outside the input's values, a target in another dimension, an unknown key or result, a word input",
          arguments: [
              ("solve cooling recirc=500 dt=6 volume for bleed = 3", ProblemCode.noSolution),
              ("solve cooling recirc=500 dt=6 cycles for bleed = 3 in 0.5..10", .invalidArgument),
              ("solve cooling recirc=500 dt=6 cycles for bleed = 3 kg", .dimensionMismatch),
              // A balance without a currency is a plain number, never a mass.
              ("solve invest initial=1000 rate=10% years for balance = 5 kg", .dimensionMismatch),
              ("solve cooling recirc=500 dt=6 cycels for bleed = 3", .unknownInput),
              ("solve cooling recirc=500 dt=6 cycles for blead = 3", .unknownName),
              ("solve invest years=10 rate=6% timing for balance = 100", .invalidArgument),
              // The target's kind is checked before any run: no missing recirc asked for.
              ("solve cooling cycles for bleed = 3 kg", .dimensionMismatch),
              // A plain number is 5 as an estimator's percentage input and 500% in a calculation.
              ("solve boiler steam=10000 tds=300 maxtds for blowdown_pct = 5", .invalidArgument),
              ("solve boiler steam=10000 tds=300 maxtds for blowdown_pct = 0.05", .invalidArgument),
          ])
    func refusals(_ statement: String, _ code: ProblemCode) {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement) was not refused")
            return
        }
        #expect(diagnostic.problem.code == code, "\(statement): \(diagnostic.message)")
    }

    /// 75 ml·load/4.5 kg rounded to 5 ml, at €12.99 per 2950 ml: €0.25 lies between 55 ml and
    /// 60 ml, which the dose becomes at 57.5 ml, a load of 3.45 kg. No load costs €0.25.
    @Test("a result that steps across the target is no root: refused, saying where it steps")
    func jumpIsNoRoot() {
        var session = Session()
        let statement = "solve dose liquid price=€12.99 per 2.95 l load for cost_per_load = €0.25"
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement) was answered"); return
        }
        #expect(diagnostic.problem.code == .noSolution)
        #expect(diagnostic.message.contains("steps across €0.25 at load ≈ 3.45 kg"), "\(diagnostic.message)")
    }

    /// 200,000 paid out over 300 months at i = 4%/12: m = −200,000·i·(1 + i)^300/((1 + i)^300 − 1)
    /// = −1,055.6736805956 (Python); any larger withdrawal also empties the account.
    @Test("a result that stays at the target over a stretch answers with the stretch's edge, not every value tried")
    func flatStretch() throws {
        var session = Session()
        let statement = "solve invest initial=€200,000 rate=4% years=25 monthly for balance = €0"
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.count == 1)
        let root = try #require(solution.roots.first)
        let reference = Rational(decimal: "-1055.6736805956")
        #expect((root.low - reference).magnitude < Rational(1) / Rational(1_000_000), "\(root.shown.text)")
        #expect(root.shown.text == "-€1055.67")
    }

    @Test("nothing is kept: the inputs tried and given inline stay out of the session")
    func keepsNothing() {
        var session = Session()
        _ = session.run(line: "solve cooling recirc=500 dt=6 cycles for bleed = 3")
        #expect(session.estimates.inputs.isEmpty)
    }

    @Test("refusals say what to write", arguments: [
        ("solve cooling recirc=500 dt=6 cycles for bleed = 3 in 2..2", "the range 2..2 is one value"),
        ("solve cooling recirc=500 dt=6 cycles for nonsense = 3", "has no result 'nonsense'. Its numbers: "),
        ("solve 2.49 per q = 4 per kg for q", "in 100 g..2 kg"),
        ("solve boiler steam=10000 tds=300 maxtds for blowdown_pct = 0.05", "blowdown_pct = 5%"),
        // 100% at maxtds = tds (all feedwater blown down): 150% is past every value boiler takes.
        ("solve boiler steam=5000 tds=200 condensate=40% maxtds for blowdown_pct = 150%", "boiler refuses maxtds below 200 ppm"),
    ])
    func refusalMessages(_ statement: String, _ fragment: String) {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement) was not refused")
            return
        }
        #expect(diagnostic.message.contains(fragment), "\(statement): \(diagnostic.message)")
    }

    /// 10,000 + 500 at 0.5% a month is 10,550 after the first month and grows: past €10,000
    /// from the lowest value years takes.
    @Test("a stepped input whose lowest value is already past the target answers with that value, saying so")
    func pastAtLowEnd() throws {
        var session = Session()
        let statement = "solve invest years=10 initial=10000 monthly=500 rate=6% years for balance = 10000"
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): \(session.run(line: statement)[0].outcome)"); return
        }
        let root = try #require(solution.roots.first)
        #expect(root.low == Rational(1) / Rational(12) && root.high == root.low)
        #expect(solution.note?.contains("already past") == true, "\(solution.note ?? "no note")")
        let c = Case(run: "invest initial=10000 monthly=500 rate=6%", key: "years", result: "balance", target: "10000", goal: 10_000,
                     reference: 0, step: nil)
        #expect(Self.sign(c, at: root.low) == 1)
    }

    /// The dose is 75 ml·load/4.5 kg rounded to 5 ml; at €12.50 per 3 l, €0.25 is 60 ml,
    /// which the dose becomes at 57.5 ml: a load of 3.45 kg, and every load up to 3.75 kg.
    @Test("a stepped result at the target over a stretch answers with the stretch's low end")
    func steppedResultLowEnd() throws {
        var session = Session()
        let statement = "solve dose liquid price=€12.50 per 3 l load for cost_per_load = €0.25"
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): \(session.run(line: statement)[0].outcome)"); return
        }
        let root = try #require(solution.roots.first)
        let c = Case(run: "dose liquid price=€12.50 per 3 l", key: "load", result: "cost_per_load", target: "€0.25",
                     goal: Rational(1) / Rational(4), reference: Rational(69) / Rational(20), step: nil)
        #expect(Self.sign(c, at: root.low) == 0)
        #expect(Self.sign(c, at: root.low - Rational(1) / Rational(1_000_000_000)) == -1)
        #expect(root.low == c.reference, "\(root.shown.text)")
    }

    @Test("the estimate at an answer known to some digits runs at those digits, not at more")
    func estimateAtCertainDigits() throws {
        var session = Session()
        let statement = "solve cooling recirc=500 dt=6 cycles for bleed = 3"
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        let root = try #require(solution.roots.first)
        let echoed = try #require(solution.estimate?.inputs.first { $0.key == "cycles" }).shownText
        func places(_ text: String) -> Int { text.split(separator: ".").dropFirst().first.map { $0.filter(\.isNumber).count } ?? 0 }
        #expect(places(echoed) <= places(root.shown.text), "\(echoed) beside \(root.shown.text)")
    }

    /// Over 3 kg..4 kg the dose is 60 ml (€0.25) from 3.45 kg to under 3.75 kg, where 62.5 ml
    /// rounds to 65 ml: the stretch's two edges, once each, and no root across it.
    @Test("a stretch at the target within a range gives its edges once, and no change of sign across it")
    func stretchWithinRange() throws {
        var session = Session()
        let statement = "solve dose liquid price=€12.50 per 3 l load for cost_per_load = €0.25 in 3 kg..4 kg"
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        let c = Case(run: "dose liquid price=€12.50 per 3 l", key: "load", result: "cost_per_load", target: "€0.25",
                     goal: Rational(1) / Rational(4), reference: Rational(69) / Rational(20), step: nil)
        #expect(solution.roots.count == 2, "\(solution.roots.map(\.shown.text))")
        let first = try #require(solution.roots.first), last = try #require(solution.roots.last)
        #expect(first.low == c.reference && first.high == c.reference)
        #expect(Self.sign(c, at: last.low) == 0 && Self.sign(c, at: Rational(15) / Rational(4)) == 1)
        #expect((last.low - Rational(15) / Rational(4)).magnitude < Rational(1) / Rational(1_000_000_000), "\(last.shown.text)")
    }
}
