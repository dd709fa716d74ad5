import PerNumbers
import PerUnits

// MARK: Ranges (`help tolerances`)

/// Values written with a tolerance, `12 kg ± 0.5 kg`, and what is computed from them.
///
/// Every operation here is monotonic in each operand over the ranges it accepts (after
/// the refusals below): + and − in both, × and ÷ in each operand separately whatever the
/// other's sign, a power of a range that holds no 0, a conversion, and the functions that
/// only rise (`sqrt`, `min`, `round`, …). The smallest and largest result over the whole
/// ranges are then found at their ends, so computing every combination of ends exactly
/// gives the exact worst case. What is not monotonic is treated on its own (an even power
/// or `abs` of a range around 0, `sin`, `cos` and `tan` in `RangeTrigonometry`) or refused
/// (`mod`, `!`).
extension Evaluator {
    /// `a ± b`: the range from a − b to a + b. The tolerance is an amount in a's dimension,
    /// a plain number in a's unit (`12 kg ± 0.5`), or a percentage of a (`10 t/h ± 5%`;
    /// of a percentage, percentage points). A plain `a` takes the tolerance's unit
    /// (`12 ± 0.5 kg`); a temperature's tolerance is a difference.
    /// What a refusal calls the point among two values: a time of day alone, or a date.
    static func pointName(_ a: Quantity, _ b: Quantity) -> String {
        (a.unit.isDate ? a : b).unit.atom == UnitTable.clock ? "a time of day" : "a date"
    }

    package func tolerance(_ value: Operand, _ size: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if value.isRange { throw Diagnostic(RangeRefusal.toleranceOfRange, at: range) }
        if size.isRange { throw Diagnostic(RangeRefusal.rangeAsTolerance, at: size.range) }
        if value.quantity.unit.isDate || size.quantity.unit.isDate {
            throw Diagnostic(RangeRefusal.unsupported(Self.pointName(value.quantity, size.quantity)), at: range)
        }
        var center = value.quantity
        let tolerance = size.quantity
        if tolerance.magnitude.isNegative { throw Diagnostic(RangeRefusal.negativeTolerance, at: size.range) }
        let half = try checked(at: size.range) { () throws(QuantityError) -> Number in
            if tolerance.isPercentage, !center.isPercentage {
                if center.unit.temperaturePoint != nil { throw .scaledTemperature(center.unit.symbol) }
                let share = tolerance.magnitude, magnitude = center.magnitude.magnitude
                return try QuantityMath.run { () throws(ArithmeticError) in
                    try magnitude.multiplied(by: share, in: context).divided(by: 100, in: context)
                }
            }
            if tolerance.isPlain { return tolerance.magnitude }
            if center.isPlain {
                center.unit = tolerance.unit
                return tolerance.magnitude
            }
            do throws(QuantityError) {
                return try QuantityMath.converted(tolerance.magnitude, from: tolerance.unit.withDifferences,
                                                  to: center.unit.withDifferences, rates: rates, in: context)
            } catch {
                guard case .conversion(let from, let to) = error else { throw error }
                throw .mismatch(operation: "add or subtract", to, from)
            }
        }
        let bounds = try checked(at: range) { () throws(QuantityError) -> QuantityRange in
            let range = try QuantityRange(middle: center.magnitude, half: half, unit: center.unit)
            try QuantityMath.checkAboveAbsoluteZero(range.lowQuantity, in: context)
            return range
        }
        if bounds.isSingleValue { return Operand(quantity: center, range: range, involvesPercent: value.involvesPercent) }
        return try Operand(bounds: bounds, range: range)
    }

