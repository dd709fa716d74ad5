import Foundation
import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// What keeps a solve quick where it reaches far (issue 44): π past the bits kept at hand,
/// a power of ten read again, sin and cos of a range over a whole turn, and the cuts around
/// a pole; none of them changes an answer.
struct SolveReachTests {
    /// π to 2,600 decimals from mpmath (`Fixtures/pi.py` wrote `Fixtures/pi.txt`), rounded in
    /// its last place: π lies within 10^−2599 of it.
    static let piReference: Rational = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pi.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Rational(decimal: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }()
    static let piError = Rational(.one, BigInt.powerOfTen(2599))

    @Test("π past 1,200 bits holds mpmath's π and is as narrow as asked, however the bits asked for rise and fall",
          arguments: [[1500, 3450, 8192, 4000], [8192, 1300, 5000], [9000, 2048, 4097, 4096]])
    func piPastTheCache(_ order: [Int]) {
        #expect(Self.piReference > Rational(3))
        for bits in order {
            let pi = Real.pi(bits: bits)
            #expect(pi.lower <= Self.piReference + Self.piError && Self.piReference - Self.piError <= pi.upper, "\(bits) bits")
            #expect((pi.upper - pi.lower).log2Magnitude <= Double(4 - bits), "\(bits) bits")
        }
    }

    @Test("10^n past the table is a one and n zeros, the first time and again", arguments: [19, 20, 57, 308, 1000, 4000])
    func powerOfTen(_ exponent: Int) {
        let written = "1" + String(repeating: "0", count: exponent)
        #expect(BigInt.powerOfTen(exponent).description == written)
        #expect(BigInt.powerOfTen(exponent).description == written)
    }

    /// sin and cos of a range over a whole turn are −1..1 wherever it lies, in radians or
    /// degrees; past the reduction's reach (2^8192) they are refused as before; tan's pole
    /// is a refusal.
    static let wholeTurns: [(String, String)] = [
        ("cos(1e999 ± 1e998)", "0 ± 1"), ("sin(5 ± 4)", "0 ± 1"), ("sin(100 deg ± 400 deg)", "0 ± 1"),
        ("sin(1e3000 ± 1e2999)", "lost in rounding"), ("cos(2^8200 ± 2^8199)", "lost in rounding"),
        ("tan(1 ± 3)", "tan has a pole within the range"),
    ]

    @Test("sin and cos of a range over a whole turn, near and far", arguments: SolveReachTests.wholeTurns)
    func wholeTurn(_ statement: String, _ expected: String) {
        let seen = result(of: statement)
        #expect(seen.description.contains(expected), "\(statement): \(seen)")
    }

    /// tan x − x at x as a scan's try: its sign and log2 of its size, from doubles (the
    /// estimate needs no more).
    static func tangentTry(_ x: Rational) -> Solve.Point {
        let value = Foundation.tan(x.doubleValue) - x.doubleValue
        return Solve.Point(x: x, sign: value > 0 ? 1 : -1, exact: nil, log2Size: Foundation.log2(Swift.abs(value)))
    }

    @Test("the window cut around tan(x) − x's pole at 3π/2 in 0..20's stretch closes on it within 6 cuts, where halving takes 24; each estimate inside its stretch")
    func poleWindow() {
        let pole = 1.5 * Double.pi
        var a = Self.tangentTry(Rational(60 * 20) / Rational(256)), b = Self.tangentTry(Rational(61 * 20) / Rational(256))
        var beside: Solve.Point? = nil
        var depth = 0
        var cuts = 0
        while cuts < 24 {
            guard let estimate = SolveScan.poleEstimate(a, b, beside: beside) else { Issue.record("no estimate at cut \(cuts)"); return }
            #expect(a.x < estimate && estimate < b.x)
            cuts += 1
            let half = (b.x - a.x) / Rational(BigInt.one.shiftedLeft(Solve.maxPoleDepth + 1 - depth))
            let left = Self.tangentTry(estimate - half), right = Self.tangentTry(estimate + half)
            if left.x.doubleValue < pole && pole < right.x.doubleValue { break }
            // The pole is in a piece beside the window, estimated again with the window's far end.
            (a, b, beside) = pole < left.x.doubleValue ? (a, left, right) : (right, b, left)
            depth += 1
        }
        #expect(cuts <= 6, "\(cuts) cuts")
    }

    @Test("roots beside tan's poles and far out along cos are found as before", arguments: [
        ("solve tan(x) = x for x in 0..20", [0, 4.4934094579090642, 7.7252518369377072, 10.9041216594289, 14.066193912831473, 17.220755271930769], false),
    ])
    func besidePoles(_ statement: String, _ expected: [Double], _ more: Bool) {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: statement)[0].outcome else {
            Issue.record("\(statement): no solution"); return
        }
        let found = solution.roots.map { (($0.low + $0.high) / Rational(2)).doubleValue }
        #expect(found.count == expected.count, "\(statement): \(solution.roots.map(\.shown.text))")
        for (root, value) in zip(found, expected) { #expect(Swift.abs(root - value) <= 1e-9 * Swift.max(1, Swift.abs(value)), "\(statement)") }
        #expect(solution.mayBeMore == more)
    }

    @Test("cos(x) = x/1e1000 far out lists roots at 1e999, each bracket of one sign change within 1e-11 of it, and says there may be more")
    func farAlongCosine() {
        var session = Session()
        guard case .success(.solution(let solution)) = session.run(line: "solve cos(x) = x/1e1000 for x in 1e999..1e1000")[0].outcome else {
            Issue.record("no solution"); return
        }
        let start = Rational(BigInt.powerOfTen(999))
        #expect(!solution.roots.isEmpty)
        for root in solution.roots {
            #expect(start <= root.low && root.high <= start + start / Rational(BigInt.powerOfTen(11)))
            #expect(root.shown.text == "1.00000000000e999")
        }
        #expect(solution.mayBeMore)
    }
}
