import PerNumbers
import PerUnits
import PerLanguage

extension Solve {
    /// Points a bounded range is scanned at for changes of sign (an estimator solve).
    package static let estimatorScanSteps = 32
    /// The powers of two an open-ended range is scanned over, from its end or the input's value.
    static let ladder = -12...40

    /// Whether `solve ESTIMATOR …` is meant rather than an equation: the first word names an
    /// estimator and a word follows it (`solve cooling cycles for bleed = 3`).
    package static func namesEstimator(_ source: StatementSource) -> Bool {
        let words = source.words
        guard words.count >= 2, !words[0].isQuoted, EstimatorCommand(rawValue: words[0].text.lowercased()) != nil,
              let first = words[1].text.unicodeScalars.first else { return false }
        return first.properties.isAlphabetic
    }
}

extension Calculator {
    /// `solve ESTIMATOR [KEY=VALUE…] KEY for RESULT = VALUE [in A..B]`: the value of the input
    /// KEY at which the estimate's RESULT equals VALUE, the other inputs as kept (or given
    /// inline), then the estimate at that value. Each try runs on a copy of `estimates`:
    /// nothing is kept.
    ///
    /// The answer is proven as the expression solve's is: the result minus the target has a
    /// proven sign (exact values compared exactly, approximate ones by their bounds) at two
    /// tried values and the signs differ; bisection narrows that bracket until the shown
    /// digits are certain. An input whose values come in steps (`Estimator.steppedInputs`)
    /// gives the smallest such value past the change of sign.
    package func solveEstimate(_ arguments: ArgumentReader, estimates: Estimates) throws(Diagnostic) -> Outcome {
        let statement = try Self.estimatorSolveStatement(arguments)
        let (estimator, spec, result) = (statement.estimator, statement.spec, statement.result)
        let commandRange = arguments.commandRange
        let context = arguments.evaluator.context.remembering()
        let fixed = ArgumentReader(statement.fixed.source, command: estimator.name, commandRange: statement.fixed.commandRange,
                                   evaluator: statement.fixed.evaluator.with(context: context))
        let step = estimator.steppedInputs[spec.key]
        try checkTarget(statement, arguments: arguments)

        let searched = try searchedRange(statement, arguments: arguments, estimates: estimates)
        let (unit, current, rangeText) = (searched.unit, searched.current, searched.text)

        // The target, in the result's unit once the first estimate gives that unit.
        var targetIn: [CompoundUnit: Number] = [:]
        func targetMagnitude(_ value: Quantity) throws(Diagnostic) -> Number {
            if let known = targetIn[value.unit] { return known }
            let converted = try self.target(statement, in: value, context: context)
            targetIn[value.unit] = converted
            return converted
        }

        // One try: the estimate at x, and the sign of its result minus the target.
        var firstError: Diagnostic? = nil
        // The tries the estimator refused, with why (few: the scan's, and a bisection's to an edge).
        var refusals: [(x: Rational, error: Diagnostic)] = []
        var seen: Number? = nil, moved = false, ran = false
        func f(_ x: Rational) throws(Diagnostic) -> Solve.Point {
            try context.checkedInterruption(at: commandRange)
            var scratch = estimates
            let made: Outcome
            do throws(Diagnostic) {
                made = try scratch.run(estimator, fixed, supplied: [spec.key: .quantity(Quantity(.exact(x), unit))], rates: rates,
                                       showsTables: false)
            } catch {
                if error.problem.isCancellation { throw error }
                if firstError == nil { firstError = error }
                if refusals.count < Solve.maxRefusalsKept { refusals.append((x, error)) }
                return Solve.Point(x: x, sign: nil, exact: nil, log2Size: .infinity, defined: false)
            }
            if case .estimate = made { ran = true }
            guard case .estimate(let estimate) = made, let value = estimate.result(result.name),
                  let number = value.number, let quantity = value.quantity(money: estimate.currency) else {
                return Solve.Point(x: x, sign: nil, exact: nil, log2Size: .infinity, defined: false)
            }
            if let seen, seen != number { moved = true }
            if seen == nil { seen = number }
            let goal = try targetMagnitude(quantity)
            let size = Solve.log2Distance(number, goal, bits: context.precision)
            if case .exact(let p) = number, case .exact(let q) = goal {
                return Solve.Point(x: x, sign: (p - q).signum, exact: p - q, log2Size: size)
            }
            return Solve.Point(x: x, sign: number.order(comparedTo: goal, bits: context.precision), exact: nil, log2Size: size)
        }

        // The values scanned, in order.
        let xs = Self.scanPoints(lower: searched.lower, lowerOpen: searched.lowerOpen, upper: searched.upper, upperOpen: searched.upperOpen,
                                 current: current.flatMap { (try? Estimates.magnitude($0, in: unit, rates: rates, at: commandRange))?.nearestRational },
                                 step: step?.size)
        var points: [Solve.Point] = []
        for x in xs { points.append(try f(x)) }
        try checkScan(points, statement: statement, ran: ran, moved: moved, firstError: firstError)

        let answers = try answersPastRefusals(points, statement: statement, arguments: arguments, unit: unit, step: step, f: f) { x in
            refusals.first { $0.x == x }?.error
        }
        guard let root = answers.roots.first else {
            throw answers.refusedEdge.map { notReachedWhereRun(statement, points: answers.points, edge: $0, unit: unit, commandRange: commandRange) }
                ?? notReached(statement, arguments: arguments, xs: xs, unit: unit, step: step, rangeText: rangeText, commandRange: commandRange)
        }
        var solution = Solution(name: spec.key, roots: answers.roots, mayBeMore: answers.found > Solve.maxRoots)
        if answers.past {
            solution.note = "\(result.jsonKey) is already past \(arguments.text(statement.targetRange)) at \(spec.key) \(root.shown.text), "
                + "the lowest value searched: the smallest that reaches it"
        }
        return .solution(try answered(solution, statement: statement, fixed: fixed, estimates: estimates, unit: unit, step: step))
    }

