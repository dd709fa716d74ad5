import Synchronization

/// A fixed-point number with a bound on its error: the true value lies within
/// (value ± error) · 2^−bits. Every operation widens `error` by what it may lose, so a
/// series summed with these operations carries a proven bound on its result.
struct FixedPoint {
    var value: BigInt
    /// In units of 2^−bits; never negative.
    var error: BigInt
    let bits: Int

    init(value: BigInt, error: BigInt, bits: Int) {
        self.value = value
        self.error = error
        self.bits = bits
    }

    /// r to `bits` fractional bits (truncated: an error below one unit).
    init(_ r: Rational, bits: Int) {
        self.init(numerator: r.numerator, denominator: r.denominator, bits: bits)
    }

    /// n/d (d > 0, not necessarily in lowest terms) to `bits` fractional bits.
    init(numerator n: BigInt, denominator d: BigInt, bits: Int) {
        self.init(value: n.shiftedLeft(bits) / d, error: .one, bits: bits)
    }

    static func + (a: FixedPoint, b: FixedPoint) -> FixedPoint {
        FixedPoint(value: a.value + b.value, error: a.error + b.error, bits: a.bits)
    }

    static func - (a: FixedPoint, b: FixedPoint) -> FixedPoint {
        FixedPoint(value: a.value - b.value, error: a.error + b.error, bits: a.bits)
    }

    /// |a·b − ab| ≤ |a|·εb + |b|·εa + εa·εb, plus one unit for the truncated product.
    static func * (a: FixedPoint, b: FixedPoint) -> FixedPoint {
        let spread = a.value.magnitude * b.error + b.value.magnitude * a.error + a.error * b.error
        return FixedPoint(value: (a.value * b.value).shiftedRight(a.bits),
                          error: spread.shiftedRight(a.bits) + BigInt(2), bits: a.bits)
    }

    func times(_ n: BigInt) -> FixedPoint {
        FixedPoint(value: value * n, error: error * n.magnitude, bits: bits)
    }

    /// self ÷ n for a whole n ≥ 1: the error shrinks, plus one unit for truncation.
    func divided(by n: Int) -> FixedPoint {
        let divisor = BigInt(n)
        return FixedPoint(value: value / divisor, error: error / divisor + .one, bits: bits)
    }

    var negated: FixedPoint { FixedPoint(value: -value, error: error, bits: bits) }

    /// Whether the value is known to a relative error below 2^−(precision + 8).
    func isPrecise(to precision: Int) -> Bool {
        value.magnitude.bitWidth > error.bitWidth + precision + 8
    }

    /// The bounds as a `Real` rounded outward to `precision` bits, times 2^scale.
    func real(scale: Int = 0, precision: Int) -> Real {
        let shift = bits - scale
        // n/2^shift in lowest terms without a division: only 2s are common.
        func at(_ n: BigInt) -> Rational {
            if shift <= 0 { return Rational(reduced: n.shiftedLeft(-shift), .one) }
            let common = n.isZero ? shift : Swift.min(n.trailingZeroBitCount, shift)
            return Rational(reduced: n.shiftedRight(common), BigInt.one.shiftedLeft(shift - common))
        }
        return Real(rounding: at(value - error), at(value + error), bits: precision)
    }

    /// Adds terms until they vanish at this precision: `next(term, n)` gives term n from
    /// term n−1. The tail left out is bounded by twice the last term's error, which holds
    /// once terms shrink by half or more each step (as they do for every series here by
    /// the time they vanish).
    static func series(first: FixedPoint, from start: Int = 1, _ next: (FixedPoint, Int) -> FixedPoint) -> FixedPoint {
        var sum = first, term = first, n = start
        while !term.value.isZero {
            term = next(term, n)
            sum = sum + term
            n += 1
        }
        sum.error = sum.error + term.error.shiftedLeft(1) + BigInt(2)
        return sum
    }
}

