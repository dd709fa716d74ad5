import PerNumbers

// MARK: Times of day (`help dates`)

extension Lexer {
    /// The digits from `position`: their value (up to nine of them), how many, and where
    /// they end; nil when there are none.
    private func digitRun(at position: Int) -> (value: Int, count: Int, end: Int)? {
        var value = 0, end = position
        while end < source.endIndex, isDigit(source[end]) {
            if end - position < 9 { value = value * 10 + Int(source[end].value &- 48) }
            end += 1
        }
        return end > position ? (value, end - position, end) : nil
    }

    /// Whether `am` or `pm` stands at `position` as a word of its own: true for pm, false
    /// for am, nil for anything else (`9 amps`, `5 pmol`).
    private func meridiem(at position: Int) -> Bool? {
        guard position + 1 < source.endIndex, source[position + 1].value | 0x20 == 0x6D else { return nil }
        let after = position + 2
        if after < source.endIndex, Lexer.isNameContinuation(source[after]) { return nil }
        switch source[position].value | 0x20 {
        case 0x61: return false
        case 0x70: return true
        default: return nil
        }
    }

    /// `9am`, `12pm`, `5 pm`: digits read from `start` up to here, right before `am` or
    /// `pm` as a word (after a blank, `afterBlank`); the token `.clock`, an `.invalid` one for an hour not on the 12-hour clock
    /// (`13pm`), or nil, reading nothing, for anything else (`5 pmol`).
    package mutating func hourWithMeridiem(start: Int, digitCount: Int, hour: Int, afterBlank: Bool = false) -> Token? {
        let word = afterBlank ? index + 1 : index
        guard let pm = meridiem(at: word) else { return nil }
        let hourAt = start..<index
        guard digitCount <= 2 else { return Token(.invalid(.invalidTime(.hourDigits)), hourAt) }
        do throws(ClockTime.Refusal) {
            let seconds = try ClockTime.seconds(hour: try ClockTime.hour(hour, pm: pm), minute: 0, second: 0)
            index = word + 2
            literal = .exact(Rational(BigInt(seconds), BigInt(ClockTime.secondsPerDay)))
            return Token(.clock, start..<index)
        } catch {
            return Token(.invalid(.invalidTime(error)), hourAt)
        }
    }

    /// `9:00`, `17:30:15`, `5:30 pm`: digits read from `start` up to here, where a `:`
    /// stands, then minutes, and seconds after a second `:`, of two digits each, and `am`
    /// or `pm` as a word, joined or after a blank. The token `.clock` with the fraction of
    /// the day in `literal`, or an `.invalid` one at the part at fault (`25:00`, `9:60`,
    /// `9:5`); nil, reading nothing, when no digit follows the `:`.
    package mutating func timeOfDay(start: Int, digitCount: Int, hour: Int) -> Token? {
        guard let minute = digitRun(at: index + 1) else { return nil }
        let hourAt = start..<index
        let minuteAt = (index + 1)..<minute.end
        guard minute.count == 2 else { return Token(.invalid(.invalidTime(.twoDigits("minutes"))), minuteAt) }
        var end = minute.end
        var second = 0
        var secondAt = end..<end
        // A fraction of a second, after the seconds (`18:00:00.5`, as ISO 8601 writes it).
        var fraction: (digits: Int, count: Int)? = nil
        if end + 1 < source.endIndex, source[end] == ":", let seconds = digitRun(at: end + 1) {
            secondAt = (end + 1)..<seconds.end
            guard seconds.count == 2 else { return Token(.invalid(.invalidTime(.twoDigits("seconds"))), secondAt) }
            second = seconds.value
            end = seconds.end
            if end + 1 < source.endIndex, source[end] == ".", let digits = digitRun(at: end + 1) {
                guard digits.count <= 9 else { return Token(.invalid(.unexpectedCharacter(source[end + 10])), (end + 10)..<(end + 11)) }
                fraction = (digits.value, digits.count)
                end = digits.end
            }
        }
        // `9:00.5`, `9:00_0`: no more digits join a time.
        if end < source.endIndex, isDigit(source[end]) || source[end] == "." && end + 1 < source.endIndex && isDigit(source[end + 1]) || source[end] == "_" {
            return Token(.invalid(.unexpectedCharacter(source[end])), end..<(end + 1))
        }
        var pm: Bool? = nil
        var meridiemEnd = end
        if let joined = meridiem(at: end) {
            (pm, meridiemEnd) = (joined, end + 2)
        } else if end < source.endIndex, source[end] == " ", let apart = meridiem(at: end + 1) {
            (pm, meridiemEnd) = (apart, end + 3)
        }
        guard digitCount <= 2 else { return Token(.invalid(.invalidTime(.hourDigits)), hourAt) }
        do throws(ClockTime.Refusal) {
            let hour24 = try pm.map { pm throws(ClockTime.Refusal) in try ClockTime.hour(hour, pm: pm) } ?? hour
            let seconds = try ClockTime.seconds(hour: hour24, minute: minute.value, second: second)
            index = meridiemEnd
            literal = .exact(Rational(BigInt(seconds), BigInt(ClockTime.secondsPerDay)))
            if let fraction {
                // (seconds + digits ÷ 10^count) ÷ the seconds of a day, exactly.
                let part = Rational.decimal(Int64(fraction.digits), decimals: fraction.count)
                literal = .exact((Rational(BigInt(seconds)) + part) / Rational(BigInt(ClockTime.secondsPerDay)))
            }
            return Token(.clock, start..<index)
        } catch {
            let part: Range<Int>
            switch error {
            case .minute: part = minuteAt
            case .second: part = secondAt
            default: part = hourAt
            }
            return Token(.invalid(.invalidTime(error)), part)
        }
    }

