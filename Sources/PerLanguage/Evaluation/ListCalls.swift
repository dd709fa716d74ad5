import PerNumbers
import PerUnits

/// Functions of lists (`help lists`): the statistics, which read their arguments as one
/// list of values (`mean(1, 2, 3)`, `mean(lab)`, `mean(lab, 4)`), and every other function
/// of one value, which a list goes through element by element (`sqrt(lab)`,
/// `round(lab, 2)`). The numbers are `Statistics`'; here they get their units.
extension Evaluator {
    /// A call with a list among its arguments, or of a statistic; nil for any other call.
    @inline(never)
    package func listCall(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand? {
        let hasList = arguments.contains { $0.isList }
        if function.isStatistic, hasList || (function != .min && function != .max) {
            return try statistic(function, of: try valuesList(arguments, range: range), range: range,
                                 involvesPercent: arguments.contains { $0.involvesPercent })
        }
        guard hasList else { return nil }
        // Of any count of values: the values of the lists, and the others, as arguments.
        if function == .gcd || function == .lcm {
            let values = try flattened(arguments, range: range)
            return try call(function, values.map { $0.operand }, range: range)
        }
        return try elementwise(function, arguments, range: range)
    }

    /// The values of every argument, each a list or a value, in one list.
    private func valuesList(_ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> QuantityList {
        if arguments.count == 1, let only = arguments[0].list { return only }
        let values = try flattened(arguments, range: range)
        return try quantityList(values.map { $0.operand }, range: range) { values[$0].place }
    }

    /// The values of the arguments, a list's each where the list was written.
    private func flattened(_ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> [(operand: Operand, place: Range<Int>)] {
        let total = arguments.reduce(0) { $0 + ($1.list?.count ?? 1) }
        guard total <= QuantityList.maxCount else { throw Diagnostic(ListRefusal.tooLong(most: QuantityList.maxCount), at: range) }
        var values: [(operand: Operand, place: Range<Int>)] = []
        values.reserveCapacity(total)
        for argument in arguments {
            guard let list = argument.list else {
                values.append((argument, argument.range))
                continue
            }
            for index in 0..<list.count { values.append((element(index, of: list, range: argument.range), argument.range)) }
        }
        return values
    }

    /// A function of single values called with lists (each the same length) and values:
    /// the list of its value at each position, the values the same at each.
    private func elementwise(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand {
        let lists = arguments.compactMap { $0.list }
        if let other = arguments.first(where: { ($0.list?.count ?? lists[0].count) != lists[0].count }) {
            throw Diagnostic(ListRefusal.lengthsDiffer(lists[0].count, other.list?.count ?? 0), at: other.range)
        }
        return try elementwise(count: lists[0].count, range: range) { index throws(Diagnostic) in
            let values = arguments.map { argument in argument.list.map { element(index, of: $0, range: argument.range) } ?? argument }
            return try call(function, values, range: range)
        }
    }

    /// A statistic of `list`'s values, in their unit (a variance in it squared, a count
    /// plain); refused with too few values, and for points where it means nothing.
    private func statistic(_ function: Function, of list: QuantityList, range: Range<Int>,
                           involvesPercent: Bool) throws(Diagnostic) -> Operand {
        let values = list.magnitudes.numbers, unit = list.unit
        func result(_ magnitude: Number, _ unit: CompoundUnit) -> Operand {
            Operand(quantity: Quantity(magnitude, unit), range: range, involvesPercent: involvesPercent)
        }
        func needing(_ least: Int) throws(Diagnostic) {
            if values.count < least { throw Diagnostic(ListRefusal.tooFew(function: function.rawValue, needs: least, given: values.count), at: range) }
        }
        // A date or a time of day has an order and a count; a temperature on a scale, no sum.
        switch function {
        case .count, .sort, .min, .max: break
        default:
            if unit.isDate { throw Diagnostic(ListRefusal.pointsWithoutSum(function: function.rawValue), at: range) }
            if function == .sum, unit.temperaturePoint != nil { throw Diagnostic(ListRefusal.temperaturesWithoutSum, at: range) }
        }
        let bits = context.precision
        func number(_ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number { try arithmetic(at: range, body) }
        switch function {
        case .count:
            return result(Number(values.count), .none)
        case .sort:
            let sorted = try arithmetic(at: range) { () throws(ArithmeticError) in try Statistics.sorted(values, bits: bits) }
            return Operand(list: QuantityList(unit: unit, magnitudes: sorted), range: range, involvesPercent: involvesPercent)
        case .sum:
            return result(try number { () throws(ArithmeticError) in try Statistics.sum(values, in: context) }, unit)
        case .mean:
            try needing(1)
            return result(try number { () throws(ArithmeticError) in try Statistics.mean(values, in: context) }, unit)
        case .median:
            try needing(1)
            return result(try number { () throws(ArithmeticError) in
                try Statistics.median(sorted: Statistics.sorted(values, bits: bits), in: context)
            }, unit)
        case .min, .max:
            try needing(1)
            return result(try number { () throws(ArithmeticError) in
                try Statistics.extreme(values, largest: function == .max, bits: bits)
            }, unit)
        case .variance, .populationVariance, .standardDeviation, .populationStandardDeviation:
            return try spread(function, of: values, unit: unit, range: range, involvesPercent: involvesPercent)
        default:
            // `listCall` sends only the statistics here.
            throw Diagnostic(.notAFunction(function.rawValue, suggestion: nil), at: range)
        }
    }

    /// The variance (in the unit squared) or the standard deviation (in the unit) of the
    /// sample (n − 1) or of the population (n). A spread is a difference: of temperatures
    /// on a scale it is in degrees of difference (`Δ°C`).
    private func spread(_ function: Function, of values: [Number], unit: CompoundUnit, range: Range<Int>,
                        involvesPercent: Bool) throws(Diagnostic) -> Operand {
        let population = function == .populationVariance || function == .populationStandardDeviation
        let least = population ? 1 : 2
        if values.count < least { throw Diagnostic(ListRefusal.tooFew(function: function.rawValue, needs: least, given: values.count), at: range) }
        let difference = unit.withDifferences
        if function == .standardDeviation || function == .populationStandardDeviation {
            let deviation = try arithmetic(at: range) { () throws(ArithmeticError) in
                try Statistics.deviation(values, population: population, in: context)
            }
            return Operand(quantity: Quantity(deviation, difference), range: range, involvesPercent: involvesPercent)
        }
        let variance = try arithmetic(at: range) { () throws(ArithmeticError) in
            try Statistics.scaledVariance(values, population: population, in: context)
        }
        // The unit squared as a product of the unit with itself is (a percentage's share).
        let percent = difference.atom == UnitTable.percentUnit
        let one = Operand(quantity: Quantity(Number(1), difference), range: range, involvesPercent: percent)
        return try binary(.multiply, Operand(quantity: Quantity(variance, difference), range: range, involvesPercent: percent), one,
                          range: range)
    }

    /// `body`'s value; an arithmetic error in it at `range`.
    private func arithmetic<T>(at range: Range<Int>, _ body: () throws(ArithmeticError) -> T) throws(Diagnostic) -> T {
        do {
            return try body()
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}
