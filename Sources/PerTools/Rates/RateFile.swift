import PerNumbers
import PerUnits
import PerLanguage

/// Files of exchange rates (`help rate`): the European Central Bank's euro foreign exchange
/// reference rates as it publishes them in XML (`eurofxref-daily.xml`, one day;
/// `eurofxref-hist.xml`, every day since 1999: `<Cube time='2026-11-27'>` holding
/// `<Cube currency='USD' rate='1.0812'/>`, each rate the units of the currency one euro is
/// worth), a CSV `date,currency,rate` of the same rates, and per's own `rates.csv`, which
/// adds each rate's source: `date,currency,rate,source`. Reading never fails as a whole: a
/// line that does not read is named with its number and why, and nothing of what it held
/// is shown, so a hostile file cannot put control characters or a spreadsheet formula on
/// the terminal.
public enum RateFile {
    /// The header per writes, and one a CSV may start with (without `source`).
    public static let header = "date,currency,rate,source"
    /// Most rates a file may hold: the ECB's whole history is about 200,000.
    public static let maxEntries = 2_000_000
    /// Longest rate read, in characters.
    static let maxRateLength = 40

    /// A line that did not read, and why, in words of per's own.
    public struct LineProblem: Sendable, Equatable {
        public let line: Int
        public let message: String
    }

    /// One rate read: a euro's worth in `currency` on `date`.
    public struct Rate: Sendable, Equatable {
        public let date: CalendarDate
        public let currency: CurrencyCode
        public let perEuro: Rational
        /// The line's source (per's own file), else nil: the file read.
        public let source: String?
    }

    /// What a file held.
    public struct Reading: Sendable, Equatable {
        public var rates: [Rate] = []
        public var problems: [LineProblem] = []
        /// Well-formed codes of currencies per does not know (`BGN`), each once, sorted.
        public var unknownCurrencies: [String] = []
        /// Whether the file stopped at `maxEntries`.
        public var truncated = false
    }

    /// Reads an XML file of the ECB's (its first character `<`) or a CSV.
    public static func read(_ bytes: [UInt8]) -> Reading {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = bytes[start...].first { !isBlank($0) }
        return first == UInt8(ascii: "<") ? readXML(bytes) : readCSV(bytes[start...])
    }

    // MARK: XML

