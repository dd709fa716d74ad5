/// `vars`, `unset`, `digits`, `convert`, `help`, `quit`.
extension Session {
    mutating func calculatorCommand(_ name: String, _ arguments: Arguments) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        switch name {
        case "vars":
            if let word = words.first {
                try arguments.expectEnd(after: 1)
                guard let estimator = Estimators.named(word.text) else {
                    throw Diagnostic("vars takes an estimator's name: " + Estimators.all.map { $0.name }.joined(separator: ", "), at: word.range)
                }
                return .variables(estimatorInputs(estimator))
            }
            let kept = inputs.keys.sorted().compactMap { name -> Outcome.Variable? in
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                let spec = Estimators.named(parts[0])?.spec(parts[1])
                return Outcome.Variable(name: name, text: inputs[name]!.text(for: spec))
            }
            return .variables(userVariables + kept)
        case "unset":
            guard !words.isEmpty else { throw Diagnostic("unset needs a variable name, as in unset x", at: arguments.commandRange) }
            for word in words where variables[word.text] == nil && inputs[word.text] == nil {
                let suggestion = Suggestion.closest(to: word.text, among: Array(variables.keys) + Array(inputs.keys))
                throw Diagnostic("no variable '\(word.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                 at: word.range)
            }
            for word in words {
                variables[word.text] = nil
                inputs[word.text] = nil
            }
            return .removed(words.map(\.text))
        case "digits":
            if words.isEmpty { return .setting(name: "digits", value: String(digits)) }
            let value = try arguments.value(of: arguments.source.scalars.indices)
            guard let count = value.exactInteger, NumberDisplay.digitsRange.contains(count) else {
                throw Diagnostic("digits must be a whole number from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound)",
                                 at: arguments.source.scalars.indices)
            }
            digits = count
            return .setting(name: "digits", value: String(count))
        case "convert":
            return try convert(arguments)
        case "help":
            guard words.count <= 1 else { throw Diagnostic("help takes at most one command name", at: words[1].range) }
            guard let topic = words.first else { return .help(HelpText.overview()) }
            guard let text = HelpText.topic(topic.text) else {
                let suggestion = Suggestion.closest(to: topic.text, among: HelpText.topics)
                throw Diagnostic("no help for '\(topic.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                 at: topic.range)
            }
            return .help(text)
        case "quit":
            try arguments.expectEnd(after: 0)
            return .quit
        default:
            throw Diagnostic("'\(name)' is not available yet", at: arguments.commandRange)
        }
    }

    /// The user's variables, sorted by name, as this session shows them.
    var userVariables: [Outcome.Variable] {
        variables.keys.sorted().map { name in
            let shown = display(variables[name]!)
            return Outcome.Variable(name: name, text: shown.text, isExact: shown.isExact)
        }
    }

    /// Every input of an estimator: kept ones as given, the others with their defaults.
    private func estimatorInputs(_ estimator: any Estimator.Type) -> [Outcome.Variable] {
        estimator.inputs.map { spec in
            let name = Session.inputName(estimator, spec.key)
            if let kept = inputs[name] { return Outcome.Variable(name: name, text: kept.text(for: spec)) }
            let text = spec.defaultValue?.text(for: spec) ?? (spec.isRequired ? "(required)" : "(not set)")
            return Outcome.Variable(name: name, text: text, isDefault: true)
        }
    }

    /// `convert QTY UNIT to|in UNIT`.
    private mutating func convert(_ arguments: Arguments) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        guard let separator = words.lastIndex(where: { !$0.isQuoted && ($0.text.lowercased() == "to" || $0.text.lowercased() == "in") }) else {
            throw Diagnostic("write convert QUANTITY UNIT to UNIT, as in convert 500 g to lb", at: arguments.endRange)
        }
        if separator == 1, (try? arguments.quantity(words[0]))?.unit == nil {
            throw Diagnostic("convert needs the quantity's unit before '\(words[1].text)', as in convert 500 g to lb", at: words[1].range)
        }
        let (quantity, _, next) = try arguments.enteredQuantity(at: 0, unitRequired: true)
        if next < separator { throw Diagnostic("unexpected '\(words[next].text)'", at: words[next].range) }
        let target = try arguments.requiredUnit(at: separator + 1)
        guard target.dimension == quantity.unit.dimension else {
            throw Diagnostic("cannot convert \(quantity.unit.dimension.rawValue) to \(target.dimension.rawValue)",
                             at: words[separator + 1].range)
        }
        do {
            let value = try quantity.inBaseUnits().divided(by: .exact(target.factor))
            lastResult = value
            return .conversion(from: quantity, to: target, value: display(value))
        } catch {
            throw Diagnostic(error.message(), at: words[0].range)
        }
    }
}
