import PerNumbers
import PerUnits
import PerLanguage

/// How `solve` searches without a range, scans a range, and says that it found nothing.
extension Calculator {
    /// The refusal when no root was found: "no solution" where it is proven (over the
    /// stretches between the tries, or by range arithmetic over the whole range), and
    /// without a range only where the span searched holds every root there may be
    /// (`wholeLine`: a polynomial's Cauchy bound); else that no change of sign was found,
    /// naming the span searched without a range, with the caret under the equation.
    func nothingFound(_ found: SolveFindings, low: Rational, high: Rational, unit: CompoundUnit, rangeText: String?, parts: SolveParts,
                              polynomial: SolvePolynomial?, evaluator: Evaluator, commandRange: Range<Int>,
                              wholeLine: Bool) throws(Diagnostic) -> Diagnostic {
        guard let rangeText else {
            let (from, to) = (display(Quantity(.exact(low), unit)).text, display(Quantity(.exact(high), unit)).text)
            let refusal: SolveRefusal = found.proven && wholeLine ? .noSolution(range: "\(from)..\(to)")
                : .notFound(name: parts.name, from: from, to: to)
            return Diagnostic(ArgumentError.solve(refusal), at: Self.trimmed(parts.left).lowerBound..<Self.trimmed(parts.right).upperBound)
        }
        var proven = found.proven
        if !proven {
            proven = try provenAbsent(low: low, high: high, unit: unit, parts: parts, polynomial: polynomial, evaluator: evaluator,
                                      commandRange: commandRange)
        }
        return Diagnostic(ArgumentError.solve(proven ? .noSolution(range: rangeText) : .noSignChange(range: rangeText)),
                          at: parts.range ?? commandRange)
    }

    /// Stretches that hold (in order) joined where one ends where the next starts.
    static func merged(_ held: [(Rational, Rational)]) -> [(Rational, Rational)] {
        var joined: [(Rational, Rational)] = []
        for stretch in held {
            if let last = joined.last, last.1 >= stretch.0 { joined[joined.count - 1].1 = max(last.1, stretch.1) } else { joined.append(stretch) }
        }
        return joined
    }

    /// What a search found: the tries where the sides are equal, the brackets of changes of
    /// sign (in order), whether there may be roots it did not look for, and the stretch it
    /// looked in.
    struct SolveFindings {
        var zeros: [Solve.Point] = []
        var brackets: [(Solve.Point, Solve.Point)] = []
        /// Stretches over which the sides are proven equal, in order.
        var held: [(Rational, Rational)] = []
        var mayBeMore = false
        /// Range arithmetic proved the sides apart over the whole range.
        var proven = false
        var low: Rational
        var high: Rational
    }

