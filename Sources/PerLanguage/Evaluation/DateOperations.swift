import PerNumbers
import PerUnits

// MARK: Dates in expressions (`help dates`)

extension Evaluator {
    /// `a op b` where a or b is a date: only `+` and `-` mean anything (`DateMath.add`);
    /// the note of a clamped month's end is kept, and the days between two dates are marked
    /// so that no month is guessed from them.
    package func dateBinary(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard op == .add || op == .subtract else { throw Diagnostic(QuantityError.date(.about(.scaled, left.quantity, right.quantity)), at: range) }
        if left.quantity.isZoned || right.quantity.isZoned, let zoned = try zonedSum(op, left, right, range: range) { return zoned }
        if let local = try localSum(op, left, right, range: range) { return local }
        let (a, b) = (left.quantity, right.quantity)
        let (value, note) = try checked(at: range) { () throws(QuantityError) in
            try DateMath.add(a, b, subtracting: op == .subtract, rates: rates, in: context)
        }
        var result = Operand(quantity: value, range: range)
        let span = op == .subtract ? DateSpan(from: b, to: a) : nil
        result.dateSpan = span
        result.note = note ?? left.note ?? right.note
        if DateMath.isClockOrDateTime(a) || DateMath.isClockOrDateTime(b), !value.unit.isDate {
            // Shown in days and hours, and still counted on the calendar when asked (`to months days h`).
            var shown = try duration(result, range: range)
            if let span { shown.dateSpan = span }
            return shown
        }
        return result
    }

    /// The time between two times of day or dates with times (`17:30 - 9:15`), in days,
    /// shown in the units it has parts of, from the largest to the smallest not zero:
    /// `8 h 15 min`, `15 s`, `1 day 9 h`, `4 days 30 min`; less than a second, or none, in
    /// seconds (`0.5 s`).
    package func duration(_ value: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard case .exact(let days) = value.quantity.magnitude, let units = Self.durationUnits(days) else { return value }
        return units.count == 1 ? try convert(value, to: units[0], range: range) : try convert(value, toParts: units, range: range)
    }

    /// The units a time of `days` is shown in (`duration`): days, h, min and s, from the
    /// largest it has a whole one of to the smallest it has a part in, those between of
    /// which it has none left out; nil where a unit is missing from the table.
    static func durationUnits(_ days: Rational) -> [CompoundUnit]? {
        let seconds = (days * Rational(ClockTime.secondsPerDay)).magnitude
        let steps: [(unit: String, seconds: Int)] = [("days", 86_400), ("h", 3600), ("min", 60), ("s", 1)]
        let largest = steps.firstIndex(where: { Rational($0.seconds) <= seconds }) ?? steps.count - 1
        var smallest = largest
        for index in steps.indices.dropFirst(largest) {
            let count = seconds / Rational(steps[index].seconds)
            if count.isInteger { smallest = index; break }
            smallest = index
        }
        // A unit between the two of which there is no whole one is left out (`4 days 30 min`).
        var rest = seconds
        var shown: [String] = []
        for index in largest...smallest {
            let whole = (rest / Rational(steps[index].seconds)).rounded(.down)
            rest = rest - Rational(whole) * Rational(steps[index].seconds)
            if whole != 0 || index == largest || index == smallest { shown.append(steps[index].unit) }
        }
        let units = shown.compactMap { UnitTable.atom(named: $0).map { CompoundUnit($0) } }
        return units.count == shown.count ? units : nil
    }

    /// A time in days (`weeks until 2026-12-25`) in whole weeks and the rest as `duration`
    /// shows it, a part that is none left out: `4 weeks`, `4 weeks 2 days`, `3 days`,
    /// `4 weeks 8 h 30 min`.
    package func inWeeks(_ value: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard let week = UnitTable.atom(named: "weeks"),
              case .exact(let days) = try convert(value, to: CompoundUnit(UnitTable.days), range: range).quantity.magnitude else { return value }
        let weeks = (days.magnitude / Rational(7)).rounded(.down)
        let rest = days.magnitude - Rational(weeks) * Rational(7)
        let restUnits = rest.isInteger ? (rest == Rational(0) && weeks != 0 ? [] : [CompoundUnit(UnitTable.days)]) : Self.durationUnits(rest)
        guard let restUnits else { return value }
        let units = (weeks == 0 ? [] : [CompoundUnit(week)]) + restUnits
        // Weeks are shown as parts even alone, as they are with a rest (and so in JSON).
        var result = units.count == 1 && weeks == 0 ? try convert(value, to: units[0], range: range)
            : try convert(value, toParts: units, range: range)
        // The note of the span (the clocks changed in between) stays.
        if result.note == nil { result.note = value.note }
        return result
    }

