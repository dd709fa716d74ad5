import Testing
import TestSupport
@testable import PerNumbers
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The faster arithmetic behind sweeps and estimates with tolerances, against the plain
/// ways on random inputs: sums of big fractions, interval products and quotients by the
/// signs of their bounds, doubles from big integers, the digits bounds know, and
/// logarithms remembered within a statement.
struct NumericFastPathTests {
    /// A random fraction of up to `limbs` limbs a part; a power-of-two denominator at times,
    /// as the bounds of intervals have.
    static func fraction(_ random: inout SeededGenerator, limbs: Int) -> Rational {
        let numerator = random.bigInt(limbs: 1 + random.below(limbs))
        var denominator = random.bigInt(limbs: 1 + random.below(limbs)).magnitude
        if random.below(3) == 0 { denominator = BigInt.one.shiftedLeft(random.below(300)) }
        if denominator.isZero { denominator = .one }
        return Rational(numerator, denominator)
    }

    /// An interval [a, b] of random fractions, at times of one sign, at times around 0.
    static func interval(_ random: inout SeededGenerator) -> Real {
        let a = fraction(&random, limbs: 6), b = fraction(&random, limbs: 6)
        return Real(rounding: Swift.min(a, b), Swift.max(a, b), bits: bits)
    }

    /// The precision the intervals are rounded to.
    static let bits = EvaluationContext.standardPrecision

    @Test("a sum of big fractions by the denominators' gcd, of a whole number, or over a divisor of the other's denominator, is the sum reduced from the cross product, 3,000 random pairs")
    func largeSums() {
        var random = SeededGenerator(seed: 2901)
        for index in 0..<3000 {
            let a = Self.fraction(&random, limbs: 12)
            // Every third a whole number, as a deposit is; every third after that over a
            // divisor of a's denominator, as a year's deposits are beside a balance.
            let b = switch index % 3 {
            case 0: Rational(random.bigInt(limbs: 1 + random.below(3)))
            case 1: Rational(random.bigInt(limbs: 1 + random.below(3)), BigInt.gcd(a.denominator, random.bigInt(limbs: 1 + random.below(12))))
            default: Self.fraction(&random, limbs: 12)
            }
            let plain = Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
            let sum = a + b
            #expect(sum == plain, "\(a) + \(b)")
            // In lowest terms, as every Rational is kept.
            #expect(BigInt.gcd(sum.numerator, sum.denominator) == .one)
        }
    }

    @Test("interval products and quotients by the signs of the bounds are the least and greatest of all four, 3,000 random pairs")
    func intervalProductsAndQuotients() {
        var random = SeededGenerator(seed: 2902)
        for _ in 0..<3000 {
            let a = Self.interval(&random), b = Self.interval(&random)
            let products = [a.lower * b.lower, a.lower * b.upper, a.upper * b.lower, a.upper * b.upper]
            let product = a.multiplied(by: b, bits: Self.bits)
            let plainProduct = Real(rounding: products.min()!, products.max()!, bits: Self.bits)
            #expect(product.lower == plainProduct.lower && product.upper == plainProduct.upper)
            guard !b.containsZero else { continue }
            let quotients = [a.lower / b.lower, a.lower / b.upper, a.upper / b.lower, a.upper / b.upper]
            let quotient = a.divided(by: b, bits: Self.bits)
            // Rounded straight from the unreduced fraction: outward, and as tight as the
            // plain rounding of the reduced one to within a unit of its last bit.
            #expect(quotient.lower <= quotients.min()! && quotient.upper >= quotients.max()!)
            let plain = Real(rounding: quotients.min()!, quotients.max()!, bits: Self.bits)
            let unit = Rational(.one, BigInt.one.shiftedLeft(Self.bits - 2)) * plain.magnitude.upper
            #expect(plain.lower - quotient.lower <= unit && quotient.upper - plain.upper <= unit)
        }
    }

