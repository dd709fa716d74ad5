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

    /// The two sides with the unknown bound to `value`, or to the range `bounds`.
    private func sidesAt(_ value: Quantity, bounds: QuantityRange? = nil, parts: SolveParts, evaluator: Evaluator,
                         context: EvaluationContext) throws(Diagnostic) -> (Quantity, Quantity) {
        let bound = evaluator.binding(parts.name, to: value, bounds: bounds, in: context)
        let left = try Parser.expression(parts.left, builder: bound)
        let right = try Parser.expression(parts.right, builder: bound)
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
    /// sides apart or the difference monotonic over it (`monotonic`), it is halved on
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
              f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> (points: [Solve.Point], unexamined: Rational?, proven: Bool) {
        var tries = SolveTries()
        let step = (high - low) / Rational(Solve.scanSteps)
        func end(_ index: Int) -> Rational { index == Solve.scanSteps ? high : low + step * Rational(index) }
        // The sides over a…b, and the difference's slope, in one pass (`checked`).
        func check(_ a: Rational, _ b: Rational) -> StretchCheck {
            if let polynomial { return polynomial.check(low: a, high: b) }
            if tries.refused { return StretchCheck(separation: .refused, monotonic: nil) }
            let check = checked(low: a, high: b, unit: unit, parts: parts, evaluator: evaluator)
            if check.separation == .refused { tries.refused = true }
            return check
        }
        // Whether the stretch a…b is proven to hold no root: apart, or monotonic with the
        // same sign at both ends, in every piece it was halved into.
        @discardableResult
        func look(_ a: Solve.Point, _ b: Solve.Point, depth: Int) throws(Diagnostic) -> Bool {
            guard a.defined, b.defined, let sa = a.sign, let sb = b.sign else { return false }
            // Two zeros side by side are left as they are.
            if sa == 0 && sb == 0 { return false }
            let crossing = sa != 0 && sb != 0 && sa != sb
            // Halved as far as it goes: a change of sign there that range arithmetic bounds but
            // cannot show monotonic (a root where the sides only touch as they cross, as
            // (x − 1)^3 = 0's) may be several roots; one sign at both ends (or a zero at one),
            // not proven apart nor monotonic, may hide two roots closer than the halvings go
            // (x = 1 and 1 + 1e-20), or one where the sides only touch: there may be more.
            if depth >= Solve.maxRefinementDepth {
                let check = check(a.x, b.x)
                if crossing {
                    if check.separation == .unproven, check.monotonic == false { tries.leave(at: a.x) }
                } else if check.separation != .apart, check.separation != .refused, check.monotonic != true {
                    tries.leave(at: a.x)
                }
                return false
            }
            // Tries spent, the rest is left as the scan found it: there may be more roots there.
            guard tries.budget > 0 else { tries.leave(at: a.x); return false }
            guard !tries.isFull else {
                if !crossing { tries.leave(at: a.x) }
                return false
            }
            tries.budget -= 1
            let check = check(a.x, b.x)
            switch check.separation {
            case .apart: return true
            case .refused: return false
            case .unproven:
                // Monotonic, a stretch holds the one root its change of sign shows, or none.
                // Without a derivative rule a change of sign is taken for one root.
                tries.budget -= 1
                switch check.monotonic {
                case true?: return sa == sb && sa != 0
                case nil: if crossing { return false }
                case false?: break
                }
            // A pole in the stretch may hide more beside it (`tan(x) = 1` has a root on each
            // side of each pole): halved as deep as `Solve.maxPoleDepth`, where a change of
            // sign is taken for the pole's.
            case .unbounded:
                if depth >= Solve.maxPoleDepth {
                    if !crossing { tries.leave(at: a.x) }
                    return false
                }
            }
            tries.budget -= 1
            let middle = try cut(a.x, b.x, probing: !crossing && depth % Solve.touchProbeInterval == Solve.touchProbeInterval - 1)
            let before = try look(a, middle, depth: depth + 1)
            tries.add(middle)
            let after = try look(middle, b, depth: depth + 1)
            return before && after && middle.sign != 0
        }
        // Where a stretch is halved: its middle. A root where the sides only touch shows no
        // change of sign, so a stretch with none that is not proven clear (`probing`) has
        // the shortest decimal in it tried first: where the sides are exactly equal there,
        // it is a root, proven, and the stretch is cut there.
        func cut(_ a: Rational, _ b: Rational, probing: Bool) throws(Diagnostic) -> Solve.Point {
            if probing {
                let simplest = Solve.shortestDecimal(from: a, to: b)
                if simplest != a, simplest != b {
                    let point = try f(simplest)
                    if point.sign == 0 { return point }
                }
            }
            return try f((a + b) / Rational(2))
        }
        // The try at x, the low end of a stretch: the last one made where it is there.
        func tried(_ x: Rational) throws(Diagnostic) -> Solve.Point {
            if let last = tries.points.last, last.x == x { return last }
            let point = try f(x)
            tries.add(point)
            return point
        }
        func explore(_ first: Int, _ count: Int) throws(Diagnostic) {
            try evaluator.context.checkedInterruption(at: parts.nameRange)
            guard !tries.isFull else { return tries.leave(at: end(first)) }
            if count > 1, !tries.refused {
                let check = check(end(first), end(first + count))
                switch check.separation {
                case .apart: return
                case .unproven, .unbounded:
                    // Monotonic, the stretch holds a root only where its ends' signs (proven,
                    // not 0) differ: tried at its ends, not halved. (A difference whose
                    // slope is 0 throughout is 0 at both ends, and halved on.)
                    if check.monotonic == true {
                        let a = try tried(end(first))
                        let b = try f(end(first + count))
                        if a.defined, b.defined, let sa = a.sign, let sb = b.sign, sa != 0, sb != 0 {
                            if sa != sb { tries.proven = false }
                            return tries.add(b)
                        }
                    }
                    try explore(first, count / 2)
                    return try explore(first + count / 2, count - count / 2)
                case .refused: break
                }
            }
            for index in first..<(first + count) {
                guard !tries.isFull else { return tries.leave(at: end(index)) }
                let a = try tried(end(index))
                let b = try f(end(index + 1))
                if try !look(a, b, depth: 0) { tries.proven = false }
                tries.add(b)
            }
        }
        if let grid, let first = grid.first {
            tries.add(first)
            tries.proven = true
            for (a, b) in zip(grid, grid.dropFirst()) {
                try evaluator.context.checkedInterruption(at: parts.nameRange)
                guard !tries.isFull else { tries.leave(at: a.x); break }
                if try !look(a, b, depth: 0) { tries.proven = false }
                tries.add(b)
            }
            return (tries.points, tries.unexamined, tries.proven && tries.points.allSatisfy { $0.sign != 0 })
        }
        // The low end first: it checks the sides' dimensions before any range is worked out.
        tries.add(try f(low))
        tries.proven = true
        try explore(0, Solve.scanSteps)
        return (tries.points, tries.unexamined, tries.proven && tries.points.allSatisfy { $0.sign != 0 })
    }

    /// Both sides over the unknown's range `bounds`, each as a range (a side that does not
    /// depend on the unknown is a range of one value).
    private func sidesRange(_ bounds: QuantityRange, parts: SolveParts, evaluator: Evaluator) throws(Diagnostic) -> (QuantityRange, QuantityRange) {
        let middle = Quantity(.exact((bounds.low.nearestRational + bounds.high.nearestRational) / Rational(2)), bounds.unit)
        let bound = evaluator.binding(parts.name, to: middle, bounds: bounds, in: evaluator.context)
        let left = try Parser.expression(parts.left, builder: bound)
        let right = try Parser.expression(parts.right, builder: bound)
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
            let operand = try Parser.expression(source.slice(part), builder: evaluator)
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

/// The tries of a scan so far, in order, and what it has left to spend.
struct SolveTries {
    var points: [Solve.Point] = []
    /// Tries where f is 0 and changes of sign between neighbours so far.
    private(set) var found = 0
    private var lastSign: Int? = nil
    var budget = Solve.maxRefinements
    var unexamined: Rational? = nil
    var refused = false
    var proven = false

    /// Past twice `Solve.maxRoots` roots or changes of sign (a change at a pole is none),
    /// the rest is left.
    var isFull: Bool { found > 2 * Solve.maxRoots }

    mutating func add(_ point: Solve.Point) {
        points.append(point)
        guard let sign = point.sign else {
            if !point.defined { lastSign = nil }
            return
        }
        if sign == 0 {
            found += 1
            lastSign = nil
            return
        }
        if let lastSign, lastSign != sign { found += 1 }
        lastSign = sign
    }

    /// Where the first stretch not looked into starts.
    mutating func leave(at x: Rational) {
        if unexamined == nil { unexamined = x }
    }
}
