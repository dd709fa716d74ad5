/// An exact fraction in lowest terms with a positive denominator.
///
/// Parts that both fit in 64 bits, as everyday values' do, are kept inline: copying or
/// dropping such a value is one switch, where two big integers would each be switched
/// on. Larger parts are boxed together.
public struct Rational: Sendable {
    @usableFromInline enum Parts: Sendable {
        case small(numerator: Int64, denominator: Int64)
        /// Either part beyond 64 bits.
        indirect case large(numerator: BigInt, denominator: BigInt)
    }

    @usableFromInline let parts: Parts

    public var numerator: BigInt {
        switch parts {
        case .small(let n, _): return BigInt(n)
        case .large(let n, _): return n
        }
    }

    public var denominator: BigInt {
        switch parts {
        case .small(_, let d): return BigInt(d)
        case .large(_, let d): return d
        }
    }

    /// Both parts, when they fit in 64 bits.
    @inlinable package var machineParts: (numerator: Int64, denominator: Int64)? {
        if case .small(let n, let d) = parts { return (n, d) }
        return nil
    }

    /// A fraction already in lowest terms with a positive denominator.
    package init(reduced numerator: BigInt, _ denominator: BigInt) {
        if let n = numerator.int64Value, let d = denominator.int64Value {
            parts = .small(numerator: n, denominator: d)
        } else {
            parts = .large(numerator: numerator, denominator: denominator)
        }
    }

    /// `init(reduced:_:)` for machine-sized parts.
    @usableFromInline package init(reduced numerator: Int64, _ denominator: Int64) {
        parts = .small(numerator: numerator, denominator: denominator)
    }

    /// mantissa ÷ 10^decimals in lowest terms, for mantissa ≥ 0 and decimals ≤ 18 (a
    /// decimal as written, `12.50`): only factors 2 and 5 can be shared with a power of
    /// ten, so no gcd is needed.
    @inlinable package static func decimal(_ mantissa: Int64, decimals: Int) -> Rational {
        guard mantissa != 0, decimals > 0 else { return Rational(reduced: mantissa, 1) }
        var m = mantissa
        let twosShared = min(m.trailingZeroBitCount, decimals)
        m >>= twosShared
        var fives = decimals
        while fives > 0 && m % 5 == 0 {
            m /= 5
            fives -= 1
        }
        var denominator: Int64 = 1 << (decimals - twosShared)
        for _ in 0..<fives { denominator *= 5 }
        return Rational(reduced: m, denominator)
    }

    /// `init(reduced:_:)` for parts of up to 128 bits.
    package init(reduced numerator: Int128, _ denominator: Int128) {
        if let n = Int64(exactly: numerator), let d = Int64(exactly: denominator) {
            self.init(reduced: n, d)
        } else {
            self.init(reduced: BigInt(numerator), BigInt(denominator))
        }
    }

    /// numerator ÷ denominator, reduced. Precondition: denominator ≠ 0.
    public init(_ numerator: BigInt, _ denominator: BigInt = .one) {
        precondition(!denominator.isZero, "Rational with zero denominator")
        if denominator == .one { self.init(reduced: numerator, .one); return }
        let g = BigInt.gcd(numerator, denominator)
        var n = numerator, d = denominator
        if g != .one {
            // Bounds of approximate values have power-of-two denominators: shift, don't divide.
            if case .large = g.storage, g.bitWidth - 1 == g.trailingZeroBitCount {
                let twos = g.bitWidth - 1
                n = n.shiftedRight(twos); d = d.shiftedRight(twos)
            } else {
                n = n / g; d = d / g
            }
        }
        if d.isNegative { n = -n; d = -d }
        self.init(reduced: n, d)
    }

    public init(_ value: Int) { self.init(reduced: BigInt(value), .one) }

