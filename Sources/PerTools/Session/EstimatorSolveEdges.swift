import PerNumbers
import PerUnits
import PerLanguage

extension Solve {
    /// The tries an estimator refused that a solve keeps with their reasons: the scan's and a
    /// few bisections'.
    static let maxRefusalsKept = 400
    /// Bisections towards the edge of the values an estimator runs at.
    static let maxEdgeBisections = 64
    /// The edges of the values an estimator runs at that a solve looks for (each up to
    /// `maxEdgeBisections` tries).
    static let maxRefusedEdges = 4
}

/// Where an estimator stops running at an input: the last value tried where it ran, on the
/// side (`below`: it refuses the values under it) where it refused, and why.
struct RefusedEdge {
    let edge: Rational
    let below: Bool
    let reason: Diagnostic?
}

extension Calculator {
    /// A target of a kind the result can never be, refused before the estimator runs (which
    /// may ask for a missing input): a plain number for a percentage reads two ways (0.05 as a
    /// calculation is 5%, as an estimator's input 0.05%), and asks for `%`.
    func checkTargetKind(_ statement: EstimatorSolveStatement) throws(Diagnostic) {
        let (target, result) = (statement.target, statement.result)
        func refuse(_ dimension: Dimension) -> Diagnostic {
            Diagnostic(ArgumentError.solve(.target(result: result.jsonKey, resultDimension: dimension, target: target.dimension)),
                       at: statement.targetRange)
        }
        switch result.unit {
        case .plain:
            if !target.isPlain { throw refuse(.none) }
        case .money:
            if !target.isPlain, !target.dimension.isMoney { throw refuse(.anyMoney) }
        case .unit(let unit):
            if !target.isPlain, target.dimension != unit.dimension { throw refuse(unit.dimension) }
        case .percent:
            let percent = CompoundUnit(UnitTable.percentUnit)
            if target.isPlain, case .exact(let r) = target.magnitude, r.isZero { return }
            if target.isPlain {
                var asCalculation: String? = nil
                if case .exact(let r) = target.magnitude { asCalculation = display(Quantity(.exact(r * Rational(100)), percent)).text }
                throw Diagnostic(ArgumentError.solve(.percentTarget(result: result.jsonKey, asCalculation: asCalculation ?? "…%",
                                                                    asInput: display(Quantity(target.magnitude, percent)).text)),
                                 at: statement.targetRange)
            }
            if !target.isPercentage, target.dimension != percent.dimension { throw refuse(percent.dimension) }
        case .chosen, .word:
            return
        }
    }

    /// The refusal when the scan found no change of sign: none in the range given, or, over
    /// the input's own range, the ends tried (to four digits) with the statement to try.
    func notReached(_ statement: EstimatorSolveStatement, arguments: ArgumentReader, xs: [Rational], unit: CompoundUnit,
                            step: InputStep?, rangeText: String?, commandRange: Range<Int>) -> Diagnostic {
        let (estimator, spec, result) = (statement.estimator, statement.spec, statement.result)
        let from = shownEnd(xs.first ?? 0, step: step, unit: unit), to = shownEnd(xs.last ?? 0, step: step, unit: unit)
        if let rangeText { return Diagnostic(ArgumentError.solve(.noSignChange(range: rangeText)), at: statement.range ?? commandRange) }
        let example = "solve \(estimator.name) \(spec.key) for \(result.jsonKey) = \(arguments.text(statement.targetRange)) in \(from)..\(to)"
        return Diagnostic(ArgumentError.solve(.notReached(key: spec.key, from: from, to: to, example: example)), at: statement.keyRange)
    }

    /// A value tried, to four digits: a range to give, not the scan's own values.
    func shownEnd(_ x: Rational, step: InputStep?, unit: CompoundUnit) -> String {
        if let step { return shownStepped(x, step: step, unit: unit).text }
        guard !x.isZero else { return display(Quantity(.exact(x), unit)).text }
        let places = 3 - NumberDisplay.estimatedExponent(x)
        let scale = places >= 0 ? Rational(BigInt.powerOfTen(places)) : Rational(1) / Rational(BigInt.powerOfTen(-places))
        return display(Quantity(.exact(Rational((x * scale).rounded(.nearest)) / scale), unit)).text
    }

