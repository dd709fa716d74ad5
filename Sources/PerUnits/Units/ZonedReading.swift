import PerNumbers

/// What a time of day or a date with a time read in a time zone (`help dates`) keeps with
/// it: the zone, the offset its clocks had from UTC at that instant (so that a time the
/// clocks show twice, reached by `to ZONE`, stays the one instant it was), and for a time
/// of day the date it was read on. The value itself stays the time as the zone's clocks
/// show it; its unit carries this (`Unit.zone`), so that a variable, `ans` or a function's
/// argument keeps the zone.
public struct ZonedReading: Sendable, Hashable {
    public let zone: Zone
    public let offset: ZoneOffset
    /// The day number (`CalendarDate.dayNumber`) of the date a time of day is on; 0 for a
    /// date with a time, whose value holds its date.
    public let day: Int
    /// Whether `zone` holds the zone's rules; false for a time read back from a saved file,
    /// whose zone holds its offset then alone, the rules to be had by its name when a sum
    /// needs them.
    public let hasRules: Bool

    public init(zone: Zone, offset: ZoneOffset, day: Int, hasRules: Bool = true) {
        self.zone = zone
        self.offset = offset
        self.day = day
        self.hasRules = hasRules
    }

    /// The instant a local time in days (`DateMath.days(of:)`: since 1970-01-01 00:00 for a
    /// date with a time, since midnight of `day` for a time of day) is, in seconds since
    /// 1970-01-01 00:00 UTC, exactly.
    public func instant(ofLocalDays days: Rational) -> Rational {
        (Rational(day) + days) * Rational(ClockTime.secondsPerDay) - Rational(offset.seconds)
    }
}

extension UnitTable {
    /// The unit of a time of day or a date with a time (`clock`, `dateTime`) read in a zone:
    /// that unit, carrying `reading`.
    public static func zoned(_ unit: Unit, _ reading: ZonedReading) -> Unit {
        Unit(Unit.Definition(unit.definition, zone: reading))
    }
}

extension Quantity {
    /// The zone a time of day or a date with a time was read in; nil for any other value,
    /// a time without a zone among them.
    public var zone: ZonedReading? {
        guard let atom = unit.atom, atom.isZoned else { return nil }
        return atom.zone
    }

    /// Whether this is a time read in a zone (`zone`), asked without a copy of the zone.
    @inlinable public var isZoned: Bool { unit.atom?.isZoned == true }
}