    /// An exact decimal constant from its digits (`"453.59237"`, `"-0.5"`), for tables of
    /// definitions. Precondition: only digits, one optional `.` and an optional leading `-`.
    public init(decimal text: String) {
        let negative = text.hasPrefix("-")
        let parts = text.dropFirst(negative ? 1 : 0).split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? parts[1] : ""
        let digits = Array((parts[0] + fraction).utf8)
        precondition(digits.allSatisfy { $0 >= 48 && $0 <= 57 }, "not a decimal: \(text)")
        let magnitude = BigInt(decimalDigits: digits)
        self.init(negative ? -magnitude : magnitude, BigInt.powerOfTen(fraction.count))
    }

    /// The exact value of a finite `Double`.
    public init(exactly value: Double) {
        precondition(value.isFinite)
        if value == 0 { self.init(0); return }
        let isSubnormal = value.exponentBitPattern == 0
        let significand = Int64(value.significandBitPattern) | (isSubnormal ? 0 : 1 << 52)
        let exponent = (isSubnormal ? 1 : Int(value.exponentBitPattern)) - 1075
        let n = BigInt(value < 0 ? -significand : significand)
        if exponent >= 0 { self.init(n.shiftedLeft(exponent)) } else { self.init(n, BigInt.one.shiftedLeft(-exponent)) }
    }

    public static let zero = Rational(0)
    public static let one = Rational(1)

    public var isZero: Bool { machineParts?.numerator == 0 }
    public var isNegative: Bool { machineParts.map { $0.numerator < 0 } ?? numerator.isNegative }
    public var isInteger: Bool { machineParts.map { $0.denominator == 1 } ?? (denominator == .one) }
    public var signum: Int { machineParts.map { Int($0.numerator.signum()) } ?? numerator.signum }
    public var magnitude: Rational { Rational(reduced: numerator.magnitude, denominator) }

    /// Bits needed to hold the larger of numerator and denominator: the size of the value.
    public var bitWidth: Int { max(numerator.bitWidth, denominator.bitWidth) }

    // MARK: Arithmetic

    public static prefix func - (x: Rational) -> Rational {
        if let (n, d) = x.machineParts, n != .min { return Rational(reduced: -n, d) }
        return Rational(reduced: -x.numerator, x.denominator)
    }

    public static func + (a: Rational, b: Rational) -> Rational {
        if let (an, ad) = a.machineParts, let (bn, bd) = b.machineParts {
            return machineSum(an, ad, bn, bd)
        }
        if a.denominator == b.denominator {
            return Rational(a.numerator + b.numerator, a.denominator)
        }
        return largeSum(a, b)
    }

    /// a + b by the method of `machineSum` on big parts: the gcds are of the denominators
    /// and of g, never of the whole cross sum and product (a balance of thousands of bits
    /// plus a deposit takes one gcd with the deposit's denominator).
    private static func largeSum(_ a: Rational, _ b: Rational) -> Rational {
        let ad = a.denominator, bd = b.denominator
        // A whole number added keeps the other's denominator, and its lowest terms:
        // gcd(an + n·ad, ad) = gcd(an, ad) = 1 (a deposit on a balance of thousands of bits).
        if bd == .one { return Rational(reduced: a.numerator + b.numerator * ad, ad) }
        if ad == .one { return Rational(reduced: b.numerator + a.numerator * bd, bd) }
        let g = BigInt.gcd(ad, bd)
        if g == .one { return Rational(reduced: a.numerator * bd + b.numerator * ad, ad * bd) }
        // One denominator divides the other (a deposit's into a balance's): t is then one
        // product and a sum, over the larger denominator.
        if g == bd || g == ad {
            let (fine, coarse) = g == bd ? (a, b) : (b, a)
            let t = fine.numerator + coarse.numerator * fine.denominator.dividedExactly(by: g)
            if t.isZero { return .zero }
            let h = BigInt.gcd(t, g)
            return h == .one ? Rational(reduced: t, fine.denominator)
                : Rational(reduced: t.dividedExactly(by: h), fine.denominator.dividedExactly(by: h))
        }
        let adg = ad.dividedExactly(by: g), bdg = bd.dividedExactly(by: g)
        let t = a.numerator * bdg + b.numerator * adg
        if t.isZero { return .zero }
        let h = BigInt.gcd(t, g)
        if h == .one { return Rational(reduced: t, adg * bd) }
        return Rational(reduced: t.dividedExactly(by: h), adg * bd.dividedExactly(by: h))
    }