    /// The answers of a scan's points (`estimateRoots`); when there are none and some tries
    /// were refused (`reason`), again with the edges of the values the estimator runs at
    /// added: refused tries end no search. `refusedEdge` is the first such edge, for the
    /// refusal when there is still none.
    func answersPastRefusals(_ points: [Solve.Point], statement: EstimatorSolveStatement, arguments: ArgumentReader, unit: CompoundUnit,
                             step: InputStep?, f: (Rational) throws(Diagnostic) -> Solve.Point, reason: (Rational) -> Diagnostic?)
        throws(Diagnostic) -> (roots: [Solution.Root], found: Int, past: Bool, points: [Solve.Point], refusedEdge: RefusedEdge?) {
        let first = try estimateRoots(points, statement: statement, arguments: arguments, unit: unit, step: step, f: f)
        guard first.roots.isEmpty, step == nil else { return (first.roots, first.found, first.past, points, nil) }
        let widened = try refusedEdges(points, f: f, reason: reason)
        guard let edge = widened.edges.first else { return (first.roots, first.found, first.past, points, nil) }
        let again = try estimateRoots(widened.points, statement: statement, arguments: arguments, unit: unit, step: step, f: f)
        return (again.roots, again.found, again.past, widened.points, edge)
    }

    /// The scan's points with, between each try the estimator refused (`reason`, nil where it
    /// ran without the result) and a neighbour where it gave the result, the edge of the
    /// values where it does: the last such value found by bisection until the digits shown are
    /// certain. An answer between that edge and the neighbour is then found. The reason kept
    /// is the scan's try's, whose value reads as typed, not a bisection's.
    func refusedEdges(_ points: [Solve.Point], f: (Rational) throws(Diagnostic) -> Solve.Point,
                      reason: (Rational) -> Diagnostic?) throws(Diagnostic) -> (points: [Solve.Point], edges: [RefusedEdge]) {
        var added: [Solve.Point] = [], edges: [RefusedEdge] = []
        for (p, q) in zip(points, points.dropFirst()) where (p.sign == nil) != (q.sign == nil) && edges.count < Solve.maxRefusedEdges {
            var (off, on) = p.sign == nil ? (p, q) : (q, p)
            let why = reason(off.x)
            for _ in 0..<Solve.maxEdgeBisections {
                if off.x.isNegative == on.x.isNegative, Solve.knows(digits, from: min(off.x, on.x), to: max(off.x, on.x)) { break }
                let point = try f((off.x + on.x) / Rational(2))
                if point.sign != nil { on = point } else { off = point }
            }
            added.append(on)
            edges.append(RefusedEdge(edge: on.x, below: off.x < on.x, reason: why))
        }
        return ((points + added).sorted { $0.x < $1.x }, edges)
    }

    /// The refusal when no change of sign lies where the estimator ran: those values' ends,
    /// and where and why it refused the rest.
    func notReachedWhereRun(_ statement: EstimatorSolveStatement, points: [Solve.Point], edge: RefusedEdge, unit: CompoundUnit,
                            commandRange: Range<Int>) -> Diagnostic {
        let ran = points.filter { $0.sign != nil }.map(\.x)
        let from = shownEnd(ran.first ?? edge.edge, step: nil, unit: unit), to = shownEnd(ran.last ?? edge.edge, step: nil, unit: unit)
        let refusal = SolveRefusal.notReachedWhereRun(estimator: statement.estimator.name, key: statement.spec.key, from: from, to: to,
                                                      below: edge.below, edge: shownEnd(edge.edge, step: nil, unit: unit),
                                                      reason: edge.reason?.message ?? "it gives no \(statement.result.jsonKey)")
        return Diagnostic(ArgumentError.solve(refusal), at: statement.range ?? statement.keyRange)
    }

