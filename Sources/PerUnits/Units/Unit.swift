import PerNumbers

/// One unit of measure (an atom of a compound unit such as `kg/h`), with an exact factor
/// to its dimension's base units (g, m, s, item, K, mol, one of a currency). A unit is one
/// reference to its definition, made once from the catalogue when first named
/// (`UnitTable`), so the products and inputs that carry one stay small.
public struct Unit: Sendable, Hashable {
    @usableFromInline let definition: Definition
    /// What operations on quantities ask of every unit, kept beside the definition in one
    /// byte: whether it is a day on the calendar, whether it carries a zone. (A byte, not
    /// two Bools: a wider unit made the tuples and optionals that hold one, such as
    /// `CompoundUnit.pricePer`, be copied through the runtime's generic witnesses.)
    @usableFromInline let traits: UInt8

    /// Whether it is a day on the calendar (`UnitTable.date`).
    @inlinable public var isDatePoint: Bool { traits & 1 != 0 }
    /// Whether it carries a zone (`zone`); the zone itself is a copy of several references.
    @inlinable public var isZoned: Bool { traits & 2 != 0 }

    init(_ definition: Definition) {
        self.definition = definition
        var traits: UInt8 = 0
        if case .datePoint = definition.kind { traits |= 1 }
        if definition.zoneBox != nil { traits |= 2 }
        self.traits = traits
    }

    /// What a unit is. One is made for each key; two units are the same unit when their
    /// keys are.
    @usableFromInline final class Definition: Sendable {
        let symbol: String
        let singular: String
        let key: String
        let dimension: Dimension
        let factor: Rational
        /// The power of π in the factor besides `factor`: -1 for the radian (180/π
        /// degrees), 0 for every other unit.
        let piPower: Int8
        let kind: Unit.Kind
        /// The zone a time of day or a date with a time was read in (`14:30 Europe/Berlin`):
        /// a unit of its own for each such value, under the key of the time's unit, so that
        /// it is that unit wherever units are compared (`ZonedReading`); nil for every other.
        /// (Boxed, and only the zoned unit's initializer takes one: a `ZonedReading?` in
        /// every definition was copied through the runtime's metadata, made at the first
        /// unit of every process.)
        let zoneBox: ZoneBox?

        init(symbol: String, singular: String, key: String, dimension: Dimension, factor: Rational, piPower: Int8, kind: Unit.Kind) {
            (self.symbol, self.singular, self.key, self.dimension, self.factor, self.piPower, self.kind)
                = (symbol, singular, key, dimension, factor, piPower, kind)
            zoneBox = nil
        }

        /// `definition` read in a zone.
        init(_ definition: Definition, zone: ZonedReading) {
            (symbol, singular, key, dimension, factor, piPower, kind)
                = (definition.symbol, definition.singular, definition.key, definition.dimension, definition.factor,
                   definition.piPower, definition.kind)
            zoneBox = ZoneBox(zone)
        }
    }

    /// A zone a unit carries (`Definition.zoneBox`).
    final class ZoneBox: Sendable {
        let reading: ZonedReading
        init(_ reading: ZonedReading) { self.reading = reading }
    }

    public static func == (a: Unit, b: Unit) -> Bool {
        a.definition === b.definition || a.definition.key == b.definition.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition.key)
    }

    /// How the unit is shown: `kg`, `fl oz`, `imp gal`, `pods`, `€`.
    public var symbol: String { definition.symbol }
    /// The name for exactly one of it, when that differs from `symbol` (`pod` for `pods`).
    public var singular: String { definition.singular }
    /// The unit's one name in saved files (`symbol`, but `€_` and `_€` for money before and after a number).
    public var key: String { definition.key }
    public var dimension: Dimension { definition.dimension }
    /// How many base units one of this unit is, exactly.
    public var factor: Rational { definition.factor }
    /// The power of π besides `factor` in one of this unit (-1 for the radian, else 0).
    public var piPower: Int8 { definition.piPower }
    public var kind: Kind { definition.kind }
    /// The zone a time was read in (`ZonedReading`); nil for a time without one and for
    /// every other unit.
    public var zone: ZonedReading? { definition.zoneBox?.reading }

    public enum Kind: Sendable, Hashable {
        case plain
        /// A point on a temperature scale: kelvin = value × factor + offset.
        case temperaturePoint(offset: Rational)
        /// A difference of temperatures on a scale.
        case temperatureDifference
        /// Money, shown with its currency before the number (`$2.49`), after it (`2.49€`)
        /// or as a code after it (`2.49 EUR`).
        case money(CurrencyCode, Placement)
        /// A day on the calendar (`CalendarDate`): the magnitude is its day number.
        case datePoint
        /// A pressure read against the atmosphere (`barg`, `psig`) or against vacuum
        /// (`bara`, `psia`); the two never convert into each other unsaid.
        case pressure(PressureReference)
        /// A rate of turns (`rpm`): a frequency that converts to an angle per time,
        /// 360° a turn (`60 rpm to rad/s`).
        case turns
    }

    public enum PressureReference: Sendable, Hashable {
        case gauge, absolute
    }

    /// Gauge or absolute, for a pressure unit that says which.
    public var pressureReference: PressureReference? {
        if case .pressure(let reference) = kind { return reference }
        return nil
    }

    public enum Placement: String, Sendable, Hashable {
        case prefix, suffix, code
    }

    /// `symbol`, or `singular` for a quantity of exactly one.
    /// The name to write after `amount`: singular for one (and minus one: `-1 month`).
    public func name(for amount: Number) -> String {
        amount == Number(1) || amount == Number(-1) ? singular : symbol
    }

    public var isTemperaturePoint: Bool {
        if case .temperaturePoint = kind { return true }
        return false
    }

    /// The difference unit of a temperature scale (`Δ°C` for `°C`); the unit itself otherwise.
    public var asDifference: Unit {
        guard isTemperaturePoint else { return self }
        return UnitTable.unit(key: "Δ" + key)!
    }

    /// The point unit of a temperature scale (`°C` for `Δ°C`); nil for any other unit.
    public var asPoint: Unit? {
        if isTemperaturePoint { return self }
        guard kind == .temperatureDifference else { return nil }
        return UnitTable.unit(key: String(key.dropFirst()))
    }

    public var currency: CurrencyCode? {
        if case .money(let code, _) = kind { return code }
        return nil
    }
}
