import PerNumbers
import PerUnits
import PerLanguage

/// A cell of a CSV file as a column's value (`load FILE.csv`): a number, a date, a time of
/// day or a date with a time, read as a statement reads them (the lexer, in the session's
/// input notation), with an optional sign before a number and a currency symbol by it.
package enum CSVCell: Sendable, Equatable {
    case number(Number, currency: CurrencyCode?)
    /// A day number.
    case date(Number)
    /// A fraction of a day since midnight.
    case clock(Number)
    /// Days since 1970-01-01 with the fraction of the day.
    case dateTime(Number)

    /// The cell `bytes` (no blanks around it) as a value, or nil when it is none.
    /// A plain decimal (`-12.5`, the decimal separator of `notation`, at most 18 digits) and
    /// an ISO date (`2026-03-14`) are read at once; anything else by the lexer, which reads
    /// them the same (`CSVCellTests` compares both on random cells).
    package static func read(_ bytes: ArraySlice<UInt8>, notation: InputNotation) -> CSVCell? {
        if let plain = plainDecimal(bytes, point: notation == .dot ? UInt8(ascii: ".") : UInt8(ascii: ",")) {
            return .number(.exact(plain), currency: nil)
        }
        if let day = isoDate(bytes) { return .date(Number(day)) }
        return lexed(bytes, notation: notation)
    }

    /// `[-+]digits[.digits]`, `.5`, `5.` (not `5,` in comma input): digits on one side of the
    /// point at least, 18 in all at most.
    package static func plainDecimal(_ bytes: ArraySlice<UInt8>, point: UInt8) -> Rational? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: Int64 = 0
        var digits = 0, decimals = 0
        var sawPoint = false
        while index < end {
            let byte = bytes[index]
            if byte &- 48 < 10 {
                guard digits < 18 else { return nil }
                mantissa = mantissa * 10 + Int64(byte &- 48)
                digits += 1
                if sawPoint { decimals += 1 }
            } else if byte == point, !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        // `5,` is no number in comma input, as `5.` is one in dot input.
        guard digits > 0, !(sawPoint && point == UInt8(ascii: ",") && bytes.last == point) else { return nil }
        let value = Rational.decimal(mantissa, decimals: decimals)
        return negative ? -value : value
    }

    /// `YYYY-MM-DD` on the calendar: its day number.
    package static func isoDate(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count == 10 else { return nil }
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in (start + from)..<(start + from + count) {
                let digit = bytes[index] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let date = try? CalendarDate.checked(year: year, month: month, day: day) else { return nil }
        return date.dayNumber
    }

    /// The cell read by the lexer: a sign and a number, or a date, a time of day or a date
    /// with a time, and nothing after it. Cells longer than `ColumnRefusal.maxCellLength`
    /// are none.
    package static func lexed(_ bytes: ArraySlice<UInt8>, notation: InputNotation) -> CSVCell? {
        guard !bytes.isEmpty, bytes.count <= ColumnRefusal.maxCellLength, let text = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        var lexer = Lexer(StatementSource(text), notation: notation, blankGroups: true)
        var token = lexer.next()
        var negative = false
        if token.kind == .minus || token.kind == .plus {
            negative = token.kind == .minus
            token = lexer.next()
        }
        let literal = lexer.literal
        let kind = token.kind
        // `2026-12-24T18:00Z`, `…T18:00+01:00`: ISO 8601's zone glued on, read as UTC.
        if kind == .dateTime, !negative, let zoned = utc(literal, zoneAt: token.range.upperBound, of: lexer) { return .dateTime(zoned) }
        guard lexer.next().kind == .end else { return nil }
        switch kind {
        case .number(let symbol):
            let currency = symbol.flatMap { CurrencyCode.withSymbol(Character($0)) }
            if symbol != nil, currency == nil { return nil }
            return .number(negative ? -literal : literal, currency: currency)
        case .date where !negative: return .date(literal)
        case .clock where !negative: return .clock(literal)
        case .dateTime where !negative: return .dateTime(literal)
        default: return nil
        }
    }

    /// A date-time's days (`days`, since 1970-01-01 on its clock) in UTC, when ISO 8601's
    /// zone, `Z` or `±hh:mm`, is glued to it at `start` and ends the cell; nil otherwise.
    private static func utc(_ days: Number, zoneAt start: Int, of lexer: Lexer) -> Number? {
        guard let end = lexer.isoZoneEnd(at: start), end == lexer.source.endIndex, case .exact(let local) = days else { return nil }
        let scalars = lexer.source[start..<end]
        guard scalars.first != "Z" else { return days }
        func digits(_ at: Int) -> Int { Int(scalars[at].value - 48) * 10 + Int(scalars[at + 1].value - 48) }
        let first = scalars.startIndex
        let minutes = digits(first + 1) * 60 + digits(first + 4)
        let offset = Rational(scalars[first] == "-" ? -minutes : minutes) / Rational(24 * 60)
        return .exact(local - offset)
    }

    /// Why the cell `bytes`, which is no value, is a number per cannot hold (`1e999999`,
    /// `-1e-999999`): the error per's own literal gives; nil for any other cell.
    package static func outOfRange(_ bytes: ArraySlice<UInt8>, notation: InputNotation) -> ArithmeticError? {
        guard !bytes.isEmpty, bytes.count <= ColumnRefusal.maxCellLength, let text = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        var lexer = Lexer(StatementSource(text), notation: notation, blankGroups: true)
        var token = lexer.next()
        if token.kind == .minus || token.kind == .plus { token = lexer.next() }
        guard case .invalid(.literalOutOfRange(let error)) = token.kind, lexer.next().kind == .end else { return nil }
        return error
    }
}
