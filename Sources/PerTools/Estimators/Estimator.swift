import PerNumbers
import PerUnits
import PerLanguage

/// An estimator (`help estimators`): named inputs, and a pure function from their values to an
/// estimate.
public protocol Estimator: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var inputs: [InputSpec] { get }
    /// The input that may be given without its key (`dose liquid`).
    static var positionalInput: InputSpec? { get }
    static var example: String { get }
    /// More examples, each using a group of inputs: an error about missing inputs shows
    /// the first example that has them all.
    static var examples: [String] { get }
    /// Inputs that go together, or stand in for others (seasons for `steam`).
    static var groups: [InputGroup] { get }
    /// A price input and the input of what a pack holds: a price written per an amount
    /// (`price=€12.99 per 2.95 l`) gives the pack too, when the statement gives none.
    static var pricedPacks: [(price: InputSpec, pack: InputSpec)] { get }
    /// Lines `help` adds after the inputs.
    static var notes: [String] { get }
    /// Every result the estimator can give, in order.
    static var results: [ResultSpec] { get }
    /// The line `saved` and `recall` show for an estimate, from its results.
    static func headline(of estimate: Estimate) -> String
    /// The results a sweep's row shows, the headline first (its bar).
    static var sweepColumns: [ResultSpec] { get }
    /// Inputs whose values come in steps (`years` in whole months): `solve` answers with the
    /// smallest such value that reaches the target.
    static var steppedInputs: [String: InputStep] { get }
    /// Results the estimator's formulas keep above 0 whatever its inputs, by name, with why
    /// in a few words: `solve` refuses a target at or below 0 for them at once.
    static var aboveZero: [String: String] { get }
    /// Inputs whose default follows another input's value (boiler's maxtds from the band of
    /// its pressure): the estimate applies them, and `vars` shows them.
    static var followingDefaults: [FollowingDefault] { get }
    /// Keys that name another input when the value is of another dimension (cooling's
    /// `load=60%` is the load, `load=500 TR` the heat the tower rejects).
    static var readings: [InputReading] { get }
    /// Inputs that serve only others (boiler's makeup_temp serves pressure or da_pressure):
    /// one kept from before goes when a statement forgets the last input it serves.
    static var servingInputs: [(input: InputSpec, serves: [InputSpec])] { get }
    static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate
}

extension Estimator {
    public static var positionalInput: InputSpec? { nil }
    public static var groups: [InputGroup] { [] }
    public static var pricedPacks: [(price: InputSpec, pack: InputSpec)] { [] }
    public static var notes: [String] { [] }
    public static var examples: [String] { [] }
    public static var steppedInputs: [String: InputStep] { [:] }
    public static var aboveZero: [String: String] { [:] }
    public static var followingDefaults: [FollowingDefault] { [] }
    public static var readings: [InputReading] { [] }
    public static var servingInputs: [(input: InputSpec, serves: [InputSpec])] { [] }
    /// The first results read on lines of their own.
    public static var sweepColumns: [ResultSpec] {
        Array(results.filter { if case .line = $0.reading { $0.unit != .word } else { false } }.prefix(4))
    }

    /// The results a sweep's `show` and `solve … for` take: every one that is a number.
    public static var numberResults: [ResultSpec] { results.filter(\.isKept) }

    /// The first example that gives every one of these inputs (and, if one does, `also`),
    /// or the main example.
    package static func example(giving inputs: [InputSpec], preferably also: [InputSpec] = []) -> String {
        func gives(_ example: String, _ inputs: [InputSpec]) -> Bool { inputs.allSatisfy { example.contains(" \($0.key)=") } }
        let all = [example] + examples
        return all.first { gives($0, inputs + also) } ?? all.first { gives($0, inputs) } ?? example
    }

    /// The input a key (or its alias) names.
    package static func spec(_ key: String) -> InputSpec? { inputs.first { $0.key == key } ?? inputs.first { $0.alias == key } }

