import PerNumbers
import PerUnits

/// `sin`, `cos` and `tan` of a range (`sin(1 ± 0.1)`, and `solve`'s look inside a step).
///
/// Sine and cosine turn only at the multiples of π/2 (NIST DLMF §4.14: sin is greatest, 1,
/// at π/2 + 2kπ and least, −1, at −π/2 + 2kπ; cos at 2kπ and π + 2kπ); between two such
/// points each is monotonic, so the range of values is that of the ends and of the turning
/// points between them. Tangent rises between its poles at π/2 + kπ, so over a range with
/// no pole its values run from the low end's to the high end's; a range with a pole has no
/// bound and is refused.
extension Evaluator {
    /// The multiples k of π/2 that may lie in the range `ends` (in radians, or in an angle's
    /// unit), each as k mod 4 (0: cos's 1, 1: sin's 1, 2: cos's −1, 3: sin's −1); nil when
    /// the range may hold a whole turn (every turning point), or its ends are not angles
    /// (then the function itself refuses them). Widened, never narrowed, where π's bounds
    /// leave it open: a turning point taken in that is not there only widens the result.
    func quarterTurns(low: Quantity, high: Quantity) -> [Int]? {
        let precision = context.precision
        // Plain exact ends 7 or more apart (over 2π) hold four multiples of π/2 in a row: no
        // division by π is needed to tell it (sin(1e999..1e1000) would take π to 3,300 bits).
        if low.isPlain, high.isPlain, case .exact(let a) = low.magnitude, case .exact(let b) = high.magnitude, b - a >= Rational(7) {
            return nil
        }
        func radians(_ x: Quantity) -> Real? {
            let value: Quantity
            if x.isPlain {
                value = x
            } else if x.dimension == .angle, let converted = try? QuantityMath.convert(x, to: CompoundUnit(Evaluator.radian), rates: rates, in: context) {
                value = converted
            } else {
                return nil
            }
            return value.magnitude.real(bits: precision)
        }
        guard let a = radians(low), let b = radians(high) else { return nil }
        if b.upper - a.lower >= Rational(7) { return nil }
        let pi = Real.pi(bits: precision)
        // x / (π/2) at its least for the low end and its greatest for the high end.
        func quarters(_ x: Rational, least: Bool) -> Rational {
            let halfPi = (x.isNegative == least ? pi.upper : pi.lower) / Rational(2)
            return x / halfPi
        }
        let first = quarters(a.lower, least: true).rounded(.up)
        let last = quarters(b.upper, least: false).rounded(.down)
        guard last >= first else { return [] }
        // Four in a row are a whole turn; past 2^63 quarter turns (sin(1e20 ± 1)) each is
        // told by its remainder by 4.
        guard let count = (last - first).int64Value, count < 4,
              let start = first.quotientAndRemainder(dividingBy: BigInt(4)).remainder.int64Value else { return nil }
        return (0...Int(count)).map { Int(((start &+ Int64($0)) % 4 + 4) % 4) }
    }

    /// Whether sin and cos of `end` are plain numbers worked out without a refusal: a plain
    /// exact value whose whole part the reduction by π/2 takes.
    private static func reducesPlainly(_ end: Operand) -> Bool {
        guard end.isPlainNumber, case .exact(let x) = end.quantity.magnitude else { return false }
        return Real.reduces(x)
    }

    /// `function` (sin, cos or tan) of the range `argument`.
    @inline(never)
    func rangeTrigonometric(_ function: Function, _ argument: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        let ends = ends(of: argument)
        let turns = quarterTurns(low: ends[0].quantity, high: ends[ends.count - 1].quantity)
        // Told by the turning points alone, before the function is worked out at the ends: a
        // pole of tan (the range has no bound), and both extremes of sin or cos (the range is
        // [−1, 1], whatever the ends; one is worked out, for its unit and its refusals).
        if function == .tan, let turns, turns.contains(where: { $0 % 2 == 1 }) { throw Diagnostic(RangeRefusal.pole("tan"), at: range) }
        let extremes = function == .sin ? (1, 3) : (0, 2)
        let whole = function != .tan && turns.map { $0.contains(extremes.0) && $0.contains(extremes.1) } ?? true
        var results: [Operand] = []
        // Of a whole turn, a plain exact end that the reduction by π/2 takes tells nothing the
        // extremes do not: its value is not worked out (it would need π to as many bits as
        // the end has).
        let told = whole && Self.reducesPlainly(ends[0])
        if !told {
            for end in whole ? [ends[0]] : ends { results.append(try call(function, [end], range: range)) }
        }
        let unit = told ? CompoundUnit.none : results[0].quantity.unit
        func extreme(_ value: Int) -> Operand { Operand(quantity: Quantity(Number(value), unit), range: range) }
        switch function {
        case .tan:
            // A pole at every odd multiple of π/2.
            guard let turns, !turns.contains(where: { $0 % 2 == 1 }) else {
                throw Diagnostic(RangeRefusal.pole("tan"), at: range)
            }
        case .sin:
            if turns?.contains(1) ?? true { results.append(extreme(1)) }
            if turns?.contains(3) ?? true { results.append(extreme(-1)) }
        default:
            if turns?.contains(0) ?? true { results.append(extreme(1)) }
            if turns?.contains(2) ?? true { results.append(extreme(-1)) }
        }
        return try enclosing(results, range: range)
    }
}
