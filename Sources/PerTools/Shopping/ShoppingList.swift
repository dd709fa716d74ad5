import PerNumbers
import PerUnits
import PerLanguage

/// What unit prices are quoted per: `1 kg`, `100 g`, `1 oz`, or per item.
public struct Basis: Sendable, Hashable {
    public let amount: Number
    public let unit: Unit
    /// `basis dose`: prices per wash, each product's quantity counted in doses of this
    /// amount (the last `dose` result); a product sold in loads counts one dose a load.
    public let isDose: Bool

    public init(amount: Number, unit: Unit, isDose: Bool = false) {
        self.amount = amount
        self.unit = unit
        self.isDose = isDose
    }

    /// Whether a unit counts uses (`64 loads`): such a product goes on any list, and
    /// compares with the others per wash (`basis dose`).
    public static func countsUses(_ unit: Unit) -> Bool { unit == loads }
    package static let loads = UnitTable.atom(named: "loads")!

    /// The automatic basis of a dimension: per kg, per L, per item, per m, per m².
    public static func automatic(for dimension: ShoppableDimension) -> Basis {
        Basis(amount: Number(1), unit: UnitTable.basisUnit(of: dimension))
    }

    /// `1 kg`, `100 g`, `1 item`, `1 wash (95 ml)`, as JSON's `basis`.
    public var text: String { isDose ? "1 wash (\(amountText))" : amountText }

    private var amountText: String {
        let shown = NumberDisplay.display(amount, digits: 12)
        return "\(shown.isExact ? "" : "≈ ")\(shown.text) \(unit.name(for: amount))"
    }

    /// `per kg`, `per 100 g`, `per item`, `per wash (95 ml)`.
    public var perText: String {
        if isDose { return "per wash (\(amountText))" }
        return amount == Number(1) ? "per \(unit.singular)" : "per \(text)"
    }

    package func inBaseUnits() throws(ArithmeticError) -> Number {
        try amount.multiplied(by: .exact(unit.factor), in: .standard)
    }

    /// How many of this basis one pack of `quantity` holds: its amount over the basis, or
    /// with a dose basis its doses (a pack sold in loads holds one a load). Nil when a
    /// dose cannot count it (grams against a dose in ml).
    package func count(in quantity: EnteredQuantity) throws(ArithmeticError) -> Number? {
        if isDose, Basis.countsUses(quantity.unit), !Basis.countsUses(unit) { return try quantity.inBaseUnits() }
        guard quantity.unit.dimension == unit.dimension else { return nil }
        return try quantity.inBaseUnits() / inBaseUnits()
    }
}

/// The shopping list (`help shopping`): products of one dimension, a draft, and the settings that
/// decide how they compare. Every mutating method checks everything first and changes
/// the list only when it cannot fail.
public struct ShoppingList: Sendable, Hashable {
    /// In the order of their numbers (`id`), which `product(id:)` relies on: each add
    /// appends the next number, and a saved list is put in order when read.
    /// In chunks, so that the undo steps, each a copy of the list, share all but the last.
    public private(set) var products: ChunkedArray<Product> = []
    /// The list's unit type, set by the first product or `type`.
    public private(set) var dimension: Dimension?
    /// The chosen basis, or nil for the automatic one.
    public private(set) var chosenBasis: Basis?
    /// Set by the first price written with a symbol.
    public private(set) var currency: Currency?
    public var draft = Draft()
    /// Whether club (loyalty) prices count: `club on`, the default, or `club off`.
    public package(set) var club = true
    /// The number the next product gets.
    public private(set) var nextID = 1
    /// The quantity `need` asked for last, kept with the list (`lists` shows it) until
    /// `need none` or `clear`.
    public package(set) var need: EnteredQuantity?
    /// The units a word after a quantity was probably meant as when it is one edit from
    /// one: of mass, volume and count, and of the list's kind. A word near a length or an
    /// area (`hat`, `mi`) is more often a name, until the list compares one.
    package var misspellingDimensions: [Dimension] {
        let usual: [Dimension] = [.mass, .volume, .count]
        guard let dimension, !usual.contains(dimension) else { return usual }
        return usual + [dimension]
    }

    /// An amount with its unit for a message's example: `2 kg` to need, `100 g` as a basis.
    package static func example(for dimension: Dimension?, basis: Bool) -> String {
        switch dimension {
        case .mass?: return basis ? "100 g" : "2 kg"
        case .length?: return basis ? "1 ft" : "10 m"
        case .area?: return basis ? "1 sqft" : "20 m2"
        default: return basis ? "100 ml" : "2 L"
        }
    }

    /// The one count unit every product uses (`pods`), so the automatic basis can be per
    /// pod rather than per item; nil when they differ or the list is not a count.
    private var sharedCountUnit: Unit?

    public init() {}

    /// The highest product number a list keeps: far beyond any list's length (one `add`
    /// per number), and low enough that numbering never overflows.
    public static let maxNextID = 1 << 53

