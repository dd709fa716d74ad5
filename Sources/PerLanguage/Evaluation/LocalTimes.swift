import PerNumbers
import PerUnits

// MARK: Times without a zone, on the local clocks (`help dates`)

extension Evaluator {
    /// `a ± b` where one is a date with a time without a zone, which is read on the local
    /// clocks (`TimeZones.local`, as `now` is), and the other an amount of time; nil for
    /// anything else, and where the session knows no local zone (no clocks that change: the
    /// time moves as it reads). A time of day alone, on no date, moves as its clock reads
    /// (`22:00 + 3 h` is `01:00 (next day)` whatever the day).
    ///
    /// Hours, minutes and seconds pass as time does, as they do for a time in a zone: the
    /// time's instant on the local clocks, moved, shown on them again, so that across a
    /// change of the clocks `now + 2 h` is two hours later, with a note that the clocks were
    /// changed. Whole days and longer move the calendar and the clocks (`DateMath.add`).
    /// A time the local clocks skip or show twice is refused with both readings: the time
    /// written, for hours added to it, or the one a move of the calendar reaches.
    func localSum(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand? {
        let (a, b) = (left.quantity, right.quantity)
        let subtracting = op == .subtract
        if a.unit.isDate && b.unit.isDate { return try localDifference(op, left, right, range: range) }
        guard a.unit.isDate != b.unit.isDate, a.unit.isDate || !subtracting else { return nil }
        let (time, amount, timeRange) = a.unit.isDate ? (a, b, left.range) : (b, a, right.range)
        guard time.unit.atom == UnitTable.dateTime, !time.isZoned, amount.dimension == .time, !amount.isPlain else { return nil }
        // The zones come with the clock, which a statement that needs them has read.
        guard let zones else { throw Diagnostic(ZoneProblem.notGiven, at: range) }
        guard let local = zones.local else { return nil }
        if Self.movesCalendar(amount) {
            let (moved, note) = try checked(at: range) { () throws(QuantityError) in
                try DateMath.add(time, amount, subtracting: subtracting, rates: rates, in: context)
            }
            _ = try resolved(moved, day: 0, in: local, at: range)
            var result = Operand(quantity: moved, range: range)
            result.note = note
            return result
        }
        let moveBy = try seconds(of: amount, at: range)
        guard let before = try resolved(time, day: 0, in: local, at: timeRange).zone,
              let days = DateMath.days(of: time) else { return nil }
        let start = before.instant(ofLocalDays: days)
        let end = subtracting ? start - moveBy : start + moveBy
        let moved = try Self.shown(end, in: local, clock: false, day: 0, at: range)
        guard let after = moved.zone, let movedDays = DateMath.days(of: moved) else { return nil }
        var result = Operand(quantity: Quantity(moved.magnitude, UnitTable.dateTime), range: range)
        // Said: a change of the clocks between the two instants, in the order they come,
        // and which of two readings the time reached is.
        let changed = after.offset.seconds != before.offset.seconds
        let change = !changed ? nil : (end < start ? (from: after.offset, to: before.offset) : (from: before.offset, to: after.offset))
        let reached = try Self.localSeconds(movedDays, day: 0, at: range)
        var shownTwice = false, second = false
        if case .overlap(let first, _) = local.rules.reading(local: reached) {
            shownTwice = true
            second = first.offset.seconds != after.offset.seconds
        }
        if changed || shownTwice {
            result.note = .localClocks(LocalClockNote(zone: local.name, change: change, reached: after.offset,
                                                      shownTwice: shownTwice, second: second))
        }
        return result
    }

    /// `a - b` of two dates with times without zones (or one and a date, at its midnight),
    /// where the local clocks changed between them: the time passed between their instants,
    /// with a note of the change (its months still counted on the calendar, `to months
    /// days`); nil for anything else, where the clocks did not change (the clocks' readings
    /// differ by the time passed), and where the session knows no local zone. Either time
    /// the clocks skip or show twice is refused with both readings.
    private func localDifference(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand? {
        let (a, b) = (left.quantity, right.quantity)
        // A date is its midnight (`now - today`).
        let points = [UnitTable.dateTime, UnitTable.date]
        guard op == .subtract, a.unit.atom == UnitTable.dateTime || b.unit.atom == UnitTable.dateTime,
              let atomA = a.unit.atom, let atomB = b.unit.atom, points.contains(atomA), points.contains(atomB),
              !a.isZoned, !b.isZoned else { return nil }
        guard let zones else { throw Diagnostic(ZoneProblem.notGiven, at: range) }
        guard let local = zones.local, let daysA = DateMath.days(of: a), let daysB = DateMath.days(of: b) else { return nil }
        guard let readingA = try resolved(a, day: 0, in: local, at: left.range).zone,
              let readingB = try resolved(b, day: 0, in: local, at: right.range).zone,
              readingA.offset.seconds != readingB.offset.seconds else { return nil }
        let later = readingA.instant(ofLocalDays: daysA), earlier = readingB.instant(ofLocalDays: daysB)
        let elapsed = Quantity(.exact((later - earlier) / Rational(ClockTime.secondsPerDay)), UnitTable.days)
        var result = try duration(Operand(quantity: elapsed, range: range), range: range)
        result.dateSpan = DateSpan(from: b, to: a)
        let change = later < earlier ? (from: readingA.offset, to: readingB.offset) : (from: readingB.offset, to: readingA.offset)
        result.note = .localClocks(LocalClockNote(zone: local.name, change: change, reached: readingA.offset, shownTwice: false, second: false))
        return result
    }

    /// Refuses, with both readings, `a < b`, `a == b`, `min`, `max` of dates where one is a
    /// date with a time without a zone that the local clocks skip or show twice: it is no
    /// one instant, so its order among instants is not one. The clocks' readings of the
    /// rest are ordered as their instants are (a reading shown once is passed once), and
    /// compare as written.
    func checkLocalOrder(_ operands: [Operand], range: Range<Int>) throws(Diagnostic) {
        guard operands.allSatisfy({ $0.quantity.unit.isDate && !$0.isList && !$0.isRange }),
              operands.contains(where: { $0.quantity.unit.atom == UnitTable.dateTime }) else { return }
        guard let zones else { throw Diagnostic(ZoneProblem.notGiven, at: range) }
        guard let local = zones.local else { return }
        for operand in operands where operand.quantity.unit.atom == UnitTable.dateTime {
            _ = try resolved(operand.quantity, day: 0, in: local, at: operand.range)
        }
    }
}
