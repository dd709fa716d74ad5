import PerNumbers
import PerUnits

/// Why a list (`[1.2 kg, 1.5 kg]`, `help lists`) cannot be made, or cannot take part in a
/// calculation. Each case names what was written, so the message says what to do instead.
public enum ListRefusal: Sendable, Equatable {
    /// `[1 kg, 2 m]`: the values of a list share one dimension, the first's.
    case mixedDimensions(first: Dimension, value: Dimension)
    /// `[[1, 2], 3]`: a list holds values, not lists.
    case nested
    /// `[1 ± 0.1, 2]`: a list holds single values, not ranges.
    case range
    /// A list of more values than a list holds.
    case tooLong(most: Int)
    /// `[1, 2] + [1, 2, 3]`: element by element needs lists of one length.
    case lengthsDiffer(Int, Int)
    /// `mean([])`, `stdev(5)`: the function, the values it needs at least, and how many it had.
    case tooFew(function: String, needs: Int, given: Int)
    /// `[1, 2] < 3`, a list to a list of units, a function of your own: what takes one value.
    case unsupported(String)
    /// `digits [1, 2]`, `cooling calcium=[1, 2]`: a command's argument is one value.
    case commandArgument
    /// `total` of a block with a list in it.
    case blockFigure(command: String)
    /// `mean` of dates or times of day: only their order, count, least and greatest mean something.
    case pointsWithoutSum(function: String)
    /// `sum` of temperatures on a scale: points do not add.
    case temperaturesWithoutSum

    public var message: String {
        switch self {
        case .mixedDimensions(let first, let value):
            return "the values of a list are of one kind: the first is \(first.withArticle), this one \(value.withArticle)"
        case .nested:
            return "a list holds values, not lists: write the values of both in one list"
        case .range:
            return "a list holds single values, not ranges (±)"
        case .tooLong(let most):
            return "a list holds at most \(NumberDisplay.grouped(String(most))) values"
        case .lengthsDiffer(let a, let b):
            return "element by element takes two lists of one length, not \(a) values and \(b)"
        case .tooFew(let function, let needs, let given):
            if given == 0 { return "\(function) of no values: the list is empty" }
            return "\(function) needs at least \(needs) values, not \(given)"
        case .unsupported(let what):
            return "\(what) takes one value, not a list: lists go through + - * / ^, functions of one value, "
                + "to a unit, and sum, mean, median, min, max, stdev, var, count and sort"
        case .commandArgument:
            return "a command's argument is one value, not a list: give it one, as in mean(lab) (help lists)"
        case .blockFigure(let command):
            return "\(command) reads single values, and a line above is a list: use sum(…) or mean(…) of the list"
        case .pointsWithoutSum(let function):
            return "\(function) of dates or times of day means nothing: they have an order (sort, min, max), a count, and differences"
        case .temperaturesWithoutSum:
            return QuantityError.sumOfTemperatures.message
        }
    }

    public var code: ProblemCode {
        switch self {
        case .mixedDimensions: return .dimensionMismatch
        case .tooLong: return .limitExceeded
        case .lengthsDiffer: return .listLengthsDiffer
        case .tooFew: return .tooFewValues
        case .pointsWithoutSum: return .datePoint
        case .temperaturesWithoutSum: return .temperaturePoint
        case .nested, .range, .unsupported, .commandArgument, .blockFigure: return .listRefused
        }
    }
}

extension Diagnostic {
    public init(_ refusal: ListRefusal, at range: Range<Int>) { self.init(.list(refusal), at: range) }
}

