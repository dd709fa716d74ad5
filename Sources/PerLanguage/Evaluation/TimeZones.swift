import PerNumbers
import PerUnits

/// The time zones a statement may name, and the local zone, which the shell gives the
/// session with the clock (`SystemZoneDatabase`, whose files are read only when a zone is
/// named). One reference in the evaluator, so that a statement that names no zone pays a
/// word.
public final class TimeZones: Sendable {
    package let database: any ZoneDatabase
    /// The zone the local clock keeps (`TZ`, else `/etc/localtime`), which a time written
    /// without a zone is read in; nil when it is not known.
    package let local: Zone?
    /// Why `local` is not known, where the shell could say.
    package let unknownLocal: UnknownLocalZone?

    public init(database: any ZoneDatabase, local: Zone?, unknownLocal: UnknownLocalZone? = nil) {
        self.database = database
        self.local = local
        self.unknownLocal = unknownLocal
    }

    /// The zones of a session that has no clock to read them from (a library's, a test's):
    /// no zone is named there, and no local zone changes its clocks, so that a time without
    /// a zone moves as its clock reads.
    public static let clockless = TimeZones(database: ZoneTable([:]), local: nil)

    /// Whether these are `clockless`, where a zone named is refused as not given.
    package var isClockless: Bool { self === Self.clockless }
}

// MARK: Times in zones (`help dates`)

extension Evaluator {
    /// Whether a value is a time of day or a date with a time.
    package static func isTime(_ value: Operand) -> Bool { DateMath.isClockOrDateTime(value.quantity) }
    /// Whether a value is a time of day, on no date (in a zone or not).
    package static func isTimeOfDay(_ value: Operand) -> Bool {
        DateMath.isClockOrDateTime(value.quantity) && value.quantity.unit.atom == UnitTable.clock
    }
    /// Whether a value is a time read in a zone.
    package static func isZoned(_ value: Operand) -> Bool { value.quantity.isZoned }
    /// Whether a value is no date, time or date with a time (a list or range is left to
    /// the arithmetic's own refusal).
    package static func isNoPoint(_ value: Operand) -> Bool { !value.isList && !value.isRange && !value.quantity.unit.isDate }

    /// The zone written (`Europe/Berlin`, `UTC`, `UTC+05:30`, `+05:30`), from the database
    /// for a name; refused at `range`, with a close name the database has for an unknown
    /// one, and as not given where the session has no zones (the shell then gives them).
    func zone(_ text: String, range: Range<Int>) throws(Diagnostic) -> Zone {
        let designation: ZoneDesignation
        do throws(ZoneName.Refusal) { designation = try ZoneDesignation(text) } catch {
            throw Diagnostic(ZoneProblem.name(error), at: range)
        }
        if case .named = designation, zones == nil || zones?.isClockless == true { throw Diagnostic(ZoneProblem.notGiven, at: range) }
        let database = zones?.database ?? ZoneTable([:])
        do throws(ZoneRefusal) {
            return try Zone.designated(designation, in: database)
        } catch {
            var suggestion: String? = nil
            if case .unknown(let name) = error {
                let near = database.names(near: name)
                suggestion = Suggestion.closest(to: name.text.lowercased(), among: near.map { $0.lowercased() })
                    .flatMap { close in near.first { $0.lowercased() == close } }
            }
            throw Diagnostic(ZoneProblem.refused(error, suggestion: suggestion), at: range)
        }
    }

    /// The day a time of day is read on: today's (a statement without a today is refused
    /// as one, which the shell answers by reading its clock); 0 for a date with a time.
    func baseDay(of value: Quantity, at range: Range<Int>) throws(Diagnostic) -> Int {
        guard value.unit.atom == UnitTable.clock else { return 0 }
        if let zone = value.zone { return zone.day }
        guard let today else { throw Diagnostic(QuantityError.date(.noToday), at: range) }
        return Int(today)
    }

    /// A local time in days (`DateMath.days(of:)`) on `day` as whole seconds since
    /// 1970-01-01 00:00 on the clocks, refused beyond the calendar.
    static func localSeconds(_ days: Rational, day: Int, at range: Range<Int>) throws(Diagnostic) -> Int64 {
        let seconds = (Rational(day) + days) * Rational(ClockTime.secondsPerDay)
        guard let whole = seconds.rounded(.down).int64Value, ZoneRules.instants.contains(whole),
              CalendarDate.dayNumbers.contains(Int(whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400)) else {
            throw Diagnostic(QuantityError.date(.outOfRange), at: range)
        }
        return whole
    }

