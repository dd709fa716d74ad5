/// Values below the range (e^−300000): within a statement's expression a result below
/// 1e-100000 is kept as its sign (`Real.belowRange`), so that a term far below a sum's last
/// digit rounds away (`1 + exp(-300000)` is ≈ 1) instead of failing the statement; what
/// the sign and the bound 1e-100000 cannot decide is refused as too small. Everywhere else
/// (a shopping list's unit prices, an estimate) such a result is refused as too small.
extension Number {
    /// Whether a result below the range is kept as its sign rather than refused: set while
    /// a statement's expression is evaluated (`Number.keepingValuesBelowRange`).
    @TaskLocal static var keepsValuesBelowRange = false

    /// Runs `evaluate` with results below the range kept as their sign.
    package static func keepingValuesBelowRange<T, Failure: Error>(_ evaluate: () throws(Failure) -> T) throws(Failure) -> T {
        // `withValue` rethrows untyped errors: the outcome passes through it as a value.
        let outcome = $keepsValuesBelowRange.withValue(true) { () -> Result<T, Failure> in
            do throws(Failure) { return .success(try evaluate()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// A result known not to be 0 whose magnitude is below 1e-100000: kept as its sign, or
    /// refused as too small outside a statement's expression.
    static func belowRange(negative: Bool) throws(ArithmeticError) -> Number {
        guard keepsValuesBelowRange else { throw .tooSmall }
        return .approximate(.belowRange(negative: negative))
    }

    /// a + b where a term lies below the range: the other term widened by that term's bound,
    /// so a term far below the other's last digit rounds away. Two such terms make a sum
    /// whose size the bounds do not keep below the range.
    static func sumWithTermBelowRange(_ a: Number, _ b: Number) throws(ArithmeticError) -> Number {
        if a.isBelowRange && b.isBelowRange { throw .tooSmall }
        let (term, other) = a.isBelowRange ? (a, b) : (b, a)
        if other.isZero { return term }
        return try .checked(other.real + term.real)
    }

    /// self × factor or self ÷ factor for self below the range: below it still when the
    /// factor's sign is known and it is at most 1 in size (at least 1 to divide by), so the
    /// magnitude cannot grow; refused as too small otherwise. Precondition: factor ≠ 0.
    func scaledBelowRange(by factor: Number, dividing: Bool) throws(ArithmeticError) -> Number {
        guard !factor.isBelowRange, let sign = real.sign, let factorSign = factor.real.sign else { throw .tooSmall }
        let size = factor.real.magnitude
        guard dividing ? size.lower >= .one : size.upper <= .one else { throw .tooSmall }
        return try .belowRange(negative: sign != factorSign)
    }
}
