/// A calculator value: exact while it can be, an interval with proven bounds (and marked
/// approximate) once it cannot.
///
/// `+ − × ÷` and integer powers of exact values stay exact as long as numerator and
/// denominator each fit in `Number.exactBits` bits (about 1,200 decimal digits); so do
/// exact roots (`8^(2/3) = 4`, `(5^1500)^(1/3) = 5^500`). Irrational results (functions,
/// roots of non-powers) and exact results beyond that size become `Real`s, which carry
/// bounds on their error and keep square roots exact (`sqrt(2)*sqrt(2) = 2`). A result
/// beyond ±1e100000 or below 1e-100000 is an error: a value is never silently shown as
/// infinity or 0. Within a statement's expression one below the range is kept as its sign
/// (`Number.belowRange`), so that a sum can round it away (`1 + exp(-300000)` is ≈ 1).
public enum Number: Sendable, Hashable {
    case exact(Rational)
    indirect case approximate(Real)

    /// The largest numerator or denominator, in bits, kept exactly.
    public static let exactBits = 4096

    public init(_ value: Int) { self = .exact(Rational(value)) }

    /// An exact decimal constant: `Number.decimal("7.88")`.
    public static func decimal(_ text: String) -> Number { .exact(Rational(decimal: text)) }

    /// An exact value's parts, when both fit in 64 bits.
    @inlinable package var machineFraction: (numerator: Int64, denominator: Int64)? {
        if case .exact(let value) = self { return value.machineParts }
        return nil
    }

    public var isExact: Bool {
        if case .exact = self { return true }
        return false
    }

    /// The value as an interval (a point for an exact value, its bounds rounded outward
    /// to `bits` bits).
    public func real(bits: Int) -> Real {
        switch self {
        case .exact(let r): return Real(r, bits: bits)
        case .approximate(let x): return x
        }
    }

    /// The exact value, or the midpoint of the bounds: for ordering and display.
    public var nearestRational: Rational {
        switch self {
        case .exact(let r): return r
        case .approximate(let x): return x.midpoint
        }
    }

    public var doubleValue: Double { nearestRational.doubleValue }

    public var isZero: Bool {
        if case .exact(let r) = self { return r.isZero }
        return false
    }

    /// Whether the value is known not to be 0 but lies below the range (e^−300000).
    public var isBelowRange: Bool {
        if case .approximate(let x) = self { return x.signBelowRange != nil }
        return false
    }

    /// Whether the value is known to be below 0.
    public var isNegative: Bool {
        switch self {
        case .exact(let r): return r.isNegative
        case .approximate(let x): return x.sign == -1
        }
    }

    /// Whether the value is known to be above 0.
    public var isPositive: Bool {
        switch self {
        case .exact(let r): return r.signum > 0
        case .approximate(let x): return x.sign == 1
        }
    }

    /// The value as an `Int`, if it is an exact integer that fits.
    public var exactInteger: Int? {
        guard case .exact(let r) = self, r.isInteger, let v = r.numerator.int64Value else { return nil }
        return Int(exactly: v)
    }

    // MARK: Checked construction

    /// An exact result, or its bounds (to the context's precision) when it is too large to
    /// keep exactly.
    package static func checked(_ r: Rational, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if r.machineParts != nil { return .exact(r) }
        if r.numerator.bitWidth <= exactBits && r.denominator.bitWidth <= exactBits { return .exact(r) }
        if r.log2Magnitude < -Real.largestLog2 { return try .belowRange(negative: r.isNegative, in: context) }
        try checkRange(log2: r.log2Magnitude)
        // Bounds only: an exact form this long would make every later step slow.
        return .approximate(Real(rounding: r, r, bits: context.precision))
    }

    /// `checked(r, in: .standard)`.
    package static func checked(_ r: Rational) throws(ArithmeticError) -> Number { try checked(r, in: .standard) }

    /// Below 2^−100 an interval around 0 shows as `≈ 0`; wider, the value is lost.
    static let negligibleLog2 = -100.0

