import PerNumbers
import PerUnits
import PerLanguage

/// A scan of a range for changes of sign (`Calculator.scan`): the tries so far, how a
/// stretch is checked, and how it is halved.
struct SolveScan {
    var tries = SolveTries()
    let low: Rational
    let high: Rational
    let step: Rational
    /// What range arithmetic tells of the stretch a…b (`StretchCheck`).
    let stretch: (Rational, Rational) -> StretchCheck
    /// Whether range arithmetic proves the sides one and the same value over a…b.
    var equal: (Rational, Rational) -> Bool = { _, _ in false }
    /// For Ctrl-C, blamed on `blame`.
    let context: EvaluationContext
    let blame: Range<Int>

    init(low: Rational, high: Rational, stretch: @escaping (Rational, Rational) -> StretchCheck, context: EvaluationContext, blame: Range<Int>) {
        (self.low, self.high, self.stretch, self.context, self.blame) = (low, high, stretch, context, blame)
        step = (high - low) / Rational(Solve.scanSteps)
    }

    /// The end of the index-th of `Solve.scanSteps` stretches.
    func end(_ index: Int) -> Rational {
        index == Solve.scanSteps ? high : low + step * Rational(index)
    }

    /// The whole range, from its low end: it checks the sides' dimensions before any range is
    /// worked out.
    mutating func whole(f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) {
        tries.add(try f(low))
        tries.proven = true
        try explore(0, Solve.scanSteps, f: f)
    }

    /// The stretches between the outward search's tries (`grid`, in order), in turn.
    mutating func walk(_ grid: [Solve.Point], f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) {
        guard let first = grid.first else { return }
        // The roots listed are the ones nearest the start, which may lie past the first
        // changes of sign from the left.
        tries.limit = Solve.maxWalkedChanges
        tries.add(first)
        tries.proven = true
        for (a, b) in zip(grid, grid.dropFirst()) {
            try context.checkedInterruption(at: blame)
            guard !tries.isFull else { tries.leave(at: a.x); break }
            if try !look(a, b, depth: 0, f: f) { tries.proven = false }
            tries.add(b)
        }
    }

    /// The stretch a…b checked; once an expression is refused (no range), no stretch is.
    mutating func check(_ a: Rational, _ b: Rational) -> StretchCheck {
        if tries.refused { return StretchCheck(separation: .refused, monotonic: nil) }
        let check = stretch(a, b)
        if check.separation == .refused { tries.refused = true }
        return check
    }

