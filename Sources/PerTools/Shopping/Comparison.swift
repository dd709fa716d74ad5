import PerNumbers
import PerUnits
import PerLanguage

/// The list ranked by unit price (`help shopping`).
public struct Comparison: Sendable, Equatable {
    public let basis: Basis
    public let currency: Currency?
    /// Whether club prices counted (`club on`).
    public let club: Bool
    /// Cheapest first, by the unit price paid with each product's deal; ties share a rank
    /// (1, 1, 3).
    public let rows: [Row]
    /// The list's products as the list keeps them (its chunks, shared, not copied), which
    /// the rows index.
    private let products: ChunkedArray<Product>
    /// `compare --seen`: the lowest unit price the price book has of each product's name,
    /// on the list's basis, by product number (none for a name it has no price of, or in
    /// another currency); nil when not asked for.
    public package(set) var lowestSeen: [Int: Number]? = nil

    /// A ranked product: the index of its product in the comparison's `products`, so
    /// ranking a long list copies no products and a row holds no reference (a sort moves
    /// rows without counting references). Rank and index take 32 bits each and fill the
    /// unit price's padding: a row is 40 bytes, and a compare of 100,000 products holds
    /// them all at once.
    public struct Row: Sendable, Equatable {
        /// Price per basis, paid when buying the deal's packs (the shelf price without one).
        public let unitPrice: Number
        fileprivate var storedRank: Int32
        fileprivate let storedIndex: Int32
        /// The unit price as a `Double`, which orders most pairs of rows in one comparison.
        fileprivate let approximateUnitPrice: Double

        public var rank: Int { Int(storedRank) }
        /// Where its product is in the list: the order it was added in.
        package var index: Int { Int(storedIndex) }
        public var isBest: Bool { rank == 1 }

        package init(rank: Int, index: Int, unitPrice: Number) {
            self.storedRank = Int32(rank)
            self.storedIndex = Int32(index)
            self.unitPrice = unitPrice
            self.approximateUnitPrice = unitPrice.doubleValue
        }
    }

    /// The product a row ranks.
    public func product(_ row: Row) -> Product { products[row.index] }

    /// Unit price per basis: price ÷ the bases a pack holds (price × basis ÷ quantity, in
    /// base units; with a dose basis, price ÷ doses a pack holds: the cost per wash).
    package static func unitPrice(of product: Product, basis: Basis) throws(ArithmeticError) -> Number {
        if basis.isDose || Basis.countsUses(product.quantity.unit) { return try product.price / perPack(product, basis) }
        // Exact parts, as they nearly always are: the same fraction in one go, without the
        // size check of each step (parts this small keep every step far inside the exact range).
        let quantity = product.quantity
        if case .exact(let price) = product.price, case .exact(let amount) = quantity.amount, !amount.isZero,
           case .exact(let basisAmount) = basis.amount,
           price.bitWidth + amount.bitWidth + basisAmount.bitWidth < 1024 {
            let perBasis = basisAmount * basis.unit.factor, pack = amount * Rational(quantity.packs ?? 1) * quantity.unit.factor
            return .exact(price * perBasis / pack)
        }
        return try product.price.multiplied(by: basis.inBaseUnits(), in: .standard).divided(by: product.quantity.inBaseUnits(), in: .standard)
    }

    /// The bases one pack holds. Precondition: the basis counts the product (`check`).
    private static func perPack(_ product: Product, _ basis: Basis) throws(ArithmeticError) -> Number {
        guard let count = try basis.count(in: product.quantity) else { throw .undefined }
        return count
    }

    /// Refuses a list whose products the basis cannot all count: products in loads beside
    /// others without a dose basis, or a product a dose cannot count.
    package static func check(_ products: some Sequence<Product>, basis: Basis) throws(ShoppingError) {
        for product in products {
            let counted = (try? basis.count(in: product.quantity)) ?? nil
            if counted != nil { continue }
            if !basis.isDose { throw .usesNeedDose }
            throw .notInDoses(product: "#\(product.id) \(product.name)", unit: product.quantity.unit.symbol, dose: basis.text)
        }
    }

