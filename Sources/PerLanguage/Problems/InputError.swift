import PerNumbers
import PerUnits

/// Why an estimator's inputs cannot be used.
public enum InputError: Sendable, Equatable {
    /// Required inputs left out, each with its unit or meaning (`tds (ppm)`).
    case missing(estimator: String, inputs: [String], example: String)
    case unknownKey(estimator: String, key: String, suggestion: String?, keys: [String])
    case givenTwice(String)
    case needsValue(key: String, hint: String)
    case expectedKeyValue(estimator: String, first: String, keys: [String])
    /// A word that is not one of the input's (nil: a number where only words will do).
    case notAChoice(name: String, choices: [String], got: String?)
    /// A quantity of a dimension the input does not take.
    case wrongKind(name: String, wanted: String, got: String)
    case outOfRange(name: String, allowed: String, got: String)
    /// A statement giving both an input and one of a group that replaces it.
    case replaces(member: String, replaced: String, group: [String])
    /// An input given that serves only groups of inputs none of which has a value
    /// (`hx_approach` without `flash_pressure`): each group's members.
    case serves(extra: String, groups: [[String]])
    /// `steam=10 t/h ±`: no size after the `±`, or a negative one, or on a word.
    case toleranceExpected(key: String)
    /// More tolerances than an estimate runs the corners of.
    case tooManyTolerances(most: Int)
    /// A `..` whose sides are not two dates (`summer=2026-05-01..` or `summer=5..9`).
    case notADateRange(name: String, got: String)
    /// Dates from one to another that end before they start.
    case backwardDates(name: String, first: String, last: String)
    /// A dated summer with no day within the dated operating year (`days=`).
    case summerOutsideDays(summer: String, days: String)
    /// A `..` in an input of hours a day whose sides are not two times of day.
    case notAClockSpan(name: String, got: String)
    /// `hours=9:00..9:00`: times of day from one to the same, no time or a whole day.
    case emptyClockSpan(name: String, time: String)

    public var message: String {
        switch self {
        case .missing(let estimator, let inputs, let example):
            return "\(estimator) needs \(inputs.listed("and")); for example: \(example)"
        case .unknownKey(let estimator, let key, let suggestion, let keys):
            return "\(estimator) has no input '\(VisibleText.visible(key))'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its inputs are " + keys.joined(separator: ", "))
        case .givenTwice(let key): return "\(key) is given twice"
        case .needsValue(let key, let hint): return "\(key)= needs a value\(hint)"
        case .expectedKeyValue(let estimator, let first, let keys):
            return "expected KEY=VALUE, as in \(first)=…; \(estimator)'s inputs are " + keys.joined(separator: ", ")
        case .notAChoice(let name, let choices, let got):
            let words = choices.isEmpty ? "a number" : choices.listed("or")
            return "\(name) is \(words), not \(got ?? "a number")"
        case .wrongKind(let name, let wanted, let got): return "\(name) is \(wanted), not \(got)"
        case .outOfRange(let name, let allowed, let got): return "\(name) must be \(allowed), not \(got)"
        case .replaces(let member, let replaced, let group):
            return "\(member) replaces \(replaced): give \(replaced) or \(group.listed("and")), not both"
        case .serves(let extra, let groups):
            let named = groups.map { $0.map { "\($0)=" }.listed("and") }.listed("or")
            let them = groups.count > 1 ? "one of them" : groups.first?.count == 1 ? "it too" : "them too"
            return "\(extra) serves \(named): give \(them), or leave \(extra) out"
        case .toleranceExpected(let key):
            return "a tolerance is an amount or a percentage after ±, at least 0, on a number: \(key)=10 ±5% or \(key)=10 ±0.5"
        case .tooManyTolerances(let most):
            return "an estimate takes at most \(most) tolerances (it runs every corner of them: 2^\(most) estimates)"
        case .notADateRange(let name, let got):
            return "\(name) is a number of days or two dates, as in \(name)=2026-05-01..2026-09-30, not '\(VisibleText.visible(got))'"
        case .backwardDates(let name, let first, let last):
            return "\(name)=\(first)..\(last) ends before it starts: write the earlier date first (\(last)..\(first))"
        case .summerOutsideDays(let summer, let days):
            return "summer=\(summer) has no day within days=\(days): the summer counts only the operating days it shares with the year"
        case .notAClockSpan(let name, let got):
            return "\(name) is hours a day or two times of day, as in \(name)=9:00..17:00, not '\(VisibleText.visible(got))'"
        case .emptyClockSpan(let name, let time):
            return "\(name)=\(time)..\(time) holds no time: for the whole day write \(name)=24"
        }
    }
}
