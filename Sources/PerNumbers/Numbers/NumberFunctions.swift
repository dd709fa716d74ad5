/// The calculator's functions on numbers: exact wherever the answer is rational
/// (`ln(1) = 0`, `log(1000) = 3`, `sin(30°) = 0.5`, `20! = 2432902008176640000`), proven
/// bounds otherwise (`Real`), and a refusal that says so when an approximate value is too
/// close to a boundary to decide.
extension Number {
    public static var pi: Number { .approximate(Real.pi) }
    public static var e: Number { .approximate(Real.e) }
    public static var tau: Number { .approximate(Real.pi * Real(Rational(2))) }

    /// The sign, decided by the bounds; `what` names the value for the refusal.
    func decidedSign(of what: String) throws(ArithmeticError) -> Int {
        switch self {
        case .exact(let r): return r.signum
        case .approximate(let x):
            guard let sign = x.sign else { throw .tooClose("\(what) is too close to 0 to tell its sign") }
            return sign
        }
    }

    // MARK: Exponentials and logarithms

    /// e^x; below the range (x < −230259, e^x < 1e-100000) a positive value below it
    /// (`Number.belowRange`).
    public func exp() throws(ArithmeticError) -> Number {
        if isZero { return 1 }
        let x = real
        if x.upper < -Real.largestExponent { return try .belowRange(negative: false) }
        return try .checked(x.exp())
    }

    /// ln x; exact for x = 1.
    public func ln() throws(ArithmeticError) -> Number {
        if case .exact(let r) = self, r == .one { return 0 }
        guard try decidedSign(of: "the logarithm's argument") > 0 else { throw .notReal("the logarithm of a number ≤ 0") }
        return try .checked(real.ln)
    }

    /// log_b x; exact when x is a rational power of b with a small denominator
    /// (`log(1000) = 3`, `log2(1/8) = -3`, `log(8, 4) = 1.5`).
    public func logarithm(base: Number) throws(ArithmeticError) -> Number {
        guard try base.decidedSign(of: "the logarithm's base") > 0 else { throw .notReal("a logarithm to a base ≤ 0") }
        if case .exact(let b) = base, b == .one { throw .notReal("a logarithm to base 1") }
        if case .exact(let x) = self, case .exact(let b) = base, x.isPositive, let k = Number.exactLogarithm(x, base: b) {
            return .exact(k)
        }
        let denominator = try base.ln()
        if case .approximate(let d) = denominator, d.containsZero { throw .tooClose("the base is too close to 1 to divide by its logarithm") }
        return try ln() / denominator
    }

    /// p/q with b^(p/q) = x, for q up to 4, checked exactly; nil when there is none.
    static func exactLogarithm(_ x: Rational, base b: Rational) -> Rational? {
        let estimate = x.log2Magnitude / b.log2Magnitude
        guard estimate.isFinite, abs(estimate) < Double(Number.exactBits) else { return nil }
        for q in 1...4 {
            let p = (estimate * Double(q)).rounded()
            guard abs(p) * Double(max(b.bitWidth, 1)) <= Double(Number.exactBits),
                  Double(q) * Double(max(x.bitWidth, 1)) <= Double(Number.exactBits) else { continue }
            if b.power(Int(p)) == x.power(q) { return Rational(BigInt(Int(p)), BigInt(q)) }
        }
        return nil
    }

    // MARK: Trigonometry

    public enum Trigonometric: Sendable { case sin, cos, tan }

    /// sin, cos or tan of x radians.
    public func trigonometric(_ function: Trigonometric) throws(ArithmeticError) -> Number {
        try Number.trigonometric(function, of: real)
    }

    /// sin, cos or tan of an angle in degrees: exact at multiples of 30° and 45° (as
    /// rationals or surds: sin(45°) = √2/2), through radians otherwise.
    public static func trigonometric(_ function: Trigonometric, degrees: Number) throws(ArithmeticError) -> Number {
        if case .exact(let d) = degrees {
            // d mod 360, in [0, 360).
            let turns = (d / Rational(360)).rounded(.down)
            let reduced = d - Rational(turns * BigInt(360))
            if let sin = exactSine(degrees: reduced), let cos = exactSine(degrees: reduced + Rational(90)) {
                switch function {
                case .sin: return try .checked(Real(sin))
                case .cos: return try .checked(Real(cos))
                case .tan:
                    if cos.coefficient.isZero { throw .notReal("tan of an odd multiple of 90°") }
                    return try .checked(Real(sin) / Real(cos))
                }
            }
        }
        let radians = degrees.real * Real.pi / Real(Rational(180))
        return try trigonometric(function, of: radians)
    }