    @Test("a big integer's double from its top limbs is the one from shifting it whole, 5,000 random integers")
    func doubles() {
        var random = SeededGenerator(seed: 2903)
        for _ in 0..<5000 {
            let n = random.bigInt(limbs: 2 + random.below(40)).shiftedLeft(random.below(64))
            guard n.int64Value == nil else { continue }
            let shift = n.bitWidth - 64
            var high = UInt64(n.magnitude.shiftedRight(shift).decimalDigits)!
            if n.magnitude.trailingZeroBitCount < shift { high |= 1 }
            let plain = Double(high) * Double(sign: .plus, exponent: shift, significand: 1)
            #expect(n.doubleValue == (n.isNegative ? -plain : plain), "\(n)")
        }
    }

    @Test("the digits bounds know, tried from the most their width allows, are those tried from the limit down, 3,000 random intervals")
    func knownDigits() {
        var random = SeededGenerator(seed: 2904)
        for _ in 0..<3000 {
            let middle = Self.fraction(&random, limbs: 4)
            guard !middle.isZero else { continue }
            // Widths from far below the value to about its size.
            let width = middle.magnitude * Rational(.one, BigInt.one.shiftedLeft(random.below(70)))
            let x = Real(rounding: middle - width, middle + width, bits: Self.bits)
            guard !x.containsZero else { continue }
            for limit in [1, 12, 15, 30] {
                var plain = limit
                while plain > 0, NumberDisplay.roundSignificant(x.lower.magnitude, plain) != NumberDisplay.roundSignificant(x.upper.magnitude, plain) {
                    plain -= 1
                }
                let known = NumberDisplay.knownDigits(x, upTo: limit)
                // The sizes' shortcut may say all `limit` digits are known of bounds far narrower than the value.
                #expect(known == plain || known == limit && plain >= limit - 3, "\(x.lower) … \(x.upper) to \(limit)")
            }
        }
    }

    @Test("a bound's width from shifted numerators has the size of the exact difference")
    func widths() {
        var random = SeededGenerator(seed: 2905)
        for _ in 0..<2000 {
            let x = Self.interval(&random)
            let exact = x.upper - x.lower
            #expect(x.log2Width == (exact.isZero ? -.infinity : exact.log2Magnitude) || abs(x.log2Width - exact.log2Magnitude) < 1e-9)
        }
    }

    @Test("a logarithm remembered within a statement is the one computed afresh", arguments: ["150", "34", "320", "298.15", "2.06", "10", "0.5"])
    func rememberedLogarithms(_ text: String) throws {
        let x = Rational(decimal: text)
        let plain = Real.ln(at: x, in: .standard)
        let context = EvaluationContext.standard.remembering()
        let remembered = (Real.ln(at: x, in: context), Real.ln(at: x, in: context))
        #expect(remembered.0 == plain && remembered.1 == plain)
    }

    /// The month-by-month account as it was first written: B + B·i, the interest summed
    /// month by month, the fee charged each month.
    static func plainGrowth(months: Int, initial: Number, monthly: Number, rate: Number, fee: Number,
                            atStart: Bool) throws -> (balance: Number, interest: Number, fees: Number, years: [Number]) {
        let monthlyRate = try rate / 12, kept = try (1 - fee).raised(to: Number(1) / 12)
        var balance = initial, interest = Number(0), fees = Number(0), years: [Number] = []
        for month in 1...months {
            if atStart { balance = try balance + max(monthly, -balance) }
            let gain = try balance * monthlyRate
            balance = try balance + gain
            interest = try interest + gain
            if !atStart { balance = try balance + max(monthly, -balance) }
            let charge = try balance * (1 - kept)
            balance = try balance - charge
            fees = try fees + charge
            if month % 12 == 0 || month == months { years.append(balance) }
        }
        return (balance, interest, fees, years)
    }

