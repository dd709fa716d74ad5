import PerNumbers
import PerUnits

/// A line of the book read and checked, its texts kept once in a `BookTexts` table: what a
/// command that weighs a product's prices (`seen`, `worth`, `history`) needs of each line,
/// without an `Observation` made of every one. An observation is made only of a line that
/// is shown (`BookTexts.observation`).
struct BookEntry: Sendable {
    /// The date's day number (`CalendarDate.dayNumber`).
    let day: Int32
    /// The texts, as places in the table.
    let store: Int32
    let name: Int32
    let deal: Int32
    let price: BookDecimal
    /// The whole amount bought, in `unit`.
    let amount: BookDecimal
    let currency: CurrencyCode?
    let unit: Unit
    /// The unit price (`Observation.unitPrice`) as a key's parts, unreduced; a denominator
    /// of 0 when they do not fit.
    private let keyNumerator: Int64
    private let keyDenominator: Int64

    /// `sizeInBasis`: the unit's, as `UnitPriceKey.sizeInBasis` gives it.
    init(date: CalendarDate, price: BookDecimal, currency: CurrencyCode?, amount: BookDecimal, unit: Unit,
         sizeInBasis: (numerator: Int64, denominator: Int64)?, store: Int32, name: Int32, deal: Int32) {
        // A day of `CalendarDate.years` is well inside 32 bits.
        day = Int32(date.dayNumber)
        self.price = price
        self.currency = currency
        self.amount = amount
        self.unit = unit
        self.store = store
        self.name = name
        self.deal = deal
        let key = UnitPriceKey(price: price, amount: amount, sizeInBasis: sizeInBasis)
        keyNumerator = key?.numerator ?? 0
        keyDenominator = key?.denominator ?? 0
    }

    var date: CalendarDate { CalendarDate(dayNumber: Int(day))! }

    /// The unit price as a key, or nil when its parts do not fit.
    var key: UnitPriceKey? { keyDenominator == 0 ? nil : UnitPriceKey(numerator: keyNumerator, denominator: keyDenominator) }

    /// The price per basis, exactly (`Observation.unitPrice`).
    var unitPrice: Rational { key?.value ?? Observation.unitPrice(price: price.value, amount: amount.value, unit: unit) }

    /// Whether it was bought on a deal.
    var hasDeal: Bool { deal != BookTexts.empty }
}

/// A decimal as the book writes it: its digits, and how many of them follow the point
/// (`2.49` is 249 and 2). At most `Observation.maxDigits` of each, so that both fit.
struct BookDecimal: Sendable, Hashable {
    let digits: Int64
    let places: UInt8

    var value: Rational { Lexer.decimal(digits, decimals: Int(places)) }

    /// 10^places.
    var scale: Int64 { BookDecimal.powersOfTen[Int(places)] }

    static let powersOfTen: [Int64] = (0...Observation.maxDigits).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }

    /// The decimal of an exact value with at most `Observation.maxDigits` digits (as
    /// `PriceBookCSV.decimalText` finds it); nil for one without.
    init?(_ value: Rational) {
        guard let text = try? PriceBookCSV.decimalText(value, what: ""), !text.hasPrefix("-") else { return nil }
        let bytes = Array(text.utf8)
        guard let read = try? PriceBookCSV.decimal(bytes, bytes.indices, what: "") else { return nil }
        self = read
    }

    init(digits: Int64, places: UInt8) {
        self.digits = digits
        self.places = places
    }
}

/// The texts a book's lines repeat (a product's name, its stores, its deals), each kept once
/// a reading, and whether a line may hold it; the last few seen are found by their bytes.
struct BookTexts: Sendable {
    /// The place of "".
    static let empty: Int32 = 0

    private(set) var texts: [String] = [""]
    /// Whether each text starts as a formula would (`ObservationError.checkFormula`).
    private var formulaLike: [Bool] = [false]
    private var recent: [(bytes: [UInt8], place: Int32, isClean: Bool)] = []
    private var units: [(bytes: [UInt8], unit: Unit, sizeInBasis: (numerator: Int64, denominator: Int64)?)] = []
    private static let kept = 16

    /// Whether `bytes[range]` are `kept`.
    private static func same(_ kept: [UInt8], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard kept.count == range.count else { return false }
        var index = range.lowerBound
        for byte in kept {
            if byte != bytes[index] { return false }
            index += 1
        }
        return true
    }

    /// The place of the UTF-8 text of `bytes[range]`, and whether a line may hold it
    /// (`ObservationError.checkText`); nil when they are not UTF-8.
    mutating func text(_ bytes: [UInt8], _ range: Range<Int>) -> (place: Int32, isClean: Bool)? {
        if range.isEmpty { return (Self.empty, true) }
        for index in recent.indices where Self.same(recent[index].bytes, bytes, range) { return (recent[index].place, recent[index].isClean) }
        guard let text = String(validating: bytes[range], as: UTF8.self) else { return nil }
        let isClean = (try? ObservationError.checkText(text, what: "")) != nil
        let place = Int32(texts.count)
        append(text)
        if recent.count == Self.kept { recent.removeFirst() }
        recent.append((Array(bytes[range]), place, isClean))
        return (place, isClean)
    }

