import PerNumbers
import PerUnits
import PerLanguage

/// What an estimator produced, as values: the inputs it used, its results (each from its
/// declaration, `ResultSpec`), the conventions behind them, warnings and optional tables.
/// The text lines, the JSON `result` object and the headline are views of the results.
public struct Estimate: Sendable, Equatable {
    public let estimator: String
    /// Every input as used, defaults included.
    public package(set) var inputs: [UsedInput]
    /// The results in order: the text lines and the JSON object follow it.
    public let results: [ResultValue]
    /// The currency of the estimate's money, if it has one.
    public let currency: Currency?
    public package(set) var conventions: [String]
    /// The conventions a terminal does not print as notes: those the session printed before,
    /// word for word. A note of formulas says the same each time and prints once; a note
    /// whose figures follow the inputs (`for 24 h a day`) says something new when they
    /// change and prints again. `explain` and `help` print them all, JSON always has them.
    public package(set) var quietNotes: Set<String> = []
    public package(set) var warnings: [String]
    /// The warnings that say an input is above a limit, as values: a sweep tells a run of
    /// rows over one limit once.
    public package(set) var exceededLimits: [ExceededLimit] = []
    /// The warnings of other kinds that a sweep tells once for a run of rows (a blowdown
    /// over 20% of the feedwater, a boiler above the highest band of its limits).
    package var ownKindedWarnings: [KindedWarning] = []
    /// Tables such as invest's year by year (with a bar per row) or a plant's year.
    public let tables: [Table]
    /// Each result's worst case over the tolerances given (`help tolerances`); empty without.
    public package(set) var ranges: [ResultRange] = []

    /// The lowest and highest a result takes over the corners of the tolerances, and the
    /// input whose tolerance alone moves it most.
    public struct ResultRange: Sendable, Equatable {
        public let name: String
        public let jsonKey: String
        public let low: Number
        public let high: Number
        public let movedMostBy: String?
    }

    /// One line for `saved` and `recall`: `boiler: blowdown 444.44 kg/h, sulphite 4.27 kg/day`.
    public private(set) var headline: String

    package init(_ estimator: any Estimator.Type, inputs: [UsedInput], results: [ResultValue], currency: Currency? = nil,
         conventions: [String], warnings: [String] = [], tables: [Table] = []) {
        self.estimator = estimator.name
        self.inputs = inputs
        self.results = results
        self.currency = currency
        self.conventions = conventions
        self.warnings = warnings
        self.tables = tables
        headline = ""
        headline = estimator.headline(of: self)
    }

    /// An input above what a limit allows (`4 cycles is above the 3.33 that the alkalinity
    /// limit allows`), with the warning that says so.
    public struct ExceededLimit: Sendable, Equatable {
        /// The input over the limit, its value as shown, and the limit's name.
        public let input: String
        public let value: String
        public let limit: String
        /// The most the limit allows, as shown, and what passing it means.
        public let allowed: String
        public let consequence: String
        /// The most the limit allows as a value of the input, where it is one (the cycles
        /// a limit allows): a sweep's plot draws it.
        public var bound: Number? = nil
        /// The limit's kind, which a sweep tells a run of rows of once; nil for one that
        /// is told by its exact words.
        package var kind: WarningKind? = nil
        /// The limit's name where it applies anywhere (`ASME silica`), and where this one
        /// applies (`301–450 psig`): a sweep's run names the one and quotes the other.
        package var kindName: String? = nil
        package var place: String? = nil
        /// What passing it means in words that hold for every row of a sweep, where the
        /// consequence quotes figures of its own.
        package var remedy: String? = nil

        /// The warning for one value.
        public var warning: String {
            "\(value) \(input) is above the \(allowed) that the \(limit) limit allows: \(consequence)"
        }

        /// The warning for the values of a sweep's rows in runs (`3.5–10`, or `2, 4–5`).
        public static func warning(_ runs: [String], of limit: ExceededLimit) -> String {
            let plural = runs.count > 1 || runs.first?.contains("–") == true
            return "\(limit.input) \(runs.joined(separator: ", ")) \(plural ? "are" : "is") above the \(limit.allowed) that the "
                + "\(limit.limit) limit allows: \(limit.consequence)"
        }
    }

