/// A real number known only approximately: it lies between `lower` and `upper`, and per
/// shows only the digits the two bounds agree on.
///
/// Bounds are rounded outward to `bits` significant bits (the context's precision,
/// `EvaluationContext`) after every operation,
/// so the true value always lies within them (interval arithmetic). A value that is a
/// rational multiple of a square root (`√2`, `3√2/2`) also keeps that exact form, so
/// `sqrt(2)*sqrt(2)` comes back as the exact 2.
///
/// A value known not to be 0 but below the range (e^−300000) has the bounds
/// [0, `belowRangeBound`] or their mirror, and keeps its sign beside them.
public struct Real: Sendable, Hashable {
    public let lower: Rational
    public let upper: Rational
    /// The exact value c·√r, when it is known.
    package let surd: Surd?
    /// For a value below the range: its sign, which its bounds do not tell (they include 0).
    package let signBelowRange: Int8?

    /// The largest magnitude per computes: 1e100000 (the exact range stops at 4,096 bits).
    static let largestLog2 = 100_000 * 3.321928094887362
    static let limitText = "1e100000"
    static let smallestText = "1e-100000"

    /// 2^−332192, a bound on every magnitude below the range: log₂(1e100000) is 332192.8…,
    /// so 1e-100000 < 2^−332192.
    static let belowRangeBound = Rational(reduced: .one, BigInt.one.shiftedLeft(Int(largestLog2)))

    package init(lower: Rational, upper: Rational, surd: Surd? = nil) {
        self.lower = lower
        self.upper = upper
        self.surd = surd
        signBelowRange = nil
    }

    /// A value known not to be 0 whose magnitude is below 1e-100000: too small to show, but
    /// a sum can round it away (`1 + exp(-300000)` is ≈ 1).
    static func belowRange(negative: Bool) -> Real {
        Real(lower: negative ? -belowRangeBound : .zero, upper: negative ? .zero : belowRangeBound, signBelowRange: negative ? -1 : 1)
    }

    private init(lower: Rational, upper: Rational, signBelowRange: Int8) {
        self.lower = lower
        self.upper = upper
        surd = nil
        self.signBelowRange = signBelowRange
    }

    /// Bounds rounded outward to `bits` significant bits.
    package init(rounding lower: Rational, _ upper: Rational, surd: Surd? = nil, bits: Int) {
        self.init(lower: Real.round(lower, up: false, bits: bits), upper: Real.round(upper, up: true, bits: bits), surd: surd)
    }

    /// An exact value, as an interval of one point (bounds rounded outward to `bits` bits).
    package init(_ value: Rational, bits: Int) {
        self.init(rounding: value, value, surd: Surd(coefficient: value, radicand: .one), bits: bits)
    }

    /// The exact value c·√r, with bounds from the integer square root to `bits` bits.
    package init(_ surd: Surd, bits: Int) {
        if surd.radicand == .one {
            self.init(rounding: surd.coefficient, surd.coefficient, surd: surd, bits: bits)
            return
        }
        let square = surd.coefficient * surd.coefficient * Rational(surd.radicand)
        let root = Real.squareRootBounds(of: square, bits: bits)
        self = surd.coefficient.isNegative
            ? Real(lower: -root.upper, upper: -root.lower, surd: surd)
            : Real(lower: root.lower, upper: root.upper, surd: surd)
    }

    /// mantissa × 10^scale, for decimals beyond the exact range, to `bits` bits.
    package static func decimal(_ mantissa: BigInt, scale: Int, bits: Int) -> Real {
        let ten = Real(lower: Rational(10), upper: Rational(10))
        return Real(lower: Rational(mantissa), upper: Rational(mantissa)).multiplied(by: ten.power(scale, bits: bits), bits: bits)
    }

    /// The midpoint of the bounds, rounded down to `bits` bits.
    package func midpoint(bits: Int) -> Rational {
        lower == upper ? lower : Real.round((lower + upper) * Rational(reduced: .one, BigInt(2)), up: false, bits: bits)
    }

    /// The midpoint of the bounds at the standard precision: the value per shows when they
    /// agree.
    public var midpoint: Rational { midpoint(bits: EvaluationContext.standardPrecision) }

    /// Whether the bounds include 0 (those of a value below the range do, though it is not 0).
    public var containsZero: Bool { lower.signum <= 0 && upper.signum >= 0 }

    /// The sign, when the bounds (or, below the range, the sign kept beside them) decide it:
    /// nil when the value may be 0.
    public var sign: Int? {
        if let signBelowRange { return Int(signBelowRange) }
        if lower.signum > 0 { return 1 }
        if upper.signum < 0 { return -1 }
        return nil
    }

