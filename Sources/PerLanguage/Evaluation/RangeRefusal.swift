/// Why a range (`12 kg ± 0.5 kg`, `help tolerances`) cannot take part in a calculation.
/// Each case names what was written, so the message says what to do instead.
public enum RangeRefusal: Sendable, Equatable {
    /// `1 ± 0.1 ± 0.2`: one tolerance to a value; ranges add with `+`.
    case twoTolerances
    /// `12 ± -1`: a tolerance below 0.
    case negativeTolerance
    /// `(1 ± 0.1) ± 0.2`: the tolerance of a value that is a range already.
    case toleranceOfRange
    /// `1 ± (0.1 ± 0.01)`: a tolerance that is itself a range.
    case rangeAsTolerance
    /// `12 / (1 ± 2)`: dividing by a range that holds 0, shown as its two ends.
    case divisionByRangeWithZero(low: String, high: String)
    /// `(-1 ± 2)^-1`, `(-1 ± 2)^0.5`: a power of a range holding 0 needs a whole exponent, 0 or more.
    case powerOfRangeWithZero
    /// `(-2)^(1 ± 0.5)`: a range as an exponent takes a plain base above 0 (or from 0, with
    /// an exponent of 0 or more).
    case rangeAsExponent
    /// `(1 ± 2) < (2 ± 2)`: the answer differs within the ranges.
    case comparisonUndecided(String)
    /// `sin(1 ± 0.1)`, `mod`, `!`, `to fraction`, a user's function: what takes only one value.
    case unsupported(String)
    /// `tan(1.5 ± 0.1)`: a range with a pole of the function in it has no bound.
    case pole(String)
    /// `add (2 ± 0.1) kg`: a command's argument is one value.
    case commandArgument
    /// `total` of a block with a range in it.
    case blockFigure(command: String)

    public var message: String {
        switch self {
        case .twoTolerances:
            return "one ± to a value: write the whole tolerance after it (12 kg ± 0.7 kg), or add two ranges with +"
        case .negativeTolerance:
            return "a tolerance after ± is at least 0: 12 kg ± 0.5 kg"
        case .toleranceOfRange:
            return "the value before ± is a range already; add ranges with +, as in (12 ± 0.5) + (0 ± 0.2)"
        case .rangeAsTolerance:
            return "the tolerance after ± is one value, not a range"
        case .divisionByRangeWithZero(let low, let high):
            return "division by a range that holds 0 (\(low) to \(high)): the result has no bound"
        case .powerOfRangeWithZero:
            return "a power of a range that holds 0 needs a whole exponent, 0 or more"
        case .rangeAsExponent:
            return "a range as the exponent of a power needs a plain base above 0"
        case .comparisonUndecided(let op):
            return "cannot tell: \(op) holds for part of the ranges and not for the rest"
        case .unsupported(let what):
            return "\(what) takes one value, not a range (±): ranges go through + - * / ^, min, max, abs, sqrt, cbrt, exp, ln, log, sin, cos, tan, round, floor, ceil and to"
        case .pole(let function):
            return "\(function) has a pole within the range (at π/2 + kπ): its values there have no bound"
        case .commandArgument:
            return "a command's argument is one value, not a range (±); ranges are for calculations (help tolerances)"
        case .blockFigure(let command):
            return "\(command) reads single values, and a line above is a range (±): add the lines with + for the range of the total"
        }
    }

    public var code: ProblemCode {
        switch self {
        case .divisionByRangeWithZero: return .divisionByZero
        case .comparisonUndecided: return .undecidable
        case .twoTolerances: return .syntaxError
        case .negativeTolerance, .toleranceOfRange, .rangeAsTolerance, .powerOfRangeWithZero, .rangeAsExponent, .unsupported, .pole,
             .commandArgument, .blockFigure:
            return .rangeRefused
        }
    }
}

extension Diagnostic {
    public init(_ refusal: RangeRefusal, at range: Range<Int>) { self.init(.range(refusal), at: range) }
}