    private static func trigonometric(_ function: Trigonometric, of x: Real) throws(ArithmeticError) -> Number {
        switch function {
        case .sin: return try .checked(x.sin())
        case .cos: return try .checked(x.cos())
        case .tan:
            let cos: Real
            do { cos = try x.cos() } catch .lost {
                // sin and cos stay between −1 and 1 when lost; tan can be any value.
                throw .tooClose("tan: the angle is too large to reduce by π, so its tangent could be any value")
            }
            if cos.containsZero { throw .tooClose("tan: the angle is too close to an odd multiple of 90° to tell") }
            return try .checked(x.sin() / cos)
        }
    }

    /// sin of d degrees for 0 ≤ d < 450 at a multiple of 30° or 45°, exactly.
    private static func exactSine(degrees d: Rational) -> Surd? {
        guard d.isInteger, let n = d.numerator.int64Value else { return nil }
        let angle = Int(n) % 360
        let half = Rational(BigInt(1), BigInt(2))
        func surd(_ c: Rational, _ r: Int) -> Surd { Surd(coefficient: c, radicand: BigInt(r)) }
        let firstQuadrant: [Int: Surd] = [0: surd(.zero, 1), 30: surd(half, 1), 45: surd(half, 2), 60: surd(half, 3), 90: surd(.one, 1)]
        let (base, negate) = angle < 180 ? (angle, false) : (angle - 180, true)
        guard let value = firstQuadrant[base <= 90 ? base : 180 - base] else { return nil }
        return negate ? Surd(coefficient: -value.coefficient, radicand: value.radicand) : value
    }

    /// asin, acos or atan, in radians.
    public enum InverseTrigonometric: Sendable { case asin, acos, atan }

    public func inverseTrigonometric(_ function: InverseTrigonometric) throws(ArithmeticError) -> Number {
        if isZero && function != .acos { return 0 }
        if case .exact(let r) = self, r == .one, function == .acos { return 0 }
        if function != .atan {
            // |x| ≤ 1, decided by the bounds.
            let x = real
            if x.lower > .one || x.upper < -.one { throw .notReal("\(function) of a number beyond ±1") }
            if x.upper > .one || x.lower < -.one { throw .tooClose("\(function): the value is too close to ±1 to tell whether it is beyond") }
        }
        switch function {
        case .atan: return try .checked(real.atan)
        case .asin: return try .checked(Real.monotone(real) { Real.asin(at: $0) })
        case .acos: return try .checked(Real.monotone(real, increasing: false) { Real.acos(at: $0) })
        }
    }

    /// The angle of the point (x, y), in radians, in (−π, π].
    public static func atan2(_ y: Number, _ x: Number) throws(ArithmeticError) -> Number {
        if x.isZero && y.isZero { throw .undefined }
        let xSign = try x.decidedSign(of: "x"), ySign = y.isZero ? 0 : try y.decidedSign(of: "y")
        if xSign == 0 { return try .checked(Real.pi * Real(Rational(BigInt(ySign), BigInt(2)))) }
        let angle = try (y / x).inverseTrigonometric(.atan)
        if xSign > 0 { return angle }
        return try ySign >= 0 ? angle + pi : angle - pi
    }

    // MARK: Hyperbolic functions

    public enum Hyperbolic: Sendable { case sinh, cosh, tanh }

    public func hyperbolic(_ function: Hyperbolic) throws(ArithmeticError) -> Number {
        if isZero { return function == .cosh ? 1 : 0 }
        let x = real
        switch function {
        case .sinh: return try .checked(Real.monotone(x) { (x) throws(ArithmeticError) in try Real.sinh(at: x) })
        case .tanh: return try .checked(Real.monotone(x) { (x) throws(ArithmeticError) in try Real.tanh(at: x) })
        case .cosh:
            // Even: decreasing below 0, increasing above.
            if x.containsZero {
                let a = try Real.cosh(at: x.lower), b = try Real.cosh(at: x.upper)
                return try .checked(Real(lower: .one, upper: Swift.max(a.upper, b.upper)))
            }
            return try .checked(Real.monotone(x.magnitude) { (x) throws(ArithmeticError) in try Real.cosh(at: x) })
        }
    }

    // MARK: Roots, rounding and whole numbers

    /// The n-th root: exact when the value is a perfect power; odd roots of negative values
    /// are negative.
    public func root(_ n: Number) throws(ArithmeticError) -> Number {
        guard let degree = n.exactInteger, degree != 0 else { throw .notReal("a root of degree other than a whole number ≠ 0") }
        if degree % 2 == 0 && isNegative { throw .notReal("an even root of a negative number") }
        return try raised(to: .exact(Rational(BigInt(1), BigInt(degree))))
    }

    /// −1, 0 or 1.
    public func sign() throws(ArithmeticError) -> Number {
        if isZero { return 0 }
        return Number(try decidedSign(of: "the value"))
    }

    /// The whole part, toward 0.
    public func truncated() throws(ArithmeticError) -> Number {
        switch self {
        case .exact(let r): return .exact(Rational(r.rounded(r.isNegative ? .up : .down)))
        case .approximate(let x):
            let low = x.lower.rounded(x.lower.isNegative ? .up : .down), high = x.upper.rounded(x.upper.isNegative ? .up : .down)
            guard low == high else { throw .tooClose("the value is too close to a whole number to call") }
            return .exact(Rational(low))
        }
    }

