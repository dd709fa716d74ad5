import PerNumbers
import PerUnits

/// Why an estimate cannot be made from inputs that are each in range.
public enum EstimateError: Error, Equatable, Sendable {
    /// A rule between inputs, such as `tds` below `maxtds`; `key` is the input to blame,
    /// `others` the inputs it conflicts with.
    case rule(key: String, message: String, others: [String] = [])
    /// A base dose of another kind than the detergent's form: a liquid's is a volume, a
    /// powder's a mass.
    case baseDoseOfOtherKind(form: String, wanted: Dimension, given: String, is: Dimension)
    case arithmetic(ArithmeticError)
    /// A number input with no value when the estimate reads it: the checks before an
    /// estimate give every required input and default one, so no statement reaches this.
    case missingNumber(key: String)

    public var message: String {
        switch self {
        case .rule(_, let message, _): return message
        case .baseDoseOfOtherKind(let form, let wanted, let given, let dimension):
            return "a \(form)'s base dose is \(wanted.withArticle), as in base=75 \(wanted == .mass ? "g" : "ml"); \(given) is \(dimension.withArticle)"
        case .arithmetic(let error): return error.message()
        case .missingNumber(let key): return "this estimate needs a number for \(key), as in \(key)=…"
        }
    }
}

/// Why a sweep's range is refused (`help sweep`).
public enum SweepRefusal: Sendable, Equatable {
    /// The most rows a sweep makes (`Sweep.maxRows`).
    public static let maxRows = 1000
    /// `sweep`, `sweep kettle`: the estimator names there are.
    case estimatorExpected(names: [String])
    /// `sweep cooling cycles=5`: a range is two values with `..` between.
    case rangeExpected(key: String)
    /// `cycles=8..2`.
    case backwards(key: String, from: String, to: String)
    /// `cycles=2..2`.
    case single(key: String, value: String)
    /// `soil=light..heavy`: a choice of words, not a number.
    case choice(key: String, choices: [String])
    /// `summer=2026-05-01..2026-09-30`: dates are one value of days, not a range to sweep.
    case dates(key: String)
    /// `hours=8:00..10:00`: times of day or dates with times are points on the clock, not
    /// amounts the input takes; `unit` is the input's (`h`).
    case times(key: String, unit: String)
    /// `step 0`, `step -1`.
    case stepNotPositive
    /// `2000..3500 step 400`: the steps do not land on the end of the range (`maxtds=2,000..3,500`),
    /// `span` wide.
    case stepMissesEnd(step: String, range: String, span: String)
    /// More than `Sweep.maxRows` values.
    case tooManyRows(Int)
    /// `cycles=2..8 recirc=400..600`: one input is swept at a time.
    case twoRanges(first: String, second: String)
    /// `show lsi_cyled`: a result the estimator does not give, with the nearest and the ones it does.
    case unknownColumn(name: String, suggestion: String?, names: [String])
    /// `show` with no result after it.
    case columnsExpected(names: [String])
    /// `show makeup --csv --json`: two ways to show one sweep (`second`, the last word), or
    /// one not at the end (`second` nil).
    case misplacedForm(first: String, second: String?)

    package var message: String {
        switch self {
        case .estimatorExpected(let names): return "sweep takes an estimator, then KEY=FROM..TO: " + names.listed("or")
                + ", as in sweep cooling cycles=2..8"
        case .rangeExpected(let key): return "\(key)= takes a range, FROM..TO, as in \(key)=2..8 or \(key)=2000..3500 step 500"
        case .backwards(let key, let from, let to): return "\(key)=\(from)..\(to) holds no values: write the lower value first"
        case .single(let key, let value): return "\(key)=\(value)..\(value) holds one value: a sweep runs from one value to a higher one"
        case .choice(let key, let choices): return "\(key) is one of \(choices.listed("or")): a sweep runs over numbers"
        case .dates(let key): return "\(key)= sweeps numbers of days, as in \(key)=90..180; dates from one to another are one value"
        case .times(let key, let unit):
            return "\(key)= sweeps amounts" + (unit.isEmpty ? "" : " in \(unit)") + ", not times: a time of day or a date with a time is a point on the clock"
        case .stepNotPositive: return "a step is more than 0"
        case .stepMissesEnd(let step, let range, let span):
            return "steps of \(step) do not land on the end of \(range): give a step that divides its \(span)"
        case .tooManyRows(let count): return "a sweep makes at most \(SweepRefusal.maxRows) rows, not \(count): give a larger step"
        case .twoRanges(let first, let second):
            return "a sweep runs over one input: \(first)= and \(second)= both have a range; give \(second)= one value, or sweep it after"
        case .unknownColumn(let name, let suggestion, let names):
            return "no result '\(name)' to show" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (results: " + names.joined(separator: ", ") + ")"
        case .misplacedForm(let first, let second):
            guard let second else { return "\(first) goes at the end of a sweep, after show's results" }
            return "\(first) and \(second) conflict: a sweep is shown one way; give one of them, at the end"
        case .columnsExpected(let names):
            return "show takes results to show as columns, with commas between, as in show " + names.prefix(2).joined(separator: ",")
        }
    }
}
