import PerNumbers
import PerUnits

/// The shop's phrases with percentages: `15%` as a share, `20% of 35`, `$40 as % of $50`,
/// `€119 incl 19% vat`.
extension Evaluator {
    /// A percentage as the plain number it stands for (`15%` is 0.15); anything else as it is.
    package func share(_ operand: Operand) throws(Diagnostic) -> Operand {
        guard operand.quantity.isPercentage else { return operand }
        let fraction = try checked(at: operand.range) { () throws(QuantityError) in try QuantityMath.plainIfPart(operand.quantity, in: context) }
        return Operand(quantity: fraction, range: operand.range, involvesPercent: true)
    }

    /// `$40 as % of $50`: the ratio, which must be a plain number, in percent.
    func asPercentOf(_ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        let ratio = try binary(.divide, try share(left), try share(right), range: range)
        let plain = try checked(at: range) { () throws(QuantityError) in try QuantityMath.plainIfPart(ratio.quantity, in: context) }
        guard plain.isPlain else {
            throw Diagnostic(QuantityError.conversion(from: left.quantity.dimension, to: right.quantity.dimension), at: range)
        }
        return try percent(Operand(quantity: Quantity(try checked(at: range) { () throws(QuantityError) in
            try QuantityMath.run { () throws(ArithmeticError) in try plain.magnitude.multiplied(by: 100, in: context) }
        }), range: range), range: range)
    }

    /// `€119 incl 19% vat`, `€100 excl 19% vat`. Net × (1 + rate) = gross: from a gross
    /// price (incl) the net is the value, from a net one (excl) the gross.
    func tax(including: Bool, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard right.quantity.isPercentage else {
            throw Diagnostic(SyntaxError.taxPhrase(word: (including ? BinaryOperator.includingTax : .excludingTax).rawValue), at: range)
        }
        let factor = try binary(.add, Operand(quantity: Quantity(1), range: right.range), try share(right), range: range)
        let other = try binary(including ? .divide : .multiply, left, factor, range: range)
        let (net, gross) = including ? (other.quantity, left.quantity) : (left.quantity, other.quantity)
        let tax = try checked(at: range) { () throws(QuantityError) in try QuantityMath.add(gross, net, subtracting: true, rates: rates, in: context) }
        var result = Operand(quantity: other.quantity, range: range)
        result.tax = TaxBreakdown(net: net, tax: tax, gross: gross, rate: right.quantity, valueIsNet: including)
        return result
    }

    /// `20% of 35`: the share, so the left side must be a percentage.
    func percentOf(_ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard left.quantity.isPercentage else {
            throw Diagnostic(SyntaxError.ofWithoutPercentage, at: range)
        }
        let fraction = try checked(at: left.range) { () throws(QuantityError) in try QuantityMath.plainIfPart(left.quantity, in: context) }
        if right.quantity.unit.atom == UnitTable.percentUnit {
            // A share of a percentage is a percentage: `50% of 50%` is 25%.
            let share = try checked(at: range) { () throws(QuantityError) in
                try QuantityMath.run { () throws(ArithmeticError) in try fraction.magnitude.multiplied(by: right.quantity.magnitude, in: context) }
            }
            return Operand(quantity: Quantity(share, UnitTable.percentUnit), range: range, involvesPercent: true)
        }
        return try binary(.multiply, Operand(quantity: fraction, range: left.range), right, range: range)
    }
}
