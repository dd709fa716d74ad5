import PerNumbers

/// What a value's working did that the result does not show: `2026-01-31 + 1 month` is
/// 2026-02-28 because February has no 31st; `30 mpg to L/100km` converted the reciprocal.
public enum ValueNote: Sendable, Equatable {
    case clamped(day: Int, month: Int)
    /// A fuel economy converted between distance per volume and volume per distance: the
    /// reciprocal of the value, from its unit to the target's (`perVolume`: the first is
    /// distance per volume).
    case reciprocal(from: String, to: String, perVolume: Bool)
    /// A mass per volume converted to moles per volume, or back: per reads moles as
    /// calcium carbonate's, the hardness of water (`help dose`).
    case asCalciumCarbonate
    /// `12/24/2026`: digits with slashes, read as division though they look like a date.
    /// (Kept as the digits, not the dates they may be: a payload of machine integers keeps
    /// the note's copies free of run-time type metadata.)
    case readAsDivision(first: Int, second: Int, year: Int)
    /// `24-12-2026`, `2026-001-01`: digits with dashes, read as subtraction though they
    /// look like a date: a month and a day in either order, or that order (`yearFirst`).
    case readAsSubtraction(first: Int, second: Int, year: Int, yearFirst: Bool)
    /// `(today - 1990-05-17) to years`: the calendar months and days left after the whole
    /// years or months shown (negative for an earlier date), and the part of a day left
    /// between two times as written (`9 h 30 min`; empty for none).
    case calendarRest(months: Int, days: Int, time: String)
    /// `300 days to months days`: an amount of time in months (`months`) or years of the
    /// catalogue's fixed length, not counted on a calendar as a difference of two dates is.
    case averageCalendar(months: Bool)
    /// Money converted at a rate read from a file (`rates import`) older than a week: the
    /// rate's day (its day number) and its age in days on the session's today.
    case rateAge(dayNumber: Int, days: Int)
    /// Money of a day (a price seen on 2026-10-08) converted at a rate of the file more than
    /// a week before that day: the rate's day, the days between, and the value's day.
    case rateBefore(dayNumber: Int, days: Int, valueDay: Int)
    /// A time shown in a time zone (`help dates`): the abbreviation in force there then
    /// (`EST`), the zone as named (`America/New_York`) and its offset from UTC in seconds.
    /// Boxed: its texts would widen every note.
    indirect case zone(abbreviation: String, name: String, offsetSeconds: Int)
    /// A time without a zone moved by hours on the local clocks across a change of them,
    /// or to a time they show twice (`LocalClockNote`).
    indirect case localClocks(LocalClockNote)
    /// `now` where the local time zone is not known: the time is UTC's clocks', and why.
    indirect case localZoneUnknown(UnknownLocalZone)

    public var message: String {
        switch self {
        case .clamped(let day, let month):
            return "\(day) \(CalendarDate.monthNames[month - 1]) is past the month's end"
        case .reciprocal(let from, let to, let perVolume):
            let (distance, volume) = perVolume ? (from, to) : (to, from)
            return "converted the reciprocal: \(distance) is distance per volume, \(volume) volume per distance"
        case .asCalciumCarbonate:
            return "moles of calcium carbonate, as water hardness is given (100.0869 mg per mmol)"
        case .readAsDivision(let first, let second, let year):
            let dates = ValueNote.dates(first, second, year: year)
            let written = dates.isEmpty ? "YYYY-MM-DD" : dates.map(\.text).joined(separator: " or ")
            return "read as division; for a date write \(written)"
        case .readAsSubtraction(let first, let second, let year, let yearFirst):
            let dates = yearFirst ? [try? CalendarDate.checked(year: year, month: first, day: second)].compactMap { $0 }
                : ValueNote.dates(first, second, year: year)
            let written = dates.isEmpty ? "YYYY-MM-DD" : dates.map(\.text).joined(separator: " or ")
            return "read as subtraction; for a date write \(written)"
        case .calendarRest(let months, let days, let time):
            func count(_ n: Int, _ unit: String) -> String { "\(abs(n)) \(unit)\(abs(n) == 1 ? "" : "s")" }
            // What `to decades` leaves can pass a year: 6 years 7 months, not 79 months.
            let years = months / 12, rest = months % 12
            let parts = (years == 0 ? [] : [count(years, "year")]) + (rest == 0 ? [] : [count(rest, "month")])
                + (days == 0 ? [] : [count(days, "day")]) + (time.isEmpty ? [] : [time])
            return (months < 0 || days < 0 ? "less " : "and ") + parts.joined(separator: " ") + ", counted on the calendar"
        case .averageCalendar(let months):
            let (unit, length) = months ? ("months", "365/12 days (about 30.42), the average") : ("years", "365 days")
            return "\(unit) of \(length), not counted on a calendar; a difference of two dates written here, "
                + "as in (2026-12-24 - 2026-03-15) to \(unit) days, is counted on the calendar"
        case .rateAge(let dayNumber, let days):
            let date = CalendarDate(dayNumber: dayNumber).map(\.text) ?? "day \(dayNumber)"
            return "rate of \(date), \(days) days old"
        case .rateBefore(let dayNumber, let days, let valueDay):
            let date = CalendarDate(dayNumber: dayNumber).map(\.text) ?? "day \(dayNumber)"
            let value = CalendarDate(dayNumber: valueDay).map(\.text) ?? "day \(valueDay)"
            return "rate of \(date), \(days) days before the value's \(value)"
        case .localZoneUnknown(let why):
            return "the local time zone is not known (\(why.message)), so this is the time in UTC"
        case .zone(let abbreviation, let name, let seconds):
            let offset = Self.offsetText(seconds)
            let shown = abbreviation == offset || abbreviation == name ? name : abbreviation + ", " + name
            return shown == offset ? "in " + offset : "in " + shown + " (" + offset + ")"
        case .localClocks(let note):
            return note.message
        }
    }

