import PerNumbers

/// Why a date cannot take part in a calculation. Each case says what to write instead.
public enum DateRefusal: Error, Sendable, Equatable {
    /// `2 * 2026-01-01`, `sqrt(2026-01-01)`: a date is a day, not an amount.
    case scaled
    /// `2026-01-01 + 2026-01-01`.
    case sumOfDates
    /// `2026-01-01 + 5`: how many of what.
    case plainAddend
    /// `2026-01-01 + 2 kg`: a date moves by time only.
    case notTime(Dimension)
    /// `30 days - 2026-01-01`.
    case dateSubtracted
    /// `2026-01-01 + 36 h`: a date has no time of day.
    case partialDay
    /// `2026-01-01 + 1.5 months`: the calendar moves by whole months.
    case partialMonth(String)
    /// A date before 0001-01-01 or after 9999-12-31.
    case outOfRange
    /// `2026-01-01 to days`.
    case conversion
    /// `(2024-12-31 - 2024-01-01) to years days`: a leap year's 365 days left after whole years.
    case monthsBetween
    /// `weekday(5)`: the function and what it was given.
    case needsDate(String)
    /// `days until 12/24/2026` (a division): the phrase (`days until`) and its example's date.
    case phraseNeedsDate(String)
    /// `today` where the core was given no date.
    case noToday
    /// `2026-01-01 < 30 days`: a date compares only with a date.
    case comparedWithAmount
    /// `9:00 + 9:00`.
    case sumOfTimes
    /// `9:00 + 5`, `9:00 + 2 kg`: a time of day moves by time (nil: a plain number).
    case clockMoves(Dimension?)
    /// `9:00 + 1 month`: a time of day has no date for the calendar to move.
    case clockByCalendar(String)
    /// `2026-12-24 - 9:00`, `9:00 < 2026-12-24`: a time of day beside a date.
    case clockWithDate
    /// `9:00 + pi s`: a time moves by an exact amount.
    case inexactTime
    /// `9:00 * 2`, `9:00%`: a time of day is a point on the clock, not an amount.
    case clockScaled
    /// `9:00 to min`.
    case clockConversion
    /// `9:00 < 5 h`: a time of day compares only with a time of day.
    case clockComparedWithAmount

    /// `scaled`, `conversion` or `comparedWithAmount` as said of `quantities`: their
    /// `clock…` case when the one that is a point is a time of day alone.
    public static func about(_ refusal: DateRefusal, _ quantities: Quantity...) -> DateRefusal {
        guard let point = quantities.first(where: { $0.unit.isDate }), point.unit.atom == UnitTable.clock else { return refusal }
        switch refusal {
        case .scaled: return .clockScaled
        case .conversion: return .clockConversion
        case .comparedWithAmount: return .clockComparedWithAmount
        default: return refusal
        }
    }

    public var message: String {
        switch self {
        case .scaled:
            return "a date is a day on the calendar, not an amount: subtract two dates for the days between them, or add days to one"
        case .sumOfDates:
            return "cannot add two dates; subtract them for the days between, or add days, as in 2026-01-01 + 30 days"
        case .plainAddend:
            return "a date moves by days, weeks, months or years: write the unit, as in 2026-01-01 + 30 days"
        case .notTime(let dimension):
            return "a date moves by days, weeks, months or years, not by \(dimension.withArticle)"
        case .dateSubtracted:
            return "cannot subtract a date from an amount of time; subtract it from a date, as in 2026-03-01 - 2026-01-01"
        case .partialDay:
            return "a date moves by whole days (it has no time of day): round the days, as in 2026-01-01 + round(36 h to days)"
        case .partialMonth(let unit):
            return "a date moves by whole \(unit) on the calendar: write a whole number, or days, as in 2026-01-31 + 45 days"
        case .outOfRange:
            return "dates go from 0001-01-01 to 9999-12-31 (years 1 to 9999)"
        case .conversion:
            return "a date converts to no unit: subtract a date for the days between, as in 2026-03-01 - 2026-01-01"
        case .monthsBetween:
            return "years between two dates are counted with their months (years differ in length): write to years months days"
        case .needsDate(let function):
            return "\(function) needs a date, as in \(function)(2026-11-25)"
        case .phraseNeedsDate(let phrase):
            return "\(phrase) needs a date, as in \(phrase) 2026-12-25 (12/25/2026 is a division)"
        case .comparedWithAmount:
            return "a date compares only with a date (2026-01-01 < 2026-02-01); days compare with days"
        case .noToday:
            return "today's date is not known here; write the date, as in 2026-11-25"
        case .sumOfTimes:
            return "cannot add two times of day; subtract them for the time between, or add hours, as in 9:00 + 8.5 h"
        case .clockMoves(let dimension):
            guard let dimension else { return "a time of day moves by hours, minutes or seconds: write the unit, as in 9:00 + 8.5 h" }
            return "a time of day moves by hours, minutes or seconds, not by \(dimension.withArticle)"
        case .clockByCalendar(let unit):
            return "a time of day has no date to move by \(unit): write a date with it, as in 2026-12-24 18:00 + 1 month"
        case .clockWithDate:
            return "a time of day alone has no date: write the date with it, as in 2026-12-24 18:00"
        case .inexactTime:
            return "a time moves by an exact amount: round it, as in 9:00 + round(x to min) min"
        case .clockScaled:
            return "a time of day is a point on the clock, not an amount: subtract two times for the time between them, or add hours to one"
        case .clockConversion:
            return "a time of day converts to no unit: subtract two times for the time between, as in 17:30 - 9:15"
        case .clockComparedWithAmount:
            return "a time of day compares only with a time of day (9:00 < 17:30); hours compare with hours"
        }
    }
}

