import Foundation
import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Lists as values and their statistics (`help lists`).
struct ListTests {
    static let lab = ["lab = [1.2 kg, 1.5 kg, 1100 g]"]

    @Test("a list reads in its first value's unit, and shows in full while it fits", arguments: [
        ("[1.2 kg, 1.5 kg, 1100 g]", "[1.2 kg, 1.5 kg, 1.1 kg]"), ("[]", "[]"), ("[1, 2, 3]", "[1, 2, 3]"),
        ("[1.2, 1.5] kg", "[1.2 kg, 1.5 kg]"), ("[2, $5]", "[$2.00, $5.00]"), ("[20 °C, 50 °F]", "[20 °C, 10 °C]"),
        ("[10%, 0.5]", "[10%, 50%]"), ("[1,234]", "[1, 234]"), ("[1 234, 5]", "[1234, 5]"), ("[1/3, 2]", "≈ [0.333333333333, 2]"),
        ("[2026-03-01, 2026-01-01]", "[2026-03-01, 2026-01-01]"), ("[ 1 , 2 ]", "[1, 2]"), ("[-1, +2, 3!]", "[-1, 2, 6]"),
        ("[(1 + 2) kg, 3 * 2 kg]", "[3 kg, 6 kg]"), ("[pi, e]", "≈ [3.14159265359, 2.71828182846]"),
        ("[" + (1...100).map(String.init).joined(separator: ",") + "]",
         "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …, 92, 93, 94, 95, 96, 97, 98, 99, 100] (100 values)"),
        ("[" + (1...20).map(String.init).joined(separator: ", ") + "]",
         "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]"),
    ] as [(String, Seen)])
    func reading(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("the statistics of a list or of values, in the list's unit", arguments: [
        ("mean(1, 2, 3)", "2"), ("sum(1, 2, 3)", "6"), ("mean([1, 2, 3])", "2"), ("mean([1, 2, 3], 4)", "2.5"),
        ("sum [1.2 kg, 1.5 kg, 1100 g]", "3.8 kg"), ("median([3, 1, 4, 1, 5])", "3"), ("median([1, 2, 3, 4])", "2.5"),
        ("min([3 kg, 2000 g])", "2 kg"), ("max([3 kg, 2000 g])", "3 kg"), ("count([3 kg, 2000 g])", "2"),
        ("sort([3, 1, 2] m)", "[1 m, 2 m, 3 m]"), ("var(1, 2, 3, 4, 5)", "2.5"), ("pvar(1, 2, 3, 4, 5)", "2"),
        ("stdev(2, 4, 4, 4, 5, 5, 7, 9)", "≈ 2.13808993530"), ("pstdev(2, 4, 4, 4, 5, 5, 7, 9)", "2"),
        ("stdev(1, 3)", "≈ 1.41421356237"), ("pstdev(1, 2)", "0.5"), ("var([1, 2, 4] m)", "≈ 2.33333333333 m²"),
        ("stdev([20 °C, 22 °C, 24 °C])", "2 Δ°C"), ("var([20 °C, 22 °C, 24 °C])", "4 Δ°C²"), ("mean([20 °C, 68 °F])", "20 °C"),
        ("mean([10%, 20%])", "15%"), ("stdev([10%, 20%])", "≈ 7.07106781187%"), ("var([10%, 20%])", "0.005"),
        ("mean([$1, $2, $2])", "≈ $1.67"), ("stdev([$1, $2, $4])", "≈ $1.53"), ("sum([])", "0"), ("count([])", "0"),
        ("sort([])", "[]"), ("pstdev(5)", "0"), ("pvar(5 kg)", "0 kg²"), ("mean(5)", "5"),
        ("min([2026-03-01, 2026-01-01])", "2026-01-01"), ("sort([2026-03-01, 2026-01-01])", "[2026-01-01, 2026-03-01]"),
        ("count([2026-03-01, 2026-01-01])", "2"), ("max(2, $5)", "$5.00"), ("max([1, 5, 3], 4)", "5"),
        // Approximate values: their deviations from the mean, with proven digits.
        ("stdev(sqrt(2), 1)", "≈ 0.292893218813"), ("median([sqrt(2), 1, 2])", "≈ 1.41421356237"),
        ("sort([sqrt(2), 1, 1.5])", "≈ [1, 1.41421356237, 1.5]"), ("var(sqrt(2), sqrt(2))", "0"),
        ("mean lab", "≈ 1.26666666667 kg"), ("sum lab + 1 kg", "4.8 kg"), ("mean lab * 2", "≈ 2.53333333333 kg"),
        ("count lab", "3"), ("sort(lab) to g", "[1100 g, 1200 g, 1500 g]"), ("sum(lab, 200 g)", "4 kg"),
    ] as [(String, Seen)])
    func statistics(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: Self.lab) == expected)
    }

    @Test("a list with a value, or two lists of one length, element by element", arguments: [
        ("[1, 2, 3] * 2", "[2, 4, 6]"), ("2 * [1, 2]", "[2, 4]"), ("[10, 20, 30] - [1, 2, 3]", "[9, 18, 27]"),
        ("[1.2 kg, 1.5 kg] + 300 g", "[1.5 kg, 1.8 kg]"), ("[1, 2] / 4", "[0.25, 0.5]"), ("-[1, 2]", "[-1, -2]"),
        ("[1, 2]^2", "[1, 4]"), ("[1, 2] kg to g", "[1000 g, 2000 g]"), ("sqrt([4, 9])", "[2, 3]"),
        ("sqrt([4 m^2, 2 m^2])", "≈ [2 m, 1.41421356237 m]"), ("round([1.25, 2.5], 1)", "[1.3, 2.5]"),
        ("[100, 200] + 10%", "[110, 220]"), ("20% off [$10, $20]", "[$8.00, $16.00]"), ("[1, 2]%", "[1%, 2%]"),
        ("[3, 4]!", "[6, 24]"), ("hypot([3, 5], [4, 12])", "[5, 13]"), ("gcd([12, 18], 8)", "2"),
        ("[1.234, 2.5] to 1 dp", "≈ [1.2, 2.5]"), ("6 × [1, 2]", "[6, 12]"), ("2026-01-01 + [1, 2] days", "[2026-01-02, 2026-01-03]"),
        ("[7, 8] mod 3", "[1, 2]"), ("[] * 2", "[]"), ("lab * 2", "[2.4 kg, 3 kg, 2.2 kg]"), ("lab / lab", "[1, 1, 1]"),
        ("weekday([2026-11-25, 2026-11-26])", "[Wednesday, Thursday]"), ("[2 x 3]", "[6]"),
    ] as [(String, Seen)])
    func elementwise(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: Self.lab) == expected)
    }

    @Test("refusals, each at its column", arguments: refusalCases)
    func refusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: Self.lab) == expected)
    }

    static let refusalCases: [(String, Seen)] = [
        ("[1 kg, 2 m]", .problem(.list(.mixedDimensions(first: .mass, value: .length)), column: 8)),
        ("[1, 2 kg]", .problem(.list(.mixedDimensions(first: .none, value: .mass)), column: 5)),
        ("[20 °C, 2 Δ°C]", .problem(.list(.mixedDimensions(first: .temperature, value: .temperature)), column: 9)),
        ("[1, 2] + [1, 2, 3]", .problem(.list(.lengthsDiffer(2, 3)), column: 8)),
        ("hypot([3, 5], [4])", .problem(.list(.lengthsDiffer(2, 1)), column: 15)),
        ("mean([])", .problem(.list(.tooFew(function: "mean", needs: 1, given: 0)), column: 1)),
        ("stdev(5)", .problem(.list(.tooFew(function: "stdev", needs: 2, given: 1)), column: 1)),
        ("var([])", .problem(.list(.tooFew(function: "var", needs: 2, given: 0)), column: 1)),
        ("min([])", .problem(.list(.tooFew(function: "min", needs: 1, given: 0)), column: 1)),
        ("[[1], 2]", .problem(.list(.nested), column: 2)), ("[1 ± 1, 2]", .problem(.list(.range), column: 2)),
        ("[1, 2] < 3", .problem(.list(.unsupported("'<'")), column: 8)),
        ("[1, 2] ± 1", .problem(.list(.unsupported("'±'")), column: 8)),
        ("[1, 2", .problem(.syntax(.bracketNeverClosed), column: 1)),
        ("[1 2]", .problem(.syntax(.commaOrBracketExpected(before: "'2'")), column: 4)),
        ("2]", .problem(.syntax(.unmatchedBracket), column: 2)), ("[1, ]", .problem(.syntax(.operandExpectedFound("']'")), column: 5)),
        ("mean([2026-01-01, 2026-01-02])", .problem(.list(.pointsWithoutSum(function: "mean")), column: 1)),
        ("sum([20 °C, 22 °C])", .problem(.list(.temperaturesWithoutSum), column: 1)),
        ("digits [1, 2]", .problem(.list(.commandArgument), column: 8)),
        ("[1, 2] kg to lb oz", .problem(.list(.unsupported("to a list of units")), column: 14)),
        ("[1, 2] kg x 2", .problem(.list(.unsupported("a multipack's x")), column: 11)),
        ("mean", .problem(.syntax(.functionWithoutParentheses("mean", synopsis: "mean(x, y, …) or mean(list)")), column: 1)),
        ("[€1, $1]", .problem(.quantity(.noRate(.named("USD")!, .named("EUR")!)), column: 6)),
        ("[2026-11-25 9:00 UTC]", .problem(.list(.unsupported("a time in a zone")), column: 2)),
        ("f(x) = x * 2; f(lab)", .problem(.list(.unsupported("f, a function of your own,")), column: 17)),
        ("solve x * lab = 3 for x", .problem(.arguments(.solve(.notANumber("a list"))), column: 7)),
    ]

    @Test("the syntax tree of a list", arguments: [
        ("[1, 2 + 3]", "[1 (+ 2 3)]"), ("[1, 2] kg", "([1 2] kg)"), ("mean([1, 2])", "(mean [1 2])"), ("[]", "[]"),
    ])
    func tree(_ line: String, _ expected: String) throws {
        #expect(try SyntaxTree.expression(StatementSource(line)).description == expected)
    }

    @Test("sum and count alone total and count the block; with something after them they are the statistic", arguments: [
        (["1", "2", "sum"], "3"), (["1", "2", "sum(1, 2)", "sum"], "6"), (["1", "2", "count"], "2"),
        (["count([1, 2, 3])"], "3"), (["lab = [1, 2]", "count lab"], "2"), (["lab = [1, 2]", "sum lab"], "3"),
        (["1", "sum (1, 2)"], "3"), (["2", "sum 5"], .problem(.arguments(.takesNoArguments("sum")), column: 5)),
        (["[1, 2]", "total"], .problem(.list(.blockFigure(command: "total")), column: 1)),
        // NAME = count keeps the block's count (a sheet's figure); in an expression count is still the unit.
        (["1", "2", "x = count"], "2"), (["5 * count"], "5 items"),
    ] as [([String], Seen)])
    func blockFigures(_ lines: [String], _ expected: Seen) {
        #expect(result(of: lines.last!, after: Array(lines.dropLast())) == expected)
    }

    @Test("a list is kept in a variable and as the last result, and goes through your functions' bodies")
    func kept() {
        #expect(result(of: "ans * 2", after: ["[1, 2]"]) == "[2, 4]")
        #expect(result(of: "mean ans", after: ["[1, 2]"]) == "1.5")
        #expect(result(of: "* 3", after: ["[1, 2]"]) == "[3, 6]")
        #expect(result(of: "f(2)", after: ["lab = [1, 2]", "f(x) = lab * x"]) == "[2, 4]")
        #expect(result(of: "lab", after: ["lab = 5", "lab = [1, 2]"]) == "[1, 2]")
        #expect(result(of: "lab", after: ["lab = [1, 2]", "lab = 5"]) == "5")
        var session = Session(keepsHistory: true)
        _ = session.run(line: "lab = [1, 2]")
        #expect(session.calculator.listVariables["lab"]?.magnitudes == [Number(1), Number(2)])
        #expect(session.calculator.variables["lab"] == nil)
        _ = session.run(line: "unset lab")
        #expect(session.calculator.listVariables.isEmpty)
        _ = session.run(line: "undo")
        #expect(session.calculator.listVariables["lab"]?.count == 2)
    }

    @Test("a list of many values reads: each value's tokens count alone, the line's length bounds the whole")
    func long() {
        let values = (1...10_000).map(String.init)
        #expect(result(of: "mean([" + values.joined(separator: ", ") + "])") == "5000.5")
        #expect(result(of: "mean(" + values.joined(separator: ", ") + ")") == "5000.5")
    }

    @Test("the mean of 100,000 values, as a column will hold them, is read in one pass")
    func hundredThousand() throws {
        var session = Session()
        session.calculator.listVariables["column"] = QuantityList(unit: CompoundUnit(UnitTable.atom(named: "kg")!),
                                                                  magnitudes: (1...100_000).map { .exact(Rational($0) / Rational(100)) })
        let results = session.run(line: "mean(column); stdev(column); median(column); sum column")
        let shown = results.map { result -> String in
            guard case .success(.value(let value, _)) = result.outcome else { return "\(result.outcome)" }
            return (value.isExact ? "" : "≈ ") + value.text
        }
        #expect(shown == ["500.005 kg", "≈ 288.676577967 kg", "500.005 kg", "50000500 kg"])
    }
}