/// Elementary functions on exact arguments, each returning proven bounds, and on `Real`
/// intervals through monotonicity or a bound on the derivative.
///
/// Series (Abramowitz & Stegun, *Handbook of Mathematical Functions*, 4.2.1, 4.1.27,
/// 4.3.65–66, 4.4.42; π by Machin's formula, 4.4.4 ff.): exp by its Taylor series after
/// x = k·ln 2 + r; ln by 2·atanh((m−1)/(m+1)) after x = m·2^k; atan by Euler's series
/// Σ 2^2n (n!)²/(2n+1)! · x^(2n+1)/(1+x²)^(n+1); sin and cos by Taylor after reducing
/// by π/2. Each is summed in fixed point with its error tracked (`FixedPoint`) and
/// recomputed with more bits until the result is known to the precision asked for.
extension Real {
    /// Runs `compute` at increasing working precision until its result is known to
    /// `precision` bits relative (cancellation near a zero of the function costs bits), or
    /// to within 2^toleranceLog2 when one is given.
    static func converging(to precision: Int, extra: Int = 0, within toleranceLog2: Int? = nil,
                           _ compute: (Int) -> (FixedPoint, scale: Int)) -> Real {
        var bits = precision + 64 + Swift.max(0, extra)
        while true {
            let (result, scale) = compute(bits)
            let closeEnough = toleranceLog2.map { result.error.bitWidth + scale - result.bits <= $0 } ?? false
            if result.isPrecise(to: precision) || closeEnough || bits > 16 * precision + 8192 {
                return result.real(scale: scale, precision: precision)
            }
            let deficit = result.error.bitWidth + precision + 8 - result.value.magnitude.bitWidth
            bits += Swift.max(64, deficit + 16)
        }
    }

    /// Fractional bits of the constants computed once (π, ln 2, atan(k/8)); more are
    /// computed when asked for.
    static let cachedBits = 1200

    /// Fractional bits of π and ln 2 kept, when first asked for beyond `cachedBits`
    /// (ln 2 to all of them at once, π grown as asked): by a statement computed again with
    /// more bits (`EvaluationContext.sharperPrecisions`), whose every sin or exp would
    /// otherwise compute them afresh.
    static let sharpCachedBits = 8192

    /// A constant at `bits` from a cached value when that has enough bits.
    private static func cached(_ constant: FixedPoint, bits: Int, compute: (Int) -> FixedPoint) -> FixedPoint {
        guard bits <= constant.bits else { return compute(bits) }
        let shift = constant.bits - bits
        // Dropping bits truncates: one more unit of error.
        return FixedPoint(value: constant.value.shiftedRight(shift), error: constant.error.shiftedRight(shift) + BigInt(2), bits: bits)
    }

    private static let piCached = computePi(bits: cachedBits)
    private static let ln2Cached = ln2Computed(bits: cachedBits)
    private static let ln10Cached = ln2Cached.times(3) + arctangentOfReciprocal(9, hyperbolic: true, bits: cachedBits).times(2)
    private static let ln2Sharp = ln2Computed(bits: sharpCachedBits)
    /// atan(k/8) for k = 0…8, the points that atan's argument is reduced to.
    private static let atanEighths: [FixedPoint] = (0...8).map { atanEuler(BigInt($0), BigInt(8), bits: cachedBits) }

    /// π to `bits` fractional bits: from `piCached`, or past it from `piGrown`, or, past
    /// `sharpCachedBits`, computed afresh.
    static func piFixed(bits: Int) -> FixedPoint {
        if bits <= cachedBits { return cached(piCached, bits: bits, compute: computePi) }
        if bits > sharpCachedBits { return computePi(bits: bits) }
        let held = piGrown.withLock { $0 }
        if let held, held.bits >= bits { return cached(held, bits: bits, compute: computePi) }
        // At least twice the bits held, and whole kilobits: a statement computed again with
        // more bits grows it a few times at most, each costing a quarter of the next.
        let grown = computePi(bits: Swift.min(sharpCachedBits, Swift.max(2 * (held?.bits ?? cachedBits), (bits + 1023) / 1024 * 1024)))
        piGrown.withLock { if ($0?.bits ?? 0) < grown.bits { $0 = grown } }
        return cached(grown, bits: bits, compute: computePi)
    }

    /// π past `cachedBits`, to as many bits as asked for so far (up to `sharpCachedBits`):
    /// the Machin series' cost grows as the square of the bits, and sin(1e999) needs 3,450.
    private static let piGrown = Mutex<FixedPoint?>(nil)