    /// A time of day or a date with a time, as a zone's clocks show it (`local`, in days on
    /// `day` for a time of day), read as the one instant they show it at: the value, its
    /// unit carrying the zone and the offset then. Refused, with both readings, when the
    /// clocks skip it or show it twice.
    func resolved(_ local: Quantity, day: Int, in zone: Zone, at range: Range<Int>) throws(Diagnostic) -> Quantity {
        guard let days = DateMath.days(of: local), let atom = local.unit.atom else { throw Diagnostic(ZoneProblem.notATime, at: range) }
        let seconds = try Self.localSeconds(days, day: day, at: range)
        let reading = zone.rules.reading(local: seconds)
        guard case .unique(let one) = reading else {
            throw Diagnostic(ZoneProblem.refusing(reading, local: seconds, in: zone) ?? .notATime, at: range)
        }
        let unit = UnitTable.zoned(atom == UnitTable.clock ? UnitTable.clock : UnitTable.dateTime,
                                   ZonedReading(zone: zone, offset: one.offset, day: atom == UnitTable.clock ? day : 0))
        return Quantity(local.magnitude, CompoundUnit(unit))
    }

    /// `14:30 Europe/Berlin`, `Europe/Berlin 14:30`: the time as the zone's clocks show it,
    /// a time of day alone on today's date.
    package func zoned(_ value: Operand, zone text: String, zoneRange: Range<Int>) throws(Diagnostic) -> Operand {
        let zone = try zone(text, range: zoneRange)
        let range = min(value.range.lowerBound, zoneRange.lowerBound)..<max(value.range.upperBound, zoneRange.upperBound)
        let time = value.quantity
        return Operand(quantity: try resolved(time, day: try baseDay(of: time, at: range), in: zone, at: range), range: range)
    }

    /// The instant of a time, in seconds since 1970-01-01 00:00 UTC, exactly: in its zone
    /// when it has one, else in the local zone, at its own date (a time of day alone at
    /// today's), and refused with both readings where the local clocks skip it or show it
    /// twice. With the day a time of day is on.
    func instant(of value: Quantity, at range: Range<Int>) throws(Diagnostic) -> (seconds: Rational, day: Int) {
        let day = try baseDay(of: value, at: range)
        guard let days = DateMath.days(of: value) else { throw Diagnostic(ZoneProblem.notATime, at: range) }
        if let zone = value.zone { return (zone.instant(ofLocalDays: days), day) }
        guard let zones, !zones.isClockless else { throw Diagnostic(ZoneProblem.notGiven, at: range) }
        guard let local = zones.local else { throw Diagnostic(ZoneProblem.noLocalZone(zones.unknownLocal), at: range) }
        guard let zone = try resolved(value, day: day, in: local, at: range).zone else { throw Diagnostic(ZoneProblem.notATime, at: range) }
        return (zone.instant(ofLocalDays: days), day)
    }

    /// The instant `seconds` on the clocks of `zone`: a time of day (`clock`, on `day`,
    /// passing midnight as a sum does) or a date with a time. Refused beyond the calendar:
    /// at `range` as a date past it, or, for a conversion (`zoneRange`, the zone's name),
    /// there, saying the zone's clocks show it past the calendar's end or before its start.
    static func shown(_ seconds: Rational, in zone: Zone, clock: Bool, day: Int, at range: Range<Int>,
                      zoneRange: Range<Int>? = nil) throws(Diagnostic) -> Quantity {
        guard let whole = seconds.rounded(.down).int64Value, ZoneRules.instants.contains(whole) else {
            throw Diagnostic(QuantityError.date(.outOfRange), at: range)
        }
        let offset = zone.rules.offset(at: whole)
        let localDays = (seconds + Rational(offset.seconds)) / Rational(ClockTime.secondsPerDay)
        let localDay = localDays.rounded(.down).int64Value.map { Int($0) } ?? 0
        guard CalendarDate.dayNumbers.contains(localDay) else {
            guard let zoneRange else { throw Diagnostic(QuantityError.date(.outOfRange), at: range) }
            throw Diagnostic(ZoneProblem.beyondCalendar(zone: zone.name, later: localDay > CalendarDate.dayNumbers.upperBound), at: zoneRange)
        }
        let reading = ZonedReading(zone: zone, offset: offset, day: clock ? day : 0)
        return Quantity(.exact(clock ? localDays - Rational(day) : localDays),
                        CompoundUnit(UnitTable.zoned(clock ? UnitTable.clock : UnitTable.dateTime, reading)))
    }