    /// An exact hit `on`, or, where the result stays at the target to its left (a dose
    /// rounded to 5 ml), the low end of that stretch: the smallest value that reaches the
    /// target, bisected from `off` (a try to the left off the target) until the digits shown
    /// are certain; held as the shortest decimal there when the result is at the target at it.
    /// `probing`: whether to try first that the result is at the target just left of `on`
    /// (not when a second try at the target is known).
    func lowEnd(of on: Solve.Point, off: Solve.Point?, unit: CompoundUnit, probing: Bool = true,
                f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Solution.Root {
        let hit = Solution.Root(low: on.x, high: on.x, shown: display(Quantity(.exact(on.x), unit)))
        guard let off, off.x < on.x, let sign = off.sign, sign != 0 else { return hit }
        if probing, try f(on.x - (on.x - off.x) / Rational(1024)).sign != 0 { return hit }
        var (a, b) = (off, on)
        for _ in 0..<Solve.maxEstimatorBisections {
            if a.x.isNegative == b.x.isNegative, Solve.knows(digits, from: a.x, to: b.x) { break }
            let point = try f((a.x + b.x) / Rational(2))
            guard point.sign != nil else { break }
            if point.sign == 0 { b = point } else { a = point }
        }
        let simple = Solve.shortestDecimal(from: a.x, to: b.x)
        let atSimple = simple == b.x ? true : try f(simple).sign == 0
        if simple != a.x, atSimple {
            return Solution.Root(low: simple, high: simple, shown: display(Quantity(.exact(simple), unit)))
        }
        return Solution.Root(low: b.x, high: b.x, shown: display(Quantity(.approximate(Real(lower: a.x, upper: b.x)), unit)))
    }

    /// The smallest value of a stepped input at which the result has reached the target: the
    /// first try where it equals the target or has passed it (its sign is not the first
    /// try's), then bisection over the steps down to it. A result that stays at the target
    /// (an account empty from some month on) gives the first month it does. Shown in the
    /// step's unit when it is not whole (`3 months`). Past the target already at the first try
    /// and moving away from it, that try, `past`. Nil when none reaches it.
    func steppedAnswer(_ points: [Solve.Point], step: InputStep, unit: CompoundUnit,
                       f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> (root: Solution.Root, past: Bool)? {
        func answer(_ point: Solve.Point) -> Solution.Root {
            Solution.Root(low: point.x, high: point.x, shown: shownStepped(point.x, step: step, unit: unit))
        }
        guard let before = points.first(where: { $0.sign != nil })?.sign else { return nil }
        // A result too close to the target to tell from it (a balance compounded yearly at
        // its year's end, 1050.00 of 1050) has reached it.
        func reached(_ point: Solve.Point) -> Bool { point.defined && point.sign.map { before == 0 || $0 != before } ?? point.defined }
        guard let hit = points.firstIndex(where: reached) else {
            // Past the target from the first try on, moving away from it: the target lies
            // before the lowest value searched, which is the smallest that reaches it.
            let defined = points.filter { $0.sign != nil }
            guard before != 0, points.first?.sign != nil, defined.count >= 2, defined.allSatisfy({ $0.sign == before }),
                  defined[1].log2Size > defined[0].log2Size else { return nil }
            return (answer(defined[0]), true)
        }
        var b = points[hit]
        if var a = points[..<hit].last(where: { $0.sign == before }) {
            while b.x - a.x > step.size {
                let middle = Rational(((a.x + b.x) / Rational(2) / step.size).rounded(.down)) * step.size
                let point = try f(middle)
                guard point.defined else { break }
                if reached(point) { b = point } else { a = point }
            }
        }
        return (answer(b), false)
    }

    /// A value of a stepped input as its whole units and steps: `9 years 8 months`, `3 months`.
    func shownStepped(_ x: Rational, step: InputStep, unit: CompoundUnit) -> DisplayedQuantity {
        let whole = Rational(x.rounded(.down)), steps = (x - whole) / step.size
        let plain = display(Quantity(.exact(x), unit))
        if steps.isZero || x.isNegative { return plain }
        let rest = display(Quantity(.exact(steps), step.unit)).text
        let text = whole.isZero ? rest : display(Quantity(.exact(whole), unit)).text + " " + rest
        // The unit stays the input's, which JSON's low and high are in.
        return DisplayedQuantity(number: DisplayedNumber(text: text, isExact: true), text: text, unit: plain.unit)
    }
}
