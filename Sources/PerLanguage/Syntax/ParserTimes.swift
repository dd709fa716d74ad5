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
        // `2026-12-24T18:00Z`, `…T18:00-05:00`: ISO 8601's zone, glued to a date-time written
        // with its T.
        let start = current.range.lowerBound
        if start == token.range.upperBound, token.kind == .dateTime, source.scalars[token.range].contains("T"),
           let end = lexer.isoZoneEnd(at: start) {
            var written = try skipZone(start..<end)
            // `+0100` as `+01:00`.
            if written.count == 5 { written.insert(":", at: written.index(written.startIndex, offsetBy: 3)) }
            return try builder.zoned(time, zone: written == "Z" ? "UTC" : "UTC" + written, zoneRange: start..<end)
        }
        // `14:30 Europe/Berlin`, `9:00 UTC`, `9:00 UTC+05:30`: a zone after a blank; after a
        // date with a time an offset alone too (`2026-12-24 18:00 -05:00`), which no
        // difference of times could be.
        guard start > token.range.upperBound else { return time }
        if let end = lexer.zoneEnd(at: start, afterTime: true) {
            return try builder.zoned(time, zone: skipZone(start..<end), zoneRange: start..<end)
        }
        if token.kind == .dateTime, let end = lexer.offsetEnd(start) {
            return try builder.zoned(time, zone: "UTC" + skipZone(start..<end), zoneRange: start..<end)
        }
        if case .identifier(let word) = current.kind {
            if let used = ZoneProblem.abbreviations[word] {
                throw Diagnostic(ZoneProblem.abbreviation(word, zone: used.zone, offset: used.offset), at: current.range)
            }
            // `18:00 UTC+5`: hours alone after UTC.
            let after = current.range.upperBound
            if word.uppercased() == "UTC", after + 1 < source.scalars.endIndex,
               source.scalars[after] == "+" || source.scalars[after] == "-", lexer.isDigit(source.scalars[after + 1]) {
                var end = after + 1
                while end < source.scalars.endIndex, lexer.isDigit(source.scalars[end]) || source.scalars[end] == ":" { end += 1 }
                throw Diagnostic(ZoneProblem.offsetForm("UTC"), at: current.range.lowerBound..<end)
            }
        }
        return time
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