/// Arithmetic with dates: a date is a point on a scale of days (`CalendarDate`), so date −
/// date is days, date ± days is a date, and months and years move the calendar, keeping
/// the day of the month where the month has it and its last day otherwise.
public enum DateMath {
    /// How many calendar months one of `atom` moves a date: 1 for months, 12 for years,
    /// 120 for decades, 1200 for centuries (a whole number of months, as their factors
    /// are); nil for days, weeks and every other unit, which move it by days.
    package static func calendarMonths(in atom: Unit) -> Int? {
        let month = UnitTable.months.factor
        guard atom.dimension == .time, !atom.isDatePoint, atom.factor >= month,
              let length = Number.exact(atom.factor / month).exactInteger, length <= CalendarDate.years.count * 12 else { return nil }
        return length
    }

    /// A date as a quantity.
    public static func quantity(_ date: CalendarDate) -> Quantity {
        Quantity(Number(date.dayNumber), UnitTable.date)
    }

    /// The date a quantity in the unit `date` is, nil for anything else.
    public static func date(of q: Quantity) -> CalendarDate? {
        guard q.unit.isDate, q.unit.atom == UnitTable.date, let n = q.magnitude.exactInteger else { return nil }
        return CalendarDate(dayNumber: n)
    }

    /// `a + b` or `a − b` where either is a date, with a note when a month's end clamped.
    public static func add(_ a: Quantity, _ b: Quantity, subtracting: Bool,
                           rates: Rates, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> (Quantity, ValueNote?) {
        if isClockOrDateTime(a) || isClockOrDateTime(b) { return try addTime(a, b, subtracting: subtracting, rates: rates, in: context) }
        guard let date = date(of: a) else {
            guard Self.date(of: b) != nil else { throw .date(.outOfRange) }
            // An amount of time and then a date: days + date moves the date; minus, nothing.
            guard !subtracting else {
                throw .date(a.dimension == .time || a.isPlain ? .dateSubtracted : .notTime(a.dimension))
            }
            return try add(b, a, subtracting: false, rates: rates, in: context)
        }
        if let other = Self.date(of: b) {
            guard subtracting else { throw .date(.sumOfDates) }
            return (Quantity(Number(date.dayNumber - other.dayNumber), UnitTable.days), nil)
        }
        if b.isPlain { throw .date(.plainAddend) }
        guard b.dimension == .time else { throw .date(.notTime(b.dimension)) }
        if let atom = b.unit.atom, let length = calendarMonths(in: atom) {
            guard let count = b.magnitude.exactInteger else { throw .date(uncountedMonths(b.magnitude, atom.symbol)) }
            // Bounded before the product and the negation, which trap at a machine integer's ends.
            guard count.magnitude <= UInt(CalendarDate.years.count * 12 / length) else { throw .date(.outOfRange) }
            let months = length * (subtracting ? -count : count)
            guard let moved = date.movingMonths(months) else { throw .date(.outOfRange) }
            return (quantity(moved.date), moved.clamped.map { .clamped(day: $0, month: moved.date.month) })
        }
        let days = try QuantityMath.converted(b.magnitude, from: b.unit, to: CompoundUnit(UnitTable.days), rates: rates, in: context)
        guard let whole = days.exactInteger else {
            // Beyond a machine integer a move is out of the calendar, not a fraction of a day.
            if case .exact(let r) = days, r.isInteger { throw .date(.outOfRange) }
            throw .date(.partialDay)
        }
        // Bounded before adding: no move crosses more days than the calendar holds.
        guard whole.magnitude <= UInt(CalendarDate.dayNumbers.count),
              let moved = CalendarDate(dayNumber: date.dayNumber + (subtracting ? -whole : whole)) else {
            throw .date(.outOfRange)
        }
        return (quantity(moved), nil)
    }

    /// An offset from UTC as ISO 8601 writes it: `+01:00`, `-09:30`, `+00:00`; with its
    /// seconds when it has any (`+00:19:32`, Amsterdam before 1937).
    static func isoOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let text = (seconds < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
        return magnitude % 60 == 0 ? text : text + ":" + two(magnitude % 60)
    }

    /// A time of day (`17:30`) as a quantity: the fraction of a day since midnight, beyond
    /// [0, 1) when a sum passed midnight (`22:00 + 3 h` is 01:00 the next day).
    public static func clock(_ fraction: Rational) -> Quantity {
        Quantity(.exact(fraction), UnitTable.clock)
    }

    /// A date with a time as a quantity: days since 1970-01-01 00:00.
    public static func dateTime(_ days: Rational) -> Quantity {
        Quantity(.exact(days), UnitTable.dateTime)
    }

    /// `17:30`, `01:00 (next day)`, `2026-12-24 18:00`: a time of day, with the days it
    /// passed since it was written, or a date with a time; nil for anything else. `iso` is
    /// the ISO 8601 form JSON gives (`17:30:00`, `2026-12-24T18:00:00`); a time that passed
    /// midnight gives its time there and the days it passed in `daysLater` (negative for
    /// days before; 0 otherwise). A time read in a zone gives its offset from UTC in the
    /// ISO form (`2026-12-24T18:00:00+01:00`).
    public static func timeText(of q: Quantity) -> (text: String, iso: String, isExact: Bool, daysLater: Int)? {
        guard isClockOrDateTime(q), let days = days(of: q), let (day, fraction) = ClockTime.split(days: days) else { return nil }
        let time = ClockTime.text(ofDay: fraction)
        // ISO 8601 always writes the seconds.
        let isoTime = (time.text.count == 5 ? time.text + ":00" : time.text) + (q.zone.map { isoOffset($0.offset.seconds) } ?? "")
        if q.unit.atom == UnitTable.dateTime {
            guard let date = CalendarDate(dayNumber: day) else { return nil }
            return (date.text + " " + time.text, date.text + "T" + isoTime, time.isExact, 0)
        }
        let passed: String
        switch day {
        case 0: return (time.text, isoTime, time.isExact, 0)
        case 1: passed = "next day"
        case -1: passed = "previous day"
        case 2...: passed = "\(day) days later"
        default: passed = "\(-day) days earlier"
        }
        return (time.text + " (" + passed + ")", isoTime, time.isExact, day)
    }

    /// A part of a day as hours, minutes and seconds, from the largest not zero to the
    /// smallest not zero (`9 h 30 min`, `0.5 s`); empty for none. Its sign is dropped.
    public static func partOfDayText(_ fraction: Rational) -> String {
        var seconds = fraction.magnitude * Rational(ClockTime.secondsPerDay)
        var parts: [String] = []
        for (unit, length) in [("h", 3600), ("min", 60)] {
            let whole = (seconds / Rational(length)).rounded(.down)
            if !whole.isZero { parts.append("\(whole) \(unit)") }
            seconds = seconds - Rational(whole) * Rational(length)
        }
        if !seconds.isZero { parts.append(NumberDisplay.display(.exact(seconds), digits: 12).text + " s") }
        return parts.joined(separator: " ")
    }

    /// Whether a quantity is a time of day or a date with a time.
    public static func isClockOrDateTime(_ q: Quantity) -> Bool {
        guard q.unit.isDate, let atom = q.unit.atom else { return false }
        return atom == UnitTable.clock || atom == UnitTable.dateTime
    }

    /// The exact days of a point (a date, a time of day, a date with a time), nil for
    /// anything else.
    public static func days(of q: Quantity) -> Rational? {
        guard q.unit.isDate, case .exact(let days) = q.magnitude else { return nil }
        return days
    }

    /// Why `magnitude` months or years (`unit`) move no date: a whole number past a machine
    /// integer is past the calendar's ends; anything else is not whole.
    static func uncountedMonths(_ magnitude: Number, _ unit: String) -> DateRefusal {
        if case .exact(let count) = magnitude, count.isInteger { return .outOfRange }
        return .partialMonth(unit)
    }

    /// `a ± b` where a or b is a time of day or a date with a time: a time moves by hours,
    /// minutes and seconds, and stays a time past midnight (the days it passed shown with
    /// it); a date with a time moves by time too, and by calendar months and years as a date
    /// does; a difference of two times, or of a date with a time and a date (at midnight),
    /// is the days between, exactly.
    static func addTime(_ a: Quantity, _ b: Quantity, subtracting: Bool,
                        rates: Rates, in context: borrowing EvaluationContext) throws(QuantityError) -> (Quantity, ValueNote?) {
        let aIsClock = a.unit.atom == UnitTable.clock, bIsClock = b.unit.atom == UnitTable.clock
        guard a.unit.isDate else {
            // An amount of time and then a time: the sum moves the time; minus, nothing.
            guard !subtracting else { throw .date(a.dimension == .time || a.isPlain ? .dateSubtracted : .notTime(a.dimension)) }
            return try addTime(b, a, subtracting: false, rates: rates, in: context)
        }
        guard let start = days(of: a) else { throw .date(.outOfRange) }
        if b.unit.isDate {
            // A time of day beside a date has no date of its own: it is written with one.
            guard subtracting else { throw .date(aIsClock && bIsClock ? .sumOfTimes : aIsClock != bIsClock ? .clockWithDate : .sumOfDates) }
            guard aIsClock == bIsClock, let other = days(of: b) else { throw .date(.clockWithDate) }
            return (Quantity(.exact(start - other), UnitTable.days), nil)
        }
        if b.isPlain { throw .date(aIsClock ? .clockMoves(nil) : .plainAddend) }
        guard b.dimension == .time else { throw .date(aIsClock ? .clockMoves(b.dimension) : .notTime(b.dimension)) }
        if let atom = b.unit.atom, let length = calendarMonths(in: atom) {
            guard !aIsClock else { throw .date(.clockByCalendar(atom.symbol)) }
            guard let count = b.magnitude.exactInteger else { throw .date(uncountedMonths(b.magnitude, atom.symbol)) }
            guard count.magnitude <= UInt(CalendarDate.years.count * 12 / length) else { throw .date(.outOfRange) }
            let months = length * (subtracting ? -count : count)
            guard let (day, fraction) = ClockTime.split(days: start), let date = CalendarDate(dayNumber: day),
                  let moved = date.movingMonths(months) else { throw .date(.outOfRange) }
            return (dateTime(Rational(moved.date.dayNumber) + fraction), moved.clamped.map { .clamped(day: $0, month: moved.date.month) })
        }
        let converted = try QuantityMath.converted(b.magnitude, from: b.unit, to: CompoundUnit(UnitTable.days), rates: rates, in: context)
        guard case .exact(let moveBy) = converted else { throw .date(.inexactTime) }
        // Bounded before the sum: no move crosses more days than the calendar holds.
        guard moveBy.magnitude <= Rational(CalendarDate.dayNumbers.count) else { throw .date(.outOfRange) }
        let moved = subtracting ? start - moveBy : start + moveBy
        if aIsClock { return (clock(moved), nil) }
        guard let (day, _) = ClockTime.split(days: moved), CalendarDate.dayNumbers.contains(day) else { throw .date(.outOfRange) }
        return (dateTime(moved), nil)
    }

    /// `days(a, b)`: the days from a to b counting both ends (`days(2026-05-01, 2026-09-30)`
    /// is 153), negative when b is before a.
    public static func daysCountingBothEnds(_ a: CalendarDate, _ b: CalendarDate) -> Int {
        let span = b.dayNumber - a.dayNumber
        return span >= 0 ? span + 1 : span - 1
    }
}

/// Two dates a difference was taken between: `to` − `from`, each with its time of day
/// (a fraction of a day, 0 for a date alone).
public struct DateSpan: Sendable {
    public let from: CalendarDate
    public let to: CalendarDate
    public let fromTime: Rational
    public let toTime: Rational

