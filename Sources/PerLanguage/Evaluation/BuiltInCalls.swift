import PerNumbers
import PerUnits

/// The built-in functions, applied to evaluated operands with their units.
extension Evaluator {
    package func call(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand {
        if function.isStatistic || arguments.contains(where: { $0.isList }),
           let value = try listCall(function, arguments, range: range) { return value }
        let decimals = try roundingDecimals(function, arguments)
        do { try context.checkInterruption() } catch { throw Diagnostic(error, at: range) }
        if arguments.contains(where: { $0.isRange }) { return try rangeCall(function, arguments, range: range) }
        if let dated = try dateCall(function, arguments, range: range) { return dated }
        // Of a value below the range (e^−300000) only the sign is known: sign and abs take it.
        if function != .sign, function != .abs, arguments.contains(where: { $0.quantity.magnitude.isBelowRange }) {
            throw Diagnostic(QuantityError.arithmetic(.tooSmall), at: range)
        }
        let value = try checked(at: range) { () throws(QuantityError) in try self.value(of: function, arguments, decimals: decimals) }
        var result = Operand(quantity: value, range: range, involvesPercent: arguments.contains { $0.involvesPercent })
        if function == .change { result.showsSign = true }
        return result
    }

    /// `round(x, n)`'s n, checked; 0 for every other call.
    private func roundingDecimals(_ function: Function, _ arguments: [Operand]) throws(Diagnostic) -> Int {
        guard function == .round, arguments.count == 2 else { return 0 }
        guard arguments[1].quantity.isPlain, let count = arguments[1].quantity.magnitude.exactInteger,
              Evaluator.roundingDecimals.contains(count) else {
            throw Diagnostic(ArgumentError.roundingDecimals(Evaluator.roundingDecimals), at: arguments[1].range)
        }
        return count
    }

    /// A function's value at arguments that are neither ranges nor dates, by its kind.
    private func value(of function: Function, _ arguments: [Operand], decimals: Int) throws(QuantityError) -> Quantity {
        let x = arguments[0].quantity
        switch function {
        case .sqrt: return try QuantityMath.root(x, degree: 2, in: context)
        case .cbrt: return try QuantityMath.root(x, degree: 3, in: context)
        case .root: return try root(x, arguments)
        case .abs, .floor, .ceil, .round, .trunc, .sign: return try rounded(function, x, decimals: decimals)
        case .min, .max: return try extreme(function, arguments)
        case .hypot:
            let y = try second(arguments)
            return try keepingUnit(x) { (m: Number) throws(ArithmeticError) in
                try m.multiplied(by: m, in: context).adding(y.multiplied(by: y, in: context), in: context).squareRoot(in: context)
            }
        case .mod:
            return try QuantityMath.modulo(x, arguments[1].quantity, rates: rates, in: context)
        case .change:
            // The new value in the old one's unit (money through a rate), then 100·(new − old)/old %.
            let new = try second(arguments)
            return Quantity(try QuantityMath.run { () throws(ArithmeticError) in
                try new.subtracting(x.magnitude, in: context).divided(by: x.magnitude, in: context).multiplied(by: 100, in: context)
            }, UnitTable.percentUnit)
        case .sin, .cos, .tan: return try trigonometric(function, x)
        case .atan2:
            // atan2(3 m, 4 m): both in one unit, the angle plain.
            let y = x.magnitude, other = try second(arguments)
            return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try Number.atan2(y, other, in: context) })
        case .exp, .ln, .log, .log2, .asin, .acos, .atan, .sinh, .cosh, .tanh, .gcd, .lcm:
            return try plain(function, arguments) { (n: [Number]) throws(ArithmeticError) in try self.plainValue(of: function, n) }
        case .weekday, .days:
            // `dateCall` answers these, or refuses what is no date.
            throw .date(.needsDate(function.rawValue))
        case .sum, .mean, .median, .count, .sort, .standardDeviation, .variance, .populationStandardDeviation, .populationVariance:
            // `listCall` answers the statistics.
            throw .arithmetic(.undefined)
        }
    }

    /// A function of plain numbers only.
    private func plainValue(of function: Function, _ n: [Number]) throws(ArithmeticError) -> Number {
        switch function {
        case .exp: return try n[0].exp(in: context)
        case .ln: return try n[0].ln(in: context)
        case .log: return try n[0].logarithm(base: n.count > 1 ? n[1] : 10, in: context)
        case .log2: return try n[0].logarithm(base: 2, in: context)
        case .asin: return try n[0].inverseTrigonometric(.asin, in: context)
        case .acos: return try n[0].inverseTrigonometric(.acos, in: context)
        case .atan: return try n[0].inverseTrigonometric(.atan, in: context)
        case .sinh: return try n[0].hyperbolic(.sinh, in: context)
        case .cosh: return try n[0].hyperbolic(.cosh, in: context)
        case .tanh: return try n[0].hyperbolic(.tanh, in: context)
        case .gcd: return try Number.gcd(n)
        case .lcm: return try Number.lcm(n)
        // `value(of:)` asks this only of the functions above.
        default: throw .undefined
        }
    }

    /// The magnitude changed by `body`, the unit kept.
    private func keepingUnit(_ x: Quantity, _ body: (Number) throws(ArithmeticError) -> Number) throws(QuantityError) -> Quantity {
        Quantity(try QuantityMath.run { () throws(ArithmeticError) in try body(x.magnitude) }, x.unit)
    }

    /// The arguments as plain numbers (a percentage counts: `ln(50%)`), given to `body`.
    private func plain(_ function: Function, _ arguments: [Operand],
                       _ body: ([Number]) throws(ArithmeticError) -> Number) throws(QuantityError) -> Quantity {
        var numbers: [Number] = []
        for argument in arguments {
            let q = try QuantityMath.plainIfPart(argument.quantity, in: context)
            guard q.isPlain else { throw .needsPlainNumber(function.rawValue, unit: q.unit.symbol) }
            numbers.append(q.magnitude)
        }
        return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try body(numbers) })
    }

    /// The second argument in the first one's unit.
    private func second(_ arguments: [Operand]) throws(QuantityError) -> Number {
        try QuantityMath.convert(arguments[1].quantity, to: arguments[0].quantity.unit, rates: rates, in: context).magnitude
    }

    /// `root(x, n)`: a quantity's root needs a whole degree; a plain number takes any.
    private func root(_ x: Quantity, _ arguments: [Operand]) throws(QuantityError) -> Quantity {
        let x = try QuantityMath.plainIfPart(x, in: context)
        guard x.isPlain else {
            guard arguments[1].quantity.isPlain, let degree = arguments[1].quantity.magnitude.exactInteger, degree >= 2 else {
                throw .fractionalPowerOfUnit(x.unit.symbol)
            }
            return try QuantityMath.root(x, degree: degree, in: context)
        }
        return try plain(.root, arguments) { (n: [Number]) throws(ArithmeticError) in try n[0].root(n[1], in: context) }
    }

    /// abs, floor, ceil, round, trunc and sign: the unit kept (sign's value plain).
    private func rounded(_ function: Function, _ x: Quantity, decimals: Int) throws(QuantityError) -> Quantity {
        switch function {
        case .abs: return Quantity(x.magnitude.magnitude, x.unit)
        case .floor: return try keepingUnit(x) { (m: Number) throws(ArithmeticError) in try m.rounded(.down, in: context) }
        case .ceil: return try keepingUnit(x) { (m: Number) throws(ArithmeticError) in try m.rounded(.up, in: context) }
        case .round: return try keepingUnit(x) { (m: Number) throws(ArithmeticError) in try m.rounded(.nearest, decimals: decimals, in: context) }
        case .trunc: return try keepingUnit(x) { (m: Number) throws(ArithmeticError) in try m.truncated() }
        default: return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try x.magnitude.sign() })
        }
    }

    /// min and max: every argument in one unit, ordered by their bounds: the first one's,
    /// or the money's or count's a plain number stands beside, as in a sum (`max(2, $5)` is
    /// $5.00, as `2 + $5` is $7.00).
    private func extreme(_ function: Function, _ arguments: [Operand]) throws(QuantityError) -> Quantity {
        let x = arguments[0].quantity
        let unit = x.isPlain ? arguments.first { QuantityMath.admitsPlainAddend($0.quantity.dimension) }?.quantity.unit ?? x.unit
            : x.unit
        func inUnit(_ q: Quantity) throws(QuantityError) -> Quantity {
            if q.isPlain && !unit.isNone && QuantityMath.admitsPlainAddend(unit.dimension) { return Quantity(q.magnitude, unit) }
            return try QuantityMath.convert(q, to: unit, rates: rates, in: context)
        }
        var best = try inUnit(x)
        for argument in arguments.dropFirst() {
            let other = try inUnit(argument.quantity)
            guard let order = other.magnitude.order(comparedTo: best.magnitude, bits: context.precision) else {
                throw .arithmetic(.tooClose("\(function.rawValue): two arguments are too close to tell apart"))
            }
            if function == .min ? order < 0 : order > 0 { best = other }
        }
        return best
    }

    /// sin, cos and tan: of an angle in radians as they are written (no π to round away),
    /// else in degrees, exact at 30° and 45°; of a plain number in radians.
    private func trigonometric(_ function: Function, _ x: Quantity) throws(QuantityError) -> Quantity {
        let kind: Number.Trigonometric = function == .sin ? .sin : (function == .cos ? .cos : .tan)
        if x.dimension == .angle {
            if x.unit.piPower != 0 {
                let radians = try QuantityMath.convert(x, to: CompoundUnit(Evaluator.radian), rates: rates, in: context).magnitude
                return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try radians.trigonometric(kind, in: context) })
            }
            let degrees = try QuantityMath.convert(x, to: CompoundUnit(Evaluator.degree), rates: rates, in: context).magnitude
            return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try Number.trigonometric(kind, degrees: degrees, in: context) })
        }
        if x.dimension == Dimension.none.dividing(by: .angle) { throw .inverseAngle(function.rawValue) }
        guard x.isPlain else { throw .needsAngle(function.rawValue, unit: x.unit.symbol) }
        return Quantity(try QuantityMath.run { () throws(ArithmeticError) in try x.magnitude.trigonometric(kind, in: context) })
    }

    package static let degree = UnitTable.atom(named: "°")!
    package static let radian = UnitTable.atom(named: "rad")!

    package static let roundingDecimals = -30...30

    @discardableResult
    package func checked<T>(at range: Range<Int>, _ body: () throws(QuantityError) -> T) throws(Diagnostic) -> T {
        do {
            return try body()
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}