    /// `2026-12-24 18:00`, `2026-12-24T18:00`, `2026-12-24 9pm`: after a date that ends
    /// here, with the day number `day`, a blank or a `T` and a time of day (`timeOfDay`),
    /// or a blank and an hour with `am` or `pm` (`hourWithMeridiem`). The token
    /// `.dateTime` from `start` with its days in `literal`, an `.invalid` one for a time
    /// not on the clock, or nil, reading nothing, when no time follows.
    package mutating func dateTime(start: Int, day: Int) -> Token? {
        guard index + 2 < source.endIndex, source[index] == " " || source[index] == "T",
              let hour = digitRun(at: index + 1), hour.end < source.endIndex else { return nil }
        let dateEnd = index
        index = hour.end
        let next = source[hour.end], lower = next.value | 0x20
        let found: Token?
        if next == ":" {
            found = timeOfDay(start: dateEnd + 1, digitCount: hour.count, hour: hour.value)
        } else if source[dateEnd] == " ", hour.count <= 2, next == " " || lower == 0x61 || lower == 0x70 {
            found = hourWithMeridiem(start: dateEnd + 1, digitCount: hour.count, hour: hour.value, afterBlank: next == " ")
        } else {
            found = nil
        }
        guard let time = found else {
            index = dateEnd
            return nil
        }
        guard case .clock = time.kind, case .exact(let fraction) = literal else { return time }
        literal = .exact(Rational(day) + fraction)
        return Token(.dateTime, start..<index)
    }
}

// MARK: Time zones (`help dates`)