    /// An offset east of UTC as a note shows it: `UTC`, `UTC+1`, `UTC−3:30`.
    static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds), minutes = magnitude / 60 % 60
        return seconds == 0 ? "UTC" : "UTC" + (seconds < 0 ? "−" : "+") + "\(magnitude / 3600)"
            + (minutes == 0 ? "" : ":" + (minutes < 10 ? "0" : "") + "\(minutes)")
    }
}

extension ValueNote {
    /// A rate's age is said past this many days.
    public static let rateAgeShownAfter = 7

    /// `rateAge` when money went from `from` to `to` at a rate of the file more than
    /// `rateAgeShownAfter` days before `today` (a day number); nil otherwise.
    public static func rateAge(from: CompoundUnit, to: CompoundUnit, rates: Rates, today: Int32?) -> ValueNote? {
        guard rates.reference != nil, let today, let a = from.currency, let b = to.currency,
              let use = rates.referenceUse(from: a, to: b) else { return nil }
        let days = Int(today) - use.date.dayNumber
        return days > rateAgeShownAfter ? .rateAge(dayNumber: use.date.dayNumber, days: days) : nil
    }

    /// `rateBefore` when money of `day` went at a rate of the file (`Rates.ofDay`) more than
    /// `rateAgeShownAfter` days before that day; nil otherwise.
    public static func rateBefore(_ use: ReferenceRates.Use?, day: CalendarDate) -> ValueNote? {
        guard let use else { return nil }
        let days = day.dayNumber - use.date.dayNumber
        return days > rateAgeShownAfter ? .rateBefore(dayNumber: use.date.dayNumber, days: days, valueDay: day.dayNumber) : nil
    }

    /// `averageCalendar` when an amount of time in other units (days, hours) goes to
    /// months or years (`targets`), which then have the catalogue's fixed lengths; nil
    /// otherwise (`2 years to months` needs no calendar).
    public static func averageCalendar(from unit: CompoundUnit, to targets: [CompoundUnit]) -> ValueNote? {
        guard movesOffCalendar(unit) else { return nil }
        if targets.contains(where: { names($0, "months") }) { return .averageCalendar(months: true) }
        if targets.contains(where: { names($0, "years") }) { return .averageCalendar(months: false) }
        return nil
    }

    /// `averageCalendar(from:to:)` to one unit, as every `to UNIT` asks: nothing made for
    /// a conversion that is not to months or years.
    public static func averageCalendar(from unit: CompoundUnit, to target: CompoundUnit) -> ValueNote? {
        // Most targets hold no time at all: told by their units' dimensions, before any name.
        guard target.terms.contains(where: { $0.atom.dimension == .time }) else { return nil }
        let months = names(target, "months")
        guard months || names(target, "years"), movesOffCalendar(unit) else { return nil }
        return .averageCalendar(months: months)
    }

    /// A span of time not counted on the calendar (days, hours; not months or years alone).
    private static func movesOffCalendar(_ unit: CompoundUnit) -> Bool {
        unit.dimension == .time && !unit.isDate && unit.terms.contains { $0.atom.key != "months" && $0.atom.key != "years" }
    }

