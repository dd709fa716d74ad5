/// A POSIX TZ rule, the footer of a TZif file (RFC 8536 §3.3, POSIX.1-2017 §8.3 `TZ`):
/// the offsets of a zone after its table, and the yearly dates it changes between them.
/// `CET-1CEST,M3.5.0,M10.5.0/3` is CET at UTC+1, CEST at UTC+2 from the last Sunday of
/// March at 02:00 (CET) to the last Sunday of October at 03:00 (CEST). POSIX writes an
/// offset west of UTC as positive, so the sign is turned when read.
public struct PosixZoneRule: Sendable, Hashable {
    let standard: ZoneOffset
    let daylight: Daylight?

    /// Daylight saving: its offset and the local times it starts (on standard time) and
    /// ends (on daylight time).
    struct Daylight: Sendable, Hashable {
        let offset: ZoneOffset
        let start: Change
        let end: Change
    }

    /// A yearly change: a day of the year and a local time on it, which RFC 8536 §3.3.1
    /// lets run from −167 to +167 hours (so `M3.5.0/-1` is 23:00 the Saturday before).
    struct Change: Sendable, Hashable {
        let day: Day
        let seconds: Int
    }

    enum Day: Sendable, Hashable {
        /// `Jn`: day 1…365, 29 February never counted.
        case julian(Int)
        /// `n`: day 0…365, 29 February counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 Sunday) of week w (1…5, 5 the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// The day number (`CalendarDate.dayNumber`) of this day in `year`.
        func dayNumber(in year: Int) -> Int {
            let january1 = CalendarDate.dayNumber(year: year, month: 1, day: 1)
            switch self {
            case .julian(let n):
                return january1 + n - 1 + (CalendarDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return january1 + n
            case .monthWeekDay(let month, let week, let weekday):
                let first = CalendarDate.dayNumber(year: year, month: month, day: 1)
                // 1970-01-01 (day 0) was a Thursday, weekday 4 counting Sunday as 0.
                let firstWeekday = ((first + 4) % 7 + 7) % 7
                var day = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                if day - first >= CalendarDate.daysIn(month: month, year: year) { day -= 7 }
                return day
            }
        }
    }

    /// The instants daylight saving starts and ends in `year`: the start read on standard
    /// time, the end on daylight time.
    func changes(of daylight: Daylight, in year: Int) -> (start: Int64, end: Int64) {
        let start = Int64(daylight.start.day.dayNumber(in: year)) * 86_400 + Int64(daylight.start.seconds) - Int64(standard.seconds)
        let end = Int64(daylight.end.day.dayNumber(in: year)) * 86_400 + Int64(daylight.end.seconds) - Int64(daylight.offset.seconds)
        return (start, end)
    }

    /// The calendar year (UTC) of an instant of `ZoneRules.instants`.
    static func year(of instant: Int64) -> Int {
        let day = Int((instant >= 0 ? instant : instant - 86_399) / 86_400)
        return CalendarDate(dayNumber: day)?.year ?? (instant < 0 ? CalendarDate.years.lowerBound : CalendarDate.years.upperBound)
    }

    /// The offset at `instant`. Daylight saving runs from each year's start to its end,
    /// or, when the end comes first in the year (the southern hemisphere, and Dublin,
    /// whose standard time is summer's), from each year's start to the next year's end.
    /// The periods of the instant's year (UTC) and of the years either side are looked
    /// at, so a period that runs over a new year (or all year, `EST5EDT,0/0,J365/25`) is
    /// found from either side of it.
    func offset(at instant: Int64) -> ZoneOffset {
        guard let daylight else { return standard }
        let year = Self.year(of: instant)
        for year in (year - 1)...(year + 1) {
            let (start, end) = changes(of: daylight, in: year)
            let until = start < end ? end : changes(of: daylight, in: year + 1).end
            if start <= instant, instant < until { return daylight.offset }
        }
        return standard
    }

    /// The instants in `window` at which the offset may change: the starts and ends of
    /// the years the window touches and those either side.
    func changes(in window: ClosedRange<Int64>) -> [Int64] {
        guard let daylight else { return [] }
        var result: [Int64] = []
        for year in (Self.year(of: window.lowerBound) - 1)...(Self.year(of: window.upperBound) + 1) {
            let (start, end) = changes(of: daylight, in: year)
            for change in [start, end] where window.contains(change) { result.append(change) }
        }
        return result.sorted()
    }
}

// MARK: Reading

extension PosixZoneRule {
    /// Why a TZ rule does not read; `at` is the byte it stopped at.
    public enum Refusal: Error, Sendable, Equatable {
        case name(at: Int)
        case offset(at: Int)
        case day(at: Int)
        case time(at: Int)
        /// Daylight saving named without the dates it starts and ends.
        case noDates
        case trailing(at: Int)
        case tooLong(Int)

