/// A calculator value: exact while it can be, floating point (and marked approximate) once
/// it cannot.
///
/// `+ − × ÷` and integer powers of exact values stay exact as long as numerator and
/// denominator each fit in `Number.exactBits` bits (about 1,200 decimal digits). Irrational
/// results (square roots of non-squares, fractional powers) and exact results beyond that
/// size become `Double`s. A `Double` result that overflows or underflows is an error: a
/// value is never silently shown as infinity or 0.
public enum Number: Sendable, Hashable {
    case exact(Rational)
    case approximate(Double)

    /// The largest numerator or denominator, in bits, kept exactly.
    public static let exactBits = 4096

    public init(_ value: Int) { self = .exact(Rational(value)) }

    /// An exact decimal constant: `Number.decimal("7.88")`.
    public static func decimal(_ text: String) -> Number { .exact(Rational(decimal: text)) }

    public var isExact: Bool {
        if case .exact = self { return true }
        return false
    }

    public var doubleValue: Double {
        switch self {
        case .exact(let r): return r.doubleValue
        case .approximate(let d): return d
        }
    }

    public var isZero: Bool {
        switch self {
        case .exact(let r): return r.isZero
        case .approximate(let d): return d == 0
        }
    }

    public var isNegative: Bool {
        switch self {
        case .exact(let r): return r.isNegative
        case .approximate(let d): return d < 0
        }
    }

    /// The value as an `Int`, if it is an exact integer that fits.
    public var exactInteger: Int? {
        guard case .exact(let r) = self, r.isInteger, let v = r.numerator.int64Value else { return nil }
        return Int(exactly: v)
    }

    // MARK: Checked construction

    /// An exact result, or its `Double` approximation when it is too large to keep exactly.
    static func checked(_ r: Rational) throws(ArithmeticError) -> Number {
        if r.numerator.bitWidth <= exactBits && r.denominator.bitWidth <= exactBits { return .exact(r) }
        return try checked(r.doubleValue, zeroAllowed: false)
    }

    /// A floating-point result, refused when it is not a finite, representable number.
    /// `zeroAllowed` is false where a zero result can only mean underflow.
    static func checked(_ d: Double, zeroAllowed: Bool) throws(ArithmeticError) -> Number {
        if d.isNaN { throw .undefined }
        if d.isInfinite { throw .tooLarge }
        if d == 0 && !zeroAllowed { throw .tooSmall }
        return .approximate(d == 0 ? 0 : d)
    }

    // MARK: Arithmetic

    public static prefix func - (x: Number) -> Number {
        switch x {
        case .exact(let r): return .exact(-r)
        case .approximate(let d): return .approximate(d == 0 ? 0 : -d)
        }
    }

