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
    /// `(2026-03-01 - 2026-01-01) to months`.
    case monthsBetween
    /// `weekday(5)`: the function and what it was given.
    case needsDate(String)
    /// `today` where the core was given no date.
    case noToday
    /// `2026-01-01 < 30 days`: a date compares only with a date.
    case comparedWithAmount

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
            return "months between two dates are counted only from a day to the same day of a month (months differ in length): write to days or to weeks days"
        case .needsDate(let function):
            return "\(function) needs a date, as in \(function)(2026-11-25)"
        case .comparedWithAmount:
            return "a date compares only with a date (2026-01-01 < 2026-02-01); days compare with days"
        case .noToday:
            return "today's date is not known here; write the date, as in 2026-11-25"
        }
    }
}

/// Arithmetic with dates: a date is a point on a scale of days (`CalendarDate`), so date −
/// date is days, date ± days is a date, and months and years move the calendar, keeping
/// the day of the month where the month has it and its last day otherwise.
public enum DateMath {
    /// A date as a quantity.
    public static func quantity(_ date: CalendarDate) -> Quantity {
        Quantity(Number(date.dayNumber), UnitTable.date)
    }

    /// The date a quantity in the unit `date` is, nil for anything else.
    public static func date(of q: Quantity) -> CalendarDate? {
        guard q.unit.isDate, let n = q.magnitude.exactInteger else { return nil }
        return CalendarDate(dayNumber: n)
    }

    /// `a + b` or `a − b` where either is a date, with a note when a month's end clamped.
    public static func add(_ a: Quantity, _ b: Quantity, subtracting: Bool,
                           rates: Rates, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> (Quantity, ValueNote?) {
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
        if let atom = b.unit.atom, atom.key == "months" || atom.key == "years" {
            guard let count = b.magnitude.exactInteger else { throw .date(.partialMonth(atom.symbol)) }
            // Bounded before the product and the negation, which trap at a machine integer's ends.
            guard count.magnitude <= UInt(CalendarDate.years.count * 12) else { throw .date(.outOfRange) }
            let months = (atom.key == "years" ? 12 : 1) * (subtracting ? -count : count)
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

    /// `days(a, b)`: the days from a to b counting both ends (`days(2026-05-01, 2026-09-30)`
    /// is 153), negative when b is before a.
    public static func daysCountingBothEnds(_ a: CalendarDate, _ b: CalendarDate) -> Int {
        let span = b.dayNumber - a.dayNumber
        return span >= 0 ? span + 1 : span - 1
    }
}

/// Two dates a difference was taken between: `to` − `from`.
public struct DateSpan: Sendable {
    public let from: CalendarDate
    public let to: CalendarDate

    package init(from: CalendarDate, to: CalendarDate) {
        self.from = from
        self.to = to
    }

    /// The calendar months from one to the other when both are the same day of the month
    /// (2026-01-15 to 2026-03-15 is 2; backwards, −2); nil for any other two dates.
    public var months: Int? {
        guard from.day == to.day else { return nil }
        return (to.year - from.year) * 12 + (to.month - from.month)
    }
}
