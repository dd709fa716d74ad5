import PerNumbers
import PerUnits
import PerLanguage

/// How `solve EXPR = EXPR for NAME` evaluates its two sides: at one value of the unknown, as
/// ranges over an interval of it (to prove the sides apart, or to look inside a step for two
/// roots close together), and the range written after `in`.
extension Calculator {
    /// f at `x` (in `unit`): both sides evaluated with the unknown bound to x, the right
    /// converted to the left's unit, their order decided by their bounds: first at
    /// `Solve.quickPrecision`, which decides most signs, then at the context's precision and
    /// four times it when too close to call (bounds are proven at any precision; fewer bits
    /// only leave more undecided). An arithmetic failure at x (a division by 0, a root of a
    /// negative) leaves the sign unknown; any other problem is the statement's.
    func solvePoint(_ x: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator, checkDimensions: Bool,
                            rangeGiven: Range<Int>?, source: StatementSource) throws(Diagnostic) -> Solve.Point {
        let value = Quantity(.exact(x), unit)
        var unknown = Solve.Point(x: x, sign: nil, exact: nil, log2Size: .infinity)
        let standard = evaluator.context.precision
        let precisions = standard > Solve.quickPrecision ? [Solve.quickPrecision, standard, 4 * standard] : [standard, 4 * standard]
        for (attempt, precision) in precisions.enumerated() {
            let context = evaluator.context.with(precision: precision)
            let quick = attempt == 0 && precisions.count == 3
            let sides: (Quantity, Quantity)
            do {
                sides = try sidesAt(value, parts: parts, evaluator: evaluator, context: context)
            } catch {
                if error.problem.isCancellation { throw error }
                // A value lost in rounding at few bits may be found with more.
                if quick, Self.isLocal(error.problem) { continue }
                if Self.isLocal(error.problem) {
                    unknown.defined = false
                    return unknown
                }
                throw error
            }
            let (left, right) = sides
            let converted: Quantity
            do throws(QuantityError) {
                converted = try QuantityMath.convert(right, to: left.unit, rates: rates, in: context)
            } catch {
                guard checkDimensions else { return unknown }
                throw unlike(left, right, parts: parts, evaluator: evaluator, value: value, rangeGiven: rangeGiven, error: error)
            }
            let a = left.magnitude, b = converted.magnitude
            let size = Solve.log2Distance(a, b, bits: context.precision)
            if case .exact(let p) = a, case .exact(let q) = b {
                let difference = p - q
                return Solve.Point(x: x, sign: difference.signum, exact: difference, log2Size: size)
            }
            if let order = a.order(comparedTo: b, bits: context.precision) {
                return Solve.Point(x: x, sign: order, exact: nil, log2Size: size)
            }
        }
        return unknown
    }

    /// The problem the sides meet with the unknown at x (a division by 0 in a side that has
    /// no value at any try), at its column as evaluation shows it; nil where they have values.
    func sideProblem(at x: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator) -> Diagnostic? {
        do {
            _ = try sidesAt(Quantity(.exact(x), unit), parts: parts, evaluator: evaluator, context: evaluator.context)
            return nil
        } catch {
            return error.problem.isCancellation ? nil : error
        }
    }

    /// The two sides with the unknown bound to `value`, or to the range `bounds`.
    private func sidesAt(_ value: Quantity, bounds: QuantityRange? = nil, parts: SolveParts, evaluator: Evaluator,
                         context: EvaluationContext) throws(Diagnostic) -> (Quantity, Quantity) {
        let bound = evaluator.binding(parts.name, to: value, bounds: bounds, in: context)
        let left = try Parser.expression(parts.left, builder: bound, depth: Solve.parseDepth)
        let right = try Parser.expression(parts.right, builder: bound, depth: Solve.parseDepth)
        for (side, operand) in [(parts.left, left), (parts.right, right)] {
            if operand.quantity.unit.isDate {
                throw Diagnostic(ArgumentError.solve(.notANumber("a date")), at: Self.trimmed(side))
            }
            if bounds == nil, operand.isRange {
                throw Diagnostic(ArgumentError.solve(.notANumber("a range with a tolerance")), at: Self.trimmed(side))
            }
            if operand.isList { throw Diagnostic(ArgumentError.solve(.notANumber("a list")), at: Self.trimmed(side)) }
        }
        return (left.quantity, right.quantity)
    }

