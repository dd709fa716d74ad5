import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `to fraction`, `to N dp`, … (`help formats`).
struct OutputFormatTests {
    @Test("each format, on exact and approximate values, with units", arguments: [
        ("0.75 to fraction", "3/4"), ("-6/8 to fraction", "-3/4"), ("4 to fraction", "4"),
        ("-7/4 to mixed", "-1 3/4"), ("7/4 to mixed", "1 3/4"), ("3/4 to mixed", "3/4"), ("-3/4 to mixed", "-3/4"), ("8/4 to mixed", "2"),
        ("1/3 to 4 dp", "≈ 0.3333"), ("2.5 to 0 dp", "≈ 3"), ("-2.5 to 0 dp", "≈ -3"), ("1.5 to 3 dp", "1.500"), ("0 to 2 dp", "0.00"),
        ("sqrt(2) to 20 dp", "≈ 1.41421356237309504880"),
        // Whole digits an approximate value does not know are not written out.
        ("10^5000 to 0 dp", "≈ 1e5000"), ("10^5000 to 2 dp", "≈ 1e5000"),
        ("1234567 to 3 sf", "≈ 1230000"), ("2 to 3 sf", "2"), ("0.000123456 to 2 sf", "≈ 0.00012"), ("1/3 to 30 sf", "≈ 0.333333333333333333333333333333"),
        ("1234 to sci", "1.234e3"), ("0.00025 to sci", "2.5e-4"), ("1/3 to sci", "≈ 3.33333333333e-1"), ("0 to sci", "0e0"),
        ("0.125 to %", "12.5%"), ("1/3 to %", "≈ 33.3333333333%"), ("60% to %", "60%"),
        // A chained format keeps the percentage.
        ("(0.623180821918 to %) to 1 dp", "≈ 62.3%"), ("0.125 to % to 2 dp", "12.50%"), ("(1/3 to %) to 3 sf", "≈ 33.3%"),
        ("255 to hex", "0xff"), ("-255 to hex", "-0xff"), ("8 to oct", "0o10"), ("5 to bin", "0b101"), ("0 to bin", "0b0"),
        ("2^100 to hex", "0x10000000000000000000000000"), ("2^24 to oct", "0o100000000"), ("(2^24 - 1) to bin", "0b" + String(repeating: "1", count: 24)),
        ("2.49 per 500 g to per lb to 2 dp", "≈ 2.26 per lb"), ("€2.49 per 500 g to per kg to 3 dp", "€4.980 per kg"),
        ("(1/3) kg to 2 dp to g", "≈ 333.33 g"), ("(1/3) kg to fraction", "1/3 kg"),
        ("x = 0.75 to fraction", "3/4"),
    ])
    func formats(_ input: String, _ expected: String) {
        #expect(result(of: input) == .text(expected))
    }

    /// `group on` and estimator tables: separators in whole numbers only, never in
    /// decimals, exponents, hexadecimal or unit names.
    @Test("thousands separators", arguments: [
        ("0", "0"), ("999", "999"), ("1000", "1,000"), ("-1234567", "-1,234,567"), ("1234567.891234", "1,234,567.891234"),
        ("$12345.60", "$12,345.60"), ("12345€", "12,345€"), ("1.5e12345", "1.5e12345"),
        ("1e-12345", "1e-12345"), ("0x3e418", "0x3e418"), ("0b1010101010", "0b1010101010"), ("12345678/7", "12,345,678/7"),
        ("-1 1234/5678", "-1 1,234/5,678"), ("10000 m3/h", "10,000 m3/h"), ("4.98 per 1000 g", "4.98 per 1,000 g"),
        ("0.000012345", "0.000012345"), ("1,234", "1,234"),
    ])
    func grouping(_ text: String, _ expected: String) {
        #expect(NumberDisplay.grouped(text) == expected)
    }

    @Test("refusals name the format and the reason, at its column", arguments: [
        ("sqrt(2) to fraction", .problem(.format(.needsExact(.fraction)), column: 12)),
        ("2.5 to hex", .problem(.format(.needsWholeNumber(.hex)), column: 8)),
        ("sqrt(2) to bin", .problem(.format(.needsExact(.binary)), column: 12)),
        ("500 g to %", .problem(.format(.needsPlainNumber(.percent)), column: 10)),
        ("1 to 31 dp", .problem(.format(.countOutOfRange(.decimals(31), 0...30)), column: 6)),
        ("1 to 0 sf", .problem(.format(.countOutOfRange(.significant(0), 1...30)), column: 6)),
        ("1 to 2.5 dp", .problem(.format(.countOutOfRange(.decimals(-1), 0...30)), column: 6)),
    ] as [(String, Seen)])
    func refusals(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("a word that is a unit stays the unit after to")
    func unitsWin() {
        // None of the format words is a unit today; if one becomes one, `to WORD` converts.
        for word in OutputFormat.words { #expect(UnitTable.unit(named: word) == nil, "\(word)") }
    }

    /// Properties checked on random values, so the texts are computed, not copied: a
    /// fraction or mixed number reads back as the value; `N dp` has N decimals and is
    /// within half a unit of the last one; hex, octal and binary agree with the standard
    /// library's own radix conversion.
    @Test("random values: each text reads back as its value")
    func randomRoundTrips() throws {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<2000 {
            let n = Int64(random.below(2_000_001)) - 1_000_000, d = Int64(random.below(9999) + 1)
            let r = Rational(BigInt(n), BigInt(d))
            let fraction = OutputFormat.fraction.text(of: .exact(r), digits: 12).text
            let parts = fraction.split(separator: "/").map { BigInt(decimalDigits: $0.drop { $0 == "-" }.utf8) }
            let read = Rational(parts[0], parts.count > 1 ? parts[1] : BigInt(1))
            #expect((fraction.hasPrefix("-") ? -read : read) == r, "\(n)/\(d) to fraction is \(fraction)")

            let mixed = OutputFormat.mixed.text(of: .exact(r), digits: 12).text
            let words = mixed.drop { $0 == "-" }.split(separator: " ")
            var total = Rational(0)
            for word in words {
                let pieces = word.split(separator: "/").map { BigInt(decimalDigits: $0.utf8) }
                total = total + Rational(pieces[0], pieces.count > 1 ? pieces[1] : BigInt(1))
            }
            #expect((mixed.hasPrefix("-") ? -total : total) == r, "\(n)/\(d) to mixed is \(mixed)")

            let decimals = random.below(8)
            let fixed = OutputFormat.decimals(decimals).text(of: .exact(r), digits: 12).text
            #expect(fixed.split(separator: ".").dropFirst().first?.count ?? 0 == decimals, "\(fixed)")
            let error = (Rational(decimal: fixed) - r).magnitude
            #expect(error * Rational(BigInt.powerOfTen(decimals)) * Rational(2) <= Rational(1), "\(n)/\(d) to \(decimals) dp is \(fixed)")

            for (format, radix, prefix) in [(OutputFormat.hex, 16, "0x"), (.octal, 8, "0o"), (.binary, 2, "0b")] {
                let text = format.text(of: .exact(Rational(BigInt(n), BigInt(1))), digits: 12).text
                let expected = (n < 0 ? "-" : "") + prefix + String(n.magnitude, radix: radix)
                #expect(text == expected)
            }
        }
    }
}
