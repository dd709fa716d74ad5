import Testing
import PerNumbers
@testable import PerTools
@testable import PerLanguage

/// How an estimator reads its number inputs: one without a number is a typed refusal,
/// never a trap and never a number made up for it.
struct ResolvedInputsTests {
    @Test("a number input without a number is refused as missing, by number and by fraction", arguments: [
        // No values at all.
        ([:], Invest.Input.rate),
        // Another input has a number, this one none.
        (["years": .number(20)], Invest.Input.rate),
        // A word where a number is read.
        (["years": .word("forever")], Invest.Input.years),
    ] as [([String: ResolvedInputs.Value], InputSpec)])
    func missing(_ values: [String: ResolvedInputs.Value], _ input: InputSpec) {
        let inputs = ResolvedInputs(values: values, used: [])
        #expect(throws: EstimateError.missingNumber(key: input.key)) { try inputs.number(input) }
        #expect(throws: EstimateError.missingNumber(key: input.key)) { try inputs.fraction(input) }
    }

    @Test("a number input with a number reads it, and a percentage as a fraction", arguments: [
        // 60% is 60/100 = 3/5; 250% is 5/2; -2.5% is -1/40.
        (Number(60), Number.exact(Rational(3, 5))),
        (Number(250), Number.exact(Rational(5, 2))),
        (Number.decimal("-2.5"), Number.exact(Rational(-1, 40))),
    ])
    func given(_ percent: Number, _ fraction: Number) throws {
        let inputs = ResolvedInputs(values: ["rate": .number(percent)], used: [])
        #expect(try inputs.number(Invest.Input.rate) == percent)
        #expect(try inputs.fraction(Invest.Input.rate) == fraction)
    }

    @Test("the refusal names the input, says how to give it, and is a missing input")
    func refusal() {
        let error = EstimateError.missingNumber(key: "rate")
        #expect(error.key == "rate")
        #expect(error.keys == ["rate"])
        #expect(error.message == "this estimate needs a number for rate, as in rate=…")
        #expect(error.code == .missingInput)
    }
}
