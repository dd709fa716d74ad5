import PerNumbers

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
    case history(name: String, [Observation], PriceStanding)
    /// `worth PRICE QTY NAME`: a price against the book.
    case worth(Worth)
    /// `where NAME`: each store's last observation, cheapest first.
    case stores(name: String, [Observation])
    /// `prices`: every product's standing, by name.
    case catalogue([PriceStanding])
    /// `forget seen`, import, export, undo: a line of confirmation.
    case message(String)

    /// A price recorded: its place among the ones before (`lowest of 4`; nil for the
    /// first), their standing, and a shrink at the same store.
    public struct Seen: Sendable, Equatable {
        public let observation: Observation
        public let place: String?
        public let before: PriceStanding?
        public let shrink: Shrink?
    }

    /// A price asked about with `worth`, and the book's standing of the product.
    public struct Worth: Sendable, Equatable {
        public let name: String
        public let unitPrice: Rational
        public let standing: PriceStanding
        /// The price as one observation would show it, for its currency and basis.
        public let asked: Observation
    }
}

/// `Barilla shrank from 500 g to 450 g at Lidl: +11.1% per kg`: the same name at the same
/// store sold in less while its unit price rose.
public struct Shrink: Sendable, Equatable {
    public let before: Observation
    public let after: Observation

    /// The shrink between an earlier observation of the name at the store (its last regular
    /// price before the new one, by date) and a new one, if it is one.
    static func between(_ before: Observation?, _ after: Observation) -> Shrink? {
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
    static func place(of unitPrice: Rational, among before: [Observation]) -> String {
        let count = before.count + 1
        var below = 0, above = 0
        // One pass; unit prices that fit in 64 bits compared by their cross products.
        if let key = UnitPriceKey(unitPrice), let keys = UnitPriceKey.keys(before) {
            for other in keys {
                if other < key { below += 1 } else if key < other { above += 1 }
            }
        } else {
            for other in before {
                if other.unitPrice < unitPrice { below += 1 } else if other.unitPrice > unitPrice { above += 1 }
            }
        }
        if below == 0 { return "lowest of \(count)" }
        if above == 0 { return "highest of \(count)" }
        return below <= above ? "\(ordinal(below + 1)) lowest of \(count)" : "\(ordinal(above + 1)) highest of \(count)"
    }

    static func ordinal(_ n: Int) -> String {
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
