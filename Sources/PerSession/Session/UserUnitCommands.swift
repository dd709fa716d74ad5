import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `unit NAME = QUANTITY`, `units` and `forget unit NAME` (`help unit`): the user's own units,
/// which the calculator keeps.
extension Session {
    /// Whether `unit`'s arguments define a unit (`unit crate = 20 bottle`) rather than set
    /// the draft's (`unit kg`): an `=` tells them apart.
    static func definesUnit(_ arguments: StatementSource) -> Bool {
        arguments.scalars.contains("=")
    }

    /// `unit NAME = QUANTITY`: the unit kept, resolved to built-in units; the same name
    /// again replaces it, and says what it was.
    mutating func defineUnit(_ arguments: StatementSource, context: EvaluationContext) throws(Diagnostic) -> Outcome {
        let scalars = arguments.scalars
        let equals = scalars.firstIndex(of: "=")!
        var nameStart = scalars.startIndex, nameEnd = equals
        while nameStart < nameEnd, StatementSource.isBlank(scalars[nameStart]) { nameStart += 1 }
        while nameEnd > nameStart, StatementSource.isBlank(scalars[nameEnd - 1]) { nameEnd -= 1 }
        let nameRange = nameStart..<nameEnd
        guard !nameRange.isEmpty else { throw Diagnostic(ArgumentError.userUnit(.nameMissing), at: equals..<(equals + 1)) }
        let name = StatementSource.string(scalars[nameRange])
        if let refusal = unitNameRefusal(name) { throw Diagnostic(ArgumentError.userUnit(refusal), at: nameRange) }
        let replaced = calculator.units.entry(named: name)
        if replaced == nil, calculator.units.entries.count >= UserUnits.maxCount {
            throw Diagnostic(ArgumentError.userUnit(.tooMany(calculator.units.entries.count)), at: nameRange)
        }
        let valueSource = arguments.slice((equals + 1)..<scalars.endIndex)
        var valueStart = equals + 1
        while valueStart < scalars.endIndex, StatementSource.isBlank(scalars[valueStart]) { valueStart += 1 }
        guard valueStart < scalars.endIndex else {
            throw Diagnostic(SyntaxError.valueAfterEquals, at: scalars.endIndex..<(scalars.endIndex + 1))
        }
        let valueRange = valueStart..<scalars.endIndex
        let written = StatementSource.string(scalars[valueRange]).trimmingBlanks
        let operand = try Parser.expression(valueSource, builder: evaluator(in: context))
        func refuse(_ refusal: (String) -> UserUnitRefusal) -> Diagnostic {
            Diagnostic(ArgumentError.userUnit(refusal(written)), at: valueRange)
        }
        guard !operand.isRange else { throw refuse(UserUnitRefusal.range) }
        guard !operand.isList else { throw Diagnostic(ListRefusal.unsupported("a unit's definition"), at: valueRange) }
        let quantity = operand.quantity
        if quantity.unit.isDate { throw refuse(UserUnitRefusal.date) }
        if quantity.unit.terms.contains(where: { $0.atom.isTemperaturePoint }) { throw refuse(UserUnitRefusal.temperaturePoint) }
        if quantity.unit.currency != nil { throw refuse(UserUnitRefusal.money) }
        guard case .exact(let magnitude) = quantity.magnitude else { throw refuse(UserUnitRefusal.approximate) }
        guard magnitude.signum > 0 else { throw refuse(UserUnitRefusal.notPositive) }
        guard let (amount, base) = Self.resolved(magnitude, quantity.unit) else { throw refuse(UserUnitRefusal.powerTooHigh) }
        let unit = Unit.userDefined(symbol: UserUnits.plural(of: name), singular: name,
                                    key: UserUnits.key(name: name, amount: amount, base: base), amount: amount, of: base)
        guard let entry = UserUnits.Entry(written: written, unit: unit) else { throw refuse(UserUnitRefusal.powerTooHigh) }
        if let replaced { calculator.units.redefine(unitsWrittenWith: replaced, as: calculator.unitValue) }
        calculator.units.set(entry)
        return .message(.unitDefined(name: name, written: written, value: calculator.unitValue(entry),
                                     replaced: replaced.map { $0.written }))
    }

