import PerNumbers
import PerUnits
import PerLanguage

/// The session's shopping lists but the current one (`help lists`): each kept whole with
/// its type, basis, currency, deals, draft and need, under its name, and the current
/// list's name. The current list itself is the session's `list`, which every shopping
/// command works on, so switching is the only thing that reaches the others.
///
/// The unnamed list of a session (and of every file from before lists had names) is the
/// default list, named `default`. A list left empty is not kept when another is chosen.
public struct ListShelf: Sendable, Equatable {
    /// The name of the list a session starts with.
    public static let defaultName = "default"
    /// The longest name a list may have, in characters.
    public static let maxNameLength = 40
    /// The most lists a session keeps, the current one included.
    public static let maxLists = 100

    /// The current list's name.
    public private(set) var currentName = ListShelf.defaultName
    /// Every list's name in the order they were started, the current one's included.
    public var names: [String] { storedNames.isEmpty ? [currentName] : storedNames }
    /// `names`, or empty while the current list is the only one: a session of one list,
    /// as most are, makes no array.
    private var storedNames: [String] = []
    /// The lists not current, by name.
    public private(set) var others: [String: ShoppingList] = [:]

    public init() {}

    /// A shelf as a file kept it: the current list's name, its place among the lists
    /// (`position`; nil: last) and the others in order; nil when a name is refused by
    /// `nameProblem` or given twice, or the place is not among them.
    public init?(currentName: String, position: Int? = nil, others: [(name: String, list: ShoppingList)]) {
        var all = others.map(\.name)
        guard (0...all.count).contains(position ?? all.count) else { return nil }
        all.insert(currentName, at: position ?? all.count)
        guard all.count <= ListShelf.maxLists, all.allSatisfy({ ListShelf.nameProblem($0) == nil }),
              Set(all.map { $0.lowercased() }).count == all.count else { return nil }
        self.currentName = currentName
        self.storedNames = all.count == 1 ? [] : all
        self.others = Dictionary(uniqueKeysWithValues: others.map { ($0.name, $0.list) })
    }

    /// Whether the session has lists besides the default one.
    public var isSingle: Bool { others.isEmpty && currentName == ListShelf.defaultName }

    /// The others in the order they were started.
    public var otherLists: [(name: String, list: ShoppingList)] {
        names.compactMap { name in others[name].map { (name, $0) } }
    }

    /// Why `name` cannot name a list, or nil: it must hold some text, no control
    /// character, and at most `maxNameLength` characters.
    public static func nameProblem(_ name: String) -> ArgumentError? {
        if name.isEmpty { return .missing(command: "list", what: "a name", example: "list drinks") }
        if let hidden = name.unicodeScalars.first(where: VisibleText.isHidden) {
            return .nameControlCharacter(VisibleText.visible(String(hidden)))
        }
        if name.count > maxNameLength {
            return .listNameTooLong(start: String(name.prefix(maxNameLength)), length: name.count, most: maxNameLength)
        }
        return nil
    }

    /// The name a list is kept under that matches `name` in any case, if any.
    public func existingName(_ name: String) -> String? {
        let lower = name.lowercased()
        return names.first { $0.lowercased() == lower }
    }

    /// The name of a list other than the current one that compares `dimension`, if any.
    public func listComparing(_ dimension: Dimension) -> String? {
        otherLists.first { $0.list.dimension == dimension }?.name
    }

    /// Makes list `name` current, started empty when there is none: `current`, the list
    /// being left, is put on the shelf, or forgotten when it is blank. Returns the list to
    /// work on and what the change was; a refusal is a diagnostic at `range`, the name.
    package mutating func switchTo(_ name: String, leaving current: ShoppingList, at range: Range<Int>) throws(Diagnostic) -> (ShoppingList, ListSwitch) {
        if let problem = ListShelf.nameProblem(name) { throw Diagnostic(problem, at: range) }
        let existing = existingName(name)
        // `list =SUM(A1)`: refused as the price book refuses such a product's name; a list
        // a file kept under such a name is still switched to.
        if existing == nil, let first = name.first, "=+-@".contains(first) {
            throw Diagnostic(ArgumentError.listNameFormula, at: range)
        }
        if existing == currentName {
            return (current, ListShelf.describe(current, name: currentName, started: false, same: true, left: .unsaid))
        }
        if existing == nil, names.count >= ListShelf.maxLists, !current.isBlank {
            throw Diagnostic(ArgumentError.tooManyLists(most: ListShelf.maxLists), at: range)
        }
        let left: ListSwitch.Left
        var names = self.names
        defer { storedNames = names.count == 1 ? [] : names }
        if current.isBlank {
            names.removeAll { $0 == currentName }
            left = currentName == ListShelf.defaultName ? .unsaid : .dropped(name: currentName)
        } else {
            others[currentName] = current
            left = .kept(name: currentName, products: current.products.count)
        }
        let target = existing ?? name
        let list = others.removeValue(forKey: target) ?? ShoppingList()
        if existing == nil { names.append(target) }
        currentName = target
        return (list, ListShelf.describe(list, name: target, started: existing == nil, same: false, left: left))
    }

    private static func describe(_ list: ShoppingList, name: String, started: Bool, same: Bool, left: ListSwitch.Left) -> ListSwitch {
        ListSwitch(name: name, started: started, same: same, products: list.products.count, basis: list.basis?.perText,
                   need: list.need?.text, left: left)
    }

    /// Every list with its name, the current one (`current`) in its place.
    public func all(current: ShoppingList) -> [(name: String, list: ShoppingList, isCurrent: Bool)] {
        names.compactMap { name in
            name == currentName ? (name, current, true) : others[name].map { (name, $0, false) }
        }
    }

    /// How many products all the lists hold.
    public func productCount(current: ShoppingList) -> Int {
        others.values.reduce(current.products.count) { $0 + $1.products.count }
    }
}

/// One list as `lists` shows it: its name, whether it is the current one, how many
/// products it holds, its need and its best product with its unit price.
public struct ListSummary: Sendable, Equatable {
    public let name: String
    public let isCurrent: Bool
    public let products: Int
    public let need: EnteredQuantity?
    /// The best product's name, nil on an empty list (or one that cannot rank).
    public let best: String?
    public let unitPrice: Number?
    public let basis: Basis?
    public let currency: Currency?

    package init(name: String, list: ShoppingList, isCurrent: Bool) {
        self.name = name
        self.isCurrent = isCurrent
        products = list.products.count
        need = list.need
        let comparison = list.products.isEmpty ? nil : try? Comparison(list)
        let row = comparison?.rows.first
        best = row.map { comparison!.product($0).name }
        unitPrice = row?.unitPrice
        basis = comparison?.basis ?? list.basis
        currency = list.currency
    }
}

/// One list's ranking in `compare all`: a comparison, or nil for an empty list.
public struct NamedComparison: Sendable, Equatable {
    public let name: String
    public let comparison: Comparison?

    package init(name: String, comparison: Comparison?) {
        (self.name, self.comparison) = (name, comparison)
    }
}
