/// The price book as a file: CSV with a header (RFC 4180 quoting), one observation a line,
/// that a spreadsheet opens. Reading never fails on a line: a line that cannot be read is
/// reported with its number and skipped, and a last line without its newline (cut off by a
/// kill while it was written) is left out with a warning.
public enum PriceBookCSV {
    public enum Column: String, CaseIterable, Sendable {
        case date, store, name, price, currency, quantity, unit, deal
    }

    /// `date,store,name,price,currency,quantity,unit,deal`.
    public static let header = Column.allCases.map(\.rawValue).joined(separator: ",")

    /// A line that was skipped, and why.
    public struct LineProblem: Sendable, Equatable {
        public let line: Int
        public let message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Why a whole file is not read as a price book.
    public enum Refusal: Error, Sendable, Equatable {
        case notText
        case header(missing: [String])

        public var message: String {
            switch self {
            case .notText: return "it is not a text file (a price book is CSV)"
            case .header(let missing):
                return "its first line is not a price book's header: it needs the columns \(PriceBookCSV.header)"
                    + " (missing: \(missing.joined(separator: ", ")))"
            }
        }
    }

    /// What a file held: its observations in file order, each with its line number.
    public struct Reading: Sendable {
        public var observations: [(line: Int, observation: Observation)] = []
        public var problems: [LineProblem] = []
        /// The text of a last line cut off before its newline, left out.
        public var tornLine: String? = nil
    }

    /// An observation as a line of the file, newline included.
    public static func line(_ observation: Observation) -> String {
        let fields = [observation.date.text, observation.store, observation.name,
                      (try? decimalText(observation.price, what: "price")) ?? "",
                      observation.currency?.code ?? "",
                      (try? decimalText(observation.amount, what: "quantity")) ?? "",
                      observation.unit.symbol, observation.deal]
        return fields.map(quoted).joined(separator: ",") + "\n"
    }

    /// A field quoted when it must be: with a comma, a quote or a leading or trailing blank.
    static func quoted(_ field: String) -> String {
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

    /// Reads a file's bytes. Lines are numbered from 1, the header's included.
    public static func read(_ bytes: [UInt8]) throws(Refusal) -> Reading {
        if bytes.contains(0) { throw .notText }
        var reading = Reading()
        var lines = LineSplitter(bytes)
        // A byte-order mark, as spreadsheets write, is no part of the header.
        guard var headerLine = lines.next() else { return reading }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { headerLine = (headerLine.lowerBound + 3)..<headerLine.upperBound }
        guard let headerFields = fields(bytes, headerLine) else { throw .header(missing: Column.allCases.map(\.rawValue)) }
        let names = headerFields.map { String(decoding: bytes[$0], as: UTF8.self).lowercased().trimmingBlanks }
        var columns: [Int] = []
        var missing: [String] = []
        for column in Column.allCases {
            if let index = names.firstIndex(of: column.rawValue) { columns.append(index) } else { missing.append(column.rawValue) }
        }
        guard missing.isEmpty else { throw .header(missing: missing) }
        var number = 1
        while let range = lines.next() {
            number += 1
            if range.isEmpty || bytes[range].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do throws(ObservationError) {
                guard let found = fields(bytes, range) else { throw .unclosedQuote }
                // Columns after the book's own may be left off, as spreadsheets leave empty ones.
                guard found.count > columns.max()! else { throw .fieldCount(found.count, header: names.count) }
                let observation = try self.observation(bytes, fields: columns.map { found[$0] })
                reading.observations.append((number, observation))
            } catch {
                // A last line without its newline that does not read was cut off while written.
                if lines.lastWasTorn {
                    reading.tornLine = String(decoding: bytes[range], as: UTF8.self)
                } else {
                    reading.problems.append(LineProblem(line: number, message: error.message))
                }
            }
        }
        return reading
    }

    /// An observation from its eight fields, in `Column` order.
    private static func observation(_ bytes: [UInt8], fields: [Range<Int>]) throws(ObservationError) -> Observation {
        func text(_ column: Column) throws(ObservationError) -> String {
            let field = unquoted(bytes, fields[columnIndex(column)])
            guard let text = String(validating: field, as: UTF8.self) else { throw .controlCharacter(what: column.rawValue) }
            return text.trimmingBlanks
        }
        let dateText = try text(.date)
        let date = try Self.date(dateText)
        let name = try text(.name)
        guard !name.isEmpty else { throw .missing(what: "name") }
        let price = try decimal(try text(.price), what: "price")
        let currencyText = try text(.currency)
        var currency: CurrencyCode? = nil
        if !currencyText.isEmpty {
            currency = CurrencyCode.named(currencyText) ?? currencyText.first.flatMap { CurrencyCode.withSymbol($0) }
            guard currency != nil, currencyText.count <= 3 else { throw .unknownCurrency(currencyText) }
        }
        let amount = try decimal(try text(.quantity), what: "quantity")
        let unitText = try text(.unit)
        guard let unit = UnitTable.unit(named: unitText)?.atom else { throw .notShoppable(unit: unitText.isEmpty ? "no unit" : unitText) }
        let observation = Observation(date: date, store: try text(.store), name: name, price: price, currency: currency,
                                      amount: amount, unit: unit, deal: try text(.deal))
        try ObservationError.check(observation)
        return observation
    }

    private static func columnIndex(_ column: Column) -> Int { Column.allCases.firstIndex(of: column)! }

    /// `2026-10-30`.
    static func date(_ text: String) throws(ObservationError) -> CalendarDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw .badDate(text)
        }
        do {
            return try CalendarDate.checked(year: year, month: month, day: day)
        } catch {
            throw .noSuchDate(error.message)
        }
    }

    /// A decimal as the file writes it: digits with at most one `.`; a leading `-` is read
    /// so that a negative price is named as such.
    static func decimal(_ text: String, what: String) throws(ObservationError) -> Rational {
        var scalars = Substring(text)
        let negative = scalars.first == "-"
        if negative { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .notDecimal(what: what)
        }
        let digits = (whole + fraction).drop { $0 == "0" }
        guard digits.count <= Observation.maxDigits, fraction.count <= Observation.maxDigits, let mantissa = Int64(digits.isEmpty ? "0" : digits) else {
            throw .tooManyDigits(what: what)
        }
        if negative && mantissa != 0 { throw what == "price" ? .negativePrice : .notPositiveAmount }
        return Lexer.decimal(mantissa, decimals: fraction.count)
    }

    /// The fields of a line as byte ranges (quotes included), or nil when a quote is not
    /// closed.
    static func fields(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>]? {
        var fields: [Range<Int>] = []
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
            fields.append(start..<index)
            if index >= line.upperBound { return fields }
            index += 1
        }
    }

    /// A field's bytes without its quotes, `""` read as one quote.
    static func unquoted(_ bytes: [UInt8], _ field: Range<Int>) -> ArraySlice<UInt8> {
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

/// The lines of a file: ranges without their `\n` (or `\r\n`); `lastWasTorn` says whether
/// the line just given ended the file without a newline.
struct LineSplitter {
    private let bytes: [UInt8]
    private var index = 0
    private(set) var lastWasTorn = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Range<Int>? {
        guard index < bytes.count else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        lastWasTorn = index == bytes.count
        var end = index
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        index += 1
        return start..<end
    }
}
