/// A number as shown to a person: its text (without the `≈` marker) and whether the text
/// is the exact value.
public struct DisplayedNumber: Sendable, Equatable {
    public let text: String
    public let isExact: Bool

    public init(text: String, isExact: Bool) {
        self.text = text
        self.isExact = isExact
    }
}

/// Decimal display of numbers (`help numbers`).
///
/// - An exact value with a terminating decimal expansion of at most `maxExactDigits`
///   significant digits prints in full.
/// - Anything else is rounded to `digits` significant digits (half away from zero) and is
///   not exact. Approximate values show only the digits their bounds agree on, so noise
///   (`0.30000000000000004`, `4.44e-16` for 0) cannot appear. Zeros that end the digits
///   shown are kept when the value is known not to be the text (`≈ 1.10 lb`), not when it
///   may be (`≈ 1` for bounds around 1).
/// - Positional notation for magnitudes from 1e-6 up to the digits shown; `e` notation
///   beyond (`1e-20`, `1.60693804425899e60`), so a small value never prints as `0`.
public enum NumberDisplay {
    public static let maxExactDigits = 100
    public static let digitsRange = 1...30
    /// The smallest decimal exponent shown positionally (1e-6 → `0.000001`).
    static let smallestPositionalExponent = -6
    /// Rounded values are positional below 10^6 whatever `digits` is (as small ones are
    /// down to 1e-6), so `digits 1` shows 99/7 as `≈ 10`, not `≈ 1e1`; with more digits,
    /// up to the digits shown.
    static let roundedPositionalDigits = 6

    static let log2Of10 = 3.321928094887362

    static func positionalLimit(significant: Int) -> Int { max(significant, roundedPositionalDigits) }

    public static func display(_ number: Number, digits: Int) -> DisplayedNumber {
        switch number {
        case .exact(let r):
            if r.isZero { return DisplayedNumber(text: "0", isExact: true) }
            if let (n, d) = r.machineParts {
                // A whole number within the digits shown, as pack sizes are: its digits.
                if d == 1, digits <= 18, n.magnitude < UInt64(BigInt.powerOfTen(digits).int64Value!) {
                    return DisplayedNumber(text: decimal(n), isExact: true)
                }
                if let shown = displayMachineFraction(n, d, digits: digits) { return shown }
            } else if let n = r.numerator.magnitude128, let d = r.denominator.magnitude128,
                      let shown = displayFraction(n, d, negative: r.isNegative, digits: digits) {
                // Parts beyond 64 bits but within 128, as a few decimals multiplied make.
                return shown
            }
            return displayExact(r, digits: digits)
        case .approximate(let x):
            return displayApproximate(x, digits: digits)
        }
    }

    /// Whether `display(number, digits:)` shows the value exactly, asked without making its
    /// text. An exact value of machine-sized parts ends in decimals when its denominator
    /// has no prime factor but 2 and 5, and then has at most 64 significant digits, within
    /// `maxExactDigits`: it shows exactly just then.
    public static func isShownExactly(_ number: Number, digits: Int) -> Bool {
        guard case .exact(let r) = number else { return false }
        guard let (_, d) = r.machineParts else { return display(number, digits: digits).isExact }
        var rest = d >> d.trailingZeroBitCount
        while rest % 5 == 0 { rest /= 5 }
        return rest == 1
    }

    /// An approximate value shows the digits its bounds agree on, up to `digits`: both
    /// bounds rounded to those digits give the same text. Bounds that straddle a rounding
    /// tie only by their own width (a value within 2^−190 of a tie) show the midpoint
    /// rounded. A value whose bounds include 0 shows as `≈ 0`.
    static func displayApproximate(_ x: Real, digits: Int) -> DisplayedNumber {
        if x.containsZero { return DisplayedNumber(text: "0", isExact: false) }
        return rounded(x.midpoint, significant: Swift.max(1, knownDigits(x, upTo: digits)), within: x)
    }