    /// The refusal when the sides differ in dimension: the range's fault when the unknown as
    /// a plain number leaves them otherwise unlike, else the equation's.
    private func unlike(_ left: Quantity, _ right: Quantity, parts: SolveParts, evaluator: Evaluator, value: Quantity,
                        rangeGiven: Range<Int>?, error: QuantityError) -> Diagnostic {
        if let rangeGiven, !value.isPlain,
           let plain = try? sidesAt(Quantity(value.magnitude), parts: parts, evaluator: evaluator, context: evaluator.context),
           plain.0.dimension != left.dimension || plain.1.dimension != right.dimension {
            return Diagnostic(ArgumentError.solve(.rangeDimension(name: parts.name, range: value.dimension, left: left.dimension,
                                                                  right: right.dimension)), at: rangeGiven)
        }
        if left.dimension == right.dimension { return Diagnostic(error, at: Self.trimmed(parts.right)) }
        return Diagnostic(ArgumentError.solve(.unlike(left: left.dimension, right: right.dimension)), at: Self.trimmed(parts.right))
    }

    /// Whether a problem met at one value of the unknown belongs to that value (no value
    /// there), not to the equation.
    private static func isLocal(_ problem: Problem) -> Bool {
        switch problem {
        case .arithmetic: return true
        case .quantity(.arithmetic): return true
        case .inFunction(_, let inner): return isLocal(inner)
        default: return false
        }
    }

    /// Whether worst-case range arithmetic proves the sides apart in every subinterval.
    /// False when it cannot tell, or refuses the expression (a function of your own, `mod`).
    func provenAbsent(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, polynomial: SolvePolynomial?, evaluator: Evaluator,
                      commandRange: Range<Int>) throws(Diagnostic) -> Bool {
        let step = (high - low) / Rational(Solve.scanSteps)
        for i in 0..<Solve.scanSteps {
            try evaluator.context.checkedInterruption(at: commandRange)
            let a = low + step * Rational(i), b = i == Solve.scanSteps - 1 ? high : low + step * Rational(i + 1)
            let separation = polynomial.map { $0.check(low: a, high: b).separation }
                ?? apart(low: a, high: b, unit: unit, parts: parts, evaluator: evaluator)
            if separation != .apart { return false }
        }
        return true
    }

    /// Whether worst-case range arithmetic gives both sides as one and the same exact value
    /// for every value of the unknown in low…high (floor(x) and 2 over 2.1…2.9): the
    /// equation holds over the whole stretch.
    func equalThroughout(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator) -> Bool {
        guard let sides = try? sidesRange(QuantityRange(.exact(low), .exact(high), unit: unit), parts: parts, evaluator: evaluator),
              case .exact(let l0) = sides.0.low, case .exact(let l1) = sides.0.high, l0 == l1,
              let r0 = try? QuantityMath.convert(sides.1.lowQuantity, to: sides.0.unit, rates: rates).magnitude,
              let r1 = try? QuantityMath.convert(sides.1.highQuantity, to: sides.0.unit, rates: rates).magnitude,
              case .exact(let e0) = r0, case .exact(let e1) = r1 else { return false }
        return e0 == l0 && e1 == l0
    }

    /// What worst-case range arithmetic tells of the sides over a stretch of the unknown.
    enum Separation: Equatable {
        /// Apart for every value in it: no root there.
        case apart
        /// Not proven apart (a root may be there): halves may tell more.
        case unproven
        /// No bound over it (a pole, a division by a range holding 0): halves may tell more,
        /// and a change of sign across it may hide others beside it (`tan`).
        case unbounded
        /// The expression takes no range (a function of your own, `mod`): no stretch ever tells.
        case refused
    }

