import PerNumbers
import PerUnits
import PerLanguage

/// The store plan (`help plan`): for each list with a need, which of its products to buy
/// at which store, from the last price the price book has of each product at each store.
///
/// Each list's need is met with whole packs of one of its products at one store (the
/// list's products replace each other, as `need` shows them). A list's choice does not
/// change what any other list's costs, so the cheapest trip split across stores is each
/// list's cheapest choice, and the cheapest trip at one store is, for that store, each
/// list's cheapest choice there: both exact, and `StorePlanTests` checks them against
/// every assignment of a product and a store to each list.
public struct StorePlan: Sendable, Equatable {
    /// One list's need, and the prices its products were last seen at, store by store.
    public struct Need: Sendable, Equatable {
        public let list: String
        public let need: EnteredQuantity
        /// The need in its dimension's base unit (g, L, item, m, m²).
        public let wanted: Rational
        /// The list's products' names, in the list's order, once each (in any case).
        public let products: [String]
        /// The last price of each product at each store, in any order.
        public let offers: [Offer]

        public init(list: String, need: EnteredQuantity, wanted: Rational, products: [String], offers: [Offer]) {
            self.list = list
            self.need = need
            self.wanted = wanted
            self.products = products
            self.offers = offers
        }
    }

    /// The last price seen of a product at a store: `observation`, its whole amount in
    /// base units `amount`.
    public struct Offer: Sendable, Equatable {
        public let observation: Observation
        public let amount: Rational

        /// Nil when the observation is not of `dimension` (a product seen in grams on a list of volumes).
        public init?(_ observation: Observation, dimension: Dimension) {
            guard observation.unit.dimension == dimension, !observation.amount.isZero else { return nil }
            self.observation = observation
            amount = observation.amount * observation.unit.factor
        }

        public var store: String { observation.store }
        public var product: String { observation.name }
    }

    /// What one list buys: packs of one product at one store.
    public struct Pick: Sendable, Equatable {
        public let list: String
        public let offer: Offer
        /// The store as the plan names it: as the book first wrote it.
        public let store: String
        /// Whole packs as the book saw them: ⌈need ÷ amount⌉.
        public let packs: BigInt
        /// packs × the price seen.
        public let cost: Rational
        /// packs × amount − need, in the need's unit.
        public let leftover: Rational
        public let need: EnteredQuantity
    }

    /// A trip to one store: each list's cheapest pick there, or the lists it cannot meet
    /// with the products it has not seen them at.
    public struct StoreTrip: Sendable, Equatable {
        public let store: String
        public let picks: [Pick]
        /// The lists not met there, each with its products not seen at the store.
        public let missing: [(list: String, products: [String])]
        /// The picks' cost, or nil when a list is not met.
        public var total: Rational? { missing.isEmpty ? picks.reduce(Rational.zero) { $0 + $1.cost } : nil }

        public static func == (a: StoreTrip, b: StoreTrip) -> Bool {
            a.store == b.store && a.picks == b.picks && a.missing.map(\.list) == b.missing.map(\.list)
                && a.missing.map(\.products) == b.missing.map(\.products)
        }
    }

    /// Every store, those that meet every list first by total (then by name), then the rest by name.
    public let stores: [StoreTrip]
    /// Each list's cheapest pick at any store, in the lists' order; nil when a list has no
    /// price at any of the stores.
    public let split: [Pick]?
    /// The lists none of whose products were seen at any store planned with.
    public let unmet: [String]
    public let currency: CurrencyCode?

    /// The split's cost.
    public var splitTotal: Rational? { split.map { $0.reduce(Rational.zero) { $0 + $1.cost } } }

    /// The cheapest store that meets every list, if one does.
    public var bestStore: StoreTrip? { stores.first { $0.total != nil } }

