import PerNumbers
import PerUnits

// MARK: Comparisons (`help numbers`)

extension Evaluator {
    /// `a < b`, `a == b`, …: two values of one dimension, the right one in the left's unit
    /// (money through a rate, temperatures on their scales, dates by their days), ordered
    /// by their bounds. A percentage is its share (`50% == 0.5`); a plain number beside
    /// money or a count is that money or count, as in a sum. Approximate values whose
    /// bounds overlap are too close to call, never guessed. The answer is `true` or `false`.
    package func compare(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        var zoned: Int? = nil
        if left.quantity.isZoned || right.quantity.isZoned { zoned = try zonedOrder(left, right, range: range) }
        else if left.quantity.unit.atom == UnitTable.dateTime || right.quantity.unit.atom == UnitTable.dateTime {
            try checkLocalOrder([left, right], range: range)
        }
        let order = if let zoned { zoned } else { try checked(at: range) { () throws(QuantityError) -> Int in
            var (a, b) = (try QuantityMath.plainIfPart(left.quantity, in: context), try QuantityMath.plainIfPart(right.quantity, in: context))
            if a.isPlain && !b.isPlain && QuantityMath.admitsPlainAddend(b.dimension) {
                a.unit = b.unit
            } else if b.isPlain && !a.isPlain && QuantityMath.admitsPlainAddend(a.dimension) {
                b.unit = a.unit
            }
            guard a.dimension.matchesIgnoringCurrency(b.dimension) else { throw .mismatch(operation: "compare", a.dimension, b.dimension) }
            if a.unit.isDate != b.unit.isDate { throw .date(.about(.comparedWithAmount, a, b)) }
            // A date, a date with a time: on one scale of days; a time of day on its own.
            if a.unit.isDate, a.unit != b.unit {
                guard (a.unit.atom == UnitTable.clock) == (b.unit.atom == UnitTable.clock),
                      let x = DateMath.days(of: a), let y = DateMath.days(of: b) else { throw .date(.clockWithDate) }
                return x < y ? -1 : (x == y ? 0 : 1)
            }
            let other = try QuantityMath.converted(b.magnitude, from: b.unit, to: a.unit, rates: rates, in: context)
            guard let order = a.magnitude.order(comparedTo: other, bits: context.precision) else {
                throw .arithmetic(.tooClose("the two values are too close to call \(op.rawValue) with the digits known"))
            }
            return order
        } }
        let holds: Bool
        switch op {
        case .less: holds = order < 0
        case .lessOrEqual: holds = order <= 0
        case .greater: holds = order > 0
        case .greaterOrEqual: holds = order >= 0
        case .equal: holds = order == 0
        default: holds = order != 0
        }
        var result = Operand(quantity: Quantity(Number(holds ? 1 : 0)), range: range)
        result.format = .truth
        return result
    }
}