    /// The try at x, the low end of a stretch: the last one made where it is there.
    mutating func tried(_ x: Rational, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Solve.Point {
        if let last = tries.points.last, last.x == x { return last }
        let point = try f(x)
        tries.add(point)
        return point
    }

    /// The stretches first..<first + count of the range: one proven apart needs no try, one
    /// proven monotonic is tried at its ends, else it is halved down to single stretches,
    /// each looked into (`look`).
    mutating func explore(_ first: Int, _ count: Int, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) {
        try context.checkedInterruption(at: blame)
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
                    let a = try tried(end(first), f: f)
                    let b = try f(end(first + count))
                    if a.defined, b.defined, let sa = a.sign, let sb = b.sign, sa != 0, sb != 0 {
                        if sa != sb { tries.proven = false }
                        return tries.add(b)
                    }
                }
                try explore(first, count / 2, f: f)
                return try explore(first + count / 2, count - count / 2, f: f)
            case .refused: break
            }
        }
        for index in first..<(first + count) {
            guard !tries.isFull else { return tries.leave(at: end(index)) }
            let a = try tried(end(index), f: f)
            let b = try f(end(index + 1))
            if try !look(a, b, depth: 0, f: f) { tries.proven = false }
            tries.add(b)
        }
    }

    /// Whether the stretch a…b is proven to hold no root inside it: apart, or monotonic with
    /// the same sign at both ends (or a root at just one), in every piece it was halved into.
    /// `beside` is a try just past one end, where a cut beside a pole left it (`aroundPole`).
    @discardableResult
    mutating func look(_ a: Solve.Point, _ b: Solve.Point, depth: Int, beside: Solve.Point? = nil,
                       f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Bool {
        guard a.defined, b.defined else { return false }
        // An end where f is exactly 0 is a root, listed as it is, and one where f's sign is
        // not proven (sin(πx) at a whole number, ≈ 0) may be: neither tells the sign beside
        // it, so the stretch is looked into from a try inside it, like any other, and two
        // such ends side by side may have more roots between them ((x − 3)(x − 4)(x − 5)
        // tried at 3 and 5).
        let (sa, sb) = (a.sign, b.sign)
        // Between two zeros, the sides may be proven one value all the way (floor(x) = 2):
        // the equation holds over the stretch, which is kept as such, not halved into zeros.
        if sa == 0, sb == 0, tries.budget > 0 {
            tries.budget -= 1
            if equal(a.x, b.x) { tries.hold(a.x, b.x); return false }
        }
        let crossing = sa != nil && sb != nil && sa != 0 && sb != 0 && sa != sb
        // Monotonic, the stretch holds no root inside it where both ends have one proven sign,
        // or one is a root and the other is not.
        let clearIfMonotonic = sa != nil && sb != nil && (sa == sb ? sa != 0 : (sa == 0) != (sb == 0))
        if depth >= Solve.maxRefinementDepth {
            deepest(a.x, b.x, crossing: crossing, clearIfMonotonic: clearIfMonotonic)
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
        if let told = told(check, at: a.x, crossing: crossing, clearIfMonotonic: clearIfMonotonic, depth: depth) { return told }
        tries.budget -= 1
        if check.separation == .unbounded, crossing, let pole = Self.poleEstimate(a, b, beside: beside) {
            if let beside = try aroundPole(a, b, at: pole, depth: depth, f: f) { return beside }
        }
        let middle = try cut(a.x, b.x, probing: !crossing && depth % Solve.touchProbeInterval == Solve.touchProbeInterval - 1, f: f)
        let before = try look(a, middle, depth: depth + 1, f: f)
        tries.add(middle)
        let after = try look(middle, b, depth: depth + 1, f: f)
        return before && after && middle.sign.map { $0 != 0 } == true
    }

    /// Where the chord of 1/f between the ends of a stretch crosses 0 (false position on
    /// 1/f, whose simple zeros are f's simple poles: tan x − x ≈ −1/(x − π/2) beside π/2), on
    /// a grid of 2^-40 of the stretch; nil where |f| at an end is not known, or the chord
    /// meets 0 within 2^-20 of the stretch from an end.
    ///
    /// With a try `beside` the stretch, on the same side of the pole as the end next to it,
    /// the secant of 1/f through those two is taken first where it meets 0 inside the
    /// stretch: an estimate that missed the pole narrows in on it faster than false
    /// position, which keeps the far end.
    static func poleEstimate(_ a: Solve.Point, _ b: Solve.Point, beside: Solve.Point? = nil) -> Rational? {
        guard a.log2Size.isFinite, b.log2Size.isFinite else { return nil }
        if let beside, let secant = secantZero(of: beside.x > b.x ? b : a, beside), a.x < secant, secant < b.x { return secant }
        // |1/fa| / (|1/fa| + |1/fb|) = 1 / (1 + |fa|/|fb|), without 2^size.
        let share = 1 / (1 + (a.log2Size - b.log2Size).clampedExp2)
        let scale = Double(1 << 40)
        guard share > 0x1p-20, share < 1 - 0x1p-20 else { return nil }
        return a.x + (b.x - a.x) * Rational(BigInt(Int((share * scale).rounded()))) / Rational(BigInt(1 << 40))
    }

    /// Where the secant of 1/f through two tries of one sign meets 0: e − (n − e)/(r − 1)
    /// with r = (1/f(n))/(1/f(e)) = 2^(log2|f(e)| − log2|f(n)|), the step on a grid of
    /// 2^-40 of n − e; nil where it goes further than 2^20 times n − e.
    private static func secantZero(of end: Solve.Point, _ next: Solve.Point) -> Rational? {
        guard end.sign != nil, end.sign == next.sign, end.sign != 0, next.log2Size.isFinite else { return nil }
        let step = 1 / ((end.log2Size - next.log2Size).clampedExp2 - 1)
        guard step.isFinite, step.magnitude < 0x1p20 else { return nil }
        let scale = Double(1 << 40)
        return end.x - (next.x - end.x) * Rational(BigInt(Int((step * scale).rounded()))) / Rational(BigInt(1 << 40))
    }

    /// A stretch with a pole whose ends change sign, cut on both sides of where the pole is
    /// estimated (`poleEstimate`): the window between the cuts is as narrow as halving the
    /// stretch down to `Solve.maxPoleDepth` would leave, and is looked into at that depth
    /// (a change of sign there is taken for the pole's); the pieces beside it, without the
    /// pole where the estimate holds, are proven monotonic or apart in one check each,
    /// where halving would check one piece a depth. An estimate that misses leaves the pole
    /// in a piece beside the window, estimated again a depth on. Nil where the window does
    /// not fit inside the stretch: it is halved.
    private mutating func aroundPole(_ a: Solve.Point, _ b: Solve.Point, at pole: Rational, depth: Int,
                                     f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Bool? {
        let half = (b.x - a.x) / Rational(BigInt.one.shiftedLeft(Solve.maxPoleDepth + 1 - depth))
        let (low, high) = (pole - half, pole + half)
        guard a.x < low, high < b.x else { return nil }
        let left = try f(low), right = try f(high)
        tries.budget -= 1
        let before = try look(a, left, depth: depth + 1, beside: right, f: f)
        tries.add(left)
        let within = try look(left, right, depth: Solve.maxPoleDepth, f: f)
        tries.add(right)
        let after = try look(right, b, depth: depth + 1, beside: left, f: f)
        return before && within && after && left.sign.map { $0 != 0 } == true && right.sign.map { $0 != 0 } == true
    }

    /// What a stretch's check tells without halving it: proven clear (true), left as it is
    /// (false), or nil: halved on.
    private mutating func told(_ check: StretchCheck, at a: Rational, crossing: Bool, clearIfMonotonic: Bool, depth: Int) -> Bool? {
        switch check.separation {
        case .apart: return true
        case .refused: return false
        case .unproven:
            // Monotonic, a stretch holds the one root its change of sign shows, or none.
            // Without a derivative rule a change of sign is taken for one root.
            tries.budget -= 1
            switch check.monotonic {
            case true?:
                if clearIfMonotonic { return true }
                if crossing { return false }
                // Monotonic between two zeros, the sides are equal all the way; with an end
                // whose sign is not proven, a root there is all it may hide, which halving
                // would not tell: left as it is, and there may be more.
                tries.leave(at: a)
                return false
            case nil: return crossing ? false : nil
            case false?: return nil
            }
        // A pole in the stretch may hide more beside it (`tan(x) = 1` has a root on each
        // side of each pole): halved as deep as `Solve.maxPoleDepth`, where a change of
        // sign is taken for the pole's.
        case .unbounded:
            guard depth >= Solve.maxPoleDepth else { return nil }
            if !crossing { tries.leave(at: a) }
            return false
        }
    }

    /// A stretch halved as far as it goes: a change of sign there that range arithmetic
    /// bounds but cannot show monotonic (a root where the sides only touch as they cross, as
    /// (x − 1)^3 = 0's) may be several roots; one sign at both ends (or a zero at one), not
    /// proven apart nor monotonic, may hide two roots closer than the halvings go (x = 1 and
    /// 1 + 1e-20), or one where the sides only touch: there may be more.
    private mutating func deepest(_ a: Rational, _ b: Rational, crossing: Bool, clearIfMonotonic: Bool) {
        let check = check(a, b)
        if crossing {
            if check.separation == .unproven, check.monotonic == false { tries.leave(at: a) }
        } else if check.separation != .apart, check.separation != .refused, !(clearIfMonotonic && check.monotonic == true) {
            tries.leave(at: a)
        }
    }

    /// Where a stretch is halved: its middle. A root where the sides only touch shows no
    /// change of sign, so a stretch with none that is not proven clear (`probing`) has the
    /// shortest decimal in it tried first: where the sides are exactly equal there, it is a
    /// root, proven, and the stretch is cut there.
    private func cut(_ a: Rational, _ b: Rational, probing: Bool, f: (Rational) throws(Diagnostic) -> Solve.Point) throws(Diagnostic) -> Solve.Point {
        if probing {
            let simplest = Solve.shortestDecimal(from: a, to: b)
            if simplest != a, simplest != b {
                let point = try f(simplest)
                if point.sign == 0 { return point }
            }
        }
        return try f((a + b) / Rational(2))
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
    /// Stretches over which the sides are proven equal, in order.
    var held: [(Rational, Rational)] = []
    var refused = false
    var proven = false

    /// Past `limit` roots or changes of sign (a change at a pole is none), twice
    /// `Solve.maxRoots` unless said, the rest is left.
    var isFull: Bool { found > limit }
    var limit = 2 * Solve.maxRoots

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

    /// A stretch between two zeros over which the sides are equal: its high end, tried next,
    /// is part of it, not one more root.
    mutating func hold(_ a: Rational, _ b: Rational) {
        held.append((a, b))
        found -= 1
    }

    /// Where the first stretch not looked into starts.
    mutating func leave(at x: Rational) {
        if unexamined == nil { unexamined = x }
    }
}
