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
            if let last = nameWords.last, nameWords.count > 1, !last.isQuoted, let estimator = Estimators.named(last.text) {
                return try saveOnly(estimator, name: Array(nameWords.dropLast()), whole: nameWords, replace: replace, arguments)
            }
            let setName = try self.setName(nameWords, arguments)
            return .storage(.save(name: setName, state: state, headline: estimates.lastEstimate?.headline, replace: replace))
        case .recall:
            return .storage(.recall(name: try setName(Self.nameAndOptions(arguments, allowed: nil).words, arguments)))
        case .forget:
            return .storage(.forget(name: try setName(Self.nameAndOptions(arguments, allowed: nil).words, arguments)))
        }
    }

    /// `save NAME ESTIMATOR`: that estimator's inputs alone, with its estimate's headline
    /// (made again from them). An unquoted estimator's name after the name's words is always
    /// the estimator; a name that ends in one is written in quotes (`save "t1 cooling"`).
    private func saveOnly(_ estimator: any Estimator.Type, name: [StatementSource.Word], whole: [StatementSource.Word], replace: Bool,
                          _ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let setName = try self.setName(name, arguments)
        // The words read whole only name a set that may exist: the limits are the name's.
        let wholeName = Self.nameText(whole, arguments)
        let only = state.only(estimator.name)
        guard !only.inputs.isEmpty else {
            // The words as one name, in one pair of quotes: `"a b" cooling` is `a b cooling`.
            throw Diagnostic(.savedSet(.noInputs(estimator: estimator.name, whole: String(wholeName.filter { $0 != "\"" }))),
                             at: whole.last!.range)
        }
        var copy = estimates
        let none = ArgumentReader(StatementSource(""), command: estimator.name, commandRange: 0..<0, evaluator: evaluator(in: .standard))
        var headline: String? = nil
        if case .estimate(let estimate)? = try? copy.run(estimator, none, supplied: [:], rates: calculator.rates) { headline = estimate.headline }
        return .storage(.save(name: setName, state: only, headline: headline, replace: replace, whole: wholeName))
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
        let text = Self.nameText(words, arguments)
        do {
            try SavedSets.validate(name: text)
        } catch {
            throw Diagnostic(error, at: range)
        }
        return text
    }

    /// The words of a name as written, one pair of quotes removed; not checked.
    private static func nameText(_ words: [StatementSource.Word], _ arguments: ArgumentReader) -> String {
        guard let first = words.first, let last = words.last else { return "" }
        if words.count == 1 { return first.text }
        return StatementSource.string(arguments.source.scalars[first.range.lowerBound..<last.range.upperBound]).trimmingBlanks
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
        if let only = set.state.estimatorOnly { return recall(set, only: only, replacing: before.state.only(only)) }
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

extension Session {
    /// A set of one estimator's inputs: they take the place of that estimator's, and the
    /// rest of the session stays; the estimate is made again from them.
    private mutating func recall(_ set: SavedSet, only name: String, replacing before: SessionState) -> Outcome {
        let replaced = before.inputs.isEmpty || before.inputs == set.state.inputs
            ? nil : Outcome.Replaced(contents: before.contents, canUndo: history != nil)
        estimates.inputs = estimates.inputs.filter { !$0.key.hasPrefix(name + ".") }.merging(set.state.inputs) { $1 }
        if let estimator = Estimators.named(name) {
            let arguments = ArgumentReader(StatementSource(""), command: name, commandRange: 0..<0, evaluator: evaluator(in: .standard))
            if let shown = try? estimates.run(estimator, arguments, supplied: [:], rates: calculator.rates) {
                return .recalled(set, shown: notingOnce(shown), replaced: replaced)
            }
        }
        return .recalled(set, shown: .variables(calculator.userVariables, functions: calculator.userFunctions), replaced: replaced)
    }
}

extension SessionState {
    /// Whether it holds nothing worth keeping: no variables, inputs, products or draft, and
    /// the default settings (a new session's).
    public var isEmpty: Bool { hasSameInputs(as: Session().state) }
}
