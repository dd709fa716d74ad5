import PerNumbers
import PerUnits

extension Evaluator {
    /// A value evaluated again after a `first` evaluation that was not good enough: the one
    /// place a statement, or a command's argument, is computed again.
    ///
    /// Refused as too small, it is evaluated again with values below the range kept
    /// (`EvaluationContext.keepingValuesBelowRange`), so a sum can round them away. Then,
    /// when `digits` are asked for, a value that the context's precision leaves short of
    /// them, around 0 most of all (`pi + 1e-70 - pi`), or lost in rounding, is computed
    /// again with more bits (`EvaluationContext.sharperPrecisions`) until it shows them.
    /// What more bits do not help stays as it was: a value that is 0 (`sin(pi)`, `≈ 0`)
    /// and one that rounding has lost (`sin(1e100*pi)`, refused) are told from a small one
    /// only by showing a digit.
    ///
    /// `evaluate` computes the value in the context it is given; `knownDigits` tells how
    /// many significant digits an outcome knows, up to a limit: 0 for bounds around 0, −1
    /// for a value lost in rounding. The common statement pays for none of this: it is
    /// evaluated once as it is, and this is called only for one refused as too small or
    /// lost, or short of digits.
    package func sharpened<T>(_ first: Result<T, Diagnostic>, digits: Int?,
                      knownDigits: (Result<T, Diagnostic>, Int) -> Int,
                      _ evaluate: (EvaluationContext) -> Result<T, Diagnostic>) throws(Diagnostic) -> T {
        let keeping = context.keepingValuesBelowRange
        var best = first
        if case .failure(let error) = best, error.problem.code == .tooSmall { best = evaluate(keeping) }
        guard let digits else { return try best.get() }
        var known = knownDigits(best, digits)
        guard known < digits else { return try best.get() }
        for bits in EvaluationContext.sharperPrecisions {
            let sharper = evaluate(keeping.with(precision: bits))
            if case .failure(let diagnostic) = sharper {
                if diagnostic.problem.isCancellation { throw diagnostic }
                continue
            }
            let sharperKnown = knownDigits(sharper, digits)
            // Bounds around 0 are never taken for a value that rounding lost.
            guard sharperKnown > Swift.max(known, 0) else { continue }
            (best, known) = (sharper, sharperKnown)
            if known == digits { break }
        }
        return try best.get()
    }

    /// The statement in `source`, parsed and evaluated by an evaluator of these parts
    /// (`init`). The one entry from above into the parser for a statement: the evaluator is
    /// built here, in the parser's module, and handed to the parser specialized for it; built
    /// above and passed down, it was copied field by field through the runtime.
    package static func statement(_ source: StatementSource, variables: [String: Quantity], lastResult: Quantity?, rates: Rates,
                                  inputs: [String: InputValue], results: [String: Quantity], vocabulary: any Vocabulary.Type,
                                  context: EvaluationContext, scope: FunctionScope?, ranges: [String: QuantityRange]?,
                                  taxRate: Quantity?, today: Int32?, notation: InputNotation,
                                  minuteOfDay: UInt16, zones: TimeZones? = nil,
                                  lists: [String: QuantityList]? = nil) throws(Diagnostic) -> EvaluatedStatement {
        EvaluatedStatement(try Parser.statement(source, builder: Evaluator(
            variables: variables, lastResult: lastResult, rates: rates, inputs: inputs, results: results, vocabulary: vocabulary,
            context: context, scope: scope, ranges: ranges, seldom: Seldom.made(taxRate: taxRate, zones: zones, lists: lists), today: today,
            notation: notation, minuteOfDay: minuteOfDay)))
    }

    /// The statement in `source`, evaluated again after `first` (`sharpened`), each time
    /// with its own count of the user's function calls.
    package func sharpened(_ source: StatementSource, digits: Int,
                   first: Result<ParsedStatement<Operand>, Diagnostic>) throws(Diagnostic) -> ParsedStatement<Operand> {
        try sharpened(first, digits: digits, knownDigits: Evaluator.knownDigits) { context in
            do throws(Diagnostic) {
                return .success(try Parser.statement(source, builder: evaluating(in: context)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// This evaluator in another context, with its own count of the user's function calls.
    private func evaluating(in context: EvaluationContext) -> Evaluator {
        var evaluator = with(context: context)
        if let scope {
            evaluator.scope = FunctionScope(functions: scope.functions, units: scope.units, running: scope.running, parameters: scope.parameters,
                                            names: scope.names)
        }
        return evaluator
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

    /// This evaluator with `context` in place of its own, sharing its count of calls.
    package func with(context: EvaluationContext) -> Evaluator {
        var evaluator = self
        evaluator.context = context
        return evaluator
    }
}

extension Evaluator.Operand {
    /// Whether the value is approximate and knows fewer than `digits` digits (an exact
    /// value, as most are, is told at once): the session then computes it again, sharper.
    package func isShort(of digits: Int) -> Bool {
        guard case .approximate(let x) = quantity.magnitude, x.signBelowRange == nil else { return false }
        return NumberDisplay.knownDigits(x, upTo: digits) < digits
    }

    /// Refuses the operand as a statement's value when it lies below the range
    /// (e^−300000). A sum rounds such a term away (`1 + exp(-300000)` is ≈ 1); alone it has
    /// no digit to show, and it is never shown as `≈ 0`.
    @inlinable package func checkStatementValue() throws(Diagnostic) {
        if quantity.magnitude.isBelowRange { throw Diagnostic(ArithmeticError.tooSmall, at: range) }
    }
}

/// A statement evaluated: an expression's value, as most statements are, or any other
/// statement as parsed. Not generic, unlike `ParsedStatement`, whose values the modules
/// above copy and drop through the runtime's generic paths: matched above, this one's value
/// is moved out.
package enum EvaluatedStatement {
    case value(Evaluator.Operand)
    /// An assignment, a definition or a command.
    case other(ParsedStatement<Evaluator.Operand>)

    package init(_ statement: consuming ParsedStatement<Evaluator.Operand>) {
        switch consume statement {
        case .expression(let value): self = .value(value)
        case let other: self = .other(other)
        }
    }
}
