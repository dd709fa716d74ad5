import PerNumbers
import PerUnits

/// Why a unit of the user's own is refused: its name, its quantity, or the count of them.
/// Each message names what was wrong.
public enum UserUnitRefusal: Sendable, Equatable {
    /// `unit = 5 kg`.
    case nameMissing
    /// `unit 2x = 5 kg`, `unit a-b = 1 m`: the name as written.
    case malformedName(String)
    /// A name of more than `UserUnits.maxNameLength` characters.
    case nameTooLong(String, length: Int)
    /// `unit kg = 2 lb`: the name, the unit it reads as, and that unit's dimension.
    case builtIn(String, symbol: String, dimension: Dimension)
    /// `unit fl = 2 ml`: a word that starts a built-in unit of several words (`fl oz`).
    case startsBuiltIn(String)
    /// `unit EUR = 5`, `unit usd = 2`.
    case currency(String, code: String)
    /// A name whose plural is a built-in unit, or another of the user's units.
    case pluralTaken(String, plural: String, by: String)
    /// `unit add = 5 kg`: a command, a function, a constant, a keyword, a format, a date word.
    case reserved(String, reason: String)
    /// `unit x = 5 kg` while `x` is a variable.
    case variable(String)
    /// `unit crates = 1 L` while `crate` reads `crates`.
    case otherUnitsWord(String, of: String)
    case tooMany(Int)
    /// The quantity after `=`, as written, and what is wrong with it.
    case notPositive(String)
    case approximate(String)
    case temperaturePoint(String)
    case money(String)
    case date(String)
    case range(String)
    case powerTooHigh(String)
    /// `forget unit` without a name, or a name that is no unit of the user's.
    case forgetNeedsName
    case unknown(String, suggestion: String?)

    public var message: String {
        let example = "(as in unit crate = 20 bottle)"
        switch self {
        case .nameMissing: return "unit NAME = QUANTITY defines a unit of your own: a name is missing before '=' \(example)"
        case .malformedName(let name):
            return "'\(VisibleText.visible(name))' cannot be a unit's name: a name is a letter, then letters, digits or _ \(example)"
        case .nameTooLong(let name, let length):
            let start = VisibleText.visible(String(name.unicodeScalars.prefix(12).map(Character.init)))
            return "a unit's name has at most \(UserUnits.maxNameLength) characters; '\(start)…' has \(length)"
        case .builtIn(let name, let symbol, let dimension):
            let what = symbol == name ? dimension.withArticle : "\(symbol), \(dimension.withArticle)"
            return "'\(name)' is a built-in unit (\(what)) and cannot be your unit's name; choose another"
        case .startsBuiltIn(let name): return "'\(name)' begins the name of a built-in unit (as fl begins fl oz) and cannot be your unit's name"
        case .currency(let name, let code): return "'\(name)' is a currency (\(code)) and cannot be your unit's name"
        case .pluralTaken(let name, let plural, let by):
            return "the plural of '\(name)', '\(plural)', is \(by) and would read two ways; choose another name"
        case .reserved(let name, let reason): return "'\(name)' is \(reason) and cannot be your unit's name"
        case .variable(let name): return "'\(name)' is a variable and cannot be your unit's name (unset \(name) first, or choose another)"
        case .otherUnitsWord(let name, let other): return "'\(name)' already reads as your unit '\(other)'; choose another name"
        case .tooMany(let count): return "you have \(count) units of your own, the most a session keeps; forget unit NAME removes one"
        case .notPositive(let text): return "a unit is more than 0, and \(VisibleText.visible(text)) is not \(example)"
        case .approximate(let text):
            return "a unit is exact, and \(VisibleText.visible(text)) is approximate; write it as a fraction or decimal (unit shift = 8 h)"
        case .temperaturePoint(let text):
            return "\(VisibleText.visible(text)) is a temperature on a scale, not an amount; a unit of temperature is a difference (unit step = 5 ΔK)"
        case .money(let text):
            return "\(VisibleText.visible(text)) is money, which a unit cannot be: a price changes, and a currency converts only at a rate you set; keep it in a variable (fee = $5)"
        case .date(let text): return "\(VisibleText.visible(text)) is a date, not an amount \(example)"
        case .range(let text): return "\(VisibleText.visible(text)) is a range; a unit is one exact amount \(example)"
        case .powerTooHigh(let text): return "\(VisibleText.visible(text)) has a unit to too high a power for a unit"
        case .forgetNeedsName: return "forget unit NAME removes a unit of your own ('units' lists them)"
        case .unknown(let name, let suggestion):
            return "no unit of yours is named '\(VisibleText.visible(name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? " ('units' lists them)")
        }
    }

    var code: ProblemCode {
        switch self {
        case .nameMissing, .forgetNeedsName: return .missingArgument
        case .malformedName: return .invalidArgument
        case .nameTooLong, .tooMany, .powerTooHigh: return .limitExceeded
        case .builtIn, .startsBuiltIn, .currency, .reserved: return .reservedName
        case .pluralTaken, .variable, .otherUnitsWord: return .nameTaken
        case .notPositive: return .outOfRange
        case .approximate: return .needsExact
        case .temperaturePoint: return .temperaturePoint
        case .money: return .invalidArgument
        case .date: return .datePoint
        case .range: return .rangeRefused
        case .unknown: return .unknownUnit
        }
    }
}

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
        if let reason = Names.reservation(of: name) { return .reserved(name, reason: reason) }
        if Constant(rawValue: name) != nil { return .reserved(name, reason: "a constant") }
        if OutputFormat.named(name) != nil { return .reserved(name, reason: "a format (to \(name))") }
        if ["today", "yesterday", "tomorrow"].contains(name) { return .reserved(name, reason: "a date (\(name))") }
        if calculator.functions[name] != nil { return .reserved(name, reason: "a function of yours") }
        if calculator.variables[name] != nil { return .variable(name) }
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
        return .message(.unitForgotten(name: entry.name, written: entry.written))
    }
}

extension Calculator {
    /// What one of a user's unit is, as shown: `10 L`.
    func unitValue(_ entry: UserUnits.Entry) -> String {
        let shown = display(Quantity(.exact(entry.amount), entry.base))
        return (shown.isExact ? "" : "≈ ") + shown.text
    }

    /// `units`: each of the user's units, in the order defined.
    var unitRows: [Outcome.UserUnitRow] {
        units.entries.map { Outcome.UserUnitRow(name: $0.name, plural: $0.plural, definition: $0.written, value: unitValue($0)) }
    }
}
