import PerNumbers
import PerUnits
import PerLanguage

/// The price book as a file: CSV with a header (RFC 4180 quoting), one observation a line,
/// that a spreadsheet opens. Reading never fails on a line: a line that cannot be read is
/// reported with its number and skipped, and a last line without its newline (cut off by a
/// kill while it was written) is left out with a warning.
public enum PriceBookCSV {
    public enum Column: String, CaseIterable, Sendable {
        case date, store, name, price, currency, quantity, unit, deal

        /// How many columns the book has.
        package static let count = 8
    }

    /// The column of a multipack's packs (`3` of `3 x 500 g`, the quantity the three
    /// together), after the others: a book without it reads, its lines of one pack each.
    public static let packsColumn = "packs"

    /// `date,store,name,price,currency,quantity,unit,deal,packs`.
    public static let header = (Column.allCases.map(\.rawValue) + [packsColumn]).joined(separator: ",")

    /// Where a file's header puts the book's columns, so that a line written to it goes in
    /// the same order; columns of the file's own are left empty.
    public struct Layout: Sendable, Equatable {
        /// The header's field of each column, in `Column` order.
        package let columns: [Int]
        /// Fields in the header.
        package let count: Int
        /// The header's field of `packsColumn`, or nil for a book without it.
        package var packs: Int? = nil
        /// How the header's line ends, as each line written to the file does: `\n`, or
        /// `\r\n` in a file a spreadsheet saved so.
        public var lineEnd = "\n"

        public static let standard = Layout(columns: Array(Column.allCases.indices), count: Column.allCases.count + 1,
                                            packs: Column.allCases.count)
    }

    /// A line that was skipped, and why.
    public struct LineProblem: Sendable, Equatable {
        public let line: Int
        public let message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public typealias Refusal = BookRefusal

    /// What a file held: its observations in file order, each with its line number.
    public struct Reading: Sendable {
        public var observations: [(line: Int, observation: Observation)] = []
        public var problems: [LineProblem] = []
        /// The text of a last line cut off before its newline, left out.
        public var tornLine: String? = nil
    }

    /// An observation as a line of a file laid out as `layout`, newline included.
    public static func line(_ observation: Observation, layout: Layout = .standard) -> String {
        let values = [observation.date.text, observation.store, observation.name,
                      (try? decimalText(observation.price, what: "price")) ?? "",
                      observation.currency?.code ?? "",
                      (try? decimalText(observation.amount, what: "quantity")) ?? "",
                      plainPowers(observation.unit.symbol), observation.deal]
        var fields = [String](repeating: "", count: layout.count)
        for (column, field) in layout.columns.enumerated() { fields[field] = quoted(values[column]) }
        if let packs = layout.packs { fields[packs] = observation.packs.map(NumberDisplay.decimal) ?? "" }
        return fields.joined(separator: ",") + layout.lineEnd
    }

    /// A unit's symbol as its name reads: `m2` for `m²`, `m3` for `m³`.
    package static func plainPowers(_ symbol: String) -> String {
        String(symbol.map { $0 == "²" ? "2" : $0 == "³" ? "3" : $0 })
    }

    /// A field quoted when it must be: with a comma, a quote or a leading or trailing blank.
    package static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" }) || field.first == " " || field.last == " " else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// The exact decimal of `value`, with at most `maxDigits` digits: `2.49`, `0.5`, `1980`.
    public static func decimalText(_ value: Rational, what: String) throws(ObservationError) -> String {
        for decimals in 0...Observation.maxDigits {
            guard let shown = NumberDisplay.fixed(value, decimals: decimals) else { break }
            if Rational(shown.value, BigInt.powerOfTen(decimals)) == value {
                guard shown.value.magnitude < BigInt.powerOfTen(Observation.maxDigits) else { throw .tooManyDigits(what: what) }
                return shown.text
            }
        }
        throw .notDecimal(what: what)
    }

    /// Reads every line of a file's bytes. Lines are numbered from 1, the header's included.
    public static func read(_ bytes: [UInt8]) throws(Refusal) -> Reading {
        let file = try index(bytes)
        var reading = Reading()
        reading.tornLine = file.tornLine
        var reader = BookLineReader()
        file.forEachLine { line, range in
            do throws(ObservationError) {
                let entry = try file.entry(range, reader: &reader)
                reading.observations.append((line, reader.texts.observation(entry)))
            } catch {
                reading.problems.append(LineProblem(line: line, message: error.message))
            }
        }
        return reading
    }

