import PerNumbers
import PerUnits
import PerLanguage

/// The estimators' state and their commands (`help estimators`): inputs kept under
/// `ESTIMATOR.key`, each estimate's results under `ESTIMATOR.RESULT`, and running an
/// estimator from `key=value` arguments, with missing and out-of-range inputs.
public struct Estimates: Sendable, Equatable {
    /// Estimator inputs as given, under `ESTIMATOR.key` (`boiler.steam`).
    public package(set) var inputs: [String: InputValue] = [:]
    /// Each estimate's results, under `ESTIMATOR.RESULT` (`boiler.blowdown`): read-only
    /// names for expressions.
    public package(set) var results: [String: Quantity] = [:]
    /// The last estimate made, for saved sets.
    public package(set) var lastEstimate: Estimate?
    /// The units the boiler's and cooling's results are shown in (`units us|metric`); nil
    /// follows the units the inputs were given in.
    public package(set) var unitSystem: UnitSystem?

    public init(inputs: [String: InputValue] = [:], unitSystem: UnitSystem? = nil) {
        self.inputs = inputs
        self.unitSystem = unitSystem
    }

    /// The last estimate's value of one of an estimator's results, read by its declaration.
    package func result(_ result: ResultSpec, of estimator: any Estimator.Type) -> Quantity? {
        results[EstimatorResults.keptName(result, of: estimator.name)]
    }

    /// The inputs a statement gives, by key, each with the range to blame.
    package typealias GivenInputs = [String: (value: InputValue, range: Range<Int>)]

    /// Runs `dose`, `boiler`, `deaerator`, `cooling` or `invest`. `supplied` holds answers a terminal
    /// collected for inputs the statement left out; `showsTables` is false for a sweep's row.
    package mutating func run(_ estimator: any Estimator.Type, _ arguments: ArgumentReader,
                      supplied: [String: InputValue], rates: Rates, showsTables: Bool = true) throws(Diagnostic) -> Outcome {
        let read = try readInputs(estimator, arguments)
        var given = read.given
        for (price, pack) in estimator.pricedPacks where given[pack.key] == nil {
            guard let range = given[price.key]?.range, let amount = Estimates.amountPriced(in: arguments.reader(range)) else { continue }
            given[pack.key] = (.quantity(amount), range)
        }
        for (key, value) in supplied { given[key] = (value, arguments.commandRange) }
        let summerWithin = try Estimates.summerWithinDays(&given, source: arguments.source, evaluator: arguments.evaluator)
        var forgotten = try Estimates.forgotten(estimator, given: given)
        forgotten.formUnion(unserved(estimator, given: given, forgotten: forgotten))
        var resolved = try resolveInputs(estimator, given: given, forgotten: forgotten, rates: rates, at: arguments.commandRange)
        // A price given now is echoed as typed (`$3 per 1000 gal`), not as the ≈ per litre it
        // comes to; a product's strength with the product's name (`sulphuric 93%`).
        resolved.used = resolved.used.map { input in
            guard !input.isDefault, let spec = estimator.spec(input.key), let range = given[input.key]?.range,
                  range != arguments.commandRange else { return input }
            let typed = StatementSource.string(arguments.source.scalars[range])
            if input.text.hasPrefix("≈"), case .price = spec.kind {
                return Estimate.UsedInput(key: input.key, text: typed, isDefault: false)
            }
            var shown = input
            let key = Estimates.typedKey(before: range, in: arguments.source, of: spec, readings: estimator.readings)
            // A price as written (`€1.5 per m3`), a reading under its key (`steam 300 bhp`).
            if case .price = spec.kind, typed.contains(" per ") { shown.typed = (key, typed); return shown }
            if case .price = spec.kind { return input }
            guard spec.product != nil else {
                if key != spec.key, key != spec.alias { shown.typed = (key, input.text) }
                return shown
            }
            // The product's name alone means its default strength, which is said after it; a
            // strength alone (`acid=93`) is the strength, shown once.
            let named = typed.unicodeScalars.contains { $0.properties.isAlphabetic }
            shown.typed = (key,
                           !named || typed.contains(input.text) ? (named ? typed : input.text) : typed + " " + input.text)
            return shown
        }

        func nominal(in context: EvaluationContext) throws(Diagnostic) -> Estimate {
            do {
                var inputs = ResolvedInputs(values: resolved.values, used: resolved.used, units: resolved.units, context: context)
                inputs.showsTables = showsTables
                inputs.unitSystem = unitSystem
                return try estimator.estimate(inputs)
            } catch {
                // The first input in conflict that this statement gave (a kept one has no column).
                let range = error.keys.lazy.compactMap { given[$0]?.range }.first ?? arguments.commandRange
                throw Diagnostic(error, at: range, refusedInputs: error.keys)
            }
        }
        // Tolerances run every corner: functions of the inputs that stay put are computed once.
        let context = arguments.evaluator.context
        var estimate: Estimate
        if read.tolerances.isEmpty {
            estimate = try nominal(in: context)
        } else {
            let remembering = context.remembering()
            estimate = try nominal(in: remembering)
            try Estimates.applying(read.tolerances, to: &estimate, of: estimator, values: resolved.values, used: resolved.used,
                                   units: resolved.units, rates: rates, context: remembering)
        }
        if let summerWithin { estimate.warnings.append(summerWithin) }
        // A percentage given as a plain number below 1 (`condensate=0.6`) is that many
        // percent, as the input says; it may have been meant as a fraction. Not for an input
        // whose usual values are that small (drift, 0.005%).
        for spec in estimator.inputs where spec.isPercent {
            guard case .quantity(let q)? = given[spec.key]?.value, let warning = Estimates.plainPercentWarning(spec, from: q) else { continue }
            estimate.warnings.append(warning)
        }
        remember(estimate, of: estimator, given: given, forgotten: forgotten)
        return .estimate(estimate)
    }

