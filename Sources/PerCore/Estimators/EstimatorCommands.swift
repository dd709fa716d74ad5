/// Running estimators from statements (README, "The estimators"): `key=value` arguments, inputs kept in the
/// session under `ESTIMATOR.key`, missing and out-of-range inputs.
extension Session {
    /// `dose`, `boiler`, `cooling`, `invest`. `supplied` holds answers a terminal collected
    /// for inputs the statement left out.
    mutating func estimatorCommand(_ estimator: any Estimator.Type, _ arguments: Arguments,
                                   supplied: [String: InputValue]) throws(Diagnostic) -> Outcome {
        var given = try readInputs(estimator, arguments)
        for (key, value) in supplied { given[key] = (value, arguments.commandRange) }

        // Every input: given now, kept from before, or its default.
        var values: [String: ResolvedInputs.Value] = [:]
        var used: [Estimate.UsedInput] = []
        var missing: [InputSpec] = []
        for spec in estimator.inputs {
            let stored = inputs[Session.inputName(estimator, spec.key)]
            guard let value = given[spec.key]?.value ?? stored ?? spec.defaultValue else {
                if spec.isRequired { missing.append(spec) }
                continue
            }
            let range = given[spec.key]?.range ?? arguments.commandRange
            values[spec.key] = try Session.resolve(value, for: spec, at: range)
            used.append(.init(key: spec.key, text: value.text(for: spec),
                              isDefault: given[spec.key] == nil && stored == nil))
        }
        if !missing.isEmpty {
            let names = missing.map { "\($0.key) (\($0.unitLabel.isEmpty ? $0.summary : $0.unitLabel))" }
            let list = Session.listed(names, "and")
            throw Diagnostic("\(estimator.name) needs \(list); for example: \(estimator.example)",
                             at: arguments.commandRange,
                             missingInputs: missing.map { MissingInput(estimator: estimator.name, key: $0.key, description: $0.description) })
        }

        let estimate: Estimate
        do {
            estimate = try estimator.estimate(ResolvedInputs(values: values, used: used))
        } catch {
            if case .rule(let key, _) = error, let range = given[key]?.range {
                throw Diagnostic(error.message, at: range, refusedInput: key)
            }
            throw Diagnostic(error.message, at: arguments.commandRange)
        }
        for (key, entry) in given { inputs[Session.inputName(estimator, key)] = entry.value }
        lastEstimate = estimate
        return .estimate(estimate)
    }

    /// `boiler.steam`: where an input is kept.
    static func inputName(_ estimator: any Estimator.Type, _ key: String) -> String { "\(estimator.name).\(key)" }

    /// The `key=value` words of a statement (and a positional value where the estimator
    /// takes one), each with the range to blame.
    private func readInputs(_ estimator: any Estimator.Type, _ arguments: Arguments) throws(Diagnostic)
        -> [String: (value: InputValue, range: Range<Int>)] {
        var given: [String: (value: InputValue, range: Range<Int>)] = [:]
        var lastKey: String? = nil
        for word in arguments.words {
            if let equals = word.text.firstIndex(of: "="), !word.isQuoted {
                let key = String(word.text[..<equals]).lowercased()
                guard let spec = estimator.spec(key) else {
                    let suggestion = Suggestion.closest(to: key, among: estimator.inputs.map(\.key), minimumLength: 2)
                    throw Diagnostic("\(estimator.name) has no input '\(key)'"
                                        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its inputs are " + estimator.inputs.map(\.key).joined(separator: ", ")),
                                     at: word.range.lowerBound..<(word.range.lowerBound + key.unicodeScalars.count))
                }
                guard given[key] == nil else { throw Diagnostic("\(key) is given twice", at: word.range) }
                let valueStart = word.range.lowerBound + key.unicodeScalars.count + 1
                guard valueStart < word.range.upperBound else {
                    let hint = spec.choices.first.map { ", as in \(key)=\($0)" } ?? ": " + spec.description
                    throw Diagnostic("\(key)= needs a value\(hint)", at: word.range)
                }
                let valueRange = valueStart..<word.range.upperBound
                given[key] = (try parseInput(spec, source: arguments.source.slice(valueRange), arguments: arguments), valueRange)
                lastKey = key
            } else if let key = lastKey, case .number(let value, nil)? = given[key]?.value,
                      let spec = estimator.spec(key), let unit = UnitTable.unit(named: word.text) {
                // `steam=4 t/h`: the unit came as a word of its own.
                try Session.check(unit, fits: spec, at: word.range)
                given[key] = (.number(value, unit: unit), given[key]!.range.lowerBound..<word.range.upperBound)
                lastKey = nil
            } else if let key = estimator.positionalInput, given[key] == nil, let spec = estimator.spec(key),
                      spec.choices.contains(word.text.lowercased()) {
                given[key] = (.word(word.text.lowercased()), word.range)
            } else {
                let first = estimator.inputs.first { $0.isRequired } ?? estimator.inputs[0]
                throw Diagnostic("expected KEY=VALUE, as in \(first.key)=…; \(estimator.name)'s inputs are "
                                    + estimator.inputs.map(\.key).joined(separator: ", "), at: word.range)
            }
        }
        return given
    }