    /// A binary operation with a range on either side, or `±` itself. (Out of line: the
    /// arithmetic of single values, which calls it, stays small.)
    @inline(never)
    package func rangeBinary(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        switch op {
        case .plusMinus:
            return try tolerance(left, right, range: range)
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual:
            return try rangeComparison(op, left, right, range: range)
        case .modulo:
            throw Diagnostic(RangeRefusal.unsupported("mod"), at: range)
        case .power:
            return try rangePower(left, right, range: range)
        case .divide, .asPercentOf, .wholeOf:
            if let divisor = right.bounds, divisor.holdsZero {
                throw Diagnostic(RangeRefusal.divisionByRangeWithZero(low: shown(divisor.lowQuantity), high: shown(divisor.highQuantity)),
                                 at: right.range)
            }
        case .add, .subtract, .multiply, .percentOf, .percentOff, .percentOn, .includingTax, .excludingTax:
            break
        }
        if left.quantity.unit.isDate || right.quantity.unit.isDate {
            throw Diagnostic(RangeRefusal.unsupported(Self.pointName(left.quantity, right.quantity)), at: range)
        }
        var results: [Operand] = []
        for a in ends(of: left) {
            for b in ends(of: right) { results.append(try binary(op, a, b, range: range)) }
        }
        return try enclosing(results, range: range)
    }

    /// `x^n` of a range: at its ends, except that an even power of a range around 0 runs
    /// from 0. A range around 0 takes only a whole exponent, 0 or more.
    ///
    /// A plain exponent that is a range takes a plain base above 0 (`x^x` over a range
    /// of x, in `solve`): a^b = exp(b·ln a), and the product b·ln a of two ranges is least
    /// and greatest at a pair of their ends, which exp keeps in order, so the powers at the
    /// four pairs of ends bound it. A base from 0 to a with an exponent of 0 or more gives
    /// 0 to the largest of 1 and a's powers (x^y ≤ 1 for x ≤ 1, and rises with x above).
    private func rangePower(_ base: Operand, _ exponent: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if exponent.isRange {
            let zero = Number(0)
            let least = base.bounds?.low ?? base.quantity.magnitude
            let fromZero = least.order(comparedTo: zero) == 0 && (exponent.bounds?.low.order(comparedTo: zero)).map { $0 >= 0 } == true
            guard base.quantity.isPlain, exponent.quantity.isPlain, least.isPositive || fromZero else {
                throw Diagnostic(RangeRefusal.rangeAsExponent, at: exponent.range)
            }
            var results: [Operand] = []
            let bases = fromZero ? [ends(of: base)[ends(of: base).count - 1]] : ends(of: base)
            for a in bases {
                for b in ends(of: exponent) { results.append(try binary(.power, a, b, range: range)) }
            }
            if fromZero { results += [0, 1].map { Operand(quantity: Quantity(Number($0)), range: range) } }
            return try enclosing(results, range: range)
        }
        func atEnds() throws(Diagnostic) -> [Operand] {
            try ends(of: base).map { (end: Operand) throws(Diagnostic) in try binary(.power, end, exponent, range: range) }
        }
        guard let bounds = base.bounds, bounds.holdsZero else { return try enclosing(try atEnds(), range: range) }
        let whole = try checked(at: exponent.range) { () throws(QuantityError) in try QuantityMath.plainIfPart(exponent.quantity, in: context) }
        guard whole.isPlain, let n = whole.magnitude.exactInteger, n >= 0 else {
            throw Diagnostic(RangeRefusal.powerOfRangeWithZero, at: range)
        }
        // x⁰ is 1 throughout; an odd power rises.
        let results = try atEnds()
        guard n % 2 == 0, n > 0 else { return try enclosing(results, range: range) }
        let zero = Operand(quantity: Quantity(0, results[0].quantity.unit), range: range)
        return try enclosing(results + [zero], range: range)
    }