    /// Refuses a target of the wrong kind for the result, and one the result never reaches
    /// (a blowdown of 0).
    private func checkTarget(_ statement: EstimatorSolveStatement, arguments: ArgumentReader) throws(Diagnostic) {
        try checkTargetKind(statement)
        let result = statement.result
        if let reason = statement.estimator.aboveZero[result.name], statement.target.magnitude <= 0 {
            throw Diagnostic(ArgumentError.solve(.aboveZero(result: result.jsonKey, target: arguments.text(statement.targetRange), reason: reason)),
                             at: statement.targetRange)
        }
    }

    /// Refuses a scan that tells nothing: the result given at no try (the estimator ran but
    /// has no such figure there), every try refused (the first refusal), or the result the
    /// same at every try.
    private func checkScan(_ points: [Solve.Point], statement: EstimatorSolveStatement, ran: Bool, moved: Bool,
                           firstError: Diagnostic?) throws(Diagnostic) {
        let (estimator, result) = (statement.estimator, statement.result)
        let defined = points.filter { $0.sign != nil }
        if defined.isEmpty, ran {
            throw Diagnostic(ArgumentError.solve(.notGiven(estimator: estimator.name, result: result.jsonKey, summary: result.summary)),
                             at: statement.resultRange)
        }
        if defined.isEmpty, let firstError { throw firstError }
        if defined.count >= 2, !moved {
            throw Diagnostic(ArgumentError.solve(.notMoved(key: statement.spec.key, result: result.jsonKey)), at: statement.resultRange)
        }
    }

    /// The target in the unit of the result `value`: money without a currency (invest
    /// without one) takes a target in any currency, or none; a target of another kind is
    /// refused, as a conversion fails.
    private func target(_ statement: EstimatorSolveStatement, in value: Quantity, context: EvaluationContext) throws(Diagnostic) -> Number {
        let (target, result) = (statement.target, statement.result)
        let converted: Number
        if target.isPlain || (result.unit == .money && value.isPlain && target.dimension.isMoney) {
            converted = target.magnitude
        } else if value.isPlain {
            throw Diagnostic(ArgumentError.solve(.target(result: result.jsonKey,
                                                         resultDimension: value.dimension,
                                                         target: target.dimension)), at: statement.targetRange)
        } else {
            do throws(QuantityError) {
                converted = try QuantityMath.convert(target, to: value.unit, rates: rates, in: context).magnitude
            } catch {
                throw Diagnostic(ArgumentError.solve(.target(result: result.jsonKey, resultDimension: value.dimension,
                                                             target: target.dimension)), at: statement.targetRange)
            }
        }
        return converted
    }