    static func ln2Fixed(bits: Int) -> FixedPoint { cached(bits <= cachedBits ? ln2Cached : ln2Sharp, bits: bits, compute: ln2Computed) }
    /// ln 10 = 3·ln 2 + ln(5/4) = 3·ln 2 + 2·atanh(1/9), the denominator of every log₁₀.
    static func ln10Fixed(bits: Int) -> FixedPoint {
        cached(ln10Cached, bits: bits) { ln2Fixed(bits: $0).times(3) + arctangentOfReciprocal(9, hyperbolic: true, bits: $0).times(2) }
    }

    /// π to `bits` fractional bits: 16·atan(1/5) − 4·atan(1/239) (Machin).
    private static func computePi(bits: Int) -> FixedPoint {
        arctangentOfReciprocal(5, hyperbolic: false, bits: bits).times(16)
            - arctangentOfReciprocal(239, hyperbolic: false, bits: bits).times(4)
    }

    /// ln 2 = 2·atanh(1/3) to `bits` fractional bits.
    private static func ln2Computed(bits: Int) -> FixedPoint {
        arctangentOfReciprocal(3, hyperbolic: true, bits: bits).times(2)
    }

    /// atan(1/n), or with `hyperbolic` atanh(1/n), for a whole n ≥ 3: Σ (∓1)^k/((2k+1)·n^(2k+1))
    /// (A&S 4.4.42; 4.1.27 for atanh), by divisions by whole numbers only, so π and ln 2 to
    /// thousands of bits cost no big multiplication.
    private static func arctangentOfReciprocal(_ n: Int, hyperbolic: Bool, bits: Int) -> FixedPoint {
        let x = FixedPoint(Rational(.one, BigInt(n)), bits: bits)
        // Powers x^(2k+1) divided by n² each step; the term is the power over 2k+1.
        var power = x, sum = x, k = 1
        while !power.value.isZero {
            power = power.divided(by: n * n)
            let term = power.divided(by: 2 * k + 1)
            sum = hyperbolic || k % 2 == 0 ? sum + term : sum - term
            k += 1
        }
        // The tail left out is below the last power's error: terms shrink by n² ≥ 9.
        sum.error = sum.error + power.error.shiftedLeft(1) + BigInt(2)
        return sum
    }

    /// atanh z for |z| ≤ 1/5: of a fraction of small parts (z = 3/203 for ln 1.03) by
    /// whole-number steps, else by fixed-point products.
    static func atanh(_ z: Rational, bits: Int) -> FixedPoint {
        if let (p, q) = z.machineParts, p.magnitude < 1 << 15, q < 1 << 15 { return atanhOfSmallFraction(Int(p), Int(q), bits: bits) }
        return atanhFixed(z, bits: bits)
    }

    /// atanh(p/q) = Σ (p/q)^(2k+1)/(2k+1) for |p/q| ≤ 1/5 with p² and q² machine-sized
    /// (A&S 4.1.27): each power from the last by a product with p² and a division by q²,
    /// as `arctangentOfReciprocal` steps, so no term needs a big multiplication. Each
    /// step adds at most one unit of error and shrinks the error before it 25-fold.
    static func atanhOfSmallFraction(_ p: Int, _ q: Int, bits: Int) -> FixedPoint {
        let square = BigInt(p * p), divisor = q * q
        var power = FixedPoint(numerator: BigInt(p), denominator: BigInt(q), bits: bits), sum = power, k = 1
        while !power.value.isZero {
            power = power.times(square).divided(by: divisor)
            sum = sum + power.divided(by: 2 * k + 1)
            k += 1
        }
        // The tail left out is below the last power's error: terms shrink by 25 or more.
        sum.error = sum.error + power.error.shiftedLeft(1) + BigInt(2)
        return sum
    }

    /// atanh z = Σ z^(2n+1)/(2n+1), for |z| ≤ 1/5.
    static func atanhFixed(_ z: Rational, bits: Int) -> FixedPoint {
        let x = FixedPoint(z, bits: bits), square = FixedPoint(z * z, bits: bits)
        var power = x, sum = x, n = 1
        while !power.value.isZero {
            power = power * square
            sum = sum + power.divided(by: 2 * n + 1)
            n += 1
        }
        sum.error = sum.error + power.error.shiftedLeft(1) + BigInt(2)
        return sum
    }

    /// π to `bits` bits.
    public static func pi(bits: Int) -> Real { converging(to: bits) { (piFixed(bits: $0), 0) } }

