extension Evaluator.Operand {
    /// The operand as a statement's value: refused when it lies below the range
    /// (e^−300000). A sum rounds such a term away (`1 + exp(-300000)` is ≈ 1); alone it has
    /// no digit to show, and it is never shown as `≈ 0`.
    func asStatementValue() throws(Diagnostic) -> Self {
        if quantity.magnitude.isBelowRange { throw Diagnostic(ArithmeticError.tooSmall, at: range) }
        return self
    }
}
