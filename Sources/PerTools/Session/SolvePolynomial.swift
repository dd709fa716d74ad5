import PerNumbers

/// The difference of `solve`'s sides where it is a polynomial with exact coefficients, kept
/// without its repeated factors: p / gcd(p, p′) has the roots of p, each once (Lang,
/// "Algebra", 3rd ed., IV §1: a repeated root of p is a root of p′), so that every root is
/// a change of sign, a root where the sides only touch ((x − 2)² = 0) among them. Its tries
/// and its stretches are worked out exactly, in a few multiplications of rationals, with
/// no parse of the expression.
struct SolvePolynomial: Equatable {
    /// a₀ + a₁x + … + aₙxⁿ, the constant first, n ≥ 1, aₙ ≠ 0; no root repeated.
    let coefficients: [Rational]

    /// Degrees up to which the repeated factors are divided out: the remainders of Euclid's
    /// algorithm over the rationals grow with the degree.
    static let maxSquareFreeDegree = 32

    /// The polynomial p (constant first) without its repeated factors; nil when p is a
    /// constant.
    init?(_ p: [Rational]) {
        let p = Self.trimmed(p)
        guard p.count >= 2 else { return nil }
        guard p.count - 1 <= Self.maxSquareFreeDegree else { self.coefficients = p; return }
        let g = Self.gcd(p, Self.derivative(p))
        coefficients = g.count > 1 ? Self.quotient(p, g) : p
    }

    var degree: Int { coefficients.count - 1 }

    /// The value at x, by Horner's rule.
    func value(at x: Rational) -> Rational {
        return coefficients.reversed().reduce(Rational(0)) { $0 * x + $1 }
    }

    /// What the polynomial does over low…high, proven by exact bounds: apart from 0 (no root)
    /// or monotonic (at most one root: a change of sign between the ends is one, none is
    /// none). First by the Taylor form at the middle m, with r half the width: for
    /// p(m + t) = Σ bₖtᵏ and |t| ≤ r, |p − b₀| ≤ Σₖ≥₁ |bₖ|rᵏ and |p′ − b₁| ≤ Σₖ≥₂ k|bₖ|rᵏ⁻¹,
    /// whose overestimate shrinks as r² (Neumaier, "Interval Methods for Systems of
    /// Equations", CUP 1990, §2.4: the centred form); then, for a wide stretch, by
    /// Horner's rule in interval arithmetic.
    func check(low: Rational, high: Rational) -> StretchCheck {
        let m = (low + high) / Rational(2), r = (high - low) / Rational(2)
        let b = taylor(at: m)
        var valueSpread = Rational(0), slopeSpread = Rational(0)
        var power = Rational(1)
        for k in 1..<b.count {
            // power is r^(k−1).
            let term = b[k].magnitude * power
            if k >= 2 { slopeSpread = slopeSpread + Rational(k) * term }
            power = power * r
            valueSpread = valueSpread + term * r
        }
        var check = StretchCheck(separation: b[0].magnitude > valueSpread ? .apart : .unproven,
                                 monotonic: b[1].magnitude > slopeSpread)
        if check.separation == .apart || check.monotonic == true { return check }
        let value = Self.interval(coefficients, low, high)
        if value.low.signum > 0 || value.high.signum < 0 { check.separation = .apart; return check }
        let slope = Self.interval(Self.derivative(coefficients), low, high)
        check.monotonic = slope.low.signum >= 0 || slope.high.signum <= 0
        return check
    }

    /// The Taylor coefficients at m, bₖ = p⁽ᵏ⁾(m)/k!, by Horner's rule repeated (Knuth, TAOCP
    /// vol. 2, 3rd ed., §4.6.4).
    func taylor(at m: Rational) -> [Rational] {
        var a = coefficients
        let n = a.count - 1
        for i in 0..<n {
            for j in stride(from: n - 1, through: i, by: -1) { a[j] = a[j] + m * a[j + 1] }
        }
        return a
    }

    /// The range of the polynomial p over low…high by Horner's rule in interval arithmetic:
    /// it holds every value, and is wider where terms cancel.
    static func interval(_ p: [Rational], _ low: Rational, _ high: Rational) -> (low: Rational, high: Rational) {
        var lo = Rational(0), hi = Rational(0)
        for c in p.reversed() {
            let products = [lo * low, lo * high, hi * low, hi * high]
            lo = products.min()! + c
            hi = products.max()! + c
        }
        return (lo, hi)
    }

    static func trimmed(_ p: [Rational]) -> [Rational] {
        guard let last = p.lastIndex(where: { !$0.isZero }) else { return [] }
        return Array(p[...last])
    }

    static func derivative(_ p: [Rational]) -> [Rational] {
        trimmed(p.enumerated().dropFirst().map { Rational($0.offset) * $0.element })
    }

    /// The remainder of u divided by v (v not 0).
    static func remainder(_ u: [Rational], _ v: [Rational]) -> [Rational] {
        var r = u
        while r.count >= v.count {
            let factor = r[r.count - 1] / v[v.count - 1], shift = r.count - v.count
            for (i, c) in v.enumerated() { r[i + shift] = r[i + shift] - factor * c }
            r = trimmed(Array(r.dropLast()))
        }
        return r
    }

    /// The quotient of u divided by v, which divides it.
    static func quotient(_ u: [Rational], _ v: [Rational]) -> [Rational] {
        var r = u
        var q = [Rational](repeating: Rational(0), count: u.count - v.count + 1)
        while r.count >= v.count {
            let factor = r[r.count - 1] / v[v.count - 1], shift = r.count - v.count
            q[shift] = factor
            for (i, c) in v.enumerated() { r[i + shift] = r[i + shift] - factor * c }
            r = trimmed(Array(r.dropLast()))
        }
        return q
    }

    /// The greatest common divisor by Euclid's algorithm, made monic to keep its
    /// coefficients short.
    static func gcd(_ u: [Rational], _ v: [Rational]) -> [Rational] {
        var (a, b) = (u, v)
        while !b.isEmpty {
            (a, b) = (b, remainder(a, b))
            if let lead = b.last { b = b.map { $0 / lead } }
        }
        return a
    }
}