    /// The key as written before `=` and a value's range (`acid` for acid_strength), if it is
    /// the input's key or alias, or a key read as this input (`steam` for the rating).
    package static func typedKey(before range: Range<Int>, in source: StatementSource, of spec: InputSpec,
                                 readings: [InputReading] = []) -> String {
        let scalars = source.scalars
        var end = range.lowerBound
        while end > scalars.startIndex, StatementSource.isBlank(scalars[end - 1]) { end -= 1 }
        guard end > scalars.startIndex, scalars[end - 1] == "=" else { return spec.key }
        end -= 1
        while end > scalars.startIndex, StatementSource.isBlank(scalars[end - 1]) { end -= 1 }
        var start = end
        while start > scalars.startIndex, scalars[start - 1] == "_" || scalars[start - 1].properties.isAlphabetic
                || ("0"..."9").contains(scalars[start - 1]) { start -= 1 }
        let word = StatementSource.string(scalars[start..<end]).lowercased()
        let read = readings.contains { $0.key == word && $0.input.key == spec.key }
        return word == spec.alias || read ? word : spec.key
    }

    /// Inputs a group replaces: the side a statement gives wins, and the other side's kept
    /// inputs are forgotten (`boiler steam=…` after seasons); a statement giving both is refused.
    package static func forgotten(_ estimator: any Estimator.Type, given: GivenInputs) throws(Diagnostic) -> Set<String> {
        var forgotten: Set<String> = []
        for group in estimator.groups {
            let member = group.members.first { given[$0] != nil }
            let replaced = group.replaces.first { given[$0] != nil }
            if let member, let replaced {
                throw Diagnostic(InputError.replaces(member: member, replaced: replaced, group: group.members), at: given[replaced]!.range)
            }
            if member != nil { forgotten.formUnion(group.replaces) }
            if replaced != nil { forgotten.formUnion(group.members) }
        }
        return forgotten
    }