extension Lexer {
    /// Where a zone written at `start` ends: `UTC`, an offset glued to it (`UTC+05:30`,
    /// `UTC-09:15`: a sign, two digits, `:`, two digits), or a name of parts joined by `/`
    /// (`Europe/Berlin`, `America/Port-au-Prince`, `Etc/GMT+5`), each part a letter and
    /// then letters, digits, `_`, `-` or `+`. After `to` (`afterTime` false) an offset
    /// alone is one too (`to +05:30`); after a time it is not, `17:30 -09:15` being the
    /// time between two times of day. Of one part, only `UTC` (in any case) is a zone, so
    /// that nothing else written after a time reads as one. Nil when none stands there.
    package func zoneEnd(at start: Int, afterTime: Bool) -> Int? {
        let end = source.endIndex
        guard start < end else { return nil }
        func letter(_ scalar: Unicode.Scalar) -> Bool { (scalar.value | 0x20) &- 0x61 < 26 }
        let first = source[start]
        if first == "+" || first == "-" { return afterTime ? nil : offsetEnd(start) }
        guard letter(first) else { return nil }
        if start + 3 < end, let utcEnd = offsetEnd(start + 3) {
            let word = String(String.UnicodeScalarView(source[start..<start + 3]))
            if word.uppercased() == "UTC" { return utcEnd }
        }
        var index = start, parts = 1, partStart = true
        while index < end {
            let scalar = source[index]
            if scalar == "/" {
                guard !partStart, index + 1 < end, letter(source[index + 1]) else { break }
                parts += 1
                partStart = true
            } else if letter(scalar) || isDigit(scalar) || scalar == "_" || (!partStart && (scalar == "-" || scalar == "+")) {
                partStart = false
            } else {
                break
            }
            index += 1
        }
        if index < end, Lexer.isNameContinuation(source[index]) { return nil }
        if parts > 1 { return index }
        return String(String.UnicodeScalarView(source[start..<index])).uppercased() == "UTC" ? index : nil
    }

    /// Whether a zone's name that no unit could be stands at `start`: `UTC`, or an area of
    /// the database and a place (`Europe/Berlin`, not `km/h`). After a value that is no
    /// time, `to` such a name is refused as a zone, not looked up as a unit.
    /// Read scalar by scalar, as every `to` asks it: a unit (`to km/h`, `to per kg`) is told
    /// apart by its first letters, with no string made.
    package func isZoneName(at start: Int) -> Bool {
        let end = source.endIndex
        guard start < end else { return false }
        func lower(_ index: Int) -> UInt32 { source[index].value | 0x20 }
        // `UTC` in any case, alone or with an offset.
        if start + 3 <= end, lower(start) == 0x75, lower(start + 1) == 0x74, lower(start + 2) == 0x63 {
            return zoneEnd(at: start, afterTime: false) != nil
        }
        // An area of the database, capitalised, then `/`.
        guard source[start].value &- 0x41 < 26 else { return false }
        var slash = start + 1
        while slash < end, source[slash].value &- 0x61 < 26 { slash += 1 }
        guard slash < end, source[slash] == "/" else { return false }
        return Lexer.zoneAreas.contains(String(String.UnicodeScalarView(source[start..<slash]))) && zoneEnd(at: start, afterTime: false) != nil
    }

    /// The areas the time-zone database names its zones under.
    private static let zoneAreas: Set<String> = ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
                                                 "Europe", "Indian", "Pacific", "Etc"]

    /// The end of `±hh:mm` at `at`, not followed by more of a number or a name.
    func offsetEnd(_ at: Int) -> Int? {
        let end = source.endIndex
        guard at + 6 <= end, source[at] == "+" || source[at] == "-", isDigit(source[at + 1]), isDigit(source[at + 2]),
              source[at + 3] == ":", isDigit(source[at + 4]), isDigit(source[at + 5]) else { return nil }
        if at + 6 < end, isDigit(source[at + 6]) || Lexer.isNameContinuation(source[at + 6]) { return nil }
        return at + 6
    }

    /// Where ISO 8601's zone glued to a date-time ends (`2026-12-24T18:00Z`,
    /// `…T18:00-05:00`, `…T18:00:00+0100`): `Z` for UTC, or an offset `±hh:mm` or `±hhmm`
    /// (ISO 8601's basic form, which strftime's %z writes). Nil when none stands at `start`.
    package func isoZoneEnd(at start: Int) -> Int? {
        guard start < source.endIndex else { return nil }
        if source[start] == "Z" {
            return start + 1 < source.endIndex && Lexer.isNameContinuation(source[start + 1]) ? nil : start + 1
        }
        if let end = offsetEnd(start) { return end }
        let end = source.endIndex
        guard start + 5 <= end, source[start] == "+" || source[start] == "-",
              (1...4).allSatisfy({ isDigit(source[start + $0]) }) else { return nil }
        if start + 5 < end, isDigit(source[start + 5]) || Lexer.isNameContinuation(source[start + 5]) { return nil }
        return start + 5
    }
}
