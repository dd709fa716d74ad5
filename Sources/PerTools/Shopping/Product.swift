import PerNumbers
import PerUnits
import PerLanguage

/// A quantity as the user wrote it: `500 g`, `6×250 g`, `12 items`.
public struct EnteredQuantity: Sendable, Hashable {
    /// The amount of one pack, in `unit`.
    public let amount: Number
    /// Packs in a multipack, kept in 32 bits (with the unit's byte, the quantity packs into
    /// 40 bytes; a list of 100,000 products is that much smaller).
    private let storedPacks: Int32?
    public let unit: Unit

    /// Most packs a multipack may have.
    public static let maxPacks = Evaluator.Operand.maxPacks

    /// Precondition: `packs` is at most `maxPacks`.
    public init(packs: Int?, amount: Number, unit: Unit) {
        self.storedPacks = packs.map { Int32(clamping: $0) }
        self.amount = amount
        self.unit = unit
    }

    /// Packs in a multipack (`6` in `6x250`), or nil for a single pack.
    public var packs: Int? { storedPacks.map(Int.init) }

    /// The whole quantity in the dimension's base unit (g, L, item).
    public func inBaseUnits() throws(ArithmeticError) -> Number {
        try amount.multiplied(by: Number(packs ?? 1), in: .standard).multiplied(by: .exact(unit.factor), in: .standard)
    }

    /// `500 g`, `6×250 g`, `12 items`, `30 pods`.
    public var text: String { EnteredQuantity.text(packs: packs, amount: amount, unit: unit) }

    /// `6×250 g`; without a unit (a draft's, before `unit`), just `6×250`.
    public static func text(packs: Int?, amount: Number, unit: Unit?) -> String {
        let shown = NumberDisplay.display(amount, digits: 12)
        // Appended in place: this runs for every row of a long list, twice.
        var text = shown.isExact ? "" : "≈ "
        if let packs {
            text += NumberDisplay.decimal(packs)
            text += "×"
        }
        text += shown.text
        guard let unit else { return text }
        text += " "
        text += unit.name(for: packs == nil ? amount : Number(2))
        return text
    }
}

/// One product on the list.
public struct Product: Sendable, Hashable {
    /// Its number, for `remove N`; never reused until the list is cleared.
    public let id: Int
    public let name: String
    /// The price in the list's currency.
    public let price: Number
    public let quantity: EnteredQuantity
    /// The price as written in another currency, and the deal: boxed together, so a list
    /// of plain products pays one word for both.
    private let extras: Extras?

    public init(id: Int, name: String, price: Number, quantity: EnteredQuantity, written: WrittenPrice? = nil, deal: Deal? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
        self.extras = written == nil && deal == nil ? nil : Extras(written: written, deal: deal)
    }

    /// The price as written, when it was in another currency and converted at the user's rate.
    public var written: WrittenPrice? { extras?.written }
    public var deal: Deal? { extras?.deal }

    /// The same product with another deal (or none).
    public func with(deal: Deal?) -> Product {
        Product(id: id, name: name, price: price, quantity: quantity, written: written, deal: deal)
    }
}

package final class Extras: Sendable, Hashable {
    package let written: WrittenPrice?
    package let deal: Deal?

    package init(written: WrittenPrice?, deal: Deal?) {
        self.written = written
        self.deal = deal
    }

    package static func == (a: Extras, b: Extras) -> Bool { a.written == b.written && a.deal == b.deal }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(written)
        hasher.combine(deal)
    }
}

/// A price in another currency than the list's, as written (`€3.00` on a list in `$`).
public final class WrittenPrice: Sendable, Hashable {
    public let amount: Number
    public let currency: Currency

    public init(amount: Number, currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    public static func == (a: WrittenPrice, b: WrittenPrice) -> Bool { a.amount == b.amount && a.currency == b.currency }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(amount)
        hasher.combine(currency)
    }
}

/// The product being entered form-style with `price`, `qty`, `unit` and `name`.
public struct Draft: Sendable, Hashable {
    public var price: Number?
    public var currency: Currency?
    public var amount: Number?
    public var packs: Int?
    public var unit: Unit?
    public var name: String?

    public var isEmpty: Bool { self == Draft() }

    /// The quantity entered so far, as a product will have it: in the unit given, or in
    /// items until one is; nil before `qty`.
    public var quantity: EnteredQuantity? {
        amount.map { EnteredQuantity(packs: packs, amount: $0, unit: unit ?? UnitTable.items) }
    }

    /// What is still needed before `add`, as words for a message.
    package var missing: [String] {
        (price == nil ? ["a price"] : []) + (amount == nil ? ["a quantity"] : [])
    }
}