    /// The unit price paid with the product's deal, buying the packs it needs: the cost
    /// of those packs ÷ (packs × quantity) × basis. The shelf unit price without a deal
    /// (or with a club price while `club off`).
    package static func effectiveUnitPrice(of product: Product, basis: Basis, club: Bool) throws(ArithmeticError) -> Number {
        guard let deal = product.deal, deal.applies(club: club) else { return try unitPrice(of: product, basis: basis) }
        let packs = Number(deal.packs)
        let cost = try deal.cost(packs: packs, price: product.price, club: club)
        return try cost / (packs * perPack(product, basis))
    }

    /// A row's unit price at the shelf price, without its deal.
    public func shelfUnitPrice(_ row: Row) -> Number? {
        try? Comparison.unitPrice(of: product(row), basis: basis)
    }

    /// Whether any product carries a deal, so tables show the deal and shelf columns.
    public var hasDeals: Bool { products.contains { $0.deal != nil } }

    /// The deal a row's unit price relies on (nil without one, or for a club price while
    /// `club off`).
    public func dealUsed(_ row: Row) -> Deal? {
        product(row).deal.flatMap { $0.applies(club: club) ? $0 : nil }
    }

    /// `3 for 2, buy 3`, `club 1.50 (off)`, or "" without a deal: the deal as a table shows it.
    public func dealText(_ row: Row) -> String {
        guard let deal = product(row).deal else { return "" }
        let text = deal.text(currency: currency)
        if !deal.applies(club: club) { return text + " (off)" }
        return deal.packs > 1 ? "\(text), buy \(deal.packs)" : text
    }

    /// The list's comparison; `interruption` stops it between products (Ctrl-C in the shell).
    public init(_ list: ShoppingList, interruption: Interruption = .never) throws(ShoppingError) {
        guard let basis = list.basis, !list.products.isEmpty else { throw .emptyList }
        // The list's own storage, which every row refers to by index: no copy of it.
        let products = list.products
        if basis.isDose || products.contains(where: { Basis.countsUses($0.quantity.unit) }) {
            try Comparison.check(products, basis: basis)
        }
        // A list holds far fewer than 2^31 products (each takes over 100 bytes).
        precondition(products.count < Int(Int32.max))
        var rows: [Row] = []
        rows.reserveCapacity(products.count)
        do {
            for (index, product) in products.enumerated() {
                if index % 1024 == 0 { try interruption.check() }
                rows.append(Row(rank: 0, index: index,
                                unitPrice: try Comparison.effectiveUnitPrice(of: product, basis: basis, club: list.club)))
            }
        } catch {
            throw .arithmetic(error)
        }
        // Equal unit prices keep the order they were added in.
        Comparison.rank(&rows)
        for position in rows.indices {
            let tied = position > 0 && Comparison.order(rows[position].unitPrice, rows[position - 1].unitPrice) == 0
            rows[position].storedRank = tied ? rows[position - 1].storedRank : Int32(position + 1)
        }
        self.basis = basis
        self.currency = list.currency
        self.club = list.club
        self.rows = rows
        self.products = products
    }

    /// Sorts rows by unit price, then by the order they were added: a total order, so the
    /// result is the one a stable sort gives. In place, with nothing beside the rows (a
    /// merge sort's buffer, half the list, would set the peak of memory for a long list):
    /// introsort (Musser, "Introspective Sorting and Selection Algorithms", 1997), quicksort
    /// on a median of three that turns to heapsort past 2·log₂ n levels, so no input takes
    /// more than n log n steps, and insertion sort for short ranges.
    /// `depth` is the quicksort levels allowed before heapsort (tests set 0 to run it).
    package static func rank(_ rows: inout [Row], depth: Int? = nil) {
        introsort(&rows, rows.startIndex, rows.endIndex, depth: depth ?? 2 * (Int.bitWidth - rows.count.leadingZeroBitCount))
    }