    /// One input's value from its text: one of its words, or an expression with, for a
    /// quantity, a unit of the input's dimension; a percentage may end in `%`.
    func parseInput(_ spec: InputSpec, source: StatementSource, arguments: Arguments) throws(Diagnostic) -> InputValue {
        let text = source.text.lowercased()
        if spec.choices.contains(text) { return .word(text) }
        let whole = source.scalars.indices
        switch spec.kind {
        case .choice(let words):
            throw Diagnostic("\(spec.key) is " + Session.listed(words, "or"), at: whole)
        case .percent:
            // `60%` and `60` both mean 60 percent; so do `-50%` and `-50`.
            var node = try SyntaxTree.expression(source)
            var negative = false
            while case .negate(let inner, _) = node { node = inner; negative.toggle() }
            if case .percent(let inner, _) = node { node = inner }
            let value = try evaluate(node)
            return .number(negative ? -value : value, unit: nil)
        case .number:
            return .number(try arguments.value(of: whole), unit: nil)
        case .quantity(let unit), .quantityOrChoice(let unit, _):
            let (packs, amount, attached) = try arguments.quantity(StatementSource.Word(text: source.text, range: whole, isQuoted: false))
            if packs != nil { throw Diagnostic("\(spec.key) takes one amount", at: whole) }
            if let attached { try Session.check(attached, fits: spec, at: whole) }
            return .number(amount, unit: attached)
        }
    }

    /// Refuses a unit of another dimension than the input's (or any unit for a plain number).
    static func check(_ unit: Unit, fits spec: InputSpec, named name: String? = nil, at range: Range<Int>) throws(Diagnostic) {
        let name = name ?? spec.key
        guard let expected = spec.quantityUnit else {
            throw Diagnostic("\(name) is a plain number" + (spec.unitLabel.isEmpty ? "" : " in \(spec.unitLabel)")
                                + ", without a unit like \(unit.symbol)", at: range)
        }
        guard unit.dimension != expected.dimension else { return }
        let units = UnitTable.units.filter { $0.dimension == expected.dimension }.map(\.symbol)
        throw Diagnostic("\(name) is \(expected.dimension.withArticle) (\(units.joined(separator: ", ")))"
                            + (spec.choices.isEmpty ? "" : " or " + listed(spec.choices, "or"))
                            + ", not \(unit.symbol)", at: range)
    }

    /// The value in the input's canonical unit, checked as everything an estimator gets is:
    /// a word must be one of the input's, a unit must fit it, a number must be in range.
    /// Messages name the input `name` (`steam`, or `boiler.steam` for a kept input).
    static func resolve(_ value: InputValue, for spec: InputSpec, named name: String? = nil,
                        at range: Range<Int>) throws(Diagnostic) -> ResolvedInputs.Value {
        let name = name ?? spec.key
        switch value {
        case .word(let word):
            guard spec.choices.contains(word) else {
                let words = spec.choices.isEmpty ? "a number" : listed(spec.choices, "or")
                throw Diagnostic("\(name) is \(words), not \(word)", at: range)
            }
            return .word(word)
        case .number(let number, let unit):
            if case .choice(let words) = spec.kind {
                throw Diagnostic("\(name) is \(listed(words, "or")), not a number", at: range)
            }
            var canonical = number
            if let unit {
                try check(unit, fits: spec, named: name, at: range)
                if let specUnit = spec.quantityUnit {
                    do {
                        canonical = try number * .exact(unit.factor) / .exact(specUnit.factor)
                    } catch {
                        throw Diagnostic(error.message(), at: range)
                    }
                }
            }
            if let allowed = spec.range, !allowed.contains(canonical) {
                throw Diagnostic("\(name) must be \(allowed.text(unit: spec.unitLabel)), not \(value.text(for: spec))",
                                 at: range)
            }
            return .number(canonical)
        }
    }

    /// Why an input kept in a session under `name` (`boiler.steam`) with `value` is not one
    /// a statement could have set, or nil when it is. Saved sets are read through this, so
    /// a file can give the estimators nothing the keyboard could not.
    static func problem(withKeptInput name: String, _ value: InputValue) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let estimator = Estimators.named(parts[0]) else { return "no estimator input '\(name)'" }
        guard let spec = estimator.spec(parts[1]) else { return "\(estimator.name) has no input '\(parts[1])'" }
        do {
            _ = try resolve(value, for: spec, named: name, at: 0..<0)
            return nil
        } catch {
            return error.message
        }
    }

    /// `a, b or c` (or `a, b and c`).
    static func listed(_ words: [String], _ conjunction: String) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
    }

    /// Checks one answer typed at a prompt for a missing input.
    public func checkInput(estimator name: String, key: String, text: String) -> Result<InputValue, Diagnostic> {
        guard let estimator = Estimators.named(name), let spec = estimator.spec(key) else {
            return .failure(Diagnostic("no input \(name).\(key)", at: 0..<0))
        }
        let source = StatementSource(text.trimmingBlanks)
        let arguments = Arguments(source, command: name, commandRange: 0..<0, evaluator: evaluator)
        do {
            let value = try parseInput(spec, source: source, arguments: arguments)
            _ = try Session.resolve(value, for: spec, at: source.scalars.indices)
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}

extension InputSpec {
    /// The unit a quantity input is measured in.
    var quantityUnit: Unit? {
        switch kind {
        case .quantity(let unit), .quantityOrChoice(let unit, _): return unit
        default: return nil
        }
    }
}
