import PerTools
import PerLanguage
import PerSession
import PerNumbers

extension Session {
    /// Runs every statement of a line, in order, each in `context`, for tests and fuzz
    /// targets that drive the core without the shell: each outcome as the session gives
    /// it, with what it asks of files (a saved set, the price book) left undone. The
    /// shell's statement loop (`Runner.run`) is the one that carries such requests out.
    public mutating func run(line: String, context: EvaluationContext = .standard) -> [StatementResult] {
        StatementSource.statements(in: line).map { source in
            StatementResult(source: source, outcome: execute(source, context: context))
        }
    }
}

/// What tests ask of a statement's outcome, as they asked of the standard `Result` it was.
extension StatementOutcome {
    public var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    /// The outcome made into another value, or the problem.
    public func map<T>(_ transform: (Outcome) -> T) -> Result<T, Diagnostic> {
        switch self {
        case .success(let outcome): return .success(transform(outcome))
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The outcome made into another result, or the problem.
    public func flatMap<T>(_ transform: (Outcome) -> Result<T, Diagnostic>) -> Result<T, Diagnostic> {
        switch self {
        case .success(let outcome): return transform(outcome)
        case .failure(let problem): return .failure(problem)
        }
    }
}
