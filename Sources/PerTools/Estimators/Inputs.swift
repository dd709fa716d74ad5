import PerNumbers
import PerUnits
import PerLanguage

extension InputValue {
    /// `4 t/h`, `60%`, `heavy`, as `vars` shows it; a plain number gets `spec`'s unit.
    public func text(for spec: InputSpec?) -> String {
        switch self {
        case .word(let word): return word
        case .quantity(let q):
            // A whole amount of money as a price is echoed as written (`€300`), not as an
            // amount (`€300.00`), as a price per an amount is.
            if case .price = spec?.kind, let money = q.unit.moneyAtom, q.unit.atom == money,
               case .exact(let r) = q.magnitude, r.isInteger {
                return Currency(money).written(NumberDisplay.display(q.magnitude, digits: 12).text)
            }
            let shown = QuantityDisplay.display(q, digits: 12)
            var text = (shown.isExact ? "" : "≈ ") + shown.text
            // An exact plain value with no end to its decimals, as the fraction it is (`years 1/12`).
            if q.isPlain, !shown.isExact, case .exact(let r) = q.magnitude, r.numerator.magnitude < 1_000_000, r.denominator < 1_000_000 {
                text = "\(r.numerator)/\(r.denominator)"
            }
            guard q.isPlain, let label = spec?.unitLabel, !label.isEmpty, !label.contains(" or "), label != spec?.key else { return text }
            return label == "%" ? text + "%" : "\(text) \(label)"
        }
    }
}

/// The words an input offers (`form=liquid`), as an enum: an estimate compares its cases,
/// and the words typed, shown and stored are their spellings.
package protocol InputChoice: CaseIterable, Sendable {
    /// Every word, in the order `help` lists them.
    static var words: [String] { get }
    /// The choice a word names, if it is one of `words`.
    init?(word: String)
    /// The word a choice is written as.
    var word: String { get }
}

extension InputChoice where Self: RawRepresentable, RawValue == String {
    package static var words: [String] { allCases.map(\.rawValue) }
    package init?(word: String) { self.init(rawValue: word) }
    package var word: String { rawValue }
}

extension InputValue {
    /// A choice as an input's value (a default: `soil=normal`).
    package static func choice(_ choice: some InputChoice) -> InputValue { .word(choice.word) }
}

/// The values an input accepts, checked after conversion to its canonical unit.
public struct ValueRange: Sendable {
    public let lower: Rational?
    public let lowerIncluded: Bool
    public let upper: Rational?
    public let upperIncluded: Bool

    public static func atLeast(_ value: Rational) -> ValueRange { ValueRange(lower: value, lowerIncluded: true, upper: nil, upperIncluded: false) }
    public static func above(_ value: Rational) -> ValueRange { ValueRange(lower: value, lowerIncluded: false, upper: nil, upperIncluded: false) }
    public static func from(_ low: Rational, to high: Rational) -> ValueRange { ValueRange(lower: low, lowerIncluded: true, upper: high, upperIncluded: true) }
    public static func above(_ low: Rational, upTo high: Rational) -> ValueRange { ValueRange(lower: low, lowerIncluded: false, upper: high, upperIncluded: true) }
    public static func from(_ low: Rational, below high: Rational) -> ValueRange { ValueRange(lower: low, lowerIncluded: true, upper: high, upperIncluded: false) }

    public func contains(_ value: Number) -> Bool {
        if let lower { if lowerIncluded ? value < .exact(lower) : value <= .exact(lower) { return false } }
        if let upper { if upperIncluded ? value > .exact(upper) : value >= .exact(upper) { return false } }
        return true
    }

    /// `from 1 to 20 kg`, `more than 0 kg/h`, `from 0% to under 100%`.
    public func text(unit: String) -> String {
        func show(_ r: Rational) -> String {
            let number = NumberDisplay.display(.exact(r), digits: 12).text
            if unit == "%" { return number + "%" }
            return unit.isEmpty ? number : "\(number) \(unit)"
        }
        func bare(_ r: Rational) -> String { NumberDisplay.display(.exact(r), digits: 12).text + (unit == "%" ? "%" : "") }
        switch (lower, upper) {
        case (let low?, let high?):
            let top = upperIncluded ? show(high) : "under \(show(high))"
            return lowerIncluded ? "from \(bare(low)) to \(top)" : "more than \(bare(low)) and up to \(show(high))"
        case (let low?, nil): return lowerIncluded ? "at least \(show(low))" : "more than \(show(low))"
        case (nil, let high?): return upperIncluded ? "at most \(show(high))" : "under \(show(high))"
        case (nil, nil): return "any value"
        }
    }
}

