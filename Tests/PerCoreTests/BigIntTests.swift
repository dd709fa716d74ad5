import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Parses a decimal with an optional leading minus, for readable test tables.
func big(_ text: String) -> BigInt {
    let negative = text.hasPrefix("-")
    let value = BigInt(decimalDigits: Array(text.utf8.drop(while: { $0 == UInt8(ascii: "-") })))
    return negative ? -value : value
}

struct BigIntTests {
    @Test("decimal text round-trips", arguments: [
        "0", "7", "-7", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "1267650600228229401496703205376",
        "-121932631137021795226185032733622923332237463801111263526900",
    ])
    func decimalRoundTrip(_ text: String) {
        #expect(big(text).description == text)
    }

    @Test("values that fit in Int64 stay inline", arguments: [
        ("9223372036854775807", true), ("-9223372036854775808", true), ("9223372036854775808", false),
    ])
    func inlineStorage(_ text: String, _ inline: Bool) {
        #expect((big(text).int64Value != nil) == inline)
    }

    @Test("arithmetic", arguments: [
        ("123456789012345678901234567890", "*", "987654321098765432109876543210",
         "121932631137021795226185032733622923332237463801111263526900"),
        ("9223372036854775807", "+", "1", "9223372036854775808"),
        ("-9223372036854775808", "-", "1", "-9223372036854775809"),
        ("9223372036854775808", "-", "1", "9223372036854775807"),
        ("18446744073709551616", "-", "18446744073709551616", "0"),
        ("-18446744073709551616", "+", "18446744073709551617", "1"),
        ("4294967296", "*", "4294967296", "18446744073709551616"),
        ("-9223372036854775808", "*", "-1", "9223372036854775808"),
        ("100000000000000000000", "/", "100000000000000000001", "0"),
        ("10000000000000000000000000000000000000000", "/", "100000000000000000001", "99999999999999999999"),
        ("10000000000000000000000000000000000000000", "%", "100000000000000000001", "1"),
        ("-1361129467683753853853498429727072845824", "/", "97", "-14032262553440761379932973502340957173"),
        ("-1361129467683753853853498429727072845824", "%", "97", "-43"),
        ("1606938044258990275541962092341162602522202993782792835313721", "/", "717897987691852588770256",
         "2238393297946874000179396464450271977"),
        ("1606938044258990275541962092341162602522202993782792835313721", "%", "717897987691852588770256",
         "541240827069857667397609"),
        ("-9223372036854775808", "/", "-1", "9223372036854775808"),
    ])
    func arithmetic(_ a: String, _ op: String, _ b: String, _ expected: String) {
        let x = big(a), y = big(b)
        let result: BigInt
        switch op {
        case "+": result = x + y
        case "-": result = x - y
        case "*": result = x * y
        case "/": result = x / y
        default: result = x % y
        }
        #expect(result == big(expected))
    }

