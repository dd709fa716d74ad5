/// The statistics of a sample of numbers (`help lists`): sum, mean, median, the sample's
/// and the population's variance, order. Exact for exact values (every one of them is
/// rational then), with proven bounds for approximate ones; linear in the count, or
/// n log n where the values are ordered. Each long loop asks the context's interruption.
///
/// The definitions are those of Python's `statistics` module and of spreadsheets: the
/// median of an even count is the mean of the two middle values; the sample variance
/// divides the squared deviations by n − 1 (`statistics.variance`, STDEV's square), the
/// population variance by n (`statistics.pvariance`).
public enum Statistics {
    /// How many values a loop reads between two looks at the interruption.
    static let interruptionStride = 4096

    /// Σ x.
    public static func sum(_ values: [Number], in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        var total = Sum()
        for (index, value) in values.enumerated() {
            if index % interruptionStride == 0 { try context.checkInterruption() }
            try total.add(value, in: context)
        }
        return try total.value(in: context)
    }

    /// A running sum. Exact values whose parts fit a machine word are added over one
    /// common denominator, the least common multiple of theirs, in 128 bits, and reduced
    /// once at the end: a column of decimals shares one (a thousandth), where a sum of
    /// fractions reduces at every step. Any other value, or a common denominator or a
    /// numerator that would outgrow the machine, goes through `Number`'s addition, which
    /// gives the same exact result.
    struct Sum {
        private var total = Number(0)
        private var numerator: Int128 = 0
        private var denominator: Int64 = 1

        mutating func add(_ value: Number, in context: borrowing EvaluationContext) throws(ArithmeticError) {
            if case .exact(let r) = value, let (n, d) = r.machineParts, let sum = Sum.adding(n, d, to: numerator, denominator) {
                (numerator, denominator) = sum
                return
            }
            try flush(in: context)
            total = try total.adding(value, in: context)
        }

        /// The sum of every value added.
        mutating func value(in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
            try flush(in: context)
            return total
        }

        /// The common-denominator part moved into `total`.
        private mutating func flush(in context: borrowing EvaluationContext) throws(ArithmeticError) {
            guard numerator != 0 else { return }
            total = try total.adding(.exact(Rational(BigInt(numerator), BigInt(Int128(denominator)))), in: context)
            (numerator, denominator) = (0, 1)
        }

        /// N/D + n/d over the least common multiple of D and d (d > 0); nil when it
        /// would leave 63 bits or the numerator 127.
        static func adding(_ n: Int64, _ d: Int64, to N: Int128, _ D: Int64) -> (Int128, Int64)? {
            var common = D
            if D % d != 0 {
                let g = Int64(BigInt.binaryGCD(UInt64(D), UInt64(d)))
                let (product, overflow) = (D / g).multipliedReportingOverflow(by: d)
                if overflow { return nil }
                common = product
            }
            let (scaled, overflow) = N.multipliedReportingOverflow(by: Int128(common / D))
            let (term, termOverflow) = Int128(n).multipliedReportingOverflow(by: Int128(common / d))
            guard !overflow, !termOverflow else { return nil }
            let (sum, sumOverflow) = scaled.addingReportingOverflow(term)
            return sumOverflow ? nil : (sum, common)
        }
    }

    /// Σ x / n, for n ≥ 1.
    public static func mean(_ values: [Number], in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        precondition(!values.isEmpty, "the mean of no values")
        return try sum(values, in: context).divided(by: Number(values.count), in: context)
    }

    /// The values in ascending order. Two approximate values whose bounds overlap cannot be
    /// ordered: refused, never guessed.
    public static func sorted(_ values: [Number], bits: Int) throws(ArithmeticError) -> [Number] {
        if values.allSatisfy(\.isExact) { return values.sorted() }
        var undecided = false
        let ordered = values.sorted { a, b in
            guard let order = a.order(comparedTo: b, bits: bits) else {
                undecided = true
                return false
            }
            return order < 0
        }
        if undecided { throw .tooClose("two values of the list are too close to tell apart") }
        return ordered
    }

    /// The middle value of `sorted` (ascending), or the mean of the two middle ones for an
    /// even count; n ≥ 1.
    public static func median(sorted: [Number], in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        precondition(!sorted.isEmpty, "the median of no values")
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return try sorted[middle - 1].adding(sorted[middle], in: context).divided(by: Number(2), in: context)
    }