    /// The range scanned (`scan`), with "there may be more" where it stopped early or could
    /// not look into a stretch.
    func scanned(low: Rational, high: Rational, unit: CompoundUnit, parts: SolveParts, polynomial: SolvePolynomial?,
                         rangeText: String?, evaluator: Evaluator,
                         grid: [Solve.Point]? = nil, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> SolveFindings {
        let scan = try self.scan(low: low, high: high, unit: unit, parts: parts, polynomial: polynomial, evaluator: evaluator, grid: grid, f: f)
        let known = scan.points.filter { $0.sign != nil }
        if known.count >= 3, known.allSatisfy({ $0.sign == 0 }) {
            let range = rangeText ?? "\(display(Quantity(.exact(low), unit)).text)..\(display(Quantity(.exact(high), unit)).text)"
            throw Diagnostic(ArgumentError.solve(.everywhere(name: parts.name, range: range)), at: parts.range ?? parts.nameRange)
        }
        var findings = SolveFindings(low: low, high: high)
        findings.proven = scan.proven
        findings.mayBeMore = scan.unexamined != nil
        let changes = Solve.signChanges(in: scan.points, limit: scan.points.count)
        findings.held = Self.merged(scan.held)
        // A zero inside a stretch that holds is part of it.
        findings.zeros = changes.zeros.filter { zero in !findings.held.contains { $0.0 <= zero.x && zero.x <= $0.1 } }
        findings.brackets = changes.brackets
        return findings
    }

    /// Outward from `start` (the unknown's value, or 1): at each round both sides a distance
    /// away, doubled each round (squared past `Solve.maxExpansions`), and toward 0 by as many
    /// halvings on both sides of it, until a root or a change of sign between neighbouring
    /// tries that is no pole (range arithmetic bounds the sides between them), then
    /// `Solve.roundsPast` rounds more past the start's size, doubling: `1/x = -5` has its root between 0 and -1,
    /// `ln(x) = -700` near 1e-304, `x^2 = 4` one on each side. The tries are then a grid the
    /// scan looks between (`scan`), so that every root in the span searched is found as in
    /// a range. A search that finds nothing ends past 2^4096 (about 1e1233).
    ///
    /// A polynomial (`form`) is searched on until the span holds Cauchy's bound on its roots,
    /// or without one until as many roots as its degree are found: `(x - 2)*(x + 1000) = 0`
    /// from 1 finds 2 first and -1000 some rounds later.
    func searchedOutward(from start: Rational, unit: CompoundUnit, parts: SolveParts, form: SolveForm, evaluator: Evaluator,
                                 f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> SolveFindings {
        let size = start.isNegative ? -start : start
        let base = size < Rational(1) ? Rational(1) / Rational(16) : size / Rational(16)
        let scale = size.isZero ? Rational(1) : size
        var tried: [Solve.Point] = [try f(start)]
        var (low, high) = (start, start)
        var distance = base, halvings = 1
        var past: Int? = tried[0].sign == 0 ? 0 : nil
        var roots = 0
        // A polynomial, whose sides have no poles, is searched on to 2^`maxPolynomialLog2`
        // (two squarings more) where no Cauchy bound says how far its roots lie: a
        // coefficient past about 1e1000 is not exact (x^2 = 10^2400). Not where |f| at the
        // start, to the degree's root, is past that already: its roots most likely are too.
        let further = form.degree.map { tried[0].log2Size / Double(max($0, 1)) <= Solve.maxPolynomialLog2 } ?? false
        let reach = further ? Solve.maxPolynomialLog2 : Solve.maxSearchLog2
        let rounds = Solve.maxExpansions + Solve.maxSquarings + Solve.roundsPast + (further ? 2 : 0)
        for expansion in 0..<rounds {
            let bounded = form.bound.map { low <= -$0 && $0 <= high }
            if bounded == true { break }
            if let past, past >= Solve.roundsPast, bounded == nil, !(form.degree.map { roots < $0 } ?? false) { break }
            if distance.log2Magnitude > reach { break }
            let tiny = scale / Rational(BigInt.one.shiftedLeft(halvings))
            for x in [start + distance, start - distance, tiny, -tiny] where !tried.contains(where: { $0.x == x }) {
                tried.append(try f(x))
            }
            (low, high) = (min(low, start - distance, -tiny), max(high, start + distance, tiny))
            tried.sort { $0.x < $1.x }
            if let rounds = past {
                // Counted once the span reaches the start's own size (or 1): `x^3 = x` from 1
                // finds 1 at once, and -1 a distance 2 away.
                if distance >= scale { past = rounds + 1 }
                // A polynomial's changes of sign are its roots (it has no pole).
                if form.degree != nil {
                    let changes = Solve.signChanges(in: tried, limit: tried.count)
                    roots = changes.zeros.count + changes.brackets.count
                }
            } else {
                let changes = Solve.signChanges(in: tried, limit: tried.count)
                if !changes.zeros.isEmpty || changes.brackets.contains(where: { apart(low: $0.0.x, high: $0.1.x, unit: unit, parts: parts,
                                                                                      evaluator: evaluator) != .unbounded }) {
                    past = 0
                    roots = changes.zeros.count + changes.brackets.count
                }
            }
            let doubling = expansion < Solve.maxExpansions || past != nil
            distance = doubling ? distance * Rational(2) : distance * distance
            halvings = doubling ? halvings + 1 : min(halvings * 2, Int(Solve.maxSearchLog2))
        }
        // A polynomial whose Cauchy bound lies past the doublings (x = 1e10000) is tried at
        // the bound too: its roots past them lie between.
        if let bound = form.bound, !(low <= -bound && bound <= high), bound.log2Magnitude <= Solve.maxBoundLog2 {
            for x in [-bound, bound] where !tried.contains(where: { $0.x == x }) { tried.append(try f(x)) }
            (low, high) = (min(low, -bound), max(high, bound))
            tried.sort { $0.x < $1.x }
        }
        return try scanned(low: low, high: high, unit: unit, parts: parts, polynomial: form.polynomial, rangeText: nil, evaluator: evaluator,
                           grid: tried, f: f)
    }

    /// A stretch over which the sides are equal, as shown: from its low end to its high end,
    /// each as far as the tries went (rounded inward to 12 digits).
    func heldRoot(_ low: Rational, _ high: Rational, unit: CompoundUnit) -> Solution.Root {
        func end(_ x: Rational, up: Bool) -> DisplayedQuantity {
            let digits = Rational(BigInt.powerOfTen(max(0, 11 - NumberDisplay.estimatedExponent(x))))
            return display(Quantity(.exact(Rational((x * digits).rounded(up ? .up : .down)) / digits), unit))
        }
        let (from, to) = (end(low, up: true), end(high, up: false))
        let text = "from \(from.text) to \(to.text)"
        return Solution.Root(low: low, high: high, shown: DisplayedQuantity(number: DisplayedNumber(text: text, isExact: true), text: text, unit: from.unit),
                             isNumber: false, holds: true)
    }
}
