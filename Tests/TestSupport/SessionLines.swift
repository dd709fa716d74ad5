import PerCore
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