    /// An approximate result: exact again when its exact form is rational; refused beyond
    /// the range, and refused when rounding has left not even one digit known (sin(1e99999),
    /// a difference of two huge equal approximations). Bounds of one sign below the range
    /// keep only that sign; bounds around 0 that lie below the range come from a value
    /// below it whose sign was lost, and are refused as too small.
    package static func checked(_ x: Real, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if x.signBelowRange != nil { return .approximate(x) }
        if let exact = x.exactValue { return try checked(exact, in: context) }
        if let surd = x.surd, surd.coefficient.bitWidth > exactBits {
            return try checked(Real(lower: x.lower, upper: x.upper), in: context)
        }
        if x.containsZero {
            let size = x.log2Magnitude
            if size.isFinite, size < -Real.largestLog2 { throw .tooSmall }
            if size > negligibleLog2 { throw .lost(lower: x.lower, upper: x.upper) }
            return .approximate(x)
        }
        if x.log2Magnitude < -Real.largestLog2 { return try .belowRange(negative: x.upper.isNegative, in: context) }
        if NumberDisplay.knownDigits(x, upTo: 1) == 0 { throw .lost(lower: x.lower, upper: x.upper) }
        let small = x.lower.magnitude < x.upper.magnitude ? x.lower.magnitude : x.upper.magnitude
        try checkRange(log2: x.log2Magnitude)
        try checkRange(log2: small.log2Magnitude)
        return .approximate(x)
    }

    /// `checked(x, in: .standard)`.
    package static func checked(_ x: Real) throws(ArithmeticError) -> Number { try checked(x, in: .standard) }

    /// Refuses a magnitude 2^log2 beyond ±1e100000 or below 1e-100000.
    package static func checkRange(log2: Double) throws(ArithmeticError) {
        if log2 > Real.largestLog2 { throw .tooLarge }
        if log2 < -Real.largestLog2 { throw .tooSmall }
    }

    // MARK: Arithmetic

    public static prefix func - (x: Number) -> Number {
        switch x {
        case .exact(let r): return .exact(-r)
        case .approximate(let a): return .approximate(-a)
        }
    }

    /// An exact value's parts when both fit in 64 bits. Arithmetic on two such values
    /// reads them here instead of copying both values out of the enum, and its result,
    /// within 128 bits, needs no range check.
    private var machineParts: (numerator: Int64, denominator: Int64)? {
        guard case .exact(let r) = self else { return nil }
        return r.machineParts
    }

    // Each takes the context it computes in: approximate results are rounded to its
    // precision, and results below the range are kept or refused as it says. Two exact
    // values that fit in machine words, the common case, read nothing from it.