    /// Whether worst-case range arithmetic proves the sides apart for every value of the
    /// unknown in low…high.
    /// Worked out at `Solve.quickPrecision` first: wider bounds at fewer bits may leave
    /// the sides unproven apart, never prove them so falsely.
    /// The standard precision is tried only when the quick bounds are not clearly
    /// overlapping (`Solve.clearlyOverlapping`): bounds that overlap by far more than the
    /// rounding at the quick precision overlap at any precision, since every precision's
    /// bounds hold the same exact range.
    func apart(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, evaluator: Evaluator) -> Separation {
        if evaluator.context.precision > Solve.quickPrecision {
            let quick = evaluator.with(context: evaluator.context.with(precision: Solve.quickPrecision))
            let (separation, clearly) = separated(low: low, high: high, unit: unit, parts: parts, evaluator: quick)
            if separation == .apart || separation == .refused || clearly { return separation }
        }
        return separated(low: low, high: high, unit: unit, parts: parts, evaluator: evaluator).separation
    }

    /// `apart` at the evaluator's precision, and whether the sides' bounds clearly overlap.
    private func separated(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts,
                           evaluator: Evaluator) -> (separation: Separation, clearly: Bool) {
        let bounds = QuantityRange(.exact(low), .exact(high), unit: unit)
        let sides: (QuantityRange, QuantityRange)
        do {
            sides = try sidesRange(bounds, parts: parts, evaluator: evaluator)
        } catch {
            if case .range(.unsupported) = error.problem { return (.refused, true) }
            return (.unbounded, false)
        }
        guard let r0 = try? QuantityMath.convert(sides.1.lowQuantity, to: sides.0.unit, rates: rates).magnitude,
              let r1 = try? QuantityMath.convert(sides.1.highQuantity, to: sides.0.unit, rates: rates).magnitude else { return (.unproven, false) }
        let l = sides.0
        let below = l.high.order(comparedTo: r0) == -1 && l.high.order(comparedTo: r1) == -1
        let above = l.low.order(comparedTo: r0) == 1 && l.low.order(comparedTo: r1) == 1
        if below || above { return (.apart, false) }
        let bits = evaluator.context.precision
        return (.unproven, Solve.clearlyOverlapping(l.low.real(bits: bits), l.high.real(bits: bits), r0.real(bits: bits), r1.real(bits: bits)))
    }