    /// Each `<Cube …>` tag in turn: one with `time=` starts a day, one with `currency=` and
    /// `rate=` is a rate of the day before it. Everything else in the file is passed over.
    static func readXML(_ bytes: [UInt8]) -> Reading {
        var reading = Reading(), unknown = Set<String>()
        var day: CalendarDate? = nil
        var line = 1, index = 0
        let tag = Array("<Cube".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: tag),
                  index + tag.count < bytes.count, isBlank(bytes[index + tag.count]) || bytes[index + tag.count] == UInt8(ascii: ">")
                    || bytes[index + tag.count] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let tagLine = line
            guard let end = bytes[index...].prefix(1000).firstIndex(of: UInt8(ascii: ">")) else {
                reading.problems.append(LineProblem(line: tagLine, message: "a <Cube tag without its end"))
                break
            }
            line += bytes[index..<end].count { $0 == UInt8(ascii: "\n") }
            guard let attributes = attributes(bytes[(index + tag.count)..<end]) else {
                reading.problems.append(LineProblem(line: tagLine, message: "a <Cube tag that does not read"))
                index = end + 1
                continue
            }
            index = end + 1
            if let time = attributes["time"] {
                day = date(time)
                if day == nil { reading.problems.append(LineProblem(line: tagLine, message: "time is not a date (YYYY-MM-DD)")) }
                continue
            }
            guard let currency = attributes["currency"] else { continue }
            guard let day else {
                reading.problems.append(LineProblem(line: tagLine, message: "a rate outside a day's <Cube time=...>"))
                continue
            }
            add(day: day, currency: currency, rate: attributes["rate"] ?? [], source: nil, line: tagLine, to: &reading, unknown: &unknown)
            if reading.truncated { break }
        }
        reading.unknownCurrencies = unknown.sorted()
        return reading
    }

    /// `currency='USD' rate="1.0812"`: names and values, at most 16 of them; nil when the
    /// text is not that.
    static func attributes(_ text: ArraySlice<UInt8>) -> [String: [UInt8]]? {
        var result: [String: [UInt8]] = [:]
        var index = text.startIndex
        while true {
            while index < text.endIndex, isBlank(text[index]) { index += 1 }
            if index == text.endIndex || text[index] == UInt8(ascii: "/") { return result }
            let nameStart = index
            while index < text.endIndex, isNameByte(text[index]) { index += 1 }
            guard index > nameStart, index - nameStart <= 32, index < text.endIndex, text[index] == UInt8(ascii: "="),
                  index + 1 < text.endIndex else { return nil }
            let name = String(decoding: text[nameStart..<index], as: UTF8.self)
            let quote = text[index + 1]
            guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return nil }
            guard let close = text[(index + 2)...].firstIndex(of: quote), close - index <= 100 else { return nil }
            result[name] = Array(text[(index + 2)..<close])
            guard result.count <= 16 else { return nil }
            index = close + 1
        }
    }

    // MARK: CSV

    /// `date,currency,rate` lines, or per's own with `,source`; a first line that names the
    /// columns is passed over. Fields are read as CSV reads them: `"2026-11-20","USD","1.05"`
    /// is a rate, `""` in quotes one quote.
    static func readCSV(_ slice: ArraySlice<UInt8>) -> Reading {
        var reading = Reading(), unknown = Set<String>()
        let bytes = Array(slice)
        var number = 0, start = 0
        var ranges: [Range<Int>] = []
        while start <= bytes.count {
            number += 1
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            defer { start = next }
            if bytes[start..<end].allSatisfy(isBlank) { continue }
            guard let count = PriceBookCSV.fields(bytes, start..<end, into: &ranges) else {
                reading.problems.append(LineProblem(line: number, message: "a quote is not closed"))
                continue
            }
            let fields = ranges.prefix(count).map { range in
                var range = range
                while let first = range.first, isBlank(bytes[first]) { range = range.dropFirst() }
                while let last = range.last, isBlank(bytes[last]) { range = range.dropLast() }
                return trimmed(PriceBookCSV.unquoted(bytes, range))
            }
            if number == 1, let first = fields.first, String(decoding: first, as: UTF8.self).lowercased() == "date" { continue }
            guard fields.count == 3 || fields.count == 4 else {
                reading.problems.append(LineProblem(line: number, message: "expected date,currency,rate"))
                continue
            }
            guard let day = date(Array(fields[0])) else {
                reading.problems.append(LineProblem(line: number, message: "not a date (YYYY-MM-DD)"))
                continue
            }
            let source = fields.count == 4 ? sourceName(String(decoding: fields[3], as: UTF8.self)) : nil
            add(day: day, currency: Array(fields[1]), rate: Array(fields[2]), source: source, line: number, to: &reading, unknown: &unknown)
            if reading.truncated { break }
        }
        reading.unknownCurrencies = unknown.sorted()
        return reading
    }

    // MARK: Fields

    /// A rate read, or the line's problem: a currency per does not know is counted apart.
    private static func add(day: CalendarDate, currency: [UInt8], rate: [UInt8], source: String?, line: Int,
                            to reading: inout Reading, unknown: inout Set<String>) {
        guard currency.count == 3, currency.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            reading.problems.append(LineProblem(line: line, message: "the currency is not a code of three capital letters (USD)"))
            return
        }
        let code = String(decoding: currency, as: UTF8.self)
        guard let known = CurrencyCode.named(code) else {
            unknown.insert(code)
            return
        }
        guard let value = decimal(rate), value.signum > 0 else {
            reading.problems.append(LineProblem(line: line, message: "the rate is not a positive decimal such as 1.0812"))
            return
        }
        if known == ReferenceRates.euro {
            reading.problems.append(LineProblem(line: line, message: value == .one ? "EUR itself: the rates are per euro"
                                                                   : "a euro is worth 1 EUR: the rates are per euro"))
            return
        }
        guard reading.rates.count < maxEntries else {
            reading.truncated = true
            return
        }
        reading.rates.append(Rate(date: day, currency: known, perEuro: value, source: source))
    }

    /// `2026-11-27`, a day on the calendar; nil for anything else.
    static func date(_ text: [UInt8]) -> CalendarDate? {
        guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in text[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return try? CalendarDate.checked(year: year, month: month, day: day)
    }

    /// `1.0812`: digits with at most one point among them, exactly; nil for anything else.
    static func decimal(_ text: [UInt8]) -> Rational? {
        guard !text.isEmpty, text.count <= maxRateLength,
              text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }),
              text.count { $0 == UInt8(ascii: ".") } <= 1, text.first != UInt8(ascii: "."), text.last != UInt8(ascii: ".") else { return nil }
        return Rational(decimal: String(decoding: text, as: UTF8.self))
    }

    /// A file's name as a rate's source in `rates.csv`: its last part, with letters, digits
    /// and `. _ -` kept and anything else `_`, never starting with a character a spreadsheet
    /// reads as a formula (`= + - @`), at most 64 characters; `file` when nothing is left.
    public static func sourceName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        var name = String(last.unicodeScalars.prefix(64).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        while let first = name.first, "=+-@".contains(first) { name.removeFirst() }
        return name.isEmpty ? "file" : name
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
    }

    private static func trimmed(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var field = field
        while let first = field.first, isBlank(first) { field = field.dropFirst() }
        while let last = field.last, isBlank(last) { field = field.dropLast() }
        return field
    }
}
