import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

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

    @Test("bounds that are exactly 0 are ≈ 0, not taken for a value below the range whose sign was lost")
    func boundsAtZero() throws {
        let zero = Real(lower: .zero, upper: .zero)
        #expect(try Number.checked(zero) == .approximate(zero))
    }

    @Test("a value per cannot tell from 0 gets the bits to show its leading digits", arguments: [
        ("pi + 1e-70 - pi", 30, "≈ 1e-70"), ("pi + 1e-70 - pi", 12, "≈ 1e-70"), ("pi - 1e-70 - pi", 12, "≈ -1e-70"),
        ("x = pi + 1e-70 - pi", 12, "≈ 1e-70"), ("(pi + 1e-70 - pi) * 1e70", 30, "≈ 1"),
        ("sqrt(2) + 1e-100 - sqrt(2)", 12, "≈ 1e-100"), ("e + 3e-200 - e", 12, "≈ 3e-200"),
        ("pi + 1e-500 - pi", 12, "≈ 1e-500"), ("ln(2) * (pi + 2e-70 - pi)", 12, "≈ 1.38629436112e-70"),
        // Lost in rounding at first, shown with more bits (mpmath at 400 digits:
        // 0.0384483941665967696467684656740135…).
        ("sin(sqrt(2)*1e100)", 30, "≈ 0.0384483941665967696467684656740"),
        // A value that is 0 stays `≈ 0`: per cannot tell it from 0 at any precision.
        ("sin(pi)", 12, "≈ 0"), ("pi - pi", 30, "≈ 0"), ("sin(pi) + 1e-70 - 1e-70", 12, "≈ 0"),
    ] as [(String, Int, Seen)])
    func moreBitsNearZero(_ line: String, _ digits: Int, _ expected: Seen) {
        #expect(result(of: line, digits: digits) == expected)
    }

    @Test("the value computed with more bits is the one kept: ans shows the same digits")
    func keptWithMoreBits() {
        #expect(result(of: "ans * 1e70", after: ["pi + 1e-70 - pi"]) == "≈ 1")
        #expect(result(of: "ans", after: ["y = pi + 1e-70 - pi"]) == "≈ 1e-70")
    }

    @Test("what more bits still cannot tell from 0 stays refused", arguments: [
        "sin(1e100*pi)", "(pi - 355/113)*1e40 + (355/113 - pi)*1e40",
    ])
    func lostStaysRefused(_ line: String) {
        guard case .problem(let problem, _) = result(of: line) else {
            Issue.record("\(line) did not fail")
            return
        }
        #expect(problem.code == .precisionLost)
    }
}
