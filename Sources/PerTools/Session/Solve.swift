import PerNumbers
import PerUnits
import PerLanguage

/// How `solve` searches, and its limits.
///
/// A root is reported only where f = lhs − rhs has a proven sign at two points and the signs
/// differ (the bounds of an approximate value decide it, never its middle), or where f is
/// exactly 0. A polynomial with exact coefficients is worked on without its repeated
/// factors (`SolvePolynomial`), which has the same roots, each a change of sign. The bracket
/// is narrowed by false position and bisection until the shown digits are certain.
/// A change of sign across a pole or a jump (`1/x`, `floor`) is no root: bisection sees |f|
/// not shrink, and the bracket is left out. "no solution" is said only when the evaluator's
/// worst-case range arithmetic proves that the two sides do not meet in any subinterval.
package enum Solve {
    /// Stretches a range is scanned in for changes of sign (a power of two: the range is
    /// halved down to them).
    package static let scanSteps = 256
    /// The nesting an equation's sides are read from, so that they may nest
    /// `ParserLimits.maxSolveDepth` levels more.
    package static let parseDepth = ParserLimits.maxDepth - ParserLimits.maxSolveDepth
    /// Bits a try is worked out at first: enough to decide the sign of most tries, and a
    /// series for sin or exp at half the terms of the standard precision.
    package static let quickPrecision = 64
    /// Roots listed; beyond, "there may be more".
    package static let maxRoots = 10
    /// Bisections of one bracket.
    package static let maxBisections = 2000
    /// Bisections of an estimator's bracket: each runs the estimator.
    package static let maxEstimatorBisections = 200
    /// What a scan found, in order: the points where f is exactly 0, and the neighbours
    /// whose proven signs differ (none across a point where f has no value), at most
    /// `limit` of both; `found` counts them all.
    static func signChanges(in points: [Point], limit: Int = maxRoots) -> (zeros: [Point], brackets: [(Point, Point)], found: Int) {
        var zeros: [Point] = [], brackets: [(Point, Point)] = []
        var found = 0
        var previous: Point? = nil
        for point in points {
            guard let sign = point.sign else {
                if !point.defined { previous = nil }
                continue
            }
            if sign == 0 {
                found += 1
                if found <= limit { zeros.append(point) }
                previous = nil
                continue
            }
            if let before = previous, before.sign != sign {
                found += 1
                if found <= limit { brackets.append((before, point)) }
            }
            previous = point
        }
        return (zeros, brackets, found)
    }

    /// Whether the bracket low…high (of one sign) knows `digits` significant digits. Bounds
    /// that agree to s digits have s < log₁₀(larger/width) + 1.302 (`NumberDisplay.knownDigits`):
    /// the sizes rule most brackets out before the digits are compared, which costs as much
    /// as showing them (1e999).
    static func knows(_ digits: Int, from low: Rational, to high: Rational) -> Bool {
        let sizes = (max(low.log2Magnitude, high.log2Magnitude) - (high - low).log2Magnitude) / 3.321928094887362
        if sizes + 1.35 < Double(digits) { return false }
        return NumberDisplay.knownDigits(Real(lower: low, upper: high), upTo: digits) >= digits
    }

    /// The point a bracket is cut at: its middle, or, when its ends are of one sign and
    /// far apart in size (1e-300..1e300), the power of two halfway between their sizes, so
    /// that a wide range narrows in as many steps as its ends have bits, and the values tried
    /// stay short.
    static func middle(_ a: Rational, _ b: Rational) -> Rational {
        let (low, high) = a < b ? (a, b) : (b, a)
        guard !low.isZero, !high.isZero, low.isNegative == high.isNegative else { return (a + b) / Rational(2) }
        func log2(_ r: Rational) -> Int { r.numerator.bitWidth - r.denominator.bitWidth }
        let (small, large) = low.isNegative ? (-high, -low) : (low, high)
        let (e1, e2) = (log2(small), log2(large))
        guard e2 - e1 > 4 else { return (a + b) / Rational(2) }
        let e = (e1 + e2) / 2
        let power = e >= 0 ? Rational(BigInt.one.shiftedLeft(e)) : Rational(1) / Rational(BigInt.one.shiftedLeft(-e))
        return low.isNegative ? -power : power
    }

    /// The false-position point between a and b whose |f| are 2^sizeA and 2^sizeB (of
    /// opposite signs), where the chord through them crosses 0, kept a millionth of the
    /// bracket from either end and rounded to 2^-24 of it; nil where a size is not known or
    /// the ends are far apart in size (then `middle` halves their exponents).
    static func falsePosition(_ a: Rational, _ sizeA: Double, _ b: Rational, _ sizeB: Double) -> Rational? {
        guard sizeA.isFinite, sizeB.isFinite, middle(a, b) == (a + b) / Rational(2) else { return nil }
        // |fa| / (|fa| + |fb|), without 2^size, which leaves a double's range.
        let share = 1 / (1 + (sizeB - sizeA).clampedExp2)
        let width = b - a
        let scale = 1 << 24
        let x = a + width * Rational(BigInt(Int((min(max(share, 1e-6), 1 - 1e-6) * Double(scale)).rounded()))) / Rational(scale)
        // On the coarsest grid of powers of two within 2^-24 of the bracket: the values tried
        // stay short, however many steps are taken.
        let exponent = Int((width.log2Magnitude - 24).rounded(.down))
        let grid = exponent >= 0 ? Rational(BigInt.one.shiftedLeft(exponent)) : Rational(1) / Rational(BigInt.one.shiftedLeft(-exponent))
        let snapped = Rational((x / grid).rounded(.nearest)) * grid
        return min(a, b) < snapped && snapped < max(a, b) ? snapped : nil
    }

    /// The bracket a…b (ends of opposite proven signs) narrowed around x, a point inside it
    /// where f's sign is not proven: f is tried a 2^-20th of the bracket to each side of x,
    /// and the root lies between the two tries whose signs differ. `root` where a try is
    /// exactly 0 (then `a` is it); nil where a try's sign is not proven either.
    static func beside(_ x: Rational, _ a: Point, _ b: Point,
                       f: (Rational) throws(Diagnostic) -> Point) throws(Diagnostic) -> (a: Point, b: Point, root: Bool)? {
        let offset = (b.x - a.x) / Rational(1 << 20)
        var (a, b) = (a, b)
        // The second try is left out where the first has cut the bracket short of it.
        for x in [x - offset, x + offset] where min(a.x, b.x) < x && x < max(a.x, b.x) {
            let point = try f(x)
            guard let sign = point.sign, point.defined else { return nil }
            if sign == 0 { return (point, point, true) }
            if sign == a.sign { a = point } else { b = point }
        }
        return (a, b, false)
    }

    /// Whether the range a0…a1 and the range b0…b1 (each given by two bounds in either
    /// order) overlap by more than 2^-(quickPrecision − 16) of their largest bound: far more
    /// than the rounding of the few operations of an expression at `quickPrecision` bits,
    /// so that more bits would most likely not prove them apart either (a sum of large
    /// terms that cancel may still be told apart with more). Either answer is safe: an
    /// overlap only leaves a stretch unproven, to be halved or looked at by its slope.
    static func clearlyOverlapping(_ a0: Real, _ a1: Real, _ b0: Real, _ b1: Real) -> Bool {
        let aLow = min(a0.lower, a1.lower), aHigh = max(a0.upper, a1.upper)
        let bLow = min(b0.lower, b1.lower), bHigh = max(b0.upper, b1.upper)
        let overlap = min(aHigh, bHigh) - max(aLow, bLow)
        guard overlap.signum > 0 else { return false }
        let size = max(aLow.magnitude, aHigh.magnitude, bLow.magnitude, bHigh.magnitude)
        return overlap.log2Magnitude > size.log2Magnitude - Double(quickPrecision - 16)
    }

    /// Roots and changes of sign an outward search's span is walked for, from its low end,
    /// before the rest is left: the roots listed are the ones nearest the start.
    package static let maxWalkedChanges = 20 * maxRoots
    /// The largest Cauchy bound (as log2) a polynomial is searched out to past
    /// `maxSearchLog2`: about 1e19728.
    static let maxBoundLog2 = 65536.0
    /// Doublings of the outward search from the starting value.
    package static let maxExpansions = 64
    /// Past doublings, the distance is squared, while it is below 2^4096 (about 1e1233):
    /// `solve x^2 = 1e400 for x` is found in a few steps more; a search that finds nothing
    /// ends there, and a range reaches further.
    package static let maxSquarings = 7
    /// Rounds of the outward search past the one that first finds a root: the span searched
    /// is then 2^roundsPast times as wide, so that a root on the far side is found too.
    package static let roundsPast = 3
    static let maxSearchLog2 = 4096.0
    static let maxPolynomialLog2 = 16384.0
    /// Below a thousandth of its first size (in log2), |f| at a narrowed bracket's ends
    /// shows a root, not a pole or a jump.
    static let log2Shrinkage = -log2Of1000
    private static let log2Of1000 = 9.965784284662087
    /// Extra tries spent, over a whole range, on the steps whose ends show no change of sign
    /// but where range arithmetic cannot keep f off 0 (two roots close together).
    package static let maxRefinements = 1200
    /// How many times such a step is halved: a step of 1/256 of a range down to 2^-48 of it
    /// (about 3.6e-15 of it), so that roots 1e-11 apart in 0..2 are told apart.
    static let maxRefinementDepth = 40
    /// Every this many halvings of a stretch with no change of sign that is not proven clear,
    /// its shortest decimal is tried for a root where the sides only touch.
    static let touchProbeInterval = 8
    /// How many times a step range arithmetic finds no bound over (a pole) is halved.
    static let maxPoleDepth = 24

    /// log2 |a − b|, finite for any two values in the range of numbers (a double's
    /// difference overflows past 1.8e308); −∞ when they are equal.
    static func log2Distance(_ a: Number, _ b: Number, bits: Int) -> Double {
        if case .exact(let p) = a, case .exact(let q) = b {
            let difference = p - q
            return difference.isZero ? -.infinity : difference.log2Magnitude
        }
        let difference = a.real(bits: bits).subtracting(b.real(bits: bits), bits: bits)
        let size = difference.log2Magnitude
        return size.isNaN ? .infinity : size
    }

    /// A try of the unknown: f's sign (nil when not proven, or f has no value there), the
    /// exact f where both sides are exact, and log2 |f| for the pole check.
    struct Point {
        let x: Rational
        let sign: Int?
        let exact: Rational?
        let log2Size: Double
        /// False where f has no value (a division by 0): no root can be bracketed across it.
        var defined = true
    }
}