    /// The days between two dates (or dates with times) converted to years, months and
    /// what follows: counted on the calendar as Python's dateutil `relativedelta` counts
    /// them (`DateSpan.calendarMonths`): `(2026-12-24 - 2026-03-15) to months days` is 9
    /// months 9 days. The days left go to the units after the months (days, weeks, h),
    /// or, with none, into a note (`to years` of an age: the whole years, and the months
    /// and days as a note). Years without months before days are refused when a whole
    /// year's days are left (a leap year's 365). With units after the months the value is
    /// the span itself, in days, and the parts shown are the ones counted
    /// (`countedParts`); without, it is the whole months or years counted. Any other
    /// value, or target, is returned as it is.
    package func calendarMonths(_ value: Operand, to units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Operand {
        // Each unit's length in calendar months: months 1, years 12, decades 120, centuries 1200.
        let lengths = units.map { $0.atom.flatMap(DateMath.calendarMonths(in:)) }
        guard let span = value.dateSpan, let step = lengths.compactMap({ $0 }).min() else { return value }
        let restUnits = lengths.contains(nil)
        if restUnits {
            let split = try checked(at: range) { () throws(QuantityError) in try span.counted(into: units, rates: rates, in: context) }
            guard let split else { return value }
            var result = Operand(quantity: Quantity(.exact(span.days), CompoundUnit(UnitTable.days)), range: value.range)
            result.countedParts = split
            return result
        }
        guard let counted = span.calendarMonths(step: step), let full = span.calendarMonths() else {
            throw Diagnostic(QuantityError.date(.outOfRange), at: range)
        }
        let months = counted.months
        var result = Operand(quantity: Quantity(Number(months), CompoundUnit(UnitTable.months)), range: value.range)
        // The whole days toward zero (the parts share one sign), then the part of a day.
        let days = Rational(full.days.isNegative ? full.days.rounded(.up) : full.days.rounded(.down))
        let rest = (months: full.months - months, days: Number.exact(days).exactInteger ?? 0,
                    time: DateMath.partOfDayText(full.days - days))
        if rest.months != 0 || rest.days != 0 || !rest.time.isEmpty {
            result.note = .calendarRest(months: rest.months, days: rest.days, time: rest.time)
        }
        return result
    }

    /// `d to weekday`; a date takes no other format, and only a date takes that one: a date
    /// with a time is the weekday of its date, a time of day alone has none.
    package func dateFormat(_ value: Operand, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard value.quantity.unit.isDate else { throw Diagnostic(QuantityError.date(.needsDate("weekday")), at: range) }
        guard format == .weekday else { throw Diagnostic(QuantityError.date(.about(.conversion, value.quantity)), at: range) }
        var result = value
        if DateMath.isClockOrDateTime(value.quantity) {
            guard value.quantity.unit.atom == UnitTable.dateTime else { throw Diagnostic(QuantityError.date(.needsDate("weekday")), at: range) }
            guard let days = DateMath.days(of: value.quantity), let (day, _) = ClockTime.split(days: days),
                  let date = CalendarDate(dayNumber: day) else { throw Diagnostic(QuantityError.date(.outOfRange), at: range) }
            result.quantity = DateMath.quantity(date)
        }
        result.format = .weekday
        return result
    }

    /// `today`, `yesterday` and `tomorrow`: the local date the session was given, and the
    /// days either side; `now`, that date with the time of day it was given, to the
    /// minute. Nil for any
    /// other name.
    package func relativeDate(_ name: String, at range: Range<Int>) throws(Diagnostic) -> Quantity? {
        let offset: Int
        switch name {
        case "now":
            guard let today, minuteOfDay != Evaluator.noClock else { throw Diagnostic(QuantityError.date(.noToday), at: range) }
            return nowReading(day: Int(today), minute: Int(minuteOfDay & ~Evaluator.laterReading),
                              later: minuteOfDay & Evaluator.laterReading != 0)
        case "today": offset = 0
        case "yesterday": offset = -1
        case "tomorrow": offset = 1
        default: return nil
        }
        guard let today else { throw Diagnostic(QuantityError.date(.noToday), at: range) }
        guard let date = CalendarDate(dayNumber: Int(today) + offset) else {
            throw Diagnostic(QuantityError.date(.outOfRange), at: range)
        }
        return DateMath.quantity(date)
    }

    /// `now`: the local date (`day`) and time (`minute` since midnight); where the local
    /// clocks show that time twice (put back), read in the local zone as the earlier
    /// reading, or the `later` one, so that sums and conversions need no offset.
    private func nowReading(day: Int, minute: Int, later: Bool) -> Quantity {
        let local = DateMath.dateTime(Rational(day) + Rational(BigInt(minute), BigInt(24 * 60)))
        guard let zones, !zones.isClockless, let zone = zones.local,
              case .overlap(let earlier, let second) = zone.rules.reading(local: ZoneRules.localSeconds(dayNumber: day, secondOfDay: minute * 60))
        else { return local }
        let reading = ZonedReading(zone: zone, offset: (later ? second : earlier).offset, day: 0)
        return Quantity(local.magnitude, CompoundUnit(UnitTable.zoned(UnitTable.dateTime, reading)))
    }

    /// `tomorrow 9:00`, `Dec 24 9:00`: a date and a time of day on it, one date with a
    /// time, in days since 1970-01-01 00:00 (the date's day number plus the part of the
    /// day), as `2026-12-24 18:00` is.
    package func dateTime(_ date: Operand, at time: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard let day = DateMath.date(of: date.quantity), time.quantity.unit.atom == UnitTable.clock,
              let fraction = DateMath.days(of: time.quantity) else {
            throw Diagnostic(QuantityError.date(.clockWithDate), at: range)
        }
        return Operand(quantity: DateMath.dateTime(Rational(day.dayNumber) + fraction), range: range)
    }

    /// `December 24`: that day of the year of the session's today, refused as a date of
    /// digits is when the month has no such day (at the day), or when there is no today.
    package func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) throws(Diagnostic) -> Operand {
        guard let today, let now = CalendarDate(dayNumber: Int(today)) else {
            throw Diagnostic(QuantityError.date(.noToday), at: range)
        }
        do throws(CalendarDate.Refusal) {
            return Operand(quantity: DateMath.quantity(try CalendarDate.checked(year: now.year, month: month, day: day)), range: range)
        } catch {
            throw Diagnostic(SyntaxError.invalidDate(error), at: dayRange)
        }
    }