    /// Finds a file's header and where its lines are, without reading them: a line is
    /// read whole only when a command needs it (`PriceBookFile`).
    public static func index(_ bytes: [UInt8]) throws(Refusal) -> PriceBookFile {
        guard !bytes.isEmpty else { return PriceBookFile(bytes: bytes, layout: .standard, body: 0..<0, tornLine: nil) }
        guard bytes.count <= PriceBookFile.largest else { throw .tooLarge }
        let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        // A file of another kind has a NUL byte in its first line; one later fails its line.
        if bytes[..<headerEnd].contains(0) { throw .notText }
        var headerLine = 0..<(headerEnd > 0 && bytes[headerEnd - 1] == UInt8(ascii: "\r") ? headerEnd - 1 : headerEnd)
        // A byte-order mark, as spreadsheets write, is no part of the header.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { headerLine = (headerLine.lowerBound + 3)..<headerLine.upperBound }
        guard let headerFields = fields(bytes, headerLine) else { throw .header(missing: Column.allCases.map(\.rawValue), columns: header) }
        let names = headerFields.map { String(decoding: unquoted(bytes, $0), as: UTF8.self).lowercased().trimmingBlanks }
        var columns: [Int] = []
        var missing: [String] = []
        for column in Column.allCases {
            if let index = names.firstIndex(of: column.rawValue) { columns.append(index) } else { missing.append(column.rawValue) }
        }
        guard missing.isEmpty else { throw .header(missing: missing, columns: header) }
        var layout = Layout(columns: columns, count: names.count)
        layout.packs = names.firstIndex(of: packsColumn)
        if headerLine.upperBound < headerEnd { layout.lineEnd = "\r\n" }
        let body = min(bytes.count, headerEnd + 1)..<bytes.count
        let whole = PriceBookFile(bytes: bytes, layout: layout, body: body, tornLine: nil)
        // per writes each line whole, newline included: a last line without its newline that
        // does not read was cut off while it was written, and is left out; one that reads
        // lost only its newline (another program wrote it), and is kept.
        guard bytes.last != UInt8(ascii: "\n"), body.count > 0 else { return whole }
        let lastStart = (bytes[body].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? body.lowerBound
        var last = lastStart..<bytes.count
        if bytes[last].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return whole }
        if bytes[last.upperBound - 1] == UInt8(ascii: "\r") { last = last.lowerBound..<(last.upperBound - 1) }
        var reader = BookLineReader()
        if (try? whole.entry(last, reader: &reader)) != nil { return whole }
        return PriceBookFile(bytes: bytes, layout: layout, body: body.lowerBound..<lastStart,
                             tornLine: String(decoding: bytes[lastStart..<bytes.count], as: UTF8.self))
    }

    /// The entry of a line's eight fields, in `Column` order, each checked as a line of the
    /// book must be: `fields` are the fields' bytes in `bytes`, unquoted. Texts that lines
    /// repeat (a name, a store, a unit) are kept once, in `texts`.
    /// `packs`: the packs' field, nil for a book without it.
    package static func entry(_ bytes: [UInt8], fields: [Range<Int>], packs packsField: Range<Int>? = nil,
                              texts: inout BookTexts) throws(ObservationError) -> BookEntry {
        func field(_ column: Column) -> Range<Int> {
            var field = fields[columnIndex(column)]
            while !field.isEmpty, bytes[field.lowerBound] == 0x20 || bytes[field.lowerBound] == 0x09 { field = (field.lowerBound + 1)..<field.upperBound }
            while !field.isEmpty, bytes[field.upperBound - 1] == 0x20 || bytes[field.upperBound - 1] == 0x09 { field = field.lowerBound..<(field.upperBound - 1) }
            return field
        }
        func text(_ column: Column) throws(ObservationError) -> Int32 {
            guard let (place, isClean) = texts.text(bytes, field(column)) else { throw .notUTF8(what: column.rawValue) }
            if !isClean { try ObservationError.checkText(texts[place], what: column.rawValue) }
            return place
        }
        let date = try Self.date(bytes, field(.date))
        let name = try text(.name)
        guard name != BookTexts.empty else { throw .missing(what: "name") }
        let price = try decimal(bytes, field(.price), what: "price")
        let currencyPlace = try text(.currency)
        let currency = try Self.currency(texts[currencyPlace])
        let amount = try decimal(bytes, field(.quantity), what: "quantity")
        let unitField = field(.unit)
        guard let (unit, sizeInBasis) = texts.unit(bytes, unitField) else {
            throw .notShoppable(unit: unitField.isEmpty ? "no unit" : VisibleText.visible(String(decoding: bytes[unitField], as: UTF8.self)))
        }
        let store = try text(.store)
        let deal = try text(.deal)
        try texts.checkFormula(name, what: "name")
        try texts.checkFormula(store, what: "store")
        try texts.checkFormula(deal, what: "deal")
        // A price is read as 0 or more (`decimal`).
        if amount.digits == 0 { throw .notPositiveAmount }
        try ObservationError.checkUnit(unit)
        let packs = try packsField.map { field throws(ObservationError) in try Self.packs(bytes, field) } ?? 0
        return BookEntry(date: date, price: price, currency: currency, amount: amount, unit: unit, sizeInBasis: sizeInBasis,
                         store: store, name: name, deal: deal, packs: packs)
    }