    /// A list as it was saved; nil when the parts do not fit together (a product of another
    /// dimension, a number used twice or not below `nextID`, a basis of another dimension).
    /// Each product must also pass `check(price:quantity:)`.
    public init?(products: [Product], dimension: Dimension?, chosenBasis: Basis?, currency: Currency?,
                 draft: Draft, nextID: Int) {
        guard (1...ShoppingList.maxNextID).contains(nextID),
              products.allSatisfy({ ($0.quantity.unit.dimension == dimension || Basis.countsUses($0.quantity.unit))
                  && $0.id >= 1 && $0.id < nextID }),
              Set(products.map(\.id)).count == products.count,
              chosenBasis.map({ $0.isDose || $0.unit.dimension == dimension || (dimension == nil && products.isEmpty) }) ?? true,
              dimension?.isShoppable ?? true else { return nil }
        self.products = ChunkedArray(products.sorted { $0.id < $1.id })
        self.dimension = dimension
        self.chosenBasis = chosenBasis
        self.currency = currency
        self.draft = draft
        self.nextID = nextID
        updateSharedCountUnit()
    }

    /// The basis unit prices are quoted per.
    public var basis: Basis? {
        if let chosenBasis { return chosenBasis }
        if let sharedCountUnit { return Basis(amount: Number(1), unit: sharedCountUnit) }
        return dimension.flatMap(ShoppableDimension.init).map(Basis.automatic(for:))
    }

    private mutating func updateSharedCountUnit() {
        let first = products.first?.quantity.unit
        sharedCountUnit = first?.dimension == .count && products.allSatisfy({ $0.quantity.unit == first }) ? first : nil
    }

    // MARK: Changes

    /// Adds a product after checking it against the list's rules; returns it. A price in
    /// another currency than the list's is converted at the user's rate and keeps how it
    /// was written.
    public mutating func add(name: String?, price: Number, currency: Currency?, quantity: EnteredQuantity,
                             rates: Rates = Rates()) throws(ShoppingError) -> Product {
        try ShoppingList.check(price: price, quantity: quantity)
        // A product sold in loads goes on any list, and a list of loads alone takes
        // products of any kind: they compare per wash.
        let usesOnly = !products.isEmpty && products.allSatisfy { Basis.countsUses($0.quantity.unit) }
        if let dimension, dimension != quantity.unit.dimension, !Basis.countsUses(quantity.unit), !usesOnly {
            throw .wrongDimension(list: dimension, quantity: quantity.text, is: quantity.unit.dimension)
        }
        var listPrice = price
        var written: WrittenPrice? = nil
        if let currency, let listCurrency = self.currency, currency.code != listCurrency.code {
            listPrice = try convert(price, from: currency, to: listCurrency, rates: rates)
            written = WrittenPrice(amount: price, currency: currency)
        }
        let trimmed = name?.trimmingBlanks ?? ""
        let product = Product(id: nextID, name: trimmed.isEmpty ? "#\(nextID)" : trimmed, price: listPrice,
                              quantity: quantity, written: written)
        products.append(product)
        nextID += 1
        if products.count == 1 {
            sharedCountUnit = quantity.unit.dimension == .count ? quantity.unit : nil
        } else if sharedCountUnit != quantity.unit {
            sharedCountUnit = nil
        }
        if dimension == nil || (usesOnly && !Basis.countsUses(quantity.unit)) { dimension = quantity.unit.dimension }
        // A basis kept through `clear` gives way to the first product of another kind.
        if let basis = chosenBasis, !basis.isDose, basis.unit.dimension != dimension { chosenBasis = nil }
        if self.currency == nil { self.currency = currency }
        return product
    }

    /// An amount of one currency in another, at the user's rate; without one, the refusal
    /// says how to set it.
    package func convert(_ amount: Number, from: Currency, to: Currency, rates: Rates) throws(ShoppingError) -> Number {
        do {
            return try QuantityMath.converted(amount, from: CompoundUnit(from.unit), to: CompoundUnit(to.unit), rates: rates)
        } catch {
            throw .currencyMismatch(list: to.symbol, price: from.symbol)
        }
    }

    /// The rules every product follows, whatever list it is on: a price of at least 0, a
    /// quantity of more than 0 (a whole number of items for a count), 1 or more packs, a
    /// unit of mass, volume, count, length or area.
    public static func check(price: Number, quantity: EnteredQuantity) throws(ShoppingError) {
        if price.isNegative { throw .negativePrice }
        if quantity.amount.isZero || quantity.amount.isNegative { throw .quantityNotPositive }
        if let packs = quantity.packs, packs < 1 { throw .packsNotWhole }
        if quantity.unit.dimension == .count {
            guard case .exact(let r) = quantity.amount, r.isInteger else { throw .countNotWhole }
        }
        if !quantity.unit.dimension.isShoppable { throw .notShoppable(quantity.unit) }
    }

