import TestSupport
import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// What `solve` says when it gives no root: the evaluation's own error where a side has no
/// value anywhere, a syntax error before "the name does not occur", "no solution" only
/// where proven over the whole line or range, its own code for "no sign change found", the
/// caret under the part at fault, and long names shortened.
struct SolveRefusalTests {
    static func failure(_ statement: String, session: inout Session) -> Diagnostic? {
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { return nil }
        return diagnostic
    }

    @Test("a side with no value anywhere is refused with the evaluation's error, at its column (the division's, as 1 + 0/0 shows it)",
          arguments: [("solve x = 0/0 for x", ProblemCode.divisionByZero, 12), ("solve 1/0 = x for x", .divisionByZero, 8),
                      ("solve x = 1/0 for x in 0..1", .divisionByZero, 12)])
    func noValue(_ statement: String, _ code: ProblemCode, _ column: Int) throws {
        var session = Session()
        let diagnostic = try #require(Self.failure(statement, session: &session), "\(statement) answered")
        #expect(diagnostic.problem.code == code, "\(statement): \(diagnostic.message)")
        #expect(diagnostic.range.lowerBound == column - 1, "\(statement): \(diagnostic.range)")
    }

    @Test("a syntax error in the equation is reported at its column, not as a name that does not occur",
          arguments: [("solve )( = 1 for x", 7), ("solve 2 + = 1 for x", 11), ("solve \u{7F} = 1 for x", 7)])
    func syntaxFirst(_ statement: String, _ column: Int) throws {
        var session = Session()
        let diagnostic = try #require(Self.failure(statement, session: &session), "\(statement) answered")
        #expect(diagnostic.problem.code == .syntaxError, "\(statement): \(diagnostic.message)")
        #expect(diagnostic.range.lowerBound == column - 1, "\(statement): \(diagnostic.range)")
        if statement.unicodeScalars.contains("\u{7F}") { #expect(diagnostic.message.contains("U+007F"), "\(diagnostic.message)") }
    }

    @Test("no sign change found has its own code, and without a range the caret is under the equation, not solve")
    func unprovenCode() throws {
        var session = Session()
        for (statement, column) in [("solve 1/x = 0 for x in -1..2", 24), ("solve 1/x = 0 for x", 7), ("solve exp(x) + 1 = 0 for x", 7)] {
            let diagnostic = try #require(Self.failure(statement, session: &session), "\(statement) answered")
            #expect(diagnostic.problem.code == .noSignChange, "\(statement): \(diagnostic.message)")
            #expect(diagnostic.range.lowerBound == column - 1, "\(statement): \(diagnostic.range)")
        }
        let proven = try #require(Self.failure("solve x^2 = -1 for x", session: &session))
        #expect(proven.problem.code == .noSolution)
        #expect(proven.range.lowerBound == 6)
    }

    @Test("a root past the outward search's reach is not denied: an exact polynomial is searched to Cauchy's bound, else it says how far it looked")
    func pastTheSearch() throws {
        var session = Session()
        // 1e10000 is no exact number in per (past 1e1000 a decimal is approximate): no
        // Cauchy bound, and a search that stops short of it says so, never "no solution".
        let far = try #require(Self.failure("solve x = 1e10000 for x", session: &session), "x = 1e10000 answered")
        #expect(far.problem.code == .noSignChange, "\(far.message)")
        // Exact: Cauchy's bound says where to stop (1 + 10^2400), past 2^4096 (about 1e1233):
        // the roots ±10^1200 lie beyond the doublings, and were denied.
        guard case .success(.solution(let exact)) = session.run(line: "solve x^2 = 10^2400 for x")[0].outcome else {
            Issue.record("x^2 = 10^2400: no solution"); return
        }
        let roots = [-Rational(BigInt.powerOfTen(1200)), Rational(BigInt.powerOfTen(1200))]
        #expect(exact.roots.count == 2 && zip(exact.roots, roots).allSatisfy { $0.low <= $1 && $1 <= $0.high }, "\(exact.roots.map(\.shown.text))")
        #expect(!exact.mayBeMore && exact.searched == nil)
    }

    @Test("after x = 100, the roots listed without a range are the ones nearest 100")
    func nearestTheStart() throws {
        var session = Session()
        _ = session.run(line: "x = 100")
        guard case .success(.solution(let solution)) = session.run(line: "solve sin(x) = 0 for x")[0].outcome else {
            Issue.record("no solution"); return
        }
        // 32π = 100.53…, the nearest root of sin to 100; 10 are listed, 5 each side of it.
        let values = solution.roots.map { (($0.low + $0.high) / Rational(2)).doubleValue }
        #expect(values.contains { abs($0 - 32 * Double.pi) < 1e-6 }, "\(values)")
        #expect(values.allSatisfy { abs($0 - 100) < 20 }, "\(values)")
        #expect(values == values.sorted())
    }

    @Test("a long name is shortened in solve's messages")
    func longName() throws {
        var session = Session()
        let name = String(repeating: "a", count: 5000)
        for statement in ["solve y = 2 for \(name)", "solve 1/\(name) = 0 for \(name)"] {
            let diagnostic = try #require(Self.failure(statement, session: &session), "answered")
            #expect(diagnostic.message.count < 400, "\(diagnostic.message.prefix(200))")
        }
    }

    @Test("an equation that holds over a stretch is listed once, as the stretch, not as ten roots",
          arguments: [("solve floor(x) = 2 for x in 0..5", 2.0, 3.0), ("solve round(x) = 3 for x in 0..5", 2.5, 3.5),
                      ("solve floor(x) = 2 for x in 2.5..5", 2.5, 3.0)])
    func holdsOverStretch(_ statement: String, _ from: Double, _ to: Double) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.count == 1, "\(statement): \(solution.roots.map(\.shown.text))")
        let stretch = try #require(solution.roots.first)
        #expect(stretch.holds && !stretch.isNumber)
        // Its ends are tries where the sides are equal, within a 1e-6 of where the stretch ends.
        #expect(stretch.low.doubleValue >= from && stretch.low.doubleValue < from + 1e-6, "\(statement): \(stretch.shown.text)")
        #expect(stretch.high.doubleValue <= to && stretch.high.doubleValue > to - 1e-6, "\(statement): \(stretch.shown.text)")
    }
}

