import PerNumbers
import PerUnits
import PerLanguage

/// The answer of `solve EXPR = EXPR for NAME [in A..B]` (`help solve`): each root as an
/// interval that provably holds it, shown with its certain digits.
public struct Solution: Sendable, Equatable {
    public struct Root: Sendable, Equatable {
        /// The bracket, in the unknown's unit: a root lies in low…high; the two are equal
        /// when the root is exact.
        public let low: Rational
        public let high: Rational
        /// The root as the calculator shows it: exact, or only its certain digits.
        public let shown: DisplayedQuantity
        /// Whether `shown` is a number, or words for a bracket with no certain digit
        /// ("between 0.5 and 1.5"), which JSON gives as no value.
        public var isNumber = true
        /// The sides are equal over the whole stretch low…high (floor(x) = 2), shown as
        /// "from … to …": no single root.
        public var holds = false

        /// The bracket's ends as decimals of 20 significant digits, rounded outward (low
        /// down, high up), so that they still hold the root: JSON's `low` and `high`.
        public var decimalBounds: (low: String, high: String) { (Root.decimal(low, up: false), Root.decimal(high, up: true)) }

        package static func decimal(_ r: Rational, up: Bool) -> String {
            if r.isZero { return "0" }
            let decimals = max(0, 19 - NumberDisplay.estimatedExponent(r))
            let scale = Rational(BigInt.powerOfTen(decimals))
            let rounded = Rational((r * scale).rounded(up ? .up : .down)) / scale
            return NumberDisplay.display(.exact(rounded), digits: NumberDisplay.digitsRange.upperBound).text
        }
    }

    /// The unknown.
    public let name: String
    public let roots: [Root]
    /// More changes of sign than `Solve.maxRoots` were found, or a stretch of the range was
    /// not looked into.
    public let mayBeMore: Bool
    /// Without a range, the span the outward search looked in, when roots beyond it are not
    /// ruled out (the equation is no polynomial whose roots are all found or bounded).
    public var searched: SearchedSpan? = nil
    /// `solve ESTIMATOR KEY for RESULT = VALUE`: the estimate at the (first) answer.
    public var estimate: Estimate? = nil
    /// What the answer means beyond its value (a stepped input already past the target at
    /// the lowest value searched).
    public var note: String? = nil
}

/// The span an outward search looked in: its ends, and as the calculator shows them.
public struct SearchedSpan: Sendable, Equatable {
    public let low: Rational
    public let high: Rational
    public let text: String
}