    /// The plan of `needs` over `stores` (every store an offer names, when nil), named as
    /// the book writes them, matched in any case. `interruption` is checked at each list.
    public init(_ needs: [Need], stores chosen: [String]? = nil, currency: CurrencyCode?,
                interruption: Interruption = .never) throws(ArithmeticError) {
        self.currency = currency
        // Each store as the book first writes it, a chosen one too.
        var spelling: [String: String] = [:]
        for need in needs {
            for offer in need.offers where spelling[Observation.key(offer.store)] == nil { spelling[Observation.key(offer.store)] = offer.store }
        }
        var names: [String] = []
        var seen = Set<String>()
        for name in chosen ?? needs.flatMap({ $0.offers.map(\.store) }) where seen.insert(Observation.key(name)).inserted {
            names.append(spelling[Observation.key(name)] ?? name)
        }
        let keys = seen
        // Each list's cheapest pick at each store, by the store's key.
        var cheapest: [[String: Pick]] = []
        for need in needs {
            try interruption.check()
            var best: [String: Pick] = [:]
            for offer in need.offers where keys.contains(Observation.key(offer.store)) {
                let key = Observation.key(offer.store)
                let pick = StorePlan.pick(offer, for: need, store: spelling[key] ?? offer.store)
                if let current = best[key], !StorePlan.isBetter(pick, than: current, order: need.products) { continue }
                best[key] = pick
            }
            cheapest.append(best)
        }
        var trips: [StoreTrip] = []
        for name in names {
            let key = Observation.key(name)
            var picks: [Pick] = [], missing: [(list: String, products: [String])] = []
            for (index, need) in needs.enumerated() {
                if let pick = cheapest[index][key] {
                    picks.append(pick)
                } else {
                    missing.append((need.list, need.products))
                }
            }
            trips.append(StoreTrip(store: name, picks: picks, missing: missing))
        }
        stores = trips.sorted { a, b in
            switch (a.total, b.total) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.store.lowercased() < b.store.lowercased()
            }
        }
        var split: [Pick] = [], unmet: [String] = []
        for (index, need) in needs.enumerated() {
            let picks = names.compactMap { cheapest[index][Observation.key($0)] }
            guard var best = picks.first else { unmet.append(need.list); continue }
            for pick in picks.dropFirst() where StorePlan.isBetter(pick, than: best, order: need.products) { best = pick }
            split.append(best)
        }
        self.split = unmet.isEmpty ? split : nil
        self.unmet = unmet
    }

    /// The packs of `offer` that meet `need`: ⌈wanted ÷ amount⌉ whole packs (both in the
    /// dimension's base unit), costing packs × the price seen (in the book's currency);
    /// the leftover, packs × amount − wanted, back in the need's unit.
    package static func pick(_ offer: Offer, for need: Need, store: String) -> Pick {
        let packs = (need.wanted / offer.amount).rounded(.up)
        let bought = Rational(packs) * offer.amount
        return Pick(list: need.list, offer: offer, store: store, packs: packs, cost: Rational(packs) * offer.observation.price,
                    leftover: (bought - need.wanted) / need.need.unit.factor, need: need.need)
    }

    /// Whether `a` is the better pick: it costs less; at the same cost, less is left over;
    /// then the product first on the list, then the store first by name.
    package static func isBetter(_ a: Pick, than b: Pick, order: [String]) -> Bool {
        if a.cost != b.cost { return a.cost < b.cost }
        if a.leftover != b.leftover { return a.leftover < b.leftover }
        let (first, second) = (order.firstIndex { Observation.key($0) == Observation.key(a.offer.product) } ?? order.count,
                               order.firstIndex { Observation.key($0) == Observation.key(b.offer.product) } ?? order.count)
        if first != second { return first < second }
        return a.store.lowercased() < b.store.lowercased()
    }
}

extension StorePlan {
    /// The last price of `product` at each store the book names (by date; of one day, the
    /// last recorded), in the order the stores were first met. Lines without a store are
    /// no store's.
    public static func lastAtEachStore(_ product: PriceBook.Product) -> [Observation] {
        // Each store's text and its last entry, in the order first met: most products are
        // seen at a few stores, looked through; past 16, they are found by a dictionary.
        var order: [(store: Int32, last: Int)] = []
        var places: [Int32: Int]? = nil
        let entries = product.entries
        for index in entries.indices {
            let store = entries[index].store
            guard store != BookTexts.empty else { continue }
            if places == nil, order.count > 16 {
                places = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element.store, $0.offset) })
            }
            let found = places.map { $0[store] } ?? order.firstIndex { $0.store == store }
            if let place = found {
                if PriceBook.Product.isLater(index, than: order[place].last, in: entries) { order[place].last = index }
            } else {
                places?[store] = order.count
                order.append((store, index))
            }
        }
        // Texts are kept once a reading, but a store written in two cases is two texts.
        var byKey: [String: Int] = [:], keys: [String] = []
        for (store, index) in order {
            let key = Observation.key(product.texts[store])
            if let earlier = byKey[key] {
                if PriceBook.Product.isLater(index, than: earlier, in: product.entries) { byKey[key] = index }
            } else {
                byKey[key] = index
                keys.append(key)
            }
        }
        return keys.map { product.texts.observation(product.entries[byKey[$0]!]) }
    }

    /// The stores the needs' offers name, each once, by name.
    public static func storeNames(_ needs: [Need]) -> [String] {
        var seen = Set<String>(), names: [String] = []
        for need in needs {
            for offer in need.offers where seen.insert(Observation.key(offer.store)).inserted { names.append(offer.store) }
        }
        return names.sorted { $0.lowercased() < $1.lowercased() }
    }
}

extension PriceBook.Product {
    /// Whether entry `a` comes after entry `b` by date, or on the same day, in the order recorded.
    package static func isLater(_ a: Int, than b: Int, in entries: [BookEntry]) -> Bool {
        entries[a].day != entries[b].day ? entries[a].day > entries[b].day : a > b
    }
}