    /// The tries of a range in order, for `Solve.signChanges`: the range is halved depth
    /// first from the left while worst-case range arithmetic cannot keep the sides apart, a
    /// stretch it proves apart holding no root and needing no try; at `Solve.scanSteps`
    /// stretches a range, each one's ends are tried and, unless range arithmetic proves the
    /// sides apart or the difference monotonic over it (`checked`), it is halved on
    /// (`look`) to find roots close together (`x(x − 0.001) = 0` has two in a stretch of
    /// 0.008, `sin(x) = 0.5` two in each of 4, `sin(1/x) = 0` nine in 0.01..0.0139, whose
    /// ends change sign), within `Solve.maxRefinements` tries; where they run out, there
    /// may be more. An expression that takes no range (a function of your own) has every stretch
    /// tried and none looked into. It stops past twice `Solve.maxRoots` changes of sign;
    /// `unexamined` is where: there may be more roots past it. `proven` says every stretch
    /// was proven apart, or monotonic with one sign at its ends: no root anywhere.
    ///
    /// With a `grid` (the outward search's tries, in order), its stretches are looked into
    /// in turn instead.
    func scan(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, polynomial: SolvePolynomial?, evaluator: Evaluator,
              grid: [Solve.Point]? = nil,
              f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> (points: [Solve.Point], unexamined: Rational?, proven: Bool, held: [(Rational, Rational)]) {
        // The sides over a stretch, and the difference's slope, in one pass (`checked`), or
        // the polynomial's exact bounds.
        let stretch: (Rational, Rational) -> StretchCheck
        if let polynomial {
            stretch = { polynomial.check(low: $0, high: $1) }
        } else {
            stretch = { [self] in checked(low: $0, high: $1, unit: unit, parts: parts, evaluator: evaluator) }
        }
        var scan = SolveScan(low: low, high: high, stretch: stretch, context: evaluator.context, blame: parts.nameRange)
        if polynomial == nil { scan.equal = { [self] in equalThroughout(low: $0, high: $1, unit: unit, parts: parts, evaluator: evaluator) } }
        if let grid {
            try scan.walk(grid, f: f)
        } else {
            try scan.whole(f: f)
        }
        return (scan.tries.points, scan.tries.unexamined, scan.tries.proven && scan.tries.points.allSatisfy { $0.sign != 0 }, scan.tries.held)
    }

    /// Both sides over the unknown's range `bounds`, each as a range (a side that does not
    /// depend on the unknown is a range of one value).
    private func sidesRange(_ bounds: QuantityRange, parts: SolveParts, evaluator: Evaluator) throws(Diagnostic) -> (QuantityRange, QuantityRange) {
        let middle = Quantity(.exact((bounds.low.nearestRational + bounds.high.nearestRational) / Rational(2)), bounds.unit)
        let bound = evaluator.binding(parts.name, to: middle, bounds: bounds, in: evaluator.context)
        let left = try Parser.expression(parts.left, builder: bound, depth: Solve.parseDepth)
        let right = try Parser.expression(parts.right, builder: bound, depth: Solve.parseDepth)
        for (side, operand) in [(parts.left, left), (parts.right, right)] where operand.isList {
            throw Diagnostic(ArgumentError.solve(.notANumber("a list")), at: Self.trimmed(side))
        }
        func range(_ operand: Evaluator.Operand) -> QuantityRange {
            operand.bounds ?? QuantityRange(operand.quantity.magnitude, operand.quantity.magnitude, unit: operand.quantity.unit)
        }
        return (range(left), range(right))
    }

    /// `A..B` after `in`: both ends in A's unit (a plain end takes the other's), as exact
    /// values (an approximate end by the middle of its bounds).
    func rangeEnds(_ source: StatementSource, _ range: Range<Int>, evaluator: Evaluator) throws(Diagnostic)
        -> (Rational, Rational, CompoundUnit, fromRange: Range<Int>, toRange: Range<Int>) {
        let scalars = source.scalars
        guard let dots = range.dropLast().first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) else {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "a range is A..B")), at: range)
        }
        // `0...5` is no range (read as 0..0.5 it would prove a false "no solution").
        if dots + 2 < range.upperBound, scalars[dots + 2] == "." {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "a range is A..B, with two dots")), at: dots..<(dots + 3))
        }
        let fromRange = range.lowerBound..<dots, toRange = (dots + 2)..<range.upperBound
        func end(_ part: Range<Int>) throws(Diagnostic) -> Quantity {
            guard source.slice(part).scalars.contains(where: { !StatementSource.isBlank($0) }) else {
                throw Diagnostic(ArgumentError.solve(.shape(missing: "a range is A..B")), at: range)
            }
            let operand = try Parser.expression(source.slice(part), builder: evaluator, depth: Solve.parseDepth)
            if operand.isRange || operand.isList || operand.quantity.unit.isDate {
                throw Diagnostic(ArgumentError.solve(.notANumber(operand.isRange ? "a range with a tolerance" : operand.isList ? "a list" : "a date")),
                                 at: part)
            }
            return operand.quantity
        }
        var from = try end(fromRange), to = try end(toRange)
        if from.isPlain, !to.isPlain { from.unit = to.unit }
        if to.isPlain, !from.isPlain { to.unit = from.unit }
        do throws(QuantityError) {
            to = try QuantityMath.convert(to, to: from.unit, rates: rates)
        } catch {
            throw Diagnostic(error, at: range)
        }
        // An end that is not exact (sqrt(2), pi) widens the range to its bounds, so that a root
        // at the end is inside it: its nearest rational may fall just short of the root.
        func end(_ number: Number, upper: Bool) -> Rational {
            guard case .approximate(let bounds) = number else { return number.nearestRational }
            return upper ? bounds.upper : bounds.lower
        }
        return (end(from.magnitude, upper: false), end(to.magnitude, upper: true), from.unit, fromRange, toRange)
    }
}
