import PerNumbers
import PerUnits

/// Why `solve EXPR = EXPR for NAME [in A..B]` gives no answer (`help solve`). A search
/// that found nothing says whether it proved there is none.
public enum SolveRefusal: Sendable, Equatable {
    /// The equation the messages show as an example.
    public static let example = "solve x^3 - 2*x = 5 for x"
    /// `solve x^2`, `solve x = 2`: the statement is not EXPR = EXPR for NAME.
    case shape(missing: String)
    /// `solve y^2 = 4 for x`: the unknown does not occur in the equation.
    case nameAbsent(String)
    /// `in 5..1`: a range that holds no values to search.
    case emptyRange(from: String, to: String)
    /// `in 2..2`: a range of one value, no stretch to search.
    case singleValue(from: String, to: String)
    /// `in 100 L..2 L` where the sides then differ: the range's dimension is not the one the
    /// unknown needs.
    case rangeDimension(name: String, range: Dimension, left: Dimension, right: Dimension)
    /// The two sides measure different things whatever the unknown is.
    case unlike(left: Dimension, right: Dimension)
    /// A side that is a date, a range with a tolerance or no number at all.
    case notANumber(String)
    /// The scan saw no proven change of sign: there may still be a root.
    case noSignChange(range: String)
    /// The scan proved the two sides never meet in the range.
    case noSolution(range: String)
    /// Outward search from the starting value found no change of sign.
    case notFound(name: String, from: String, to: String)
    /// An estimator's input searched across its values found no change of sign.
    case notReached(key: String, from: String, to: String, example: String)
    /// `solve boiler maxtds for blowdown_pct = 0%`: a result the estimator's formula keeps
    /// above 0 at every input, with why.
    case aboveZero(result: String, target: String, reason: String)
    /// `solve x = x for x in 0..1`: the sides are equal at every value tried.
    case everywhere(name: String, range: String)
    /// `solve cooling cycles for`: the statement is not ESTIMATOR KEY for RESULT = VALUE.
    case estimatorShape(estimator: String, missing: String)
    /// `solve cooling cycles for blead = 3`: no numeric result of that name.
    case unknownResult(estimator: String, name: String, suggestion: String?, names: [String])
    /// `solve dose soil for …`: an input that takes words, not numbers.
    case choice(key: String, choices: [String])
    /// `solve cooling volume for bleed = 3`: the result is the same whatever the input.
    case notMoved(key: String, result: String)
    /// `solve cooling cycles for lsi_acid = 1` without the acid's inputs: no try gives the
    /// result; what it is, with what it comes.
    case notGiven(estimator: String, result: String, summary: String)
    /// `in 0.5..10` for cycles, which must be above 1: the range leaves the input's values.
    case outsideRange(key: String, valid: String)
    /// `for bleed = 3 kg`: the target measures something else than the result.
    case target(result: String, resultDimension: Dimension, target: Dimension)
    /// A result that steps across the target (a dose rounded to 5 ml) and never equals it:
    /// where it does.
    case jump(result: String, target: String, key: String, at: String)
    /// `for blowdown_pct = 5`: a plain number where the result is a percentage, which reads
    /// two ways (0.05 is 5% in a calculation, 0.05% as an estimator's input).
    case percentTarget(result: String, asCalculation: String, asInput: String)
    /// No change of sign over the values an estimator ran at, `from`…`to`; beyond `edge` (on
    /// the side `below` says) it refused the input, for `reason`.
    indirect case notReachedWhereRun(estimator: String, key: String, from: String, to: String, below: Bool, edge: String, reason: String)

    /// A name as messages show it: a long one cut short.
    private static func shown(_ name: String) -> String { VisibleText.cut(name, toWidth: 40) }