    /// `amount` of `unit` as an amount of built-in units without a scale: the user's units
    /// in it replaced by what they are. Nil when a power goes beyond what a unit holds.
    static func resolved(_ amount: Rational, _ unit: CompoundUnit) -> (Rational, CompoundUnit)? {
        var amount = amount * (unit.scale ?? .one)
        var base = CompoundUnit.none
        for term in unit.terms {
            var part = CompoundUnit(terms: [term])
            if let (name, inner, innerBase) = UserUnits.definition(ofKey: term.atom.key) {
                _ = name
                amount = amount * inner.power(Int(term.exponent))
                guard let raised = innerBase.raised(to: Int(term.exponent)) else { return nil }
                part = raised
            }
            guard let product = try? base.multiplied(by: part, dividing: false) else { return nil }
            base = product
        }
        // A product may carry a scale where units of one dimension met (`L·ml`).
        amount = amount * (base.scale ?? .one)
        return (amount, CompoundUnit(terms: base.terms))
    }

    /// Why `name` cannot be the user's unit, if it cannot.
    func unitNameRefusal(_ name: String) -> UserUnitRefusal? {
        let length = name.unicodeScalars.count
        if length > UserUnits.maxNameLength { return .nameTooLong(name, length: length) }
        guard UserUnits.isWellFormed(name) else { return .malformedName(name) }
        if let word = UnitTable.word(name) {
            if let unit = word.unit {
                if let code = unit.currency { return .currency(name, code: code.code) }
                return .builtIn(name, symbol: unit.symbol, dimension: unit.dimension)
            }
            return .startsBuiltIn(name)
        }
        if let reason = CommandCatalogue.reservation(of: name) { return .reserved(name, reason: reason) }
        if Constant(rawValue: name) != nil { return .reserved(name, reason: "a constant") }
        if OutputFormat.named(name) != nil { return .reserved(name, reason: "a format (to \(name))") }
        if ["today", "yesterday", "tomorrow"].contains(name) { return .reserved(name, reason: "a date (\(name))") }
        if calculator.functions[name] != nil { return .reserved(name, reason: "a function of yours") }
        if calculator.variables[name] != nil || calculator.listVariables[name] != nil { return .variable(name) }
        let plural = UserUnits.plural(of: name)
        if plural != name, let unit = UnitTable.unit(named: plural) {
            return .pluralTaken(name, plural: plural, by: "a built-in unit (\(unit.symbol))")
        }
        if let other = calculator.units.entry(reading: name), other.name != name { return .otherUnitsWord(name, of: other.name) }
        if let other = calculator.units.entry(reading: plural), other.name != name {
            return .pluralTaken(name, plural: plural, by: "your unit '\(other.name)'")
        }
        return nil
    }

    /// `forget unit NAME`: the unit taken out; quantities and units made with it keep
    /// their value.
    mutating func forgetUnit(_ arguments: StatementSource, commandRange: Range<Int>) throws(Diagnostic) -> Outcome {
        let words = Array(arguments.words.dropFirst())
        guard let word = words.first else { throw Diagnostic(ArgumentError.userUnit(.forgetNeedsName), at: commandRange) }
        if words.count > 1 { throw Diagnostic(ArgumentError.unexpected(words[1].text), at: words[1].range) }
        guard let entry = calculator.units.entry(named: word.text) ?? calculator.units.entry(reading: word.text) else {
            let suggestion = Suggestion.closest(to: word.text, among: calculator.units.entries.map(\.name))
            throw Diagnostic(ArgumentError.userUnit(.unknown(word.text, suggestion: suggestion)), at: word.range)
        }
        calculator.units.remove(named: entry.name)
        calculator.units.redefine(unitsWrittenWith: entry, as: calculator.unitValue)
        return .message(.unitForgotten(name: entry.name, written: entry.written))
    }
}
