import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §12 "Decimal comma": `input comma` reads `1,5`, `1.234,5` and `round(2,345; 2)`,
/// refuses what reads two ways, and shows results so they paste back.
struct CommaInputTests {
    @Test("comma input: what it reads and what it refuses", arguments: [
        ("1,5 + 2,3", "3.8"), ("round(2,345; 2)", "2.35"), ("1.234,5", "1234.5"), ("1.234.567", "1234567"),
        ("1.234.567,25 * 2", "2469134.5"), (",5 + 1", "1.5"), ("$21,64 * 3", "$64.92"), ("21,64€", "21.64€"),
        ("1,5e3", "1500"), ("2,5 kg to g", "2500 g"), ("max(1; 2,5; -3)", "2.5"), ("12,5% of 80", "10"),
        ("1_000,5", "1000.5"), ("x = 1,5", "1.5"),
        ("EUR 2,49", "2.49 EUR"), ("EUR 1.234,50 * 2", "2469.00 EUR"),
        ("1.234", .problem(.syntax(.groupingReadsTwoWays("1.234")), column: 1)),
        ("2 * 12.345", .problem(.syntax(.groupingReadsTwoWays("12.345")), column: 5)),
        ("1.5", .problem(.syntax(.pointInCommaInput("1.5")), column: 1)),
        ("1.2345,6", .problem(.syntax(.pointInCommaInput("1.2345,6")), column: 1)),
        ("0.123,4", .problem(.syntax(.pointInCommaInput("0.123,4")), column: 1)),
        (".5", .problem(.syntax(.pointInCommaInput(".5")), column: 1)),
        ("max(1, 2)", .problem(.syntax(.commaInCommaInput), column: 6)),
        ("1,5,3", .problem(.syntax(.numberRunOn("1,5,3")), column: 1)),
    ] as [(String, Seen)])
    func commaInput(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["input comma"]) == expected)
    }

    @Test("dot input names comma input where a comma or ';' was meant", arguments: [
        ("1,5", .problem(.syntax(.decimalComma), column: 2)),
        ("round(2.345; 2)", .problem(.syntax(.semicolonInDotInput), column: 12)),
        ("round(2.345, 2)", "2.35"), ("1.234", "1.234"),
    ] as [(String, Seen)])
    func dotInput(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
        #expect(result(of: line, after: ["input comma", "input dot"]) == expected)
    }

    @Test("a ';' in parentheses separates arguments, not statements, unless they never close")
    func statements() {
        #expect(StatementSource.statements(in: "round(2,345; 2); 1 + 1").map(\.text) == ["round(2,345; 2)", "1 + 1"])
        #expect(StatementSource.statements(in: "max(1; 2").map(\.text) == ["max(1", "2"])
        #expect(StatementSource.statements(in: "x = 2; f(a; b) = a; \"(;\"").map(\.text) == ["x = 2", "f(a; b) = a", "\"(;\""])
    }

    @Test("results shown in comma input paste back", arguments: [
        ("3.8", false, "3,8"), ("1234567.891", true, "1.234.567,891"), ("1234567.891", false, "1234567,891"),
        ("10,444.44", false, "10.444,44"), ("1.5e12345", false, "1,5e12345"), ("$21.64", false, "$21,64"),
        ("-0.25 kg", false, "-0,25 kg"), ("boiler.steam", false, "boiler.steam"), ("150 m3/h", true, "150 m3/h"),
        ("1/3", false, "1/3"), ("12,345", true, "12.345"),
    ])
    func shown(_ text: String, _ grouping: Bool, _ expected: String) {
        #expect(NumberDisplay.localized(text, grouping: grouping, notation: .comma) == expected)
        #expect(NumberDisplay.localized(text, grouping: false, notation: .dot) == text)
    }

    @Test("a function's body is kept in dot input, so it reads the same after input dot")
    func functionBodies() {
        #expect(result(of: "f(2; 4)", after: ["input comma", "f(x; y) = x * 1,5 + max(y; 0,5)"]) == "7")
        #expect(result(of: "f(2, 4)", after: ["input comma", "f(x; y) = x * 1,5 + max(y; 0,5)", "input dot"]) == "7")
        #expect(result(of: "f(x) = x * 1.234,5", after: ["input comma"]) == "f(x) = x * 1_234.5")
        #expect(result(of: "f(x) = x * 1.5", after: ["input comma"]) == .problem(.syntax(.pointInCommaInput("1.5")), column: 12))
        #expect(try! InputNotation.dot.rewritten(StatementSource("x * 1_234.5 + max(y, 0.5)"), for: .comma).text
                == "x * 1_234,5 + max(y; 0,5)")
    }

    @Test("the setting is kept in saved sets; a set from before it reads as dot input")
    func kept() throws {
        var made = Session()
        _ = made.run(line: "input comma")
        let written = SavedSetsFile.encode([SavedSet(name: "eu", savedAt: "2026-11-26T10:00:00+0000", state: made.state, headline: nil)])
        var recalled = Session()
        _ = recalled.recall(try SavedSetsFile.decode(written).sets[0])
        #expect(recalled.calculator.input == .comma)
        #expect(recalled.run(line: "1,5 * 2").map(\.outcome) == made.run(line: "1,5 * 2").map(\.outcome))
        let old = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\"input\"", with: "\"input_unknown\"")
        #expect(try SavedSetsFile.decode(Array(old.utf8)).sets.first?.state.input == .dot)
        let wrong = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\"comma\"", with: "\"semicolon\"")
        #expect(try SavedSetsFile.decode(Array(wrong.utf8)).unreadable.map(\.reason) == ["input is not \"dot\" or \"comma\""])
    }

    /// A random expression written both ways: numbers with a point and with a comma (dots
    /// grouping thousands in some), function arguments separated by `,` and by `;`.
    private struct Pair {
        var dot: String
        var comma: String
    }

    private static func number(_ generator: inout SeededGenerator) -> Pair {
        let whole = String(generator.pick([0, 1, 12, 999, 1000, 12_345, 1_234_567, 99_000_001, generator.below(100_000_000)]))
        let decimals = generator.below(3) == 0 ? "" : String(generator.below(10_000))
        var grouped = ""
        for (index, digit) in whole.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(".") }
            grouped.append(digit)
        }
        grouped = String(grouped.reversed())
        // Grouping dots only where they cannot read two ways: before a comma, or two of them.
        let groups = grouped.filter { $0 == "." }.count
        let useGroups = generator.below(2) == 0 && (groups >= 2 || (groups == 1 && !decimals.isEmpty))
        let currency = generator.below(6) == 0 ? "$" : ""
        return Pair(dot: currency + whole + (decimals.isEmpty ? "" : "." + decimals),
                    comma: currency + (useGroups ? grouped : whole) + (decimals.isEmpty ? "" : "," + decimals))
    }

    private static func expression(_ generator: inout SeededGenerator, depth: Int) -> Pair {
        guard depth > 0 else { return number(&generator) }
        switch generator.below(6) {
        case 0, 1:
            let a = expression(&generator, depth: depth - 1), b = expression(&generator, depth: depth - 1)
            let op = generator.pick([" + ", " - ", " * ", " / "])
            return Pair(dot: "(" + a.dot + op + b.dot + ")", comma: "(" + a.comma + op + b.comma + ")")
        case 2:
            let a = expression(&generator, depth: depth - 1), b = expression(&generator, depth: depth - 1)
            let name = generator.pick(["max", "min"])
            return Pair(dot: "\(name)(\(a.dot), \(b.dot))", comma: "\(name)(\(a.comma); \(b.comma))")
        case 3:
            let a = expression(&generator, depth: depth - 1), places = generator.below(4)
            return Pair(dot: "round(\(a.dot), \(places))", comma: "round(\(a.comma);\(places))")
        case 4:
            let a = expression(&generator, depth: depth - 1)
            return Pair(dot: "-" + a.dot, comma: "-" + a.comma)
        default:
            let a = number(&generator)
            return Pair(dot: a.dot + "%", comma: a.comma + "%")
        }
    }

    /// What a statement showed, without the column of a failure: grouping dots move them.
    private static func shown(_ results: [StatementResult]) -> String {
        switch results.last?.outcome {
        case .success(.value(let value, _)): return (value.isExact ? "" : "≈ ") + value.text
        case .failure(let diagnostic): return "problem: \(diagnostic.problem)"
        default: return "<other>"
        }
    }

    @Test("2,000 random expressions: comma input gives what dot input gives, and its text pastes back")
    func againstDotInput() {
        var generator = SeededGenerator(seed: 26)
        var dot = Session(), comma = Session()
        _ = comma.run(line: "input comma")
        var pasted = 0
        for _ in 0..<differentialCases(full: 2000) {
            let pair = Self.expression(&generator, depth: 1 + generator.below(3))
            let expected = Self.shown(dot.run(line: pair.dot))
            #expect(Self.shown(comma.run(line: pair.comma)) == expected, "\(pair.comma) against \(pair.dot)")
            // The text comma input shows, typed back in comma input, is the value shown.
            // A number, money or a percentage (`1/$`, from money divided, is no input).
            guard !expected.hasPrefix("problem"), !expected.contains("e"), !expected.contains("/") else { continue }
            let text = expected.hasPrefix("≈ ") ? String(expected.dropFirst(2)) : expected
            // A rounded text keeps its significant trailing zeros; typed back it is exact.
            func value(_ text: String) -> String {
                guard text.contains(".") else { return text }
                let digits = text.prefix { $0 != " " && $0 != "%" }
                var trimmed = String(digits)
                while trimmed.hasSuffix("0") { trimmed.removeLast() }
                if trimmed.hasSuffix(".") { trimmed.removeLast() }
                return trimmed + text.dropFirst(digits.count)
            }
            let back = Self.shown(comma.run(line: NumberDisplay.localized(text, grouping: false, notation: .comma)))
            #expect(value(back) == value(text), "\(pair.dot): \(text) shown as \(NumberDisplay.localized(text, grouping: false, notation: .comma))")
            pasted += 1
        }
        #expect(pasted > differentialCases(full: 2000) / 2)
    }
}
