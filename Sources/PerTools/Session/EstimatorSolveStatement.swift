import PerNumbers
import PerUnits
import PerLanguage

extension Calculator {
    /// `solve ESTIMATOR [KEY=VALUE…] KEY for RESULT = VALUE [in A..B]` in its parts.
    struct EstimatorSolveStatement {
        let estimator: any Estimator.Type
        let spec: InputSpec
        let keyRange: Range<Int>
        let result: ResultSpec
        let resultRange: Range<Int>
        let target: Quantity
        let targetRange: Range<Int>
        /// What follows `in`.
        let range: Range<Int>?
        /// A reader of the inputs given inline, the rest blanked out.
        let fixed: ArgumentReader
    }

    static func estimatorSolveStatement(_ arguments: ArgumentReader) throws(Diagnostic) -> EstimatorSolveStatement {
        var arguments = arguments
        guard let word = arguments.word(), let command = EstimatorCommand(rawValue: word.text.lowercased()) else {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "an equation with =")), at: arguments.endRange)
        }
        let estimator = command.estimator
        func shape(_ missing: String, at range: Range<Int>) -> Diagnostic {
            Diagnostic(ArgumentError.solve(.estimatorShape(estimator: estimator.name, missing: missing)), at: range)
        }
        let words = arguments.words.filter { !$0.isQuoted }
        guard let forAt = words.firstIndex(where: { $0.text.lowercased() == "for" }) else {
            throw shape("for RESULT = VALUE after the key", at: arguments.endRange)
        }
        guard forAt > 0, !words[forAt - 1].text.contains("=") else {
            throw shape("the input to solve for before for", at: words[forAt].range)
        }
        let keyWord = words[forAt - 1]
        let keyName = keyWord.text.lowercased()
        guard let spec = estimator.spec(keyName) else {
            throw Diagnostic(InputError.unknownKey(estimator: estimator.name, key: keyWord.text,
                                                   suggestion: Suggestion.closest(to: keyName, among: estimator.inputs.map(\.key), minimumLength: 2),
                                                   keys: Estimates.listedKeys(estimator)), at: keyWord.range)
        }
        if case .choice(let choices) = spec.kind {
            throw Diagnostic(ArgumentError.solve(.choice(key: spec.key, choices: choices)), at: keyWord.range)
        }
        // RESULT = VALUE [in A..B]
        let scalars = arguments.source.scalars
        let end = scalars.endIndex
        let afterFor = words[forAt].range.upperBound
        guard let equals = (afterFor..<end).first(where: { scalars[$0] == "=" }) else {
            throw shape("= VALUE after the result", at: forAt + 1 < words.count ? words[forAt + 1].range : arguments.endRange)
        }
        let resultRange = Solve.trimmedRange(afterFor..<equals, in: scalars)
        let resultName = StatementSource.string(scalars[resultRange]).lowercased()
        guard !resultName.isEmpty else { throw shape("a result after for", at: words[forAt].range) }
        let numbers = estimator.results.filter(\.isKept)
        guard let result = numbers.first(where: { $0.jsonKey == resultName || $0.name.lowercased() == resultName }) else {
            let names = numbers.map(\.jsonKey)
            throw Diagnostic(ArgumentError.solve(.unknownResult(estimator: estimator.name, name: StatementSource.string(scalars[resultRange]),
                                                                suggestion: Suggestion.closest(to: resultName, among: names, minimumLength: 2),
                                                                names: names)), at: resultRange)
        }
        let inWord = words.first { $0.range.lowerBound > equals && !$0.isQuoted && $0.text.lowercased() == "in" }
        let targetRange = Solve.trimmedRange((equals + 1)..<(inWord?.range.lowerBound ?? end), in: scalars)
        guard !targetRange.isEmpty else { throw shape("a value after =", at: equals..<(equals + 1)) }
        let operand = try Parser.expression(arguments.source.slice(targetRange), builder: arguments.evaluator)
        if operand.isRange || operand.isList || operand.quantity.unit.isDate {
            throw Diagnostic(ArgumentError.solve(.notANumber(operand.isRange ? "a range with a tolerance" : operand.isList ? "a list" : "a date")),
                             at: targetRange)
        }
        var range: Range<Int>? = nil
        if let inWord {
            let rest = Solve.trimmedRange(inWord.range.upperBound..<end, in: scalars)
            guard !rest.isEmpty else { throw shape("a range A..B after in", at: inWord.range) }
            range = rest
        }
        // The inline inputs: the statement with the key and everything after it blanked out.
        var rest = scalars
        for index in keyWord.range.lowerBound..<end { rest[index] = " " }
        let fixed = ArgumentReader(StatementSource(rest).slice(arguments.position..<end), command: estimator.name,
                                   commandRange: arguments.commandRange, evaluator: arguments.evaluator)
        return EstimatorSolveStatement(estimator: estimator, spec: spec, keyRange: keyWord.range, result: result, resultRange: resultRange,
                                       target: operand.quantity, targetRange: targetRange, range: range, fixed: fixed)
    }
}