    /// The packs of a line's field: empty (one pack, 0), or a whole number from 1 to
    /// `Observation.maxPacks`, blanks around it allowed.
    package static func packs(_ bytes: [UInt8], _ field: Range<Int>) throws(ObservationError) -> Int32 {
        var value: Int64 = 0
        var any = false
        for byte in unquoted(bytes, field) where byte != 0x20 && byte != 0x09 {
            let digit = byte &- 0x30
            guard digit < 10, value <= Int64(Observation.maxPacks) else { throw .notPacks }
            value = value * 10 + Int64(digit)
            any = true
        }
        guard !any || (1...Int64(Observation.maxPacks)).contains(value) else { throw .notPacks }
        return Int32(value)
    }

    /// The currency of a line's field: a code (`EUR`) or a symbol (`€`); nil for none.
    package static func currency(_ text: String) throws(ObservationError) -> CurrencyCode? {
        guard !text.isEmpty else { return nil }
        guard let currency = CurrencyCode.named(text) ?? text.first.flatMap({ CurrencyCode.withSymbol($0) }), text.count <= 3 else {
            throw .unknownCurrency(text)
        }
        return currency
    }

    private static func columnIndex(_ column: Column) -> Int {
        switch column {
        case .date: return 0
        case .store: return 1
        case .name: return 2
        case .price: return 3
        case .currency: return 4
        case .quantity: return 5
        case .unit: return 6
        case .deal: return 7
        }
    }

    /// `2026-10-30`, from its bytes.
    package static func date(_ bytes: [UInt8], _ field: Range<Int>) throws(ObservationError) -> CalendarDate {
        // Called once the field is known to have its ten bytes.
        func number(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for index in (field.lowerBound + offset)..<(field.lowerBound + offset + count) {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let dash = UInt8(ascii: "-")
        guard field.count == 10, bytes[field.lowerBound + 4] == dash, bytes[field.lowerBound + 7] == dash,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else {
            throw .badDate(String(decoding: bytes[field], as: UTF8.self))
        }
        do {
            return try CalendarDate.checked(year: year, month: month, day: day)
        } catch {
            throw .noSuchDate(error.message)
        }
    }

    /// A decimal as the file writes it, from its bytes: digits with at most one `.`, at
    /// most `Observation.maxDigits` of them; a leading `-` is read so that a negative price
    /// is named as such.
    package static func decimal(_ bytes: [UInt8], _ field: Range<Int>, what: String) throws(ObservationError) -> BookDecimal {
        var mantissa: Int64 = 0
        var digits = 0, decimals = 0
        var point = false, negative = false, any = false
        for index in field {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-"), index == field.lowerBound { negative = true; continue }
            if byte == UInt8(ascii: "."), !point { point = true; continue }
            guard byte >= 0x30 && byte <= 0x39 else { throw .notDecimal(what: what) }
            any = true
            if point { decimals += 1 }
            if digits > 0 || byte != 0x30 { digits += 1 }
            guard digits <= Observation.maxDigits, decimals <= Observation.maxDigits else { throw .tooManyDigits(what: what) }
            mantissa = mantissa * 10 + Int64(byte - 0x30)
        }
        guard any else { throw .notDecimal(what: what) }
        if negative && mantissa != 0 { throw what == "price" ? .negativePrice : .notPositiveAmount }
        return BookDecimal(digits: mantissa, places: UInt8(decimals))
    }

    /// The fields of a line as byte ranges (quotes included), or nil when a quote is not
    /// closed.
    package static func fields(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>]? {
        var fields: [Range<Int>] = []
        return Self.fields(bytes, line, into: &fields).map { Array(fields.prefix($0)) }
    }

    /// `fields(_:_:)` into the first places of an array kept from line to line: how many
    /// there are, or nil when a quote is not closed.
    package static func fields(_ bytes: [UInt8], _ line: Range<Int>, into fields: inout [Range<Int>]) -> Int? {
        var count = 0
        var index = line.lowerBound
        while true {
            let start = index
            if index < line.upperBound, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < line.upperBound else { return nil }
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < line.upperBound, bytes[index + 1] == UInt8(ascii: "\"") { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
            }
            while index < line.upperBound, bytes[index] != UInt8(ascii: ",") { index += 1 }
            if count < fields.count { fields[count] = start..<index } else { fields.append(start..<index) }
            count += 1
            if index >= line.upperBound { return count }
            index += 1
        }
    }

    /// A field's bytes without its quotes, `""` read as one quote.
    package static func unquoted(_ bytes: [UInt8], _ field: Range<Int>) -> ArraySlice<UInt8> {
        guard field.count >= 2, bytes[field.lowerBound] == UInt8(ascii: "\""), bytes[field.upperBound - 1] == UInt8(ascii: "\"") else {
            return bytes[field]
        }
        let inner = bytes[(field.lowerBound + 1)..<(field.upperBound - 1)]
        guard inner.contains(UInt8(ascii: "\"")) else { return inner }
        var out: [UInt8] = []
        var index = inner.startIndex
        while index < inner.endIndex {
            out.append(inner[index])
            index += inner[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        return out[...]
    }
}
