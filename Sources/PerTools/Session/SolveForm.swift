import PerNumbers
import PerUnits
import PerLanguage

/// What the form of `solve`'s equation tells of its roots, from `PolynomialDegree`: a
/// polynomial of degree n has at most n roots, and those of one with exact coefficients
/// lie within Cauchy's bound.
struct SolveForm: Equatable {
    /// At least the number of distinct roots of lhs − rhs, where it is a polynomial: its
    /// degree, or that of `polynomial`.
    var degree: Int? = nil
    /// Every root x has |x| ≤ bound (in the unknown's unit).
    var bound: Rational? = nil
    /// lhs − rhs without its repeated factors, where it is a polynomial of degree 1 or more
    /// with exact coefficients in a plain unknown: its roots are the equation's, each a change
    /// of sign.
    var polynomial: SolvePolynomial? = nil

    /// Whether `count` distinct roots are all there are: as many as the degree.
    func isComplete(_ count: Int) -> Bool { degree.map { $0 >= 1 && count >= $0 } ?? false }

    /// Cauchy's bound of the polynomial a₀ + a₁x + … + aₙxⁿ (constant first): every root has
    /// |x| ≤ 1 + max |aᵢ/aₙ| over i < n (Rahman & Schmeisser, "Analytic Theory of
    /// Polynomials", OUP 2002, Thm 8.1.3). Nil when every coefficient is 0.
    static func cauchyBound(_ coefficients: [Rational]) -> Rational? {
        guard let n = coefficients.lastIndex(where: { !$0.isZero }) else { return nil }
        let leading = coefficients[n].magnitude
        return Rational(1) + coefficients[..<n].map { $0.magnitude / leading }.reduce(Rational(0)) { max($0, $1) }
    }
}

extension Calculator {
    /// The equation's form, worked out with the unknown at `x`: nil fields where a side is
    /// no polynomial in it, or cannot be worked out there.
    func solveForm(parts: SolveParts, evaluator: Evaluator, at x: Rational, unit: CompoundUnit) -> SolveForm {
        let bound = evaluator.binding(parts.name, to: Quantity(.exact(x), unit), in: evaluator.context)
        let builder = PolynomialDegree(evaluator: bound, name: parts.name)
        guard let left = try? Parser.expression(parts.left, builder: builder, depth: Solve.parseDepth),
              let right = try? Parser.expression(parts.right, builder: builder, depth: Solve.parseDepth),
              let l = left.degree, let r = right.degree else { return SolveForm() }
        var form = SolveForm(degree: max(l, r))
        if let u = left.coefficients, let v = right.coefficients {
            let difference = (0..<max(u.count, v.count)).map { i in (i < u.count ? u[i] : Rational(0)) - (i < v.count ? v[i] : Rational(0)) }
            form.bound = SolveForm.cauchyBound(difference)
            form.polynomial = SolvePolynomial(difference)
            // As many distinct roots as its degree are all there are.
            if let polynomial = form.polynomial { form.degree = polynomial.degree }
        }
        return form
    }
}
