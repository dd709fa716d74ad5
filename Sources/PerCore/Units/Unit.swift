/// What a quantity measures. Units convert only within one dimension.
public enum Dimension: String, Sendable, CaseIterable {
    case mass, volume, count
    /// Water hardness, in mmol/L of calcium carbonate.
    case hardness
    /// Mass per time, in kg/h (steam).
    case massFlow = "mass flow"
    /// Volume per time, in m³/h (circulating water).
    case volumeFlow = "volume flow"
    /// A temperature difference, in kelvin (= °C).
    case temperatureDifference = "temperature difference"

    /// Whether a shopping list can compare products of this dimension.
    public var isShoppable: Bool { self == .mass || self == .volume || self == .count }

    /// "a mass", "a volume flow", for messages.
    public var withArticle: String { "a \(rawValue)" }
}

/// A unit of measure with an exact factor to its dimension's base unit (README, "The shopping list"). A unit
/// is a small handle into `UnitTable`, so the products and inputs that carry one stay
/// small.
public struct Unit: Sendable, Hashable {
    let id: UInt8

    var definition: UnitTable.Definition { UnitTable.definitions[Int(id)] }

    /// How the unit is shown: `kg`, `fl oz`, `imp gal`, `pods`.
    public var symbol: String { definition.symbol }
    /// The name for exactly one of it, when that differs from `symbol` (`pod` for `pods`).
    public var singular: String { definition.singular }
    public var dimension: Dimension { definition.dimension }
    /// How many base units (g, L, item, …) one of this unit is, exactly.
    public var factor: Rational { definition.factor }
    /// Every way of writing it, lower-case; multi-word aliases use single spaces.
    public var aliases: [String] { definition.aliases }

    /// `symbol`, or `singular` for a quantity of exactly one.
    public func name(for amount: Number) -> String {
        amount == Number(1) ? singular : symbol
    }
}