    /// `EXPR to ZONE`: the instant of a time (in its zone, or the local zone when it has
    /// none) as the zone's clocks show it, a time of day staying one (`(next day)`).
    package func convert(_ value: Operand, toZone text: String, zoneRange: Range<Int>) throws(Diagnostic) -> Operand {
        let zone = try zone(text, range: zoneRange)
        let range = value.range.lowerBound..<zoneRange.upperBound
        if value.isList { throw Diagnostic(ListRefusal.unsupported("to a zone"), at: zoneRange) }
        guard DateMath.isClockOrDateTime(value.quantity) else { throw Diagnostic(ZoneProblem.notATime, at: range) }
        let (seconds, day) = try instant(of: value.quantity, at: range)
        let clock = value.quantity.unit.atom == UnitTable.clock
        return Operand(quantity: try Self.shown(seconds, in: zone, clock: clock, day: day, at: range, zoneRange: zoneRange), range: range)
    }

    /// `a ± b` where a or b is a time in a zone; nil where neither is, or where the rules of
    /// times without zones answer (a sum of two times, a time less a duration's refusals).
    /// Two times in zones: the time between their instants. A time in a zone and one
    /// without: refused, the second having no zone. A duration added: hours, minutes and
    /// seconds pass as time does (across a change of the clocks, the hours elapsed), and so
    /// does a part of a day; whole days and longer move the zone's calendar and clocks, the
    /// time then read in the zone again (refused, with both readings, where its clocks skip
    /// it or show it twice).
    func zonedSum(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand? {
        guard left.quantity.isZoned || right.quantity.isZoned else { return nil }
        let (a, b) = (left.quantity, right.quantity)
        let subtracting = op == .subtract
        if a.unit.isDate && b.unit.isDate {
            // A sum of two, or a time of day beside a date, is refused as without zones; a
            // date alone, as any point without a zone, has no instant.
            guard subtracting, (a.unit.atom == UnitTable.clock) == (b.unit.atom == UnitTable.clock) else { return nil }
            guard areInstants(a, b) else { throw Diagnostic(ZoneProblem.mixed, at: range) }
            let later = try instant(of: a, at: left.range).seconds, earlier = try instant(of: b, at: right.range).seconds
            var difference = try duration(Operand(quantity: Quantity(.exact((later - earlier) / Rational(ClockTime.secondsPerDay)),
                                                                     UnitTable.days), range: range), range: range)
            // Months are counted on the calendar of the clocks both were read on (dateutil's
            // relativedelta on times of one zone), else on UTC's; the days shown are elapsed.
            if a.unit.atom == UnitTable.dateTime, let zoneA = a.zone, let zoneB = b.zone {
                let sameZone = zoneA.zone.name == zoneB.zone.name
                func point(_ q: Quantity, _ instant: Rational) -> Quantity {
                    sameZone ? Quantity(q.magnitude, UnitTable.dateTime) : DateMath.dateTime(instant / Rational(ClockTime.secondsPerDay))
                }
                difference.dateSpan = DateSpan(from: point(b, earlier), to: point(a, later))
            }
            return difference
        }
        // A time and an amount: the time first (an amount less a time is refused as without zones).
        guard a.unit.isDate || !subtracting else { return nil }
        let (time, amount) = a.unit.isDate ? (a, b) : (b, a)
        guard let reading = time.zone, amount.dimension == .time, !amount.isPlain, DateMath.isClockOrDateTime(time) else { return nil }
        // A time read back from a saved file has its zone's rules looked up by name.
        let zone = reading.hasRules ? reading
            : ZonedReading(zone: try self.zone(reading.zone.name, range: range), offset: reading.offset, day: reading.day)
        let clock = time.unit.atom == UnitTable.clock
        let plainTime = Quantity(time.magnitude, clock ? UnitTable.clock : UnitTable.dateTime)
        if Self.movesCalendar(amount) {
            let (moved, note) = try checked(at: range) { () throws(QuantityError) in
                try DateMath.add(plainTime, amount, subtracting: subtracting, rates: rates, in: context)
            }
            var result = Operand(quantity: try resolved(moved, day: zone.day, in: zone.zone, at: range), range: range)
            result.note = note
            return result
        }
        let moveBy = try seconds(of: amount, at: range)
        let (start, day) = try instant(of: time, at: range)
        return Operand(quantity: try Self.shown(subtracting ? start - moveBy : start + moveBy, in: zone.zone, clock: clock, day: day, at: range),
                       range: range)
    }

    /// Whether two times, one at least in a zone, are two instants: both in zones, or one
    /// in the local zone (`now` where the local clocks show its time twice) and the other
    /// without one, which is read on the local clocks as a time without a zone is.
    private func areInstants(_ a: Quantity, _ b: Quantity) -> Bool {
        if a.isZoned && b.isZoned { return true }
        guard let local = zones?.local?.name, zones?.isClockless == false else { return false }
        return [a, b].allSatisfy { !$0.isZoned || $0.zone?.zone.name == local }
    }

    /// The seconds an amount of time (`90 min`, `1.5 h`) moves a time by, exactly: refused
    /// where the amount is not exact, and, before any sum is made, where it crosses more
    /// days than the calendar holds.
    func seconds(of amount: Quantity, at range: Range<Int>) throws(Diagnostic) -> Rational {
        let seconds = try checked(at: range) { () throws(QuantityError) in
            try QuantityMath.converted(amount.magnitude, from: amount.unit, to: CompoundUnit(UnitTable.atom(named: "s")!), rates: rates, in: context)
        }
        guard case .exact(let moveBy) = seconds else { throw Diagnostic(QuantityError.date(.inexactTime), at: range) }
        guard moveBy.magnitude <= Rational(CalendarDate.dayNumbers.count) * Rational(ClockTime.secondsPerDay) else {
            throw Diagnostic(QuantityError.date(.outOfRange), at: range)
        }
        return moveBy
    }

    /// Whether an amount of time added to a time moves the calendar rather than passing as
    /// time does: months and longer (a part of one is refused there), and days and weeks
    /// when whole; `1 day + 1 h` is 25 hours, passing as time does whatever unit the sum is
    /// in, as `1 h + 1 day` is.
    static func movesCalendar(_ amount: Quantity) -> Bool {
        let dayLength = Rational(ClockTime.secondsPerDay)
        return amount.unit.atom.map { atom in
            DateMath.calendarMonths(in: atom) != nil || (atom.factor >= dayLength && amount.magnitude.exactInteger != nil)
        } ?? amount.unit.terms.contains { $0.atom.factor >= dayLength }
    }

    /// `a < b`, `a == b`, … where a or b is a time in a zone: their instants in order, or
    /// nil where neither is. A time in a zone beside one without is refused.
    func zonedOrder(_ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Int? {
        guard left.quantity.isZoned || right.quantity.isZoned else { return nil }
        let (a, b) = (left.quantity, right.quantity)
        guard a.unit.isDate, b.unit.isDate,
              (a.unit.atom == UnitTable.clock) == (b.unit.atom == UnitTable.clock) else { return nil }
        guard areInstants(a, b) else { throw Diagnostic(ZoneProblem.mixed, at: range) }
        let (x, y) = (try instant(of: a, at: left.range).seconds, try instant(of: b, at: right.range).seconds)
        return x < y ? -1 : (x == y ? 0 : 1)
    }
}

extension ValueNote {
    /// The notes of a time in a zone as shown: its working's (`note`: a month's end
    /// clamped), then its zone's.
    package static func zoned(_ note: ValueNote?, _ value: Quantity) -> String? {
        let notes = [note?.message, zone(of: value)?.message].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// The zone a time was read in (`in CET, Europe/Berlin (UTC+1)`), shown with it; nil
    /// for a value without one.
    package static func zone(of value: Quantity) -> ValueNote? {
        guard value.isZoned, let reading = value.zone else { return nil }
        return .zone(abbreviation: reading.offset.abbreviation, name: reading.zone.name, offsetSeconds: reading.offset.seconds)
    }
}