/// What kind of value an input takes. Every value is read by the one grammar; these say
/// which dimensions fit and what a plain number means.
public enum InputKind: Sendable {
    /// A quantity in `unit` or any unit of its dimension; a plain number means `unit`.
    case quantity(CompoundUnit)
    /// A quantity of the dimension of one of these units (`base`: ml or g), or a plain number.
    case oneOf([CompoundUnit])
    /// A percentage: `60%`, `30% * 2`, or a plain `60` meaning 60%. Checked in percent.
    case percent
    /// Money in any currency, or a plain number.
    case money
    /// A price: money alone (or a plain number) is per `plain`; money per a mass, a
    /// volume or a count is per kg, per litre (per m³ when `plain` is) or per item.
    case price(plain: Price.Basis)
    /// A temperature difference in K: `18 °F` alone is read as a difference of 10 K.
    case temperatureDifference
    /// One of these words.
    case choice([String])
    /// A quantity in `unit` (any unit of its dimension), or one of these words.
    case quantityOrChoice(CompoundUnit, choices: [String])
    /// A number of days (a plain number, or any time), or the dates from one to another
    /// with both ends counted: `2026-05-01..2026-09-30` is 153 days.
    case days

    /// A pressure, gauge unless written in bara or psia (a plain number is bar gauge);
    /// resolved to MPa absolute.
    case pressure

    /// The unit of `.days`.
    package static let dayUnit = UnitTable.compound("days")!
    package static let barGauge = UnitTable.compound("barg")!
    package static let megapascals = UnitTable.compound("MPa")!

    /// A pressure's size in MPa, a plain number being bar, by the units' sizes alone: the
    /// reference, gauge or absolute, is the caller's to read from the unit.
    package static func megapascals(in q: Quantity) throws(QuantityError) -> Number {
        let unit = q.isPlain ? barGauge : q.unit
        guard unit.dimension == .pressure else { throw QuantityError.conversion(from: q.dimension, to: .pressure) }
        return try QuantityMath.run { () throws(ArithmeticError) in try q.magnitude * .exact(unit.factor / megapascals.factor) }
    }
}

/// The product an input's value is of, named before the value or alone (`acid=sulphuric
/// 93%`, `acid=sulfuric`): the names it goes by, and others of its kind that the input
/// does not take, which are refused naming the one it does.
public struct NamedProduct: Sendable {
    /// The names it is written as, lower case; the first is the one messages use.
    public let names: [String]
    /// Others of its kind, lower case (`hydrochloric`): refused, even alone.
    public let others: [String]
    /// What they are (`acid`), for messages.
    public let kind: String

    /// `acid is sulphuric acid (sulphuric 93%, sulfuric 93% or 93%), not 'hydrochloric': …`.
    package func refusal(name: String, got: String) -> InputError {
        let written = names.prefix(2).map { "\($0) 93%" } + ["93%"]
        return .wrongKind(name: name, wanted: "\(names[0]) \(kind) (\(written.listed("or")))",
                          got: "'\(VisibleText.visible(got))': the \(kind) feed is worked out for \(names[0]) \(kind) only")
    }
}

/// One input of an estimator: its key, what it takes, its default and its range.
public struct InputSpec: Sendable {
    public let key: String
    /// A shorter key that also names the input in `key=value` (`sulphite=` for
    /// `sulphite_residual`), where the key itself would be a result's name.
    public let alias: String?
    public let kind: InputKind
    /// What the input means, for prompts and help.
    public let summary: String
    public let defaultValue: InputValue?
    /// Allowed values, in the canonical unit; nil for words only.
    public let range: ValueRange?
    /// Whether the estimate can run without it (required inputs have no default).
    public let isOptional: Bool
    /// An input of plant planning, measurement or scaling, which `vars` lists only once
    /// it is given: its default goes without saying.
    public let isQuiet: Bool
    /// The product the value is of, which may be named before it (`acid=sulphuric 93%`).
    public let product: NamedProduct?