    public struct UsedInput: Sendable, Equatable {
        public let key: String
        /// As given or declared: JSON's `inputs` and saved sets keep it.
        public let text: String
        public let isDefault: Bool
        /// A default as the text shows it in US units (`factor 0.00085 per Δ°F`), if it differs.
        public package(set) var textInUS: String? = nil

        /// The key and value as typed, where the text shows them so (`acid sulphuric 93%`).
        public package(set) var typed: (key: String, text: String)? = nil

        /// What the text of an estimate shows.
        public var shownText: String { typed?.text ?? textInUS ?? text }
        /// The key the text of an estimate shows.
        public var shownKey: String { typed?.key ?? key }

        public static func == (a: UsedInput, b: UsedInput) -> Bool {
            a.key == b.key && a.text == b.text && a.isDefault == b.isDefault && a.textInUS == b.textInUS
                && a.typed?.key == b.typed?.key && a.typed?.text == b.typed?.text
        }
    }

    /// `blowdown  444.44 kg/h  4.26% of feedwater`, `sulphite  4.27 kg/day  128.14 kg per 30 days`.
    public struct Line: Sendable, Equatable {
        public let label: String
        /// The figures, each a value and its unit: one or two.
        public let figures: [Shown]
        public let note: String

        /// A figure as text: `444.44` and `kg/h`.
        public struct Shown: Sendable, Equatable {
            public let value: String
            public let unit: String
        }

        /// The first figure's value.
        public var value: String { figures.first?.value ?? "" }
    }

