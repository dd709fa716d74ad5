/// The calculator's functions on numbers: exact wherever the answer is rational
/// (`ln(1) = 0`, `log(1000) = 3`, `sin(30°) = 0.5`, `20! = 2432902008176640000`), proven
/// bounds otherwise (`Real`), and a refusal that says so when an approximate value is too
/// close to a boundary to decide. Each takes the context it computes in
/// (`EvaluationContext`): its precision, and whether a result below the range is kept.
extension Number {
    public static func pi(in context: borrowing EvaluationContext) -> Number { .approximate(Real.pi(bits: context.precision)) }
    public static func e(in context: borrowing EvaluationContext) -> Number { .approximate(Real.e(bits: context.precision)) }
    public static func tau(in context: borrowing EvaluationContext) -> Number {
        let bits = context.precision
        return .approximate(Real.pi(bits: bits).multiplied(by: Real(Rational(2), bits: bits), bits: bits))
    }

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
    public func exp(in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if isZero { return 1 }
        let x = real(bits: context.precision)
        if x.upper < -Real.largestExponent { return try .belowRange(negative: false, in: context) }
        return try .checked(x.exp(bits: context.precision), in: context)
    }

    /// ln x; exact for x = 1. From the context's memo when it has one.
    public func ln(in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if case .exact(let r) = self, r == .one { return 0 }
        guard try decidedSign(of: "the logarithm's argument") > 0 else { throw .notReal("the logarithm of a number ≤ 0") }
        return try .checked(real(bits: context.precision).ln(in: context), in: context)
    }

