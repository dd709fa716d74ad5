import PerNumbers
import PerUnits
import PerLanguage

/// The inputs of a session that a saved set holds (`help storage`): every variable and estimator
/// input, the shopping list with its settings and draft, the display digits and money
/// rounding, and which
/// estimator ran last.
public struct SessionState: Sendable, Equatable {
    public var variables: [String: Quantity]
    public var functions: [String: UserFunction] = [:]
    public var inputs: [String: InputValue]
    /// Exchange rates set with `rate`.
    public var rates: Rates
    public var list: ShoppingList
    public var digits: Int
    /// Whether results show thousands separators.
    public var group = false
    /// How numbers are written in input and results.
    public var input = InputNotation.dot
    /// How money amounts are shown.
    public var money = MoneyRounding.cents
    /// The units the boiler's and cooling's results are shown in; nil follows the inputs.
    public var unitSystem: UnitSystem? = nil
    /// The sales-tax rate `vat` set, a percentage.
    public var taxRate: Quantity? = nil
    /// The estimator whose result `recall` shows again.
    public var lastEstimator: String?
    /// The variables that hold a range (`x = 12 kg ± 0.5 kg`), whose middles `variables` holds.
    public var ranges: [String: QuantityRange] = [:]
    /// The variables that hold a list (`lab = [1.2 kg, 1.5 kg]`), which are not in `variables`.
    public var listVariables: [String: QuantityList] = [:]
    /// The variables a label named (`income: total`), which a label may name again.
    public var labelled: Set<String> = []
    /// The estimator a set of one estimator's inputs holds (`save NAME ESTIMATOR`): its
    /// inputs alone, which `recall` puts in place of that estimator's, leaving the rest of
    /// the session as it is. Nil for a set of the whole session.
    public var estimatorOnly: String? = nil

    package init(variables: [String: Quantity], functions: [String: UserFunction] = [:], inputs: [String: InputValue], rates: Rates,
                 list: ShoppingList, digits: Int, group: Bool = false, input: InputNotation = .dot, money: MoneyRounding = .cents,
                 taxRate: Quantity? = nil, lastEstimator: String?, ranges: [String: QuantityRange] = [:], units: UserUnits = UserUnits(),
                 shelf: ListShelf = ListShelf(), listVariables: [String: QuantityList] = [:]) {
        self.shelf = shelf
        self.variables = variables
        self.functions = functions
        self.inputs = inputs
        self.rates = rates
        self.list = list
        self.digits = digits
        self.group = group
        self.input = input
        self.money = money
        self.taxRate = taxRate
        self.lastEstimator = lastEstimator
        self.ranges = ranges
        self.units = units
        self.listVariables = listVariables
    }
    /// The user's own units (`unit crate = 20 bottle`).
    public var units = UserUnits()
    /// The shopping lists besides `list`, and its name (`list NAME`); a set saved before
    /// lists had names has one, the default list.
    public var shelf = ListShelf()

    /// Whether two states hold the same inputs; which estimator ran last is a result, not
    /// an input, and does not count.
    public func hasSameInputs(as other: SessionState) -> Bool {
        variables == other.variables && functions == other.functions && inputs == other.inputs && rates == other.rates && list == other.list
            && digits == other.digits && group == other.group && input == other.input && money == other.money && unitSystem == other.unitSystem && taxRate == other.taxRate
            && ranges == other.ranges && units == other.units && shelf == other.shelf && listVariables == other.listVariables
            && estimatorOnly == other.estimatorOnly
    }

    /// A set of one estimator's inputs, taken from this state: nothing else of the session.
    public func only(_ estimator: String) -> SessionState {
        var state = SessionState(variables: [:], inputs: inputs.filter { $0.key.hasPrefix(estimator + ".") },
                                 rates: Rates(), list: ShoppingList(), digits: digits, lastEstimator: estimator)
        state.estimatorOnly = estimator
        return state
    }