/// A list in saved sets and the session file.
struct SavedListTests {
    @Test("lists round-trip through the file, beside variables and ranges")
    func roundTrip() throws {
        let saved = set("lab", ["lab = [1.2 kg, 1.5 kg, 1100 g]", "empty = []", "dates = [2026-01-01, 2026-03-01]",
                                "temperatures = [20 °C, 50 °F]", "roots = [sqrt(2), 1/3]", "x = 2 ± 1", "y = 3"])
        let decoded = try SavedSetsFile.decode(SavedSetsFile.encode([saved])).sets
        #expect(decoded == [saved])
        #expect(decoded[0].state.listVariables.keys.sorted() == ["dates", "empty", "lab", "roots", "temperatures"])
        #expect(decoded[0].state.contents == "7 variables")
        var fresh = Session()
        _ = fresh.recall(decoded[0])
        #expect(result(of: "mean lab", in: &fresh) == "≈ 1.26666666667 kg")
        #expect(result(of: "roots", in: &fresh) == "≈ [1.41421356237, 0.333333333333]")
    }

    @Test("a file from before lists, with a variable named as a statistic is now, still reads, and the name still works")
    func keptNames() throws {
        let crafted = CraftedSet("a variable named mean", "variables/mean", .string("5"))
        let contents = try SavedSetsFile.decode(crafted.bytes)
        #expect(contents.unreadable.isEmpty)
        var session = Session()
        _ = session.recall(try #require(contents.sets.last))
        #expect(result(of: "mean * 2", in: &session) == "10")
        #expect(result(of: "mean(1, 3)", in: &session) == "2")
    }

    @Test("a crafted list is left out with its reason", arguments: [
        ("list_variables/x", JSON.object([("unit", .string("1")), ("values", .array([.string("1")]))]), "'x' is a list and a variable or function"),
        ("list_variables/sqrt", .object([("unit", .string("1")), ("values", .array([]))]), "'sqrt' is a function and cannot be a variable name"),
        ("list_variables/l", .object([("unit", .string("1")), ("values", .string("1"))]), "values is not a list"),
        ("list_variables/l", .object([("unit", .string("1")), ("values", .array([.string("one")]))]), "a value of the list l is not a number per writes: one"),
        ("list_variables/l", .object([("unit", .object([("number", .string("1")), ("units", .array([.array([.string("date"), .number("1")])]))])),
                                       ("values", .array([.string("1/2")]))]), "a value of the list l: a date is a whole day number"),
        ("list_variables/l", .object([("unit", .object([("number", .string("1")), ("units", .array([.array([.string("°C"), .number("1")])]))])),
                                       ("values", .array([.string("-300")]))]), "a value of the list l: a temperature below absolute zero"),
        ("list_variables", .array([]), "list_variables is not an object"),
    ])
    func crafted(_ path: String, _ value: JSON, _ reason: String) throws {
        let contents = try SavedSetsFile.decode(CraftedSet("crafted", path, value).bytes)
        #expect(contents.sets.map(\.name) == ["good"])
        #expect(contents.unreadable.first?.reason.contains(reason) == true, "\(contents.unreadable.map(\.reason))")
    }
}

/// The statistics' two ways: exact values summed once with their squares, approximate ones
/// by their deviations from the mean; and their order, decided by bounds.
struct StatisticsPathTests {
    @Test("the variance of exact values equals the mean of squared deviations, on random lists")
    func varianceWays() throws {
        var generator = SeededGenerator(seed: 45)
        for _ in 0..<differentialCases(full: 500) {
            let count = 2 + generator.below(20)
            let values = (0..<count).map { _ in
                Number.exact(Rational(generator.below(20_001) - 10_000) / Rational(1 + generator.below(999)))
            }
            let mean = try Statistics.mean(values, in: .standard)
            var squares = Number(0)
            for value in values {
                let deviation = try value - mean
                squares = try squares + deviation * deviation
            }
            for population in [false, true] {
                let divisor = Number(population ? count : count - 1)
                let plain = try squares.divided(by: divisor, in: .standard)
                #expect(try Statistics.variance(values, population: population, in: .standard) == plain)
            }
            // The same values made approximate go the other way, to bounds around it.
            let approximate = values.map { Number.approximate($0.real(bits: 192)) }
            let bounds = try Statistics.variance(approximate, population: false, in: .standard).real(bits: 192)
            let exact = try squares.divided(by: Number(count - 1), in: .standard)
            #expect(bounds.lower <= exact.nearestRational && exact.nearestRational <= bounds.upper)
            // In the same order: each approximate value's bounds hold the exact one in its place.
            for (bounds, exact) in zip(try Statistics.sorted(approximate, bits: 192), try Statistics.sorted(values, bits: 192)) {
                let real = bounds.real(bits: 192)
                #expect(real.lower <= exact.nearestRational && exact.nearestRational <= real.upper)
            }
        }
    }

