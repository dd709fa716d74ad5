import PerNumbers

/// A currency: each is a dimension of its own, so `$` and `€` never mix without a rate.
/// A small handle into `CurrencyCode.table`.
public struct CurrencyCode: Sendable, Hashable, Comparable {
    let index: UInt8

    struct Definition {
        /// ISO 4217.
        let code: String
        /// The symbol per reads before or after a number, if it has one.
        let symbol: Character?
        /// Minor-unit decimals an amount shows at least (ISO 4217: the yen has none).
        let decimals: Int
    }

    /// `$` is the US dollar, `¥` the yen.
    static let table: [Definition] = [
        Definition(code: "USD", symbol: "$", decimals: 2), Definition(code: "EUR", symbol: "€", decimals: 2),
        Definition(code: "GBP", symbol: "£", decimals: 2), Definition(code: "JPY", symbol: "¥", decimals: 0),
    ] + ["CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CNY", "INR", "BRL", "MXN", "ZAR"]
        .map { Definition(code: $0, symbol: nil, decimals: 2) } + [Definition(code: "KRW", symbol: nil, decimals: 0)]

    public static let all: [CurrencyCode] = table.indices.map { CurrencyCode(index: UInt8($0)) }

    var definition: Definition { CurrencyCode.table[Int(index)] }
    public var code: String { definition.code }
    /// `€`, or the code for a currency without a symbol.
    public var symbol: String { definition.symbol.map(String.init) ?? definition.code }
    public var decimals: Int { definition.decimals }

    public static func named(_ code: String) -> CurrencyCode? {
        all.first { $0.code == code.uppercased() }
    }

    public static func withSymbol(_ symbol: Character) -> CurrencyCode? {
        all.first { $0.definition.symbol == symbol }
    }

    public static func < (a: CurrencyCode, b: CurrencyCode) -> Bool { a.index < b.index }
}

/// Exchange rates the user gave (`rate 1 € = 1.08 $`), and those read from a file
/// (`rates import`, `reference`): per never goes online, so two currencies mix only through
/// these. A rate works both ways; one given wins over the file's.
public struct Rates: Sendable, Hashable {
    /// Each rate as the user gave it (`to` per one `from`), under its unordered pair.
    private(set) var table: [Pair: Rate] = [:]
    /// The rates of the file beside the price book, once read: the same for a whole run, so
    /// no part of what the session keeps, saves or compares (`==` and `hash` leave it out).
    public var reference: ReferenceRates? = nil

    public static func == (a: Rates, b: Rates) -> Bool { a.table == b.table }
    public func hash(into hasher: inout Hasher) { hasher.combine(table) }

    struct Pair: Sendable, Hashable {
        let low: CurrencyCode
        let high: CurrencyCode

        init(_ a: CurrencyCode, _ b: CurrencyCode) {
            low = min(a, b)
            high = max(a, b)
        }
    }

    public struct Rate: Sendable, Hashable {
        public let from: CurrencyCode
        public let to: CurrencyCode
        /// How many of `to` one `from` is worth.
        public let value: Rational
    }

    public init() {}

    public var isEmpty: Bool { table.isEmpty }

    /// Sets how many of `to` one `from` is worth, replacing any rate between the two.
    package mutating func set(_ value: Rational, from: CurrencyCode, to: CurrencyCode) {
        table[Pair(from, to)] = Rate(from: from, to: to, value: value)
    }

    /// How many of `to` one `from` is worth: the rate given, else the file's latest.
    public func rate(from: CurrencyCode, to: CurrencyCode) -> Rational? {
        if from == to { return .one }
        guard let rate = table[Pair(from, to)] else { return reference?.rate(from: from, to: to)?.value }
        return rate.from == from ? rate.value : rate.value.reciprocal
    }

    /// The file's rate a conversion from `from` to `to` uses, with its day: nil when the two
    /// are one currency, when a rate given covers them, or when the file has none.
    public func referenceUse(from: CurrencyCode, to: CurrencyCode) -> ReferenceRates.Use? {
        guard from != to, table[Pair(from, to)] == nil else { return nil }
        return reference?.rate(from: from, to: to)
    }

    /// These rates for money of a day (a price seen on it) going from `from` to `to`: unless
    /// a rate given covers the two, the file's rate of that day (or the last before it) in
    /// place of its latest, and what it used; without one that day, none at all (never the
    /// latest for an older price). A copy for one conversion, never kept: the day's rate
    /// stands in the given ones.
    public func ofDay(_ day: CalendarDate, from: CurrencyCode, to: CurrencyCode) -> (rates: Rates, use: ReferenceRates.Use?) {
        guard from != to, table[Pair(from, to)] == nil, let reference else { return (self, nil) }
        var rates = self
        guard let use = reference.rate(from: from, to: to, on: day) else {
            rates.reference = nil
            return (rates, nil)
        }
        rates.set(use.value, from: from, to: to)
        return (rates, use)
    }

    /// Every rate as given, in a stable order.
    public var all: [Rate] {
        table.keys.sorted { ($0.low, $0.high) < ($1.low, $1.high) }.map { table[$0]! }
    }
}

/// A price with its sales tax (VAT), as `€119 incl 19% vat` reads it: net × (1 + rate) is
/// gross, and the tax is their difference.
public struct TaxBreakdown: Sendable, Equatable {
    public let net: Quantity
    public let tax: Quantity
    public let gross: Quantity
    /// The rate, a percentage.
    public let rate: Quantity
    /// Whether the statement's value is the net (`incl`) rather than the gross (`excl`).
    public let valueIsNet: Bool

    package init(net: Quantity, tax: Quantity, gross: Quantity, rate: Quantity, valueIsNet: Bool) {
        self.net = net
        self.tax = tax
        self.gross = gross
        self.rate = rate
        self.valueIsNet = valueIsNet
    }
}
