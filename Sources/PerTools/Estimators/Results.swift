import PerNumbers
import PerUnits
import PerLanguage

/// The unit a result of an estimate is in.
public enum ResultUnit: Sendable, Equatable {
    /// A plain number (`cycles`, `lsi`).
    case plain
    case unit(CompoundUnit)
    /// A percentage, kept as the number of percent.
    case percent
    /// The estimate's money, in its currency when it has one.
    case money
    /// A unit the estimate chooses with the value (`dose.amount`: ml, g or pods).
    case chosen
    /// Text, not a number (`band`, `currency`): a JSON string, and no `ESTIMATOR.RESULT`.
    case word

    /// `kg/h`, `%`, or empty.
    package var label: String {
        switch self {
        case .unit(let unit): return unit.label
        case .percent: return "%"
        case .plain, .money, .chosen, .word: return ""
        }
    }
}

/// Where a result is read in an estimate's text.
public enum ResultReading: Sendable, Equatable {
    /// On a line of its own, with this label.
    case line(String)
    /// In the note of the line of the result with this name (`blowdown_pct` beside `blowdown`).
    case note(of: String)
    /// In the tables of the plan.
    case table
}

/// One result an estimator gives, declared once (`help estimators`): the name it
/// is kept under (`ESTIMATOR.RESULT`), its JSON key, its unit and where the text shows it.
/// The text table, the JSON object, the headline, `vars`, completion and `help` all come
/// from these declarations and the values an estimate gives them.
public struct ResultSpec: Sendable, Equatable {
    /// `blowdown` in `boiler.blowdown`; never the key of one of the estimator's inputs.
    public let name: String
    public let jsonKey: String
    public let unit: ResultUnit
    public let reading: ResultReading
    /// What the result is, for `help`.
    public let summary: String

    package init(_ name: String, json jsonKey: String? = nil, _ unit: ResultUnit, _ reading: ResultReading, _ summary: String) {
        self.name = name
        self.jsonKey = jsonKey ?? name
        self.unit = unit
        self.reading = reading
        self.summary = summary
    }

    /// Whether the result is kept as a quantity under `ESTIMATOR.name`: every number is.
    public var isKept: Bool { unit != .word }

    /// This result with a value: a number, in the spec's unit.
    package func callAsFunction(_ value: Number?, note: String = "", then: Figure? = nil, shown: Figure? = nil,
                        unit: CompoundUnit? = nil) -> ResultValue {
        ResultValue(spec: self, content: value.map { .number($0) } ?? .none, unit: unit, shown: shown, then: then, note: note)
    }

    /// This result as text (`band`, `unit`, `currency`).
    package func word(_ text: String?) -> ResultValue {
        ResultValue(spec: self, content: text.map { .text($0) } ?? .none, unit: nil, shown: nil, then: nil, note: "")
    }
}

/// A figure on a line of an estimate: a number (shown with its column's decimals), money,
/// or text, and the unit or words after it.
public struct Figure: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case number(Number)
        /// Money: two decimals, or a unit price's (`€0.330`) when `perUnit`.
        case money(Number, perUnit: Bool)
        /// A count (pods, scoops, loads), shown as it is, outside its column's decimals.
        case count(Number)
        case text(String)
    }

    public let value: Value
    public let unit: String

    package init(_ value: Value, _ unit: String = "") {
        self.value = value
        self.unit = unit
    }

    package static func number(_ value: Number, _ unit: String = "") -> Figure { Figure(.number(value), unit) }
}

/// A result of one estimate: its declaration and its value, with how its line reads when
/// that is more than the value in its unit.
public struct ResultValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case number(Number)
        case text(String)
        /// Not given by this estimate: JSON null, and no line unless `shown` says why.
        case none
    }

    public let spec: ResultSpec
    public let content: Content
    /// The unit of a result whose spec lets the estimate choose it.
    package let unit: CompoundUnit?
    /// The line's figure when it differs from the value in its unit: flows in the unit
    /// the circulation was given in, an index to two decimals, `none`.
    package let shown: Figure?
    /// A second figure on the line: `150.08 kg per 30 days`, `367.2 m3/day`.
    package let then: Figure?
    package let note: String

    public var number: Number? {
        if case .number(let value) = content { return value }
        return nil
    }

    /// The value as a quantity, for `ESTIMATOR.RESULT`; nil for text or no value.
    package func quantity(money: Currency?) -> Quantity? {
        guard spec.isKept, let number else { return nil }
        switch spec.unit {
        case .plain, .word: return Quantity(number)
        case .unit(let unit): return Quantity(number, unit)
        case .percent: return Quantity(number, CompoundUnit(UnitTable.percentUnit))
        case .money: return Quantity(number, money.map { CompoundUnit($0.unit) } ?? .none)
        case .chosen: return Quantity(number, unit ?? .none)
        }
    }

    /// The figure on the result's line: as `shown`, or the value in its unit.
    package var figure: Figure? {
        if let shown { return shown }
        switch content {
        case .none: return nil
        case .text(let text): return Figure(.text(text))
        case .number(let value):
            switch spec.unit {
            case .money: return Figure(.money(value, perUnit: false))
            case .chosen: return .number(value, unit?.label ?? "")
            default: return .number(value, spec.unit.label)
            }
        }
    }
}

/// Each estimate's results as quantities (`help estimators`), kept under the
/// read-only names `ESTIMATOR.RESULT` (`boiler.blowdown`), so a later expression can use
/// them: `boiler.sulphite * 1 year to kg`.
public enum EstimatorResults {
    /// The result names of an estimator, in order (`blowdown`, `feedwater`, …).
    public static func resultNames(of estimator: String) -> [String] {
        Estimators.named(estimator)?.results.filter(\.isKept).map(\.name) ?? []
    }

    /// The results of an estimate, as `ESTIMATOR.RESULT` and quantity. `money` is the
    /// currency the estimate's amounts are in, if any.
    package static func quantities(of estimate: Estimate) -> [String: Quantity] {
        var results: [String: Quantity] = [:]
        for result in estimate.results {
            guard let quantity = result.quantity(money: estimate.currency) else { continue }
            results[keptName(result.spec, of: estimate.estimator)] = quantity
        }
        return results
    }

    /// `dose.amount`: the name a result is kept under.
    package static func keptName(_ result: ResultSpec, of estimator: String) -> String { "\(estimator).\(result.name)" }
}
