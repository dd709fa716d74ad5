import PerNumbers

// MARK: Dates (`help dates`)

extension Lexer {
    /// The months' English names in lower case, as bytes.
    private static let monthWords: [[UInt8]] = CalendarDate.monthNames.map { Array($0.lowercased().utf8) }

    /// The month (1 to 12) an English name spells, in any case: in full, by its first three
    /// letters, or `Sept`. Nil for any other word.
    package static func month(named word: ArraySlice<Unicode.Scalar>) -> Int? {
        guard word.count >= 3, word.count <= 9, let first = word.first else { return nil }
        // Months start with a, d, f, j, m, n, o or s: any other word (`per 500 g`) is none
        // at once.
        let letter = (first.value | 0x20) &- 0x61
        guard letter < 26, monthInitials & (1 << letter) != 0 else { return nil }
        for (index, name) in monthWords.enumerated()
        where word.count == 3 || word.count == name.count || (index == 8 && word.count == 4) {
            guard word.count <= name.count else { continue }
            // A letter's lower case is its code with 0x20 set; nothing else sets it to one.
            if zip(word, name).allSatisfy({ $0.value | 0x20 == UInt32($1) }) { return index + 1 }
        }
        return nil
    }

    /// The initials of the months' names, a bit a letter from a: a, d, f, j, m, n, o, s.
    private static var monthInitials: UInt32 { 1 << 0 | 1 << 3 | 1 << 5 | 1 << 9 | 1 << 12 | 1 << 13 | 1 << 14 | 1 << 18 }

    /// One or two digits from `position`, their value and where they end; nil when there
    /// are none or a third follows.
    private func monthOrDay(at position: Int) -> (value: Int, end: Int)? {
        var value = 0, end = position
        while end < source.endIndex, end - position < 3, isDigit(source[end]) {
            value = value * 10 + Int(source[end].value &- 48)
            end += 1
        }
        return (1...2).contains(end - position) ? (value, end) : nil
    }

    /// Whether digits that end at `end` run on into a longer number: `2026-01-011`,
    /// `2026-01-01.5`, `2026-01-01_0`.
    private func runsOn(at end: Int) -> Bool {
        guard end < source.endIndex else { return false }
        let next = source[end]
        return isDigit(next) || next == "_" || (next == "." && end + 1 < source.endIndex && isDigit(source[end + 1]))
    }

    /// Four digits from `position` that end there, as a year: no fifth digit or decimals,
    /// and no date of digits begun (`2026-12-31`, `2026/12/31`).
    private func year(at position: Int) -> Int? {
        guard position + 4 <= source.endIndex else { return nil }
        var year = 0
        for digit in source[position..<(position + 4)] {
            guard isDigit(digit) else { return nil }
            year = year * 10 + Int(digit.value &- 48)
        }
        let end = position + 4
        if runsOn(at: end) { return nil }
        if end + 1 < source.endIndex, source[end] == "-" || source[end] == "/", isDigit(source[end + 1]) { return nil }
        return year
    }

    /// A date of digits from `start`, where a number of four digits ends: `2026-01-31`, and
    /// as people write it, `2026-1-1` and `2026/12/24`: the year, then a month and a day of
    /// one or two digits, each after the same sign, with nothing joined to it (with blanks,
    /// `2026 - 1 - 1` and `2026 / 12 / 24` are arithmetic). The token `.date`, or an
    /// `.invalid` one at the part at fault (`dateToken`); nil, reading nothing, for anything
    /// else (`2026-1`, `2026-1-123`, `2026-1-1.5`). A year of more digits with hyphens
    /// (`10000-01-01`) is a date past the calendar, refused; with slashes it divides
    /// (`10000/12/30`, a year's budget by the day).
    package mutating func dateLiteral(start: Int, yearDigits: Int = 4) -> Token? {
        let yearEnd = start + yearDigits
        guard yearEnd < source.endIndex else { return nil }
        let separator = source[yearEnd]
        // Only a year that is too large is read so: `02026-12-24` subtracts, with its note.
        guard yearDigits == 4 || source[start] != "0" else { return nil }
        guard separator == "-" || (separator == "/" && yearDigits == 4), let month = monthOrDay(at: yearEnd + 1),
              month.end < source.endIndex, source[month.end] == separator,
              let day = monthOrDay(at: month.end + 1), !runsOn(at: day.end) else { return nil }
        var year = 0
        for digit in source[start..<yearEnd] { year = year * 10 + Int(digit.value &- 48) }
        return dateToken(year: year, month: month.value, day: day.value, yearAt: start..<yearEnd,
                         monthAt: (yearEnd + 1)..<month.end, dayAt: (month.end + 1)..<day.end)
    }

    /// `24 Dec 2026`: a day of one or two digits, read from `start` up to here, a blank, a
    /// month's name (`month(named:)`), a blank and a four-digit year. The token `.date`, or
    /// an `.invalid` one at the part at fault; nil, reading nothing, for anything else
    /// (`5 dec`, `24 dec`, `5 mi`).
    package mutating func dayMonthYear(start: Int, day: Int) -> Token? {
        // A month's name is three to nine ASCII letters: most words after a number (`5 mi`)
        // are done with at the length.
        let wordStart = index + 1
        var wordEnd = wordStart
        while wordEnd < source.endIndex, wordEnd - wordStart < 10, (source[wordEnd].value | 0x20) &- 0x61 < 26 { wordEnd += 1 }
        guard wordEnd - wordStart >= 3, wordEnd < source.endIndex, source[wordEnd] == " ",
              let month = Lexer.month(named: source[wordStart..<wordEnd]),
              let year = year(at: wordEnd + 1) else { return nil }
        return dateToken(year: year, month: month, day: day, yearAt: (wordEnd + 1)..<(wordEnd + 5),
                         monthAt: wordStart..<wordEnd, dayAt: start..<index)
    }

