@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// What a statement gave, as the core tests compare it: a failure as its problem and the
/// column it points at, never its wording (the transcript tests pin the wording); anything
/// else as the text the shell shows, written as a string literal.
enum Seen: Equatable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    case text(String)
    case problem(Problem, column: Int)

    init(stringLiteral text: String) { self = .text(text) }

    init(_ diagnostic: Diagnostic) { self = .problem(diagnostic.problem, column: diagnostic.column) }

    var description: String {
        switch self {
        case .text(let text): return text
        case .problem(let problem, let column): return "problem@\(column): \(problem) (\(problem.message))"
        }
    }

    /// Whether the statement failed, whatever the problem.
    var isProblem: Bool {
        if case .problem = self { return true }
        return false
    }
}