    public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    public static func * (a: Rational, b: Rational) -> Rational {
        if let (an, ad) = a.machineParts, let (bn, bd) = b.machineParts {
            return machineProduct(an, ad, bn, bd)
        }
        if a.isInteger && b.isInteger { return Rational(reduced: a.numerator * b.numerator, .one) }
        // Cross-reduce first so the products stay small.
        let g1 = BigInt.gcd(a.numerator, b.denominator), g2 = BigInt.gcd(b.numerator, a.denominator)
        func over(_ n: BigInt, _ g: BigInt) -> BigInt { g == .one ? n : n / g }
        return Rational(reduced: over(a.numerator, g1) * over(b.numerator, g2), over(a.denominator, g2) * over(b.denominator, g1))
    }

    /// an/ad + bn/bd for machine-sized parts (positive denominators, lowest terms), in
    /// 128 bits with only machine-sized gcds: with g = gcd(ad, bd) and
    /// t = an·(bd/g) + bn·(ad/g), the sum is (t/h) / ((ad/g)·(bd/h)) for h = gcd(t, g)
    /// (Knuth, TAOCP vol. 2, §4.5.1).
    static func machineSum(_ an: Int64, _ ad: Int64, _ bn: Int64, _ bd: Int64) -> Rational {
        if ad == 1 && bd == 1 {
            return Rational(reduced: Int128(an) + Int128(bn), 1)
        }
        let g = ad == 1 || bd == 1 ? 1 : ad == bd ? ad : Int64(BigInt.binaryGCD(UInt64(ad), UInt64(bd)))
        if g == 1 {
            // Coprime denominators: the cross sum is already in lowest terms.
            return Rational(reduced: Int128(an) * Int128(bd) + Int128(bn) * Int128(ad), Int128(ad) * Int128(bd))
        }
        let t = Int128(an) * Int128(bd / g) + Int128(bn) * Int128(ad / g)
        if t == 0 { return .zero }
        let h = g == 1 ? 1 : Int64(BigInt.binaryGCD(UInt64((t % Int128(g)).magnitude), UInt64(g)))
        return Rational(reduced: t / Int128(h), Int128(ad / g) * Int128(bd / h))
    }

    /// an/ad × bn/bd for machine-sized parts, cross-reduced first so the result is in
    /// lowest terms; 128-bit products cannot overflow.
    static func machineProduct(_ an: Int64, _ ad: Int64, _ bn: Int64, _ bd: Int64) -> Rational {
        if an == 0 || bn == 0 { return .zero }
        let g1 = bd == 1 ? 1 : Int64(BigInt.binaryGCD(an.magnitude, UInt64(bd)))
        let g2 = ad == 1 ? 1 : Int64(BigInt.binaryGCD(bn.magnitude, UInt64(ad)))
        return Rational(reduced: Int128(an) / Int128(g1) * (Int128(bn) / Int128(g2)), Int128(ad / g2) * Int128(bd / g1))
    }

    /// an/ad ÷ bn/bd for machine-sized parts: an/ad × bd/bn, with the sign moved to the
    /// numerator. Precondition: bn ≠ 0 and bn ≠ Int64.min.
    static func machineQuotient(_ an: Int64, _ ad: Int64, _ bn: Int64, _ bd: Int64) -> Rational {
        bn < 0 ? machineProduct(an, ad, -bd, -bn) : machineProduct(an, ad, bd, bn)
    }

