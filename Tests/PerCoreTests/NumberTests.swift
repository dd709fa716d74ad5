import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// An approximate value between two decimals.
func approximate(_ lower: String, _ upper: String) -> Number {
    .approximate(Real(lower: Rational(decimal: lower), upper: Rational(decimal: upper)))
}

struct DisplayTests {
    @Test("exact and rounded display", arguments: [
        (Number.exact(Rational(BigInt(1), BigInt(8))), 12, "0.125", true),
        (.exact(Rational(-7)), 12, "-7", true),
        (.exact(Rational(BigInt(1), BigInt(3))), 12, "0.333333333333", false),
        (.exact(Rational(BigInt(-2), BigInt(3))), 4, "-0.6667", false),
        (.exact(Rational(BigInt(999_999), BigInt(1))), 3, "999999", true),
        (.exact(Rational(BigInt(9_999_999), BigInt(7))), 3, "1.43e6", false),
        // Exact values print in full up to 100 significant digits, then rounded.
        (.exact(Rational(BigInt(2).power(200))), 15, "1606938044258990275541962092341162602522202993782792835301376", true),
        (.exact(Rational(BigInt(2).power(400))), 15, "2.58224987808691e120", false),
        (.exact(Rational(BigInt(2).power(332))), 12, String(BigInt(2).power(332).decimalDigits), true),
        (.exact(Rational(BigInt(2).power(336))), 12, "1.39984046386e101", false),
        (.exact(Rational(BigInt(1), BigInt(2).power(60))), 12, "8.67361737988403547205962240695953369140625e-19", true),
        (.exact(Rational(BigInt(1), BigInt(3).power(30))), 5, "4.8569e-15", false),
        (.exact(Rational(BigInt(95), BigInt(1000))), 1, "0.095", true),
        (.exact(Rational(BigInt(19), BigInt(200) * BigInt(3))), 1, "0.03", false),
        (.exact(Rational(BigInt(2), BigInt(3))), 1, "0.7", false),
        // Bounds that agree on 16 digits show 16, however many are asked for.
        (approximate("0.29999999999999999", "0.30000000000000001"), 30, "0.3", false),
        (approximate("0.29999999999999999", "0.30000000000000001"), 12, "0.3", false),
        (approximate("0.123456789", "0.123457"), 12, "0.123457", false),
        // Bounds around 0 know no digit: ≈ 0, never noise such as 4.44e-16.
        (approximate("-0.000000000000000444", "0.000000000000000444"), 12, "0", false),
        (approximate("-1", "2"), 12, "0", false),
        (.approximate(Real(lower: Rational(BigInt(1), BigInt(10).power(300)), upper: Rational(BigInt(1), BigInt(10).power(300)))), 12, "1e-300", false),
        (approximate("123456.789", "123456.789"), 12, "123456.789", false),
        (approximate("0.000123", "0.000123"), 12, "0.000123", false),
        // Rounded to 3 digits, zeros and all: the value is known not to be 1e6.
        (approximate("999999.99999999", "999999.99999999"), 3, "1.00e6", false),
        // A tie straddled only by the bounds' own width shows the midpoint rounded.
        (approximate("1.4999999999999999999999999999999999999999999999", "1.5000000000000000000000000000000000000000000001"), 1, "2", false),
    ])
    func display(_ number: Number, _ digits: Int, _ text: String, _ isExact: Bool) {
        #expect(NumberDisplay.display(number, digits: digits) == DisplayedNumber(text: text, isExact: isExact))
    }
}