    package init(from: CalendarDate, to: CalendarDate, fromTime: Rational = Rational(0), toTime: Rational = Rational(0)) {
        self.from = from
        self.to = to
        self.fromTime = fromTime
        self.toTime = toTime
    }

    /// The span between two points, a date or a date with a time (days since 1970-01-01
    /// 00:00); nil for a time of day alone or anything off the calendar.
    package init?(from earlier: Quantity, to later: Quantity) {
        func point(_ q: Quantity) -> (date: CalendarDate, time: Rational)? {
            guard q.unit.atom == UnitTable.date || q.unit.atom == UnitTable.dateTime, let days = DateMath.days(of: q),
                  let (day, fraction) = ClockTime.split(days: days), let date = CalendarDate(dayNumber: day) else { return nil }
            return (date, fraction)
        }
        guard let a = point(earlier), let b = point(later) else { return nil }
        self.init(from: a.date, to: b.date, fromTime: a.time, toTime: b.time)
    }

    /// The days from `from` to `to`, exactly.
    public var days: Rational { Rational(to.dayNumber - from.dayNumber) + (toTime - fromTime) }

    /// The calendar months from one to the other when both are the same day of the month
    /// (2026-01-15 to 2026-03-15 is 2; backwards, −2); nil for any other two dates.
    public var months: Int? {
        guard from.day == to.day else { return nil }
        return (to.year - from.year) * 12 + (to.month - from.month)
    }