    /// Sets the draft after checking what `add` would check of it so far, so a value it
    /// would refuse (a price in another currency, a zero or negative quantity, a fractional
    /// count, a unit of another kind) is refused when it is set, not at `add`.
    public mutating func setDraft(_ new: Draft, rates: Rates = Rates()) throws(ShoppingError) {
        if let price = new.price, price.isNegative { throw .negativePrice }
        if let price = new.price, let currency = new.currency, let listCurrency = self.currency, currency.code != listCurrency.code {
            _ = try convert(price, from: currency, to: listCurrency, rates: rates)
        }
        if let amount = new.amount, amount.isZero || amount.isNegative { throw .quantityNotPositive }
        if let unit = new.unit {
            if !unit.dimension.isShoppable { throw .notShoppable(unit) }
            if let dimension, dimension != unit.dimension, !products.isEmpty {
                throw .wrongDimension(list: dimension, quantity: new.quantity?.text ?? unit.symbol, is: unit.dimension)
            }
            if let quantity = new.quantity { try ShoppingList.check(price: new.price ?? Number(0), quantity: quantity) }
        }
        draft = new
    }

    /// Where product `id` is in `products`, found by bisection: a long list with deals
    /// looks a product up at every `add … deal` and every deal read from a file.
    private func index(ofProduct id: Int) -> Int? {
        var low = 0, high = products.count
        while low < high {
            let middle = (low + high) / 2
            if products[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < products.count && products[low].id == id ? low : nil
    }

    /// Product number `id`, if the list has it.
    public func product(id: Int) -> Product? {
        index(ofProduct: id).map { products[$0] }
    }

    /// Puts a deal on product `id` (nil removes it), after checking that it lowers the
    /// product's price.
    public mutating func setDeal(_ deal: Deal?, onProduct id: Int) throws(ShoppingError) {
        guard let index = index(ofProduct: id) else {
            throw .noSuchProduct(id: id, existing: products.map(\.id))
        }
        let checked: Deal?
        do {
            checked = try deal.map { deal throws(DealError) in try Deal.checked(deal, price: products[index].price) }
        } catch {
            throw .deal(error)
        }
        products[index] = products[index].with(deal: checked)
    }

    /// The list without its products: what an add may have to go back to, kept without
    /// sharing the products, which the add would then copy to append one.
    package var withoutProducts: ShoppingList {
        var list = self
        list.products = []
        return list
    }

    /// Takes back the product just added, restoring the rest from `before`
    /// (`withoutProducts` before the add).
    package mutating func takeBackLastAdd(restoring before: ShoppingList) {
        var products = self.products
        self.products = []
        products.removeLast()
        self = before
        self.products = products
    }

    /// Removes the product with number `id`.
    public mutating func remove(id: Int) throws(ShoppingError) -> Product {
        guard let index = index(ofProduct: id) else {
            throw .noSuchProduct(id: id, existing: products.map(\.id))
        }
        let product = products.remove(at: index)
        updateSharedCountUnit()
        if products.isEmpty { forgetKind() }
        return product
    }

    /// Whether the list holds nothing worth keeping: no product, draft or need, and no
    /// setting changed (what a list left empty is not kept for).
    public var isBlank: Bool {
        products.isEmpty && draft.isEmpty && need == nil && chosenBasis == nil && dimension == nil && club
    }

    /// An empty list takes its type and currency from the next product.
    private mutating func forgetKind() {
        currency = nil
        dimension = nil
    }

    /// Empties the list and the draft; the next product sets the type and currency again.
    /// The basis stays until a product of another kind comes.
    public mutating func clear() {
        products = []
        draft = Draft()
        nextID = 1
        need = nil
        sharedCountUnit = nil
        forgetKind()
    }

    /// Switches the unit type; refused when products of another type would be lost.
    public mutating func setType(_ newDimension: Dimension) throws(ShoppingError) {
        if let dimension, dimension != newDimension, !products.isEmpty {
            throw .typeSwitchWouldDrop(count: products.count, current: dimension, requested: newDimension)
        }
        if let basis = chosenBasis, basis.unit.dimension != newDimension { chosenBasis = nil }
        dimension = newDimension
    }

    /// Sets the basis (nil: automatic). A basis of another dimension than the list's
    /// type is refused; on a list without a type it waits for the first product, which
    /// drops it if it is of another kind.
    public mutating func setBasis(_ basis: Basis?) throws(ShoppingError) {
        if let basis {
            if !basis.unit.dimension.isShoppable { throw .notShoppable(basis.unit) }
            if basis.amount.isZero || basis.amount.isNegative { throw .quantityNotPositive }
            if let dimension, dimension != basis.unit.dimension, !basis.isDose {
                throw .wrongDimension(list: dimension, quantity: "a basis of \(basis.text)", is: basis.unit.dimension)
            }
        }
        chosenBasis = basis
    }
}
