/// Values below the range (e^−300000): within a statement's expression a result below
/// 1e-100000 is kept as its sign (`Real.belowRange`), so that a term far below a sum's last
/// digit rounds away (`1 + exp(-300000)` is ≈ 1) instead of failing the statement; what
/// the sign and the bound 1e-100000 cannot decide is refused as too small. Everywhere else
/// (a shopping list's unit prices, an estimate) such a result is refused as too small: the
/// context says which (`EvaluationContext.keepsValuesBelowRange`).
extension Number {
    /// A result known not to be 0 whose magnitude is below 1e-100000: kept as its sign when
    /// the context keeps such values, refused as too small otherwise.
    static func belowRange(negative: Bool, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        guard context.keepsValuesBelowRange else { throw .tooSmall }
        return .approximate(.belowRange(negative: negative))
    }

    /// a + b where a term lies below the range: the other term widened by that term's bound,
    /// so a term far below the other's last digit rounds away. Two such terms make a sum
    /// whose size the bounds do not keep below the range.
    static func sumWithTermBelowRange(_ a: Number, _ b: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        if a.isBelowRange && b.isBelowRange { throw .tooSmall }
        let (term, other) = a.isBelowRange ? (a, b) : (b, a)
        if other.isZero { return term }
        let bits = context.precision
        return try .checked(other.real(bits: bits).adding(term.real(bits: bits), bits: bits), in: context)
    }

    /// self × factor or self ÷ factor for self below the range: below it still when the
    /// factor's sign is known and it is at most 1 in size (at least 1 to divide by), so the
    /// magnitude cannot grow; refused as too small otherwise. Precondition: factor ≠ 0.
    func scaledBelowRange(by factor: Number, dividing: Bool, in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let bits = context.precision
        guard !factor.isBelowRange, let sign = real(bits: bits).sign, let factorSign = factor.real(bits: bits).sign else { throw .tooSmall }
        let size = factor.real(bits: bits).magnitude
        guard dividing ? size.lower >= .one : size.upper <= .one else { throw .tooSmall }
        return try .belowRange(negative: sign != factorSign, in: context)
    }
}