    /// log_b x; exact when x is a rational power of b with a small denominator
    /// (`log(1000) = 3`, `log2(1/8) = -3`, `log(8, 4) = 1.5`).
    public func logarithm(base: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        guard try base.decidedSign(of: "the logarithm's base") > 0 else { throw .notReal("a logarithm to a base ≤ 0") }
        if case .exact(let b) = base, b == .one { throw .notReal("a logarithm to base 1") }
        if case .exact(let x) = self, case .exact(let b) = base, x.isPositive, let k = Number.exactLogarithm(x, base: b) {
            return .exact(k)
        }
        let denominator = try base.ln(in: context)
        if case .approximate(let d) = denominator, d.containsZero { throw .tooClose("the base is too close to 1 to divide by its logarithm") }
        return try ln(in: context).divided(by: denominator, in: context)
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

    /// sin, cos or tan of x radians; of an exact x from the context's memo when it has one
    /// (`solve` asks for f at the ends of a stretch it has tried already).
    public func trigonometric(_ function: Trigonometric, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        guard case .exact = self, context.memo != nil else { return try Number.trigonometric(function, of: real(bits: context.precision), in: context) }
        // The closure captures the context, which a borrowed parameter cannot be.
        let context = copy context
        let name = switch function { case .sin: "sin"; case .cos: "cos"; case .tan: "tan" }
        return try context.remembered(name, at: [self]) { () throws(ArithmeticError) in
            try Number.trigonometric(function, of: real(bits: context.precision), in: context)
        }
    }

    /// sin, cos or tan of an angle in degrees: exact at multiples of 30° and 45° (as
    /// rationals or surds: sin(45°) = √2/2), through radians otherwise.
    public static func trigonometric(_ function: Trigonometric, degrees: Number,
                                     in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let bits = context.precision
        if case .exact(let d) = degrees {
            // d mod 360, in [0, 360).
            let turns = (d / Rational(360)).rounded(.down)
            let reduced = d - Rational(turns * BigInt(360))
            if let sin = exactSine(degrees: reduced), let cos = exactSine(degrees: reduced + Rational(90)) {
                switch function {
                case .sin: return try .checked(Real(sin, bits: bits), in: context)
                case .cos: return try .checked(Real(cos, bits: bits), in: context)
                case .tan:
                    if cos.coefficient.isZero { throw .notReal("tan of an odd multiple of 90°") }
                    return try .checked(Real(sin, bits: bits).divided(by: Real(cos, bits: bits), bits: bits), in: context)
                }
            }
        }
        let radians = degrees.real(bits: bits).multiplied(by: Real.pi(bits: bits), bits: bits)
            .divided(by: Real(Rational(180), bits: bits), bits: bits)
        return try trigonometric(function, of: radians, in: context)
    }

    private static func trigonometric(_ function: Trigonometric, of x: Real,
                                      in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let bits = context.precision
        switch function {
        case .sin: return try .checked(x.sin(bits: bits), in: context)
        case .cos: return try .checked(x.cos(bits: bits), in: context)
        case .tan:
            let cos: Real
            do { cos = try x.cos(bits: bits) } catch .lost {
                // sin and cos stay between −1 and 1 when lost; tan can be any value.
                throw .tooClose("tan: the angle is too large to reduce by π, so its tangent could be any value")
            }
            if cos.containsZero { throw .tooClose("tan: the angle is too close to an odd multiple of 90° to tell") }
            return try .checked(x.sin(bits: bits).divided(by: cos, bits: bits), in: context)
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

    public func inverseTrigonometric(_ function: InverseTrigonometric,
                                     in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if isZero && function != .acos { return 0 }
        if case .exact(let r) = self, r == .one, function == .acos { return 0 }
        let bits = context.precision
        if function != .atan {
            // |x| ≤ 1, decided by the bounds.
            let x = real(bits: bits)
            if x.lower > .one || x.upper < -.one { throw .notReal("\(function) of a number beyond ±1") }
            if x.upper > .one || x.lower < -.one { throw .tooClose("\(function): the value is too close to ±1 to tell whether it is beyond") }
        }
        switch function {
        case .atan: return try .checked(real(bits: bits).atan(bits: bits), in: context)
        case .asin: return try .checked(Real.monotone(real(bits: bits)) { Real.asin(at: $0, bits: bits) }, in: context)
        case .acos: return try .checked(Real.monotone(real(bits: bits), increasing: false) { Real.acos(at: $0, bits: bits) }, in: context)
        }
    }

    /// The angle of the point (x, y), in radians, in (−π, π].
    public static func atan2(_ y: Number, _ x: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if x.isZero && y.isZero { throw .undefined }
        let bits = context.precision
        let xSign = try x.decidedSign(of: "x"), ySign = y.isZero ? 0 : try y.decidedSign(of: "y")
        if xSign == 0 {
            return try .checked(Real.pi(bits: bits).multiplied(by: Real(Rational(BigInt(ySign), BigInt(2)), bits: bits), bits: bits), in: context)
        }
        let angle = try y.divided(by: x, in: context).inverseTrigonometric(.atan, in: context)
        if xSign > 0 { return angle }
        return try ySign >= 0 ? angle.adding(pi(in: context), in: context) : angle.subtracting(pi(in: context), in: context)
    }

    // MARK: Hyperbolic functions

    public enum Hyperbolic: Sendable { case sinh, cosh, tanh }

    public func hyperbolic(_ function: Hyperbolic, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if isZero { return function == .cosh ? 1 : 0 }
        let bits = context.precision
        let x = real(bits: bits)
        switch function {
        case .sinh: return try .checked(Real.monotone(x) { (x) throws(ArithmeticError) in try Real.sinh(at: x, bits: bits) }, in: context)
        case .tanh: return try .checked(Real.monotone(x) { (x) throws(ArithmeticError) in try Real.tanh(at: x, bits: bits) }, in: context)
        case .cosh:
            // Even: decreasing below 0, increasing above.
            if x.containsZero {
                let a = try Real.cosh(at: x.lower, bits: bits), b = try Real.cosh(at: x.upper, bits: bits)
                return try .checked(Real(lower: .one, upper: Swift.max(a.upper, b.upper)), in: context)
            }
            return try .checked(Real.monotone(x.magnitude) { (x) throws(ArithmeticError) in try Real.cosh(at: x, bits: bits) }, in: context)
        }
    }

    // MARK: Roots, rounding and whole numbers

    /// The n-th root: exact when the value is a perfect power; odd roots of negative values
    /// are negative.
    public func root(_ n: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        guard let degree = n.exactInteger, degree != 0 else { throw .notReal("a root of degree other than a whole number ≠ 0") }
        if degree % 2 == 0 && isNegative { throw .notReal("an even root of a negative number") }
        return try raised(to: .exact(Rational(BigInt(1), BigInt(degree))), in: context)
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
    public func modulo(_ b: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if b.isZero { throw .divisionByZero }
        let quotient = try divided(by: b, in: context).rounded(.down, in: context)
        return try subtracting(b.multiplied(by: quotient, in: context), in: context)
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

    /// n! for a whole n ≥ 0, interrupted as the context says before it is computed.
    public func factorial(in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let n = try wholeNumber(for: "!")
        if n.isNegative { throw .notReal("the factorial of a negative number") }
        guard let count = n.int64Value, count <= Number.largestFactorial else { throw .factorialTooLarge }
        try context.checkInterruption()
        var product = BigInt.one
        if count >= 2 { for k in 2...Int(count) { product = product * BigInt(k) } }
        return try .checked(Rational(product), in: context)
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

/// The inverse and hyperbolic functions at an exact point, to `bits` bits: each operation's
/// bounds rounded outward to as many.
extension Real {
    /// asin x = atan(x/√(1−x²)), ±π/2 at ±1.
    static func asin(at x: Rational, bits: Int) -> Real {
        if x.magnitude == .one { return pi(bits: bits).multiplied(by: Real(Rational(x.numerator, BigInt(2)), bits: bits), bits: bits) }
        return Real(x, bits: bits).divided(by: Real(.one - x * x, bits: bits).squareRoot(bits: bits), bits: bits).atan(bits: bits)
    }

    /// acos x = 2·atan(√((1−x)/(1+x))), π at −1.
    static func acos(at x: Rational, bits: Int) -> Real {
        if x == -.one { return pi(bits: bits) }
        let angle = Real((.one - x) / (.one + x), bits: bits).squareRoot(bits: bits).atan(bits: bits)
        return Real(Rational(2), bits: bits).multiplied(by: angle, bits: bits)
    }

    /// sinh x = (u + u/(u+1))/2 with u = e^x − 1 near 0 (|x| < 1/2), (E − 1/E)/2 with
    /// E = e^x beyond, so that neither form cancels.
    static func sinh(at x: Rational, bits: Int) throws(ArithmeticError) -> Real {
        let half = Real(Rational(BigInt(1), BigInt(2)), bits: bits), one = Real(.one, bits: bits)
        if x.magnitude >= Rational(BigInt(1), BigInt(2)) {
            // sinh x = ±e^|x|/2 within the range's last digit: e^x alone is refused too soon
            // below −ln(1e100000), where sinh is still large and negative.
            let e = try exp(at: x.magnitude, bits: bits)
            let value = e.subtracting(one.divided(by: e, bits: bits), bits: bits).multiplied(by: half, bits: bits)
            return x.isNegative ? -value : value
        }
        let u = try expMinusOne(at: x, bits: bits)
        return u.adding(u.divided(by: u.adding(one, bits: bits), bits: bits), bits: bits).multiplied(by: half, bits: bits)
    }

    /// cosh x = 1 + u²/(2(u+1)) with u = e^x − 1 near 0, (E + 1/E)/2 beyond.
    static func cosh(at x: Rational, bits: Int) throws(ArithmeticError) -> Real {
        let one = Real(.one, bits: bits)
        if x.magnitude >= Rational(BigInt(1), BigInt(2)) {
            let e = try exp(at: x.magnitude, bits: bits)
            return e.adding(one.divided(by: e, bits: bits), bits: bits)
                .multiplied(by: Real(Rational(BigInt(1), BigInt(2)), bits: bits), bits: bits)
        }
        let u = try expMinusOne(at: x, bits: bits)
        let twice = Real(Rational(2), bits: bits).multiplied(by: u.adding(one, bits: bits), bits: bits)
        return one.adding(u.squared(bits: bits).divided(by: twice, bits: bits), bits: bits)
    }

    /// tanh x = v/(v+2) with v = e^(2x) − 1; beyond |x| = 200, within 2^−399 of ±1.
    static func tanh(at x: Rational, bits: Int) throws(ArithmeticError) -> Real {
        if x.magnitude > Rational(200) {
            let gap = Rational(BigInt(1), BigInt.one.shiftedLeft(399))
            return x.isNegative ? Real(lower: -.one, upper: gap - .one) : Real(lower: .one - gap, upper: .one)
        }
        let v = try expMinusOne(at: x * Rational(2), bits: bits)
        return v.divided(by: v.adding(Real(Rational(2), bits: bits), bits: bits), bits: bits)
    }
}