        public var message: String {
            switch self {
            case .name(let at): return "the zone's name at byte \(at + 1) is not 3 or more letters, or <…> of letters, digits, + and -"
            case .offset(let at): return "the offset at byte \(at + 1) is not [+-]hh[:mm[:ss]] with hours up to 24"
            case .day(let at): return "the day at byte \(at + 1) is not Jn, n or Mm.w.d"
            case .time(let at): return "the time at byte \(at + 1) is not [+-]hh[:mm[:ss]] with hours up to 167"
            case .noDates: return "daylight saving is named without the dates it starts and ends"
            case .trailing(let at): return "unexpected text at byte \(at + 1)"
            case .tooLong(let count): return "the rule has \(count) bytes, more than \(PosixZoneRule.maximumLength)"
            }
        }
    }

    /// The longest rule read; the database's longest are under 60 bytes.
    static let maximumLength = 256

    /// The rule written in `text` (ASCII bytes); nil for an empty text, which says that
    /// nothing is known after the table (RFC 8536 §3.3).
    static func read(_ text: ArraySlice<UInt8>) throws(Refusal) -> PosixZoneRule? {
        guard text.count <= maximumLength else { throw .tooLong(text.count) }
        if text.isEmpty { return nil }
        var reader = RuleReader(bytes: Array(text))
        let standardName = try reader.name()
        let standardSeconds = try -reader.offset()
        guard let standard = ZoneOffset(seconds: standardSeconds, abbreviation: standardName, isDaylightSaving: false) else {
            throw .offset(at: 0)
        }
        guard !reader.atEnd else { return PosixZoneRule(standard: standard, daylight: nil) }
        let daylightName = try reader.name()
        let daylightStart = reader.position
        var daylightSeconds = standardSeconds + 3600
        if let byte = reader.peek, byte != UInt8(ascii: ",") { daylightSeconds = try -reader.offset() }
        guard let daylightOffset = ZoneOffset(seconds: daylightSeconds, abbreviation: daylightName, isDaylightSaving: true) else {
            throw .offset(at: daylightStart)
        }
        guard reader.take(UInt8(ascii: ",")) else { throw reader.atEnd ? .noDates : .trailing(at: reader.position) }
        let start = try reader.change()
        guard reader.take(UInt8(ascii: ",")) else { throw .day(at: reader.position) }
        let end = try reader.change()
        guard reader.atEnd else { throw .trailing(at: reader.position) }
        return PosixZoneRule(standard: standard, daylight: Daylight(offset: daylightOffset, start: start, end: end))
    }
}

/// Reads the parts of a TZ rule, byte by byte, each bounded before it is used.
private struct RuleReader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `CET` (three or more letters) or `<+0530>` (three or more letters, digits, + or -).
    mutating func name() throws(PosixZoneRule.Refusal) -> String {
        let start = position
        if take(UInt8(ascii: "<")) {
            let first = position
            while let byte = peek, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
            }
            let name = bytes[first..<position]
            guard name.count >= 3, take(UInt8(ascii: ">")) else { throw .name(at: start) }
            return String(decoding: name, as: UTF8.self)
        }
        while let byte = peek, Self.isLetter(byte) { position += 1 }
        guard position - start >= 3 else { throw .name(at: start) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A number of at most `digits` digits, or nil when none is there.
    mutating func number(digits: Int) -> Int? {
        var value = 0, count = 0
        while count < digits, let byte = peek, Self.isDigit(byte) {
            value = value * 10 + Int(byte - 0x30)
            position += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours at most `maximumHours`; nil when it is not one.
    mutating func signedTime(maximumHours: Int) -> Int? {
        let negative = take(UInt8(ascii: "-"))
        if !negative { _ = take(UInt8(ascii: "+")) }
        guard let hours = number(digits: 3), hours <= maximumHours else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(digits: 2), minutes <= 59 else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let rest = number(digits: 2), rest <= 59 else { return nil }
                seconds += rest
            }
        }
        return negative ? -seconds : seconds
    }

    /// A zone's offset as POSIX writes it (west of UTC positive), hours up to 24.
    mutating func offset() throws(PosixZoneRule.Refusal) -> Int {
        let start = position
        guard let seconds = signedTime(maximumHours: 24) else { throw .offset(at: start) }
        return seconds
    }

    /// `date[/time]`; the time is 02:00 when not written.
    mutating func change() throws(PosixZoneRule.Refusal) -> PosixZoneRule.Change {
        let start = position
        let day: PosixZoneRule.Day
        if take(UInt8(ascii: "J")) {
            guard let n = number(digits: 3), (1...365).contains(n) else { throw .day(at: start) }
            day = .julian(n)
        } else if take(UInt8(ascii: "M")) {
            guard let month = number(digits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                  let week = number(digits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                  let weekday = number(digits: 1), (0...6).contains(weekday) else { throw .day(at: start) }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(digits: 3), (0...365).contains(n) else { throw .day(at: start) }
            day = .zeroBased(n)
        }
        guard take(UInt8(ascii: "/")) else { return PosixZoneRule.Change(day: day, seconds: 7200) }
        let timeStart = position
        guard let seconds = signedTime(maximumHours: 167) else { throw .time(at: timeStart) }
        return PosixZoneRule.Change(day: day, seconds: seconds)
    }
}