    // MARK: Functions at an exact point

    /// |x| beyond which e^x leaves the range: ln(1e100000).
    static let largestExponent = Rational(230_259)

    /// e^x to `bits` bits; refused beyond the range (±1e100000), before anything is computed.
    static func exp(at x: Rational, bits: Int) throws(ArithmeticError) -> Real {
        if x > largestExponent { throw .tooLarge }
        if x < -largestExponent { throw .tooSmall }
        return expWithinRange(x, bits: bits)
    }

    /// e^x for |x| ≤ `largestExponent`, which keeps k = round(x/ln 2) within 2^19.
    private static func expWithinRange(_ x: Rational, bits precision: Int) -> Real {
        if x.isZero { return Real(.one, bits: precision) }
        let k = BigInt(Int64((x.doubleValue / 0.6931471805599453).rounded()))
        return converging(to: precision) { bits in
            let work = bits + k.bitWidth
            let r = FixedPoint(x, bits: work) - ln2Fixed(bits: work).times(k)
            let one = FixedPoint(value: BigInt.one.shiftedLeft(work), error: .zero, bits: work)
            let sum = FixedPoint.series(first: one) { term, n in (term * r).divided(by: n) }
            return (sum, Int(k.int64Value!))
        }
    }

    /// e, the base of natural logarithms, to `bits` bits.
    static func e(bits: Int) -> Real { expWithinRange(.one, bits: bits) }

    /// e^x − 1 to `bits` bits, accurate for small x too.
    static func expMinusOne(at x: Rational, bits precision: Int) throws(ArithmeticError) -> Real {
        if x.magnitude >= Rational(reduced: .one, BigInt(2)) {
            return try exp(at: x, bits: precision).subtracting(Real(.one, bits: precision), bits: precision)
        }
        if x.isZero { return Real(.zero, bits: precision) }
        return converging(to: precision, extra: -Int(x.log2Magnitude)) { bits in
            let r = FixedPoint(x, bits: bits)
            return (FixedPoint.series(first: r, from: 2) { term, n in (term * r).divided(by: n) }, 0)
        }
    }

    /// ln x to the context's precision, from its memo when it has one. Precondition: x > 0.
    package static func ln(at x: Rational, in context: borrowing EvaluationContext) -> Real {
        let bits = context.precision
        if x == .one { return Real(.zero, bits: bits) }
        if x == Rational(10) { return converging(to: bits) { (ln10Fixed(bits: $0), 0) } }
        return context.remembered("ln", at: [.exact(x)]) { lnComputed(at: x, bits: bits) }
    }

    /// ln x by its series, to `precision` bits. Precondition: x > 0, x ≠ 1.
    private static func lnComputed(at x: Rational, bits precision: Int) -> Real {
        // x = m·2^k with 2/3 ≤ m ≤ 4/3, so z = (m−1)/(m+1) is at most 1/5 in size.
        var k = x.numerator.bitWidth - x.denominator.bitWidth
        var m = k >= 0 ? x / Rational(BigInt.one.shiftedLeft(k)) : x * Rational(BigInt.one.shiftedLeft(-k))
        while m > Rational(BigInt(4), BigInt(3)) { m = m / Rational(2); k += 1 }
        while m < Rational(BigInt(2), BigInt(3)) { m = m * Rational(2); k -= 1 }
        let z = (m - .one) / (m + .one)
        return converging(to: precision, extra: z.isZero ? 0 : -Int(z.log2Magnitude)) { bits in
            var sum = ln2Fixed(bits: bits).times(BigInt(k))
            if !z.isZero { sum = sum + atanh(z, bits: bits).times(2) }
            return (sum, 0)
        }
    }

    /// atan x, in radians, to `precision` bits.
    static func atan(at x: Rational, bits precision: Int) -> Real {
        if x.isZero { return Real(.zero, bits: precision) }
        if x.magnitude > .one {
            // atan x = ±π/2 − atan(1/x).
            return converging(to: precision) { bits in
                let pi = piFixed(bits: bits)
                let halfPi = FixedPoint(value: pi.value.shiftedRight(1), error: pi.error, bits: bits)
                let rest = atanFixed(x.reciprocal, bits: bits)
                return (x.isNegative ? halfPi.negated - rest : halfPi - rest, 0)
            }
        }
        return converging(to: precision, extra: -Int(x.log2Magnitude)) { (atanFixed(x, bits: $0), 0) }
    }