    /// log₂ of the larger bound's magnitude, for range checks.
    package var log2Magnitude: Double {
        // Each bound's log₂ from its parts' sizes: comparing the bounds first would multiply
        // them out, at every checked result.
        func log2(_ r: Rational) -> Double { r.isZero ? -.infinity : r.log2Magnitude }
        return Swift.max(log2(lower), log2(upper))
    }

    /// log₂(upper − lower), −∞ for bounds that meet. Bounds with power-of-two
    /// denominators, as rounding leaves them, take one subtraction of their numerators
    /// shifted alike, not a sum of fractions with its gcd.
    var log2Width: Double {
        if lower == upper { return -.infinity }
        let ld = lower.denominator, ud = upper.denominator
        guard ld.trailingZeroBitCount == ld.bitWidth - 1, ud.trailingZeroBitCount == ud.bitWidth - 1 else {
            return (upper - lower).log2Magnitude
        }
        let kl = ld.bitWidth - 1, ku = ud.bitWidth - 1, k = Swift.max(kl, ku)
        let difference = upper.numerator.shiftedLeft(k - ku) - lower.numerator.shiftedLeft(k - kl)
        return difference.log2Magnitude - Double(k)
    }

    // MARK: Rounding

    /// r rounded to `bits` significant bits, toward +∞ (`up`) or −∞.
    static func round(_ r: Rational, up: Bool, bits: Int) -> Rational {
        if r.isZero { return r }
        if r.denominator.trailingZeroBitCount == r.denominator.bitWidth - 1, r.numerator.bitWidth <= bits { return r }
        return round(numerator: r.numerator, denominator: r.denominator, up: up, bits: bits)
    }

    /// n/d rounded to `bits` significant bits, toward +∞ (`up`) or −∞, from a fraction
    /// not necessarily in lowest terms: the rounding needs only the quotient, not the gcd.
    /// Precondition: d > 0.
    static func round(numerator n: BigInt, denominator d: BigInt, up: Bool, bits: Int) -> Rational {
        if n.isZero { return .zero }
        // 2^(e-1) ≤ |n/d| < 2^(e+1); scale so that the integer part has about `bits` bits.
        let shift = bits - (n.bitWidth - d.bitWidth)
        let scaledNumerator = shift >= 0 ? n.shiftedLeft(shift) : n
        let scaledDenominator = shift >= 0 ? d : d.shiftedLeft(-shift)
        let integer = divide(scaledNumerator, scaledDenominator, up: up)
        if shift <= 0 { return Rational(reduced: integer.shiftedLeft(-shift), .one) }
        let common = Swift.min(integer.isZero ? shift : integer.trailingZeroBitCount, shift)
        return Rational(reduced: integer.shiftedRight(common), BigInt.one.shiftedLeft(shift - common))
    }

    /// a ÷ b rounded toward +∞ (`up`) or −∞. Precondition: b > 0.
    static func divide(_ a: BigInt, _ b: BigInt, up: Bool) -> BigInt {
        if b.trailingZeroBitCount == b.bitWidth - 1 {
            // A power of two, as the denominators of bounds are: a shift, exact when the bits
            // shifted out are all 0.
            let shift = b.bitWidth - 1
            let q = a.shiftedRight(shift)
            if a.isZero || a.trailingZeroBitCount >= shift { return q }
            if up { return a.isNegative ? q : q + .one }
            return a.isNegative ? q - .one : q
        }
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        if r.isZero { return q }
        if up { return a.isNegative ? q : q + .one }
        return a.isNegative ? q - .one : q
    }

