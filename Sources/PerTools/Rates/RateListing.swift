import PerNumbers
import PerUnits

/// What `rates` shows (and a `rate` set, of its two currencies): each rate as a row, the
/// rates typed in the session first, then the latest of each currency of `rates.csv`; and the
/// same as the lines a person reads.
public struct RateListing: Sendable, Equatable {
    /// One rate: how many of `to` one `from` is worth.
    public struct Row: Sendable, Equatable {
        public let from: CurrencyCode
        public let to: CurrencyCode
        public let rate: Rational
        /// The day the rate is of; nil for one typed in the session.
        public let date: CalendarDate?
        /// The file it came from; nil for one typed in the session.
        public let source: String?

        public init(from: CurrencyCode, to: CurrencyCode, rate: Rational, date: CalendarDate?, source: String?) {
            self.from = from
            self.to = to
            self.rate = rate
            self.date = date
            self.source = source
        }
    }

    public let rows: [Row]
    /// `1 € = 1.08 $`, then what the file holds and its latest rates.
    public let lines: [String]

    public init(rows: [Row], lines: [String]) {
        self.rows = rows
        self.lines = lines
    }

    /// The rows of the file's latest rates: one euro's worth in each currency.
    public static func latestRows(_ rates: ReferenceRates) -> [Row] {
        rates.currencies.compactMap { code in
            rates.entry(of: code, on: nil).map {
                Row(from: ReferenceRates.euro, to: code, rate: $0.perEuro, date: $0.date, source: rates.sources[$0.source])
            }
        }
    }
}
