import PerNumbers
import PerUnits

// MARK: Times and zones (`help dates`)

extension Parser {
    /// A time of day (`17:30`) or a date with a time (`2026-12-24 18:00`), whose days
    /// `literal` holds. (Apart, so the operand's frame, on the path of every nested
    /// parenthesis, does not grow.)
    @inline(never)
    mutating func timeOperand(_ literal: Number, token: Token) throws(Diagnostic) -> Builder.Value {
        let value = try builder.number(literal, money: nil, range: token.range)
        let time = try builder.applying(CompoundUnit(token.kind == .clock ? UnitTable.clock : UnitTable.dateTime), to: value, range: token.range)
        let withT = token.kind == .dateTime && source.scalars[token.range].contains("T")
        return try zone(after: time, at: token.range, dateTime: token.kind == .dateTime, withT: withT)
    }

    /// `tomorrow 9:00`, `Dec 24 9:00`: `date`, written from `start`, and the time of day
    /// after it (the current token), one date with a time, with a zone after it as after
    /// `2026-12-24 18:00`.
    @inline(never)
    mutating func dateWithTime(_ date: Builder.Value, from start: Int) throws(Diagnostic) -> Builder.Value {
        let literal = lexer.literal
        let token = try advance()
        let value = try builder.number(literal, money: nil, range: token.range)
        let time = try builder.applying(CompoundUnit(UnitTable.clock), to: value, range: token.range)
        let range = start..<token.range.upperBound
        return try zone(after: try builder.dateTime(date, at: time, range: range), at: range, dateTime: true, withT: false)
    }

    /// `today`, `tomorrow` or `yesterday` (not the user's variable) and, after a blank, a
    /// time of day: one date with a time (`dateWithTime`); nil for anything else.
    @inline(never)
    mutating func dateWordWithTime(_ name: String, token: Token) throws(Diagnostic) -> Builder.Value? {
        guard current.kind == .clock, current.range.lowerBound > token.range.upperBound,
              Self.isDateWord(name), !builder.isVariable(name) else { return nil }
        return try dateWithTime(try builder.name(name, range: token.range), from: token.range.lowerBound)
    }

    /// Whether a word is one of the local dates: `today`, `tomorrow`, `yesterday`.
    static func isDateWord(_ name: String) -> Bool { name == "today" || name == "tomorrow" || name == "yesterday" }

    /// Whether a token is a time of day, or one refused as not on the clock (`9:60`).
    static func isTimeOfDay(_ kind: Token.Kind) -> Bool {
        if case .invalid(.invalidTime) = kind { return true }
        return kind == .clock
    }

    /// `December 24` (this year's), and, after a blank, a time of day on it
    /// (`dateWithTime`).
    @inline(never)
    mutating func monthDayOperand(_ token: Token, month: UInt8, day: UInt8) throws(Diagnostic) -> Builder.Value {
        // The day is the token's last one or two digits.
        let dayStart = token.range.upperBound - (source.scalars[token.range.upperBound - 2].value &- 48 < 10 ? 2 : 1)
        let date = try builder.date(month: Int(month), day: Int(day), range: token.range, dayRange: dayStart..<token.range.upperBound)
        guard current.kind == .clock, current.range.lowerBound > token.range.upperBound else { return date }
        return try dateWithTime(date, from: token.range.lowerBound)
    }

    /// A time written at `range` (`dateTime`: a date with one) and the zone after it, if
    /// any: ISO 8601's glued to a date-time written with its T (`withT`), or one after a
    /// blank.
    private mutating func zone(after time: Builder.Value, at range: Range<Int>, dateTime: Bool, withT: Bool) throws(Diagnostic) -> Builder.Value {
        // `2026-12-24T18:00Z`, `…T18:00-05:00`: ISO 8601's zone, glued to a date-time written
        // with its T.
        let start = current.range.lowerBound
        if start == range.upperBound, withT, let end = lexer.isoZoneEnd(at: start) {
            var written = try skipZone(start..<end)
            // `+0100` as `+01:00`.
            if written.count == 5 { written.insert(":", at: written.index(written.startIndex, offsetBy: 3)) }
            return try builder.zoned(time, zone: written == "Z" ? "UTC" : "UTC" + written, zoneRange: start..<end)
        }
        // `14:30 Europe/Berlin`, `9:00 UTC`, `9:00 UTC+05:30`: a zone after a blank; after a
        // date with a time an offset alone too (`2026-12-24 18:00 -05:00`), which no
        // difference of times could be.
        guard start > range.upperBound else { return time }
        if let end = lexer.zoneEnd(at: start, afterTime: true) {
            return try builder.zoned(time, zone: skipZone(start..<end), zoneRange: start..<end)
        }
        if dateTime, let end = lexer.offsetEnd(start) {
            return try builder.zoned(time, zone: "UTC" + skipZone(start..<end), zoneRange: start..<end)
        }
        if case .identifier(let word) = current.kind {
            if let used = ZoneProblem.abbreviations[word] {
                throw Diagnostic(ZoneProblem.abbreviation(word, zone: used.zone, offset: used.offset), at: current.range)
            }
        }
        try refuseOffsetForm(bareSign: false)
        return time
    }

    /// `UTC+5`, `UTC+0545`, `UTC-3:30` (and, after `to`, `+0545`: `bareSign`) at the current
    /// token: an offset not written as hours:minutes, refused saying how it is, after a
    /// time and after `to` alike.
    private func refuseOffsetForm(bareSign: Bool) throws(Diagnostic) {
        let scalars = source.scalars
        var signAt = current.range.lowerBound
        var written = ""
        if case .identifier(let word) = current.kind, word.uppercased() == "UTC" {
            signAt = current.range.upperBound
            written = "UTC"
        } else if !bareSign {
            return
        }
        guard signAt + 1 < scalars.endIndex, scalars[signAt] == "+" || scalars[signAt] == "-", lexer.isDigit(scalars[signAt + 1]) else { return }
        var end = signAt + 1
        while end < scalars.endIndex, lexer.isDigit(scalars[end]) || scalars[end] == ":" { end += 1 }
        throw Diagnostic(ZoneProblem.offsetForm(written), at: current.range.lowerBound..<end)
    }

    /// `to ZONE` after a time: the value converted, when a zone is written at `start`.
    /// (Apart, so the frame of `expression`, on the path of every nested parenthesis, does
    /// not grow.)
    @inline(never)
    mutating func convertToZone(_ value: inout Builder.Value, at start: Int) throws(Diagnostic) -> Bool {
        guard let end = lexer.zoneEnd(at: start, afterTime: false) else {
            if case .identifier(let word) = current.kind, let used = ZoneProblem.abbreviations[word] {
                throw Diagnostic(ZoneProblem.abbreviation(word, zone: used.zone, offset: used.offset), at: current.range)
            }
            try refuseOffsetForm(bareSign: Builder.isTime(value))
            return false
        }
        value = try builder.convert(value, toZone: skipZone(start..<end), zoneRange: start..<end)
        return true
    }

    /// Moves past a zone written at `range`, read by the lexer's `zoneEnd` rather than as
    /// tokens (`Europe/Berlin` is no division), and returns its text.
    mutating func skipZone(_ range: Range<Int>) throws(Diagnostic) -> String {
        lexer.index = range.upperBound
        previousEnd = range.upperBound
        current = lexer.next()
        tokenCount += 1
        if tokenCount > ParserLimits.maxTokens { throw Diagnostic(.tooManyTokens, at: current.range) }
        return String(String.UnicodeScalarView(source.scalars[range]))
    }
}
