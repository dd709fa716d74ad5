import PerNumbers
import PerUnits
import PerLanguage

/// Reads a book's lines one after another, with what they share: the texts kept (`texts`)
/// and room for a line's fields, so that reading a line allocates nothing.
package struct BookLineReader: Sendable {
    package var texts = BookTexts()
    private var fields: [Range<Int>] = []
    /// The book's columns' fields, unquoted, in `Column` order.
    private var columns: [Range<Int>] = []
    /// The columns' bytes of a line with a `""` inside a quoted field, unescaped.
    private var unescaped: [UInt8] = []

    /// The entry of a line of a file whose header is `layout` (its columns in their order
    /// when `inOrder`; `lastColumn` the last of them), or why it does not read: in one pass
    /// (`plainEntry`) when the line is as per writes it, else split into its fields first
    /// (`splitEntry`), which reads any line the same.
    package mutating func entry(_ bytes: [UInt8], _ line: Range<Int>, layout: PriceBookCSV.Layout, inOrder: Bool,
                        lastColumn: Int) throws(ObservationError) -> BookEntry {
        if inOrder, let entry = plainEntry(bytes, line, fieldLimit: layout.count, packsField: layout.packs) { return entry }
        return try splitEntry(bytes, line, layout: layout, inOrder: inOrder, lastColumn: lastColumn)
    }

    /// The entry of a line in the book's own column order that reads, in one pass over its
    /// bytes; nil for any other line (one with a quote, a field missing or too many, a field
    /// that does not read), left to `splitEntry`. A line it reads, `splitEntry` reads the same.
    /// `fieldLimit`: the fields of the file's header, the most a line may have; `packsField`:
    /// the header's field of the packs, if it has one.
    package mutating func plainEntry(_ bytes: [UInt8], _ line: Range<Int>, fieldLimit: Int, packsField: Int? = nil) -> BookEntry? {
        // The bytes up to the line's end, so that no index past them is looked for at each byte.
        let span = bytes.span.extracting(0..<line.upperBound)
        let end = span.count
        var index = line.lowerBound
        guard let dayNumber = leadingDay(span, at: index) else { return nil }
        index += 11
        guard let store = Self.field(span, &index), index < end, let storePlace = text(bytes, store, .store) else { return nil }
        index += 1
        guard let name = Self.field(span, &index), index < end, let namePlace = text(bytes, name, .name),
              namePlace != BookTexts.empty else { return nil }
        index += 1
        guard let price = Self.decimal(span, &index), index < end else { return nil }
        index += 1
        guard let currencyField = Self.field(span, &index), index < end, let currencyPlace = text(bytes, currencyField, .currency) else {
            return nil
        }
        var currency: CurrencyCode? = nil
        if currencyPlace != BookTexts.empty {
            if let last = lastCurrency, last.place == currencyPlace {
                currency = last.code
            } else {
                guard let named = try? PriceBookCSV.currency(texts[currencyPlace]) else { return nil }
                currency = named
                lastCurrency = (currencyPlace, named)
            }
        }
        index += 1
        guard let amount = Self.decimal(span, &index), amount.digits != 0, index < end else { return nil }
        index += 1
        guard let unitField = Self.field(span, &index), index < end else { return nil }
        let unit: Unit, sizeInBasis: (numerator: Int64, denominator: Int64)?
        if let key = unitField.key, let last = lastUnit, last.key == key {
            (unit, sizeInBasis) = (last.unit, last.sizeInBasis)
        } else {
            guard let (named, size) = texts.unit(bytes, unitField.range), (try? ObservationError.checkUnit(named)) != nil else { return nil }
            (unit, sizeInBasis) = (named, size)
            lastUnit = unitField.key.map { RecentUnit(key: $0, unit: named, sizeInBasis: size) }
        }
        index += 1
        guard let deal = Self.field(span, &index), let dealPlace = text(bytes, deal, .deal) else { return nil }
        // Fields of the file's own after the book's, as many as its header has at most; the
        // packs' field among them read as digits alone (any other left to `splitEntry`).
        var count = PriceBookCSV.Column.count
        var packs: Int64 = 0, packDigits = 0
        while index < end {
            let byte = span[index]
            if byte == Self.comma {
                count += 1
            } else if byte == Self.quote {
                return nil
            } else if count - 1 == packsField {
                let digit = byte &- 0x30
                guard digit < 10, packs <= Int64(Observation.maxPacks) else { return nil }
                packs = packs &* 10 &+ Int64(digit)
                packDigits &+= 1
            }
            index += 1
        }
        guard count <= fieldLimit, packs <= Int64(Observation.maxPacks), packs != 0 || packDigits == 0 else { return nil }
        return BookEntry(day: dayNumber, price: price, currency: currency, amount: amount, unit: unit, sizeInBasis: sizeInBasis,
                         store: storePlace, name: namePlace, deal: dealPlace, packs: Int32(packs))
    }

    /// A line's day and where its store's and its currency's fields are, without reading the
    /// rest: for a line in the book's own column order without a quote before its price's
    /// end; nil for any other (which `entry` reads, or refuses). Whether the line reads whole
    /// is not known from this.
    /// A field's key (`FieldKey`) tells it from any other of at most 16 bytes without blanks
    /// at its ends; nil for a longer one, told by its bytes.
    package mutating func dayStoreAndCurrency(_ bytes: [UInt8], _ line: Range<Int>)
        -> (day: Int32, store: Range<Int>, storeKey: FieldKey?, currency: Range<Int>, currencyKey: FieldKey?)? {
        let span = bytes.span.extracting(0..<line.upperBound)
        let end = span.count
        var index = line.lowerBound
        guard let dayNumber = leadingDay(span, at: index) else { return nil }
        index += 11
        guard let store = Self.field(span, &index), index < end else { return nil }
        index += 1
        // The name's and the price's fields, passed over; then the currency's.
        for _ in 0..<2 {
            guard Self.field(span, &index) != nil, index < end else { return nil }
            index += 1
        }
        guard let currency = Self.field(span, &index) else { return nil }
        return (dayNumber, store.range, store.key, currency.range, currency.key)
    }

    /// The day of the date a line starts with, its ten bytes and a comma (`PriceBookCSV.date`),
    /// at `index`; nil for a line that starts otherwise. The fields after it start 11 bytes on.
    private mutating func leadingDay(_ span: borrowing Span<UInt8>, at index: Int) -> Int32? {
        guard span.count - index > 10, span[index + 10] == Self.comma, span[index + 4] == Self.dash, span[index + 7] == Self.dash,
              let year = Self.number(span, index, 4), let month = Self.number(span, index + 5, 2),
              let day = Self.number(span, index + 8, 2) else { return nil }
        return dayNumber(year: year, month: month, day: day)
    }

    private static var comma: UInt8 { UInt8(ascii: ",") }
    private static var quote: UInt8 { UInt8(ascii: "\"") }
    private static var dash: UInt8 { UInt8(ascii: "-") }

    /// Each month's last year read (-1 for none), the day number of its first day and its
    /// days, so that most dates are checked and numbered without working out their month again.
    private var months = [(year: Int, first: Int32, days: Int)](repeating: (-1, 0, 0), count: 13)

    /// The day number of a date, the number of its month's first day (`CalendarDate.dayNumber`)
    /// plus the days after it; nil for no such date (`CalendarDate.checked`).
    private mutating func dayNumber(year: Int, month: Int, day: Int) -> Int32? {
        guard month >= 1, month <= 12 else { return nil }
        var known = months[month]
        if known.year != year {
            guard let first = try? CalendarDate.checked(year: year, month: month, day: 1) else { return nil }
            // A day of `CalendarDate.years` is well inside 32 bits.
            known = (year, Int32(first.dayNumber), CalendarDate.daysIn(month: month, year: year))
            months[month] = known
        }
        guard day >= 1, day <= known.days else { return nil }
        return known.first + Int32(day - 1)
    }

    /// A field's length and its last 16 bytes (`low` the last 8), which tell fields of at most
    /// 16 bytes apart: found as the field is walked, to look its text up without its bytes.
    package struct FieldKey: Hashable {
        package var count = 0
        package var low: UInt64 = 0
        package var high: UInt64 = 0
    }

    /// A field of a line: its bytes without blanks at either end, and its key when it has no
    /// such blanks and at most 16 bytes.
    private struct Field {
        package var range: Range<Int>
        package var key: FieldKey?
    }

    /// The text columns whose fields are looked up by key (`known`).
    private enum TextColumn: Int {
        case store, name, currency, deal

        package var name: String {
            switch self {
            case .store: return "store"
            case .name: return "name"
            case .currency: return "currency"
            case .deal: return "deal"
            }
        }
    }

    /// For each text column, the last few fields' keys read and their places in `texts`, four
    /// a column: the texts a line may hold, which most lines repeat (a name, its stores).
    private var known = [(key: FieldKey, place: Int32)](repeating: (FieldKey(), 0), count: 16)
    /// Where each column's next key goes in `known`.
    private var nextKnown = [Int](repeating: 0, count: 4)
    /// The last currency read, and its text's place.
    private var lastCurrency: (place: Int32, code: CurrencyCode)? = nil
    /// The last unit read that prices are compared in, by its field's key.
    private var lastUnit: RecentUnit? = nil

    /// A unit read, by its field's key, and the size of one of it in the basis. (A struct,
    /// not a tuple: an optional tuple holding a unit was copied through its run-time
    /// metadata at every line.)
    private struct RecentUnit {
        let key: FieldKey
        let unit: Unit
        let sizeInBasis: (numerator: Int64, denominator: Int64)?
    }

    /// The place of a text field a line may hold (`PriceBookCSV.entry`'s checks); nil for one
    /// it may not.
    private mutating func text(_ bytes: [UInt8], _ field: Field, _ column: TextColumn) -> Int32? {
        if field.range.isEmpty { return BookTexts.empty }
        let first = column.rawValue * 4
        if let key = field.key {
            for slot in first..<(first + 4) where known[slot].key == key { return known[slot].place }
        }
        // A currency is no text a spreadsheet would run: it is a code or a symbol.
        guard let (place, isClean) = texts.text(bytes, field.range), isClean,
              column == .currency || (try? texts.checkFormula(place, what: column.name)) != nil else { return nil }
        if let key = field.key {
            known[first + nextKnown[column.rawValue]] = (key, place)
            nextKnown[column.rawValue] = (nextKnown[column.rawValue] + 1) & 3
        }
        return place
    }

    /// The next field from `index` to a comma or the end of `bytes`, `index` left at its
    /// comma; nil for a field with a quote.
    private static func field(_ bytes: borrowing Span<UInt8>, _ index: inout Int) -> Field? {
        let start = index
        var key = FieldKey()
        while index < bytes.count {
            let byte = bytes[index]
            // A comma and a quote come before "-", as few other bytes of a line do.
            if byte <= comma {
                if byte == comma { break }
                if byte == quote { return nil }
            }
            key.high = key.high &<< 8 | key.low &>> 56
            key.low = key.low &<< 8 | UInt64(byte)
            index += 1
        }
        var first = start, last = index
        // Blanks, and most bytes that are not text, come before "!".
        if first < last, bytes[first] <= 0x20 || bytes[last - 1] <= 0x20 {
            while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            while first < last, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        }
        key.count = last - first
        return Field(range: first..<last, key: first == start && last == index && key.count <= 16 ? key : nil)
    }

    /// The value of `count` digits from `start`; nil when one is not a digit.
    @inline(__always)
    private static func number(_ bytes: borrowing Span<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        var index = start
        while index < start + count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return value
    }

    /// The decimal from `index` to a comma or the end of `bytes`, `index` left at its comma:
    /// digits with at most one `.` and at most `Observation.maxDigits` of them, as
    /// `PriceBookCSV.decimal` reads them; nil for any other field (a sign, a blank, no digit),
    /// left to it.
    private static func decimal(_ bytes: borrowing Span<UInt8>, _ index: inout Int) -> BookDecimal? {
        var mantissa: Int64 = 0
        var digits = 0, decimals = 0
        var point = false, any = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == comma { break }
            let digit = byte &- 0x30
            if digit < 10 {
                any = true
                if point { decimals &+= 1 }
                if digits > 0 || digit != 0 { digits &+= 1 }
                // Past `maxDigits` digits the line is left to `PriceBookCSV.decimal`; within them
                // the mantissa is below 10^18, far from overflowing.
                guard digits <= Observation.maxDigits, decimals <= Observation.maxDigits else { return nil }
                mantissa = mantissa &* 10 &+ Int64(digit)
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard any else { return nil }
        return BookDecimal(digits: mantissa, places: UInt8(decimals))
    }

    /// The entry of a line split into its fields (`PriceBookCSV.fields`), or why it does not read.
    package mutating func splitEntry(_ bytes: [UInt8], _ line: Range<Int>, layout: PriceBookCSV.Layout, inOrder: Bool,
                             lastColumn: Int) throws(ObservationError) -> BookEntry {
        guard let count = PriceBookCSV.fields(bytes, line, into: &fields) else { throw .unclosedQuote }
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
        let packs = layout.packs.flatMap { $0 < count ? fields[$0] : nil }
        guard escaped else { return try PriceBookCSV.entry(bytes, fields: columns, packs: packs, texts: &texts) }
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
        guard let packs else { return try PriceBookCSV.entry(unescaped, fields: columns, texts: &texts) }
        // The packs' field is read from the line's own bytes (digits need no unescaping).
        let packsStart = unescaped.count
        unescaped.append(contentsOf: PriceBookCSV.unquoted(bytes, packs))
        return try PriceBookCSV.entry(unescaped, fields: columns, packs: packsStart..<unescaped.count, texts: &texts)
    }
}