    package init(_ key: String, _ kind: InputKind, _ summary: String, alias: String? = nil, default defaultValue: InputValue? = nil,
         range: ValueRange? = nil, optional: Bool = false, quiet: Bool = false, product: NamedProduct? = nil) {
        self.key = key
        self.alias = alias
        self.kind = kind
        self.summary = summary
        self.defaultValue = defaultValue
        self.range = range
        self.isOptional = optional
        self.isQuiet = quiet
        self.product = product
    }

    /// The same input, quiet.
    package var quiet: InputSpec {
        InputSpec(key, kind, summary, alias: alias, default: defaultValue, range: range, optional: isOptional, quiet: true, product: product)
    }

    public var isRequired: Bool { defaultValue == nil && !isOptional }

    /// The canonical unit's label: `kg/h`, `ppm`, `%`, `per K`, or empty.
    public var unitLabel: String {
        switch kind {
        case .quantity(let unit), .quantityOrChoice(let unit, _): return unit.label
        case .days: return InputKind.dayUnit.label
        case .pressure: return InputKind.barGauge.label
        case .oneOf(let units): return units.map(\.label).joined(separator: " or ")
        case .percent: return "%"
        case .temperatureDifference: return "K"
        case .price(let plain): return plain == .pack ? "" : "per " + plain.unitSymbol
        case .choice, .money: return ""
        }
    }

    /// The unit a plain number means, and that the estimator computes in.
    package var canonicalUnit: CompoundUnit? {
        switch kind {
        case .quantity(let unit), .quantityOrChoice(let unit, _): return unit
        case .days: return InputKind.dayUnit
        case .pressure: return InputKind.barGauge
        case .percent: return CompoundUnit(UnitTable.percentUnit)
        case .temperatureDifference: return CompoundUnit(UnitTable.unit(key: "ΔK")!)
        case .oneOf, .money, .price, .choice: return nil
        }
    }

    /// The largest flow a flow input (kg/h, or m³/h of water) takes: 10¹² kg/h, a
    /// thousand times the largest plant's, so that no result of it passes what a double,
    /// and JSON's number, holds. Nil for other inputs.
    package var largestFlow: (value: Rational, text: String)? {
        switch canonicalUnit?.label {
        case "kg/h": return (1_000_000_000_000, "1e12 kg/h")
        case "m3/h": return (1_000_000_000, "1e9 m3/h")
        default: return nil
        }
    }

    /// Whether the input is hours a day (`hours=`), which two times of day also give
    /// (`hours=9:00..17:00`, `ClockSpan`).
    package var takesHoursADay: Bool {
        if case .quantity(let unit) = kind { return unit.isTimeRatio }
        return false
    }

    /// The words this input accepts, if any.
    public var choices: [String] {
        switch kind {
        case .choice(let words), .quantityOrChoice(_, let words): return words
        default: return []
        }
    }

    /// `steam: steam flow (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)` for prompts.
    public var description: String {
        var parts: [String] = []
        switch kind {
        case .quantity(let unit), .quantityOrChoice(let unit, _):
            let others = UnitTable.otherUnits(like: unit)
            if !unit.isNone { parts.append(unit.label + (others.isEmpty ? "" : "; also " + others.joined(separator: ", "))) }
        case .days: parts.append("days; also the dates from one to another, both counted, as in 2026-05-01..2026-09-30")
        case .pressure: parts.append("barg; also psig, kPa or MPa gauge, and bara or psia absolute")
        case .oneOf: parts.append(unitLabel)
        case .percent: parts.append("%")
        case .temperatureDifference: parts.append("K; also °F, °C: a difference")
        case .money: parts.append("money or a plain number")
        case .price(let plain):
            parts.append(plain == .pack ? "money per pack, or per kg, l or item, as in €45 per 25 kg"
                                        : plain == .kilowattHour ? "money per kWh, or per MJ, GJ or MWh"
                                        : "money per \(plain.unitSymbol), or per l")
        case .choice: break
        }
        if !choices.isEmpty { parts.append((parts.isEmpty ? "" : "or ") + choices.joined(separator: " | ")) }
        if let range { parts.append(range.text(unit: unitLabel)) }
        if let defaultValue { parts.append("default \(defaultValue.text(for: self))") }
        return "\(summary) (" + parts.joined(separator: "; ") + ")"
    }

    package var isPercent: Bool {
        if case .percent = kind { return true }
        return false
    }
}
