import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The evaluation context is passed in, not read from a global: what a statement computes
/// and whether it is stopped depend on the context it is given (issue 39, item 4).
struct EvaluationContextTests {
    /// π to 60 decimals (Abramowitz & Stegun, table 1.1), a reference beside per's own
    /// series: π lies within 10^−60 of it.
    static let piDigits = Rational(decimal: "3.141592653589793238462643383279502884197169399375105820974944")
    static let piError = Rational(.one, BigInt.powerOfTen(60))

    /// Whether bounds may hold π: they meet the reference's interval.
    static func holdsPi(_ x: Real) -> Bool { x.lower <= piDigits + piError && piDigits - piError <= x.upper }

    @Test("a statement run in a context whose interruption says stop is cancelled and changes nothing; the same statement without it runs", arguments: [
        "2^3", "x = 2^3", "10!", "sqrt(16)", "f(2)",
    ])
    func interruption(_ statement: String) {
        var session = Session()
        _ = session.execute(StatementSource("f(x) = x + 1"))
        let before = session.calculator
        let stopping = EvaluationContext(interruption: Interruption { true })
        let outcome = session.execute(StatementSource(statement), context: stopping)
        guard case .failure(let diagnostic) = outcome else { Issue.record("\(statement) was not stopped"); return }
        #expect(diagnostic.problem.isCancellation, "\(diagnostic.message)")
        #expect(session.calculator == before)
        guard case .success = session.execute(StatementSource(statement), context: .standard) else {
            Issue.record("\(statement) failed without an interruption"); return
        }
    }

    @Test("an interruption that is asked only after some checks stops a long loop part way, not before it starts")
    func interruptionCounts() {
        // 2^n for n = 1…200 in a user function called in a sum: the interruption says stop at
        // its fifth check, so the statement is cancelled although its first checks passed.
        final class Counter: @unchecked Sendable { var checks = 0 }
        let counter = Counter()
        var session = Session()
        _ = session.execute(StatementSource("g(x) = 2^x"))
        let stopping = EvaluationContext(interruption: Interruption {
            counter.checks += 1
            return counter.checks >= 5
        })
        let outcome = session.execute(StatementSource("g(1) + g(2) + g(3) + g(4) + g(5) + g(6)"), context: stopping)
        guard case .failure(let diagnostic) = outcome else { Issue.record("not stopped"); return }
        #expect(diagnostic.problem.isCancellation)
        #expect(counter.checks == 5)
    }

    @Test("the context's precision sets the width of π's bounds: within 2^(3−bits), and holding π", arguments: [64, 192, 768])
    func precisionOfConstants(_ bits: Int) {
        let pi = Number.pi(in: EvaluationContext(precision: bits)).real(bits: bits)
        #expect(Self.holdsPi(pi))
        let width = pi.upper - pi.lower
        #expect(width <= Rational(.one, BigInt.one.shiftedLeft(bits - 3)))
        // Rounded to `bits` bits, the bounds cannot meet: π is irrational.
        #expect(width > Rational(.one, BigInt.one.shiftedLeft(bits + 3)))
    }

    @Test("the evaluator computes in the context it is given: a statement at 64 bits knows about 19 digits of π, at 192 bits more than 50")
    func evaluatorPrecision() throws {
        let session = Session()
        func known(_ bits: Int) throws -> Int {
            let value = try Parser.expression(StatementSource("pi * 1 + 0"), builder: session.evaluator(in: EvaluationContext(precision: bits)))
            guard case .approximate(let x) = value.quantity.magnitude else { return -1 }
            #expect(Self.holdsPi(x))
            return NumberDisplay.knownDigits(x, upTo: 60)
        }
        // 64 bits are 19.3 decimal digits; 192 bits are 57.8.
        #expect((17...20).contains(try known(64)))
        #expect(try known(192) >= 50)
    }

    @Test("a result below the range is kept as its sign only in a context that keeps such values")
    func valuesBelowRange() throws {
        // 10^-200000 is below 1e-100000.
        let tiny = { (context: EvaluationContext) throws(ArithmeticError) -> Number in
            try Number(10).raised(to: Number(-200_000), in: context)
        }
        #expect(throws: ArithmeticError.tooSmall) { try tiny(.standard) }
        let kept = try tiny(EvaluationContext(keepsValuesBelowRange: true))
        #expect(kept.isBelowRange && kept.isPositive)
    }

    @Test("the context is one word and the evaluator that carries it stays within 128 bytes, which a copy moves without calling memcpy")
    func sizes() {
        #expect(MemoryLayout<EvaluationContext>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<Evaluator>.size <= 128)
    }

    /// A refusal passes through every frame of a nested expression: a case with a large
    /// payload is boxed (`indirect`), or 300 nested calls overflow a debug build's stack.
    @Test("a diagnostic stays small")
    func diagnosticSize() {
        #expect(MemoryLayout<Diagnostic>.size <= 104, "Diagnostic is \(MemoryLayout<Diagnostic>.size) bytes")
    }
}