    private static func precedes(_ rows: [Row], _ i: Int, _ j: Int) -> Bool {
        // A `Double` is within a relative 2^-52 of the value it stands for (`doubleValue`),
        // so prices whose doubles differ by more than a relative 2^-40, in the normal range,
        // are in the doubles' order; closer ones, and any outside that range, are compared
        // exactly.
        let x = rows[i].approximateUnitPrice, y = rows[j].approximateUnitPrice
        let normal = 0x1p-1000...0x1p1000
        if normal.contains(x) && normal.contains(y) {
            if x < y * (1 - 0x1p-40) { return true }
            if y < x * (1 - 0x1p-40) { return false }
        }
        let order = Comparison.order(rows[i].unitPrice, rows[j].unitPrice)
        return order < 0 || (order == 0 && rows[i].storedIndex < rows[j].storedIndex)
    }

    /// Sorts rows[low..<high].
    private static func introsort(_ rows: inout [Row], _ low: Int, _ high: Int, depth: Int) {
        var low = low, high = high, depth = depth
        while high - low > 16 {
            if depth == 0 {
                heapsort(&rows, low, high)
                return
            }
            depth -= 1
            // The median of the first, middle and last rows goes last, as the pivot.
            let middle = low + (high - low) / 2, last = high - 1
            if precedes(rows, middle, low) { rows.swapAt(middle, low) }
            if precedes(rows, last, middle) { rows.swapAt(last, middle) }
            if precedes(rows, middle, low) { rows.swapAt(middle, low) }
            rows.swapAt(middle, last)
            // Lomuto's partition: rows before `store` precede the pivot.
            var store = low
            for index in low..<last where precedes(rows, index, last) {
                rows.swapAt(index, store)
                store += 1
            }
            rows.swapAt(store, last)
            // The shorter side first, the longer one by the loop: at most log₂ n frames.
            if store - low < high - store {
                introsort(&rows, low, store, depth: depth)
                low = store + 1
            } else {
                introsort(&rows, store + 1, high, depth: depth)
                high = store
            }
        }
        for index in (low + 1)..<max(low + 1, high) {
            var position = index
            while position > low, precedes(rows, position, position - 1) {
                rows.swapAt(position, position - 1)
                position -= 1
            }
        }
    }