    /// A comparison holds or fails over the whole ranges, or it is refused: `<` and the
    /// like are decided by the ends; two ranges are unequal when they do not meet, and
    /// equal only when both are the same single value.
    private func rangeComparison(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        /// The answer of `op` at every pair of ends, when it is the same at all of them.
        func always(_ op: BinaryOperator) throws(Diagnostic) -> Bool? {
            var answer: Bool? = nil
            for a in ends(of: left) {
                for b in ends(of: right) {
                    let holds = try compare(op, a, b, range: range).quantity.magnitude.isPositive
                    if answer.map({ $0 != holds }) ?? false { return nil }
                    answer = holds
                }
            }
            return answer
        }
        let answer: Bool?
        switch op {
        case .equal, .notEqual:
            let below = try always(.less), above = try always(.greater), same = try always(.equal)
            if below == true || above == true {
                answer = op == .notEqual
            } else if same == true {
                answer = op == .equal
            } else {
                answer = nil
            }
        default:
            answer = try always(op)
        }
        guard let answer else { throw Diagnostic(RangeRefusal.comparisonUndecided(op.rawValue), at: range) }
        var result = Operand(quantity: Quantity(Number(answer ? 1 : 0)), range: range)
        result.format = .truth
        return result
    }

    /// A built-in function of ranges: one that only rises in each argument runs from its
    /// value at the low ends to its value at the high ends; `abs` of a range around 0 runs
    /// from 0. Any other is refused, by name.
    @inline(never)
    package func rangeCall(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand {
        switch function {
        case .abs:
            let results = try ends(of: arguments[0]).map { (end: Operand) throws(Diagnostic) in try call(.abs, [end], range: range) }
            guard let bounds = arguments[0].bounds, bounds.holdsZero else { return try enclosing(results, range: range) }
            return try enclosing(results + [Operand(quantity: Quantity(0, results[0].quantity.unit), range: range)], range: range)
        case .sqrt, .cbrt, .exp, .ln, .log2, .floor, .ceil, .round, .trunc, .sign, .min, .max, .atan, .sinh, .tanh:
            if function == .round, arguments.count == 2, arguments[1].bounds != nil {
                throw Diagnostic(RangeRefusal.unsupported("round's count of digits"), at: arguments[1].range)
            }
        case .log where arguments.count == 1:
            break
        case .sin, .cos, .tan:
            return try rangeTrigonometric(function, arguments[0], range: range)
        default:
            throw Diagnostic(RangeRefusal.unsupported(function.rawValue), at: range)
        }
        let lows = arguments.map { ends(of: $0)[0] }, highs = arguments.map { ends(of: $0).last! }
        return try enclosing([try call(function, lows, range: range), try call(function, highs, range: range)], range: range)
    }

    /// What is applied to each end of a range: each rises (`-` falls), so the results
    /// are the new ends.
    package enum EndMapping {
        case applying(CompoundUnit), negation, percent, conversion(CompoundUnit)
    }

    /// A range with `mapping` applied to both its ends. (Out of line, and without a
    /// closure, so that the functions of single values that call it stay as they were.)
    @inline(never)
    package func rangeMapping(_ mapping: EndMapping, of operand: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        var results: [Operand] = []
        for end in ends(of: operand) {
            switch mapping {
            case .applying(let unit): results.append(try applying(unit, to: end, range: range))
            case .negation: results.append(try negate(end, range: range))
            case .percent: results.append(try percent(end, range: range))
            case .conversion(let unit): results.append(try convert(end, to: unit, range: range))
            }
        }
        return try enclosing(results, range: range)
    }

    /// The ends of a range, each a value of its own; a single value alone.
    package func ends(of operand: Operand) -> [Operand] {
        guard let bounds = operand.bounds else { return [operand] }
        return [Operand(quantity: bounds.lowQuantity, range: operand.range, involvesPercent: operand.involvesPercent),
                Operand(quantity: bounds.highQuantity, range: operand.range, involvesPercent: operand.involvesPercent)]
    }

    /// The range holding every result, in the first one's unit; a single value when they
    /// are all the same.
    func enclosing(_ results: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand {
        let bounds = try checked(at: range) { () throws(QuantityError) in try QuantityRange.enclosing(results.map(\.quantity), rates: rates) }
        if bounds.isSingleValue { return Operand(quantity: results[0].quantity, range: range, involvesPercent: results[0].involvesPercent) }
        return try Operand(bounds: bounds, range: range)
    }

    private func shown(_ q: Quantity) -> String { QuantityDisplay.display(q, digits: 12).text }
}