    /// atan x for |x| ≤ 1: atan(c) + atan((x−c)/(1+cx)) with c the nearest k/8, so the
    /// series runs on a value below 1/16.
    static func atanFixed(_ x: Rational, bits: Int) -> FixedPoint {
        let p = x.numerator.magnitude, q = x.denominator
        let k = (x.magnitude * Rational(8)).rounded(.nearest)
        guard let index = k.int64Value, index > 0, index <= 8 else { return atanEuler(x.numerator, q, bits: bits) }
        // (|x| − k/8)/(1 + k|x|/8) = (8p − kq)/(8q + kp).
        let rest = atanEuler(p.shiftedLeft(3) - k * q, q.shiftedLeft(3) + k * p, bits: bits)
        let sum = cached(atanEighths[Int(index)], bits: bits) { atanEuler(k, BigInt(8), bits: $0) } + rest
        return x.isNegative ? sum.negated : sum
    }

    /// Euler's series for atan(n/d), |n/d| ≤ 1, d > 0: terms shrink by x²/(1+x²) ≤ 1/2
    /// each step.
    static func atanEuler(_ n: BigInt, _ d: BigInt, bits: Int) -> FixedPoint {
        if n.isZero { return FixedPoint(value: .zero, error: .zero, bits: bits) }
        // x²/(1+x²) = n²/(n²+d²); x/(1+x²) = nd/(n²+d²).
        let sumOfSquares = n * n + d * d
        let ratio = FixedPoint(numerator: n * n, denominator: sumOfSquares, bits: bits)
        let first = FixedPoint(numerator: n * d, denominator: sumOfSquares, bits: bits)
        return FixedPoint.series(first: first) { term, n in (term * ratio).times(BigInt(2 * n)).divided(by: 2 * n + 1) }
    }

    /// The largest whole part, in bits, of an argument that sin and cos reduce by π/2:
    /// the reduction needs π to as many bits again, and beyond twice the exact range
    /// (sin(2^100000)) it would take seconds to learn a value between −1 and 1.
    static let largestReductionBits = 2 * Number.exactBits

    /// Whether sin and cos of x are worked out rather than refused as lost in rounding: its
    /// whole part within `largestReductionBits`, with two bits to spare for an x rounded on
    /// the way.
    package static func reduces(_ x: Rational) -> Bool {
        x.numerator.bitWidth - x.denominator.bitWidth <= largestReductionBits - 2
    }

    /// sin x or cos x, in radians, known to `precision` bits or to within 2^toleranceLog2;
    /// refused as lost in rounding when x is too large to reduce.
    static func sinOrCos(at x: Rational, cosine: Bool, within toleranceLog2: Int? = nil,
                         bits precision: Int) throws(ArithmeticError) -> Real {
        if x.isZero { return Real(cosine ? .one : .zero, bits: precision) }
        guard x.numerator.bitWidth - x.denominator.bitWidth <= largestReductionBits else {
            throw .lost(lower: -.one, upper: .one)
        }
        return converging(to: precision, within: toleranceLog2) { bits in
            // k = round(x/(π/2)), r = x − k·π/2, |r| ≤ π/4 (a little more from rounding).
            let work = bits + Swift.max(0, x.numerator.bitWidth - x.denominator.bitWidth)
            let pi = piFixed(bits: work)
            let halfPi = FixedPoint(value: pi.value.shiftedRight(1), error: pi.error, bits: work)
            let fixedX = FixedPoint(x, bits: work)
            let k = Real.divide(fixedX.value.shiftedLeft(1) + halfPi.value, halfPi.value.shiftedLeft(1), up: false)
            // The reduction needs x's whole bits again; r, below 1, needs only `bits`: the
            // series runs at those (truncating adds a unit of error, and one for the error's own).
            let reduced = fixedX - halfPi.times(k)
            let shift = work - bits
            let r = shift <= 0 ? reduced : FixedPoint(value: reduced.value.shiftedRight(shift),
                                                      error: reduced.error.shiftedRight(shift) + BigInt(2), bits: bits)
            let square = r * r
            // sin(x) by quadrant: sin r, cos r, −sin r, −cos r; cos(x) is sin(x + π/2).
            let quadrant = (Int(((k % BigInt(4)) + BigInt(4)).int64Value! % 4) + (cosine ? 1 : 0)) % 4
            let result: FixedPoint
            if quadrant % 2 == 0 {
                result = FixedPoint.series(first: r) { term, n in (term * square).divided(by: (2 * n) * (2 * n + 1)).negated }
            } else {
                let one = FixedPoint(value: BigInt.one.shiftedLeft(r.bits), error: .zero, bits: r.bits)
                result = FixedPoint.series(first: one) { term, n in (term * square).divided(by: (2 * n - 1) * (2 * n)).negated }
            }
            return (quadrant >= 2 ? result.negated : result, 0)
        }
    }