    /// The whole calendar months from `from` to `to` and the days left (with the part of a
    /// day of their times), as Python's dateutil `relativedelta(to, from)` counts them:
    /// months moved from the earlier of the two, its time kept (a day past the month's end
    /// clamped to its last day), as many as do not pass the later, then the days from
    /// there; both negative when `to` is earlier, the same counted from `to` (so `a - b` and
    /// `b - a` differ only in sign: relativedelta itself counts a negative span from its
    /// later date). Nil only off the calendar.
    public func calendarMonths(fromStartOnly yearsOnly: Bool = false) -> (months: Int, days: Rational)? {
        calendarMonths(step: yearsOnly ? 12 : 1)
    }

    /// The same two points the other way round: the span negated.
    public var reversed: DateSpan { DateSpan(from: to, to: from, fromTime: toTime, toTime: fromTime) }

    /// Whether `to` is before `from`.
    public var isNegative: Bool { days.isNegative }

    /// `calendarMonths` in whole steps of `step` months (12: whole years, 120: decades).
    public func calendarMonths(step: Int) -> (months: Int, days: Rational)? {
        if isNegative { return reversed.calendarMonths(step: step).map { (-$0.months, -$0.days) } }
        var months = (to.year - from.year) * 12 + (to.month - from.month)
        months = months / step * step
        let end = Rational(to.dayNumber) + toTime
        func anchor(_ months: Int) -> Rational? {
            from.movingMonths(months).map { Rational($0.date.dayNumber) + fromTime }
        }
        guard var moved = anchor(months) else { return nil }
        while end < moved {
            months -= step
            guard let next = anchor(months) else { return nil }
            moved = next
        }
        return (months, end - moved)
    }

