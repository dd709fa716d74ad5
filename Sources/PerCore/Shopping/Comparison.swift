/// The list ranked by unit price (README, "The shopping list").
public struct Comparison: Sendable, Equatable {
    public let basis: Basis
    public let currency: Currency?
    /// Cheapest first; ties share a rank (1, 1, 3).
    public let rows: [Row]

    /// A ranked product. Rows share the list's product storage and keep an index into it,
    /// so ranking a long list copies no products; rank and index take 32 bits each, so a
    /// row of a 100,000-product list is 48 bytes, not 56.
    public struct Row: Sendable, Equatable {
        fileprivate var storedRank: Int32
        fileprivate let storedIndex: Int32
        private let products: [Product]
        /// Price per basis.
        public let unitPrice: Number

        public var rank: Int { Int(storedRank) }
        public var product: Product { products[Int(storedIndex)] }
        public var isBest: Bool { rank == 1 }

        init(rank: Int, products: [Product], index: Int, unitPrice: Number) {
            self.storedRank = Int32(rank)
            self.storedIndex = Int32(index)
            self.products = products
            self.unitPrice = unitPrice
        }

        public static func == (a: Row, b: Row) -> Bool {
            a.rank == b.rank && a.unitPrice == b.unitPrice && a.product == b.product
        }
    }

    /// Unit price per basis: price × basis ÷ quantity, all in base units.
    static func unitPrice(of product: Product, basis: Basis) throws(ArithmeticError) -> Number {
        try product.price.multiplied(by: basis.inBaseUnits()).divided(by: product.quantity.inBaseUnits())
    }

    public init(_ list: ShoppingList) throws(ShoppingError) {
        guard let basis = list.basis, !list.products.isEmpty else { throw .emptyList }
        let products = list.products
        // A list holds far fewer than 2^31 products (each takes over 100 bytes).
        precondition(products.count < Int(Int32.max))
        var rows: [Row] = []
        rows.reserveCapacity(products.count)
        do {
            for (index, product) in products.enumerated() {
                rows.append(Row(rank: 0, products: products, index: index,
                                unitPrice: try Comparison.unitPrice(of: product, basis: basis)))
            }
        } catch {
            throw .arithmetic(error)
        }
        // Rows are sorted in place, with no array of prices or indices beside them: this is
        // the peak of memory for a long list. Stable: equal unit prices keep the order they
        // were added in.
        rows.sort { a, b in a.unitPrice < b.unitPrice || (a.unitPrice == b.unitPrice && a.storedIndex < b.storedIndex) }
        for position in rows.indices {
            let tied = position > 0 && rows[position].unitPrice == rows[position - 1].unitPrice
            rows[position].storedRank = tied ? rows[position - 1].storedRank : Int32(position + 1)
        }
        self.basis = basis
        self.currency = list.currency
        self.rows = rows
    }

    /// How much dearer a row is than the best, as a percentage of the best's unit price;
    /// nil when the best is free and this row is not.
    public func percentOverBest(_ row: Row) -> Number? {
        let best = rows[0].unitPrice
        if best.isZero { return row.unitPrice.isZero ? Number(0) : nil }
        if let percent = try? (row.unitPrice - best) / best * 100 { return percent }
        // Past the range per computes: the same ratio from the values as they are shown.
        let percent = (row.unitPrice.nearestRational - best.nearestRational) / best.nearestRational * Rational(100)
        return .exact(percent)
    }

    /// `+49.7% vs best`, `best`, or `more than free` when the best costs nothing.
    public func vsBestText(_ row: Row) -> String {
        if row.isBest { return "best" }
        guard let percent = percentOverBest(row) else { return "more than free" }
        return "+\(Comparison.percentText(percent))% vs best"
    }

