import PerNumbers
import PerUnits

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

    /// Longest store, name or deal: a book is shown in tables.
    public static let maxTextLength = 100
    /// Most digits a price or an amount keeps, as a decimal: a line reads back exactly.
    public static let maxDigits = 18

    public init(date: CalendarDate, store: String, name: String, price: Rational, currency: CurrencyCode?,
                amount: Rational, unit: Unit, deal: String) {
        self.date = date
        self.store = store
        self.name = name
        self.price = price
        self.currency = currency
        self.amount = amount
        self.unit = unit
        self.deal = deal
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

    /// `500 g`, `1.5 l`, `6 items`.
    public var quantityText: String {
        "\(NumberDisplay.display(.exact(amount), digits: 12).text) \(unit.name(for: .exact(amount)))"
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

/// Why a price cannot go into the book, whether typed (`seen`) or read from a file.
public enum ObservationError: Error, Sendable, Equatable {
    case negativePrice
    case notPositiveAmount
    case notDecimal(what: String)
    case tooManyDigits(what: String)
    case tooLong(what: String)
    case controlCharacter(what: String)
    case notShoppable(unit: String)
    /// `1 l` of a name seen in grams before.
    case unitDoesNotFit(name: String, unit: String, dimension: String, earlier: String)
    case currencyDoesNotFit(name: String, currency: String, earlier: String)
    case missing(what: String)
    case unknownCurrency(String)
    case badDate(String)
    case noSuchDate(String)
    case unclosedQuote
    case notUTF8(what: String)
    case fieldCount(Int, header: Int)
    /// A name, store or deal a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`).
    case formula(what: String)

    public var message: String {
        switch self {
        case .negativePrice: return "a price is 0 or more"
        case .notPositiveAmount: return "a quantity is more than 0"
        case .notDecimal(let what): return "the \(what) is not a decimal number (the book keeps decimals, as a receipt shows them)"
        case .tooManyDigits(let what): return "the \(what) has more than \(Observation.maxDigits) digits"
        case .tooLong(let what): return "the \(what) has more than \(Observation.maxTextLength) characters"
        case .controlCharacter(let what): return "the \(what) cannot hold control characters"
        case .notShoppable(let unit): return "\(unit) is not a unit prices are compared in (mass, volume, count, length or area)"
        case .unitDoesNotFit(let name, let unit, let dimension, let earlier):
            return "\(name) was seen by \(earlier) before, and \(unit) is a \(dimension): give it another name"
        case .currencyDoesNotFit(let name, let currency, let earlier):
            return "\(name) was seen in \(earlier) before, not \(currency)"
        case .missing(let what): return "the \(what) is missing"
        case .unknownCurrency(let text): return "\(text) is not a currency per knows (a code such as EUR or USD)"
        case .badDate(let text): return "'\(VisibleText.visible(text))' is not a date written YYYY-MM-DD"
        case .noSuchDate(let why): return why
        case .unclosedQuote: return "a quote is not closed"
        case .notUTF8(let what): return "the \(what) is not UTF-8 text"
        case .fieldCount(let count, let header): return "it has \(count == 1 ? "1 field" : "\(count) fields"); the header has \(header)"
        case .formula(let what): return "the \(what) cannot start with =, +, - or @: a spreadsheet opening the price book would run it as a formula"
        }
    }

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