    /// `Dec 24, 2026`, `December 24 2026`: a month's name, read from `start` up to here, a
    /// blank and a day of one or two digits, then a comma or blanks and a four-digit year;
    /// the token `.date`, or an `.invalid` one at the part at fault. Without the year
    /// (`December 24`), the token `.monthDay`: a day of this year, which the session's
    /// `today` tells. Nil, reading nothing, for anything else (`dec 2.5`, `may 5kg`).
    package mutating func monthDay(start: Int) -> Token? {
        guard let month = Lexer.month(named: source[start..<index]), let day = monthOrDay(at: index + 1),
              !runsOn(at: day.end) else { return nil }
        var yearStart = day.end
        if yearStart < source.endIndex, source[yearStart] == "," { yearStart += 1 }
        while yearStart < source.endIndex, source[yearStart] == " " { yearStart += 1 }
        if yearStart > day.end, let year = year(at: yearStart) {
            return dateToken(year: year, month: month, day: day.value, yearAt: yearStart..<(yearStart + 4),
                             monthAt: start..<index, dayAt: (index + 1)..<day.end)
        }
        if day.end < source.endIndex, Lexer.isNameStart(source[day.end]) { return nil }
        index = day.end
        return Token(.monthDay(month: UInt8(month), day: UInt8(day.value)), start..<day.end)
    }

    /// The token of a date whose parts were read at the ranges given, read up to the end of
    /// the last of them: `.date` with its day number in `literal`, or, for a date that does
    /// not exist, an `.invalid` token at the part at fault.
    private mutating func dateToken(year: Int, month: Int, day: Int, yearAt: Range<Int>, monthAt: Range<Int>,
                                    dayAt: Range<Int>) -> Token {
        let start = min(yearAt.lowerBound, monthAt.lowerBound, dayAt.lowerBound)
        index = max(yearAt.upperBound, monthAt.upperBound, dayAt.upperBound)
        do throws(CalendarDate.Refusal) {
            let date = try CalendarDate.checked(year: year, month: month, day: day)
            literal = Number(date.dayNumber)
            if index < source.endIndex, let withTime = dateTime(start: start, day: date.dayNumber) { return withTime }
            return Token(.date, start..<index)
        } catch {
            let part: Range<Int>
            switch error {
            case .year: part = yearAt
            case .month: part = monthAt
            case .day, .dayZero: part = dayAt
            }
            return Token(.invalid(.invalidDate(error)), part)
        }
    }

    /// `12/24/2026` from `start`, where a number of one or two digits ends before a `/`:
    /// one or two digits, a `/`, one or two digits, a `/` and four digits, with no blanks,
    /// which divide but look like a date. Its digits are kept in `slashedDigits` for the
    /// parser's note (`ValueNote.readAsDivision`); the tokens are the division's, as before.
    /// Nothing for any other shape, or one in a longer chain (`1/12/24/2026`).
    package mutating func noteSlashedDigits(start: Int) {
        guard start == source.startIndex || source[start - 1] != "/",
              let second = monthOrDay(at: index + 1), second.end < source.endIndex, source[second.end] == "/",
              let year = year(at: second.end + 1) else { return }
        var first = 0
        for digit in source[start..<index] { first = first * 10 + Int(digit.value &- 48) }
        slashedDigits = (UInt8(first), UInt8(second.value), UInt16(year))
    }

    /// `24-12-2026`, `2026-001-01`, `02026-12-24` from `start`, where a number of digits
    /// alone ends before a `-`: three runs of digits joined by `-`, with no blanks, no date
    /// (`dateLiteral` read those) and in no longer chain, which subtract but look like a
    /// date. Kept in `dashedDigits` for the parser's note
    /// (`ValueNote.readAsSubtraction`): a day and a month of up to two digits before a
    /// year of four, in either order, or a year, a month and a day in that order (leading
    /// zeros allowed); nothing else (`10-5-3`). The tokens are the subtraction's, as before.
    /// Kept out of line: `number`, which every number goes through, stays as small.
    @inline(never)
    package mutating func noteDashedDigits(start: Int) {
        func run(at position: Int) -> (value: Int, count: Int, end: Int)? {
            var value = 0, end = position
            while end < source.endIndex, isDigit(source[end]) {
                if end - position < 9 { value = value * 10 + Int(source[end].value &- 48) }
                end += 1
            }
            return end > position ? (value, end - position, end) : nil
        }
        guard start == source.startIndex || source[start - 1] != "-" && !isDigit(source[start - 1]),
              let first = run(at: start), first.end == index,
              let second = run(at: index + 1), second.end < source.endIndex, source[second.end] == "-",
              let third = run(at: second.end + 1), !runsOn(at: third.end),
              third.end == source.endIndex || source[third.end] != "-" else { return }
        if first.count <= 2, second.count <= 2, third.count == 4 {
            dashedDigits = (UInt8(first.value), UInt8(second.value), UInt16(third.value), false)
        } else if first.count >= 4, first.count <= 9, (1...9999).contains(first.value), (1...12).contains(second.value),
                  (1...31).contains(third.value) {
            dashedDigits = (UInt8(second.value), UInt8(third.value), UInt16(first.value), true)
        }
    }
}
