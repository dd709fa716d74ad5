import PerNumbers
import PerUnits
import PerLanguage

/// One price seen (`seen`): what an amount of a product cost, where and when. A line of
/// the price book.
///
/// The price is what was paid for the quantity, the deal included: a deal is kept as
/// written, as a note of why the price was low (`-20%`, `3 for 2`), and never applied again.
public struct Observation: Sendable, Hashable {
    public let date: CalendarDate
    /// The store, or "" when none was given.
    public let store: String
    public let name: String
    public let price: Rational
    public let currency: CurrencyCode?
    /// The whole amount bought, in `unit` (`6 x 330 ml` is kept as 1980 ml).
    public let amount: Rational
    public let unit: Unit
    /// The deal as written, or "" for none.
    public let deal: String
    /// The packs of a multipack (`3` of `3 x 500 g`), or nil for one pack: shown, never
    /// counted again, since `amount` holds them all.
    public let packs: Int?

    /// Longest store, name or deal: a book is shown in tables.
    public static let maxTextLength = ObservationError.maxTextLength
    /// Most digits a price or an amount keeps, as a decimal: a line reads back exactly.
    public static let maxDigits = ObservationError.maxDigits

    public init(date: CalendarDate, store: String, name: String, price: Rational, currency: CurrencyCode?,
                amount: Rational, unit: Unit, deal: String, packs: Int? = nil) {
        self.date = date
        self.store = store
        self.name = name
        self.price = price
        self.currency = currency
        self.amount = amount
        self.unit = unit
        self.deal = deal
        self.packs = packs.flatMap { (2...Observation.maxPacks).contains($0) ? $0 : nil }
        unitPrice = Self.unitPrice(price: price, amount: amount, unit: unit)
    }

    /// Price per basis: price × the basis's size ÷ (amount × the unit's size), sizes in base
    /// units. A quantity of 0, or a unit prices are not compared in, has none (0); `check`
    /// refuses both before it is used.
    package static func unitPrice(price: Rational, amount: Rational, unit: Unit) -> Rational {
        guard !amount.isZero, let basis = UnitTable.defaultUnit(of: unit.dimension) else { return .zero }
        return price * basis.factor / (amount * unit.factor)
    }

    /// The key names are matched by: without regard to case.
    public var key: String { Observation.key(name) }

    public static func key(_ name: String) -> String { name.lowercased() }

    /// The basis unit prices are quoted on: per kg, per l, per item, per m, per m².
    /// (`checkUnit` refuses any other unit before the book takes it; one that came without
    /// that check is quoted per one of itself.)
    public var basis: Basis {
        ShoppableDimension(unit.dimension).map(Basis.automatic(for:)) ?? Basis(amount: Number(1), unit: unit)
    }

    /// Price per basis: price ÷ (amount × the unit's size in base units) × the basis's
    /// size. Worked out once: a product's standing compares it many times.
    public let unitPrice: Rational

    /// Most packs a line keeps (`EnteredQuantity.maxPacks`).
    public static let maxPacks = EnteredQuantity.maxPacks

    /// `500 g`, `1.5 l`, `6 items`, `3×500 g`.
    public var quantityText: String {
        if let packs { return EnteredQuantity.text(packs: packs, amount: .exact(amount / Rational(packs)), unit: unit) }
        return "\(NumberDisplay.display(.exact(amount), digits: 12).text) \(unit.name(for: .exact(amount)))"
    }

    /// The price as shown: `2.49`, `€2.49`.
    public var priceText: String { Currency.format(.exact(price), currency: currency.map(Observation.currency)) }

    /// A unit price as shown, in this observation's currency: `4.98`, `€4.98`.
    public func unitPriceText(_ value: Rational) -> String {
        Currency.format(.exact(value), currency: currency.map(Observation.currency), unitPrice: true)
    }

    /// A currency as the book shows it: by its symbol before the amount, or its code after.
    package static func currency(_ code: CurrencyCode) -> Currency {
        Currency(UnitTable.money(code, code.symbol == code.code ? .code : .prefix))
    }
}

extension ObservationError {
    /// Checks what a line of text may hold: not too long, nothing a terminal acts on.
    package static func checkText(_ text: String, what: String) throws(ObservationError) {
        if text.unicodeScalars.count > Observation.maxTextLength { throw .tooLong(what: what) }
        if VisibleText.hasHidden(text) || text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw .controlCharacter(what: what)
        }
    }

    /// Refuses a text a spreadsheet would read as a formula: one that starts with `=`, `+`,
    /// `-` or `@` (blanks before it included, as a spreadsheet skips them). A deal of per's
    /// own, `-20%`, is a number to a spreadsheet and stays.
    package static func checkFormula(_ text: String, what: String) throws(ObservationError) {
        guard let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }),
              first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "@") else {
            return
        }
        if what == "deal", isPercentOff(text) { return }
        throw .formula(what: what)
    }

    /// A unit prices are compared in.
    package static func checkUnit(_ unit: Unit) throws(ObservationError) {
        guard unit.dimension.isShoppable, !Basis.countsUses(unit) else { throw .notShoppable(unit: unit.symbol) }
    }

    /// `-20%`, `-12.5%`: a discount as per writes it.
    private static func isPercentOff(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "-"), bytes.last == UInt8(ascii: "%") else { return false }
        let digits = bytes[1..<(bytes.count - 1)]
        return digits.contains { $0 >= 0x30 && $0 <= 0x39 }
            && digits.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }
    }

    /// Checks an observation as the book takes it. `read`: it was read from a file, whose
    /// reading checked its texts and decimals already.
    package static func check(_ observation: Observation, read: Bool = false) throws(ObservationError) {
        if observation.price.isNegative { throw .negativePrice }
        if observation.amount.signum <= 0 { throw .notPositiveAmount }
        try checkUnit(observation.unit)
        guard !read else { return }
        try checkText(observation.name, what: "name")
        try checkText(observation.store, what: "store")
        try checkText(observation.deal, what: "deal")
        try checkFormula(observation.name, what: "name")
        try checkFormula(observation.store, what: "store")
        try checkFormula(observation.deal, what: "deal")
        _ = try PriceBookCSV.decimalText(observation.price, what: "price")
        _ = try PriceBookCSV.decimalText(observation.amount, what: "quantity")
    }
}