extension Calculator {
    /// `solve EXPR = EXPR for NAME [in A..B]`: the values of NAME in A..B (or, without a
    /// range, near its value or 1) where the two sides are equal. Changes nothing: NAME is
    /// bound on a copy of the evaluator for each try.
    package func solve(_ source: StatementSource, commandRange: Range<Int>, evaluator: Evaluator) throws(Diagnostic) -> Outcome {
        do throws(Diagnostic) {
            return try solveEquation(source, commandRange: commandRange, evaluator: evaluator)
        } catch where error.problem == .syntax(.nestedTooDeeply) {
            // The sides are read from `Solve.parseDepth`: the limit passed is solve's.
            throw Diagnostic(.equationNestedTooDeeply, at: error.range)
        }
    }

    private func solveEquation(_ source: StatementSource, commandRange: Range<Int>, evaluator: Evaluator) throws(Diagnostic) -> Outcome {
        // A side that cannot be read is refused as evaluation refuses it, before the name
        // is looked for in it.
        let parts = try Self.solveParts(source, commandRange: commandRange, notation: evaluator.notation) { (side: StatementSource) -> Diagnostic? in
            do throws(Diagnostic) {
                _ = try Parser.expression(side, builder: evaluator, depth: Solve.parseDepth)
            } catch {
                return error.problem.code == .syntaxError ? error : nil
            }
            return nil
        }
        // The values of functions at the tries, for the range arithmetic over the stretches
        // between them, which works them out at the same ends.
        let evaluator = evaluator.with(context: evaluator.context.remembering())
        let name = parts.name
        let context = evaluator.context

        // The range, or the starting value of an outward search.
        let span = try solveSpan(source, parts: parts, evaluator: evaluator)
        var (low, high) = (span.0, span.1)
        let unit = span.2, rangeText = span.3

        let form = solveForm(parts: parts, evaluator: evaluator, at: low, unit: unit)
        let polynomial = form.polynomial
        var checked = false, defined = false
        func f(_ x: Rational) throws(Diagnostic) -> Solve.Point {
            try context.checkedInterruption(at: commandRange)
            if let polynomial {
                let value = polynomial.value(at: x)
                return Solve.Point(x: x, sign: value.signum, exact: value, log2Size: value.isZero ? -.infinity : value.log2Magnitude)
            }
            let point = try solvePoint(x, unit: unit, parts: parts, evaluator: evaluator, checkDimensions: !checked,
                                       rangeGiven: parts.range, source: source)
            if point.sign != nil { checked = true }
            if point.defined { defined = true }
            return point
        }

        let found = parts.range != nil
            ? try scanned(low: low, high: high, unit: unit, parts: parts, polynomial: polynomial, rangeText: rangeText, evaluator: evaluator, f: f)
            : try searchedOutward(from: low, unit: unit, parts: parts, form: form, evaluator: evaluator, f: f)
        if parts.range == nil { (low, high) = (found.low, found.high) }
        var (roots, mayBeMore) = try listed(found, around: parts.range == nil ? span.0 : nil, unit: unit, polynomial: polynomial,
                                            parts: parts, evaluator: evaluator, f: f)

        // A polynomial's roots all found: no more anywhere.
        if form.isComplete(roots.count) { mayBeMore = false }
        if roots.isEmpty {
            // A side with no value at any try (x = 0/0): the evaluation's own error.
            if !defined, polynomial == nil, let problem = sideProblem(at: low, unit: unit, parts: parts, evaluator: evaluator) { throw problem }
            let wholeLine = parts.range != nil || (form.bound.map { low <= -$0 && $0 <= high } ?? false)
            throw try nothingFound(found, low: low, high: high, unit: unit, rangeText: rangeText, parts: parts, polynomial: polynomial,
                                   evaluator: evaluator, commandRange: commandRange, wholeLine: wholeLine)
        }
        var solution = Solution(name: name, roots: roots, mayBeMore: mayBeMore)
        if parts.range == nil, !form.isComplete(roots.count), !(form.bound.map { -$0 >= low && $0 <= high } ?? false) {
            let text = "\(display(Quantity(.exact(low), unit)).text)..\(display(Quantity(.exact(high), unit)).text)"
            solution.searched = SearchedSpan(low: low, high: high, text: text)
        }
        return .solution(solution)
    }