    /// How many significant digits of x its bounds know, up to `limit`: 0 when they
    /// include 0.
    public static func knownDigits(_ x: Real, upTo limit: Int) -> Int {
        if x.containsZero { return 0 }
        // Bounds far narrower than the value know every digit. Their sizes tell first: the
        // exact test costs as much as showing the value (1e-99999), and a statement short
        // of digits is computed again (`Evaluator.statement`), so it asks here before that.
        let widthLog2 = x.log2Width
        let lowerLog2 = x.lower.log2Magnitude, upperLog2 = x.upper.log2Magnitude
        if widthLog2 + Double(limit + 3) * log2Of10 + 1 < Swift.min(lowerLog2, upperLog2) { return limit }
        // Bounds that agree to s digits, d·10^(e−s+1) with d of s digits, lie within half
        // a unit of it: the width is below 10^(e−s+1) and the larger bound at least
        // 10^e/2, so 10^(s−1) < 2·larger/width, s < log₁₀(larger/width) + 1.302. No more
        // digits than that are tried, nor the exact test of narrow bounds when the sizes
        // rule it out (the logarithms in doubles are off by far less than the margins).
        let sizes = (Swift.max(lowerLog2, upperLog2) - widthLog2) / log2Of10
        if sizes > Double(limit + 3) - 1 {
            let narrow = (x.upper - x.lower) * Rational(BigInt.powerOfTen(limit + 3)) < x.midpoint.magnitude
            if narrow { return limit }
        }
        var significant = Swift.min(limit, Swift.max(0, Int((sizes + 1.35).rounded(.down))))
        // Compared as whole significands and exponents, as `roundSignificant` would give
        // them, without writing their digits.
        while significant > 0,
              roundedSignificand(x.lower.magnitude, significant) != roundedSignificand(x.upper.magnitude, significant) {
            significant -= 1
        }
        return significant
    }

    /// The display of any non-zero exact value, with big-integer arithmetic.
    static func displayExact(_ r: Rational, digits: Int) -> DisplayedNumber {
        if let full = terminatingDigits(r), full.digits.count <= maxExactDigits {
            let text = layout(full.digits, exponent: full.exponent, negative: r.isNegative, positionalLimit: maxExactDigits)
            return DisplayedNumber(text: text, isExact: true)
        }
        return rounded(r, significant: digits)
    }

    /// r rounded to `significant` digits, as a text that is not the value; the zeros that
    /// end those digits are kept when they are significant (`significantDigits`), so
    /// `digits 3` shows 500 g in lb as `≈ 1.10 lb`. `bounds` are those of an approximate r.
    static func rounded(_ r: Rational, significant: Int, within bounds: Real? = nil) -> DisplayedNumber {
        let (digits, exponent) = significantDigits(r, significant, within: bounds)
        let text = layout(digits, exponent: exponent, negative: r.isNegative,
                          positionalLimit: positionalLimit(significant: significant))
        return DisplayedNumber(text: text, isExact: false)
    }

    /// About r, for a message: its first `significant` digits, without zeros after them.
    static func roughly(_ r: Rational, significant: Int) -> String {
        let (digits, exponent) = roundSignificant(r.magnitude, significant)
        return layout(digits, exponent: exponent, negative: r.isNegative, positionalLimit: positionalLimit(significant: significant))
    }

    /// The digits of |r| rounded to `count` significant digits, and the decimal exponent of
    /// the first. The zeros that end them are kept when they are significant: when the
    /// value is known not to be the text (an exact r that does not end within the digits,
    /// approximate `bounds` that exclude the text), not when it may be (`≈ 1` for bounds
    /// around 1, `≈ 1e-70`). Precondition: r ≠ 0.
    static func significantDigits(_ r: Rational, _ count: Int, within bounds: Real? = nil) -> (digits: String, exponent: Int) {
        let (significand, exponent) = roundedSignificand(r.magnitude, count)
        let digits = significand.decimalDigits
        guard digits.utf8.last == UInt8(ascii: "0") else { return (digits, exponent) }
        // The text as a value: significand × 10^(exponent − count + 1), with r's sign.
        let scale = exponent - count + 1
        let magnitude = scale >= 0 ? Rational(significand * BigInt.powerOfTen(scale)) : Rational(significand, BigInt.powerOfTen(-scale))
        let text = r.isNegative ? -magnitude : magnitude
        let mayBeText = bounds.map { $0.lower <= text && text <= $0.upper } ?? (text == r)
        return (mayBeText ? stripTrailingZeros(digits) : digits, exponent)
    }

    /// The display of n/d for machine-sized n and d by long division, without big
    /// integers: the common case. Returns nil when a step could overflow.
    static func displayMachineFraction(_ n: Int64, _ d: Int64, digits significant: Int) -> DisplayedNumber? {
        guard d > 0, n != .min else { return nil }
        return displayFraction(n.magnitude, UInt64(d), negative: n < 0, digits: significant)
    }