    public func adding(_ other: Number) throws(ArithmeticError) -> Number {
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a + b) }
        return try .checked(doubleValue + other.doubleValue, zeroAllowed: true)
    }

    public func subtracting(_ other: Number) throws(ArithmeticError) -> Number {
        try adding(-other)
    }

    public func multiplied(by other: Number) throws(ArithmeticError) -> Number {
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a * b) }
        return try .checked(doubleValue * other.doubleValue, zeroAllowed: isZero || other.isZero)
    }

    public func divided(by other: Number) throws(ArithmeticError) -> Number {
        if other.isZero { throw .divisionByZero }
        if case .exact(let a) = self, case .exact(let b) = other { return try .checked(a / b) }
        return try .checked(doubleValue / other.doubleValue, zeroAllowed: isZero)
    }

    /// self ^ exponent. Exact for an exact base and an integer exponent while the result
    /// fits the exact range, and for exact rational roots (`4^0.5 = 2`, `8^(2/3) = 4`).
    public func raised(to exponent: Number) throws(ArithmeticError) -> Number {
        if isZero {
            if exponent.isNegative { throw .divisionByZero }
            if exponent.isZero { return Number(1) }
            return self
        }
        if case .exact(let base) = self, case .exact(let e) = exponent {
            if base.magnitude == .one, e.isInteger {
                return .exact(base.isNegative && !e.numerator.isEven ? -.one : .one)
            }
            if e.isInteger, let n = e.numerator.int64Value, Number.fitsExactly(base, power: n) {
                return try .checked(base.power(Int(n)))
            }
            if !e.isInteger, let root = Number.exactRoot(base, degree: e.denominator),
               let n = e.numerator.int64Value, Number.fitsExactly(root, power: n) {
                return try .checked(root.power(Int(n)))
            }
        }
        return try approximatePower(exponent)
    }

    /// Whether base^power stays within the exact range, estimated before computing it.
    private static func fitsExactly(_ base: Rational, power: Int64) -> Bool {
        let largest = max(base.numerator.magnitude.log2Magnitude, base.denominator.log2Magnitude)
        return Double(power.magnitude) * largest <= Double(exactBits)
    }

    private func approximatePower(_ exponent: Number) throws(ArithmeticError) -> Number {
        var negateResult = false
        if isNegative {
            // A negative base has a real power only for an integer exponent, or a rational
            // one with an odd denominator (−8^(1/3) = −2).
            switch exponent {
            case .exact(let e) where e.isInteger:
                negateResult = !e.numerator.isEven
            case .exact(let e) where !e.denominator.isEven:
                negateResult = !e.numerator.isEven
            case .approximate(let e) where e.rounded() == e:
                negateResult = e.truncatingRemainder(dividingBy: 2) != 0
            default:
                throw .notReal("a negative number to a fractional power")
            }
        }
        // log₂ of the result, from exact sizes, so that huge bases and exponents fail fast.
        let log2Base: Double
        switch self {
        case .exact(let r): log2Base = r.log2Magnitude
        case .approximate(let d): log2Base = Math.log2(d.magnitude)
        }
        let log2Result = log2Base * exponent.doubleValue
        if log2Result > 1024 { throw .tooLarge }
        if log2Result < -1075 { throw .tooSmall }
        let baseMagnitude = abs(doubleValue)
        let result = baseMagnitude.isFinite && baseMagnitude > 0
            ? Math.pow(baseMagnitude, exponent.doubleValue)
            : Math.pow(2, log2Result)
        return try .checked(negateResult ? -result : result, zeroAllowed: false)
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
        // A floating-point estimate, then an exact check of its neighbours.
        let estimate = Math.pow(2, x.log2Magnitude / Double(k))
        guard estimate.isFinite, estimate < 9e15 else { return nil }
        let guess = Int64(estimate.rounded())
        for candidate in [guess - 1, guess, guess + 1] where candidate > 0 {
            if BigInt(candidate).power(k) == x { return BigInt(candidate) }
        }
        return nil
    }

    /// √self: exact for perfect squares, approximate otherwise.
    public func squareRoot() throws(ArithmeticError) -> Number {
        if isNegative { throw .notReal("the square root of a negative number") }
        if case .exact(let r) = self {
            if let root = Number.exactRoot(r, degree: 2) { return .exact(root) }
            if r.numerator.bitWidth > 1000 || r.denominator.bitWidth > 1000 {
                return try .checked(Math.pow(2, r.log2Magnitude / 2), zeroAllowed: false)
            }
        }
        return try .checked(doubleValue.squareRoot(), zeroAllowed: isZero)
    }

    public var magnitude: Number {
        switch self {
        case .exact(let r): return .exact(r.magnitude)
        case .approximate(let d): return .approximate(abs(d))
        }
    }

    /// Rounds to an integer (or, with `decimals`, to that many decimal places; negative
    /// counts round to tens, hundreds, …).
    public func rounded(_ rule: Rational.RoundingRule, decimals: Int = 0) throws(ArithmeticError) -> Number {
        let scale = Rational(BigInt.powerOfTen(abs(decimals)))
        let factor = decimals >= 0 ? scale : scale.reciprocal
        switch self {
        case .exact(let r):
            return try .checked(Rational(( r * factor).rounded(rule)) / factor)
        case .approximate(let d):
            let scaled = Rational(exactly: d) * factor
            return try .checked(Rational(scaled.rounded(rule) ) / factor).approximated
        }
    }

    /// Rounds to the nearest multiple of `step` (halves away from zero): 281.25 to the
    /// nearest 5 is 280.
    public func rounded(_ rule: Rational.RoundingRule, step: Number) throws(ArithmeticError) -> Number {
        try (self / step).rounded(rule) * step
    }

    /// The same value, marked approximate.
    var approximated: Number { .approximate(doubleValue) }
}

extension Number: Comparable {
    public static func < (a: Number, b: Number) -> Bool {
        if case .exact(let x) = a, case .exact(let y) = b { return x < y }
        return a.doubleValue < b.doubleValue
    }
}

/// Why an arithmetic operation has no value.
public enum ArithmeticError: Error, Equatable, Sendable {
    /// Division by zero, or zero to a negative power.
    case divisionByZero
    /// The magnitude is beyond what a `Double` can hold (about 1.8e308).
    case tooLarge
    /// A non-zero magnitude below what a `Double` can hold (about 4.9e-324).
    case tooSmall
    /// The result is not a real number; the text names the operation.
    case notReal(String)
    /// The result is undefined (for example, infinity minus infinity).
    case undefined

    /// The message, naming what is out of range (`result`, `number`).
    public func message(subject: String = "result") -> String {
        switch self {
        case .divisionByZero: return "division by zero"
        case .tooLarge: return "\(subject) too large (beyond ±1.8e308)"
        case .tooSmall: return "\(subject) too small to represent (below 4.9e-324)"
        case .notReal(let what): return "\(what) has no real value"
        case .undefined: return "result is undefined"
        }
    }
}

/// Throwing operators, so that formulas read as formulas: `try s * (1 - c) * tds / (max - tds)`.
extension Number {
    public static func + (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.adding(b) }
    public static func - (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.subtracting(b) }
    public static func * (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.multiplied(by: b) }
    public static func / (a: Number, b: Number) throws(ArithmeticError) -> Number { try a.divided(by: b) }
}

extension Number: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
