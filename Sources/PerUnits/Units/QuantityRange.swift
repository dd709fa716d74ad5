import PerNumbers

/// A value known only to lie between two ends, both included: `12 kg ± 0.5 kg` is every
/// mass from 11.5 kg to 12.5 kg (`help tolerances`). Calculations with it are exact
/// worst-case interval arithmetic: each result is the smallest range that holds every
/// value the operation can give for values within its operands' ranges. It is no
/// statistical estimate: nothing is said about which values are likely.
///
/// A class, immutable, so that what may hold a range (a value being computed, the last
/// result, a variable) carries one word for it, and the many values that are no range
/// copy nothing more.
public final class QuantityRange: Sendable, Hashable {
    /// The ends, in one unit, `low` not above `high`.
    public let low: Number
    public let high: Number
    public let unit: CompoundUnit

    /// The middle and half the width as written (`x ± t`), which a value beyond the exact
    /// range keeps when its ends cannot give them back: `10^5000 ± 1` is within 1 of a
    /// value known to a few hundred digits, and `0 ± 10^5000` is centred on 0 exactly.
    let written: (middle: Number, half: Number)?

    /// The ends in `unit`; in either order.
    package init(_ a: Number, _ b: Number, unit: CompoundUnit) {
        (low, high) = b < a ? (b, a) : (a, b)
        self.unit = unit
        written = nil
    }

    /// `middle ± half` in `unit`, half not negative.
    package init(middle: Number, half: Number, unit: CompoundUnit) throws(QuantityError) {
        low = try QuantityMath.run { () throws(ArithmeticError) in try middle - half }
        high = try QuantityMath.run { () throws(ArithmeticError) in try middle + half }
        self.unit = unit
        written = (middle, half)
    }

    public static func == (a: QuantityRange, b: QuantityRange) -> Bool {
        a.low == b.low && a.high == b.high && a.unit == b.unit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(low)
        hasher.combine(high)
        hasher.combine(unit)
    }

    public var lowQuantity: Quantity { Quantity(low, unit) }
    public var highQuantity: Quantity { Quantity(high, unit) }

    /// Whether both ends are the same value: a range of no width is that value.
    public var isSingleValue: Bool { low.order(comparedTo: high) == 0 }

    /// The middle, (low + high) / 2, in the range's unit.
    public func midpoint() throws(QuantityError) -> Quantity {
        if let written { return Quantity(written.middle, unit) }
        let (a, b) = (low, high)
        return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try (a + b) / 2 }, unit)
    }

    /// Half the width, (high − low) / 2: what the range is written with after `±`. Of a
    /// temperature on a scale it is a difference (`20 °C ± 0.5 Δ°C`).
    public func halfWidth() throws(QuantityError) -> Quantity {
        if let written { return Quantity(written.half, unit.withDifferences) }
        let (a, b) = (low, high)
        return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try (b - a) / 2 }, unit.withDifferences)
    }

    /// Whether 0 lies within the range (an end included).
    package var holdsZero: Bool { !low.isPositive && !high.isNegative }

    /// The smallest range holding every value given, all in one dimension, in the first
    /// one's unit.
    package static func enclosing(_ values: [Quantity], rates: Rates) throws(QuantityError) -> QuantityRange {
        let unit = values[0].unit
        var low = values[0].magnitude, high = low
        for value in values.dropFirst() {
            let number = try QuantityMath.converted(value.magnitude, from: value.unit, to: unit, rates: rates)
            if below(number, low) { low = number }
            if below(high, number) { high = number }
        }
        return QuantityRange(low, high, unit: unit)
    }

    /// a < b as `Number`'s `<` answers it (by the middles of approximate values), told by
    /// the bounds where they do not touch, which then order the middles alike, without
    /// working a middle out.
    private static func below(_ a: Number, _ b: Number) -> Bool {
        func bounds(_ n: Number) -> (Rational, Rational) {
            switch n {
            case .exact(let r): return (r, r)
            case .approximate(let x): return (x.lower, x.upper)
            }
        }
        let (aLow, aHigh) = bounds(a), (bLow, bHigh) = bounds(b)
        if aHigh < bLow { return true }
        if bHigh < aLow { return false }
        return a < b
    }
}
