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

    package var code: ProblemCode {
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
