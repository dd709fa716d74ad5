import PerNumbers
import PerLanguage

/// What a price-book command asks of the file (the shell writes it, under its lock) and
/// what it answers.
public struct PriceBookOutcome: Sendable, Equatable {
    public let answer: PriceBookAnswer
    /// The change to the file, if any; the answer stands only once it is written.
    public let change: PriceBookChange?
    /// Whether the change is `undo` or `redo` of one, which history already holds.
    public let isStep: Bool
    /// Lines of the file the answer read and skipped, which the shell names as warnings.
    public let problems: [PriceBookCSV.LineProblem]

    public init(_ answer: PriceBookAnswer, change: PriceBookChange? = nil, isStep: Bool = false, problems: [PriceBookCSV.LineProblem] = []) {
        self.answer = answer
        self.change = change
        self.isStep = isStep
        self.problems = problems
    }
}

/// A change to the price book file.
public enum PriceBookChange: Sendable, Equatable {
    /// Lines appended: `seen`, `redo` of a `seen`, `undo` of a `forget seen`.
    case append([Observation])
    /// Lines taken out, each the last equal one: `forget seen`, `undo` of a `seen`.
    case remove([Observation])
    /// `prices import FILE.csv`: the file's observations appended.
    case importFile(path: String)
    /// `prices export FILE.csv`: the book written to a file.
    case exportFile(path: String)

    /// The change that takes this one back; nil for one `undo` cannot take back.
    public var inverse: PriceBookChange? {
        switch self {
        case .append(let observations): return .remove(observations)
        case .remove(let observations): return .append(observations)
        case .importFile, .exportFile: return nil
        }
    }
}

/// A price-book command's answer, which the shell shows as text or JSON.
public enum PriceBookAnswer: Sendable, Equatable {
    /// `seen`: the observation and how it stands against the ones before.
    case seen(Seen)
    /// `history NAME`: the observations oldest first.
    case history(PriceHistory)
    /// `history NAME plot`: the same, drawn.
    case historyPlot(PriceHistory)
    /// `worth PRICE QTY NAME`: a price against the book.
    case worth(Worth)
    /// `worth PRICE QTY NAME plot`: the same, and the prices seen drawn with the one asked.
    case worthPlot(Worth, PriceHistory)
    /// `where NAME`: each store's last observation, cheapest first.
    case stores(name: String, [Observation])
    /// `prices`: every product's standing, by name.
    case catalogue([PriceStanding])
    /// `forget seen`, import, export, undo: a line of confirmation.
    case message(Confirmation)
    /// `prices import`, `prices export` before the shell has carried out the change, which
    /// then answers with what it did.
    case pending

    /// A price recorded: its place among the ones before (`lowest of 4`; nil for the
    /// first), their standing, and a shrink at the same store.
    public struct Seen: Sendable, Equatable {
        public let observation: Observation
        public let place: String?
        public let before: PriceStanding?
        public let shrink: Shrink?
        /// How the line was read where it could have been taken otherwise.
        public package(set) var notes: [ReadingNote] = []

        package init(observation: Observation, place: String?, before: PriceStanding?, shrink: Shrink?) {
            self.observation = observation
            self.place = place
            self.before = before
            self.shrink = shrink
        }
    }

    /// A price asked about with `worth`, and the book's standing of the product.
    public struct Worth: Sendable, Equatable {
        public let name: String
        public let unitPrice: Rational
        public let standing: PriceStanding
        /// The price as one observation would show it, for its currency and basis.
        public let asked: Observation

        package init(name: String, unitPrice: Rational, standing: PriceStanding, asked: Observation) {
            self.name = name
            self.unitPrice = unitPrice
            self.standing = standing
            self.asked = asked
        }
    }
}

/// `history NAME`: a product's prices oldest first, each row read from its line only as it is
/// shown, so that a long history is laid out row by row. Rows that share a price and a
/// quantity share a `Pack`, whose figures are worked out once.
public struct PriceHistory: Sendable, Equatable {
    public let name: String
    public let standing: PriceStanding
    private let product: PriceBook.Product
    /// The entries oldest first, and the pack of each.
    private let order: [Int]
    private let packOf: [Int32]
    /// Each pack, as the first row with it shows it.
    public let packs: [Observation]

    /// A row: when, where (`storeKey`) and its deal (`dealKey`), keys whose texts `text`
    /// gives, so that a caller makes what it shows of each store and deal once; and its pack
    /// (a place in `packs`).
    public struct Row {
        public let day: Int
        public let storeKey: Int
        public let dealKey: Int
        public let pack: Int

        public var date: CalendarDate { CalendarDate(dayNumber: day)! }
    }

    package init?(_ product: PriceBook.Product) {
        let order = PriceBook.Product.byDate(product.entries)
        guard let standing = PriceStanding(product, order: order) else { return nil }
        var packs: [Observation] = []
        var packOf: [Int32] = []
        packOf.reserveCapacity(order.count)
        var index = PackIndex()
        for place in order {
            let entry = product.entries[place]
            let (pack, isNew) = index.pack(of: entry, among: product.entries, at: place)
            packOf.append(pack)
            if isNew { packs.append(product.texts.observation(entry)) }
        }
        name = product.name
        self.standing = standing
        self.product = product
        self.order = order
        self.packOf = packOf
        self.packs = packs
    }

    /// How many rows.
    public var count: Int { order.count }

    /// The row at a place, oldest first.
    public func row(_ place: Int) -> Row {
        let entry = order[place]
        return Row(day: Int(product.entries[entry].day), storeKey: Int(product.entries[entry].store),
                   dealKey: Int(product.entries[entry].deal), pack: Int(packOf[place]))
    }

