import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import PerNumbers

/// Fast paths against the plain ones, on random inputs: each must give exactly what the
/// path it shortens gives. (The ranking's in-place sort is checked against a stable sort
/// in `RankingTests`.)
struct FastPathTests {
    /// Lines of the pieces statements are made of, with and without `;`, `#` and quotes,
    /// ASCII and not, blanks around.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        let pieces = ["x", " = ", "1", "2.5", " + ", "add 2.49 500 g Pâtes", "€3", "×", "−", "中文", "  ", "\t", "sqrt(2)",
                      "Joe's", "\"a;b\"", "'q'", ";", "#", "#2", "remove #2", " ; ", "🍝", "e\u{301}", "\u{7}", ""]
        return (0..<count).map { _ in (0..<random.below(8)).map { _ in random.pick(pieces) }.joined() }
    }

    static func described(_ statements: StatementSource.Statements) -> [String] {
        statements.map { "\($0.offset):\($0.text)" }
    }

    @Test("the line splitter's one-statement fast path gives what the full pass gives, 5,000 random lines")
    func lineSplitter() {
        var storage: [Unicode.Scalar] = []
        for line in Self.lines(count: 5000, seed: 25) {
            let fast = Self.described(StatementSource.statements(in: line, reusing: &storage))
            // A `;` at the end sends the line through the full pass and adds only an empty
            // statement, which is dropped.
            let full = Self.described(StatementSource.statements(in: line + ";"))
            #expect(fast == full, "\(line.debugDescription)")
            // Read from its bytes, as a script's lines are, the line splits the same way.
            let bytes = Array(line.utf8)
            #expect(Self.described(StatementSource.statements(inUTF8: bytes[...], reusing: &storage)) == full,
                    "\(line.debugDescription)")
        }
    }

    @Test("the lexer's machine-integer reading of a decimal gives what the general reading gives, 20,000 random numbers")
    func lexerNumbers() {
        var random = SeededGenerator(seed: 27)
        for _ in 0..<20_000 {
            // Up to 18 digits (the most a machine integer takes here), any number of them
            // after the point, trailing zeros and 2s and 5s that cancel included.
            let count = 1 + random.below(18)
            var digits = (0..<count).map { _ in UInt8(ascii: "0") + UInt8(random.below(10)) }
            if random.below(4) == 0 { digits[digits.count - 1] = UInt8(ascii: random.pick(["0", "5"])) }
            let decimals = random.below(count + 1)
            let mantissa = Int64(String(decoding: digits, as: UTF8.self))!
            let general = Lexer.literalValue(digits: digits, scale: -decimals, bits: EvaluationContext.standardPrecision)
            #expect(general == .success(.exact(Rational.decimal(mantissa, decimals: decimals))),
                    "\(String(decoding: digits, as: UTF8.self)) with \(decimals) decimals")
        }
    }

    /// Every scalar whose letterhood is read from its code (ASCII, Latin-1, the currency
    /// symbols, arrows and mathematical operators), and those around them, against the
    /// Unicode property.
    @Test("a letter known by its code is a letter by Unicode's Alphabetic property, 1,425 scalars")
    func letters() {
        let ranges: [ClosedRange<UInt32>] = [0...0x2FF, 0x2070...0x20FF, 0x2100...0x2300]
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Lexer.isLetter(scalar) == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
        }
    }
}