    @Test("division identity a = q·b + r with |r| < |b| over mixed sizes")
    func divisionIdentity() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let a = generator.bigInt(limbs: Int(generator.next() % 8))
            var b = generator.bigInt(limbs: 1 + Int(generator.next() % 5))
            if b.isZero { b = .one }
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            #expect(q * b + r == a)
            #expect(r.magnitude < b.magnitude)
            #expect(r.isZero || r.isNegative == a.isNegative)
        }
    }

    @Test("powers, gcd, square roots and shifts")
    func helpers() {
        #expect(BigInt(2).power(100) == big("1267650600228229401496703205376"))
        #expect(BigInt(2).power(64) == BigInt.one.shiftedLeft(64))
        #expect(BigInt.gcd(BigInt(2).power(100) * BigInt(3).power(20), BigInt(2).power(70) * BigInt(3).power(40) * 5)
            == big("4116468447068778161879881089024"))
        #expect(BigInt.gcd(-12, 18) == 6)
        #expect(big("200000000000000000000000000000000000000000000000000").squareRoot()
            == big("14142135623730950488016887"))
        #expect(BigInt(99).squareRoot() == 9)
        #expect(BigInt.powerOfTen(25).squareRoot() == big("3162277660168"))
        #expect(big("-18446744073709551616").shiftedRight(60) == -16)
        #expect(BigInt(1).shiftedLeft(200).trailingZeroBitCount == 200)
        #expect(BigInt(1).shiftedLeft(200).bitWidth == 201)
    }

    @Test("conversion to Double", arguments: [
        ("0", 0.0), ("9007199254740993", 9007199254740992.0), ("-18446744073709551616", -18446744073709551616.0),
        ("1267650600228229401496703205376", 1.2676506002282294e30),
    ])
    func doubleValue(_ text: String, _ expected: Double) {
        #expect(big(text).doubleValue == expected)
    }

    /// Lehmer's gcd against Euclid's plain remainders, written here apart from the code
    /// under test: random sizes up to 4,200 bits, with common factors, equal and
    /// consecutive Fibonacci numbers (the longest run of quotients 1).
    @Test("gcd agrees with Euclid's algorithm on 1,500 pairs")
    func gcdAgreesWithEuclid() {
        func euclid(_ a: BigInt, _ b: BigInt) -> BigInt {
            var (x, y) = (a.magnitude, b.magnitude)
            while !y.isZero { (x, y) = (y, x % y) }
            return x
        }
        var generator = SeededGenerator(seed: 7)
        var pairs: [(BigInt, BigInt)] = []
        for _ in 0..<1_500 {
            let common = generator.bigInt(limbs: Int(generator.next() % 40))
            let a = generator.bigInt(limbs: Int(generator.next() % 100)), b = generator.bigInt(limbs: Int(generator.next() % 100))
            pairs.append(common.isZero ? (a, b) : (a * common, b * common))
        }
        var (f0, f1) = (BigInt.one, BigInt.one)
        for _ in 0..<3_000 { (f0, f1) = (f1, f0 + f1) }
        pairs += [(f1, f0), (f0, f1), (f1 * 6, f0 * 9), (f1, f1), (f1, .zero), (.zero, f1)]
        for (a, b) in pairs {
            #expect(BigInt.gcd(a, b) == euclid(a, b), "gcd(\(a), \(b))")
        }
    }

    /// The machine-word gcd against Euclid's remainders: sizes from 1 to 64 bits each, so
    /// pairs of any size difference, with shared factors, zeros and equal values.
    @Test("the 64-bit gcd agrees with Euclid's algorithm on 20,000 pairs")
    func machineGCDAgreesWithEuclid() {
        func euclid(_ a: UInt64, _ b: UInt64) -> UInt64 {
            var (x, y) = (a, b)
            while y != 0 { (x, y) = (y, x % y) }
            return x
        }
        var generator = SeededGenerator(seed: 64)
        var pairs: [(UInt64, UInt64)] = [(0, 0), (0, 7), (7, 0), (1, .max), (.max, .max), (1 << 63, 1 << 20), (100, 12_345_600)]
        for _ in 0..<20_000 {
            let common = generator.next() % 4 == 0 ? generator.next() >> 48 | 1 : 1
            let a = (generator.next() >> (generator.next() % 64)) / common * common
            let b = (generator.next() >> (generator.next() % 64)) / common * common
            pairs.append((a, b))
        }
        for (a, b) in pairs {
            #expect(BigInt.binaryGCD(a, b) == euclid(a, b), "gcd(\(a), \(b))")
        }
    }

    @Test("ordering")
    func ordering() {
        let sorted = ["-18446744073709551617", "-18446744073709551616", "-5", "0", "3", "18446744073709551616"].map(big)
        #expect(sorted == sorted.shuffled().sorted())
    }
}

extension SeededGenerator {
    /// A BigInt of `limbs` random 32-bit limbs, with a random sign.
    mutating func bigInt(limbs: Int) -> BigInt {
        var value = BigInt.zero
        for _ in 0..<limbs { value = value.shiftedLeft(32) + BigInt(Int64(next() >> 32)) }
        return next() & 1 == 0 ? value : -value
    }
}