    /// The answers a scan's points hold: a stepped input's smallest value that reaches the
    /// target, else each exact hit (the low end of a stretch at the target) and each change
    /// of sign narrowed (up to `Solve.maxRoots`, `found` counting them all). A result that
    /// only steps across the target is refused. `past`: a stepped input's lowest value
    /// searched is already past the target.
    func estimateRoots(_ points: [Solve.Point], statement: EstimatorSolveStatement, arguments: ArgumentReader, unit: CompoundUnit,
                               step: InputStep?, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic)
        -> (roots: [Solution.Root], found: Int, past: Bool) {
        if let step {
            let answer = try steppedAnswer(points, step: step, unit: unit, f: f)
            return (answer.map { [$0.root] } ?? [], 0, answer?.past ?? false)
        }
        // A result that stays at the target over a stretch (an account emptied by larger
        // withdrawals) answers with the stretch's edges, not with each value tried in it.
        let (flat, edges) = try flatEdges(points, unit: unit, f: f)
        let changes = Solve.signChanges(in: flat)
        var roots = edges
        for zero in changes.zeros {
            let off = flat.last { $0.x < zero.x && $0.sign != nil && $0.sign != 0 }
            roots.append(try lowEnd(of: zero, off: off, unit: unit, f: f))
        }
        var jumps: [Solution.Root] = []
        for (a, b) in changes.brackets {
            let narrowed = try narrowedEstimate(a, b, unit: unit, f: f)
            if narrowed.isJump { jumps.append(narrowed.root) } else { roots.append(narrowed.root) }
        }
        roots.sort { $0.low < $1.low }
        if roots.isEmpty, let jump = jumps.first {
            throw Diagnostic(ArgumentError.solve(.jump(result: statement.result.jsonKey, target: arguments.text(statement.targetRange),
                                                       key: statement.spec.key, at: (jump.shown.isExact ? "" : "≈ ") + jump.shown.text)),
                             at: statement.targetRange)
        }
        return (roots, changes.found, false)
    }