    @Test("approximate values too close to order are refused, never guessed")
    func tooClose() {
        let a = Number.approximate(Real(lower: Rational(1), upper: Rational(3))), b = Number.approximate(Real(lower: Rational(2), upper: Rational(4)))
        #expect(throws: ArithmeticError.tooClose("two values of the list are too close to tell apart")) {
            try Statistics.sorted([a, b], bits: 192)
        }
    }
}

/// The result of `line` in `session`, as `result(of:)` shows it.
func result(of line: String, in session: inout Session) -> Seen {
    guard let last = session.run(line: line).last else { return "<nothing>" }
    switch last.outcome {
    case .failure(let diagnostic): return Seen(diagnostic)
    case .success(.value(let value, _)), .success(.assignment(_, let value, _)): return .text((value.isExact ? "" : "≈ ") + value.text)
    case .success(let other): return .text("<not a value: \(other)>")
    }
}

/// The fast paths of lists against the plain ones they stand for, on random inputs.
struct ListFastPathTests {
    /// A random exact or approximate number: small decimals most often, and parts that
    /// outgrow a machine word, which leave the common-denominator sum.
    static func number(_ generator: inout SeededGenerator) -> Number {
        switch generator.below(6) {
        case 0: return .exact(Rational(BigInt(generator.below(1 << 30)) * BigInt(generator.below(1 << 30)) * BigInt(1 << 20),
                                        BigInt(1 + generator.below(7))))
        case 1: return .exact(Rational(generator.below(2001) - 1000) / Rational(1 + generator.below(10_000)))
        case 2: return try! Number(2 + generator.below(30)).squareRoot()
        default: return .exact(Rational(generator.below(200_001) - 100_000) / Rational([1, 10, 100, 1000][generator.below(4)]))
        }
    }