    /// Bounds on √x for x ≥ 0: with m = ⌊x·4^k⌋ of about 2·bits bits, √x lies in
    /// [⌊√m⌋/2^k, (⌊√m⌋+1)/2^k], and is ⌊√m⌋/2^k when x·4^k is a perfect square. Only
    /// numbers of 2·bits bits are rooted, whatever the size of x (1e-99999).
    static func squareRootBounds(of x: Rational, bits: Int) -> (lower: Rational, upper: Rational) {
        if x.isZero { return (.zero, .zero) }
        // 2^(e−1) < x < 2^(e+1); choose k so that x·4^k has at least 2·bits + 4 bits.
        let e = x.numerator.bitWidth - x.denominator.bitWidth
        let k = (2 * bits + 5 - e) / 2
        let (dividend, divisor) = k >= 0
            ? (x.numerator.shiftedLeft(2 * k), x.denominator)
            : (x.numerator, x.denominator.shiftedLeft(-2 * k))
        let (m, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        let root = m.squareRoot()
        let exact = remainder.isZero && root * root == m
        func scaled(_ r: BigInt) -> Rational { k >= 0 ? Rational(r, BigInt.one.shiftedLeft(k)) : Rational(r.shiftedLeft(-k)) }
        return (round(scaled(root), up: false, bits: bits), round(scaled(exact ? root : root + .one), up: true, bits: bits))
    }

    // MARK: Arithmetic
    //
    // Each result's bounds are rounded outward to `bits` significant bits.

    public static prefix func - (x: Real) -> Real {
        if let sign = x.signBelowRange { return belowRange(negative: sign > 0) }
        return Real(lower: -x.upper, upper: -x.lower, surd: x.surd.map { Surd(coefficient: -$0.coefficient, radicand: $0.radicand) })
    }

    public func adding(_ b: Real, bits: Int) -> Real {
        if let surd = Surd.sum(surd, b.surd) { return Real(surd, bits: bits) }
        return Real(rounding: lower + b.lower, upper + b.upper, bits: bits)
    }

    public func subtracting(_ b: Real, bits: Int) -> Real { adding(-b, bits: bits) }

    /// The least and the greatest of the four products of the bounds, found from their
    /// signs: only both-straddling-0 needs more than two products (Moore, Interval
    /// Analysis, 1966, the nine cases of interval multiplication).
    public func multiplied(by b: Real, bits: Int) -> Real {
        if let surd = Surd.product(surd, b.surd) { return Real(surd, bits: bits) }
        let (al, au, bl, bu) = (lower, upper, b.lower, b.upper)
        let low: Rational, high: Rational
        if al.signum >= 0 {
            if bl.signum >= 0 { (low, high) = (al * bl, au * bu) } else if bu.signum <= 0 { (low, high) = (au * bl, al * bu) } else { (low, high) = (au * bl, au * bu) }
        } else if au.signum <= 0 {
            if bl.signum >= 0 { (low, high) = (al * bu, au * bl) } else if bu.signum <= 0 { (low, high) = (au * bu, al * bl) } else { (low, high) = (al * bu, al * bl) }
        } else if bl.signum >= 0 {
            (low, high) = (al * bu, au * bu)
        } else if bu.signum <= 0 {
            (low, high) = (au * bl, al * bl)
        } else {
            (low, high) = (Swift.min(al * bu, au * bl), Swift.max(al * bl, au * bu))
        }
        return Real(rounding: low, high, bits: bits)
    }

    /// a ÷ b: the two quotients of bounds that are the least and the greatest, chosen by
    /// the signs, each rounded outward straight from its unreduced fraction (a bound's
    /// exact quotient is only ever rounded). Precondition: b does not contain 0.
    public func divided(by b: Real, bits: Int) -> Real {
        if let bs = b.surd, let surd = Surd.product(surd, bs.reciprocal) { return Real(surd, bits: bits) }
        let (al, au, bl, bu) = (lower, upper, b.lower, b.upper)
        let low: (Rational, Rational), high: (Rational, Rational)
        if bl.signum > 0 {
            if al.signum >= 0 { (low, high) = ((al, bu), (au, bl)) } else if au.signum <= 0 { (low, high) = ((al, bl), (au, bu)) } else { (low, high) = ((al, bl), (au, bl)) }
        } else {
            if al.signum >= 0 { (low, high) = ((au, bu), (al, bl)) } else if au.signum <= 0 { (low, high) = ((au, bl), (al, bu)) } else { (low, high) = ((au, bu), (al, bu)) }
        }
        func quotient(_ x: (Rational, Rational), up: Bool) -> Rational {
            let (n, d) = x.1.isNegative
                ? (-(x.0.numerator * x.1.denominator), x.0.denominator * -x.1.numerator)
                : (x.0.numerator * x.1.denominator, x.0.denominator * x.1.numerator)
            return Real.round(numerator: n, denominator: d, up: up, bits: bits)
        }
        return Real(lower: quotient(low, up: false), upper: quotient(high, up: true))
    }

    /// x^n for a whole n (n ≥ 0, or x not containing 0), by repeated squaring.
    public func power(_ n: Int, bits: Int) -> Real {
        if let surd, let result = surd.power(n) { return Real(result, bits: bits) }
        // By the magnitude: negating the most negative machine integer would trap.
        let positive = power(magnitude: n.magnitude, bits: bits)
        return n < 0 ? Real(.one, bits: bits).divided(by: positive, bits: bits) : positive
    }

    private func power(magnitude n: UInt, bits: Int) -> Real {
        var result = Real(.one, bits: bits), base = self, e = n
        while e > 0 {
            if e & 1 == 1 { result = result.multiplied(by: base, bits: bits) }
            e >>= 1
            if e > 0 { base = base.squared(bits: bits) }
        }
        return result
    }

    /// x², which unlike x·x is never negative.
    func squared(bits: Int) -> Real {
        let a = lower * lower, b = upper * upper
        if containsZero { return Real(rounding: .zero, Swift.max(a, b), bits: bits) }
        return Real(rounding: Swift.min(a, b), Swift.max(a, b), bits: bits)
    }

    public var magnitude: Real {
        if lower.signum >= 0 { return self }
        if upper.signum <= 0 { return -self }
        return Real(lower: .zero, upper: Swift.max(-lower, upper))
    }

    /// √x. Precondition: x ≥ 0 may hold (a lower bound below 0 is treated as 0).
    public func squareRoot(bits: Int) -> Real {
        if let surd, let root = surd.squareRoot { return Real(root, bits: bits) }
        let low = Real.squareRootBounds(of: lower.isNegative ? .zero : lower, bits: bits)
        let high = Real.squareRootBounds(of: upper, bits: bits)
        return Real(lower: low.lower, upper: high.upper)
    }

    /// The exact value when the surd form is rational.
    var exactValue: Rational? {
        guard let surd, surd.radicand == .one else { return nil }
        return surd.coefficient
    }
}

/// An exact c·√r with r a whole number above 1 that is not a perfect square (r = 1 for a
/// rational c, while a computation passes through).
package struct Surd: Sendable, Hashable {
    package let coefficient: Rational
    package let radicand: BigInt

    /// The largest radicand kept: beyond it the surd is dropped and only the bounds remain.
    static let largestRadicandBits = 512

    /// c·√r in its simplest form: square factors moved into c (those of 2…97 found by
    /// trial), and r = 1 when the square root is rational.
    package static func make(_ coefficient: Rational, _ radicand: BigInt) -> Surd? {
        if coefficient.isZero || radicand == .one { return Surd(coefficient: coefficient, radicand: .one) }
        guard radicand.bitWidth <= largestRadicandBits else { return nil }
        let root = radicand.squareRoot()
        if root * root == radicand { return Surd(coefficient: coefficient * Rational(root), radicand: .one) }
        var c = coefficient, r = radicand
        for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97] {
            let square = BigInt(p * p)
            while true {
                let (q, remainder) = r.quotientAndRemainder(dividingBy: square)
                guard remainder.isZero else { break }
                r = q
                c = c * Rational(p)
            }
        }
        return Surd(coefficient: c, radicand: r)
    }