    /// Twelve months of g: g¹² and the sum of g^k over k = 0…11 (or 1…12), by products
    /// and sums in the test, against the closed form; g = 1, whole numbers, rates below 0,
    /// and parts too long for it (the sum is then made month by month).
    @Test("a year's growth and its deposits' sum in closed form are the twelve months' products and sums, 600 random monthly growths")
    func yearBlockClosedForm() throws {
        var random = SeededGenerator(seed: 2908)
        var growths: [Rational] = [Rational(1), Rational(2), Rational(BigInt(1), BigInt(3))]
        for _ in 0..<600 {
            let denominator = BigInt(1 + random.below(1_000_000))
            growths.append(Rational(denominator + BigInt(random.below(200_000) - 100_000), denominator))
        }
        growths.append(Rational(BigInt(3).power(200) + 1, BigInt(3).power(200)))
        for g in growths where !g.isNegative && !g.isZero {
            for atStart in [false, true] {
                var power = Number(1), sum = Number(0)
                for _ in 0..<12 {
                    if !atStart { sum = try sum + power }
                    power = try power * .exact(g)
                    if atStart { sum = try sum + power }
                }
                let block = try Invest.YearBlock(growth: .exact(g), depositAtStart: atStart)
                #expect(block.growth == power && block.deposits == sum, "g = \(g), deposits at the start: \(atStart)")
            }
        }
    }

    @Test("the account grown by one product a month, or a year at once, its interest what the balance gained, is the account summed month by month, 200 random accounts")
    func investGrowth() throws {
        var random = SeededGenerator(seed: 2906)
        for _ in 0..<200 {
            let months = 1 + random.below(120)
            let initial = Number(random.below(100_000)), monthly = Number(random.below(2000) - 500)
            let rate = Number.exact(Rational(BigInt(random.below(2000) - 200), BigInt(10_000)))
            let fee = random.below(3) == 0 ? Number.exact(Rational(BigInt(random.below(300)), BigInt(10_000))) : Number(0)
            let atStart = random.below(2) == 0
            let growth = try Invest.grow(months: months, initial: initial, monthly: monthly, rate: rate, periodsPerYear: 12,
                                         fee: fee, depositAtStart: atStart)
            let plain = try Self.plainGrowth(months: months, initial: initial, monthly: monthly, rate: rate, fee: fee, atStart: atStart)
            let money = { (n: Number) in EstimateFormat.money(n) }
            if fee.isZero {
                // Exact: the very same fractions.
                #expect(growth.balance == plain.balance && growth.interest == plain.interest && growth.fees == plain.fees)
                #expect(growth.years.map(\.balance) == plain.years)
            } else {
                #expect(money(growth.balance) == money(plain.balance) && money(growth.interest) == money(plain.interest)
                        && money(growth.fees) == money(plain.fees))
                #expect(growth.years.map { money($0.balance) } == plain.years.map(money))
            }
        }
    }

    @Test("atanh of a fraction of small parts by whole-number steps lies within the bounds of the fixed-point series, 2,000 random fractions")
    func smallFractionAtanh() {
        var random = SeededGenerator(seed: 2907)
        for _ in 0..<2000 {
            let q = 5 + random.below(30_000)
            let p = random.below(q / 5 + 1) * (random.below(2) == 0 ? 1 : -1)
            guard p != 0 else { continue }
            let bits = 256 + random.below(512)
            let fast = Real.atanhOfSmallFraction(p, q, bits: bits).real(precision: Self.bits)
            let plain = Real.atanhFixed(Rational(BigInt(p), BigInt(q)), bits: bits).real(precision: Self.bits)
            // Both are proven bounds on one value: they overlap, and each is as narrow as a few units of its last bit.
            #expect(fast.lower <= plain.upper && plain.lower <= fast.upper, "atanh(\(p)/\(q))")
            #expect(NumberDisplay.knownDigits(fast, upTo: 40) >= 40 || fast.lower == fast.upper, "atanh(\(p)/\(q))")
        }
    }

    /// An estimate's figure of an approximate value, against the plain way: written to 15
    /// digits, kept when that shows at most three decimals. Values from 1e-9 to 1e13,
    /// bounds from far narrower than 15 digits to a few known, at times astride the point
    /// where a digit rounds up, and around 0.
    @Test("an approximate figure known to a fourth decimal is shown as the plain way shows it, 3,000 random intervals")
    func approximateFigures() {
        func plain(_ value: Number) -> String {
            if case .approximate = value {
                let shown = NumberDisplay.display(value, digits: 15).text
                let decimals = shown.firstIndex(of: ".").map { shown.distance(from: $0, to: shown.endIndex) - 1 } ?? 0
                if !shown.contains("e"), decimals <= 3 { return shown }
            }
            let r = value.nearestRational
            if r.denominator <= BigInt(1000), BigInt(1000) % r.denominator == .zero,
               let full = NumberDisplay.terminatingDigits(r), full.digits.count - 1 - full.exponent <= 3,
               full.digits.count <= NumberDisplay.maxExactDigits {
                return NumberDisplay.display(value, digits: 12).text
            }
            return NumberDisplay.unitPrice(value)
        }
        var random = SeededGenerator(seed: 2909)
        for index in 0..<3000 {
            let digits = 1 + random.below(9), scale = random.below(23) - 9
            let limit: Int = Int(BigInt.powerOfTen(digits).int64Value!)
            let sign: Int = index % 5 == 0 ? 1 : -1
            // Every third astride a half: ...5 at one digit past those drawn.
            let halves: Int = 2 * sign * random.below(limit) + (index % 3 == 0 ? 1 : 0)
            let power: BigInt = BigInt.powerOfTen(abs(scale))
            let middle: Rational = scale >= 0 ? Rational(BigInt(halves) * power, BigInt(2)) : Rational(BigInt(halves), power * BigInt(2))
            let share = Rational(BigInt.one, BigInt.powerOfTen(random.below(30)))
            let width: Rational = share * (middle.isZero ? Rational(1) : middle.magnitude)
            let x = Real(rounding: middle - width, middle + width, bits: Self.bits)
            let value = Number.approximate(x)
            #expect(EstimateFormat.ungrouped(value) == plain(value), "\(x.lower) … \(x.upper)")
        }
    }
}

