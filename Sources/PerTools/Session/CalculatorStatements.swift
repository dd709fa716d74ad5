import PerNumbers
import PerUnits
import PerLanguage

/// What the session asks of the calculator for every statement: parse and evaluate it, and
/// show an expression's value. The evaluator is built here and handed to the language's
/// one entry for a statement (`Evaluator.statement`), whose parser is specialized for it.
extension Calculator {
    /// The evaluator of a statement run against this calculator in `context`: it reads the
    /// estimators' inputs and results, and `today`'s day number, besides the calculator.
    package func evaluator(estimates: Estimates, today: Int32?, minuteOfDay: UInt16 = Evaluator.noClock,
                           context: EvaluationContext, zones: TimeZones? = nil) -> Evaluator {
        Evaluator(variables: variables, lastResult: lastResult, rates: rates,
                  inputs: estimates.inputs, results: estimates.results, vocabulary: CommandCatalogue.self, context: context,
                  scope: scope, ranges: holdsRanges ? rangeNames : nil, taxRate: taxRate, today: today, notation: input,
                  minuteOfDay: minuteOfDay, zones: zones, lists: holdsLists ? listNames : nil)
    }

    /// The user's functions and units for an evaluator: nil while there are none.
    private var scope: Evaluator.FunctionScope? {
        functions.isEmpty && units.isEmpty ? nil : Evaluator.FunctionScope(functions: functions, units: units.table)
    }

    /// A statement parsed and evaluated against this calculator; one refused as too small
    /// or lost in rounding is evaluated again, sharper (`Evaluator.sharpened`).
    package func statement(_ source: StatementSource, estimates: Estimates, today: Int32?, minuteOfDay: UInt16 = Evaluator.noClock,
                           context: EvaluationContext, zones: TimeZones? = nil) throws(Diagnostic) -> EvaluatedStatement {
        do throws(Diagnostic) {
            return try Evaluator.statement(source, variables: variables, lastResult: lastResult, rates: rates,
                                           inputs: estimates.inputs, results: estimates.results, vocabulary: CommandCatalogue.self,
                                           context: context, scope: scope, ranges: holdsRanges ? rangeNames : nil,
                                           taxRate: taxRate, today: today, notation: input, minuteOfDay: minuteOfDay,
                                           zones: zones, lists: holdsLists ? listNames : nil)
        } catch where error.problem.code == .tooSmall || error.problem.code == .precisionLost {
            return EvaluatedStatement(try sharpened(source, after: error, estimates: estimates, today: today, minuteOfDay: minuteOfDay,
                                                    context: context, zones: zones))
        }
    }

    /// The statement evaluated again, sharper, after `error`. Apart and never inlined: the
    /// evaluator it builds takes copies of the calculator's fields, which the compiler
    /// otherwise made on every statement's way in.
    @inline(never)
    private func sharpened(_ source: StatementSource, after error: Diagnostic, estimates: Estimates, today: Int32?,
                           minuteOfDay: UInt16, context: EvaluationContext, zones: TimeZones?) throws(Diagnostic) -> ParsedStatement<Evaluator.Operand> {
        try evaluator(estimates: estimates, today: today, minuteOfDay: minuteOfDay, context: context, zones: zones)
            .sharpened(source, digits: digits, first: .failure(error))
    }

    /// An expression's value, kept as the last result (and its range, when it is one) and
    /// shown.
    package mutating func value(_ operand: Evaluator.Operand) throws(Diagnostic) -> Outcome {
        try operand.checkStatementValue()
        let value = operand.quantity
        lastResult = value
        if operand.isRange, let bounds = operand.bounds {
            lastRange = bounds
            return .value(display(bounds))
        }
        if let list = operand.list {
            lastList = list
            return .value(display(list, format: operand.format))
        }
        if let tax = operand.tax {
            return .tax(value: display(value), net: display(tax.net), tax: displayedTax(tax),
                        gross: display(tax.gross), rate: display(tax.rate))
        }
        let note = value.isZoned ? ValueNote.zoned(operand.note, value) : operand.note?.message
        let shown = display(value, format: operand.format, showingSign: operand.showsSign, parts: operand.parts,
                            counted: operand.parts == nil ? nil : operand.countedParts)
        // Passed on as it is without a note: a call to add an offset copies the display.
        guard operand.note != nil else { return .value(shown, note: note) }
        return .value(shown.offset(from: operand.note), note: note)
    }
}

extension Calculator {
    /// The unit a CSV header names in its parentheses (`calcium (mg/L)`, `load`), read as
    /// a statement reads `1 mg/L`, with the user's units and no variable; nil when the text
    /// is no unit alone (a number, a name, more than 100 characters).
    package func headerUnit(_ text: String) -> CompoundUnit? {
        guard text.unicodeScalars.count <= 100, !text.isEmpty else { return nil }
        let evaluator = Evaluator(variables: [:], lastResult: nil, rates: rates, inputs: [:], results: [:],
                                  vocabulary: CommandCatalogue.self, context: .standard, scope: scope)
        guard let operand = try? Parser.expression(StatementSource("1 " + text), builder: evaluator),
              !operand.isRange, !operand.isList, operand.quantity.magnitude == Number(1),
              operand.quantity.unit.atom?.isZoned != true else { return nil }
        return operand.quantity.unit
    }
}
