/// What an estimator produced, as values: the inputs it used, result lines with units, the
/// conventions behind them, warnings, an optional table, and the numbers for JSON.
public struct Estimate: Sendable, Equatable {
    public let estimator: String
    /// Every input as used, defaults included.
    public let inputs: [UsedInput]
    public let lines: [Line]
    public let conventions: [String]
    public let warnings: [String]
    /// Tables such as invest's year by year (with a bar per row) or a plant's year.
    public let tables: [Table]
    /// The `result` object of JSON output, in order.
    public let result: [Field]
    /// One line for `saved` and `recall`: `boiler: sulphite 4.27 kg/day`.
    public let headline: String

    public struct UsedInput: Sendable, Equatable {
        public let key: String
        public let text: String
        public let isDefault: Bool
    }

    /// `blowdown  444.44 kg/h  4.26% of feedwater`.
    public struct Line: Sendable, Equatable {
        public let label: String
        public let value: String
        public let unit: String
        public let note: String

        public init(_ label: String, _ value: String, _ unit: String = "", note: String = "") {
            self.label = label
            self.value = value
            self.unit = unit
            self.note = note
        }
    }

    public struct Table: Sendable, Equatable {
        public let header: [String]
        public let rows: [[String]]
        /// Each row's bar length as a fraction of the longest, 0…1; empty for no bars.
        public let bars: [Double]
        /// How many columns on the left are labels, aligned left; the rest are figures.
        public let labelColumns: Int

        public init(header: [String], rows: [[String]], bars: [Double] = [], labelColumns: Int = 0) {
            self.header = header
            self.rows = rows
            self.bars = bars
            self.labelColumns = labelColumns
        }
    }

    public struct Field: Sendable, Equatable {
        public let key: String
        public let value: FieldValue

        public init(_ key: String, _ value: FieldValue) {
            self.key = key
            self.value = value
        }
    }

    public enum FieldValue: Sendable, Equatable {
        case number(Number)
        case text(String)
        case none
    }
}

/// How estimators show numbers: exact values with up to three decimals in full (`3.775`,
/// `15.3`); anything else rounded to at least 2 decimals and 3 significant digits
/// (`444.44`, `4.26`, `0.0531`).
public enum EstimateFormat {
    /// Always with thousands separators: a table is read, not pasted back.
    public static func number(_ value: Number) -> String {
        NumberDisplay.grouped(ungrouped(value))
    }

    static func ungrouped(_ value: Number) -> String {
        let r: Rational
        switch value {
        case .exact(let exact): r = exact
        case .approximate(let x):
            // Digits beyond the third decimal that the bounds do not know are not shown.
            r = x.midpoint
            let shown = NumberDisplay.display(value, digits: 15).text
            let decimals = shown.firstIndex(of: ".").map { shown.distance(from: $0, to: shown.endIndex) - 1 } ?? 0
            if !shown.contains("e"), decimals <= 3 { return shown }
        }
        if let full = NumberDisplay.terminatingDigits(r), full.digits.count - 1 - full.exponent <= 3,
           full.digits.count <= NumberDisplay.maxExactDigits {
            return NumberDisplay.display(value, digits: 12).text
        }
        return NumberDisplay.unitPrice(value)
    }

    /// Money with thousands separators and two decimals: `219,112.31`, and with the
    /// currency where it is written when there is one: `€219,112.31`.
    public static func money(_ value: Number, currency: Currency? = nil) -> String {
        let text = NumberDisplay.grouped(NumberDisplay.fixed(value.nearestRational, decimals: 2)!.text)
        return currency.map { $0.written(text) } ?? text
    }
}