    /// a ÷ b. Precondition: b ≠ 0.
    public static func / (a: Rational, b: Rational) -> Rational {
        if let (an, ad) = a.machineParts, let (bn, bd) = b.machineParts, bn != .min {
            return machineQuotient(an, ad, bn, bd)
        }
        return a * b.reciprocal
    }

    /// 1 ÷ self. Precondition: self ≠ 0.
    public var reciprocal: Rational {
        if let (n, d) = machineParts, n != .min { return n < 0 ? Rational(reduced: -d, -n) : Rational(reduced: d, n) }
        return numerator.isNegative
            ? Rational(reduced: -denominator, -numerator)
            : Rational(reduced: denominator, numerator)
    }

    /// self raised to an integer power (negative powers invert). Precondition: not 0^negative.
    public func power(_ exponent: Int) -> Rational {
        // The powers units are mostly raised to (`per L` is L to the -1st) need no product.
        if exponent == 1 { return self }
        if exponent == -1 { return reciprocal }
        if exponent == 0 { return .one }
        let base = exponent < 0 ? reciprocal : self
        let e = exponent.magnitude
        return Rational(reduced: base.numerator.power(Int(e)), base.denominator.power(Int(e)))
    }

    /// Rounds to an integer: toward −∞ (`floor`), toward +∞ (`ceil`), or to the nearest with
    /// halves away from zero (`nearest`).
    public func rounded(_ rule: RoundingRule) -> BigInt {
        let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)
        if r.isZero { return q }
        switch rule {
        case .down: return isNegative ? q - .one : q
        case .up: return isNegative ? q : q + .one
        case .nearest:
            // Compare 2|r| with the denominator.
            let twice = r.magnitude.shiftedLeft(1)
            if twice >= denominator { return isNegative ? q - .one : q + .one }
            return q
        }
    }

    public enum RoundingRule: Sendable { case down, up, nearest }

    /// The nearest `Double`; infinite or zero when out of range.
    public var doubleValue: Double {
        if let (n, d) = machineParts,
           n.magnitude <= 1 << 53, d <= 1 << 53 {
            return Double(n) / Double(d)
        }
        // Scale so that the integer quotient carries 64 significant bits.
        let shift = 65 - (numerator.bitWidth - denominator.bitWidth)
        let scaled = shift >= 0
            ? numerator.magnitude.shiftedLeft(shift) / denominator
            : numerator.magnitude / denominator.shiftedLeft(-shift)
        let value = scaled.doubleValue
        // Multiply by 2^-shift in two steps so neither factor overflows on its own.
        let half = -shift / 2
        let scaledValue = value * Double(sign: .plus, exponent: half, significand: 1)
            * Double(sign: .plus, exponent: -shift - half, significand: 1)
        return isNegative ? -scaledValue : scaledValue
    }

    /// log₂ |self|, for size estimates of values beyond `Double`'s range. Precondition: ≠ 0.
    public var log2Magnitude: Double { numerator.log2Magnitude - denominator.log2Magnitude }
}

extension Rational: Hashable {
    public static func == (a: Rational, b: Rational) -> Bool {
        // Parts are in lowest terms and kept inline whenever they fit: equal values are
        // stored alike.
        if let (an, ad) = a.machineParts, let (bn, bd) = b.machineParts { return an == bn && ad == bd }
        return a.numerator == b.numerator && a.denominator == b.denominator
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(numerator)
        hasher.combine(denominator)
    }
}

extension Rational: Comparable {
    public static func < (a: Rational, b: Rational) -> Bool {
        // Machine-sized parts (prices, unit prices): the cross products in 128 bits.
        if let (an, ad) = a.machineParts, let (bn, bd) = b.machineParts {
            return Int128(an) * Int128(bd) < Int128(bn) * Int128(ad)
        }
        if a.denominator == b.denominator { return a.numerator < b.numerator }
        return a.numerator * b.denominator < b.numerator * a.denominator
    }
}

extension Rational: CustomStringConvertible {
    public var description: String {
        isInteger ? numerator.description : "\(numerator)/\(denominator)"
    }
}

extension Rational: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