    /// `3 variables, boiler inputs, 3 products`.
    public var contents: String {
        var parts: [String] = []
        let named = variables.count + listVariables.count
        if named > 0 { parts.append(named == 1 ? "1 variable" : "\(named) variables") }
        if !functions.isEmpty { parts.append(functions.count == 1 ? "1 function" : "\(functions.count) functions") }
        if !units.isEmpty { parts.append(units.entries.count == 1 ? "1 unit" : "\(units.entries.count) units") }
        let estimators = Set(inputs.keys.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted()
        if !estimators.isEmpty { parts.append(estimators.joined(separator: ", ") + " inputs") }
        if !rates.isEmpty { parts.append(rates.all.count == 1 ? "1 rate" : "\(rates.all.count) rates") }
        let products = shelf.productCount(current: list)
        let lists = shelf.isSingle ? "" : " in \(shelf.names.count) lists"
        if products > 0 { parts.append((products == 1 ? "1 product" : "\(products) products") + lists) }
        if !list.draft.isEmpty { parts.append("a draft") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

/// A named, dated copy of a session's inputs, with the headline of its last estimate.
public struct SavedSet: Sendable, Equatable {
    public let name: String
    /// When it was saved, ISO 8601 (`2026-11-21T22:40:05+01:00`).
    public let savedAt: String
    public let state: SessionState
    /// `boiler: blowdown 444.44 kg/h, sulphite 4.27 kg/day`, if an estimate had run.
    public let headline: String?

    public init(name: String, savedAt: String, state: SessionState, headline: String?) {
        self.name = name
        self.savedAt = savedAt
        self.state = state
        self.headline = headline
    }
}

/// What `save`, `saved`, `recall` and `forget` ask of the storage, which lives outside the
/// core. The shell performs it with `SavedSets.apply` between reading and writing the file.
public enum StorageRequest: Sendable, Equatable {
    /// `whole`: the name the words would be without the estimator after them
    /// (`t1 cooling` for `save t1 cooling`), a set that `replace` must not be taken to mean.
    case save(name: String, state: SessionState, headline: String?, replace: Bool, whole: String? = nil)
    case list
    case recall(name: String)
    case forget(name: String)
    /// `new`: keep this state as the set `last session`, then empty the session.
    case startNew(state: SessionState, headline: String?)
}

/// The rules of saved sets, as pure functions over the list of sets.
public enum SavedSets {
    public static let maxNameLength = 100
    /// The set `new` and `per --fresh` keep the session before in.
    public static let lastSessionName = "last session"

    /// Checks a name: present (not blanks alone), not a number, no control characters, not too long.
    public static func validate(name: String) throws(SavedSetError) {
        if name.allSatisfy(\.isWhitespace) { throw .missingName }
        switch try? SyntaxTree.expression(StatementSource(name)) {
        case .number?, .negate(.number, _)?, .quantity(.number, _, _)?, .negate(.quantity(.number, _, _), _)?: throw .numericName
        default: break
        }
        if name.count > maxNameLength { throw .badName("has at most \(maxNameLength) characters") }
        if VisibleText.hasHidden(name) {
            throw .badName("cannot hold control characters")
        }
    }

    /// The sets after saving `set`: refused when another set holds the same inputs, or the
    /// name is taken and `replace` is false. A set of one estimator's inputs whose words,
    /// read whole (`whole`), name another set is not saved over a set with `replace`: the
    /// one meant is unclear.
    public static func save(_ set: SavedSet, into sets: [SavedSet], replace: Bool, whole: String? = nil) throws(SavedSetError) -> [SavedSet] {
        try validate(name: set.name)
        if let twin = sets.first(where: { $0.state.hasSameInputs(as: set.state) && !($0.name == set.name && replace) }) {
            throw .identical(to: twin.name)
        }
        if replace, let whole, let estimator = set.state.estimatorOnly, sets.contains(where: { $0.name == whole }) {
            throw .twoReadings(name: set.name, estimator: estimator, whole: whole)
        }
        if sets.contains(where: { $0.name == set.name }) {
            guard replace else { throw .exists(set.name, estimator: set.state.estimatorOnly) }
            return sets.map { $0.name == set.name ? set : $0 }
        }
        return sets + [set]
    }

    public static func find(_ name: String, in sets: [SavedSet]) throws(SavedSetError) -> SavedSet {
        if let set = sets.first(where: { $0.name == name }) { return set }
        throw .unknown(name, suggestion: Suggestion.closest(to: name, among: sets.map(\.name), minimumLength: 2))
    }

    public static func forget(_ name: String, in sets: [SavedSet]) throws(SavedSetError) -> [SavedSet] {
        _ = try find(name, in: sets)
        return sets.filter { $0.name != name }
    }

    /// A name as typed in a command: quoted when it has blanks.
    package static func quoted(_ name: String) -> String { SavedSetError.quoted(name) }
}
