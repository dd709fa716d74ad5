/// A time zone's offset from UTC in force at some instant: `+01:00 CET`, `+02:00 CEST`.
public struct ZoneOffset: Sendable, Hashable {
    /// Seconds east of UTC: local time = UTC + `seconds`.
    public let seconds: Int
    /// The abbreviation the database gives it (`CET`, `EST`, `+0530`), or the offset's
    /// own text for a fixed offset.
    public let abbreviation: String
    /// Whether the database marks it as daylight saving (Dublin's winter GMT is, since
    /// Irish standard time is its summer one).
    public let isDaylightSaving: Bool

    /// The offsets a zone may have, after RFC 8536 §3.2 (`utoff` from −25:59:59 to
    /// +25:59:59 less a second each side: −89999 … 93599 s): wide enough for every local
    /// mean time of the database, narrow enough that a local time is within a day and a
    /// bit of its instant.
    public static let range = -89_999...93_599

    public init?(seconds: Int, abbreviation: String, isDaylightSaving: Bool) {
        guard Self.range.contains(seconds) else { return nil }
        self.seconds = seconds
        self.abbreviation = abbreviation
        self.isDaylightSaving = isDaylightSaving
    }

    /// `+05:30`, `-08:00`, `+00:00`; seconds when it has them (`+00:53:28`, Amsterdam's
    /// mean time).
    public var text: String {
        let magnitude = abs(seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let rest = magnitude % 60 == 0 ? "" : ":" + two(magnitude % 60)
        return (seconds < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60) + rest
    }
}

/// One instant read from a local time, with the offset it was read with.
public struct ZoneReading: Sendable, Hashable {
    /// Seconds since 1970-01-01 00:00 UTC, leap seconds not counted (POSIX time).
    public let instant: Int64
    public let offset: ZoneOffset
}

/// What a local time (a date and time on a zone's clocks) is as an instant.
public enum LocalTimeReading: Sendable, Hashable {
    /// The clocks show it once.
    case unique(ZoneReading)
    /// The clocks skip it (they were put forward). `before` reads it with the offset in
    /// force before the change, `after` with the one after; the first is the later
    /// instant (`02:30` in Berlin on the spring Sunday read as CET is 01:30 UTC, read as
    /// CEST 00:30 UTC), as Python's `zoneinfo` reads it with fold 0 and 1.
    case gap(before: ZoneReading, after: ZoneReading)
    /// The clocks show it twice (they were put back): the first time and the second.
    case overlap(earlier: ZoneReading, later: ZoneReading)
}

/// The rules of one time zone: which offset from UTC is in force at any instant, read
/// from the system's time-zone database (`init(tzif:)`, RFC 8536) or fixed (`fixed`).
///
/// A zone is a table of transitions (the instants its offset changed, each with the
/// offset from then on) and, for the instants after the last one, a POSIX TZ rule
/// (`CET-1CEST,M3.5.0,M10.5.0/3`) that gives the daylight-saving changes of every year.
/// Before the first transition the zone's first offset (`types[0]`, its local mean time)
/// is in force, as RFC 8536 §3.2 says.
public struct ZoneRules: Sendable, Hashable {
    /// The instants at which the offset changes, ascending.
    let transitions: [Int64]
    /// For each transition, the index in `types` of the offset from then on.
    let transitionTypes: [UInt8]
    /// The zone's offsets; `types[0]` is in force before the first transition.
    let types: [ZoneOffset]
    /// The rule for instants after the last transition; nil keeps the last offset.
    let rule: PosixZoneRule?

    init(transitions: [Int64], transitionTypes: [UInt8], types: [ZoneOffset], rule: PosixZoneRule?) {
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.rule = rule
    }

    /// A zone whose offset never changes: `UTC`, `+05:30`.
    public static func fixed(_ offset: ZoneOffset) -> ZoneRules {
        ZoneRules(transitions: [], transitionTypes: [], types: [offset], rule: nil)
    }

    /// Coordinated Universal Time, the zone of offset zero.
    public static let utc = fixed(ZoneOffset(seconds: 0, abbreviation: "UTC", isDaylightSaving: false)!)

    /// A fixed offset from UTC, named by its text (`+05:30`); nil beyond `ZoneOffset.range`.
    public static func fixed(seconds: Int) -> ZoneRules? {
        guard ZoneOffset.range.contains(seconds) else { return nil }
        let text = ZoneOffset(seconds: seconds, abbreviation: "", isDaylightSaving: false)!.text
        return ZoneOffset(seconds: seconds, abbreviation: text, isDaylightSaving: false).map(fixed)
    }

    /// The rules a POSIX TZ rule gives every year (`CET-1CEST,M3.5.0,M10.5.0/3`, as the
    /// variable `TZ` may hold one); nil for text that is no such rule.
    public static func posix(_ text: String) -> ZoneRules? {
        guard let rule = try? PosixZoneRule.read(ArraySlice(Array(text.utf8))) else { return nil }
        return ZoneRules(transitions: [], transitionTypes: [], types: [rule.standard], rule: rule)
    }

    /// Whether the offset never changes.
    public var isFixed: Bool { transitions.isEmpty && rule?.daylight == nil }

    // MARK: Instants

    /// The instants the rules answer for: those of the calendar's years (0001 to 9999,
    /// `CalendarDate.years`) with two days to spare each side, so that every local time
    /// of the calendar, moved by any offset (`ZoneOffset.range`, under 26 hours), is one of
    /// them. An instant beyond is read as the nearest end.
    public static let instants: ClosedRange<Int64> =
        Int64(CalendarDate.dayNumbers.lowerBound - 2) * 86_400...Int64(CalendarDate.dayNumbers.upperBound + 3) * 86_400 - 1