    /// Kept inputs that serve only inputs this statement forgets (`boiler o2=…` forgets the
    /// deaerator, and the make-up's temperature kept for it when the boiler has no pressure).
    private func unserved(_ estimator: any Estimator.Type, given: GivenInputs, forgotten: Set<String>) -> Set<String> {
        func present(_ key: String) -> Bool {
            given[key] != nil || (!forgotten.contains(key) && inputs[Estimates.inputName(estimator, key)] != nil)
        }
        var unserved: Set<String> = []
        for (input, serves) in estimator.servingInputs where given[input.key] == nil && present(input.key) {
            let keys = serves.map(\.key)
            if keys.contains(where: forgotten.contains), !keys.contains(where: present) { unserved.insert(input.key) }
        }
        return unserved
    }

    /// Every input's value, checked: given now, kept from before (unless forgotten), or its
    /// default; with the text of each as used and the units they were written in. Refuses
    /// an estimate with needed inputs missing, naming them all.
    private func resolveInputs(_ estimator: any Estimator.Type, given: GivenInputs, forgotten: Set<String>, rates: Rates,
                               at commandRange: Range<Int>) throws(Diagnostic)
        -> (values: [String: ResolvedInputs.Value], used: [Estimate.UsedInput], units: [String: CompoundUnit]) {
        func kept(_ key: String) -> InputValue? {
            forgotten.contains(key) ? nil : inputs[Estimates.inputName(estimator, key)]
        }
        try Estimates.checkServed(estimator, given: given, has: { given[$0] != nil || kept($0) != nil })
        let (unused, needed) = Estimates.plan(estimator, has: { given[$0] != nil || kept($0) != nil })
        var values: [String: ResolvedInputs.Value] = [:]
        var used: [Estimate.UsedInput] = []
        var units: [String: CompoundUnit] = [:]
        var missing: [InputSpec] = []
        // One currency per estimate: the first money input's in the order `help` lists
        // them, so a recalled set costs in the currency it was saved in.
        var money: (currency: Currency, key: String)? = nil
        for spec in estimator.inputs where !unused.contains(spec.key) {
            let stored = kept(spec.key)
            guard let value = given[spec.key]?.value ?? stored ?? spec.defaultValue else {
                if needed.contains(spec.key) { missing.append(spec) }
                continue
            }
            let range = given[spec.key]?.range ?? commandRange
            var resolved = try Estimates.resolve(value, for: spec, rates: rates, at: range)
            // Money in another currency goes through a rate.
            if let currency = resolved.currency {
                if let first = money?.currency, first.code != currency.code {
                    resolved = try Estimates.converted(resolved, to: first, rates: rates, at: range)
                } else if money == nil {
                    money = (currency, spec.key)
                }
            }
            values[spec.key] = resolved
            if case .quantity(let q) = value, !q.isPlain { units[spec.key] = q.unit }
            used.append(.init(key: spec.key, text: value.text(for: spec),
                              isDefault: given[spec.key] == nil && stored == nil))
        }
        if !missing.isEmpty {
            let names = missing.map { "\($0.key) (\($0.unitLabel.isEmpty ? $0.summary : $0.unitLabel))" }
            // An input given now that needs a missing one is blamed, not the command.
            let needing = Estimates.needing(missing, estimator, given: given)
            let example = estimator.example(giving: missing, preferably: needing.flatMap { estimator.spec($0.key) }.map { [$0] } ?? [])
            throw Diagnostic(InputError.missing(estimator: estimator.name, inputs: names, example: example),
                             at: needing?.range ?? commandRange,
                             missingInputs: missing.map { MissingInput(estimator: estimator.name, key: $0.key, description: $0.description) })
        }
        return (values, used, units)
    }

    /// Keeps what a statement gave (forgetting what it replaced) and the estimate, with
    /// its results in place of the estimator's last (a result it no longer gives goes).
    private mutating func remember(_ estimate: Estimate, of estimator: any Estimator.Type, given: GivenInputs, forgotten: Set<String>) {
        for key in forgotten { inputs[Estimates.inputName(estimator, key)] = nil }
        for (key, entry) in given { inputs[Estimates.inputName(estimator, key)] = entry.value }
        lastEstimate = estimate
        results = results.filter { !$0.key.hasPrefix(estimator.name + ".") }
        results.merge(EstimatorResults.quantities(of: estimate)) { _, new in new }
    }

