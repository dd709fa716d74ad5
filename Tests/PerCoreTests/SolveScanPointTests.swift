import TestSupport
import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerSession

/// `solve` where the sides are equal exactly at a try of the scan or the outward search (an
/// integer root of a polynomial, `sin(pi*x)` at a whole number): the root is listed, the
/// stretches on both sides of it are still looked into, and "no more" is said only when
/// every stretch is proven clear. The roots are known by construction: the polynomials are
/// written as, or multiplied out from, their factors, and sin(πx) = 0 exactly at the whole
/// numbers, cos(πx/2) at the odd ones.
struct SolveScanPointTests {
    /// (x − r₁)(x − r₂)…, multiplied out with whole numbers: a₀ + a₁x + … (constant first).
    static func expanded(_ roots: [Int]) -> [Int] {
        var coefficients = [1]
        for r in roots {
            var next = [Int](repeating: 0, count: coefficients.count + 1)
            for (i, c) in coefficients.enumerated() {
                next[i + 1] += c
                next[i] -= c * r
            }
            coefficients = next
        }
        return coefficients
    }

    static func factored(_ roots: [Int]) -> String { roots.map { "(x-(\($0)))" }.joined(separator: "*") }

    static func multipliedOut(_ roots: [Int]) -> String {
        expanded(roots).enumerated().reversed().map { "(\($0.element))*x^\($0.offset)" }.joined(separator: " + ")
    }

    static let rootSets: [[Int]] = [[3, 4, 5], Array(1...10), [-3, -1, 0, 1, 3], [1, 2, 3], [-12, -4, 5, 9], [2, 3, 4, 5, 6, 7],
                                    [-6, -5, -4, -3, -2, -1], [0, 1, 2, 3, 4, 5, 6, 7, 8]]

    /// Polynomials with whole-number roots, without a range: every root, exactly, and no more.
    static let polynomialCases: [(String, [Int])] = rootSets.flatMap { roots in
        [("solve \(factored(roots)) = 0 for x", roots), ("solve \(multipliedOut(roots)) = 0 for x", roots)]
    } + [("solve (x-3)*(x-4)*(x-5) = 0 for x in 3..5", [3, 4, 5]), ("solve \(factored(Array(1...10))) = 0 for x in 1..10", Array(1...10)),
         ("solve \(factored([-2, 0, 2, 4])) = 0 for x in -2..4", [-2, 0, 2, 4])]

    @Test("a polynomial's whole-number roots are all listed exactly, with or without a range, where the search's tries land on them",
          arguments: polynomialCases)
    func wholeNumberRoots(_ statement: String, _ roots: [Int]) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.map { $0.low } == roots.map { Rational($0) }, "\(statement): \(solution.roots.map(\.shown.text))")
        #expect(solution.roots.allSatisfy { $0.low == $0.high }, "\(statement)")
        #expect(!solution.mayBeMore && solution.searched == nil, "\(statement)")
    }

    /// sin(πx) and cos(πx/2) over ranges: (function, from, to, first root, spacing).
    static let trigCases: [(String, String, String, Int, Int)] = [
        ("sin(pi*x)", "0", "7", 0, 1), ("sin(pi*x)", "0.1", "7.1", 1, 1), ("sin(pi*x)", "-2", "1.5", -2, 1),
        ("sin(pi*x)", "0.5", "4.5", 1, 1), ("sin(pi*x)", "-1.5", "2", -1, 1), ("sin(pi*x)", "0.25", "7.25", 1, 1),
        ("cos(pi*x/2)", "1", "8", 1, 2), ("cos(pi*x/2)", "0.5", "4.5", 1, 2), ("cos(pi*x/2)", "0", "7", 1, 2),
        ("cos(pi*x/2)", "-3", "2.5", -3, 2),
    ]

    @Test("sin(pi*x) and cos(pi*x/2) have every whole-number root in a range listed, each bracket holding one, the digits shown numbers",
          arguments: trigCases)
    func trigonometricRoots(_ function: String, _ from: String, _ to: String, _ first: Int, _ spacing: Int) throws {
        let statement = "solve \(function) = 0 for x in \(from)..\(to)"
        let (low, high) = (Rational(decimal: from), Rational(decimal: to))
        let expected = Array(stride(from: first, through: Int(high.doubleValue.rounded(.down)), by: spacing)).map { Rational($0) }
            .filter { low <= $0 && $0 <= high }
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        let shown = solution.roots.map(\.shown.text)
        for root in solution.roots {
            #expect(expected.contains { root.low <= $0 && $0 <= root.high }, "\(statement): \(shown) holds no root")
            #expect(Double(root.shown.number.text.filter { $0 != "≈" && $0 != " " }) != nil, "\(statement): \(shown)")
        }
        for value in expected {
            let reported = solution.roots.contains { $0.low <= value && value <= $0.high }
            // A root at an end of the range, where sin(πx) is ≈ 0 with no proven sign, is
            // inside the range only if met exactly: else "there may be more" says so.
            let atEnd = value == low || value == high
            #expect(reported || (atEnd && solution.mayBeMore), "\(statement): missed \(value) in \(shown)")
        }
    }
}