    private static func heapsort(_ rows: inout [Row], _ low: Int, _ high: Int) {
        let count = high - low
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end, precedes(rows, low + child, low + child + 1) { child += 1 }
                guard precedes(rows, low + root, low + child) else { return }
                rows.swapAt(low + root, low + child)
                root = child
            }
        }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            rows.swapAt(low, low + end)
            siftDown(0, end)
        }
    }

    /// −1, 0 or 1 as unit price a is below, equal to or above b.
    package static func order(_ a: Number, _ b: Number) -> Int {
        a < b ? -1 : a == b ? 0 : 1
    }

    /// How much dearer a row is than the best, as a percentage of the best's unit price;
    /// nil when the best is free and this row is not.
    public func percentOverBest(_ row: Row) -> Number? {
        let best = rows[0].unitPrice
        if best.isZero { return row.unitPrice.isZero ? Number(0) : nil }
        // Machine-sized prices: 100·(u − b)/b as one fraction, (un·bd − bn·ud)·100 / (ud·bn).
        if case .exact(let u) = row.unitPrice, case .exact(let b) = best,
           let (un, ud) = u.machineParts, let (bn, bd) = b.machineParts {
            let top = (Int128(un) * Int128(bd) - Int128(bn) * Int128(ud)).multipliedReportingOverflow(by: 100)
            let bottom = Int128(ud) * Int128(bn)
            if !top.overflow, let n = Int64(exactly: top.partialValue), let d = Int64(exactly: bottom) {
                // d > 0: both unit prices are positive here. Reduced by a machine gcd.
                let g = Int64(BigInt.binaryGCD(n.magnitude, UInt64(d)))
                return .exact(Rational(reduced: n / g, d / g))
            }
        }
        if let percent = try? (row.unitPrice - best) / best * 100 { return percent }
        // Past the range per computes: the same ratio from the values as they are shown.
        let percent = (row.unitPrice.nearestRational - best.nearestRational) / best.nearestRational * Rational(100)
        return .exact(percent)
    }

    /// `+49.7% vs best`, `best`, or `more than free` when the best costs nothing.
    public func vsBestText(_ row: Row) -> String {
        if row.isBest { return "best" }
        if let text = Comparison.machineVsBest(row.unitPrice, rows[0].unitPrice) { return text }
        guard let percent = percentOverBest(row) else { return "more than free" }
        return "+\(Comparison.percentText(percent))% vs best"
    }

    /// `vsBestText` for machine-sized unit prices u > b > 0, as it is for nearly every row
    /// of a long list: the tenths of 100·(u − b)/b, rounded half away from zero, in 128
    /// bits, written straight. Nil when the general rule must decide: a percentage shown
    /// as 0.0 or 100.0 (it may need more decimals) or of 1e14 and more.
    package static func machineVsBest(_ u: Number, _ b: Number) -> String? {
        guard case .exact(let x) = u, case .exact(let y) = b,
              let (un, ud) = x.machineParts, let (bn, bd) = y.machineParts, bn > 0 else { return nil }
        let top = Int128(un) * Int128(bd) - Int128(bn) * Int128(ud)
        let (scaled, overflow) = top.multipliedReportingOverflow(by: 1000)
        guard top > 0, !overflow else { return nil }
        let bottom = Int128(ud) * Int128(bn)
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: bottom)
        let tenths = remainder >= bottom - remainder ? quotient + 1 : quotient
        guard tenths != 0, tenths != 1000, tenths < 1_000_000_000_000_000 else { return nil }
        return NumberDisplay.fixedText(UInt64(tenths), decimals: 1, negative: false,
                                       prefix: vsBestPrefix, suffix: vsBestSuffix)
    }

    private static let vsBestPrefix = Array("+".utf8), vsBestSuffix = Array("% vs best".utf8)

    /// A percentage to one decimal, `49.7`; more decimals where one would round a value
    /// onto a misleading whole figure (99.999 % is not `100.0`, 0.0004 % not `0.0`), and
    /// e notation for percentages too large to write out (a best price of 1e-400); a bound
    /// when even six decimals would round onto it (`>99.999999`, `<0.000001`).
    public static func percentText(_ percent: Number) -> String {
        let approximately = percent.doubleValue
        if abs(approximately) >= 1e15 || !approximately.isFinite {
            // Three significant digits in e notation, exact or not, as every such row shows.
            let (digits, exponent) = NumberDisplay.roundSignificant(percent.nearestRational.magnitude, 3)
            let three = digits + String(repeating: "0", count: max(0, 3 - digits.count))
            return NumberDisplay.layout(three, exponent: exponent, negative: percent.isNegative, positionalLimit: 3)
        }
        let r = percent.nearestRational
        let mostDecimals = 6
        for decimals in 1...mostDecimals {
            let shown = NumberDisplay.fixed(r, decimals: decimals)!
            // Only a zero or a whole 100 can mislead, and only when it was rounded onto.
            let suspect = shown.value.isZero || shown.value.magnitude == BigInt.powerOfTen(decimals + 2)
            if !suspect || r * Rational(BigInt.powerOfTen(decimals)) == Rational(shown.value) { return shown.text }
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
            let saving = try? runnerUp.unitPrice.subtracting(top.unitPrice, in: .standard)
            self.saving = saving
            savingPercent = runnerUp.unitPrice.isZero ? nil
                : saving.flatMap { try? $0.divided(by: runnerUp.unitPrice, in: .standard).multiplied(by: Number(100), in: .standard) }
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
    public let club: Bool
    public let rows: [Row]

    /// Whether any product carries a deal, so the table shows a deal column.
    public var hasDeals: Bool { rows.contains { $0.product.deal != nil } }

    /// The cheapest way to buy at least `minimum` packs: with a deal of n packs, one of
    /// minimum … minimum + n − 1 packs (more never costs less, as each further group
    /// costs at least as much as the one before); on a tie, the most packs, which come
    /// free. Without a deal, `minimum` at the shelf price.
    package static func cheapest(_ product: Product, atLeast minimum: Number, club: Bool,
                         interruption: Interruption) throws(ArithmeticError) -> (packs: Number, cost: Number) {
        try interruption.check()
        guard let deal = product.deal, deal.applies(club: club) else { return (minimum, try minimum * product.price) }
        var best = (packs: minimum, cost: try deal.cost(packs: minimum, price: product.price, club: club))
        for extra in 1..<deal.packs {
            let packs = try minimum + Number(extra)
            let cost = try deal.cost(packs: packs, price: product.price, club: club)
            if !(best.cost < cost) { best = (packs, cost) }
        }
        return best
    }

    public struct Row: Sendable, Equatable {
        public let product: Product
        /// Whole packs: ⌈target ÷ pack⌉, or up to a whole deal more where the deal makes
        /// that no dearer (3 for 2: 3 packs cost what 2 do).
        public let packs: Number
        /// What the packs cost, with the deal in whole multiples.
        public let cost: Number
        /// Whether the product's deal set the cost (a club price does not while `club off`).
        public let usesDeal: Bool
        /// packs × pack − target, in the target's unit.
        public let leftover: Number
    }

    /// The plan for `target`; `interruption` stops it between products (Ctrl-C in the shell).
    public init(_ list: ShoppingList, target: EnteredQuantity, interruption: Interruption = .never) throws(ShoppingError) {
        guard !list.products.isEmpty, let dimension = list.dimension else { throw .emptyList }
        if target.amount.isZero || target.amount.isNegative { throw .quantityNotPositive }
        if target.unit.dimension == .count, case .exact(let r) = target.amount, !r.isInteger { throw .countNotWhole }
        if case .approximate = target.amount, target.unit.dimension == .count { throw .countNotWhole }
        // `need 30 loads` with a dose basis: every product counted in washes.
        let dose = list.basis.flatMap { $0.isDose && Basis.countsUses(target.unit) ? $0 : nil }
        if dose == nil, target.unit.dimension != dimension {
            throw .needOfOtherKind(list: dimension, quantity: target.text, is: target.unit.dimension)
        }
        var rows: [Row] = []
        do {
            let wanted = try target.inBaseUnits()
            for product in list.products {
                let pack: Number
                if let dose {
                    guard let uses = try dose.count(in: product.quantity) else {
                        throw ShoppingError.notInDoses(product: "#\(product.id) \(product.name)", unit: product.quantity.unit.symbol, dose: dose.text)
                    }
                    pack = uses
                } else {
                    guard product.quantity.unit.dimension == target.unit.dimension else { throw ShoppingError.usesNeedDose }
                    pack = try product.quantity.inBaseUnits()
                }
                let (packs, cost) = try NeedPlan.cheapest(product, atLeast: try wanted.divided(by: pack, in: .standard).rounded(.up),
                                                          club: list.club, interruption: interruption)
                let leftover = try packs.multiplied(by: pack, in: .standard).subtracting(wanted, in: .standard)
                    .divided(by: .exact(target.unit.factor), in: .standard)
                rows.append(Row(product: product, packs: packs, cost: cost,
                                usesDeal: product.deal?.applies(club: list.club) ?? false, leftover: leftover))
            }
        } catch let error as ShoppingError {
            throw error
        } catch let error as ArithmeticError {
            throw .arithmetic(error)
        } catch {
            throw .arithmetic(.undefined)
        }
        self.target = target
        self.currency = list.currency
        self.club = list.club
        self.rows = rows.enumerated().sorted { a, b in
            if a.element.cost != b.element.cost { return a.element.cost < b.element.cost }
            if a.element.leftover != b.element.leftover { return a.element.leftover < b.element.leftover }
            return a.offset < b.offset
        }.map(\.element)
    }
}