    /// c·√(n/d) = (c/d)·√(n·d) for a non-negative rational n/d.
    static func make(_ coefficient: Rational, radicand: Rational) -> Surd? {
        make(coefficient * Rational(.one, radicand.denominator), radicand.numerator * radicand.denominator)
    }

    static func sum(_ a: Surd?, _ b: Surd?) -> Surd? {
        guard let a, let b else { return nil }
        if a.coefficient.isZero { return b }
        if b.coefficient.isZero { return a }
        guard a.radicand == b.radicand else { return nil }
        return make(a.coefficient + b.coefficient, a.radicand)
    }

    static func product(_ a: Surd?, _ b: Surd?) -> Surd? {
        guard let a, let b else { return nil }
        if a.radicand == b.radicand { return Surd(coefficient: a.coefficient * b.coefficient * Rational(a.radicand), radicand: .one) }
        return make(a.coefficient * b.coefficient, a.radicand * b.radicand)
    }

    /// 1 ÷ c√r = (1/(c·r))·√r. Precondition: c ≠ 0.
    var reciprocal: Surd { Surd(coefficient: (coefficient * Rational(radicand)).reciprocal, radicand: radicand) }

    /// (c√r)^n = c^n · r^(n/2); nil when the result would leave the exact range.
    func power(_ n: Int) -> Surd? {
        let bits = Double(Swift.max(coefficient.bitWidth, 1)) + Double(radicand.bitWidth) / 2
        guard Double(n.magnitude) * bits <= Double(Number.exactBits), !(coefficient.isZero && n < 0) else { return nil }
        let half = Rational(radicand).power(n >= 0 ? n / 2 : -((-n) / 2))
        let odd = n % 2 != 0
        let c = coefficient.power(n) * half
        if !odd { return Surd(coefficient: c, radicand: .one) }
        // An odd power keeps one √r: r^(n/2) = r^⌊n/2⌋·√r for n > 0, r^⌈n/2⌉/r·√r below.
        return n > 0 ? Surd(coefficient: c, radicand: radicand) : Surd(coefficient: c / Rational(radicand), radicand: radicand)
    }

    /// √(c√r) is a surd only when r = 1.
    var squareRoot: Surd? {
        guard radicand == .one, !coefficient.isNegative else { return nil }
        return Surd.make(.one, radicand: coefficient)
    }
}

extension Rational {
    var isPositive: Bool { signum > 0 }
}
