import PerLanguage
import PerNumbers

/// `--today` or `PER_TODAY`: the date `today` reads, and the time of day `now` reads
/// (the day's first on the local clocks unless one was given), with the offset from UTC
/// it was given at, if any.
struct FixedClock: Equatable {
    let date: CalendarDate
    /// Seconds since midnight; nil when only a date was given.
    let secondOfDay: Int32?
    /// Seconds east of UTC the time was given at (`2026-10-25T02:30+02:00`); nil when none
    /// was, and the time is the local clocks'.
    var offsetSeconds: Int? = nil
    /// Where it was given (`--today`, `PER_TODAY`), for its refusal.
    var source = "--today"

    /// Seconds since midnight of `now` on the local clocks (`zone`'s, when known): the
    /// time given, else the day's first whole minute the clocks show, as `now` is read to
    /// the minute (`ZoneRules.firstShown`, rounded up: Kolkata's 1906-01-01 starts at
    /// 00:08:50, so 00:09), midnight unless they skip it.
    func secondOfDay(in zone: Zone?) -> Int32 {
        if let secondOfDay { return secondOfDay }
        guard let zone else { return 0 }
        let first = zone.rules.firstShown(onDay: date.dayNumber) - ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: 0)
        return Int32(clamping: min((first + 59) / 60 * 60, 86_340))
    }

    /// The local date and time of day it fixes (`zone`'s clocks, UTC's where no local zone
    /// is known), and whether the clocks show that time twice and this is the second: a
    /// time given at an offset is that instant as the local clocks show it; a date alone
    /// is the day's first time, the earlier reading where they show it twice (as Python's
    /// zoneinfo reads it with fold 0).
    func local(in zone: Zone?) -> (date: CalendarDate, secondOfDay: Int32, isLaterReading: Bool) {
        guard let offsetSeconds, let secondOfDay else { return (date, secondOfDay(in: zone), false) }
        let rules = zone?.rules ?? .utc
        let instant = ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: Int(secondOfDay)) - Int64(offsetSeconds)
        let local = instant + Int64(rules.offset(at: instant).seconds)
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        guard let shown = CalendarDate(dayNumber: Int(day)) else { return (date, secondOfDay, false) }
        var isLater = false
        if case .overlap(_, let later) = rules.reading(local: local) { isLater = later.instant == instant }
        return (shown, Int32(local - day * 86_400), isLater)
    }

    /// Why the time given is no one instant on the local clocks (`zone`'s): they skip it
    /// or show it twice, both readings named; nil for a date alone, a time given at an
    /// offset, a time they show once, or no local zone known.
    func refusal(in zone: Zone?) -> Options.UsageError? {
        guard let secondOfDay, offsetSeconds == nil, let zone else { return nil }
        let local = ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: Int(secondOfDay))
        let reading = zone.rules.reading(local: local)
        guard let problem = ZoneProblem.refusing(reading, local: local, in: zone) else { return nil }
        guard case .overlap(let written, let name, let earlier, let later) = problem else {
            return Options.UsageError(message: source + " " + problem.message)
        }
        // The offset goes after the time, as ISO 8601 writes it.
        let iso = String(written.map { $0 == " " ? "T" : $0 }) + earlier.offsetText
        return Options.UsageError(message: source + " " + ZoneProblem.occursTwice(written, in: name, earlier: earlier, later: later, example: iso))
    }

    /// The date and time of `--today` or `PER_TODAY`: YYYY-MM-DD on the calendar, and a
    /// time of day after a blank or a `T` (`2026-11-28 09:30`, `2026-11-28T09:30:15`), else
    /// 00:00; after the time, an offset from UTC as ISO 8601 writes it (`+02:00`, `Z`) or
    /// as per does (` UTC+02:00`, ` UTC`).
    static func read(_ text: String, from source: String = "--today") throws(Options.UsageError) -> FixedClock {
        let refusal = Options.UsageError(message: "\(source) takes a date on the calendar, as in 2026-11-27, or a date and a time "
                                         + "of day, as in 2026-11-27 09:30 or 2026-11-27T09:30+01:00, not '\(text)'")
        let bytes = Array(text.utf8)
        let parts = bytes.prefix(10).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Options.number(parts[0]), let month = Options.number(parts[1]), let day = Options.number(parts[2]),
              let date = try? CalendarDate.checked(year: year, month: month, day: day) else { throw refusal }
        guard bytes.count > 10 else { return FixedClock(date: date, secondOfDay: nil, source: source) }
        guard bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T") else { throw refusal }
        let timeEnd = bytes[11...].firstIndex { !($0 &- 48 < 10 || $0 == UInt8(ascii: ":")) } ?? bytes.endIndex
        let time = bytes[11..<timeEnd].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0.count == 2 }),
              let hour = Options.number(time[0]), let minute = Options.number(time[1]), hour < 24, minute < 60 else { throw refusal }
        let second = time.count == 3 ? Options.number(time[2]) : 0
        guard let second, second < 60 else { throw refusal }
        var clock = FixedClock(date: date, secondOfDay: Int32((hour * 60 + minute) * 60 + second), source: source)
        if timeEnd < bytes.endIndex {
            guard let offset = offset(bytes[timeEnd...]) else { throw refusal }
            clock.offsetSeconds = offset
        }
        return clock
    }

    /// An offset after the time: `Z`, `+02:00`, `-03:30`, each after a blank or not, and
    /// after `UTC` (`UTC` alone is zero); seconds east of UTC, nil for anything else.
    private static func offset(_ text: ArraySlice<UInt8>) -> Int? {
        var rest = text.drop { $0 == UInt8(ascii: " ") }
        if rest.elementsEqual("Z".utf8) { return 0 }
        if rest.starts(with: "UTC".utf8) { rest = rest.dropFirst(3) }
        if rest.isEmpty { return text.contains(UInt8(ascii: "U")) ? 0 : nil }
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let parts = rest.dropFirst().split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
              let hours = Options.number(parts[0]), let minutes = Options.number(parts[1]), minutes < 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
        return ZoneOffset.range.contains(seconds) ? seconds : nil
    }
}
