import Foundation
import TestSupport
import Testing
@testable import PerNumbers
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `solve` against mpmath on 1,000 random polynomials and exponentials (`Fixtures/solve.py`
/// wrote `Fixtures/solve.tsv`): every bracket per reports holds a root mpmath found, and
/// every root mpmath found where the sign changes, apart from the others by more than two
/// of the scan's steps, is reported. (A fifth of them unless PER_FULL_TESTS=1.)
struct SolveTests {
    struct Case {
        let equation: String, from: Int, to: Int
        /// The roots, and whether the sides only touch there.
        let roots: [(value: Rational, touching: Bool)]
    }

    static func cases() throws -> [Case] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/solve.tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let roots = fields[3].split(separator: ",").map { text in
                (value: Rational(decimal: String(text.hasSuffix("*") ? text.dropLast() : text)), touching: text.hasSuffix("*"))
            }
            return Case(equation: fields[0], from: Int(fields[1])!, to: Int(fields[2])!, roots: roots)
        }
    }

    /// The reference roots carry 40 digits: a bracket may miss one by no more than that.
    static let slack = Rational(1) / Rational(BigInt.powerOfTen(30))
    /// A root where the sides only touch (a double root: x = 5.6 of (x + 1.5)(x − 5.6)²(x −
    /// 6.62)) is found by mpmath at 60 digits to about half of them: its error is the square
    /// root of the arithmetic's.
    static let touchingSlack = Rational(1) / Rational(BigInt.powerOfTen(20))

    /// The fixture in this many parts, which the test runner runs side by side.
    static let parts = 8

    @Test("every bracket holds an mpmath root, and every isolated change of sign is found, on 1,000 random equations",
          arguments: 0..<parts)
    func agreesWithMpmath(part: Int) throws {
        let all = try Self.cases()
        #expect(all.count == 1000)
        var session = Session()
        for (index, row) in all.enumerated()
        where index % Self.parts == part && index % max(1, all.count / differentialCases(full: all.count)) == 0 {
            let statement = "solve \(row.equation) for x in \(row.from)..\(row.to)"
            let outcome = session.run(line: statement)[0].outcome
            let found: [Solution.Root]
            switch outcome {
            case .success(.solution(let solution)):
                #expect(solution.name == "x")
                found = solution.roots
            case .failure(let diagnostic):
                #expect([.noSolution, .noSignChange].contains(diagnostic.problem.code), "\(statement): \(diagnostic.message)")
                found = []
            default:
                Issue.record("\(statement): \(outcome)")
                continue
            }
            for root in found {
                #expect(root.low <= root.high)
                let held = row.roots.contains { reference in
                    let slack = reference.touching ? Self.touchingSlack : Self.slack
                    return root.low - slack <= reference.value && reference.value <= root.high + slack
                }
                #expect(held, "\(statement): [\(root.low.doubleValue), \(root.high.doubleValue)] holds no root of \(row.roots.map(\.value.doubleValue))")
            }
            let step = Rational(row.to - row.from) / Rational(Solve.scanSteps)
            for (index, reference) in row.roots.enumerated() where !reference.touching {
                let others = row.roots.enumerated().filter { $0.offset != index }.map(\.element.value)
                let isolated = others.allSatisfy { ($0 - reference.value).magnitude > step * Rational(2) }
                // A root at an end of the range has no change of sign inside it unless it is met exactly.
                let inside = reference.value > Rational(row.from) && reference.value < Rational(row.to)
                guard isolated, inside, found.count < Solve.maxRoots else { continue }
                let reported = found.contains { $0.low - Self.slack <= reference.value && reference.value <= $0.high + Self.slack }
                #expect(reported, "\(statement): missed \(reference.value.doubleValue)")
            }
        }
    }

    @Test("an exact root is shown exactly; an approximate one with only its certain digits, and its bracket holds it")
    func exactAndApproximate() throws {
        var session = Session()
        guard case .success(.solution(let linear)) = session.run(line: "solve 3*x + 1 = 2 for x in 0..1")[0].outcome else {
            Issue.record("no solution"); return
        }
        // 1/3, found by the false-position step on exact values.
        #expect(linear.roots.count == 1)
        #expect(linear.roots[0].low == Rational(1) / Rational(3) && linear.roots[0].high == linear.roots[0].low)
        guard case .success(.solution(let rate)) = session.run(line: "solve 1000 * (1 + r)^10 = 2000 for r in 0..1")[0].outcome else {
            Issue.record("no solution"); return
        }
        // r = 2^(1/10) − 1 = 0.071773462536293164329…: the shown 12 digits are its.
        #expect(rate.roots.count == 1)
        #expect(rate.roots[0].shown.text == "0.0717734625363")
        #expect(!rate.roots[0].shown.isExact)
        // (1 + low)^10 ≤ 2 ≤ (1 + high)^10, by exact powers.
        let two = Rational(2)
        #expect((Rational(1) + rate.roots[0].low).power(10) <= two && two <= (Rational(1) + rate.roots[0].high).power(10))
    }

    @Test("two roots within one step of the scan are both found, by range arithmetic over the step",
          arguments: [("solve x*(x - 0.001) = 0 for x in -1..1", [Rational(0), Rational(1) / Rational(1000)]),
                      ("solve (x - 0.5)*(x - 0.5001) = 0 for x in 0..1", [Rational(1) / Rational(2), Rational(5001) / Rational(10000)]),
                      // Three roots in one stretch whose ends change sign: taken for one until
                      // the derivative's range proved each piece monotonic.
                      ("solve (x - 0.501)*(x - 0.5011)*(x - 0.5012) = 0 for x in 0..1",
                       [Rational(501) / Rational(1000), Rational(5011) / Rational(10000), Rational(5012) / Rational(10000)])])
    func closeRoots(_ statement: String, _ expected: [Rational]) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.count == expected.count, "\(statement): \(solution.roots.map(\.shown.text))")
        for (root, value) in zip(solution.roots, expected) {
            #expect(root.low <= value && value <= root.high, "\(statement): \(root.shown.text)")
        }
    }

    /// Each statement, the first roots in order as doubles, and whether there may be more.
    static let firstRootCases: [(String, [Double], Bool)] = {
        let pi = Double.pi
        var sine: [Double] = []
        for k in 0..<5 { sine += [pi / 6 + 2 * Double(k) * pi, 5 * pi / 6 + 2 * Double(k) * pi] }
        let tangent: [Double] = (0..<7).map { pi / 4 + Double($0) * pi }
        let cosine: [Double] = [0.5 * pi, 1.5 * pi, 2.5 * pi]
        let tangents: [Double] = (0..<10).map { pi / 4 + Double($0) * pi }
        // sin(1/x) = 0 at 1/(kπ): k = 31 down to 22 are the first ten in 0.01..1, nine of them
        // in the first of the scan's stretches, whose ends change sign.
        let reciprocalSine: [Double] = (22...31).reversed().map { 1 / (Double($0) * pi) }
        return [("solve sin(x) = 0.5 for x in 0..1000", sine, true), ("solve tan(x) = 1 for x in 0..20", tangent, false),
                ("solve tan(x) = 1 for x in 0..1000", tangents, true),
                ("solve cos(x) = 0 for x in 0..10", cosine, false), ("solve sin(1/x) = 0 for x in 0.01..1", reciprocalSine, true), ("solve 1/x = -5 for x", [-0.2], false),
                ("solve ln(x) = -700 for x", [Foundation.exp(-700.0)], false),
                // (x − 1)³ is monotonic though its derivative, 3(x − 1)², is 0 at the root;
                // roots 1e-12 and 1e-11 apart are told apart by halving a step down to 2^-40 of
                // it; 1e-20 apart is closer than that: there may be more. A root where the
                // sides only touch (x = 1 of x³ − 3x + 2 = (x − 1)²(x + 2)) shows no change of
                // sign, but the polynomial without its repeated factor, x² + x − 2, has one.
                ("solve (x - 1)^3 = 0 for x in 0..3", [1], false),
                ("solve (x - 0.3)*(x - 0.300000000001)*(x - 0.300000000002) = 0 for x in 0..1", [0.3, 0.300000000001, 0.300000000002], false),
                ("solve (x-1)*(x-1-1e-11) = 0 for x in 0..2", [1, 1.00000000001], false),
                ("solve (x-1)*(x-1-1e-20) = 0 for x in 0..2", [1], true),
                ("solve x^3 - 3*x + 2 = 0 for x in -5..5", [-2, 1], false),
                // x^x over a range of x (a range as an exponent) proves the stretches apart.
                ("solve x^x = 2 for x", [1.5596104694623696], false)]
    }()

    @Test("the first roots in order, through sin, cos and tan of ranges and never at a pole; without a range, roots near 0 and on its far side",
          arguments: SolveTests.firstRootCases)
    func firstRoots(_ statement: String, _ expected: [Double], _ more: Bool) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        let found = solution.roots.map { (($0.low + $0.high) / Rational(2)).doubleValue }
        #expect(found.count == expected.count, "\(statement): \(solution.roots.map(\.shown.text))")
        for (root, value) in zip(found, expected) {
            #expect(abs(root - value) <= 1e-9 * abs(value), "\(statement): \(root), expected \(value)")
        }
        #expect(solution.mayBeMore == more, "\(statement)")
    }

    @Test("roots past a double's range (1.8e308) are found, with a range and by the outward search")
    func pastDoubles() throws {
        var session = Session()
        for (statement, exponent, count) in [("solve x^2 = 1e320 for x in 0..1e200", 320, 1), ("solve x^2 = 1e309 for x", 309, 2)] {
            guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
                Issue.record("\(statement): no solution"); continue
            }
            #expect(solution.roots.count == count, "\(statement)")
            let root = try #require(solution.roots.last)
            let target = Rational(BigInt.powerOfTen(exponent))
            #expect(root.low * root.low <= target && target <= root.high * root.high, "\(statement): \(root.shown.text)")
        }
    }

    @Test("a root at a range's irrational end is inside it (sqrt(2), pi); an identity and 0...5 are refused, never proved absent")
    func rangeEnds() throws {
        var session = Session()
        for (statement, square) in [("solve x^2 = 2 for x in 0..sqrt(2)", Rational(2)), ("solve x^2 = 3 for x in 1..sqrt(3)", Rational(3))] {
            guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome, let root = solution.roots.last else {
                Issue.record("\(statement): no solution"); continue
            }
            #expect(root.low * root.low <= square && square <= root.high * root.high, "\(statement)")
        }
        guard case .success(.solution(let sine)) = session.run(line: "solve sin(x) = 0 for x in 0..pi")[0].outcome else {
            Issue.record("sin: no solution"); return
        }
        // 0 and π (3.14159265358979…).
        #expect(sine.roots.count == 2)
        #expect(sine.roots.last.map { $0.low < Rational(decimal: "3.1415926535898") && Rational(decimal: "3.1415926535897") < $0.high } == true)
        for (statement, code) in [("solve x = x for x in 0..1", ProblemCode.noSolution), ("solve x = 2 for x in 0...5", .missingArgument)] {
            guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("\(statement) answered"); continue }
            #expect(diagnostic.problem.code == code, "\(statement): \(diagnostic.message)")
            #expect(!diagnostic.message.contains("never meet"), "\(statement): \(diagnostic.message)")
        }
    }

    @Test("without a range both sides are searched, and every root found is listed in order",
          arguments: [("solve x^2 = 4 for x", ["-2", "2"]), ("solve x^3 - x = 0 for x", ["-1", "0", "1"]),
                      ("solve x^2 = 2 for x", ["-1.41421356237", "1.41421356237"])])
    func outwardBothSides(_ statement: String, _ expected: [String]) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.map(\.shown.text) == expected, "\(statement)")
        #expect(!solution.mayBeMore, "\(statement)")
    }

    @Test("without a range, nothing found names the whole span searched, and says no solution there only when proven")
    func outwardNothing() throws {
        var session = Session()
        // A polynomial is searched past Cauchy's bound on its roots (2 for both), no further.
        for (statement, proven, span) in [("solve 1/x = 0 for x", false, "e1155"), ("solve x^2 = -1 for x", true, "-3..5"),
                                          ("solve exp(x) + 1 = 0 for x", false, "e1155"), ("solve x^2 - 2*x + 2 = 0 for x", true, "-3..5")] {
            guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("\(statement) answered"); continue }
            #expect(diagnostic.problem.code == (proven ? .noSolution : .noSignChange), "\(statement): \(diagnostic.message)")
            // The first round's span (0.9375 to 1.0625) was named, though the search went on.
            #expect(!diagnostic.message.contains("0.9375"), "\(statement): \(diagnostic.message)")
            #expect(diagnostic.message.contains(span), "\(statement): \(diagnostic.message)")
            #expect(diagnostic.message.hasPrefix(proven ? "no solution in -" : "no sign change found"), "\(statement): \(diagnostic.message)")
        }
    }

    @Test("without a range, a polynomial's roots are all found however far (its degree, or Cauchy's bound, says when), and any other equation says how far it looked",
          arguments: [("solve (x-2)*(x+1000) = 0 for x", ["-1000", "2"], nil),
                      ("solve x^3 - 1001*x^2 + 1000*x = 0 for x", ["0", "1", "1000"], nil),
                      ("solve (x - 3)*(x + 1e6) = 0 for x in -2e6..10", ["-1000000", "3"], nil),
                      ("solve 1/x = -5 for x", ["-0.2"], "-3..5"), ("solve x^x = 2 for x", ["1.55961046946"], "-7..9")] as [(String, [String], String?)])
    func outwardFar(_ statement: String, _ expected: [String], _ searched: String?) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.map(\.shown.text) == expected, "\(statement)")
        #expect(!solution.mayBeMore, "\(statement)")
        #expect(solution.searched?.text == searched, "\(statement)")
    }

    @Test("no solution is proven where the sides come close: halved until each piece is apart or monotonic with one sign at its ends")
    func provenNearMiss() throws {
        var session = Session()
        // (x - 1)^2 + 0.0001 is at least 0.0001; range arithmetic over a step keeps it off 0
        // only below a width of about 2.5e-5.
        for statement in ["solve x^2 - 2*x + 1.0001 = 0 for x in -3..3", "solve x^2 - 2*x + 1.0001 = 0 for x"] {
            guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("\(statement) answered"); continue }
            #expect(diagnostic.message.hasPrefix("no solution in "), "\(statement): \(diagnostic.message)")
        }
    }

    @Test("a root where the sides only touch is listed: exactly where the value there is exactly 0, else as a bracket of a polynomial's change of sign once its repeated factors are divided out",
          arguments: [("solve (x-2)^2 = 0 for x in 0..5", ["2"]), ("solve x^2 = 0 for x", ["0"]),
                      ("solve (x-2)^2*(x+1) = 0 for x in -5..5", ["-1", "2"]),
                      ("solve (x - 1/3)^2 = 0 for x in 0..1", ["0.333333333333"]),
                      ("solve (x^2 - 2)^2 = 0 for x in 0..2", ["1.41421356237"]),
                      ("solve exp(2*x) = 2*x + 1 for x in -7..3", ["0"])])
    func touching(_ statement: String, _ expected: [String]) throws {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        #expect(solution.roots.map(\.shown.text) == expected, "\(statement)")
    }

    @Test("the unknown is a temporary name: no variable is made or changed")
    func leavesVariables() throws {
        var session = Session()
        _ = session.run(line: "x = 5")
        _ = session.run(line: "solve x^2 = 2 for x in 0..2")
        _ = session.run(line: "solve y^2 = 2 for y in 0..2")
        guard case .success(.value(let x, _)) = session.run(line: "x")[0].outcome else { Issue.record("x"); return }
        #expect(x.text == "5")
        guard case .failure(let diagnostic) = session.run(line: "y")[0].outcome else { Issue.record("y is set"); return }
        #expect(diagnostic.problem.code == .unknownName)
    }
}
