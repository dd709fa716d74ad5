import Testing
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §12, "Tables fit the terminal": `digits N` keeps trailing zeros that are
/// significant (`digits 3` then `500 g to lb` is `≈ 1.10 lb`).
struct SignificantZerosTests {
    @Test("a value rounded to N digits keeps the zeros among them", arguments: [
        ("500 g to lb", 3, "≈ 1.10 lb"), ("500 g to lb", 12, "≈ 1.10231131092 lb"), ("2/1.818181", 3, "≈ 1.10"),
        ("100/99.9", 3, "≈ 1.00"), ("3000001/3", 3, "≈ 1.00e6"), ("-100/99.9", 4, "≈ -1.001"), ("-100/99.99", 3, "≈ -1.00"),
        ("ln(2)", 12, "≈ 0.693147180560"), ("sin(10^300)", 12, "≈ -0.985750425160"), ("sqrt(1.00000001)", 4, "≈ 1.000"),
        ("500 g to lb to 3 sf", 12, "≈ 1.10 lb"), ("2/1.818181 to sci", 3, "≈ 1.10e0"),
        // Nothing else changes: no zeros to keep, or the value is whole.
        ("1/3", 12, "≈ 0.333333333333"), ("1/3", 3, "≈ 0.333"), ("200/3", 3, "≈ 66.7"), ("176363/10.0001", 3, "≈ 17600"),
    ] as [(String, Int, Seen)])
    func roundedKeepsZeros(_ line: String, _ digits: Int, _ expected: Seen) {
        #expect(result(of: line, digits: digits) == expected)
    }

    @Test("exact values, and approximate ones that may be their text, show no trailing zeros", arguments: [
        ("1.5", 3, "1.5"), ("1.50", 12, "1.5"), ("2 lb to kg", 3, "0.90718474 kg"), ("1.5 to 3 sf", 12, "1.5"),
        ("exp(ln(2))", 3, "≈ 2"), ("pi/pi", 12, "≈ 1"), ("exp(ln(3))", 30, "≈ 3"), ("sin(pi/6)", 12, "≈ 0.5"),
        ("pi + 1e-70 - pi", 30, "≈ 1e-70"), ("1 + exp(-300000)", 12, "≈ 1"),
    ] as [(String, Int, Seen)])
    func mayBeItsText(_ line: String, _ digits: Int, _ expected: Seen) {
        #expect(result(of: line, digits: digits) == expected)
    }
}