    /// The unit `bytes[range]` name, if any, and its size in its basis (`UnitPriceKey.sizeInBasis`).
    mutating func unit(_ bytes: [UInt8], _ range: Range<Int>) -> (Unit, sizeInBasis: (numerator: Int64, denominator: Int64)?)? {
        for index in units.indices where Self.same(units[index].bytes, bytes, range) { return (units[index].unit, units[index].sizeInBasis) }
        guard let text = String(validating: bytes[range], as: UTF8.self),
              let unit = UnitTable.unit(named: PriceBookCSV.plainPowers(text))?.atom else { return nil }
        if units.count == Self.kept { units.removeFirst() }
        let size = UnitPriceKey.sizeInBasis(unit)
        units.append((Array(bytes[range]), unit, size))
        return (unit, size)
    }

    /// The place of a text of an observation recorded since the file was read.
    mutating func place(_ text: String) -> Int32 {
        if text.isEmpty { return Self.empty }
        append(text)
        return Int32(texts.count - 1)
    }

    private mutating func append(_ text: String) {
        texts.append(text)
        formulaLike.append((try? ObservationError.checkFormula(text, what: "")) == nil)
    }

    /// `ObservationError.checkFormula` of a kept text, looked at once a reading.
    func checkFormula(_ place: Int32, what: String) throws(ObservationError) {
        if formulaLike[Int(place)] { try ObservationError.checkFormula(self[place], what: what) }
    }

    subscript(place: Int32) -> String { texts[Int(place)] }

    /// The entry of an observation recorded since the file was read; nil for one whose
    /// price or amount is no decimal the book can hold, which `ObservationError.check`
    /// refuses before an observation is recorded.
    mutating func entry(_ observation: Observation) -> BookEntry? {
        guard let price = BookDecimal(observation.price), let amount = BookDecimal(observation.amount) else { return nil }
        return BookEntry(date: observation.date, price: price, currency: observation.currency, amount: amount, unit: observation.unit,
                         sizeInBasis: UnitPriceKey.sizeInBasis(observation.unit),
                         store: place(observation.store), name: place(observation.name), deal: place(observation.deal))
    }

    /// The observation of an entry read with this table.
    func observation(_ entry: BookEntry) -> Observation {
        Observation(date: entry.date, store: self[entry.store], name: self[entry.name], price: entry.price.value, currency: entry.currency,
                    amount: entry.amount.value, unit: entry.unit, deal: self[entry.deal])
    }
}

/// Reads a book's lines one after another, with what they share: the texts kept (`texts`)
/// and room for a line's fields, so that reading a line allocates nothing.
struct BookLineReader: Sendable {
    var texts = BookTexts()
    private var fields: [Range<Int>] = []
    /// The book's columns' fields, unquoted, in `Column` order.
    private var columns: [Range<Int>] = []
    /// The columns' bytes of a line with a `""` inside a quoted field, unescaped.
    private var unescaped: [UInt8] = []

    /// The entry of a line of a file whose header is `layout` (its columns in their order
    /// when `inOrder`; `lastColumn` the last of them), or why it does not read.
    /// `found` and `foundCount`: the line's fields when a pass over the file split them
    /// already (`PriceBookCSV.fields`), else a count of nil.
    mutating func entry(_ bytes: [UInt8], _ line: Range<Int>, fields found: [Range<Int>], fieldCount foundCount: Int?,
                        layout: PriceBookCSV.Layout, inOrder: Bool, lastColumn: Int) throws(ObservationError) -> BookEntry {
        if let foundCount { return try entry(bytes, fields: found, count: foundCount, layout: layout, inOrder: inOrder, lastColumn: lastColumn) }
        guard let count = PriceBookCSV.fields(bytes, line, into: &fields) else { throw .unclosedQuote }
        return try entry(bytes, fields: fields, count: count, layout: layout, inOrder: inOrder, lastColumn: lastColumn)
    }

    private mutating func entry(_ bytes: [UInt8], fields: [Range<Int>], count: Int, layout: PriceBookCSV.Layout, inOrder: Bool,
                                lastColumn: Int) throws(ObservationError) -> BookEntry {
        // Columns of the file's own after the book's may be left off, as spreadsheets leave
        // empty ones; a field more than the header has is no column of either.
        guard count > lastColumn, count <= layout.count else { throw .fieldCount(count, header: layout.count) }
        let quote = UInt8(ascii: "\"")
        if columns.isEmpty { columns = Array(repeating: 0..<0, count: PriceBookCSV.Column.count) }
        var escaped = false
        for column in 0..<PriceBookCSV.Column.count {
            let field = fields[inOrder ? column : layout.columns[column]]
            if field.count >= 2, bytes[field.lowerBound] == quote, bytes[field.upperBound - 1] == quote {
                let inner = (field.lowerBound + 1)..<(field.upperBound - 1)
                if bytes[inner].contains(quote) { escaped = true }
                columns[column] = inner
            } else {
                columns[column] = field
            }
        }
        guard escaped else { return try PriceBookCSV.entry(bytes, fields: columns, texts: &texts) }
        // `""` in a quoted field is one quote (`PriceBookCSV.unquoted`): the columns copied.
        unescaped.removeAll(keepingCapacity: true)
        for column in columns.indices {
            let field = columns[column]
            let start = unescaped.count
            let original = fields[inOrder ? column : layout.columns[column]]
            var index = field.lowerBound
            while index < field.upperBound {
                unescaped.append(bytes[index])
                index += original != field && bytes[index] == quote ? 2 : 1
            }
            columns[column] = start..<unescaped.count
        }
        return try PriceBookCSV.entry(unescaped, fields: columns, texts: &texts)
    }
}
