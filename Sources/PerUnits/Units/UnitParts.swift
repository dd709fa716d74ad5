import PerNumbers

/// `5.5 kg to lb oz`, `9000 s to h min s` (`help units`): a quantity as whole
/// amounts of each unit of a list but the last, from the largest, and the rest in the
/// last. The parts add back to the value exactly: each whole part is the floor of what is
/// left, in its unit, and only the last part can be a fraction. One sign stands in front.
public enum UnitParts {
    /// One part: its amount (whole, but for the last) and its unit.
    public struct Part: Sendable, Equatable {
        public let amount: Number
        public let unit: CompoundUnit
    }

    /// Most units in one list.
    public static let maxUnits = 8

    /// What a list of units must be, for the error that refuses one.
    public enum Refusal: Error, Equatable, Sendable {
        /// `to oz lb`, `to lb lb`: from the largest unit down, each one smaller.
        case order(example: String)
        /// `20 °C to K °C`: points on a scale are not amounts to split.
        case temperaturePoint
        /// More than `maxUnits`.
        case tooMany(Int)
    }

    /// `q` split over `units` (at least two, of `q`'s dimension), and whether it is
    /// negative. An approximate value whose bounds straddle a whole unit is refused: per
    /// cannot tell which whole part is right.
    public static func split(_ q: Quantity, into units: [CompoundUnit], rates: Rates,
                             in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> (negative: Bool, parts: [Part]) {
        // Each unit in the one before it, exactly: lb in oz is 16.
        var ratios: [Rational] = []
        for (larger, smaller) in zip(units, units.dropFirst()) {
            guard case .exact(let ratio) = try QuantityMath.converted(Number(1), from: larger, to: smaller, rates: rates, in: context) else {
                throw .arithmetic(.tooClose("the units of the list have no exact ratio"))
            }
            ratios.append(ratio)
        }
        let first = try QuantityMath.convert(q, to: units[0], rates: rates, in: context).magnitude
        let negative: Bool
        var lower: Rational, upper: Rational
        switch first {
        case .exact(let r):
            negative = r.isNegative
            lower = r.magnitude
            upper = lower
        case .approximate(let x):
            guard !x.containsZero else { throw .arithmetic(.tooClose("the value is too close to 0 to split")) }
            negative = x.upper.isNegative
            (lower, upper) = negative ? (-x.upper, -x.lower) : (x.lower, x.upper)
        }
        var parts: [Part] = []
        for (index, ratio) in ratios.enumerated() {
            let whole = lower.rounded(.down)
            guard upper.rounded(.down) == whole else {
                throw .arithmetic(.tooClose("the value is too close to a whole \(units[index].symbol) to split"))
            }
            parts.append(Part(amount: .exact(Rational(whole)), unit: units[index]))
            lower = (lower - Rational(whole)) * ratio
            upper = (upper - Rational(whole)) * ratio
        }
        let rest: Number = lower == upper ? .exact(lower) : .approximate(Real(lower: lower, upper: upper))
        parts.append(Part(amount: rest, unit: units[units.count - 1]))
        return (negative, parts)
    }

    /// Refuses a list that is not from the largest unit down, or holds a temperature point.
    public static func check(_ units: [CompoundUnit]) -> Refusal? {
        if units.count > maxUnits { return .tooMany(maxUnits) }
        if units.contains(where: { $0.temperaturePoint != nil }) { return .temperaturePoint }
        for (larger, smaller) in zip(units, units.dropFirst()) where !(larger.factor > smaller.factor) {
            let sorted = units.sorted { $0.factor > $1.factor }.map(\.symbol)
            return .order(example: "to " + sorted.joined(separator: " "))
        }
        return nil
    }

    /// The parts as shown: `12 lb 2.00710000915 oz`, `-1 h 30 min`. Whole parts before the
    /// first that is not 0 are left out (`90 min to h min s` is `1 h 30 min 0 s`).
    public static func text(_ split: (negative: Bool, parts: [Part]), digits: Int) -> DisplayedNumber {
        let parts = shown(split, digits: digits)
        let texts = parts.map { $0.value + " " + $0.text }
        return DisplayedNumber(text: texts.joined(separator: " "), isExact: parts.allSatisfy(\.isExact))
    }

    /// A part as shown: its number as written (`-` on the first of a negative value), its
    /// unit's symbol as JSON gives it, and the unit as the text writes it after the number.
    public struct Shown: Sendable, Equatable {
        public let value: String
        public let unit: String
        let text: String
        let isExact: Bool
    }

    /// The parts `text` shows, each on its own.
    public static func shown(_ split: (negative: Bool, parts: [Part]), digits: Int) -> [Shown] {
        var shown = split.parts.drop { $0.amount.isZero && $0 != split.parts.last }
        if shown.isEmpty { shown = split.parts.suffix(1) }
        let anyNonZero = split.parts.contains { !$0.amount.isZero }
        return shown.enumerated().map { index, part in
            let number = NumberDisplay.display(part.amount, digits: digits)
            let sign = index == 0 && split.negative && anyNonZero ? "-" : ""
            return Shown(value: sign + number.text, unit: part.unit.symbol, text: part.unit.text(for: part.amount),
                         isExact: number.isExact)
        }
    }
}
