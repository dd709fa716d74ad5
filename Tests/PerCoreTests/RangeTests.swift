import Foundation
import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Ranges written with ± (`help tolerances`): exact worst-case interval arithmetic.
struct RangeTests {
    @Test("reading ±: its precedence, its units, and +- as ± only between operands", arguments: [
        ("(12 ± 0.5 kg) / 3", "≈ 4 ± 0.166666666667 kg"), ("12 kg ± 0.5 kg * 2", "12 ± 1 kg"), ("12 ± 0.5 kg", "12 ± 0.5 kg"),
        ("12 kg ± 0.5", "12 ± 0.5 kg"), ("12 kg ± 500 g", "12 ± 0.5 kg"), ("10 t/h ± 5%", "10 ± 0.5 t/h"),
        ("-10 t/h ± 5%", "-10 ± 0.5 t/h"), ("60% ± 5%", "60 ± 5%"), ("3 +- 1", "3 ± 1"), ("3+-1", "3 ± 1"),
        ("3 + -1", "2"), ("-+-2", "2"), ("2 * +-3", "-6"), ("12 ± 0", "12"), ("12 ± 0.5 kg to g", "12000 ± 500 g"),
        ("20 °C ± 0.5 K", "20 °C ± 0.5 Δ°C"), ("20 ± 0.5 °C", "20 °C ± 0.5 Δ°C"), ("$12 ± 0.5", "$12.00 ± $0.50"),
        ("1 ± 0.5 < 2", "true"), ("12 kg ± 1 kg + 200 g", "12 ± 1.2 kg"),
        // Beyond the exact range: the middle and tolerance as written, and ends closer than
        // the digits they know shown as one value, never as "1e5000 to 1e5000".
        ("0 ± 10^5000", "≈ 0 ± 1e5000"), ("10^5000 ± 1", "≈ 1e5000 ± 1"), ("(10^5000 ± 1) * 2", "≈ 2e5000"),
        ("(0 ± 10^5000) * 2", "≈ -2e5000 to 2e5000"),
    ] as [(String, Seen)])
    func reading(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("the syntax tree: ± below the sums, above to", arguments: [
        ("12 ± 0.5 * 2", "(± 12 (* 0.5 2))"), ("1 + 2 ± 3 - 1", "(± (+ 1 2) (- 3 1))"),
        ("12 kg ± 0.5 kg to lb", "(to (± (12 kg) (0.5 kg)) lb)"), ("3 +- 1", "(± 3 1)"), ("-+-2", "(- (- 2))"),
    ])
    func tree(_ line: String, _ expected: String) throws {
        #expect(try SyntaxTree.expression(StatementSource(line)).description == expected)
    }

    @Test("arithmetic of ranges, end by end", arguments: [
        ("(2 ± 1) + (10 ± 2)", "12 ± 3"), ("(2 ± 1) - (10 ± 2)", "-8 ± 3"), ("(2 ± 1) * (3 ± 1)", "7 ± 5"),
        ("(-2 ± 1) * (3 ± 4)", "-9 ± 12"), ("(6 ± 2) / (2 ± 1)", "≈ 4.66666666667 ± 3.33333333333"), ("-(2 ± 1)", "-2 ± 1"), ("(12 ± 0.5) * 0", "0"),
        ("(-1 ± 2)^2", "4.5 ± 4.5"), ("(-1 ± 2)^3", "-13 ± 14"), ("(2 ± 1)^2", "5 ± 4"), ("(-2 ± 1)^2", "5 ± 4"),
        ("(2 ± 1)^-1", "≈ 0.666666666667 ± 0.333333333333"), ("(4 ± 1 m)^2", "17 ± 8 m²"), ("(1 ± 2)^0", "1"), ("(0 ± 2)^2", "2 ± 2"),
        ("abs(1 ± 2)", "1.5 ± 1.5"), ("abs(-3 ± 1)", "3 ± 1"), ("max(1 ± 1, 1.5)", "1.75 ± 0.25"), ("min(1 ± 1, 3 ± 1)", "1 ± 1"),
        ("floor(2.5 ± 1)", "2 ± 1"), ("sqrt(16 ± 9 m^2)", "≈ 3.82287565553 ± 1.17712434447 m"), ("(10 ± 1)% * 200", "20 ± 2"),
        ("(80 ± 5) + 10%", "88 ± 5.5"), ("20% of (100 ± 10)", "20 ± 2"), ("($10 ± $1) * 3", "$30.00 ± $3.00"),
        ("(20 ± 0.5) °C to °F", "68 °F ± 0.9 Δ°F"), ("(1 ± 1) < 3", "true"), ("(1 ± 1) >= 3", "false"),
        ("(1 ± 1) == 5", "false"), ("(1 ± 1) != 5", "true"), ("(1 ± 0) == 1", "true"), ("(12 ± 0.5) × 3", "36 ± 1.5"),
        // A range as the exponent of a base above 0, or from 0: 1^1 to 2^2; 0 to 1^0.
        ("(1.5 ± 0.5)^(1.5 ± 0.5)", "2.5 ± 1.5"), ("(0.5 ± 0.5)^(0.5 ± 0.5)", "0.5 ± 0.5"), ("2^(1 ± 1)", "2.5 ± 1.5"),
    ] as [(String, Seen)])
    func arithmetic(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("refusals, each at its column", arguments: [
        ("1 / (1 ± 2)", .problem(.range(.divisionByRangeWithZero(low: "-1", high: "3")), column: 8)),
        ("1 / (0 ± 0)", .problem(.arithmetic(.divisionByZero), column: 3)),
        ("(1 ± 2)^-1", .problem(.range(.powerOfRangeWithZero), column: 8)),
        ("(1 ± 2)^0.5", .problem(.range(.powerOfRangeWithZero), column: 8)),
        ("(-2)^(1 ± 0.5)", .problem(.range(.rangeAsExponent), column: 9)),
        ("(1 kg)^(1 ± 0.5)", .problem(.range(.rangeAsExponent), column: 11)),
        ("(1 ± 2) < 2", .problem(.range(.comparisonUndecided("<")), column: 9)),
        ("(0 ± 2) == (1 ± 2)", .problem(.range(.comparisonUndecided("==")), column: 9)),
        ("tan(1.5 ± 0.1)", .problem(.range(.pole("tan")), column: 1)),
        ("tan(90° ± 1°)", .problem(.range(.pole("tan")), column: 1)),
        ("log(100 ± 1, 10)", .problem(.range(.unsupported("log")), column: 1)),
        ("(5 ± 1) mod 2", .problem(.range(.unsupported("mod")), column: 9)),
        ("(5 ± 1)!", .problem(.range(.unsupported("!")), column: 8)),
        ("1 ± 0.1 ± 0.2", .problem(.range(.twoTolerances), column: 9)),
        ("(1 ± 0.1) ± 0.2", .problem(.range(.toleranceOfRange), column: 11)),
        ("1 ± (0.1 ± 0.01)", .problem(.range(.rangeAsTolerance), column: 10)),
        ("12 ± -1", .problem(.range(.negativeTolerance), column: 7)),
        ("20 °C ± 5%", .problem(.quantity(.scaledTemperature("°C")), column: 10)),
        ("12 kg ± 1 l", .problem(.quantity(.mismatch(operation: "add or subtract", .mass, .volume)), column: 9)),
        ("0 K ± 1 K", .problem(.quantity(.belowAbsoluteZero), column: 5)),
        ("(12 ± 0.5 kg) to 2 dp", .problem(.range(.unsupported("to 2 dp")), column: 18)),
        ("(12 ± 0.5 kg) to lb oz", .problem(.range(.unsupported("to a list of units")), column: 18)),
        ("6x(1 ± 1)", .problem(.range(.unsupported("a multipack's x")), column: 2)),
        ("2026-01-01 ± 3", .problem(.range(.unsupported("a date")), column: 12)),
        ("f(1 ± 1)", .problem(.range(.unsupported("f, a function of your own,")), column: 1)),
        ("add (2 ± 1) kg", .problem(.range(.commandArgument), column: 5)),
        ("±3", .problem(.syntax(.operandExpected(after: nil)), column: 1)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        let seen = result(of: line, after: ["f(x) = x * 2"])
        if case .problem(.syntax, _) = expected {
            #expect(seen.isProblem)
        } else {
            #expect(seen == expected)
        }
    }

    @Test("a variable and ans keep their range, unset and reassignment drop it")
    func variables() {
        #expect(result(of: "x / 3", after: ["x = 12 ± 0.5 kg"]) == "≈ 4 ± 0.166666666667 kg")
        #expect(result(of: "ans * 3", after: ["x = 12 ± 0.5 kg", "x / 3"]) == "12 ± 0.5 kg")
        #expect(result(of: "x", after: ["x = 12 ± 0.5 kg", "x = 2"]) == "2")
        #expect(result(of: "ans", after: ["x = 12 ± 0.5 kg", "2"]) == "2")
        // A line that starts with +- goes on from the last result, as one that starts with + does.
        #expect(result(of: "+-0.5", after: ["10"]) == "10 ± 0.5")
        #expect(result(of: "+-0.5", after: ["10 ± 1"]) == .problem(.range(.toleranceOfRange), column: 1))
        #expect(result(of: "x", after: ["x = 12 ± 0.5 kg", "unset x"]).isProblem)
        #expect(result(of: "total", after: ["(5 ± 1) kg", "2 kg"]) == .problem(.range(.blockFigure(command: "total")), column: 1))
        #expect(result(of: "count", after: ["(5 ± 1) kg", "2 kg"]) == "2")
        var session = Session()
        _ = session.run(line: "x = 12 ± 0.5 kg")
        guard case .success(.variables(let listed, _))? = session.run(line: "vars").last?.outcome else {
            Issue.record("vars lists no variables"); return
        }
        #expect(listed.map(\.text) == ["12 ± 0.5 kg"])
    }

    @Test("ranges are kept in saved sets, and a set without them reads as before")
    func saved() throws {
        var made = Session()
        _ = made.run(line: "x = 12 ± 0.5 kg; y = 3")
        let written = SavedSetsFile.encode([SavedSet(name: "r", savedAt: "2026-11-26T10:00:00+0000", state: made.state, headline: nil)])
        let read = try SavedSetsFile.decode(written).sets[0]
        #expect(read.state.ranges == made.calculator.ranges && read.state.ranges.count == 1)
        var recalled = Session()
        _ = recalled.recall(read)
        #expect(recalled.run(line: "x / 3").map(\.outcome) == made.run(line: "x / 3").map(\.outcome))
        var plain = Session()
        _ = plain.run(line: "y = 3")
        let text = String(decoding: SavedSetsFile.encode([SavedSet(name: "p", savedAt: "2026-11-26T10:00:00+0000", state: plain.state,
                                                                   headline: nil)]), as: UTF8.self)
        #expect(!text.contains("ranges"))
        // A range without its low end is refused, never read as the middle alone.
        let broken = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\"low\"", with: "\"lowest\"")
        #expect(try SavedSetsFile.decode(Array(broken.utf8)).sets.isEmpty)
    }

    /// `(a ± h) OP (b ± k)` against the extremes computed here from the four corners with
    /// rationals, and powers against the extremes of xⁿ (its ends, and 0 when the range
    /// holds it); and every random point inside the operands lands inside the result.
    @Test("1,000 random cases against corners computed with rationals")
    func againstReference() throws {
        var generator = SeededGenerator(seed: 29)
        var session = Session()
        func decimal(nonNegative: Bool = false) -> (text: String, value: Rational) {
            if generator.below(6) == 0 { return ("0", Rational(0)) }
            let whole = generator.below(50), hundredths = generator.below(100)
            let negative = !nonNegative && generator.below(3) == 0
            let value = Rational(BigInt(whole * 100 + hundredths), BigInt(100))
            return ((negative ? "-" : "") + "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)", negative ? -value : value)
        }
        func point(_ low: Rational, _ high: Rational) -> Rational {
            let share = Rational(BigInt(generator.below(1001)), BigInt(1000))
            return low + (high - low) * share
        }
        for _ in 0..<max(1000, differentialCases(full: 5000)) {
            let (aText, a) = decimal(), (hText, h) = decimal(nonNegative: true)
            let (bText, b) = decimal(), (kText, k) = decimal(nonNegative: true)
            let (x0, x1) = (a - h, a + h), (y0, y1) = (b - k, b + k)
            let op = generator.pick(["+", "-", "*", "/", "^2", "^3", "neg"])
            let line: String
            var expected: [Rational]
            var exact: (Rational, Rational) -> Rational
            switch op {
            case "^2", "^3":
                let n = op == "^2" ? 2 : 3
                line = "r = (\(aText) ± \(hText))\(op)"
                expected = [x0.power(n), x1.power(n)] + (x0 <= 0 && 0 <= x1 ? [Rational(0)] : [])
                exact = { x, _ in x.power(n) }
            case "neg":
                line = "r = -(\(aText) ± \(hText))"
                expected = [-x0, -x1]
                exact = { x, _ in -x }
            default:
                line = "r = (\(aText) ± \(hText)) \(op) (\(bText) ± \(kText))"
                let apply: (Rational, Rational) -> Rational
                switch op {
                case "+": apply = { $0 + $1 }
                case "-": apply = { $0 - $1 }
                case "*": apply = { $0 * $1 }
                default: apply = { $0 / $1 }
                }
                exact = apply
                if op == "/", y0 <= 0, 0 <= y1 {
                    let outcome = session.run(line: line).last?.outcome
                    guard case .failure(let diagnostic)? = outcome, diagnostic.problem.code == .divisionByZero else {
                        Issue.record("\(line) was not refused as a division by 0: \(String(describing: outcome))"); continue
                    }
                    continue
                }
                expected = [apply(x0, y0), apply(x0, y1), apply(x1, y0), apply(x1, y1)]
            }
            guard case .success? = session.run(line: line).last?.outcome.map({ _ in () }) else {
                Issue.record("\(line) failed"); continue
            }
            let low = expected.min()!, high = expected.max()!
            if low == high {
                #expect(session.calculator.ranges["r"] == nil && session.calculator.variables["r"] == Quantity(.exact(low)), "\(line)")
                continue
            }
            guard let range = session.calculator.ranges["r"] else { Issue.record("\(line) gave no range"); continue }
            #expect(range.low == .exact(low) && range.high == .exact(high), "\(line): \(range.low) to \(range.high), not \(low) to \(high)")
            #expect(session.calculator.variables["r"] == Quantity(.exact((low + high) / Rational(2))), "\(line): the middle")
            // Any value of the operands gives a value inside the result.
            let inside = exact(point(x0, x1), point(y0, y1))
            #expect(low <= inside && inside <= high, "\(line): \(inside) outside")
        }
    }

    /// The least and greatest of `function` over low…high, by the function's own turning
    /// points (sin and cos at the multiples of π/2) and its ends, in doubles.
    static func extremes(_ function: String, _ low: Double, _ high: Double) -> (Double, Double) {
        let value: (Double) -> Double = function == "sin" ? { Foundation.sin($0) } : function == "cos" ? { Foundation.cos($0) } : { Foundation.tan($0) }
        var values = [value(low), value(high)]
        if function != "tan" {
            var k = (low / (Double.pi / 2)).rounded(.up)
            while k * Double.pi / 2 <= high {
                values.append(value(k * Double.pi / 2))
                k += 1
            }
        }
        return (values.min()!, values.max()!)
    }

    @Test("sin of a range past 2^63 quarter turns: the least is a turning point's -1, the greatest the high end's (mpmath at 50 digits: sin(1e20 + 1) = 0.294228171296185908…)")
    func trigonometryOfHugeRanges() throws {
        let operand = try Parser.expression(StatementSource("sin(1e20 ± 1)"), builder: Session().evaluator(in: .standard))
        let bounds = try #require(operand.bounds)
        #expect(bounds.low.nearestRational == Rational(-1))
        #expect(abs(bounds.high.nearestRational.doubleValue - 0.29422817129618590834) < 1e-12)
    }

    @Test("sin, cos and tan of a range hold the function's least and greatest over it (turning points and ends, in doubles), and tan across a pole is refused, 600 random ranges")
    func trigonometryOfRanges() throws {
        var random = SeededGenerator(seed: 4042)
        let session = Session()
        for index in 0..<600 {
            let function = ["sin", "cos", "tan"][index % 3]
            let middle = Double(random.below(20_001) - 10_000) / 1000, half = Double(1 + random.below(4000)) / 1000
            let text = "\(function)(\(middle) ± \(half))"
            let (low, high) = (middle - half, middle + half)
            let pole = function == "tan" && ((low - Double.pi / 2) / Double.pi).rounded(.up) <= ((high - Double.pi / 2) / Double.pi).rounded(.down)
            let operand: Evaluator.Operand
            do {
                operand = try Parser.expression(StatementSource(text), builder: session.evaluator(in: .standard))
            } catch {
                #expect(pole, "\(text): \(error.problem)")
                continue
            }
            #expect(!pole, "\(text) has a pole inside")
            let bounds = try #require(operand.bounds, "\(text)")
            let (least, greatest) = Self.extremes(function, low, high)
            let (shownLow, shownHigh) = (bounds.low.nearestRational.doubleValue, bounds.high.nearestRational.doubleValue)
            #expect(abs(shownLow - least) < 1e-9 && abs(shownHigh - greatest) < 1e-9,
                    "\(text): \(shownLow)…\(shownHigh), expected \(least)…\(greatest)")
        }
    }
}