    /// The display of ±magnitude/divisor (a fraction in lowest terms, divisor > 0) by long
    /// division in `T`; nil when a step could overflow (divisor > T.max / 10). Inlined
    /// where it is called, so that each width's digit loop is made for it.
    @inline(__always)
    static func displayFraction<T: FixedWidthInteger & UnsignedInteger>(_ magnitude: T, _ divisor: T, negative: Bool,
                                                                          digits significant: Int) -> DisplayedNumber? {
        guard divisor > 0, divisor <= T.max / 10, significant <= maxExactDigits else { return nil }
        var remainder = magnitude
        // n/d ends after finitely many digits exactly when d has no prime factor but 2 and 5.
        var rest = divisor >> divisor.trailingZeroBitCount
        while rest % 5 == 0 { rest /= 5 }
        let terminates = rest == 1
        // ASCII significant digits, most significant first, in a buffer on the stack: at
        // most 39 of the integer part (of 128 bits), or maxExactDigits + 1 with a fraction.
        var produced = InlineArray<104, UInt8>(repeating: 0)
        var count = 0
        let integer = remainder / divisor
        remainder %= divisor
        // The exponent of the first digit.
        var exponent: Int
        if integer > 0 {
            var value = integer
            while value > 0 {
                produced[count] = UInt8(truncatingIfNeeded: value % 10) + 48
                count += 1
                value /= 10
            }
            for index in 0..<(count / 2) { produced.swapAt(index, count - 1 - index) }
            exponent = count - 1
        } else {
            exponent = -1
            // Zeros after the point are not significant.
            while remainder * 10 < divisor {
                remainder *= 10
                exponent -= 1
            }
        }
        // A terminating value may be shown whole; anything else needs one digit past the
        // ones shown, to round.
        let needed = terminates ? maxExactDigits + 1 : significant + 1
        while remainder != 0 && count < needed {
            remainder *= 10
            produced[count] = UInt8(truncatingIfNeeded: remainder / divisor) + 48
            count += 1
            remainder %= divisor
        }
        if remainder == 0 {
            // Exact: its significant digits, without the zeros that end a whole number
            // (10^30 has one).
            var shown = count
            while shown > 1, produced[shown - 1] == 48 { shown -= 1 }
            if shown <= maxExactDigits {
                return DisplayedNumber(text: layout(produced.span.extracting(0..<shown), exponent: exponent,
                                                    negative: negative, positionalLimit: maxExactDigits),
                                       isExact: true)
            }
        }
        // Round to `significant` digits, half away from zero: the next digit decides, since
        // every digit after it is followed by more.
        let roundUp = count > significant && produced[significant] >= 53
        count = min(count, significant)
        if roundUp {
            var index = count - 1
            while index >= 0 {
                if produced[index] == 57 { produced[index] = 48; index -= 1 } else { produced[index] += 1; break }
            }
            if index < 0 {
                // All nines became zeros: a 1 before them, one place up.
                produced[0] = 49
                exponent += 1
            }
        }
        // The text is not the value, so the zeros among its digits are significant: kept.
        return DisplayedNumber(text: layout(produced.span.extracting(0..<count), exponent: exponent,
                                            negative: negative, positionalLimit: positionalLimit(significant: significant)),
                               isExact: false)
    }

    /// The significant digits (no trailing zeros) and decimal exponent of a value whose
    /// denominator has no prime factors but 2 and 5; nil for any other value.
    package static func terminatingDigits(_ r: Rational) -> (digits: String, exponent: Int)? {
        let twos = r.denominator.trailingZeroBitCount
        var rest = r.denominator.shiftedRight(twos)
        var fives = 0
        let five = BigInt(5)
        while rest != .one {
            let (q, remainder) = rest.quotientAndRemainder(dividingBy: five)
            if !remainder.isZero { return nil }
            rest = q
            fives += 1
        }
        let decimals = max(twos, fives)
        let scaled = r.numerator.magnitude * (BigInt.powerOfTen(decimals) / r.denominator)
        let all = scaled.decimalDigits
        let digits = stripTrailingZeros(all)
        return (digits, all.count - 1 - decimals)
    }

    /// |r| rounded to `count` significant digits, half away from zero: the digits without
    /// trailing zeros, and the decimal exponent of the first. Precondition: r > 0.
    package static func roundSignificant(_ r: Rational, _ count: Int) -> (digits: String, exponent: Int) {
        let (significand, exponent) = roundedSignificand(r, count)
        return (stripTrailingZeros(significand.decimalDigits), exponent)
    }