    /// A result as the headline shows it: `blowdown 444.44 kg/h`, or without its label
    /// (`115 ml`), or with its note (`€1,161.47 after 3 years`). Empty without a value.
    package func headlinePart(_ spec: ResultSpec, labelled: Bool = true, withNote: Bool = false) -> String {
        guard let result = result(spec.name), let figure = result.figure else { return "" }
        var words: [String] = []
        if labelled, case .line(let label) = spec.reading { words.append(label) }
        words += [text(figure.value, number: EstimateFormat.number), figure.unit] + (withNote ? [result.note] : [])
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The result with a name, if the estimate gave it.
    public func result(_ name: String) -> ResultValue? { results.first { $0.spec.name == name } }

    /// The text lines: one for each result read on a line of its own that has a value (or
    /// a figure that says why not), with the notes of the results read beside it. Each
    /// figure's decimals follow from its own size, the same at any inputs.
    public var lines: [Line] {
        let labelled: [(label: String, result: ResultValue, figure: Figure)] = results.compactMap { result in
            guard case .line(let label) = result.spec.reading, let figure = result.figure else { return nil }
            return (label, result, figure)
        }
        let shown = labelled.map(\.result)
        let first = column(labelled.map(\.figure))
        let second = column(shown.map(\.then))
        return shown.indices.map { index in
            let label = labelled[index].label
            var figures = [first[index]!]
            if let then = second[index] { figures.append(then) }
            var note = shown[index].note
            if let range = ranges.first(where: { $0.name == shown[index].spec.name }), range.low != range.high {
                var unit = shown[index].spec.unit.label, (low, high) = (range.low, range.high)
                // A figure shown in the unit its input was written in (L/s for recirc=100 l/s):
                // the range beside it in the same unit, by the same factor.
                if let figure = shown[index].figure, figure.unit != unit, case .number(let displayed) = figure.value,
                   let value = shown[index].number, !value.isZero, let factor = try? displayed / value,
                   let scaledLow = try? low * factor, let scaledHigh = try? high * factor {
                    (unit, low, high) = (figure.unit, scaledLow, scaledHigh)
                }
                var span = "\(EstimateFormat.number(low)) … \(EstimateFormat.number(high))\(unit.isEmpty ? "" : " " + unit)"
                // Money's range is money, as its figure is (`€1,490.83 … €1,819.40`).
                if case .money(_, let perUnit)? = shown[index].figure?.value {
                    span = [low, high].map { text(.money($0, perUnit: perUnit), number: EstimateFormat.number) }.joined(separator: " … ")
                }
                note = [note, "(" + span + (range.movedMostBy.map { ", most by \($0)" } ?? "") + ")"].filter { !$0.isEmpty }.joined(separator: " ")
            }
            return Line(label: label, figures: figures, note: note)
        }
    }

    /// One column of figures as text, each row by one rule whatever the others hold: two
    /// decimals, more only for the two significant digits of a value under 0.1; money as money.
    private func column(_ figures: [Figure?]) -> [Line.Shown?] {
        figures.map { figure in
            guard let figure else { return nil }
            return Line.Shown(value: text(figure.value) { EstimateFormat.column([$0], exactInFull: false)[0] }, unit: figure.unit)
        }
    }

    /// A figure's value as text, `number` writing a plain number (alone, or with its
    /// column's decimals); money as money, a unit price's way when it is one.
    private func text(_ value: Figure.Value, number: (Number) -> String) -> String {
        switch value {
        case .number(let plain): return number(plain)
        case .money(let amount, let perUnit):
            return perUnit ? Currency.format(amount, currency: currency, unitPrice: true) : EstimateFormat.money(amount, currency: currency)
        case .count(let count): return EstimateFormat.number(count)
        case .text(let text): return text
        }
    }

    /// The `result` object of JSON output, in order.
    public var result: [Field] {
        results.map { result in
            switch result.content {
            case .number(let value): return Field(result.spec.jsonKey, .number(value))
            case .text(let text): return Field(result.spec.jsonKey, .text(text))
            case .none: return Field(result.spec.jsonKey, .none)
            }
        }
    }

    public struct Table: Sendable, Equatable {
        public let header: [String]
        public let rows: [[String]]
        /// Each row's bar length as a fraction of the longest, 0…1; empty for no bars.
        public let bars: [Double]
        /// How many columns on the left are labels, aligned left; the rest are figures.
        public let labelColumns: Int
        /// The result each row shows (its figure a year, in the table's unit), where it
        /// shows one: a tolerance's range of it goes beside it.
        public var rowResults: [RowResult?] = []

        public init(header: [String], rows: [[String]], bars: [Double] = [], labelColumns: Int = 0, rowResults: [RowResult?] = []) {
            self.header = header
            self.rows = rows
            self.bars = bars
            self.labelColumns = labelColumns
            self.rowResults = rowResults
        }
    }

    /// A result a table's row shows, and the row's unit's amount in one of the result's
    /// (gallons in a m³ when the table is in US units).
    public struct RowResult: Sendable, Equatable {
        public let name: String
        public let factor: Number

        package init(_ name: String, factor: Number = 1) {
            self.name = name
            self.factor = factor
        }
    }

    /// The tables as a terminal shows them: one whose rows show results that the
    /// tolerances move gets a column of each one's range (`€94,992.35 … €116,101.76`).
    public var shownTables: [Table] {
        guard !ranges.isEmpty else { return tables }
        return tables.map { table in
            let spans = table.rowResults.map { row -> String in
                guard let row, let range = ranges.first(where: { $0.name == row.name }), range.low != range.high,
                      let low = try? range.low * row.factor, let high = try? range.high * row.factor else { return "" }
                let isMoney = result(row.name)?.spec.unit == .money
                let shown = [low, high].map { isMoney ? EstimateFormat.money($0, currency: currency) : EstimateFormat.number($0) }
                return shown.joined(separator: " … ") + (range.movedMostBy.map { ", most by \($0)" } ?? "")
            }
            guard spans.contains(where: { !$0.isEmpty }) else { return table }
            let rows = table.rows.indices.map { table.rows[$0] + [$0 < spans.count ? spans[$0] : ""] }
            return Table(header: table.header + ["range"], rows: rows, bars: table.bars, labelColumns: table.labelColumns,
                         rowResults: table.rowResults)
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

    package static func ungrouped(_ value: Number) -> String {
        let r: Rational
        switch value {
        case .exact(let exact): r = exact
        case .approximate(let x):
            // Digits beyond the third decimal that the bounds do not know are not shown.
            r = x.midpoint
            // Bounds that know e + 7 digits of a value of about 10^e (e within one) show it
            // to 1e-5 or finer at 15 digits: a value 2e-5 or more from every multiple of
            // 0.001 then shows a fourth decimal, which tells without writing the digits.
            let exponent = r.isZero ? 0 : NumberDisplay.estimatedExponent(r)
            let wanted = Swift.max(1, exponent + 7), thousandths = r.doubleValue * 1000
            let showsFourth = wanted <= 15 && abs(thousandths - thousandths.rounded()) > 0.02
                && NumberDisplay.knownDigits(x, upTo: wanted) >= wanted
            if !showsFourth {
                let shown = NumberDisplay.display(value, digits: 15).text
                let decimals = shown.firstIndex(of: ".").map { shown.distance(from: $0, to: shown.endIndex) - 1 } ?? 0
                if !shown.contains("e"), decimals <= 3 { return shown }
            }
        }
        // At most three decimals is a denominator dividing 1000; the digits are written out
        // only then (a midpoint of bounds would otherwise give its sixty).
        if r.denominator <= BigInt(1000), BigInt(1000) % r.denominator == .zero,
           let full = NumberDisplay.terminatingDigits(r), full.digits.count - 1 - full.exponent <= 3,
           full.digits.count <= NumberDisplay.maxExactDigits {
            return NumberDisplay.display(value, digits: 12).text
        }
        return NumberDisplay.unitPrice(value)
    }

    /// A column of figures, each with the same number of decimals (`150.08` over `32.00`,
    /// never `32`): enough for every exact value in full (up to 3 decimals) and for two
    /// significant digits of every other, and at least 2 when any is rounded. Exact values
    /// gain zeros; the others are rounded to the column's decimals. Values in e notation
    /// stay as they are. Without `exactInFull` an exact value asks for no more decimals than
    /// its size does (an estimate's row: a sulphite of exactly 4.812 kg/day shows 4.81, as
    /// 4.8119… does).
    public static func column(_ values: [Number], exactInFull: Bool = true) -> [String] {
        let alone = values.map(ungrouped)
        func decimals(_ text: String) -> Int? {
            guard !text.contains("e") else { return nil }
            return text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        }
        // An estimate's row has at least two decimals, exact or not (cycles 10.00 as 10.53).
        var widest = exactInFull ? 0 : 2
        for (value, text) in zip(values, alone) {
            guard let own = decimals(text) else { continue }
            let isFull = if case .exact(let r) = value, own <= 3 { (r * Rational(BigInt.powerOfTen(own))).isInteger } else { false }
            // Two significant digits of a value of about 10^e take 1 − e decimals: by its
            // size, not by the digits it shows alone (an approximate value's fourth decimal,
            // shown where its bounds know it, gave a row 3 decimals at some inputs only).
            var significant = 2, size = abs(value.doubleValue)
            while size > 0, size < 0.1, significant < 400 {
                size *= 10
                significant += 1
            }
            widest = max(widest, isFull ? (exactInFull ? own : min(own, significant)) : min(max(2, own - 1), significant))
        }
        return zip(values, alone).map { value, text in
            guard decimals(text) != nil, let fixed = NumberDisplay.fixed(value.nearestRational, decimals: widest) else {
                return NumberDisplay.grouped(text)
            }
            return NumberDisplay.grouped(fixed.text)
        }
    }

    /// The largest money written in full: an amount of more digits is written in e
    /// notation (`1.87e603`), as other figures past 15 digits are, so a table keeps its
    /// columns whatever the prices.
    package static let largestMoneyInFull = Number.exact(Rational(BigInt.powerOfTen(15), .one))

    /// Unit prices as a column (`€0.0400` over `€1.5000`): each takes the decimals its 3
    /// significant digits need (`Currency.format(unitPrice:)`), and every one is shown with
    /// the most of those, so the column has one number of decimals.
    public static func unitPriceColumn(_ values: [Number], currency: Currency?) -> [String] {
        let fewest = currency?.decimals ?? 2
        let texts = values.map { NumberDisplay.unitPrice($0, minimumDecimals: fewest) }
        // A price too small for fixed decimals (`1.00e-10`) keeps its own form.
        guard !texts.contains(where: { $0.contains("e") }) else { return values.map { Currency.format($0, currency: currency, unitPrice: true) } }
        let decimals = texts.map { text in text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0 }.max() ?? fewest
        return values.map { value in
            let text = NumberDisplay.grouped(NumberDisplay.fixed(value.nearestRational, decimals: decimals)!.text)
            return currency.map { $0.written(text) } ?? text
        }
    }

    /// Money with thousands separators and two decimals: `219,112.31`, and with the
    /// currency where it is written when there is one: `€219,112.31`; in e notation from
    /// a quadrillion (`largestMoneyInFull`).
    public static func money(_ value: Number, currency: Currency? = nil) -> String {
        let text = value.magnitude >= largestMoneyInFull ? NumberDisplay.unitPrice(value)
            : NumberDisplay.grouped(NumberDisplay.fixed(value.nearestRational, decimals: 2)!.text)
        return currency.map { $0.written(text) } ?? text
    }
}
