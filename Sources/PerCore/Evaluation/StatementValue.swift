import PerNumbers

extension Evaluator {
    /// The statement in `source`, evaluated again after `first`: with values below the range
    /// kept (`Number.keepingValuesBelowRange`), so a sum can round them away.
    ///
    /// A value that `Real.precision` leaves short of the `digits` shown, around 0 most of all
    /// (`pi + 1e-70 - pi`), or lost in rounding, is computed again with more bits
    /// (`Real.sharperPrecisions`) until it shows them. What more bits do not help stays as
    /// it was: a value that is 0 (`sin(pi)`, `≈ 0`) and one that rounding has lost
    /// (`sin(1e100*pi)`, refused) are told from a small one only by showing a digit.
    ///
    /// The common statement pays for none of this: the session evaluates it once as it is
    /// and calls this only for one refused as too small or lost, or short of digits
    /// (`isShort`), with that `first` outcome.
    func sharpened(_ source: StatementSource, digits: Int,
                   first: Result<ParsedStatement<Operand>, Diagnostic>) throws(Diagnostic) -> ParsedStatement<Operand> {
        var best = first
        if case .failure(let error) = best, error.problem.code == .tooSmall { best = evaluated(source) }
        var known = Evaluator.knownDigits(best, upTo: digits)
        guard known < digits else { return try best.get() }
        for bits in Real.sharperPrecisions {
            let sharper = Real.withPrecision(bits) { evaluated(source) }
            if case .failure(let diagnostic) = sharper {
                if diagnostic.problem.isCancellation { throw diagnostic }
                continue
            }
            let sharperKnown = Evaluator.knownDigits(sharper, upTo: digits)
            // Bounds around 0 are never taken for a value that rounding lost.
            guard sharperKnown > Swift.max(known, 0) else { continue }
            (best, known) = (sharper, sharperKnown)
            if known == digits { break }
        }
        return try best.get()
    }

    /// One evaluation, with its own count of the user's function calls.
    private func evaluated(_ source: StatementSource) -> Result<ParsedStatement<Operand>, Diagnostic> {
        var evaluator = self
        if let scope {
            evaluator.scope = FunctionScope(functions: scope.functions, running: scope.running, parameters: scope.parameters,
                                            names: scope.names)
        }
        do throws(Diagnostic) {
            return .success(try Number.keepingValuesBelowRange { () throws(Diagnostic) in try Parser.statement(source, builder: evaluator) })
        } catch {
            return .failure(error)
        }
    }


    /// How many significant digits a statement's value knows, up to `limit`: 0 for bounds
    /// around 0, −1 for a value lost in rounding, `limit` for anything else (an exact value,
    /// another failure, a command).
    private static func knownDigits(_ outcome: Result<ParsedStatement<Operand>, Diagnostic>, upTo limit: Int) -> Int {
        switch outcome {
        case .failure(let diagnostic):
            return diagnostic.problem.code == .precisionLost ? -1 : limit
        case .success(.expression(let value)), .success(.assignment(_, _, let value)):
            guard case .approximate(let x) = value.quantity.magnitude, x.signBelowRange == nil else { return limit }
            return NumberDisplay.knownDigits(x, upTo: limit)
        case .success:
            return limit
        }
    }
}

extension Evaluator.Operand {
    /// Whether the value is approximate and knows fewer than `digits` digits (an exact
    /// value, as most are, is told at once): the session then computes it again, sharper.
    func isShort(of digits: Int) -> Bool {
        guard case .approximate(let x) = quantity.magnitude, x.signBelowRange == nil else { return false }
        return NumberDisplay.knownDigits(x, upTo: digits) < digits
    }

    /// Refuses the operand as a statement's value when it lies below the range
    /// (e^−300000). A sum rounds such a term away (`1 + exp(-300000)` is ≈ 1); alone it has
    /// no digit to show, and it is never shown as `≈ 0`.
    func checkStatementValue() throws(Diagnostic) {
        if quantity.magnitude.isBelowRange { throw Diagnostic(ArithmeticError.tooSmall, at: range) }
    }
}
