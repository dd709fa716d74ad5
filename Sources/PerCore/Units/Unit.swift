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

/// A unit of measure with an exact factor to its dimension's base unit (SPEC §3).
public struct Unit: Sendable, Hashable {
    /// How the unit is shown: `kg`, `fl oz`, `imp gal`, `pods`.
    public let symbol: String
    /// The name for exactly one of it, when that differs from `symbol` (`pod` for `pods`).
    public let singular: String
    public let dimension: Dimension
    /// How many base units (g, L, item) one of this unit is, exactly.
    public let factor: Rational
    /// Every way of writing it, lower-case; multi-word aliases use single spaces.
    public let aliases: [String]

    init(_ symbol: String, singular: String? = nil, _ dimension: Dimension, _ factor: Rational, aliases: [String]) {
        self.symbol = symbol
        self.singular = singular ?? symbol
        self.dimension = dimension
        self.factor = factor
        self.aliases = aliases
    }

    /// `symbol`, or `singular` for a quantity of exactly one.
    public func name(for amount: Number) -> String {
        amount == Number(1) ? singular : symbol
    }
}