    /// The smallest (or, `largest`, the largest) value; n ≥ 1. Refused when two approximate
    /// candidates overlap.
    public static func extreme(_ values: [Number], largest: Bool, bits: Int) throws(ArithmeticError) -> Number {
        precondition(!values.isEmpty, "the extreme of no values")
        var best = values[0]
        for value in values.dropFirst() {
            guard let order = value.order(comparedTo: best, bits: bits) else {
                throw .tooClose("two values of the list are too close to tell apart")
            }
            if largest ? order > 0 : order < 0 { best = value }
        }
        return best
    }

    /// The standard deviation, √variance (`spread`'s, with its scale).
    public static func deviation(_ values: [Number], population: Bool,
                                 in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let (variance, scale) = try spread(values, population: population, in: context)
        return try variance.squareRoot(in: context).multiplied(by: scale, in: context)
    }

    /// The variance (`spread`'s, times its scale squared: too large where it passes the range).
    public static func scaledVariance(_ values: [Number], population: Bool,
                                      in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let (variance, scale) = try spread(values, population: population, in: context)
        return try variance.multiplied(by: scale, in: context).multiplied(by: scale, in: context)
    }

    /// The variance of the values divided by a scale, and the scale: 1, or, where values
    /// near the ends of the range (±1e100000) make their squares, or the mean's rounding,
    /// pass it, their largest magnitude M. The variance of x is M² · variance(x / M), and
    /// the deviation M · √variance(x / M), each the same number with its squares in range.
    static func spread(_ values: [Number], population: Bool,
                       in context: borrowing EvaluationContext) throws(ArithmeticError) -> (variance: Number, scale: Number) {
        let failure: ArithmeticError
        do {
            return (try variance(values, population: population, in: context), Number(1))
        } catch {
            failure = error
        }
        switch failure {
        case .tooLarge, .lost: break
        default: throw failure
        }
        var largest = Number(0)
        for value in values {
            if let order = value.magnitude.order(comparedTo: largest, bits: context.precision), order > 0 { largest = value.magnitude }
        }
        guard !largest.isZero else { throw failure }
        var scaled: [Number] = []
        scaled.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if index % interruptionStride == 0 { try context.checkInterruption() }
            scaled.append(try value.divided(by: largest, in: context))
        }
        return (try variance(scaled, population: population, in: context), largest)
    }

    /// The variance: Σ (x − mean)² / (n − 1) for a sample (n ≥ 2), / n for the population
    /// (n ≥ 1). Exact values are summed once each and their squares once,
    /// (n Σx² − (Σx)²) / (n (n − 1)) or / n², which is exact and keeps fractions small; an
    /// approximate value's deviations are taken from the mean, which keeps the bounds of a
    /// spread far smaller than the values narrow.
    public static func variance(_ values: [Number], population: Bool,
                                in context: borrowing EvaluationContext) throws(ArithmeticError) -> Number {
        let n = values.count
        precondition(n >= (population ? 1 : 2), "a variance of too few values")
        let count = Number(n)
        let divisor = population ? count : Number(n - 1)
        if values.allSatisfy(\.isExact) {
            var sums = Sum(), squareSums = Sum()
            for (index, value) in values.enumerated() {
                if index % interruptionStride == 0 { try context.checkInterruption() }
                try sums.add(value, in: context)
                try squareSums.add(value.multiplied(by: value, in: context), in: context)
            }
            let sum = try sums.value(in: context), squares = try squareSums.value(in: context)
            let spread = try count.multiplied(by: squares, in: context).subtracting(sum.multiplied(by: sum, in: context), in: context)
            return try spread.divided(by: count.multiplied(by: divisor, in: context), in: context)
        }
        let mean = try mean(values, in: context)
        var squares = Number(0)
        for (index, value) in values.enumerated() {
            if index % interruptionStride == 0 { try context.checkInterruption() }
            let deviation = try value.subtracting(mean, in: context)
            squares = try squares.adding(deviation.multiplied(by: deviation, in: context), in: context)
        }
        return try squares.divided(by: divisor, in: context)
    }
}
