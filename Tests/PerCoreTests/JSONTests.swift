import Testing
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

struct JSONNumberTests {
    @Test("a number is bare only when a double reads it back as itself", arguments: [
        ("0", true), ("-0", true), ("0.000", true), ("0e999999", true), ("2.49", true), ("-3", true), ("1e-20", true),
        ("1e308", true), ("-1e308", true),
        // The greatest finite double, and the largest text that still rounds down to it.
        ("1.7976931348623157e308", true), ("1.7976931348623158e308", true),
        // Rounds up to infinity.
        ("1.7976931348623159e308", false), ("1e309", false), ("1e400", false), ("-1e400", false),
        // The least normal double, and just below it: a subnormal keeps fewer digits.
        ("2.2250738585072014e-308", true), ("2.225073858507201e-308", false),
        ("4.9e-324", false), ("1e-400", false), ("-1e-400", false),
        // No JSON number at all.
        ("", false), ("-", false), ("15%", false), ("007", false), ("1.", false), (".5", false), ("1e", false),
        ("1e+", false), ("+1", false), ("0x1F", false), ("1 ", false), ("inf", false), ("nan", false),
    ])
    func rule(_ text: String, _ isBare: Bool) {
        #expect(JSON.isDoubleNumber(text) == isBare)
    }

    @Test("the writer writes a number a double cannot hold as a string, nested or not")
    func writer() {
        let value = JSON.object([("a", .number("1e400")), ("b", .array([.number("1e-400"), .number("2.5")])), ("c", .number(7))])
        #expect(value.text() == #"{"a":"1e400","b":["1e-400",2.5],"c":7}"#)
        #expect(value.text(indent: 2) == "{\n  \"a\": \"1e400\",\n  \"b\": [\n    \"1e-400\",\n    2.5\n  ],\n  \"c\": 7\n}")
    }
}
