import Testing
@testable import PerCore

/// SPEC §12, "Quieter edges": a term far below the result's last digit rounds away, and a
/// value that is not 0 never shows as `≈ 0`.
struct QuieterEdgesTests {
    @Test("a term below the range rounds away in a sum; alone, or where it cannot round away, it is refused", arguments: [
        ("1 + exp(-300000)", "≈ 1"), ("1 - exp(-300000)", "≈ 1"), ("exp(-300000) + 1", "≈ 1"),
        ("1 + 2^-400000", "≈ 1"), ("1 + 1e-99999 * 1e-10", "≈ 1"), ("2 kg + exp(-300000) kg", "≈ 2 kg"),
        ("1 + exp(-300000) / 2", "≈ 1"), ("1 + exp(-300000) * 0.5", "≈ 1"),
        ("exp(-300000) * 0", "0"), ("0 / exp(-300000)", "0"),
        ("sign(exp(-300000))", "1"), ("sign(-exp(-300000))", "-1"),
        // Alone it has no digit to show, and it is never `≈ 0`.
        ("exp(-300000)", .problem(.arithmetic(.tooSmall), column: 1)),
        ("x = exp(-300000)", .problem(.arithmetic(.tooSmall), column: 5)),
        ("exp(-300000) kg", .problem(.arithmetic(.tooSmall), column: 1)),
        ("sqrt(2) * 1e-99999 / 1e10", .problem(.arithmetic(.tooSmall), column: 20)),
        // Dividing by it leaves the range; other uses cannot be computed from a bound alone.
        ("1/exp(-300000)", .problem(.arithmetic(.tooLarge), column: 2)),
        ("exp(-300000) - exp(-300000)", .problem(.arithmetic(.tooSmall), column: 14)),
        ("exp(-300000) * 2", .problem(.arithmetic(.tooSmall), column: 14)),
        ("1 + sin(exp(-300000))", .problem(.quantity(.arithmetic(.tooSmall)), column: 5)),
        ("1 + sqrt(exp(-300000))", .problem(.quantity(.arithmetic(.tooSmall)), column: 5)),
        ("1 + exp(-300000)^2", .problem(.arithmetic(.tooSmall), column: 17)),
    ] as [(String, Seen)])
    func termBelowRange(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }
}