struct NumberTests {
    @Test("fixed decimals and unit prices agree between machine and big-integer arithmetic")
    func fixedFastPath() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<3000 {
            let n = Int64(bitPattern: generator.next() >> UInt64(generator.next() % 60 + 4)) * (generator.next() % 2 == 0 ? 1 : -1)
            let d = Int64(bitPattern: generator.next() >> UInt64(generator.next() % 60 + 4)) + 1
            let r = Rational(BigInt(n), BigInt(d))
            let decimals = Int(generator.next() % 12)
            let big = Rational(r.numerator * BigInt(1).shiftedLeft(70), r.denominator * BigInt(1).shiftedLeft(70))
            #expect(NumberDisplay.fixed(r, decimals: decimals)?.text == NumberDisplay.fixedGeneral(big, decimals: decimals).text, "\(n)/\(d)")
            if !r.isZero {
                let (digits, exponent) = NumberDisplay.roundSignificant(r.magnitude, 3)
                // Fixed decimals from 1e-6 to 1e17; beyond, 3 significant digits in e notation.
                let three = digits + String(repeating: "0", count: 3 - digits.count)
                let mantissa = String(three.prefix(1)) + "." + three.dropFirst()
                let expected = exponent < -6 || exponent >= 17
                    ? (r.isNegative ? "-" : "") + mantissa + "e\(exponent)"
                    : NumberDisplay.fixedGeneral(r, decimals: max(2, 2 - exponent)).text
                #expect(NumberDisplay.unitPrice(.exact(r)) == expected, "\(n)/\(d)")
            }
        }
    }

    @Test("the machine-integer display agrees with the big-integer one")
    func displayFastPath() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<5000 {
            let numeratorBits = Int(generator.next() % 62) + 1, denominatorBits = Int(generator.next() % 58) + 1
            var n = Int64(bitPattern: generator.next() >> UInt64(64 - numeratorBits))
            if round % 3 == 0 { n = -n }
            var d = Int64(bitPattern: generator.next() >> UInt64(64 - denominatorBits))
            if round % 5 == 0 { d = Int64([1, 2, 4, 5, 8, 10, 16, 20, 25, 100, 1000, 1024, 3125][round % 13]) }
            guard n != 0, d > 0 else { continue }
            let r = Rational(BigInt(n), BigInt(d))
            guard let small = r.numerator.int64Value, let large = r.denominator.int64Value else { continue }
            let digits = Int(generator.next() % 30) + 1
            let fast = NumberDisplay.displayMachineFraction(small, large, digits: digits)
            #expect(fast == nil || fast == NumberDisplay.displayExact(r, digits: digits), "\(n)/\(d) to \(digits) digits")
        }
        // Rounding that carries through every digit shown (9.9995 to 3 digits is 10), and
        // integer parts of up to 19 digits beside the fraction's.
        let edges: [(Int64, Int64, Int)] = [(19_999, 2_000, 3), (99_999, 100_001, 4), (-29_999_999, 3_000_001, 3), (2, 3, 1),
                                            (1, 1 << 40, 30), (999_999_999_999_999_999, 7, 5), (Int64.max, 3, 30)]
        for (n, d, digits) in edges {
            let r = Rational(BigInt(n), BigInt(d))
            let fast = NumberDisplay.displayMachineFraction(r.numerator.int64Value!, r.denominator.int64Value!, digits: digits)
            #expect(fast != nil && fast == NumberDisplay.displayExact(r, digits: digits), "\(n)/\(d) to \(digits) digits")
        }
    }

    @Test("the 128-bit display agrees with the big-integer one")
    func display128() {
        var generator = SeededGenerator(seed: 128)
        func part(bits: Int) -> BigInt {
            // Two 64-bit halves, the high one cut to the bits wanted beyond 64.
            let low = BigInt(Int64(bitPattern: generator.next() >> 1))
            let high = BigInt(Int64(bitPattern: generator.next() >> UInt64(64 - max(1, bits - 63))))
            return high.shiftedLeft(63) + low
        }
        var checked = 0
        for round in 0..<3000 {
            var n = part(bits: Int(generator.next() % 64) + 64)
            if round % 3 == 0 { n = -n }
            var d = part(bits: Int(generator.next() % 60) + 64)
            // Denominators of 2s and 5s only, whose values may show in full, and small
            // ones, which leave integer parts of up to 39 digits (10^30 is shown whole).
            if round % 4 == 0 { d = BigInt(2).power(Int(generator.next() % 40)) * BigInt(5).power(Int(generator.next() % 30) + 20) }
            if round % 4 == 1 { d = BigInt([1, 3, 8, 1000][round / 4 % 4]) }
            if round % 8 == 1 { n = BigInt.powerOfTen(Int(generator.next() % 19) + 19) * BigInt(Int(generator.next() % 3) + 1) }
            let r = Rational(n, d)
            let digits = Int(generator.next() % 30) + 1
            guard let magnitude = r.numerator.magnitude128, let divisor = r.denominator.magnitude128,
                  let fast = NumberDisplay.displayFraction(magnitude, divisor, negative: r.isNegative, digits: digits) else { continue }
            checked += 1
            #expect(fast == NumberDisplay.displayExact(r, digits: digits), "\(r.numerator)/\(r.denominator) to \(digits) digits")
            #expect(NumberDisplay.display(.exact(r), digits: digits) == fast)
        }
        #expect(checked > 2000)
    }

    @Test("whole numbers show as the general display shows them", arguments: [1, 5, 12, 18])
    func wholeNumbers(_ digits: Int) {
        var generator = SeededGenerator(seed: UInt64(digits))
        for _ in 0..<2000 {
            let n = Int64(bitPattern: generator.next() >> UInt64(generator.next() % 63 + 1)) * (generator.next() % 2 == 0 ? 1 : -1)
            let r = Rational(BigInt(n))
            #expect(NumberDisplay.display(.exact(r), digits: digits) == NumberDisplay.displayExact(r, digits: digits), "\(n) to \(digits) digits")
        }
    }

    @Test("machine-sized rationals order as their big-integer cross products do")
    func orderFastPath() {
        var generator = SeededGenerator(seed: 21)
        func part(_ positive: Bool) -> Int64 {
            let value = Int64(bitPattern: generator.next() >> UInt64(generator.next() % 63 + 1))
            return positive ? value + 1 : (generator.next() % 2 == 0 ? value : -value)
        }
        for _ in 0..<5000 {
            let a = Rational(BigInt(part(false)), BigInt(part(true))), b = Rational(BigInt(part(false)), BigInt(part(true)))
            // The same order written out: a < b exactly when a.n·b.d < b.n·a.d (denominators are positive).
            let expected = a.numerator * b.denominator < b.numerator * a.denominator
            #expect((a < b) == expected, "\(a) < \(b)")
            #expect(!(a < a))
        }
        // The extremes of Int64, whose products need all 128 bits.
        let largest = Rational(BigInt(Int64.max), BigInt(1)), smallest = Rational(BigInt(Int64.min + 1), BigInt(Int64.max))
        #expect(smallest < largest && !(largest < smallest))
        #expect(Rational(BigInt(Int64.max - 1), BigInt(Int64.max)) < Rational(BigInt(Int64.max), BigInt(Int64.max - 1)))
    }

    @Test("machine-sized sums and products equal the big-integer ones, reduced")
    func arithmeticFastPath() throws {
        var generator = SeededGenerator(seed: 33)
        func part(_ positive: Bool) -> Int64 {
            // Sizes from 1 to 63 bits, and small factors shared often, so gcds are not all 1.
            let value = Int64(bitPattern: generator.next() >> UInt64(generator.next() % 63 + 1))
            let scaled = generator.next() % 3 == 0 ? (value % 1_000_000) * 360 : value
            return positive ? scaled.magnitude == 0 ? 1 : Int64(scaled.magnitude) : (generator.next() % 2 == 0 ? scaled : -scaled)
        }
        var parts: [(Int64, Int64)] = [(Int64.min, 1), (Int64.max, 1), (1, Int64.max), (Int64.min, Int64.max), (0, 1), (-1, 1)]
        for _ in 0..<5000 { parts.append((part(false), part(true))) }
        for index in parts.indices {
            let (an, ad) = parts[index], (bn, bd) = parts[(index * 7 + 3) % parts.count]
            let a = Rational(BigInt(an), BigInt(ad)), b = Rational(BigInt(bn), BigInt(bd))
            // The sum and product written out over big integers, reduced by the general gcd.
            let sum = Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
            let product = Rational(a.numerator * b.numerator, a.denominator * b.denominator)
            #expect(a + b == sum, "\(a) + \(b)")
            #expect(a - b == Rational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator))
            #expect(a * b == product, "\(a) × \(b)")
            if !b.isZero { #expect(a / b == Rational(a.numerator * b.denominator, a.denominator * b.numerator), "\(a) ÷ \(b)") }
            // Numbers take their own path for machine-sized parts.
            let x = Number.exact(a), y = Number.exact(b)
            #expect(try x.adding(y, in: .standard) == .exact(sum), "\(a) + \(b)")
            #expect(try x.subtracting(y, in: .standard) == .exact(sum - b - b), "\(a) − \(b)")
            #expect(try x.multiplied(by: y, in: .standard) == .exact(product), "\(a) × \(b)")
            if !b.isZero { #expect(try x.divided(by: y, in: .standard) == .exact(a * b.reciprocal), "\(a) ÷ \(b)") }
        }
    }

    @Test("rationals reduce and order")
    func rationals() {
        #expect(Rational(BigInt(6), BigInt(-4)) == Rational(BigInt(-3), BigInt(2)))
        #expect(Rational(BigInt(1), BigInt(10)) + Rational(BigInt(2), BigInt(10)) == Rational(BigInt(3), BigInt(10)))
        #expect(Rational(BigInt(1), BigInt(3)) < Rational(BigInt(1), BigInt(2)))
        #expect(Rational(exactly: 0.1) == Rational(BigInt(3602879701896397), BigInt(1).shiftedLeft(55)))
        #expect(Rational(exactly: 0.1).doubleValue == 0.1)
        #expect(Rational(BigInt(1), BigInt(10).power(400)).doubleValue == 0)
        #expect(Rational(BigInt(10).power(400)).doubleValue == .infinity)
        #expect(Rational(BigInt(10).power(300), BigInt(3)).doubleValue == 1e300 / 3)
    }

    @Test("a value is stored alike however it was reached: inline when its parts fit in 64 bits")
    func rationalForms() {
        let big = BigInt(1).shiftedLeft(70)
        let third = Rational(big, BigInt(3)), half = Rational(BigInt(1), BigInt(2))
        #expect(third.machineParts == nil)
        // Big parts that reduce, and big arithmetic that comes back into range.
        let reduced = Rational(big * BigInt(3), big * BigInt(6))
        let back = third * Rational(BigInt(3), big * BigInt(2))
        for value in [reduced, back, half + Rational(BigInt(Int64.max), BigInt(Int64.max))
                      - Rational(BigInt(1))] {
            #expect(value == half && value.hashValue == half.hashValue && value.machineParts != nil, "\(value)")
        }
        // Machine parts whose sum, product or negation leaves 64 bits.
        let most = Rational(BigInt(Int64.max)), least = Rational(BigInt(Int64.min))
        #expect((most + most).numerator == BigInt(Int64.max) * BigInt(2) && (most + most).machineParts == nil)
        #expect((most * most).numerator == BigInt(Int64.max) * BigInt(Int64.max))
        #expect((-least).numerator == -BigInt(Int64.min) && (-least).machineParts == nil)
        #expect(least.reciprocal == Rational(BigInt(-1), -BigInt(Int64.min)))
        #expect(Rational(BigInt(-3), BigInt(4)).reciprocal == Rational(BigInt(-4), BigInt(3)))
        #expect(third.isNegative == false && (-third).signum == -1 && !third.isInteger && Rational(big).isInteger)
    }

    @Test("results beyond the exact range become approximate")
    func exactRange() throws {
        // Numerator and denominator of 3000 bits each: exact; their product's are not.
        let a = Number.exact(Rational(BigInt(3).power(1600) + 1, BigInt(3).power(1600)))
        let b = Number.exact(Rational(BigInt(5).power(1500) + 1, BigInt(5).power(1500)))
        #expect(a.isExact && b.isExact)
        let product = try a.multiplied(by: b, in: .standard)
        #expect(!product.isExact && NumberDisplay.display(product, digits: 30).text == "1")
        // Beyond 4,096 bits values are approximate, up to 1e100000.
        #expect(try !Number.exact(Rational(BigInt(2).power(4090))).multiplied(by: Number(64), in: .standard).isExact)
        #expect(try Number(2).raised(to: Number(4000)).isExact)
        #expect(try NumberDisplay.display(Number(2).raised(to: Number(5000)), digits: 12).text == "1.41246703214e1505")
        #expect(throws: ArithmeticError.tooLarge) { try Number(10).raised(to: Number(100_001)) }
        #expect(throws: ArithmeticError.tooSmall) { try Number(10).raised(to: Number(-100_001)) }
        #expect(try Number(1).raised(to: Number(10).raised(to: Number(100))) == Number(1))
        #expect(try Number(-1).raised(to: Number(10).raised(to: Number(100)).adding(Number(1), in: .standard)) == Number(-1))
    }

    @Test("rounding rules", arguments: [
        ("2.5", Rational.RoundingRule.nearest, "3"), ("-2.5", .nearest, "-3"), ("2.49", .nearest, "2"),
        ("-2.1", .down, "-3"), ("-2.1", .up, "-2"), ("2.1", .down, "2"), ("2", .up, "2"),
    ])
    func rounding(_ text: String, _ rule: Rational.RoundingRule, _ expected: String) throws {
        guard case .exact(let value) = try Parser.expression(StatementSource(text), builder: Session().evaluator(in: .standard)).quantity.magnitude else {
            Issue.record("not exact"); return
        }
        #expect(value.rounded(rule).description == expected)
    }
}