    @Test("a sum over one common denominator equals Number's sum, value by value")
    func sums() throws {
        var generator = SeededGenerator(seed: 4545)
        for _ in 0..<differentialCases(full: 2000) {
            let values = (0..<generator.below(40)).map { _ in Self.number(&generator) }
            var plain = Number(0)
            for value in values { plain = try plain.adding(value, in: .standard) }
            let fast = try Statistics.sum(values, in: .standard)
            // Exact, the same value; approximate (added in another order), bounds that
            // both hold the sum, so they meet.
            #expect(fast.isExact == plain.isExact, "\(values)")
            if fast.isExact { #expect(fast == plain, "\(values)") }
            let a = fast.real(bits: 192), b = plain.real(bits: 192)
            #expect(a.lower <= b.upper && b.lower <= a.upper, "\(values)")
        }
        // Denominators whose common multiple leaves a machine word still add exactly.
        let primes = [1_000_003, 1_000_033, 1_000_037, 1_000_039, 1_000_081].map { Number.exact(.one / Rational($0)) }
        #expect(try Statistics.sum(primes, in: .standard) == primes.dropFirst().reduce(primes[0]) { try! $0 + $1 })
    }

    @Test("a list with a plain number, element by element, equals each element's own statement")
    func elementwise() {
        var generator = SeededGenerator(seed: 45)
        let units = ["", " kg", " $", " m3/h", " per 100 g", "%", " °C", " ΔK", " kg/m2"]
        let ops = ["+", "-", "*", "/", "^", "mod"]
        for _ in 0..<differentialCases(full: 1000) {
            let unit = generator.pick(units), op = generator.pick(ops)
            let values = (0..<(1 + generator.below(5))).map { _ in String(generator.below(2001) - 1000) + "/" + String(1 + generator.below(8)) }
            let scalar = String(1 + generator.below(9)), listFirst = generator.below(2) == 0 || op == "*"
            let list = "[" + values.map { "(\($0))\(unit)" }.joined(separator: ", ") + "]"
            let together = listFirst ? "\(list) \(op) \(scalar)" : "\(scalar) \(op) \(list)"
            let apart = "[" + values.map { listFirst ? "((\($0))\(unit)) \(op) \(scalar)" : "\(scalar) \(op) ((\($0))\(unit))" }.joined(separator: ", ") + "]"
            let a = result(of: together), b = result(of: apart)
            // A refusal of one element is the whole list's, pointed at the operator.
            #expect(a == b || a.isProblem && b.isProblem, "\(together): \(a) against \(apart): \(b)")
        }
    }

    @Test("a number shown exactly is told without showing it")
    func shownExactly() {
        var generator = SeededGenerator(seed: 454)
        for _ in 0..<differentialCases(full: 5000) {
            let value = Self.number(&generator)
            for digits in [1, 12, 30] {
                #expect(NumberDisplay.isShownExactly(value, digits: digits) == NumberDisplay.display(value, digits: digits).isExact, "\(value)")
            }
        }
    }
}