    public func adding(_ other: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if let (an, ad) = machineParts, let (bn, bd) = other.machineParts { return .exact(.machineSum(an, ad, bn, bd)) }
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a + b, in: context) }
        if isBelowRange || other.isBelowRange { return try Number.sumWithTermBelowRange(self, other, in: context) }
        let bits = context.precision
        return try .checked(real(bits: bits).adding(other.real(bits: bits), bits: bits), in: context)
    }

    public func subtracting(_ other: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if let (an, ad) = machineParts, let (bn, bd) = other.machineParts, bn != .min {
            return .exact(.machineSum(an, ad, -bn, bd))
        }
        return try adding(-other, in: context)
    }

    public func multiplied(by other: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if let (an, ad) = machineParts, let (bn, bd) = other.machineParts { return .exact(.machineProduct(an, ad, bn, bd)) }
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a * b, in: context) }
        if isZero || other.isZero { return Number(0) }
        if isBelowRange { return try scaledBelowRange(by: other, dividing: false, in: context) }
        if other.isBelowRange { return try other.scaledBelowRange(by: self, dividing: false, in: context) }
        let bits = context.precision
        return try .checked(real(bits: bits).multiplied(by: other.real(bits: bits), bits: bits), in: context)
    }

    public func divided(by other: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if other.isZero { throw .divisionByZero }
        if let (an, ad) = machineParts, let (bn, bd) = other.machineParts, bn != .min {
            return .exact(.machineQuotient(an, ad, bn, bd))
        }
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a / b, in: context) }
        if isZero { return self }
        let bits = context.precision
        if other.isBelowRange {
            // |x| ≥ 1 over a magnitude below 1e-100000 is beyond 1e100000.
            if !isBelowRange, real(bits: bits).magnitude.lower >= .one { throw .tooLarge }
            throw .tooSmall
        }
        if isBelowRange { return try scaledBelowRange(by: other, dividing: true, in: context) }
        let divisor = other.real(bits: bits)
        if divisor.containsZero { throw .tooClose("the divisor is too close to 0 to divide by") }
        return try .checked(real(bits: bits).divided(by: divisor, bits: bits), in: context)
    }

    /// self ^ exponent. Exact for an exact base and an integer exponent while the result
    /// fits the exact range, and for exact rational roots (`4^0.5 = 2`, `8^(2/3) = 4`).
    /// Interrupted as the context says before anything is computed.
    public func raised(to exponent: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        try context.checkInterruption()
        let bits = context.precision
        if isZero {
            if exponent.isNegative { throw .divisionByZero }
            if exponent.isZero { return Number(1) }
            if case .approximate = exponent, exponent.real(bits: bits).sign != 1 {
                throw .tooClose("the exponent is too close to 0 to raise 0 to it")
            }
            return self
        }
        // A power of a value below the range, or to one, needs more than its bound.
        if isBelowRange || exponent.isBelowRange { throw .tooSmall }
        if case .exact(let base) = self, case .exact(let e) = exponent {
            if base.magnitude == .one, e.isInteger {
                return .exact(base.isNegative && !e.numerator.isEven ? -.one : .one)
            }
            if e.isInteger, let n = e.numerator.int64Value, Number.fitsExactly(base, power: n) {
                return try .checked(base.power(Int(n)), in: context)
            }
            if !e.isInteger, let root = Number.exactRoot(base, degree: e.denominator),
               let n = e.numerator.int64Value, Number.fitsExactly(root, power: n) {
                return try .checked(root.power(Int(n)), in: context)
            }
        }
        return try approximatePower(exponent, in: context)
    }

    /// Whether base^power stays within the exact range, estimated before computing it.
    private static func fitsExactly(_ base: Rational, power: Int64) -> Bool {
        let largest = max(base.numerator.magnitude.log2Magnitude, base.denominator.log2Magnitude)
        return Double(power.magnitude) * largest <= Double(exactBits)
    }

    private func approximatePower(_ exponent: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let bits = context.precision
        var negateResult = false
        if isNegative || (!isExact && real(bits: bits).containsZero) {
            // A negative base has a real power only for an integer exponent, or a rational
            // one with an odd denominator (−8^(1/3) = −2).
            guard case .exact(let e) = exponent, e.isInteger || !e.denominator.isEven else {
                if !isNegative { throw .tooClose("the base is too close to 0 to tell its sign") }
                throw .notReal("a negative number to a fractional power")
            }
            negateResult = !e.numerator.isEven && isNegative
        }
        let base = negateResult || isNegative ? real(bits: bits).magnitude : real(bits: bits)
        if exponent.isZero { return 1 }
        if base.containsZero { return try Number.powerNearZero(base, exponent, in: context) }
        // ln of the result, bounded before anything is computed from it: a base within
        // 2^−53 of 1 has a log₂ of 0 as a Double, which would let any exponent through.
        // One that reaches the limit within its rounding is refused with those beyond it.
        let logarithm = base.ln(in: context).multiplied(by: exponent.real(bits: bits), bits: bits)
        if logarithm.upper > Real.largestExponent { throw .tooLarge }
        if logarithm.upper < -Real.largestExponent { return try .belowRange(negative: negateResult, in: context) }
        if logarithm.lower < -Real.largestExponent { throw .tooSmall }
        let result: Real
        if case .exact(let e) = exponent, e.isInteger, let n = e.numerator.int64Value {
            result = base.power(Int(n), bits: bits)
        } else if case .exact(let e) = exponent, e.denominator == BigInt(2), let n = e.numerator.int64Value {
            result = base.squareRoot(bits: bits).power(Int(n), bits: bits)
        } else {
            result = try logarithm.exp(bits: bits)
        }
        return try .checked(negateResult ? -result : result, in: context)
    }

    /// x^e for an x whose bounds hold 0 (and so lie within 2^−100 of it, or it would have
    /// been refused as lost) and an exact e that is whole or has an odd denominator: within
    /// |x|^e of 0, and |x|^e ≤ |x| for e ≥ 1, so a huge e sizes nothing.
    private static func powerNearZero(_ base: Real, _ exponent: Number,
                                      in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let bits = context.precision
        let power = exponent.real(bits: bits)
        guard power.sign == 1 else { throw .tooClose("the base is too close to 0 to divide by") }
        let radius = Swift.max(-base.lower, base.upper)
        let bound = power.lower >= .one ? radius
            : try Real(radius, bits: bits).ln(in: context).multiplied(by: power, bits: bits).exp(bits: bits).upper
        let even = exponent.exactInteger.map { $0 % 2 == 0 } ?? false
        return try .checked(Real(lower: even ? .zero : -bound, upper: bound), in: context)
    }

    /// The exact `degree`-th root of a non-negative rational, when numerator and denominator
    /// are both perfect powers; nil otherwise. Negative values have odd-degree roots.
    static func exactRoot(_ value: Rational, degree: BigInt) -> Rational? {
        guard let k = degree.int64Value, k >= 2, k <= 64 else { return nil }
        if value.isNegative {
            guard k % 2 == 1, let root = exactRoot(value.magnitude, degree: degree) else { return nil }
            return -root
        }
        guard let n = integerRoot(value.numerator, Int(k)), let d = integerRoot(value.denominator, Int(k)) else {
            return nil
        }
        return Rational(reduced: n, d)
    }

    /// The exact k-th root of a non-negative integer, or nil.
    static func integerRoot(_ x: BigInt, _ k: Int) -> BigInt? {
        if x.isZero || x == .one { return x }
        if k == 2 {
            let r = x.squareRoot()
            return r * r == x ? r : nil
        }
        // Newton's iteration from above: r ← ((k−1)·r + x/r^(k−1))/k, then an exact check.
        var r = BigInt.one.shiftedLeft(x.bitWidth / k + 1)
        let degree = BigInt(k)
        while true {
            let next = (r * BigInt(k - 1) + x / r.power(k - 1)) / degree
            if next >= r { break }
            r = next
        }
        return r.power(k) == x ? r : nil
    }

    /// √self: exact for perfect squares, an exact surd for other exact values (so that
    /// `sqrt(2)*sqrt(2)` is 2), bounds otherwise.
    public func squareRoot(in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if isNegative { throw .notReal("the square root of a negative number") }
        let bits = context.precision
        switch self {
        case .exact(let r):
            if let root = Number.exactRoot(r, degree: 2) { return .exact(root) }
            if let surd = Surd.make(.one, radicand: r) { return try .checked(Real(surd, bits: bits), in: context) }
            return try .checked(Real(r, bits: bits).squareRoot(bits: bits), in: context)
        case .approximate(let x):
            return try .checked(x.squareRoot(bits: bits), in: context)
        }
    }

    /// `squareRoot(in: .standard)`.
    public func squareRoot() throws(ArithmeticError) -> Number { try squareRoot(in: .standard) }

    public var magnitude: Number {
        switch self {
        case .exact(let r): return .exact(r.magnitude)
        case .approximate(let x): return .approximate(x.magnitude)
        }
    }

    /// Rounds to an integer (or, with `decimals`, to that many decimal places; negative
    /// counts round to tens, hundreds, …). An approximate value rounds only when both its
    /// bounds round alike; the result is then exact.
    public func rounded(_ rule: Rational.RoundingRule, decimals: Int = 0,
                        in context: borrowing EvaluationContext = .standard) throws(ArithmeticError) -> Number {
        let scale = Rational(BigInt.powerOfTen(abs(decimals)))
        let factor = decimals >= 0 ? scale : scale.reciprocal
        switch self {
        case .exact(let r):
            return try .checked(Rational((r * factor).rounded(rule)) / factor, in: context)
        case .approximate(let x):
            let low = (x.lower * factor).rounded(rule), high = (x.upper * factor).rounded(rule)
            guard low == high else { throw .tooClose("the value is too close to a rounding boundary to call") }
            return try .checked(Rational(low) / factor, in: context)
        }
    }

    /// Rounds to the nearest multiple of `step` (halves away from zero): 281.25 to the
    /// nearest 5 is 280.
    public func rounded(_ rule: Rational.RoundingRule, step: Number,
                        in context: borrowing EvaluationContext = .standard) throws(ArithmeticError) -> Number {
        try divided(by: step, in: context).rounded(rule, in: context).multiplied(by: step, in: context)
    }

    /// The order of two values, decided by their bounds (an exact value's rounded outward
    /// to `bits` bits): nil when they overlap.
    public func order(comparedTo other: Number, bits: Int = EvaluationContext.standardPrecision) -> Int? {
        if case .exact(let x) = self, case .exact(let y) = other { return x < y ? -1 : (x == y ? 0 : 1) }
        let a = real(bits: bits), b = other.real(bits: bits)
        if a.upper < b.lower { return -1 }
        if a.lower > b.upper { return 1 }
        if a.lower == a.upper, b.lower == b.upper, a.lower == b.lower { return 0 }
        return nil
    }
}