/// The shortcuts a unit conversion takes, against the plain ways on random inputs: a
/// fraction to the powers -1, 0 and 1, a unit's factor of one term, and units compared
/// term by term.
struct UnitFastPathTests {
    /// `x^n` by repeated products, inverted for a negative `n`: the plain way.
    static func plainPower(_ x: Rational, _ n: Int) -> Rational {
        var result = Rational.one
        for _ in 0..<n.magnitude { result = result * x }
        return n < 0 ? .one / result : result
    }

    @Test("a fraction to a small power is its repeated product, 3,000 random fractions and powers -4…4")
    func powers() {
        var random = SeededGenerator(seed: 4040)
        for _ in 0..<3_000 {
            var x = NumericFastPathTests.fraction(&random, limbs: 2)
            if x.isZero { x = .one }
            let n = random.below(9) - 4
            #expect(x.power(n) == Self.plainPower(x, n), "\(x) to \(n)")
        }
    }

    /// Units of several dimensions, some with factors that are not whole numbers.
    static let names = ["kg", "g", "lb", "oz", "L", "ml", "fl oz", "gal", "m", "mi", "ft", "h", "min", "kWh", "€", "°C", "K",
                        "%", "ppm", "m3", "psi", "bar", "item", "dozen"]

    @Test("a unit of one term to a power has its unit's factor to that power; units built apart compare as their terms do")
    func oneTermUnits() throws {
        var random = SeededGenerator(seed: 4041)
        for _ in 0..<2_000 {
            let first = try #require(UnitTable.unit(named: random.pick(Self.names))?.atom)
            let second = try #require(UnitTable.unit(named: random.pick(Self.names))?.atom)
            let a = random.below(7) - 3, b = random.below(7) - 3
            let unit = CompoundUnit(terms: a == 0 ? [] : [.init(atom: first, exponent: Int8(a))])
            #expect(unit.factor == Self.plainPower(first.factor, a), "\(first.symbol) to \(a)")
            let other = CompoundUnit(terms: b == 0 ? [] : [.init(atom: second, exponent: Int8(b))])
            #expect((unit == other) == (unit.terms == other.terms && unit.scale == other.scale), "\(first.symbol)^\(a) against \(second.symbol)^\(b)")
            let twoTerms = CompoundUnit(terms: [.init(atom: first, exponent: 1)] + (first == second ? [] : [.init(atom: second, exponent: -1)]))
            let again = CompoundUnit(terms: twoTerms.terms)
            #expect(twoTerms == again)
        }
    }
}