/// An equation to solve is worked through builders of larger steps than an evaluation's:
/// its nesting is limited to `ParserLimits.maxSolveDepth`, so that a debug build's stack
/// holds it (199 nested calls overflowed it).
struct SolveNestingTests {
    static func nested(_ depth: Int) -> String {
        "solve " + String(repeating: "sin(", count: depth) + "x" + String(repeating: ")", count: depth) + " = 0.1 for x in 0..1"
    }

    @Test("an equation nested past the solve limit is refused at the call past it; at the limit it is solved",
          arguments: [ParserLimits.maxSolveDepth + 1, 199, ParserLimits.maxDepth + 50])
    func tooDeep(_ depth: Int) throws {
        var session = Session()
        let diagnostic = try #require(SolveRefusalTests.failure(Self.nested(depth), session: &session), "depth \(depth) answered")
        #expect(diagnostic.problem == .syntax(.equationNestedTooDeeply), "\(diagnostic.message)")
        // The parenthesis of the call one past the limit: `solve `, the limit's `sin(`s, `sin`.
        #expect(diagnostic.range.lowerBound == 6 + 4 * ParserLimits.maxSolveDepth + 3, "\(diagnostic.range)")
    }

    @Test("an equation nested to the solve limit is solved")
    func atTheLimit() {
        var session = Session()
        guard case .success(.solution) = session.run(line: Self.nested(ParserLimits.maxSolveDepth))[0].outcome else {
            Issue.record("depth \(ParserLimits.maxSolveDepth) was not solved")
            return
        }
    }
}
