import Testing
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §13: `<`, `<=`, `>`, `>=`, `==`, `!=` compare two values of one dimension —
/// numbers, quantities, money, dates — at the lowest precedence, and print true or false;
/// approximate values too close to call and two dimensions are refused.
struct ComparisonTests {
    @Test("comparisons", arguments: [
        ("1 < 2", "true"), ("2 <= 2", "true"), ("3 > 4", "false"), ("3 >= 3", "true"), ("1 != 1", "false"), ("1 == 1", "true"),
        ("0.1 + 0.2 == 0.3", "true"), ("500 g < 1 lb", "false"), ("1 lb > 450 g", "true"), ("kg == 1000 g", "true"),
        ("2026-01-01 < 2026-02-01", "true"), ("2026-03-01 - 2026-01-01 == 59 days", "true"), ("2026-01-01 + 1 month == 2026-02-01", "true"),
        ("$5 < 6", "true"), ("$2.49 * 3 == $7.47", "true"), ("50% == 0.5", "true"), ("10% < 0.2", "true"),
        ("20 °C < 70 °F", "true"), ("pi == 355/113", "false"), ("pi < 22/7", "true"), ("3! == 6", "true"), ("3!=6", "true"),
        ("1 + 1 == 2 to fraction", "true"), ("2 * 3 kg > 5 kg", "true"),
    ] as [(String, Seen)])
    func examples(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a variable compared with ==: not read as an assignment")
    func variableEquals() {
        #expect(result(of: "x == 2", after: ["x = 2"]) == "true")
        #expect(result(of: "kg == 2", after: ["kg = 2"]) == "true")
    }

    @Test("refusals", arguments: [
        ("1 kg < 1 l", .problem(.quantity(.mismatch(operation: "compare", .mass, .volume)), column: 6)),
        ("exp(1) == e", .problem(.quantity(.arithmetic(.tooClose("the two values are too close to call == with the digits known"))), column: 8)),
        ("1 < 2 < 3", .problem(.syntax(.chainedComparison), column: 7)),
        ("(1 < 2) + 1", .problem(.syntax(.comparisonInside), column: 4)),
        ("2026-01-01 < 30 days", .problem(.quantity(.date(.comparedWithAmount)), column: 12)),
        ("€1 < $1", .problem(.quantity(.noRate(CurrencyCode.withSymbol("$")!, CurrencyCode.withSymbol("€")!)), column: 4)),
        ("1 <", .problem(.syntax(.operandExpected(after: "'<'")), column: 4)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }
}