    package var message: String {
        switch self {
        case .shape(let missing):
            return "solve takes EXPR = EXPR for NAME [in A..B]: \(missing), as in \(SolveRefusal.example)"
        case .nameAbsent(let name):
            return "\(Self.shown(name)) does not occur in the equation: solve for a name it uses"
        case .emptyRange(let from, let to):
            return "the range \(from)..\(to) holds no values: write the lower value first"
        case .singleValue(let from, let to):
            return "the range \(from)..\(to) is one value: solve searches between two different values, a range around \(from)"
        case .rangeDimension(let name, let range, let left, let right):
            let name = Self.shown(name)
            return "with \(name) \(range.withArticle) the two sides are \(left.withArticle) and \(right.withArticle): "
                + "give \(name) a range in the dimension it needs"
        case .unlike(let left, let right):
            return "the two sides are \(left.withArticle) and \(right.withArticle): they must measure the same thing; "
                + "if the unknown has a unit, give it a range in that unit, as in solve 2.49 per q = 4 per kg for q in 100 g..2 kg"
        case .notANumber(let what):
            return "solve finds a number: a side is \(what)"
        case .noSignChange(let range):
            return "no sign change found in \(range): there may be no solution, or one where the sides only touch; "
                + "try another range"
        case .noSolution(let range):
            return "no solution in \(range): the two sides never meet there"
        case .notFound(let name, let from, let to):
            let name = Self.shown(name)
            return "no sign change found for \(name) from \(from) to \(to): give a range, as in for \(name) in 0..10"
        case .notReached(let key, let from, let to, let example):
            return "no sign change found for \(key) from \(from) to \(to): the result may not reach the target there; "
                + "give a range after the target, as in \(example)"
        case .everywhere(let name, let range):
            return "the two sides are equal for every value of \(Self.shown(name)) tried in \(range): there is no one solution"
        case .estimatorShape(let estimator, let missing):
            return "solve \(estimator) takes KEY for RESULT = VALUE [in A..B]: \(missing), as in solve cooling cycles for bleed = 3 m3/h"
        case .unknownResult(let estimator, let name, let suggestion, let names):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "."
            return "\(estimator) has no result '\(name)'\(hint) Its numbers: \(names.joined(separator: ", "))"
        case .choice(let key, let choices):
            return "\(key) takes a word (\(choices.joined(separator: " | "))): solve finds a number; give \(key) as an input instead"
        case .notMoved(let key, let result):
            return "\(result) does not change with \(key): solve for an input it depends on"
        case .notGiven(let estimator, let result, let summary):
            return "\(estimator) gives no \(result) with these inputs (\(result): \(summary)): give the inputs it comes with"
        case .outsideRange(let key, let valid):
            return "the range leaves the values \(key) takes (\(valid)): give a range within them"
        case .target(let result, let resultDimension, let target):
            return "\(result) is \(resultDimension.withArticle) and the target is \(target.withArticle): they must measure the same thing"
        case .aboveZero(let result, let target, let reason):
            return "\(result) = \(target) cannot be reached: \(reason)"
        case .jump(let result, let target, let key, let at):
            return "\(result) steps across \(target) at \(key) \(at) and is never \(target): no value of \(key) gives it exactly"
        case .percentTarget(let result, let asCalculation, let asInput):
            return "\(result) is a percentage and a plain number reads two ways: write \(result) = \(asCalculation) "
                + "(as a calculation reads it) or \(result) = \(asInput) (as an estimator's input reads it)"
        case .notReachedWhereRun(let estimator, let key, let from, let to, let below, let edge, let reason):
            return "no sign change found for \(key) from \(from) to \(to), where \(estimator) gives an estimate: the result may "
                + "not reach the target there; \(estimator) refuses \(key) \(below ? "below" : "above") \(edge) (\(reason))"
        }
    }

    package var code: ProblemCode {
        switch self {
        case .shape: return .missingArgument
        case .nameAbsent: return .unknownName
        case .emptyRange, .singleValue: return .invalidArgument
        case .rangeDimension, .unlike: return .dimensionMismatch
        case .notANumber: return .notANumber
        case .noSignChange, .notFound: return .noSignChange
        case .noSolution, .notReached, .everywhere: return .noSolution
        case .estimatorShape: return .missingArgument
        case .unknownResult: return .unknownName
        case .choice, .outsideRange: return .invalidArgument
        case .notMoved, .jump, .aboveZero, .notReachedWhereRun: return .noSolution
        case .percentTarget: return .invalidArgument
        case .notGiven: return .missingArgument
        case .target: return .dimensionMismatch
        }
    }
}
