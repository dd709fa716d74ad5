import PerNumbers

/// Exchange rates read from a file (`rates import`): for each currency, what one euro was
/// worth in it on each day given, as the European Central Bank publishes its reference rates
/// (the euro foreign exchange reference rates, "1 EUR = rate units"). Two other currencies
/// convert through the euro, exactly: `to` per `from` is (`to` per euro) / (`from` per euro).
/// Immutable once made; copies share one table.
public struct ReferenceRates: Sendable {
    /// One day's value of a euro in a currency, and the file it came from.
    public struct Entry: Sendable, Hashable {
        public let date: CalendarDate
        /// Units of the currency one euro is worth: positive.
        public let perEuro: Rational
        /// An index into `sources`.
        public let source: Int

        public init(date: CalendarDate, perEuro: Rational, source: Int) {
            self.date = date
            self.perEuro = perEuro
            self.source = source
        }
    }

    /// What a conversion used: the rate (`to` per `from`) and the day it is of, the older of
    /// the two currencies' days when they differ.
    public struct Use: Sendable, Equatable {
        public let value: Rational
        public let date: CalendarDate
    }

    private final class Table: Sendable {
        /// Each currency's days, oldest first, one entry a day.
        let byCurrency: [CurrencyCode: [Entry]]
        let sources: [String]
        /// The latest rate of every two currencies (the euro among them), worked out once,
        /// so that a conversion at the latest rates costs one look-up, as a rate given does.
        let latest: [Int: Use]

        init(byCurrency: [CurrencyCode: [Entry]], sources: [String]) {
            self.byCurrency = byCurrency
            self.sources = sources
            var latest: [Int: Use] = [:]
            let codes = [ReferenceRates.euro] + byCurrency.keys.sorted()
            for from in codes {
                for to in codes where from != to {
                    let a = byCurrency[from]?.last, b = byCurrency[to]?.last
                    let days = [a?.date, b?.date].compactMap { $0 }
                    latest[Table.key(from, to)] = Use(value: (b?.perEuro ?? .one) / (a?.perEuro ?? .one),
                                                     date: days.min { $0.dayNumber < $1.dayNumber }!)
                }
            }
            self.latest = latest
        }

        static func key(_ from: CurrencyCode, _ to: CurrencyCode) -> Int { Int(from.index) << 8 | Int(to.index) }
    }

    private let table: Table

    /// The entries as given, in any order; a later entry of the same currency and day
    /// replaces an earlier one. The euro itself is never an entry (it is 1).
    public init(_ entries: [(CurrencyCode, Entry)], sources: [String]) {
        var byCurrency: [CurrencyCode: [CalendarDate: Entry]] = [:]
        for (code, entry) in entries where code != ReferenceRates.euro { byCurrency[code, default: [:]][entry.date] = entry }
        table = Table(byCurrency: byCurrency.mapValues { days in days.values.sorted { $0.date.dayNumber < $1.date.dayNumber } },
                      sources: sources)
    }

    public static let euro = CurrencyCode.named("EUR")!

    public var isEmpty: Bool { table.byCurrency.isEmpty }
    public var sources: [String] { table.sources }
    /// The currencies with a rate, in the catalogue's order (the euro not among them).
    public var currencies: [CurrencyCode] { table.byCurrency.keys.sorted() }
    /// Every entry of a currency, oldest first.
    public func entries(of code: CurrencyCode) -> [Entry] { table.byCurrency[code] ?? [] }
    /// How many entries there are in all.
    public var count: Int { table.byCurrency.values.reduce(0) { $0 + $1.count } }

    /// A currency's entry for `date` (the last day on or before it), or its latest when
    /// `date` is nil. Nil before its first day: no rate is made up for a day before any.
    public func entry(of code: CurrencyCode, on date: CalendarDate?) -> Entry? {
        guard let days = table.byCurrency[code], let last = days.last else { return nil }
        guard let date else { return last }
        // The first day after `date`, by bisection; the entry before it is the one in force.
        var low = 0, high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].date.dayNumber <= date.dayNumber { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : days[low - 1]
    }

    /// How many of `to` one `from` was worth on `date` (nil: the latest), through the euro:
    /// (`to` per euro) / (`from` per euro), exact. Nil when either has no rate then.
    public func rate(from: CurrencyCode, to: CurrencyCode, on date: CalendarDate? = nil) -> Use? {
        if from == to { return nil }
        guard let date else { return table.latest[Table.key(from, to)] }
        let a = from == Self.euro ? nil : entry(of: from, on: date)
        let b = to == Self.euro ? nil : entry(of: to, on: date)
        if from != Self.euro && a == nil || to != Self.euro && b == nil { return nil }
        let value = (b?.perEuro ?? .one) / (a?.perEuro ?? .one)
        let days = [a, b].compactMap { $0?.date }
        return Use(value: value, date: days.min { $0.dayNumber < $1.dayNumber }!)
    }
}

extension ReferenceRates: Equatable {
    /// Copies of one table are equal at once; tables read apart compare their entries.
    public static func == (a: ReferenceRates, b: ReferenceRates) -> Bool {
        a.table === b.table || (a.table.byCurrency == b.table.byCurrency && a.table.sources == b.table.sources)
    }
}