    public static func clamped(_ instant: Int64) -> Int64 {
        min(max(instant, instants.lowerBound), instants.upperBound)
    }

    /// The offset in force at `instant` (seconds since 1970-01-01 00:00 UTC). A
    /// transition's offset starts at its instant.
    public func offset(at instant: Int64) -> ZoneOffset {
        let instant = Self.clamped(instant)
        guard let first = transitions.first, instant >= first else {
            // Before the table, or no table: the first offset; with no table, the rule's.
            if transitions.isEmpty, let rule { return rule.offset(at: instant) }
            return types[0]
        }
        if let last = transitions.last, instant > last, let rule { return rule.offset(at: instant) }
        // The last transition at or before `instant`.
        var low = 0, high = transitions.count
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle }
        }
        return types[Int(transitionTypes[low])]
    }

    /// The instants in `window` at which the offset may change: the table's transitions
    /// and the rule's changes of the years the window touches, plus the instant after the
    /// last transition, where the rule takes over. Between two of them the offset is
    /// constant.
    func changes(in window: ClosedRange<Int64>) -> [Int64] {
        var result: [Int64] = []
        var low = 0, high = transitions.count
        while low < high {
            let middle = low + (high - low) / 2
            if transitions[middle] < window.lowerBound { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < transitions.count, transitions[index] <= window.upperBound {
            result.append(transitions[index])
            index += 1
        }
        guard let rule else { return result }
        let ruleStart = transitions.last.map { $0 + 1 } ?? window.lowerBound
        if window.contains(ruleStart), !transitions.isEmpty { result.append(ruleStart) }
        guard ruleStart <= window.upperBound else { return result }
        for change in rule.changes(in: max(window.lowerBound, ruleStart)...window.upperBound) where !result.contains(change) {
            result.append(change)
        }
        return result.sorted()
    }

    // MARK: Local times

    /// The instants at which the zone's clocks show `local`, the local date and time as
    /// seconds since 1970-01-01 00:00 on those clocks (`localSeconds(dayNumber:secondOfDay:)`).
    ///
    /// An instant t shows t + offset(t). Since every offset is within `ZoneOffset.range`,
    /// an instant that shows `local` lies in `local − 93599 … local + 89999`; within that
    /// window the offset changes only at `changes(in:)`, so the offsets in force there are
    /// the only ones to try: t = local − o is a reading when the offset at t is o. None is
    /// a gap, at the change whose clocks jump over `local`.
    public func reading(local: Int64) -> LocalTimeReading {
        let local = Self.clamped(local)
        let window = (local - Int64(ZoneOffset.range.upperBound))...(local - Int64(ZoneOffset.range.lowerBound))
        let changes = changes(in: window)
        var offsets = [offset(at: window.lowerBound)]
        for change in changes {
            let candidate = offset(at: change)
            if !offsets.contains(candidate) { offsets.append(candidate) }
        }
        var readings: [ZoneReading] = []
        for candidate in offsets {
            let instant = local - Int64(candidate.seconds)
            if offset(at: instant) == candidate, !readings.contains(where: { $0.instant == instant }) {
                readings.append(ZoneReading(instant: instant, offset: candidate))
            }
        }
        readings.sort { $0.instant < $1.instant }
        if let first = readings.first, let last = readings.last {
            return readings.count == 1 ? .unique(first) : .overlap(earlier: first, later: last)
        }
        if let (_, before, after) = skipping(local, changes: changes) {
            return .gap(before: ZoneReading(instant: local - Int64(before.seconds), offset: before),
                        after: ZoneReading(instant: local - Int64(after.seconds), offset: after))
        }
        // Not reached: the clocks show every time of the window's ends' span but those
        // jumped over at a change. Answer with the window's ends rather than trap.
        let before = offset(at: window.lowerBound), after = offset(at: window.upperBound)
        return .gap(before: ZoneReading(instant: local - Int64(before.seconds), offset: before),
                    after: ZoneReading(instant: local - Int64(after.seconds), offset: after))
    }

    /// The change among `changes` whose clocks jump over `local` (put forward from before
    /// it to past it), with the offsets before and after; nil where none does.
    private func skipping(_ local: Int64, changes: [Int64]) -> (change: Int64, before: ZoneOffset, after: ZoneOffset)? {
        for change in changes {
            let before = offset(at: change - 1), after = offset(at: change)
            if change + Int64(before.seconds) <= local, local < change + Int64(after.seconds) { return (change, before, after) }
        }
        return nil
    }

    /// The first time of a day (`CalendarDate.dayNumber`) that the zone's clocks show, as
    /// the seconds `reading(local:)` takes: its midnight, or, where the clocks skip
    /// midnight, the time they were put forward to (Santiago's 2026-09-06 starts at 01:00).
    /// Midnight where they skip the whole day, which has no time of its own.
    public func firstShown(onDay dayNumber: Int) -> Int64 {
        let midnight = Self.localSeconds(dayNumber: dayNumber, secondOfDay: 0)
        guard case .gap = reading(local: midnight) else { return midnight }
        let local = Self.clamped(midnight)
        let window = (local - Int64(ZoneOffset.range.upperBound))...(local - Int64(ZoneOffset.range.lowerBound))
        guard let (change, _, after) = skipping(local, changes: changes(in: window)) else { return midnight }
        let first = change + Int64(after.seconds)
        return first < midnight + 86_400 ? first : midnight
    }

    /// A local date and time as the seconds `reading(local:)` takes: the day number
    /// (`CalendarDate.dayNumber`) times 86,400, plus the seconds since midnight.
    public static func localSeconds(dayNumber: Int, secondOfDay: Int) -> Int64 {
        Int64(dayNumber) * 86_400 + Int64(secondOfDay)
    }
}