    // MARK: Functions on intervals

    /// The single exact value x stands for, when it is one: bounds that meet, or an exact
    /// value within the exact range (bounds rounded to the precision would lose the
    /// argument of sin(7^100) entirely).
    var exactPoint: Rational? {
        if lower == upper { return lower }
        if let exact = exactValue, exact.bitWidth <= Number.exactBits { return exact }
        return nil
    }

    /// f on [lower, upper] for an increasing (or, with `increasing: false`, decreasing) f.
    static func monotone<Failure: Error>(_ x: Real, increasing: Bool = true,
                                         _ f: (Rational) throws(Failure) -> Real) throws(Failure) -> Real {
        if let point = x.exactPoint { return try f(point) }
        let a = try f(x.lower), b = try f(x.upper)
        return increasing ? Real(lower: a.lower, upper: b.upper) : Real(lower: b.lower, upper: a.upper)
    }

    /// f on the interval for an f with |f′| ≤ 1 whose values lie in [−1, 1]: f(midpoint)
    /// widened by the interval's radius; [−1, 1] without computing when the radius is 2
    /// or more (sin(1e99999) would otherwise need π to 332,000 bits to learn nothing).
    /// f(midpoint) is asked for to within a 256th of the radius at most: near a zero of f
    /// (sin(pi)), digits of it beyond those cost bits and are lost in the widening.
    static func slowlyVarying(_ x: Real, bits: Int, _ f: (Rational, _ toleranceLog2: Int?) throws(ArithmeticError) -> Real)
        throws(ArithmeticError) -> Real {
        if let point = x.exactPoint { return try f(point, nil) }
        let middle = x.midpoint(bits: bits)
        let radius = Swift.max(x.upper - middle, middle - x.lower)
        if radius >= Rational(2) { return Real(lower: -.one, upper: .one) }
        let value = try f(middle, Int(radius.log2Magnitude.rounded(.down)) - 8)
        return Real(rounding: Swift.max(value.lower - radius, -.one), Swift.min(value.upper + radius, .one), bits: bits)
    }

    public func exp(bits: Int) throws(ArithmeticError) -> Real {
        try Real.monotone(self) { (x) throws(ArithmeticError) in try Real.exp(at: x, bits: bits) }
    }
    public func expMinusOne(bits: Int) throws(ArithmeticError) -> Real {
        try Real.monotone(self) { (x) throws(ArithmeticError) in try Real.expMinusOne(at: x, bits: bits) }
    }
    /// ln x to the context's precision, from its memo. Precondition: the interval lies above 0.
    public func ln(in context: borrowing EvaluationContext) -> Real {
        // The closure captures the context, which a borrowed parameter cannot be.
        let context = copy context
        return Real.monotone(self) { Real.ln(at: $0, in: context) }
    }
    public func atan(bits: Int) -> Real { Real.monotone(self) { Real.atan(at: $0, bits: bits) } }
    public func sin(bits: Int) throws(ArithmeticError) -> Real {
        try Real.slowlyVarying(self, bits: bits) { (x, tolerance) throws(ArithmeticError) in
            try Real.sinOrCos(at: x, cosine: false, within: tolerance, bits: bits)
        }
    }
    public func cos(bits: Int) throws(ArithmeticError) -> Real {
        try Real.slowlyVarying(self, bits: bits) { (x, tolerance) throws(ArithmeticError) in
            try Real.sinOrCos(at: x, cosine: true, within: tolerance, bits: bits)
        }
    }
}
