import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `save`, `saved`, `recall`, `forget` (`help storage`). The core checks the statement and says
/// what the storage should do; the shell reads and writes the file.
extension Session {
    /// The inputs a saved set would hold now.
    public var state: SessionState {
        var state = SessionState(variables: calculator.variables, functions: calculator.functions, inputs: estimates.inputs,
                                 rates: calculator.rates, list: list, digits: calculator.digits, group: calculator.group,
                                 input: calculator.input, money: calculator.money, taxRate: calculator.taxRate,
                                 lastEstimator: estimates.lastEstimate?.estimator, ranges: calculator.ranges, units: calculator.units,
                                 shelf: shelf, listVariables: calculator.listVariables)
        state.labelled = calculator.labelled
        state.unitSystem = estimates.unitSystem
        return state
    }

    mutating func savedSetCommand(_ command: SavedSetCommand, _ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        switch command {
        case .saved:
            try arguments.expectEnd()
            return .storage(.list)
        case .save:
            let (nameWords, replace) = try Self.nameAndOptions(arguments, allowed: "--replace")
            let setName = try self.setName(nameWords, arguments)
            return .storage(.save(name: setName, state: state, headline: estimates.lastEstimate?.headline, replace: replace))
        case .recall:
            return .storage(.recall(name: try setName(Self.nameAndOptions(arguments, allowed: nil).words, arguments)))
        case .forget:
            return .storage(.forget(name: try setName(Self.nameAndOptions(arguments, allowed: nil).words, arguments)))
        }
    }

    /// The words of the name, and whether the one option the command takes was given. An
    /// unquoted word starting with `--` is an option, never part of a name, so a mistyped
    /// one (`save plant --force`) is refused rather than saved as `plant --force`.
    private static func nameAndOptions(_ arguments: ArgumentReader, allowed: String?) throws(Diagnostic) -> (words: [StatementSource.Word], given: Bool) {
        var words: [StatementSource.Word] = []
        var given = false
        for word in arguments.words {
            guard !word.isQuoted, word.text.hasPrefix("--") else { words.append(word); continue }
            guard word.text == allowed else {
                throw Diagnostic(ArgumentError.unknownOption(word.text, command: arguments.commandName, allowed: allowed), at: word.range)
            }
            given = true
        }
        return (words, given)
    }

    /// The set's name: the words as written (one pair of quotes removed), checked.
    private func setName(_ words: [StatementSource.Word], _ arguments: ArgumentReader) throws(Diagnostic) -> String {
        guard let first = words.first, let last = words.last else {
            throw Diagnostic(ArgumentError.setNameMissing(command: arguments.commandName), at: arguments.commandRange)
        }
        let range = first.range.lowerBound..<last.range.upperBound
        let text = words.count == 1 ? first.text : StatementSource.string(arguments.source.scalars[range]).trimmingBlanks
        do {
            try SavedSets.validate(name: text)
        } catch {
            throw Diagnostic(error, at: range)
        }
        return text
    }

    /// Takes the inputs of a kept session (`session.json`) at start, as no step of the
    /// history: there is nothing before it to go back to.
    public mutating func restore(_ state: SessionState) {
        calculator.variables = state.variables
        calculator.ranges = state.ranges
        calculator.listVariables = state.listVariables
        calculator.labelled = state.labelled
        calculator.functions = state.functions
        calculator.units = state.units
        // The rates of the file stay: they are the run's, not the set's.
        let reference = calculator.rates.reference
        calculator.rates = state.rates
        calculator.rates.reference = reference
        calculator.digits = state.digits
        calculator.group = state.group
        calculator.input = state.input
        calculator.money = state.money
        calculator.taxRate = state.taxRate
        list = state.list
        shelf = state.shelf
        // Results belong to estimates made from other inputs; `recall` makes the last again.
        estimates = Estimates(inputs: state.inputs, unitSystem: state.unitSystem)
    }

    /// Restores a saved set and shows its calculation again: the last estimate, re-run
    /// from the restored inputs; else the shopping list; else the variables.
    public mutating func recall(_ set: SavedSet, statement: String = "recall") -> Outcome {
        let before = withoutHistory
        defer {
            if history != nil, changed(since: before) {
                revision += 1
                history?.record(statement, before: before)
            }
        }
        // What the set replaces, so it is never dropped without a word.
        let replaced = before.state.isEmpty || before.state.hasSameInputs(as: set.state)
            ? nil : Outcome.Replaced(contents: before.state.contents, canUndo: history != nil)
        restore(set.state)
        if let name = set.state.lastEstimator, let estimator = Estimators.named(name) {
            let arguments = ArgumentReader(StatementSource(""), command: name, commandRange: 0..<0, evaluator: evaluator(in: .standard))
            if let shown = try? estimates.run(estimator, arguments, supplied: [:], rates: calculator.rates) {
                return .recalled(set, shown: notingOnce(shown), replaced: replaced)
            }
        }
        if let comparison = try? Comparison(list) { return .recalled(set, shown: .comparison(comparison), replaced: replaced) }
        return .recalled(set, shown: .variables(calculator.userVariables, functions: calculator.userFunctions), replaced: replaced)
    }
}

extension SessionState {
    /// Whether it holds nothing worth keeping: no variables, inputs, products or draft, and
    /// the default settings (a new session's).
    public var isEmpty: Bool { hasSameInputs(as: Session().state) }
}