    /// The text of a row's store or deal key.
    public func text(_ key: Int) -> String { product.texts[Int32(truncatingIfNeeded: key)] }

    /// The observation of a row.
    public func observation(_ place: Int) -> Observation { product.texts.observation(product.entries[order[place]]) }

    public static func == (a: PriceHistory, b: PriceHistory) -> Bool {
        a.name == b.name && a.standing == b.standing && a.count == b.count && a.order.indices.allSatisfy { a.observation($0) == b.observation($0) }
    }
}

/// The packs of a history's rows: entries with the same price, currency, amount and unit
/// are one pack, numbered in the order first met. An open-addressing hash table with
/// linear probing (Knuth, TAOCP vol. 3, §6.4, algorithm L) of each pack's first entry,
/// kept at most half full, hashed by multiplying the digits (§6.4, multiplicative hashing).
private struct PackIndex {
    /// Each slot: a pack's number and the place of its first entry, or nil.
    private var slots = [(pack: Int32, entry: Int)?](repeating: nil, count: 64)
    private var count: Int32 = 0

    private static func hash(_ entry: BookEntry) -> UInt64 {
        (UInt64(bitPattern: entry.price.digits) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: entry.amount.digits)) &* 0xBF58_476D_1CE4_E5B9
    }

    private static func samePack(_ a: BookEntry, _ b: BookEntry) -> Bool {
        a.price == b.price && a.amount == b.amount && a.unit == b.unit && a.currency == b.currency
    }

    /// The pack of an entry at `place` in `entries`, and whether it is new.
    package mutating func pack(of entry: BookEntry, among entries: [BookEntry], at place: Int) -> (Int32, isNew: Bool) {
        if Int(count) * 2 >= slots.count { grow(entries) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(entry) >> 32) & mask
        while let found = slots[slot] {
            if Self.samePack(entries[found.entry], entry) { return (found.pack, false) }
            slot = (slot + 1) & mask
        }
        slots[slot] = (count, place)
        count += 1
        return (count - 1, true)
    }

    /// Twice the slots, each pack placed anew.
    private mutating func grow(_ entries: [BookEntry]) {
        let old = slots
        slots = [(pack: Int32, entry: Int)?](repeating: nil, count: old.count * 2)
        let mask = slots.count - 1
        for case let (pack, place)? in old {
            var slot = Int(truncatingIfNeeded: Self.hash(entries[place]) >> 32) & mask
            while slots[slot] != nil { slot = (slot + 1) & mask }
            slots[slot] = (pack, place)
        }
    }
}

/// `Barilla shrank from 500 g to 450 g at Lidl: +11.1% per kg`: the same name at the same
/// store sold in less while its unit price rose.
public struct Shrink: Sendable, Equatable {
    public let before: Observation
    public let after: Observation

    /// The shrink between an earlier observation of the name at the store (its last regular
    /// price before the new one, by date) and a new one, if it is one.
    package static func between(_ before: Observation?, _ after: Observation) -> Shrink? {
        guard let before, before.unit.dimension == after.unit.dimension,
              after.amount * after.unit.factor < before.amount * before.unit.factor,
              after.unitPrice > before.unitPrice else { return nil }
        return Shrink(before: before, after: after)
    }

    public var text: String { text { $0 } }

    /// The text with each figure (the quantities, the percentage) as `figure` writes it: with
    /// a decimal comma in comma input.
    public func text(figure: (String) -> String) -> String {
        let change = PriceStanding.percent(after.unitPrice, against: before.unitPrice).map { "+" + figure(Comparison.percentText(.exact($0))) + "%" } ?? "dearer"
        let place = after.store.isEmpty ? "" : " at \(after.store)"
        return "\(after.name) shrank from \(figure(before.quantityText)) to \(figure(after.quantityText))\(place): \(change) \(after.basis.perText)"
    }
}

extension Observation {
    /// `3.98, Lidl, 2026-10-30, a deal`: a unit price with where and when it was seen.
    public var summary: String { summary { $0 } }

    /// The summary with its unit price as `figure` writes it.
    public func summary(figure: (String) -> String) -> String {
        ([figure(unitPriceText(unitPrice))] + (store.isEmpty ? [] : [store]) + [date.text] + (deal.isEmpty ? [] : ["a deal"]))
            .joined(separator: ", ")
    }
}

extension PriceStanding {
    /// `lowest of 4`, `highest of 4`, `2nd lowest of 4`: a new unit price's place among the
    /// ones before it.
    package static func place(of unitPrice: Rational, among product: PriceBook.Product, order: [Int]) -> String {
        let count = order.count + 1
        var below = 0, above = 0
        // One pass; unit prices that fit in 64 bits compared by their cross products.
        if let key = UnitPriceKey(unitPrice), let keys = UnitPriceKey.keys(product.entries, order: order) {
            for other in keys {
                if other < key { below += 1 } else if key < other { above += 1 }
            }
        } else {
            for place in order {
                let other = product.entries[place].unitPrice
                if other < unitPrice { below += 1 } else if other > unitPrice { above += 1 }
            }
        }
        if below == 0 { return "lowest of \(count)" }
        if above == 0 { return "highest of \(count)" }
        return below <= above ? "\(ordinal(below + 1)) lowest of \(count)" : "\(ordinal(above + 1)) highest of \(count)"
    }

    package static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: suffix = "st"
        case (2, let h) where h != 12: suffix = "nd"
        case (3, let h) where h != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
