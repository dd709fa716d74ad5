import PerNumbers
import PerUnits

/// An expression's value and, where it is a polynomial in one name, a bound on its degree:
/// the sum's degree is at most the larger of its terms', the product's the sum of its
/// factors', u^n's n times u's for a whole n ≥ 0, and a quotient's the dividend's where
/// the divisor does not depend on the name. `solve` reads it: a polynomial of degree n
/// that is not 0 everywhere has at most n roots (the fundamental theorem of algebra; Lang,
/// "Algebra", 3rd ed., IV §1, Thm 1.4), so n roots found are all of them; and where its
/// coefficients are exact, every root x has |x| ≤ 1 + max |aᵢ/aₙ| (Cauchy's bound: Rahman &
/// Schmeisser, "Analytic Theory of Polynomials", OUP 2002, Thm 8.1.3), so a search past it
/// has found them all.
///
/// Anything else that depends on the name (a function, a conversion, `%`, a division by
/// it, a power with it in the exponent) is no polynomial here: the degree is nil.
package struct PolynomialDegree: EvaluatorBacked {
    package struct Value {
        package var value: Evaluator.Operand
        /// 0 where the value does not depend on the name; nil where it is no polynomial in it.
        package var degree: Int?
        /// The coefficients, the constant first, where every one is an exact plain number
        /// (and the degree at most `maxCoefficients`); nil otherwise.
        package var coefficients: [Rational]? = nil
    }

    /// Degrees past this are taken for no polynomial: the count is a bound, not a size.
    package static let maxDegree = 10_000
    /// Coefficients are kept up to this degree: a product's work is the square of it.
    package static let maxCoefficients = 64

    /// The coefficients of a value that does not depend on the name: itself, when it is an
    /// exact plain number.
    private static func constantCoefficients(_ operand: Evaluator.Operand) -> [Rational]? {
        guard operand.quantity.isPlain, !operand.isRange, !operand.isList, case .exact(let r) = operand.quantity.magnitude else { return nil }
        return [r]
    }

    /// The coefficients of u + v (or u − v), u·v and u^n.
    private static func sum(_ u: [Rational], _ v: [Rational], negating: Bool) -> [Rational] {
        (0..<max(u.count, v.count)).map { i in
            let a = i < u.count ? u[i] : Rational(0), b = i < v.count ? v[i] : Rational(0)
            return negating ? a - b : a + b
        }
    }

    private static func product(_ u: [Rational], _ v: [Rational]) -> [Rational]? {
        guard u.count + v.count - 1 <= maxCoefficients + 1 else { return nil }
        var result = [Rational](repeating: Rational(0), count: u.count + v.count - 1)
        for (i, a) in u.enumerated() where !a.isZero {
            for (j, b) in v.enumerated() { result[i + j] = result[i + j] + a * b }
        }
        return result
    }

    private static func power(_ u: [Rational], _ n: Int) -> [Rational]? {
        guard (u.count - 1) * n <= maxCoefficients else { return nil }
        var result: [Rational] = [Rational(1)]
        for _ in 0..<n {
            guard let next = product(result, u) else { return nil }
            result = next
        }
        return result
    }

    /// The evaluator with the name bound to one value.
    package let evaluator: Evaluator
    package let name: String

    package init(evaluator: Evaluator, name: String) {
        self.evaluator = evaluator
        self.name = name
    }

    /// 0 when every operand is constant in the name, else nil.
    private static func constant(_ operands: [Value]) -> Int? {
        operands.allSatisfy { $0.degree == 0 } ? 0 : nil
    }

    package func number(_ value: consuming Number, money: Unit?, range: Range<Int>) throws(Diagnostic) -> Value {
        let operand = evaluator.number(value, money: money, range: range)
        return Value(value: operand, degree: 0, coefficients: Self.constantCoefficients(operand))
    }

    package func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value {
        let operand = try evaluator.name(name, range: range)
        if name == self.name {
            return Value(value: operand, degree: 1, coefficients: operand.quantity.isPlain ? [Rational(0), Rational(1)] : nil)
        }
        return Value(value: operand, degree: 0, coefficients: Self.constantCoefficients(operand))
    }

    package func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.date(month: month, day: day, range: range, dayRange: dayRange), degree: 0)
    }

    package func unit(_ unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: evaluator.unit(unit, range: range), degree: 0)
    }

    /// A unit after a value scales it (`x kg`): the degree is kept.
    package func applying(_ unit: CompoundUnit, to value: consuming Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let degree = value.degree
        return Value(value: try evaluator.applying(unit, to: value.value, range: range), degree: degree, coefficients: nil)
    }

    package func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.negate(operand.value, range: range), degree: operand.degree,
              coefficients: operand.coefficients.map { $0.map { -$0 } })
    }

    package func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.binary(op, left.value, right.value, range: range)
        var degree: Int? = nil
        if let l = left.degree, let r = right.degree {
            switch op {
            case .add, .subtract: degree = max(l, r)
            case .multiply: degree = l + r
            case .divide: degree = r == 0 ? l : nil
            case .power:
                if r == 0, l == 0 {
                    degree = 0
                } else if r == 0, right.value.quantity.isPlain, !right.value.isRange,
                          let n = right.value.quantity.magnitude.exactInteger, n >= 0, n <= Self.maxDegree {
                    degree = l * n
                }
            default: degree = Self.constant([left, right])
            }
        }
        return Value(value: value, degree: degree.flatMap { $0 <= Self.maxDegree ? $0 : nil },
                     coefficients: degree == nil ? nil : coefficients(op, left, right, value: value))
    }

    /// The coefficients of `left op right`, a polynomial: nil where one side has none.
    private func coefficients(_ op: BinaryOperator, _ left: Value, _ right: Value, value: Evaluator.Operand) -> [Rational]? {
        guard let u = left.coefficients, let v = right.coefficients, value.quantity.isPlain else { return nil }
        if left.degree == 0, right.degree == 0 { return Self.constantCoefficients(value) }
        switch op {
        case .add, .subtract: return Self.sum(u, v, negating: op == .subtract)
        case .multiply: return Self.product(u, v)
        case .divide:
            guard v.count == 1, !v[0].isZero else { return nil }
            return u.map { $0 / v[0] }
        case .power:
            guard let n = right.value.quantity.magnitude.exactInteger, n >= 0 else { return nil }
            return Self.power(u, n)
        default: return nil
        }
    }

    package func multipack(_ count: Value, _ each: Value, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.multipack(count.value, each.value, strict: strict, range: range), degree: Self.constant([count, each]))
    }

    package func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.percent(operand.value, range: range), degree: Self.constant([operand]))
    }

    package func factorial(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.factorial(operand.value, range: range), degree: Self.constant([operand]))
    }

    package func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.call(function, arguments.map(\.value), range: range)
        let degree = Self.constant(arguments)
        return Value(value: value, degree: degree, coefficients: degree == 0 ? Self.constantCoefficients(value) : nil)
    }

    package func list(_ elements: [Value], ranges: [Range<Int>], range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.list(elements.map(\.value), ranges: ranges, range: range), degree: nil)
    }

    package func convert(_ value: Value, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.convert(value.value, to: unit, range: range), degree: Self.constant([value]))
    }

    package func convert(_ value: Value, toParts units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.convert(value.value, toParts: units, range: range), degree: nil)
    }

    package func format(_ value: Value, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Value {
        Value(value: try evaluator.format(value.value, as: format, range: range), degree: nil)
    }

    /// A function of your own may read the name inside it: no polynomial.
    package func call(_ function: UserFunction, _ arguments: [Value], range: Range<Int>, depth: Int) throws(Diagnostic) -> Value {
        Value(value: try evaluator.call(function, arguments.map(\.value), range: range, depth: depth), degree: nil)
    }
}