    /// `boiler: blowdown 444.44 kg/h, sulphite 4.27 kg/day`: the name, then these results.
    package static func headline(_ estimate: Estimate, _ parts: String...) -> String {
        "\(name): " + parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// Every estimator, in the order `help` lists them.
public enum Estimators {
    public static let all: [any Estimator.Type] = EstimatorCommand.allCases.map(\.estimator)

    public static func named(_ name: String) -> (any Estimator.Type)? {
        all.first { $0.name == name }
    }
}

/// Input values after checking: numbers in each input's canonical unit (percentages in
/// percent), or words; with the text of each as used, for the estimate's echo.
public struct ResolvedInputs: Sendable {
    public enum Value: Sendable, Equatable {
        /// In the input's canonical unit; money inputs keep their currency.
        case number(Number, currency: Currency? = nil)
        case price(Price)
        case word(String)

        /// The currency of a money input or a price, if it has one.
        package var currency: Currency? {
            switch self {
            case .number(_, let currency): return currency
            case .price(let price): return price.currency
            case .word: return nil
            }
        }
    }

    package let values: [String: Value]
    package let used: [Estimate.UsedInput]
    /// The units inputs were written in (`recirc=50 L/s`), so results can be shown in them.
    package let units: [String: CompoundUnit]
    /// Whether the estimate's tables are shown: a sweep's rows show only results, and an
    /// estimator may leave out a table that costs much to make.
    package var showsTables = true
    /// The units the results are shown in, as `units` chose; nil follows the inputs.
    package var unitSystem: UnitSystem? = nil
    /// What the estimate computes in: the statement's interruption, which long loops ask,
    /// and the memo of function values when the estimator runs many times.
    package let context: EvaluationContext

    public init(values: [String: Value], used: [Estimate.UsedInput], units: [String: CompoundUnit] = [:],
                context: EvaluationContext = .standard) {
        self.values = values
        self.used = used
        self.units = units
        self.context = context
    }

    /// The unit an input was written in, if it had one.
    package func unit(of input: InputSpec) -> CompoundUnit? { units[input.key] }

    /// A number input (a required one or one with a default). The estimator's declarations
    /// give it a value before the estimate runs; one without is refused as missing, not
    /// read as some number.
    package func number(_ input: InputSpec) throws(EstimateError) -> Number {
        if case .number(let value, _)? = values[input.key] { return value }
        throw .missingNumber(key: input.key)
    }

    /// An optional number input.
    package func optionalNumber(_ input: InputSpec) -> Number? {
        if case .number(let value, _)? = values[input.key] { return value }
        return nil
    }

    /// A percentage input as a fraction (60% → 0.6).
    package func fraction(_ input: InputSpec) throws(EstimateError) -> Number {
        let percent = try number(input)
        return try formulas { () throws(ArithmeticError) in try percent / 100 }
    }

    /// The currency a money input was given in.
    package func currency(_ input: InputSpec) -> Currency? { values[input.key]?.currency }

    /// The currency of the estimate's money: the first one an input was given in (every
    /// money input is in it, through a rate when one was written in another).
    package var estimateCurrency: Currency? {
        used.lazy.compactMap { self.values[$0.key]?.currency }.first
    }

    /// A price input, if given.
    package func price(_ input: InputSpec) -> Price? {
        if case .price(let price)? = values[input.key] { return price }
        return nil
    }

    /// Whether an input was given (now or kept from before), not left to its default.
    package func isGiven(_ input: InputSpec) -> Bool { used.contains { $0.key == input.key && !$0.isDefault } }

    /// The text of an input as used (`2.95 L`), for notes.
    package func text(_ input: InputSpec) -> String? { used.first { $0.key == input.key }?.text }

    /// A word input (a choice with a default, or one the estimate requires).
    package func word(_ input: InputSpec) -> String? {
        if case .word(let word)? = values[input.key] { return word }
        return nil
    }

    /// A word input as the choice it names; nil when it was given as a quantity, or not
    /// at all.
    package func choice<Choice: InputChoice>(_ input: InputSpec, as type: Choice.Type) -> Choice? {
        word(input).flatMap(Choice.init(word:))
    }
}

/// An input whose default follows another input's value, declared once with the estimator:
/// boiler's `maxtds` is the TDS limit of the drum-pressure band of its `pressure`.
public struct FollowingDefault: Sendable {
    public let input: InputSpec
    public let source: InputSpec
    /// The default at the source's value (as resolved: in its canonical unit) and what it
    /// follows (`ABMA at 451–600 psig`); nil leaves the declared default.
    package let value: @Sendable (Number) -> (value: Number, follows: String)?

    package init(_ input: InputSpec, from source: InputSpec, _ value: @escaping @Sendable (Number) -> (value: Number, follows: String)?) {
        self.input = input
        self.source = source
        self.value = value
    }

    /// The default as the estimate's inputs and `vars` show it: `2500 ppm (ABMA at 451–600 psig)`.
    package func text(_ value: Number, follows: String) -> String {
        InputValue.quantity(Quantity(value, input.canonicalUnit ?? .none)).text(for: input) + " (\(follows))"
    }
}

extension ResolvedInputs {
    /// These inputs with each following default in place of the declared one, where the
    /// input was left to its default and its source has a value.
    package func following(_ defaults: [FollowingDefault]) -> ResolvedInputs {
        var values = values, used = used
        for rule in defaults {
            guard let index = used.firstIndex(where: { $0.key == rule.input.key && $0.isDefault }),
                  let source = optionalNumber(rule.source), let (value, follows) = rule.value(source) else { continue }
            values[rule.input.key] = .number(value)
            used[index] = Estimate.UsedInput(key: rule.input.key, text: rule.text(value, follows: follows), isDefault: true)
        }
        var inputs = ResolvedInputs(values: values, used: used, units: units, context: context)
        inputs.showsTables = showsTables
        inputs.unitSystem = unitSystem
        return inputs
    }
}

/// Runs a formula block, turning arithmetic failures into estimate errors.
package func formulas<T>(_ body: () throws(ArithmeticError) -> T) throws(EstimateError) -> T {
    do {
        return try body()
    } catch {
        throw .arithmetic(error)
    }
}

extension EstimateError {
    /// The input to blame, if one is.
    public var key: String? {
        switch self {
        case .rule(let key, _, _): return key
        case .baseDoseOfOtherKind: return Dose.Input.base.key
        case .arithmetic: return nil
        case .missingNumber(let key): return key
        }
    }

    /// A rule between inputs, named by their declarations: the key shown and stored is
    /// each input's own.
    package static func rule(key input: InputSpec, message: String, others: [InputSpec] = []) -> EstimateError {
        .rule(key: input.key, message: message, others: others.map(\.key))
    }

    /// Every input in conflict: the one to blame first.
    public var keys: [String] {
        if case .rule(let key, _, let others) = self { return [key] + others }
        return key.map { [$0] } ?? []
    }
}

extension EstimatorCommand {
    public var estimator: any Estimator.Type {
        switch self {
        case .dose: return Dose.self
        case .boiler: return Boiler.self
        case .deaerator: return Deaerator.self
        case .cooling: return Cooling.self
        case .invest: return Invest.self
        }
    }
}

/// The steps an input's values come in: `size` in the input's own unit, one step being one
/// `unit` (invest's years come in months, 1/12 of a year each).
public struct InputStep: Sendable {
    public let size: Rational
    public let unit: Unit
}

/// A key read as another input when its value has a dimension of its own: `load=500 TR`
/// is `heat_load`, where `load=60%` is the load.
public struct InputReading: Sendable {
    public let key: String
    public let dimension: Dimension
    public let input: InputSpec

    package init(_ key: InputSpec, as input: InputSpec, when dimension: Dimension) {
        self.key = key.key
        self.dimension = dimension
        self.input = input
    }
}
