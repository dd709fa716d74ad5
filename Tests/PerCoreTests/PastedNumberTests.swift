import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §17 "Numbers as people paste them": `0x1F`, `0b1011` and `0o17` are whole numbers
/// (so `255 to hex` pastes back); in dot input `1,234.56`, `$1,234,567` and `1 234 567`
/// group thousands outside a function call's parentheses; what fits no rule is refused as
/// before. Expected values are worked by hand or by Python's `int(text, 0)`.
struct PastedNumberTests {
    @Test("hexadecimal, octal and binary literals are exact whole numbers", arguments: [
        ("0x1F", "31"), ("0X1f", "31"), ("0xff", "255"), ("0b1011", "11"), ("0B1011", "11"), ("0o17", "15"),
        ("0O17", "15"), ("0xFF_FF", "65535"), ("0b1010_1010", "170"), ("0o7_7", "63"), ("0x0", "0"), ("0x00ff", "255"),
        ("0xa", "10"), ("0xFFb", "4091"), ("0b0", "0"), ("-0x10", "-16"), ("0x10 + 0b1 + 0o1", "18"),
        ("2 * 0x10", "32"), ("0x10 kg", "16 kg"), ("0x10 kg to g", "16000 g"), ("0x10^2", "256"),
        // 2^80 − 1, past 64 bits.
        ("0xFFFFFFFFFFFFFFFFFFFF", "1208925819614629174706175"),
        ("0b" + String(repeating: "1", count: 70), "1180591620717411303423"),
        // What read as before: a unit after a zero, and the multipack's cross.
        ("0oz", "0 oz"), ("0bar", "0 bar"), ("6x330", "1980"), ("2 x 0x10", "32"),
    ] as [(String, Seen)])
    func radixLiterals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a result shown in hex, octal or binary reads back as the same number", arguments: [
        (255, "hex"), (8, "oct"), (11, "bin"), (123456789, "hex"), (0, "bin"),
    ])
    func pastesBack(_ value: Int, _ format: String) {
        guard case .text(let shown) = result(of: "\(value) to \(format)") else {
            Issue.record("\(value) to \(format) failed")
            return
        }
        #expect(result(of: shown) == .text(String(value)))
    }

    @Test("a hexadecimal literal thousands of digits long is bounded as a decimal one is", arguments: [
        // 16^3000 − 1 to 12 digits, from Python's decimal.
        ("0x" + String(repeating: "F", count: 3000), "≈ 2.29059320350e3612"),
        // Beyond 1e100000 (about 83,000 hexadecimal digits): too large, as 1e100001 is.
        ("0x" + String(repeating: "F", count: 90_000), .problem(.syntax(.literalOutOfRange(.tooLarge)), column: 1)),
        ("1e100001", .problem(.syntax(.literalOutOfRange(.tooLarge)), column: 1)),
    ] as [(String, Seen)])
    func longRadixLiterals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("hexadecimal, octal and binary literals that are not whole numbers are refused at their column", arguments: [
        ("0x", .problem(.syntax(.radixWithoutDigits("0x")), column: 1)),
        ("0xG", .problem(.syntax(.radixWithoutDigits("0x")), column: 1)),
        ("2 + 0X", .problem(.syntax(.radixWithoutDigits("0X")), column: 5)),
        ("0b102", .problem(.syntax(.notARadixDigit("2", base: 2)), column: 5)),
        ("0b12", .problem(.syntax(.notARadixDigit("2", base: 2)), column: 4)),
        ("0o18", .problem(.syntax(.notARadixDigit("8", base: 8)), column: 4)),
        ("0x1G", .problem(.syntax(.notARadixDigit("G", base: 16)), column: 4)),
        ("0x10kg", .problem(.syntax(.notARadixDigit("k", base: 16)), column: 5)),
        ("0b10kg", .problem(.syntax(.notARadixDigit("k", base: 2)), column: 5)),
        ("0x1.8", .problem(.syntax(.pointInRadixNumber("0x1.8")), column: 4)),
        ("1 + 0b1.1", .problem(.syntax(.pointInRadixNumber("0b1.1")), column: 8)),
        ("0o7.", .problem(.syntax(.pointInRadixNumber("0o7.")), column: 4)),
        ("0x_1", .problem(.syntax(.misplacedSeparator), column: 3)),
        ("0x1_", .problem(.syntax(.misplacedSeparator), column: 4)),
        ("0x1__2", .problem(.syntax(.misplacedSeparator), column: 4)),
    ] as [(String, Seen)])
    func radixRefusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("in comma input hexadecimal, octal and binary literals read the same", arguments: [
        ("0x1F", "31"), ("0b1011", "11"), ("0o17", "15"), ("0xFF_FF", "65535"), ("max(0x10; 0b1)", "16"),
        ("0x10 kg", "16 kg"),
        ("0x1,8", .problem(.syntax(.pointInRadixNumber("0x1,8")), column: 4)),
        ("0b102", .problem(.syntax(.notARadixDigit("2", base: 2)), column: 5)),
        ("0x", .problem(.syntax(.radixWithoutDigits("0x")), column: 1)),
    ] as [(String, Seen)])
    func radixInCommaInput(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["input comma"]) == expected)
    }

    @Test("dot input: commas and blanks group thousands in threes outside a call's parentheses", arguments: [
        ("1,234.56", "1234.56"), ("$1,234,567", "$1234567.00"), ("€1,234.50", "€1234.50"), ("1,234", "1234"),
        ("12,345", "12345"), ("123,456,789.5", "123456789.5"), ("-1,234", "-1234"), ("1,234.56 kg", "1234.56 kg"),
        ("1,234 + 1", "1235"), ("(1,234.5 + 0.5) * 2", "2470"), ("1,234€", "1234.00€"),
        ("1,234,567,890,123,456,789,012", "1234567890123456789012"),
        ("1,234,567,890,123,456,789.012", "1234567890123456789.012"),
        ("1 234 567", "1234567"), ("1\u{2009}234\u{2009}567", "1234567"), ("1\u{202F}234", "1234"),
        ("1\u{A0}234", "1234"), ("10 000 kg", "10000 kg"), ("1 234.5 * 2", "2469"), ("$1 234", "$1234.00"),
        ("max(1 234, 5)", "1234"), ("2 * 1 000", "2000"),
        // A comma inside a call's parentheses separates arguments.
        ("max(1,234)", "234"), ("max(1,234,567)", "567"), ("max(1, 234.5)", "234.5"),
    ] as [(String, Seen)])
    func grouping(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a variable and a function body read grouped thousands too")
    func groupingInDefinitions() {
        #expect(result(of: "x", after: ["x = 1 234 567"]) == "1234567")
        #expect(result(of: "x", after: ["x = 1,234.5"]) == "1234.5")
        #expect(result(of: "f(2)", after: ["f(x) = x * 1,000 + 1 000"]) == "3000")
        #expect(result(of: "f(2)", after: ["f(x) = x * 1,000 + 1 000", "input comma"]) == "3000")
    }

    @Test("what fits no grouping rule is refused as before", arguments: [
        ("1,23", .problem(.syntax(.decimalComma), column: 2)),
        ("1,2345", .problem(.syntax(.decimalComma), column: 2)),
        ("12345,678", .problem(.syntax(.decimalComma), column: 6)),
        ("1,234,56", .problem(.syntax(.decimalComma), column: 2)),
        ("1,234,5678", .problem(.syntax(.decimalComma), column: 2)),
        ("0,123", .problem(.syntax(.decimalComma), column: 2)),
        ("1_000,000", .problem(.syntax(.decimalComma), column: 6)),
        ("1.5,000", .problem(.syntax(.decimalComma), column: 4)),
        ("1 23", .problem(.syntax(.operatorExpected(before: "'23'")), column: 3)),
        ("1 2345", .problem(.syntax(.operatorExpected(before: "'2345'")), column: 3)),
        ("1 234 5", .problem(.syntax(.operatorExpected(before: "'234'")), column: 3)),
        ("1  234", .problem(.syntax(.operatorExpected(before: "'234'")), column: 4)),
        ("1234 567", .problem(.syntax(.operatorExpected(before: "'567'")), column: 6)),
        ("0 123", .problem(.syntax(.operatorExpected(before: "'123'")), column: 3)),
        ("1,234 567", .problem(.syntax(.operatorExpected(before: "'567'")), column: 7)),
        ("1 234,567", .problem(.syntax(.decimalComma), column: 6)),
        ("1\u{2009}23", .problem(.syntax(.operatorExpected(before: "'23'")), column: 3)),
    ] as [(String, Seen)])
    func notGrouped(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a grouped number with a point in a call's parentheses reads two ways and is refused", arguments: [
        ("max(1,234.5, 2)", .problem(.syntax(.groupingInArguments("1,234.5", arguments: ["1", "234.5"])), column: 5)),
        ("max(1,234.5)", .problem(.syntax(.groupingInArguments("1,234.5", arguments: ["1", "234.5"])), column: 5)),
        ("round(1,234,567.25, 1)",
         .problem(.syntax(.groupingInArguments("1,234,567.25", arguments: ["1", "234", "567.25"])), column: 7)),
        ("max($1,234.50, $2)", .problem(.syntax(.groupingInArguments("$1,234.50", arguments: ["$1", "234.50"])), column: 5)),
        ("max((1,234), 2)", .problem(.syntax(.operatorOrClosingExpected(before: "','")), column: 7)),
    ] as [(String, Seen)])
    func groupingInArguments(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("in a command's arguments a blank separates them: a comma or a thin space groups, a space does not", arguments: [
        ("explain add 2 500 g Pasta", "add reads: price 2.00, quantity 500 g, name 'Pasta'"),
        ("explain add 1,234.50 1 kg Rice", "add reads: price 1234.50, quantity 1 kg, name 'Rice'"),
        ("explain add 3.99 1,500 g Rice", "add reads: price 3.99, quantity 1500 g, name 'Rice'"),
        ("explain add 2 1\u{2009}000 g Rice", "add reads: price 2.00, quantity 1000 g, name 'Rice'"),
        ("explain add 1,99 1 kg Rice", "problem: the decimal point is '.': write 1.99, or set input comma for a decimal comma"),
    ])
    func commandArguments(_ line: String, _ expected: String) {
        var session = Session()
        switch session.run(line: line).last?.outcome {
        case .success(.explanation(let lines)): #expect(lines == [expected])
        case .failure(let diagnostic): #expect("problem: \(diagnostic.message)" == expected)
        default: Issue.record("\(line): no explanation")
        }
    }

    @Test("comma input: blanks group thousands as in dot input", arguments: [
        ("1 234,5", "1234.5"), ("1\u{2009}234\u{2009}567,25", "1234567.25"), ("max(1 234; 2)", "1234"),
        ("1 234.567", .problem(.syntax(.numberRunOn("1 234.567")), column: 1)),
    ] as [(String, Seen)])
    func blankGroupsInCommaInput(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["input comma"]) == expected)
    }
}