    /// The scan's points with each run of two or more where the result equals the target
    /// replaced by a try without a value (no change of sign spans it), and each such run's
    /// edges beside a try that does not, bisected until the digits shown are certain.
    private func flatEdges(_ points: [Solve.Point], unit: CompoundUnit,
                           f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> (points: [Solve.Point], edges: [Solution.Root]) {
        var kept: [Solve.Point] = [], edges: [Solution.Root] = []
        var index = 0
        func edge(_ off: Solve.Point, _ on: Solve.Point) throws(Diagnostic) -> Solution.Root {
            var (a, b) = (off, on)
            for _ in 0..<Solve.maxEstimatorBisections {
                if a.x.isNegative == b.x.isNegative,
                   NumberDisplay.knownDigits(Real(lower: min(a.x, b.x), upper: max(a.x, b.x)), upTo: digits) >= digits { break }
                let point = try f((a.x + b.x) / Rational(2))
                guard point.defined else { break }
                if point.sign == 0 { b = point } else { a = point }
            }
            // Shown as the edge's certain digits; held as a value at the target (at the edge
            // itself the result may not be): the shortest decimal past the first try on it,
            // within the digits shown, where the estimate is then shown.
            let (low, high) = (min(a.x, b.x), max(a.x, b.x))
            let tolerance = b.x.magnitude / Rational(BigInt.powerOfTen(digits))
            var on = b.x
            for places in 0...40 {
                let scale = Rational(BigInt.powerOfTen(places))
                let candidate = Rational((b.x * scale).rounded(b.x > a.x ? .up : .down)) / scale
                guard (candidate - b.x).magnitude <= tolerance else { continue }
                if try f(candidate).sign == 0 { on = candidate }
                break
            }
            return Solution.Root(low: on, high: on, shown: display(Quantity(.approximate(Real(lower: low, upper: high)), unit)))
        }
        while index < points.count {
            var end = index
            while end + 1 < points.count, points[index].sign == 0, points[end + 1].sign == 0 { end += 1 }
            guard end > index else { kept.append(points[index]); index += 1; continue }
            // The stretch's low end is the smallest value at the target (a rounded dose's).
            if index > 0, points[index - 1].sign != nil {
                edges.append(try lowEnd(of: points[index], off: points[index - 1], unit: unit, probing: false, f: f))
            }
            if end + 1 < points.count, points[end + 1].sign != nil { edges.append(try edge(points[end + 1], points[end])) }
            // No change of sign is bracketed across the stretch: its edges are its answers.
            kept.append(Solve.Point(x: points[index].x, sign: nil, exact: nil, log2Size: .infinity, defined: false))
            index = end + 1
        }
        return (kept, edges)
    }

    /// The range a solve searches: as written after `in` (within the input's values), else
    /// the input's values; in the input's unit (a percentage's, or a written end's for an
    /// input with none of its own). `current` is the input's value as kept (or its default):
    /// where an open range's scan starts. `text` is the range as written.
    private func searchedRange(_ statement: EstimatorSolveStatement, arguments: ArgumentReader, estimates: Estimates) throws(Diagnostic)
        -> (lower: Rational?, lowerOpen: Bool, upper: Rational?, upperOpen: Bool, unit: CompoundUnit, current: Quantity?, text: String?) {
        let spec = statement.spec
        var current: Quantity? = nil
        if case .quantity(let q)? = estimates.inputs[Estimates.inputName(statement.estimator, spec.key)] ?? spec.defaultValue { current = q }
        var unit = spec.canonicalUnit ?? current?.unit ?? .none
        if spec.isPercent { unit = CompoundUnit(UnitTable.percentUnit) }
        var lower = spec.range?.lower, upper = spec.range?.upper
        var lowerOpen = !(spec.range?.lowerIncluded ?? true), upperOpen = !(spec.range?.upperIncluded ?? true)
        guard let rangeAt = statement.range else { return (lower, lowerOpen, upper, upperOpen, unit, current, nil) }
        var reader = arguments.reader(rangeAt)
        let written = try Estimates.sweptRange(spec, keyRange: statement.keyRange, &reader)
        var from = written.from, to = written.to
        if spec.isPercent, from.isPlain, to.isPlain {
            from = Quantity(from.magnitude, UnitTable.percentUnit)
            to = Quantity(to.magnitude, UnitTable.percentUnit)
        }
        if spec.canonicalUnit == nil, !from.isPlain { unit = from.unit }
        let low = try Estimates.magnitude(from, in: unit, rates: rates, at: rangeAt).nearestRational
        let high = try Estimates.magnitude(to, in: unit, rates: rates, at: rangeAt).nearestRational
        if !(low < high) {
            let (from, to) = (EstimateFormat.number(.exact(low)), EstimateFormat.number(.exact(high)))
            throw Diagnostic(ArgumentError.solve(low == high ? .singleValue(from: from, to: to) : .emptyRange(from: from, to: to)), at: rangeAt)
        }
        let valid = spec.range?.text(unit: spec.unitLabel) ?? ""
        if let lower, low < lower || (low == lower && lowerOpen && high <= lower) {
            throw Diagnostic(ArgumentError.solve(.outsideRange(key: spec.key, valid: valid)), at: rangeAt)
        }
        if let upper, high > upper || (high == upper && upperOpen && low >= upper) {
            throw Diagnostic(ArgumentError.solve(.outsideRange(key: spec.key, valid: valid)), at: rangeAt)
        }
        if lower == nil || low > lower! { (lower, lowerOpen) = (low, false) }
        if upper == nil || high < upper! { (upper, upperOpen) = (high, false) }
        return (lower, lowerOpen, upper, upperOpen, unit, current, arguments.text(rangeAt))
    }

    /// The solution with the estimate at its (first) answer, as the estimator shows it; money
    /// without a currency of its own shown in the estimate's. An answer known to some digits
    /// is run at those digits (the echo of the input shows none that are uncertain), or, if
    /// the estimator refuses that value, at the shortest decimal of the bracket.
    private func answered(_ solution: Solution, statement: EstimatorSolveStatement, fixed: ArgumentReader, estimates: Estimates,
                          unit: CompoundUnit, step: InputStep?) throws(Diagnostic) -> Solution {
        let (estimator, spec) = (statement.estimator, statement.spec)
        guard let first = solution.roots.first else { return solution }
        func run(at: Rational) throws(Diagnostic) -> Outcome {
            // A stepped value that is not whole goes in as its steps (`years=82 months`), which
            // the input line echoes as they are.
            let given = step.map { !at.isInteger ? Quantity(.exact(at / $0.size), $0.unit) : nil } ?? nil
            var scratch = estimates
            return try scratch.run(estimator, fixed, supplied: [spec.key: .quantity(given ?? Quantity(.exact(at), unit))], rates: rates)
        }
        let shortest = Solve.shortestDecimal(from: first.low, to: first.high)
        let rounded = Solve.roundedToKnownDigits(from: first.low, to: first.high, upTo: digits) ?? shortest
        let made: Outcome
        do throws(Diagnostic) {
            made = try run(at: rounded)
        } catch {
            if error.problem.isCancellation || rounded == shortest { throw error }
            made = try run(at: shortest)
        }
        guard case .estimate(let estimate) = made else { return solution }
        var roots = solution.roots
        if unit.isNone, case .money = spec.kind, let currency = estimate.currency {
            let shownUnit = CompoundUnit(currency.unit)
            roots = roots.map { root in
                let number: Number = root.low == root.high ? .exact(root.low) : .approximate(Real(lower: root.low, upper: root.high))
                return Solution.Root(low: root.low, high: root.high, shown: display(Quantity(number, shownUnit)))
            }
        }
        var answered = Solution(name: solution.name, roots: roots, mayBeMore: solution.mayBeMore, estimate: estimate)
        answered.note = solution.note
        return answered
    }

    /// The values a solve tries first, in order: 33 across a bounded range; from an open
    /// end, the end plus the powers of two `Solve.ladder` (of the distance to the input's
    /// value, or of 1); with no end, both ways from the value. A stepped input tries the
    /// multiples of its step.
    static func scanPoints(lower: Rational?, lowerOpen: Bool, upper: Rational?, upperOpen: Bool, current: Rational?,
                           step: Rational?) -> [Rational] {
        var xs: [Rational] = []
        func power(_ k: Int) -> Rational {
            k >= 0 ? Rational(BigInt(1).shiftedLeft(k)) : Rational(1) / Rational(BigInt(1).shiftedLeft(-k))
        }
        switch (lower, upper) {
        case (let low?, let high?):
            let step = (high - low) / Rational(Solve.estimatorScanSteps)
            for i in 0...Solve.estimatorScanSteps { xs.append(low + step * Rational(i)) }
            if lowerOpen { xs[0] = low + step / Rational(1024) }
            if upperOpen { xs[xs.count - 1] = high - step / Rational(1024) }
        case (let low?, nil):
            let scale = current.map { $0 > low ? $0 - low : Rational(1) } ?? Rational(1)
            if !lowerOpen { xs.append(low) }
            for k in Solve.ladder { xs.append(low + scale * power(k)) }
        case (nil, let high?):
            let scale = current.map { $0 < high ? high - $0 : Rational(1) } ?? Rational(1)
            for k in Solve.ladder.reversed() { xs.append(high - scale * power(k)) }
            if !upperOpen { xs.append(high) }
        case (nil, nil):
            let centre = current ?? 0
            let scale = centre.isZero ? Rational(1) : (centre.isNegative ? -centre : centre)
            for k in (-2...36).reversed() { xs.append(centre - scale * power(k)) }
            xs.append(centre)
            for k in -2...36 { xs.append(centre + scale * power(k)) }
        }
        guard let step else { return xs }
        var stepped: [Rational] = []
        for x in xs {
            var n = Rational((x / step).rounded(.up)) * step
            if let lower, n < lower || (lowerOpen && n == lower) { n = n + step }
            if let upper, n > upper || (upperOpen && n == upper) { continue }
            if stepped.last != n { stepped.append(n) }
        }
        return stepped
    }

    /// Bisection of a bracket of an estimator solve until the shown digits are certain (at
    /// most `Solve.maxEstimatorBisections`), or an exact hit. A jump when the result's
    /// distance from the target did not shrink: it steps across it (a rounded dose), and the
    /// bracket holds the step, not a root.
    private func narrowedEstimate(_ first: Solve.Point, _ last: Solve.Point, unit: CompoundUnit,
                                  f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> (root: Solution.Root, isJump: Bool) {
        var a = first, b = last
        let initial = max(a.log2Size, b.log2Size)
        var steps = 0
        while steps < Solve.maxEstimatorBisections {
            let aroundZero = a.x.isNegative != b.x.isNegative
            if !aroundZero, Solve.knows(digits, from: min(a.x, b.x), to: max(a.x, b.x)) { break }
            let middle = (a.x + b.x) / Rational(2)
            let point = try f(middle)
            guard let sign = point.sign else { break }
            if sign == 0 { return (try lowEnd(of: point, off: a, unit: unit, f: f), false) }
            if sign == a.sign { a = point } else { b = point }
            steps += 1
        }
        let isJump = steps >= 10 && !(max(a.log2Size, b.log2Size) <= initial + Solve.log2Shrinkage)
        // Narrowed, the shortest decimal in the bracket may be the answer itself, where the
        // estimate is exact (maxtds = 2200 ppm for 500 kg/h of 5000 at 200 ppm).
        let simple = Solve.shortestDecimal(from: min(a.x, b.x), to: max(a.x, b.x))
        if !isJump, a.exact != nil, simple != a.x, simple != b.x {
            let point = try f(simple)
            if point.sign == 0 { return (try lowEnd(of: point, off: a.x < b.x ? a : b, unit: unit, f: f), false) }
        }
        let number: Number = .approximate(Real(lower: a.x, upper: b.x))
        return (Solution.Root(low: a.x, high: b.x, shown: display(Quantity(number, unit))), isJump)
    }
}

extension Solve {
    /// The middle of low…high rounded to the significant digits that are certain there, as
    /// an answer shows them (nil when none is, or the bracket is one value).
    static func roundedToKnownDigits(from low: Rational, to high: Rational, upTo limit: Int) -> Rational? {
        guard low < high, low.isNegative == high.isNegative, !low.isZero else { return nil }
        let known = NumberDisplay.knownDigits(Real(lower: low, upper: high), upTo: limit)
        guard known >= 1 else { return nil }
        let middle = (low + high) / Rational(2), size = middle.magnitude
        func power(_ k: Int) -> Rational {
            k >= 0 ? Rational(BigInt.powerOfTen(k)) : Rational(1) / Rational(BigInt.powerOfTen(-k))
        }
        // ⌊log₁₀ |middle|⌋, the estimate off by at most one set right.
        var exponent = NumberDisplay.estimatedExponent(size)
        if size >= power(exponent + 1) { exponent += 1 } else if size < power(exponent) { exponent -= 1 }
        let scale = power(known - 1 - exponent)
        return Rational((middle * scale).rounded(.nearest)) / scale
    }

    /// The decimal with the fewest places in low…high (the middle when none has up to 60):
    /// the value the estimate is shown at, as its input line echoes it.
    static func shortestDecimal(from low: Rational, to high: Rational) -> Rational {
        if low == high { return low }
        let middle = (low + high) / Rational(2)
        var scale = Rational(1)
        for _ in 0...60 {
            let candidate = Rational((middle * scale).rounded(.nearest)) / scale
            if low <= candidate, candidate <= high { return candidate }
            scale = scale * Rational(10)
        }
        return middle
    }

    /// `range` without the blanks at its ends.
    static func trimmedRange(_ range: Range<Int>, in scalars: ArraySlice<Unicode.Scalar>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high, StatementSource.isBlank(scalars[low]) { low += 1 }
        while high > low, StatementSource.isBlank(scalars[high - 1]) { high -= 1 }
        return low..<high
    }
}