extension Number: Comparable {
    public static func < (a: Number, b: Number) -> Bool {
        if case .exact(let x) = a, case .exact(let y) = b { return x < y }
        return a.nearestRational < b.nearestRational
    }
}

/// Why an arithmetic operation has no value.
public enum ArithmeticError: Error, Equatable, Sendable {
    /// Division by zero, or zero to a negative power.
    case divisionByZero
    /// The magnitude is beyond ±1e100000.
    case tooLarge
    /// A non-zero magnitude below 1e-100000.
    case tooSmall
    /// The result is not a real number; the text names the operation.
    case notReal(String)
    /// The result is undefined (for example, infinity minus infinity).
    case undefined
    /// An approximate value lies too close to a boundary (0, a whole number) for its
    /// bounds to decide; the text says which.
    case tooClose(String)
    /// `2.5!`, `gcd(1.5, 2)`: the text names the operation.
    case notWhole(String)
    /// n! beyond `Number.largestFactorial`.
    case factorialTooLarge
    /// Rounding has left an approximate result so wide that not one digit is known.
    case lost(lower: Rational, upper: Rational)
    /// The statement was stopped from outside (its context's `Interruption`) before it finished.
    case cancelled

    /// The message, naming what is out of range (`result`, `number`).
    public func message(subject: String = "result") -> String {
        switch self {
        case .divisionByZero: return "division by zero"
        case .tooLarge: return "\(subject) too large (beyond ±\(Real.limitText))"
        case .tooSmall: return "\(subject) too small to represent (below \(Real.smallestText))"
        case .notReal(let what): return "\(what) has no real value"
        case .undefined: return "result is undefined"
        case .tooClose(let why): return why
        case .notWhole(let what): return "\(what) needs a whole number"
        case .factorialTooLarge: return "n! is computed for n up to \(Number.largestFactorial)"
        case .lost(let lower, let upper):
            // Two significant digits, however many the bounds' exact forms have.
            func about(_ r: Rational) -> String { r.isZero ? "0" : NumberDisplay.roughly(r, significant: 2) }
            return "\(subject) lost in rounding: it lies somewhere between about \(about(lower)) and \(about(upper))"
        case .cancelled: return "cancelled"
        }
    }
}

/// Throwing operators, so that formulas read as formulas: `try s * (1 - c) * tds / (max - tds)`.
/// They compute in the standard context (`EvaluationContext.standard`), as the tools'
/// formulas do; the evaluator passes its statement's context to the methods.
extension Number {
    public static func + (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.adding(b, in: .standard) }
    public static func - (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.subtracting(b, in: .standard) }
    public static func * (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.multiplied(by: b, in: .standard) }
    public static func / (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.divided(by: b, in: .standard) }

    /// `raised(to: exponent, in: .standard)`.
    public func raised(to exponent: Number) throws(ArithmeticError) -> Number { try raised(to: exponent, in: .standard) }
}

extension Number: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
