import PerNumbers
import PerUnits
import PerLanguage

/// What worst-case range arithmetic tells of a stretch of the unknown in one pass of the
/// derivative builder (`RangeDerivative`): whether the sides are apart over it, and whether
/// their difference is monotonic there.
struct StretchCheck: Equatable {
    var separation: Calculator.Separation
    /// True: the difference's derivative keeps one sign (or 0) over the stretch; nil: the
    /// expression has no derivative rule; false: range arithmetic cannot tell.
    var monotonic: Bool?
}

extension Calculator {
    /// Whether the sides are apart over the stretch low…high, and whether their difference is
    /// monotonic there, together: the derivative builder works
    /// out each side's range on the way to its derivative, so one pass tells both.
    /// At `Solve.quickPrecision` first; the standard precision only when the quick bounds
    /// neither prove the sides apart nor the difference monotonic, and do not clearly
    /// overlap (`Solve.clearlyOverlapping`): fewer bits only leave more unproven.
    /// Where the derivative builder refuses the expression (no rule), the sides are checked
    /// by `apart` alone; where it finds no bound on the value (a pole), the stretch is
    /// unbounded.
    func checked(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator) -> StretchCheck {
        if evaluator.context.precision > Solve.quickPrecision {
            let quick = evaluator.with(context: evaluator.context.with(precision: Solve.quickPrecision))
            switch derivativePass(low: low, high: high, unit: unit, parts: parts, evaluator: quick) {
            case .failed(let refused):
                // A value lost in rounding at few bits may be bounded with more.
                if refused { return fallback(low: low, high: high, unit: unit, parts: parts, evaluator: evaluator, refused: true) }
            case .pole:
                // tan's pole is told by where the stretch's ends lie between multiples of π/2,
                // widened only by the rounding of π at these bits: it is there at any precision
                // but for a stretch ending within that rounding of it, which is halved on.
                return StretchCheck(separation: .unbounded, monotonic: false)
            case .told(let check, let clearly):
                if check.separation == .apart || check.monotonic == true || clearly { return check }
            }
        }
        switch derivativePass(low: low, high: high, unit: unit, parts: parts, evaluator: evaluator) {
        case .failed(let refused): return fallback(low: low, high: high, unit: unit, parts: parts, evaluator: evaluator, refused: refused)
        case .pole: return StretchCheck(separation: .unbounded, monotonic: false)
        case .told(let check, _): return check
        }
    }

    /// Where the derivative builder fails: `apart` alone where it has no rule for the
    /// expression (`StretchCheck.monotonic` then says nil), else no bound on the sides (a pole, a division
    /// by a range holding 0), as `apart` finds.
    private func fallback(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator,
                          refused: Bool) -> StretchCheck {
        guard refused else { return StretchCheck(separation: .unbounded, monotonic: false) }
        return StretchCheck(separation: apart(low: low, high: high, unit: unit, parts: parts, evaluator: evaluator), monotonic: nil)
    }

    /// What one pass of the derivative builder tells: the check, and whether both the sides'
    /// bounds and the slope's clearly overlap; or that it failed, and whether by a refusal;
    /// or that a function's pole lies in the stretch.
    private enum Pass {
        case told(StretchCheck, Bool)
        case failed(refused: Bool)
        case pole
    }

    /// Whether a problem is a range's refusal at a function's pole.
    private static func isPole(_ problem: Problem) -> Bool {
        switch problem {
        case .range(.pole): return true
        case .inFunction(_, let inner): return isPole(inner)
        default: return false
        }
    }

    /// One pass of the derivative builder at the evaluator's precision (clearly: more bits
    /// would most likely tell neither whether the sides are apart nor the slope's sign).
    private func derivativePass(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts,
                                evaluator: Evaluator) -> Pass {
        let bounds = QuantityRange(.exact(low), .exact(high), unit: unit)
        let middle = Quantity(.exact((low + high) / Rational(2)), unit)
        let bound = evaluator.binding(parts.name, to: middle, bounds: bounds, in: evaluator.context)
        let builder = RangeDerivative(evaluator: bound, name: parts.name)
        let left: RangeDerivative.Value, right: RangeDerivative.Value
        do {
            left = try Parser.expression(parts.left, builder: builder, depth: Solve.parseDepth)
            right = try Parser.expression(parts.right, builder: builder, depth: Solve.parseDepth)
        } catch {
            if case .range(.unsupported) = error.problem { return .failed(refused: true) }
            return Self.isPole(error.problem) ? .pole : .failed(refused: false)
        }
        if left.value.isList || right.value.isList { return .failed(refused: false) }
        let bits = evaluator.context.precision
        func range(_ operand: Evaluator.Operand) -> QuantityRange {
            operand.bounds ?? QuantityRange(operand.quantity.magnitude, operand.quantity.magnitude, unit: operand.quantity.unit)
        }
        // The sides, as `separated` tells them apart.
        let l = range(left.value), r = range(right.value)
        guard let r0 = try? QuantityMath.convert(r.lowQuantity, to: l.unit, rates: rates).magnitude,
              let r1 = try? QuantityMath.convert(r.highQuantity, to: l.unit, rates: rates).magnitude else { return .failed(refused: false) }
        let below = l.high.order(comparedTo: r0) == -1 && l.high.order(comparedTo: r1) == -1
        let above = l.low.order(comparedTo: r0) == 1 && l.low.order(comparedTo: r1) == 1
        if below || above { return .told(StretchCheck(separation: .apart, monotonic: false), true) }
        // Worked out only where the check does not tell: the sides' bounds as reals cost a
        // division each, of as many bits as the stretch's ends have.
        var sidesClearly: Bool {
            Solve.clearlyOverlapping(l.low.real(bits: bits), l.high.real(bits: bits), r0.real(bits: bits), r1.real(bits: bits))
        }
        // The slope's sign: f′ ≥ 0 (or ≤ 0) over the stretch, f never falls (rises), so one sign
        // at both ends leaves no root, and a change of sign one crossing (an expression built by
        // `RangeDerivative`'s rules is analytic: f′ = 0 holds only at isolated points).
        if left.slopeUnbounded || right.slopeUnbounded { return .told(StretchCheck(separation: .unproven, monotonic: false), sidesClearly) }
        let slope: Evaluator.Operand
        do {
            switch (left.slope, right.slope) {
            case let (l?, r?): slope = try bound.binary(.subtract, l, r, range: parts.nameRange)
            case let (l?, nil): slope = l
            case let (nil, r?): slope = r
            case (nil, nil): return .told(StretchCheck(separation: .unproven, monotonic: false), sidesClearly)
            }
        } catch {
            return .told(StretchCheck(separation: .unproven, monotonic: false), sidesClearly)
        }
        let magnitude = slope.quantity.magnitude
        let rise = slope.bounds ?? QuantityRange(magnitude, magnitude, unit: slope.quantity.unit)
        if Self.atLeastZero(rise.low) || Self.atLeastZero(-rise.high) { return .told(StretchCheck(separation: .unproven, monotonic: true), true) }
        let zero = Real(Rational(0), bits: bits)
        let slopeClearly = Solve.clearlyOverlapping(rise.low.real(bits: bits), rise.high.real(bits: bits), zero, zero)
        return .told(StretchCheck(separation: .unproven, monotonic: false), sidesClearly && slopeClearly)
    }

    /// Whether a number is proven 0 or more.
    static func atLeastZero(_ n: Number) -> Bool {
        switch n {
        case .exact(let r): return !r.isNegative
        case .approximate(let x): return x.sign.map { $0 >= 0 } ?? (x.lower.signum >= 0)
        }
    }
}