    /// |r| rounded to `count` significant digits, half away from zero, as a whole number
    /// of exactly `count` digits, and the decimal exponent of the first. Precondition: r > 0.
    static func roundedSignificand(_ r: Rational, _ count: Int) -> (significand: BigInt, exponent: Int) {
        var exponent = estimatedExponent(r)
        // Correct the estimate so that 10^exponent ≤ r < 10^(exponent+1).
        while compare(r, powerOfTen: exponent) < 0 { exponent -= 1 }
        while compare(r, powerOfTen: exponent + 1) >= 0 { exponent += 1 }
        // One division of n·10^shift by d, rounded half up: Rational arithmetic here would
        // reduce by a gcd of numbers as long as the value (seconds for 1e99999).
        let shift = count - 1 - exponent
        let power = BigInt.powerOfTen(abs(shift))
        let (dividend, divisor) = shift >= 0 ? (r.numerator * power, r.denominator) : (r.numerator, r.denominator * power)
        var (integer, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        if !(remainder.shiftedLeft(1) < divisor) { integer = integer + .one }
        if integer == BigInt.powerOfTen(count) {
            integer = BigInt.powerOfTen(count - 1)
            exponent += 1
        }
        return (integer, exponent)
    }

    /// ⌊log₁₀ |r|⌋ from the size in bits, for a non-zero r: off by at most one.
    package static func estimatedExponent(_ r: Rational) -> Int {
        Int((r.log2Magnitude / log2Of10).rounded(.down))
    }

    /// The sign of r − 10^exponent.
    private static func compare(_ r: Rational, powerOfTen exponent: Int) -> Int {
        let power = BigInt.powerOfTen(abs(exponent))
        let (left, right) = exponent >= 0
            ? (r.numerator, r.denominator * power)
            : (r.numerator * power, r.denominator)
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    private static func stripTrailingZeros(_ digits: String) -> String {
        var utf8 = Array(digits.utf8)
        while utf8.count > 1, utf8.last == UInt8(ascii: "0") { utf8.removeLast() }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Places the decimal point: positional when smallestPositionalExponent ≤ exponent <
    /// positionalLimit, `e` notation otherwise. Works on ASCII bytes: this runs once per
    /// printed number.
    package static func layout(_ digits: String, exponent: Int, negative: Bool, positionalLimit: Int) -> String {
        layout(Array(digits.utf8), exponent: exponent, negative: negative, positionalLimit: positionalLimit)
    }

    static func layout(_ digits: [UInt8], exponent: Int, negative: Bool, positionalLimit: Int) -> String {
        layout(digits.span, exponent: exponent, negative: negative, positionalLimit: positionalLimit)
    }

    static func layout(_ d: Span<UInt8>, exponent: Int, negative: Bool, positionalLimit: Int) -> String {
        let zero = UInt8(ascii: "0"), point = UInt8(ascii: ".")
        let scientific = exponent >= positionalLimit || exponent < smallestPositionalExponent
        let exponentText = scientific ? String(exponent) : ""
        let length = (negative ? 1 : 0) + (
            scientific ? d.count + (d.count > 1 ? 1 : 0) + 1 + exponentText.utf8.count
            : exponent < 0 ? 1 - exponent + d.count
            : d.count <= exponent + 1 ? exponent + 1
            : d.count + 1)
        // On the stack when it fits, as nearly every number does; else in an array.
        var small = InlineArray<64, UInt8>(repeating: 0)
        var large: [UInt8] = length > 64 ? Array(repeating: 0, count: length) : []
        var count = 0
        func put(_ byte: UInt8) {
            if length > 64 { large[count] = byte } else { small[count] = byte }
            count += 1
        }
        func put(_ range: Range<Int>) { for index in range { put(d[index]) } }
        if negative { put(UInt8(ascii: "-")) }
        if scientific {
            put(d[0])
            if d.count > 1 {
                put(point)
                put(1..<d.count)
            }
            put(UInt8(ascii: "e"))
            for byte in exponentText.utf8 { put(byte) }
        } else if exponent < 0 {
            put(zero)
            put(point)
            for _ in 0..<(-exponent - 1) { put(zero) }
            put(0..<d.count)
        } else if d.count <= exponent + 1 {
            put(0..<d.count)
            for _ in 0..<(exponent + 1 - d.count) { put(zero) }
        } else {
            put(0..<(exponent + 1))
            put(point)
            put((exponent + 1)..<d.count)
        }
        return length > 64 ? String(decoding: large, as: UTF8.self) : String(copyingUTF8: small.span.extracting(0..<length))
    }
}
