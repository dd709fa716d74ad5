import PerNumbers

/// A list of values of one dimension, `[1.2 kg, 1.5 kg, 1100 g]` (`help lists`): each
/// value's magnitude in the list's one unit, the unit of its first value (so the list above
/// holds 1.2, 1.5 and 1.1 kg), as a sum is in its left operand's unit. An empty list has no
/// unit. At most `maxCount` values, which whatever makes a list checks.
public struct QuantityList: Sendable, Hashable {
    /// The most values a list holds.
    public static let maxCount = 1_000_000

    public let unit: CompoundUnit
    /// Each value's magnitude, held a machine word each where they are decimals
    /// (`NumberArray`).
    public let magnitudes: NumberArray

    /// Magnitudes already in `unit`; at most `maxCount` of them.
    package init(unit: CompoundUnit, magnitudes: [Number]) {
        self.init(unit: unit, magnitudes: NumberArray(magnitudes))
    }

    /// Magnitudes already in `unit`; at most `maxCount` of them.
    package init(unit: CompoundUnit, magnitudes: NumberArray) {
        precondition(magnitudes.count <= QuantityList.maxCount, "a list longer than its limit")
        self.unit = unit
        self.magnitudes = magnitudes
    }

    /// The empty list, `[]`.
    public static let empty = QuantityList(unit: .none, magnitudes: [])

    public var count: Int { magnitudes.count }
    public var isEmpty: Bool { magnitudes.isEmpty }

    /// The value at `index`, with the list's unit.
    public subscript(index: Int) -> Quantity { Quantity(magnitudes[index], unit) }

    /// The first value, or 0 of no unit for an empty list: what stands for the list where
    /// one value is asked of it (its dimension, for a suggestion).
    public var first: Quantity { magnitudes.first.map { Quantity($0, unit) } ?? Quantity(Number(0)) }

    /// Whether every value is exact.
    public var isExact: Bool { magnitudes.isExact }
}
