import PerNumbers
import PerUnits

/// An expression's value and its derivative by one name, each over that name's range, by
/// forward differentiation (the chain rule applied operation by operation; Griewank &
/// Walther, "Evaluating Derivatives", 2nd ed., SIAM 2008, ch. 3) on top of the evaluator's
/// worst-case range arithmetic. `solve` asks whether 0 is outside the derivative's range: a
/// function whose derivative keeps one sign over a stretch is monotonic there and crosses
/// any value at most once (the mean value theorem).
///
/// The derivative is in the value's unit per the name's unit, with the name's own
/// derivative taken as the plain 1; only its sign is read. What has no derivative rule here
/// (`mod`, `floor`, `%`, a function of your own) is refused with `RangeRefusal.unsupported`.
package struct RangeDerivative: EvaluatorBacked {
    package struct Value {
        package var value: Evaluator.Operand
        /// Nil where the value does not depend on the name (a derivative of 0), or where
        /// its derivative has no bound (`slopeUnbounded`).
        package var slope: Evaluator.Operand?
        /// The value depends on the name, but range arithmetic finds no bound on its
        /// derivative (√x's at 0): the value is still known, the derivative's sign not.
        package var slopeUnbounded = false
        /// Whether the value depends on the name.
        package var varies: Bool { slope != nil || slopeUnbounded }
    }

    /// The evaluator with the name bound to its range.
    package let evaluator: Evaluator
    package let name: String

    package init(evaluator: Evaluator, name: String) {
        self.evaluator = evaluator
        self.name = name
    }

    private func refused(_ what: String, at range: Range<Int>) -> Diagnostic {
        Diagnostic(RangeRefusal.unsupported(what), at: range)
    }

    private func constant(_ value: Int, range: Range<Int>) -> Evaluator.Operand {
        Evaluator.Operand(quantity: Quantity(Number(value)), range: range)
    }

    /// a·b; a factor that is the plain 1 (the name's own derivative) leaves the other as it
    /// is, without a product of ranges.
    private func times(_ a: Evaluator.Operand, _ b: Evaluator.Operand, _ range: Range<Int>) throws(Diagnostic) -> Evaluator.Operand {
        if Self.isOne(b) { return a }
        if Self.isOne(a) { return b }
        return try evaluator.binary(.multiply, a, b, range: range)
    }

    /// Whether an operand is the plain number 1 and nothing more.
    private static func isOne(_ x: Evaluator.Operand) -> Bool {
        guard x.isPlainNumber, case .exact(let value) = x.quantity.magnitude else { return false }
        return value == Rational.one
    }

    package func number(_ value: consuming Number, money: Unit?, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: evaluator.number(value, money: money, range: range))
    }

    package func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.name(name, range: range)
        return Value(value: value, slope: name == self.name ? constant(1, range: range) : nil)
    }

    package func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.date(month: month, day: day, range: range, dayRange: dayRange))
    }

    package func unit(_ unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: evaluator.unit(unit, range: range))
    }

    package func applying(_ unit: CompoundUnit, to value: consuming Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let slope = try value.slope.map { (s) throws(Diagnostic) in try evaluator.applying(unit, to: s, range: range) }
        return Value(value: try evaluator.applying(unit, to: value.value, range: range), slope: slope, slopeUnbounded: value.slopeUnbounded)
    }

    package func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let slope = try operand.slope.map { (s) throws(Diagnostic) in try evaluator.negate(s, range: range) }
        return Value(value: try evaluator.negate(operand.value, range: range), slope: slope, slopeUnbounded: operand.slopeUnbounded)
    }

    /// The sum, difference, product and quotient rules, and the power rule for a power that
    /// is one value (d(u^n) = n·u^(n−1)·du), of a base that is one value (d(a^v) =
    /// a^v·ln(a)·dv), or of both varying, for u > 0 (d(u^v) = u^v·(dv·ln u + v·du/u),
    /// from u^v = exp(v·ln u)).
    package func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.binary(op, left.value, right.value, range: range)
        if !left.varies, !right.varies { return Value(value: value) }
        if left.slopeUnbounded || right.slopeUnbounded { return Value(value: value, slope: nil, slopeUnbounded: true) }
        do {
            return Value(value: value, slope: try binarySlope(op, left, right, value: value, range: range))
        } catch {
            if case .range(.unsupported) = error.problem { throw error }
            return Value(value: value, slope: nil, slopeUnbounded: true)
        }
    }

    private func binarySlope(_ op: BinaryOperator, _ left: Value, _ right: Value, value: Evaluator.Operand,
                             range: Range<Int>) throws(Diagnostic) -> Evaluator.Operand {
        let (u, v) = (left.value, right.value)
        let slope: Evaluator.Operand
        switch op {
        case .add, .subtract:
            if let du = left.slope, let dv = right.slope {
                slope = try evaluator.binary(op, du, dv, range: range)
            } else if let du = left.slope {
                slope = du
            } else {
                slope = op == .add ? right.slope! : try evaluator.negate(right.slope!, range: range)
            }
        case .multiply:
            let first = try left.slope.map { (du) throws(Diagnostic) in try times(du, v, range) }
            let second = try right.slope.map { (dv) throws(Diagnostic) in try times(u, dv, range) }
            slope = try sum(first, second, range)
        case .divide:
            // du/v − u·dv/v².
            let first = try left.slope.map { (du) throws(Diagnostic) in try evaluator.binary(.divide, du, v, range: range) }
            let second = try right.slope.map { (dv) throws(Diagnostic) in
                let square = try squared(v, range)
                return try evaluator.negate(try evaluator.binary(.divide, try times(u, dv, range), square, range: range), range: range)
            }
            slope = try sum(first, second, range)
        case .power:
            if let du = left.slope, right.slope == nil {
                let lower = try evaluator.binary(.subtract, v, constant(1, range: range), range: range)
                slope = try times(try times(v, try evaluator.binary(.power, u, lower, range: range), range), du, range)
            } else if let dv = right.slope, left.slope == nil {
                let logarithm = try evaluator.call(.ln, [u], range: range)
                slope = try times(try times(value, logarithm, range), dv, range)
            } else if let du = left.slope, let dv = right.slope {
                // u^v = exp(v·ln u) for u > 0: d(u^v) = u^v·(dv·ln u + v·du/u).
                let logarithm = try evaluator.call(.ln, [u], range: range)
                let inner = try evaluator.binary(.add, try times(dv, logarithm, range),
                                                 try evaluator.binary(.divide, try times(v, du, range), u, range: range), range: range)
                slope = try times(value, inner, range)
            } else {
                throw refused("a power", at: range)
            }
        default:
            throw refused(op.rawValue, at: range)
        }
        return slope
    }

    /// x², as |x|·|x|: a range around 0 squares from 0 (|x| runs from 0), and the product
    /// of values is exact or a few operations, where a power of an approximate value is
    /// worked out by logarithms.
    private func squared(_ x: Evaluator.Operand, _ range: Range<Int>) throws(Diagnostic) -> Evaluator.Operand {
        let size = try evaluator.call(.abs, [x], range: range)
        return try times(size, size, range)
    }

    private func sum(_ a: Evaluator.Operand?, _ b: Evaluator.Operand?, _ range: Range<Int>) throws(Diagnostic) -> Evaluator.Operand {
        switch (a, b) {
        case let (a?, b?): return try evaluator.binary(.add, a, b, range: range)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return constant(0, range: range)
        }
    }

    package func multipack(_ count: Value, _ each: Value, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Value {
        guard !count.varies, !each.varies else { throw refused("a multipack", at: range) }
        return Value(value: try evaluator.multipack(count.value, each.value, strict: strict, range: range))
    }

    package func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        guard !operand.varies else { throw refused("%", at: range) }
        return Value(value: try evaluator.percent(operand.value, range: range))
    }

    package func factorial(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        guard !operand.varies else { throw refused("!", at: range) }
        return Value(value: try evaluator.factorial(operand.value, range: range))
    }

    /// The derivatives of the elementary functions of one argument (NIST DLMF §4.5, §4.20,
    /// §4.23, §4.34: d sin = cos, d cos = −sin, d tan = 1/cos² = 1 + tan², d exp = exp,
    /// d ln u = 1/u, d asin = 1/√(1 − u²), d atan = 1/(1 + u²), d sinh = cosh,
    /// d cosh = sinh, d tanh = 1/cosh² = 1 − tanh²), times the argument's derivative. tan's
    /// and tanh's are taken from their value: no cosine, nor a division that a range of
    /// cosines holding 0 refuses.
    package func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.call(function, arguments.map(\.value), range: range)
        guard arguments.contains(where: { $0.varies }) else { return Value(value: value) }
        guard arguments.count == 1 else { throw refused(function.rawValue, at: range) }
        guard let du = arguments[0].slope else {
            if Self.rules.contains(function) { return Value(value: value, slope: nil, slopeUnbounded: true) }
            throw refused(function.rawValue, at: range)
        }
        do {
            return Value(value: value, slope: try callSlope(function, arguments[0].value, du, value: value, range: range))
        } catch {
            if case .range(.unsupported) = error.problem { throw error }
            return Value(value: value, slope: nil, slopeUnbounded: true)
        }
    }

    /// The functions of one argument with a derivative rule here.
    private static let rules: Set<Function> = [.sqrt, .cbrt, .exp, .ln, .log, .log2, .sin, .cos, .tan, .sinh, .cosh, .tanh,
                                               .asin, .acos, .atan]

    private func callSlope(_ function: Function, _ u: Evaluator.Operand, _ du: Evaluator.Operand, value: Evaluator.Operand,
                           range: Range<Int>) throws(Diagnostic) -> Evaluator.Operand {
        func f(_ function: Function, _ x: Evaluator.Operand) throws(Diagnostic) -> Evaluator.Operand {
            try evaluator.call(function, [x], range: range)
        }
        func over(_ x: Evaluator.Operand) throws(Diagnostic) -> Evaluator.Operand {
            try evaluator.binary(.divide, du, x, range: range)
        }
        func square(_ x: Evaluator.Operand) throws(Diagnostic) -> Evaluator.Operand { try squared(x, range) }
        let one = constant(1, range: range)
        let slope: Evaluator.Operand
        switch function {
        case .sqrt: slope = try over(try times(constant(2, range: range), value, range))
        case .cbrt: slope = try over(try times(constant(3, range: range), try square(value), range))
        case .exp: slope = try times(value, du, range)
        case .ln: slope = try over(u)
        case .log: slope = try over(try times(u, try f(.ln, constant(10, range: range)), range))
        case .log2: slope = try over(try times(u, try f(.ln, constant(2, range: range)), range))
        case .sin: slope = try times(try f(.cos, u), du, range)
        case .cos: slope = try evaluator.negate(try times(try f(.sin, u), du, range), range: range)
        case .tan: slope = try times(try evaluator.binary(.add, one, try square(value), range: range), du, range)
        case .sinh: slope = try times(try f(.cosh, u), du, range)
        case .cosh: slope = try times(try f(.sinh, u), du, range)
        case .tanh: slope = try times(try evaluator.binary(.subtract, one, try square(value), range: range), du, range)
        case .asin, .acos:
            let root = try f(.sqrt, try evaluator.binary(.subtract, one, try square(u), range: range))
            let rise = try over(root)
            slope = function == .asin ? rise : try evaluator.negate(rise, range: range)
        case .atan: slope = try over(try evaluator.binary(.add, one, try square(u), range: range))
        default: throw refused(function.rawValue, at: range)
        }
        return slope
    }

    package func list(_ elements: [Value], ranges: [Range<Int>], range: Range<Int>) throws(Diagnostic) -> Value {
        throw refused("a list", at: range)
    }

    /// A conversion of what varies is refused: a temperature's would shift its derivative.
    package func convert(_ value: Value, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value {
        guard !value.varies else { throw refused("a conversion", at: range) }
        return Value(value: try evaluator.convert(value.value, to: unit, range: range))
    }

    package func convert(_ value: Value, toParts units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Value {
        throw refused("a conversion to parts", at: range)
    }

    package func format(_ value: Value, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Value {
        throw refused("a format", at: range)
    }

    package func call(_ function: UserFunction, _ arguments: [Value], range: Range<Int>, depth: Int) throws(Diagnostic) -> Value {
        throw refused("a function of your own", at: range)
    }
}

extension RangeDerivative.Value {
    init(value: Evaluator.Operand) {
        self.value = value
        self.slope = nil
    }
}