    /// The first input given now (by column) of a group that needs one of `missing`
    /// (`vent_flow`, which needs `da_pressure`), with where its value is; nil when none is.
    package static func needing(_ missing: [InputSpec], _ estimator: any Estimator.Type,
                                given: GivenInputs) -> (key: String, range: Range<Int>)? {
        let keys = Set(missing.map(\.key))
        let members = estimator.groups.filter { !keys.isDisjoint(with: $0.members + $0.needs) }.flatMap(\.members)
        return members.filter { !keys.contains($0) }.compactMap { key in given[key].map { (key: key, range: $0.range) } }
            .min { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Refuses an input given now that serves only groups none of whose members has a
    /// value (`hx_approach` without `flash_pressure`), rather than leave it unused.
    package static func checkServed(_ estimator: any Estimator.Type, given: GivenInputs, has: (String) -> Bool) throws(Diagnostic) {
        var served: Set<String> = [], serving: [String: [[String]]] = [:]
        for group in estimator.groups {
            if group.members.contains(where: has) {
                served.formUnion(group.extras)
            } else {
                for extra in group.extras { serving[extra, default: []].append(group.members) }
            }
        }
        let idle = given.filter { !served.contains($0.key) && serving[$0.key] != nil }
        guard let first = idle.min(by: { $0.value.range.lowerBound < $1.value.range.lowerBound }) else { return }
        throw Diagnostic(InputError.serves(extra: first.key, groups: serving[first.key]!), at: first.value.range)
    }

    /// Which inputs an estimate leaves unused, and which it needs, from which inputs have
    /// a value: a group with a member that has one is used, so its members are needed
    /// and what it replaces is not; a group without is not, nor are its extras.
    /// An extra two groups share (cooling's acid_strength, for target_alkalinity and for
    /// target_lsi) is used when either group is.
    package static func plan(_ estimator: any Estimator.Type, has: (String) -> Bool) -> (unused: Set<String>, needed: Set<String>) {
        var unused: Set<String> = [], needed = Set(estimator.inputs.filter(\.isRequired).map(\.key))
        var idleExtras: Set<String> = [], usedExtras: Set<String> = []
        for group in estimator.groups {
            if group.members.contains(where: has) {
                unused.formUnion(group.replaces)
                needed.formUnion(group.members + group.needs)
                usedExtras.formUnion(group.extras)
            } else {
                idleExtras.formUnion(group.extras)
            }
        }
        unused.formUnion(idleExtras.subtracting(usedExtras))
        return (unused, needed.subtracting(unused))
    }

    /// A money value or price in another currency, through the rate the user set.
    package static func converted(_ value: ResolvedInputs.Value, to currency: Currency, rates: Rates,
                          at range: Range<Int>) throws(Diagnostic) -> ResolvedInputs.Value {
        guard let from = value.currency else { return value }
        guard let rate = rates.rate(from: from.code, to: currency.code) else {
            throw Diagnostic(QuantityError.noRate(from.code, currency.code), at: range)
        }
        switch value {
        case .number(let amount, _):
            return .number(try checked(at: range) { () throws(ArithmeticError) in try amount * .exact(rate) }, currency: currency)
        case .price(let price):
            let amount = try checked(at: range) { () throws(ArithmeticError) in try price.amount * .exact(rate) }
            return .price(Price(amount: amount, basis: price.basis, currency: currency))
        case .word:
            return value
        }
    }

    /// The input a kept name (`boiler.steam`) stands for.
    package static func inputSpec(named name: String) -> InputSpec? {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return nil }
        return Estimators.named(parts[0])?.spec(parts[1])
    }

    /// The name an input is kept under, from a name that may use its alias (a saved set
    /// written before `boiler.sulphite` became `boiler.sulphite_residual`).
    package static func keptName(_ name: String) -> String {
        guard let spec = inputSpec(named: name) else { return name }
        return "\(name.prefix { $0 != "." }).\(spec.key)"
    }

    /// `boiler.steam`: where an input is kept.
    package static func inputName(_ estimator: any Estimator.Type, _ key: String) -> String { "\(estimator.name).\(key)" }

    /// The `key=value` arguments of a statement (and a positional word where the
    /// estimator takes one), each with the range to blame. A value is a quantity
    /// expression of the one grammar, spaces allowed (`steam=4 t/h`), or one of the
    /// input's words.
    private func readInputs(_ estimator: any Estimator.Type, _ arguments: ArgumentReader) throws(Diagnostic)
        -> (given: [String: (value: InputValue, range: Range<Int>)], tolerances: [String: Tolerance]) {
        var arguments = arguments
        var given: [String: (value: InputValue, range: Range<Int>)] = [:], tolerances: [String: Tolerance] = [:]
        // The input whose value was just read as a quantity: a word after it that is near a
        // unit was meant as its unit (`recirc=500 gpn`).
        var quantityBefore: InputSpec? = nil
        while !arguments.atEnd {
            let after = quantityBefore
            quantityBefore = nil
            if let (key, keyRange) = arguments.key() {
                guard let spec = estimator.spec(key) else {
                    let suggestion = Suggestion.closest(to: key, among: estimator.inputs.map(\.key), minimumLength: 2)
                    throw Diagnostic(InputError.unknownKey(estimator: estimator.name, key: key, suggestion: suggestion,
                                                           keys: Estimates.listedKeys(estimator)), at: keyRange)
                }
                guard given[spec.key] == nil else { throw Diagnostic(InputError.givenTwice(key), at: keyRange) }
                guard !arguments.atEnd, arguments.peekKey() == nil else {
                    let hint = spec.choices.first.map { ", as in \(key)=\($0)" } ?? ": " + spec.description
                    throw Diagnostic(InputError.needsValue(key: key, hint: hint), at: keyRange.lowerBound..<(arguments.atEnd ? arguments.endRange.lowerBound : arguments.position))
                }
                let (value, tolerance) = try Estimates.readValueAndTolerance(spec, from: &arguments)
                // A value of another dimension may name another input (`load=500 TR`).
                var input = spec
                if case .quantity(let q) = value.0,
                   let reading = estimator.readings.first(where: { $0.key == spec.key && $0.dimension == q.dimension }) {
                    input = reading.input
                    guard given[input.key] == nil else { throw Diagnostic(InputError.givenTwice(key), at: keyRange) }
                }
                (given[input.key], tolerances[input.key]) = (value, tolerance)
                if case .quantity = value.0 { quantityBefore = input }
            } else if let spec = estimator.positionalInput, given[spec.key] == nil,
                      let word = arguments.nextWord, spec.choices.contains(word.text.lowercased()) {
                _ = arguments.word()
                given[spec.key] = (.word(word.text.lowercased()), word.range)
            } else {
                let word = arguments.nextWord!
                if let spec = after, !word.isQuoted, estimator.spec(word.text) == nil, word.text.unicodeScalars.count > 1,
                   case let near = UnitTable.suggestions(for: word.text, fitting: spec.canonicalUnit?.dimension), !near.isEmpty {
                    throw Diagnostic(SyntaxError.unknownUnit(word.text, suggestions: near), at: word.range)
                }
                let first = estimator.inputs.first { $0.isRequired } ?? estimator.inputs[0]
                throw Diagnostic(InputError.expectedKeyValue(estimator: estimator.name, first: first.key,
                                                             keys: Estimates.listedKeys(estimator)), at: word.range)
            }
        }
        return (given, tolerances)
    }

    /// The inputs an error lists: the estimator's own, and a pointer to `help` for the
    /// quiet ones (planning, measurement, scaling), which would bury them.
    package static func listedKeys(_ estimator: any Estimator.Type) -> [String] {
        let own = estimator.inputs.filter { !$0.isQuiet }.map(\.key)
        return own.count == estimator.inputs.count ? own : own + ["and more (help \(estimator.name))"]
    }
}