    /// A value with a note on how it was read (`12/24/2026` divided), unless its working
    /// left a note of its own.
    package func noting(_ note: ValueNote, on value: Operand) -> Operand {
        guard value.note == nil else { return value }
        var noted = value
        noted.note = note
        return noted
    }

    /// `weekday(d)` and `days(a, b)`; nil for any other function, which takes no date.
    package func dateCall(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand? {
        switch function {
        case .weekday:
            return try dateFormat(arguments[0], as: .weekday, range: arguments[0].range)
        case .days:
            var dates: [CalendarDate] = []
            for argument in arguments {
                guard let date = DateMath.date(of: argument.quantity) else {
                    throw Diagnostic(QuantityError.date(.needsDate("days")), at: argument.range)
                }
                dates.append(date)
            }
            let count = DateMath.daysCountingBothEnds(dates[0], dates[1])
            return Operand(quantity: Quantity(Number(count), UnitTable.days), range: range)
        default:
            // min and max order dates as they order any quantity; nothing else takes one.
            if function != .min, function != .max, let date = arguments.first(where: { $0.quantity.unit.isDate }) {
                throw Diagnostic(QuantityError.date(.about(.scaled, date.quantity)), at: date.range)
            }
            // Times in zones are ordered by their instants, which `<` compares; min and max
            // would order the clocks' readings.
            if let zoned = arguments.first(where: { $0.quantity.isZoned }) {
                throw Diagnostic(ZoneProblem.unordered(function.rawValue), at: zoned.range)
            }
            if function == .min || function == .max { try checkLocalOrder(arguments, range: range) }
            return nil
        }
    }
}