    /// The range after `in`, in its unit, and its text; without one, the starting value of an
    /// outward search (the unknown's value, or 1) as both ends.
    private func solveSpan(_ source: StatementSource, parts: SolveParts,
                           evaluator: Evaluator) throws(Diagnostic) -> (Rational, Rational, CompoundUnit, String?) {
        guard let range = parts.range else {
            let start = evaluator.variables[parts.name]
            let middle = start?.magnitude.nearestRational ?? Rational(1)
            return (middle, middle, start?.unit ?? .none, nil)
        }
        let ends = try rangeEnds(source, range, evaluator: evaluator)
        let (low, high) = (ends.0, ends.1)
        if !(low < high) {
            let from = source.text(Self.trimmed(source.slice(ends.fromRange))), to = source.text(Self.trimmed(source.slice(ends.toRange)))
            throw Diagnostic(ArgumentError.solve(low == high ? .singleValue(from: from, to: to) : .emptyRange(from: from, to: to)), at: range)
        }
        return (low, high, ends.2, source.text(range))
    }

    /// The roots a search found, in order, so that the roots listed are the first ones: each
    /// exact hit, and each change of sign narrowed (`narrowed`), up to `Solve.maxRoots`, and
    /// whether there may be more. A change of sign across a pole or a jump is no root and
    /// does not count toward them. From a `start` (an outward search), the ones nearest it
    /// are listed, in order.
    private func listed(_ found: SolveFindings, around start: Rational?, unit: CompoundUnit, polynomial: SolvePolynomial?, parts: SolveParts,
                        evaluator: Evaluator, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> ([Solution.Root], Bool) {
        // A zero as a bracket of one point.
        // A stretch that holds as a bracket of its ends, each of no sign.
        let held = found.held.map { (Solve.Point(x: $0.0, sign: nil, exact: nil, log2Size: 0), Solve.Point(x: $0.1, sign: nil, exact: nil, log2Size: 0)) }
        var candidates = (found.zeros.map { ($0, $0) } + found.brackets + held).sorted { $0.0.x < $1.0.x }
        if let start {
            func distance(_ pair: (Solve.Point, Solve.Point)) -> Rational { min((pair.0.x - start).magnitude, (pair.1.x - start).magnitude) }
            candidates.sort { distance($0) < distance($1) }
        }
        var roots: [Solution.Root] = []
        for (index, candidate) in candidates.enumerated() {
            if roots.count == Solve.maxRoots {
                return (roots.sorted { $0.low < $1.low }, found.mayBeMore || index < candidates.count)
            }
            if candidate.0.x == candidate.1.x {
                roots.append(root(candidate.0.x, candidate.0.x, unit: unit))
            } else if candidate.0.sign == nil {
                roots.append(heldRoot(candidate.0.x, candidate.1.x, unit: unit))
            } else if let narrowed = try narrowed(candidate.0, candidate.1, unit: unit,
                                                  bounded: { polynomial != nil || apart(low: $0, high: $1, unit: unit, parts: parts, evaluator: evaluator) != .unbounded },
                                                  f: f) {
                roots.append(narrowed)
            }
        }
        return (roots.sorted { $0.low < $1.low }, found.mayBeMore)
    }

    /// A root as shown: exact when the bracket is a point, else the interval's certain digits.
    private func root(_ low: Rational, _ high: Rational, unit: CompoundUnit) -> Solution.Root {
        let number: Number = low == high ? .exact(low) : .approximate(Real(lower: low, upper: high))
        return Solution.Root(low: low, high: high, shown: display(Quantity(number, unit)))
    }

    /// Narrows a bracket whose ends have opposite proven signs: one false-position step on
    /// exact values (which lands on a rational root of a linear equation), then the Illinois
    /// method (Dowell & Jarratt, BIT 11, 1971: false position, the size of an end kept twice
    /// halved), a bisection after any step that did not halve the bracket (so that it at
    /// least halves every two steps), until the digits shown are certain, the sign is
    /// too close to call, or the count is spent. Nil when |f| did not shrink: a pole or a
    /// jump, not a root.
    private func narrowed(_ first: Solve.Point, _ last: Solve.Point, unit: CompoundUnit, bounded: (Rational, Rational) -> Bool,
                          f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Solution.Root? {
        let unbounded = !bounded(min(first.x, last.x), max(first.x, last.x))
        var a = first, b = last
        let initial = max(a.log2Size, b.log2Size)
        let initialWidth = (b.x - a.x).log2Magnitude
        if let fa = a.exact, let fb = b.exact, fa != fb {
            let x = a.x - fa * (b.x - a.x) / (fb - fa)
            if min(a.x, b.x) < x, x < max(a.x, b.x) {
                let point = try f(x)
                if point.sign == 0 { return root(x, x, unit: unit) }
                if !point.defined { return nil }
                if let sign = point.sign { if sign == a.sign { a = point } else { b = point } }
            }
        }
        // The shortest decimal in the bracket first (0 when it holds 0): an exact root there
        // (`x^3 - 2x = 1` at -1) is then shown exact, and a root at 0 is found at once.
        let simplest = Solve.shortestDecimal(from: min(a.x, b.x), to: max(a.x, b.x))
        if a.exact != nil || simplest.isZero, simplest != a.x, simplest != b.x {
            let point = try f(simplest)
            if point.sign == 0 { return root(simplest, simplest, unit: unit) }
            if !point.defined { return nil }
            if let sign = point.sign { if sign == a.sign { a = point } else { b = point } }
        }
        // The sizes false position weighs the ends by (log2 |f|), an end kept twice halved.
        var (sizeA, sizeB) = (a.log2Size, b.log2Size)
        var kept = 0
        var steps = 0
        // A false-position step that did not halve the bracket is followed by a bisection.
        var halve = false
        while steps < Solve.maxBisections {
            // Around 0 no digit is ever known: the bisections run out, and it shows as ≈ 0.
            let aroundZero = a.x.isNegative != b.x.isNegative
            if !aroundZero, Solve.knows(digits, from: min(a.x, b.x), to: max(a.x, b.x)) { break }
            let width = (b.x - a.x).magnitude
            let falsePosition = halve ? nil : Solve.falsePosition(a.x, sizeA, b.x, sizeB)
            let middle = falsePosition ?? Solve.middle(a.x, b.x)
            let point = try f(middle)
            if point.sign == nil, point.defined {
                // No proven sign at the cut (sin(πx) at a whole number, ≈ 0): the bracket
                // is cut just beside it on either side instead, a 2^-20th of it away.
                guard let beside = try Solve.beside(middle, a, b, f: f) else { break }
                if beside.root { return root(beside.a.x, beside.a.x, unit: unit) }
                (a, b, sizeA, sizeB, kept, halve) = (beside.a, beside.b, beside.a.log2Size, beside.b.log2Size, 0, true)
                steps += 1
                continue
            }
            guard let sign = point.sign else {
                if !point.defined { return nil }
                break
            }
            if sign == 0 { return root(middle, middle, unit: unit) }
            if sign == a.sign {
                (a, sizeA) = (point, point.log2Size)
                if kept == -1 { sizeB -= 1 }
                kept = -1
            } else {
                (b, sizeB) = (point, point.log2Size)
                if kept == 1 { sizeA -= 1 }
                kept = 1
            }
            steps += 1
            halve = falsePosition != nil && (b.x - a.x).magnitude * Rational(2) > width
            // A pole shows early: |f| has grown while the bracket narrowed (a root's shrinks,
            // even like a cube root's).
            // A bracket range arithmetic finds no bound over (a pole may be in it) is told
            // after 4 steps.
            if steps == (unbounded ? 4 : 16), !(max(a.log2Size, b.log2Size) <= initial) { return nil }
        }
        // |f| grown at the narrowed ends is a pole's, even where the bracket came narrow from
        // the scan; once the bracket is a thousandth of its first width, a root's |f| has
        // shrunk about as much, which a jump's does not.
        if steps > 0, !(max(a.log2Size, b.log2Size) <= initial) { return nil }
        if (b.x - a.x).log2Magnitude <= initialWidth - 10, !(max(a.log2Size, b.log2Size) <= initial + Solve.log2Shrinkage) { return nil }
        // A bracket that came narrow from the scan is not narrowed, and |f| is not seen grow:
        // one that range arithmetic still finds no bound over holds a pole, not a root
        // (tan(x) = -0.62 at π/2, halved down to 2.5e-14 by the scan).
        if unbounded, !bounded(min(a.x, b.x), max(a.x, b.x)) { return nil }
        return try shownRoot(a, b, unit: unit, f: f)
    }

    /// A narrowed bracket as shown: its shortest decimal where that is the root itself, else
    /// its certain digits, or its ends where none is certain, never a middle that looks like
    /// an answer.
    private func shownRoot(_ a: Solve.Point, _ b: Solve.Point, unit: CompoundUnit,
                           f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Solution.Root {
        // Narrowed, the shortest decimal in the bracket may be the root itself.
        let simple = Solve.shortestDecimal(from: min(a.x, b.x), to: max(a.x, b.x))
        if a.exact != nil, simple != a.x, simple != b.x, try f(simple).sign == 0 {
            return root(simple, simple, unit: unit)
        }
        let low = min(a.x, b.x), high = max(a.x, b.x)
        if low.isNegative == high.isNegative, !low.isZero, NumberDisplay.knownDigits(Real(lower: low, upper: high), upTo: 1) < 1 {
            let ends = (display(Quantity(.exact(low), unit)), display(Quantity(.exact(high), unit)))
            let text = "between \(ends.0.text) and \(ends.1.text)"
            return Solution.Root(low: low, high: high, shown: DisplayedQuantity(number: DisplayedNumber(text: text, isExact: false),
                                                                                  text: text, unit: ends.0.unit), isNumber: false)
        }
        return root(a.x, b.x, unit: unit)
    }
}

extension Double {
    /// 2^self, held within a double's range: 2^whole times 2^f = e^(f·ln 2) for the fraction
    /// f in [0, 1), by its Taylor series (below 2^-53 after 20 terms). Close enough for
    /// false position to land near the root, which any point inside a bracket serves.
    var clampedExp2: Double {
        let x = Swift.min(Swift.max(self, -1000), 1000)
        let whole = x.rounded(.down)
        let y = (x - whole) * 0.6931471805599453
        var term = 1.0, sum = 1.0
        for n in 1...20 {
            term *= y / Double(n)
            sum += term
        }
        return Double(sign: .plus, exponent: Int(whole), significand: sum)
    }
}

extension EvaluationContext {
    /// Stops a long command at Ctrl-C, blaming `range`.
    func checkedInterruption(at range: Range<Int>) throws(Diagnostic) {
        do { try checkInterruption() } catch { throw Diagnostic(error, at: range) }
    }
}
