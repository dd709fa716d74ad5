import PerNumbers
import PerUnits

/// Why a statement failed, and where: `range` holds offsets (in Unicode scalars) into the
/// source line, so `column` is 1-based in that line.
public struct Diagnostic: Error, Sendable, Equatable {
    /// What went wrong, as a value.
    public let problem: Problem
    public let range: Range<Int>
    /// Inputs an estimator needs and did not get, in order; a terminal can ask for them.
    public let missingInputs: [MissingInput]
    /// The estimator inputs a rule refused, the one to blame first (`tds` when it is not
    /// below `maxtds`, then `maxtds`), so a terminal that asked for one can ask again.
    public let refusedInputs: [String]

    public init(_ problem: Problem, at range: Range<Int>, missingInputs: [MissingInput] = [], refusedInputs: [String] = []) {
        self.problem = problem
        self.range = range
        self.missingInputs = missingInputs
        self.refusedInputs = refusedInputs
    }

    public init(_ error: ArgumentError, at range: Range<Int>) { self.init(.arguments(error), at: range) }

    public init(_ error: SyntaxError, at range: Range<Int>) { self.init(.syntax(error), at: range) }
    public init(_ error: QuantityError, at range: Range<Int>) { self.init(.quantity(error), at: range) }
    public init(_ problem: ZoneProblem, at range: Range<Int>) { self.init(.zone(problem), at: range) }
    public init(_ error: ArithmeticError, at range: Range<Int>) { self.init(Problem.arithmetic(error), at: range) }
    public init(_ error: ShoppingError, at range: Range<Int>) { self.init(.shopping(error), at: range) }
    public init(_ refusal: OutputFormat.Refusal, at range: Range<Int>) { self.init(.format(refusal), at: range) }
    public init(_ error: SavedSetError, at range: Range<Int>) { self.init(.savedSet(error), at: range) }
    public init(_ error: InputError, at range: Range<Int>, missingInputs: [MissingInput] = []) {
        self.init(.input(error), at: range, missingInputs: missingInputs)
    }
    public init(_ error: EstimateError, at range: Range<Int>, refusedInputs: [String] = []) {
        self.init(.estimate(error), at: range, refusedInputs: refusedInputs)
    }

    /// The problem in words.
    public var message: String { problem.message }

    public var column: Int { range.lowerBound + 1 }
}

/// An estimator input that a statement left out, with what to ask for it.
public struct MissingInput: Sendable, Equatable {
    public let estimator: String
    public let key: String
    /// `steam output (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)`.
    public let description: String

    package init(estimator: String, key: String, description: String) {
        (self.estimator, self.key, self.description) = (estimator, key, description)
    }
}