    /// The span in `units` (years and months first, or whole numbers of them such as
    /// decades, then any of days and shorter): the months counted on the calendar
    /// (`calendarMonths`; whole years alone when no months are asked for) and shared out
    /// over the calendar units, the rest split over the units after them as `UnitParts`
    /// splits; one sign for all, as relativedelta's parts share one. Nil when the list has
    /// no months or years.
    public func counted(into units: [CompoundUnit], rates: Rates,
                        in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> (negative: Bool, parts: [UnitParts.Part])? {
        // Each calendar unit's length in months: 1 for months, 12 for years, 120 for decades.
        let monthLength = UnitTable.months.factor
        func months(in unit: CompoundUnit) -> Int? {
            guard unit.dimension == .time, !unit.isDate, unit.factor >= monthLength else { return nil }
            return Number.exact(unit.factor / monthLength).exactInteger
        }
        let calendar = units.prefix { months(in: $0) != nil }
        let keys = calendar.compactMap { $0.atom?.key }
        guard !calendar.isEmpty else { return nil }
        let hasMonths = keys.contains("months")
        let hasYears = calendar.contains { $0.atom?.key != "months" }
        let rest = Array(units.dropFirst(calendar.count))
        let step = calendar.last.flatMap(months(in:)) ?? 1
        guard let (total, days) = calendarMonths(step: step) else { throw .date(.outOfRange) }
        // `to years days` of 2024-01-01 to 2024-12-31: 365 days left would read as a year.
        if hasYears, !hasMonths, !rest.isEmpty, days.magnitude >= Rational(365) { throw .date(.monthsBetween) }
        var parts: [UnitParts.Part] = []
        var left = abs(total)
        for unit in calendar {
            let length = months(in: unit) ?? 1
            parts.append(UnitParts.Part(amount: Number(left / length), unit: unit))
            left %= length
        }
        if !rest.isEmpty {
            let split = try UnitParts.split(Quantity(.exact(days.magnitude), UnitTable.days), into: rest, rates: rates, in: context)
            parts += split.parts
        }
        return (total < 0 || days.isNegative, parts)
    }
}