    /// a mod b = a − b·⌊a/b⌋: the sign of b (`-7 mod 3 = 2`, `7.5 mod 2 = 1.5`).
    public func modulo(_ b: Number) throws(ArithmeticError) -> Number {
        if b.isZero { throw .divisionByZero }
        let quotient = try (self / b).rounded(.down)
        return try self - b * quotient
    }

    /// The value as a whole number, or why it is not one.
    func wholeNumber(for what: String) throws(ArithmeticError) -> BigInt {
        guard case .exact(let r) = self else {
            throw .tooClose("\(what) needs a whole number; an approximate value cannot be known to be one")
        }
        guard r.isInteger else { throw .notWhole(what) }
        return r.numerator
    }

    /// The largest n whose factorial per computes: n! then has about 9,100 digits.
    public static let largestFactorial = 3000

    /// n! for a whole n ≥ 0.
    public func factorial() throws(ArithmeticError) -> Number {
        let n = try wholeNumber(for: "!")
        if n.isNegative { throw .notReal("the factorial of a negative number") }
        guard let count = n.int64Value, count <= Number.largestFactorial else { throw .factorialTooLarge }
        try Interruption.check()
        var product = BigInt.one
        if count >= 2 { for k in 2...Int(count) { product = product * BigInt(k) } }
        return try .checked(Rational(product))
    }

    /// The greatest common divisor of whole numbers (≥ 0).
    public static func gcd(_ values: [Number]) throws(ArithmeticError) -> Number {
        var result = BigInt.zero
        for value in values { result = BigInt.gcd(result, try value.wholeNumber(for: "gcd")) }
        return .exact(Rational(result))
    }

    /// The least common multiple of whole numbers (≥ 0; 0 when one of them is 0).
    public static func lcm(_ values: [Number]) throws(ArithmeticError) -> Number {
        var result = BigInt.one
        for value in values {
            let n = try value.wholeNumber(for: "lcm").magnitude
            if n.isZero { return 0 }
            result = result / BigInt.gcd(result, n) * n
            if result.bitWidth > Number.exactBits { throw .tooLarge }
        }
        return .exact(Rational(result))
    }
}

extension Real {
    /// asin x = atan(x/√(1−x²)), ±π/2 at ±1.
    static func asin(at x: Rational) -> Real {
        if x.magnitude == .one { return pi * Real(Rational(x.numerator, BigInt(2))) }
        return (Real(x) / Real(.one - x * x).squareRoot()).atan
    }

    /// acos x = 2·atan(√((1−x)/(1+x))), π at −1.
    static func acos(at x: Rational) -> Real {
        if x == -.one { return pi }
        return Real(Rational(2)) * Real((.one - x) / (.one + x)).squareRoot().atan
    }

    /// sinh x = (u + u/(u+1))/2 with u = e^x − 1 near 0 (|x| < 1/2), (E − 1/E)/2 with
    /// E = e^x beyond, so that neither form cancels.
    static func sinh(at x: Rational) throws(ArithmeticError) -> Real {
        let half = Real(Rational(BigInt(1), BigInt(2)))
        if x.magnitude >= Rational(BigInt(1), BigInt(2)) {
            // sinh x = ±e^|x|/2 within the range's last digit: e^x alone is refused too soon
            // below −ln(1e100000), where sinh is still large and negative.
            let e = try exp(at: x.magnitude)
            let value = (e - Real(.one) / e) * half
            return x.isNegative ? -value : value
        }
        let u = try expMinusOne(at: x)
        return (u + u / (u + Real(.one))) * half
    }

    /// cosh x = 1 + u²/(2(u+1)) with u = e^x − 1 near 0, (E + 1/E)/2 beyond.
    static func cosh(at x: Rational) throws(ArithmeticError) -> Real {
        if x.magnitude >= Rational(BigInt(1), BigInt(2)) {
            let e = try exp(at: x.magnitude)
            return (e + Real(.one) / e) * Real(Rational(BigInt(1), BigInt(2)))
        }
        let u = try expMinusOne(at: x)
        return Real(.one) + u.squared / (Real(Rational(2)) * (u + Real(.one)))
    }

    /// tanh x = v/(v+2) with v = e^(2x) − 1; beyond |x| = 200, within 2^−399 of ±1.
    static func tanh(at x: Rational) throws(ArithmeticError) -> Real {
        if x.magnitude > Rational(200) {
            let gap = Rational(BigInt(1), BigInt.one.shiftedLeft(399))
            return x.isNegative ? Real(lower: -.one, upper: gap - .one) : Real(lower: .one - gap, upper: .one)
        }
        let v = try expMinusOne(at: x * Rational(2))
        return v / (v + Real(Rational(2)))
    }
}