    private static func names(_ unit: CompoundUnit, _ key: String) -> Bool { unit.terms.contains { $0.atom.key == key } }

    /// The dates `first/second/year` may be: month first (`12/24/2026`), then day first
    /// (`24/12/2026`), each once and only when it is on the calendar.
    public static func dates(_ first: Int, _ second: Int, year: Int) -> [CalendarDate] {
        var dates: [CalendarDate] = []
        for (month, day) in [(first, second), (second, first)] {
            if let date = try? CalendarDate.checked(year: year, month: month, day: day), !dates.contains(date) { dates.append(date) }
        }
        return dates
    }

    /// Whether converting `from` to `to` takes a mass per volume to moles per volume, or
    /// back, through calcium carbonate's molar mass (not a hardness degree, which is one).
    public static func convertsMolesAsCalciumCarbonate(_ from: CompoundUnit, _ to: CompoundUnit) -> Bool {
        // Most conversions name no moles: the terms tell without working out a dimension.
        let substance = Dimension(substance: 1)
        guard from.terms.contains(where: { $0.atom.dimension == substance }) || to.terms.contains(where: { $0.atom.dimension == substance })
        else { return false }
        let pair = (from.dimension, to.dimension)
        guard pair == (.massConcentration, .hardness) || pair == (.hardness, .massConcentration) else { return false }
        let moles = from.dimension == .hardness ? from : to
        return moles.terms.contains { $0.atom.dimension == Dimension(substance: 1) }
    }
}

/// What is said of a time without a zone moved by hours on the local clocks (`zone`'s):
/// that the clocks changed between the two instants, from the offset in force at the
/// earlier (`from`) to the one at the later (`to`), each its abbreviation and seconds east
/// of UTC; and that the clocks show the time reached twice, `second` telling which of the
/// two it is (`reached`, its offset).
public struct LocalClockNote: Sendable, Equatable {
    public let zone: String
    public let from: (abbreviation: String, seconds: Int)?
    public let to: (abbreviation: String, seconds: Int)?
    public let reached: (abbreviation: String, seconds: Int)
    public let shownTwice: Bool
    public let second: Bool

    public init(zone: String, change: (from: ZoneOffset, to: ZoneOffset)?, reached: ZoneOffset, shownTwice: Bool, second: Bool) {
        self.zone = zone
        self.from = change.map { ($0.from.abbreviation, $0.from.seconds) }
        self.to = change.map { ($0.to.abbreviation, $0.to.seconds) }
        self.reached = (reached.abbreviation, reached.seconds)
        self.shownTwice = shownTwice
        self.second = second
    }

    public static func == (a: LocalClockNote, b: LocalClockNote) -> Bool { a.message == b.message }

    /// `the local clocks (Europe/Berlin) went forward from CET (UTC+1) to CEST (UTC+2) in
    /// between, and the hours are counted as time passing`, and `they show this time twice: this is the first,
    /// in CEST (UTC+2)`.
    public var message: String {
        func shown(_ offset: (abbreviation: String, seconds: Int)) -> String {
            let text = ValueNote.offsetText(offset.seconds)
            return offset.abbreviation == text ? text : offset.abbreviation + " (" + text + ")"
        }
        var parts: [String] = []
        if let from, let to {
            let way = to.seconds > from.seconds ? "forward" : "back"
            parts.append("the local clocks (\(zone)) went \(way) from \(shown(from)) to \(shown(to)) in between, and the hours are counted as time passing")
        }
        if shownTwice {
            parts.append((parts.isEmpty ? "the local clocks (\(zone))" : "they") + " show this time twice: this is the "
                         + (second ? "second" : "first") + ", in " + shown(reached))
        }
        return parts.joined(separator: "; ")
    }
}

extension DisplayedQuantity {
    /// A date with a time on the local clocks that they show twice, with the offset of the
    /// one it is (`note`'s, a `LocalClockNote`) in the ISO 8601 form JSON gives
    /// (`2026-10-25T02:30:00+01:00`), so that it names one instant; as it is otherwise.
    public func offset(from note: ValueNote?) -> DisplayedQuantity {
        guard case .localClocks(let clocks)? = note, clocks.shownTwice, unit == UnitTable.dateTime.symbol else { return self }
        var shown = self
        shown.number = DisplayedNumber(text: number.text + DateMath.isoOffset(clocks.reached.seconds), isExact: number.isExact)
        return shown
    }
}