    /// A percentage to one decimal, `49.7`; more decimals where one would round a value
    /// onto a misleading whole figure (99.999 % is not `100.0`, 0.0004 % not `0.0`), and
    /// e notation for percentages too large to write out (a best price of 1e-400); a bound
    /// when even six decimals would round onto it (`>99.999999`, `<0.000001`).
    public static func percentText(_ percent: Number) -> String {
        if abs(percent.doubleValue) >= 1e15 || !percent.doubleValue.isFinite {
            return NumberDisplay.display(percent, digits: 3).text
        }
        let r = percent.nearestRational
        let mostDecimals = 6
        for decimals in 1...mostDecimals {
            let shown = NumberDisplay.fixed(r, decimals: decimals)!
            let isRounded = r * Rational(BigInt.powerOfTen(decimals)) != Rational(shown.value)
            let misleading = isRounded && (shown.value.isZero || shown.value.magnitude == BigInt.powerOfTen(decimals + 2))
            if !misleading { return shown.text }
        }
        let step = "0." + String(repeating: "0", count: mostDecimals - 1) + "1"
        if r.magnitude < Rational(1) { return (r.isNegative ? ">-" : "<") + step }
        let below = "99." + String(repeating: "9", count: mostDecimals)
        return r.isNegative ? "<-" + below : ">" + below
    }
}

/// `best`: the cheapest product(s) per basis and how much they save over the runner-up.
public struct BestSummary: Sendable, Equatable {
    public let comparison: Comparison
    /// Every product that shares the best unit price.
    public let best: [Comparison.Row]
    /// The cheapest product that is not among the best, if any.
    public let runnerUp: Comparison.Row?
    /// Runner-up's unit price minus the best's, per basis.
    public let saving: Number?
    /// `saving` as a percentage of the runner-up's unit price.
    public let savingPercent: Number?

    public init(_ comparison: Comparison) {
        self.comparison = comparison
        best = comparison.rows.filter(\.isBest)
        runnerUp = comparison.rows.first { !$0.isBest }
        if let runnerUp, let top = best.first {
            let saving = try? runnerUp.unitPrice.subtracting(top.unitPrice)
            self.saving = saving
            savingPercent = runnerUp.unitPrice.isZero ? nil
                : saving.flatMap { try? $0.divided(by: runnerUp.unitPrice).multiplied(by: Number(100)) }
        } else {
            saving = nil
            savingPercent = nil
        }
    }
}

/// `need QTY UNIT`: for each product, the packs that reach at least QTY, their cost and
/// what is left over. Cheapest plan first.
public struct NeedPlan: Sendable, Equatable {
    public let target: EnteredQuantity
    public let currency: Currency?
    public let rows: [Row]

    public struct Row: Sendable, Equatable {
        public let product: Product
        /// Whole packs: ⌈target ÷ pack⌉.
        public let packs: Number
        /// packs × price.
        public let cost: Number
        /// packs × pack − target, in the target's unit.
        public let leftover: Number
    }

    public init(_ list: ShoppingList, target: EnteredQuantity) throws(ShoppingError) {
        guard !list.products.isEmpty, let dimension = list.dimension else { throw .emptyList }
        if target.amount.isZero || target.amount.isNegative { throw .quantityNotPositive }
        if target.unit.dimension == .count, case .exact(let r) = target.amount, !r.isInteger { throw .countNotWhole }
        if case .approximate = target.amount, target.unit.dimension == .count { throw .countNotWhole }
        if target.unit.dimension != dimension {
            throw .needOfOtherKind(list: dimension, quantity: target.text, is: target.unit.dimension)
        }
        var rows: [Row] = []
        do {
            let wanted = try target.inBaseUnits()
            for product in list.products {
                let pack = try product.quantity.inBaseUnits()
                let packs = try wanted.divided(by: pack).rounded(.up)
                let cost = try packs.multiplied(by: product.price)
                let leftover = try packs.multiplied(by: pack).subtracting(wanted).divided(by: .exact(target.unit.factor))
                rows.append(Row(product: product, packs: packs, cost: cost, leftover: leftover))
            }
        } catch {
            throw .arithmetic(error)
        }
        self.target = target
        self.currency = list.currency
        self.rows = rows.enumerated().sorted { a, b in
            if a.element.cost != b.element.cost { return a.element.cost < b.element.cost }
            if a.element.leftover != b.element.leftover { return a.element.leftover < b.element.leftover }
            return a.offset < b.offset
        }.map(\.element)
    }
}
