import Testing
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Constants, functions and honest approximations: exact answers where they are rational,
/// only known digits otherwise, and a refusal that says why when bounds cannot decide.
struct CalculatorDepthTests {
    @Test("exact where the answer is rational", arguments: [
        ("ln(1)", "0"), ("log(1000)", "3"), ("log(0.001)", "-3"), ("log2(1024)", "10"), ("log2(1/8)", "-3"),
        ("log(8, 4)", "1.5"), ("log(27, 3)", "3"), ("exp(0)", "1"), ("20!", "2432902008176640000"), ("0!", "1"),
        ("sin(30°)", "0.5"), ("cos(60°)", "0.5"), ("tan(45°)", "1"), ("sin(390°)", "0.5"), ("sin(-30°)", "-0.5"),
        ("cos(90°)", "0"), ("sin(180°)", "0"), ("sin(45°)^2", "0.5"), ("tan(60°)^2", "3"), ("sin(30 deg)", "0.5"),
        ("sqrt(2)*sqrt(2)", "2"), ("sqrt(8)/sqrt(2)", "2"), ("sqrt(6)*sqrt(3)/sqrt(2)", "3"), ("(3*sqrt(2))^2", "18"),
        ("-7 mod 3", "2"), ("7 mod -3", "-2"), ("7.5 mod 2", "1.5"), ("mod(-7, 3)", "2"), ("7.5 kg mod 2 kg", "1.5 kg"),
        ("gcd(12, 18)", "6"), ("gcd(12, 18, 8)", "2"), ("lcm(4, 6)", "12"), ("lcm(4, 0)", "0"),
        ("cbrt(27)", "3"), ("cbrt(-8)", "-2"), ("root(-32, 5)", "-2"), ("root(16, 4)", "2"), ("hypot(3, 4)", "5"),
        ("hypot(3 m, 4 m)", "5 m"), ("sign(-3 kg)", "-1"), ("sign(0)", "0"), ("trunc(-2.7)", "-2"), ("trunc(2.7)", "2"),
        ("sqrt(16 m^2)", "4 m"), ("round(2.345 kg, 2)", "2.35 kg"), ("(5^1500)^(1/3) / 5^500", "1"),
        ("-3!", "-6"), ("2^3!", "64"), ("3!^2", "36"),
    ])
    func exact(_ input: String, _ expected: String) {
        #expect(result(of: input) == .text(expected))
    }

    @Test("approximate: only digits that are known", arguments: [
        ("pi", 30, "≈ 3.14159265358979323846264338328"), ("π", 12, "≈ 3.14159265359"), ("tau", 12, "≈ 6.28318530718"),
        ("e", 30, "≈ 2.71828182845904523536028747135"), ("exp(1)", 30, "≈ 2.71828182845904523536028747135"),
        ("ln(2)", 30, "≈ 0.693147180559945309417232121458"), ("sqrt(2)", 30, "≈ 1.41421356237309504880168872421"),
        ("sin(45°)", 12, "≈ 0.707106781187"), ("sin(pi)", 12, "≈ 0"), ("cos(pi)", 30, "≈ -1"),
        ("exp(ln(3))", 30, "≈ 3"), ("1000!", 12, "≈ 4.02387260077e2567"),
        ("e^(pi*sqrt(163))", 30, "≈ 262537412640768743.999999999999"), ("atan2(1, -1)", 12, "≈ 2.35619449019"),
        ("sqrt(2)*1e-323", 12, "≈ 1.41421356237e-323"), ("sqrt(2)/1e320", 12, "≈ 1.41421356237e-320"),
        ("1e1234", 12, "≈ 1e1234"), ("acos(-1)", 12, "≈ 3.14159265359"), ("asin(1)", 12, "≈ 1.57079632679"),
    ])
    func approximate(_ input: String, _ digits: Int, _ expected: String) {
        #expect(result(of: input, digits: digits) == .text(expected))
    }

    /// Exact arguments far beyond the bits an approximate value keeps: sin and cos reduce
    /// the exact value, not bounds rounded to 192 bits (which said `≈ 0` for sin(7^100)).
    /// References: mpmath 1.3 at 1,500 digits, `mp.nstr(sin(mpf(7)**100), 12)` and so on.
    @Test("huge exact arguments", arguments: [
        ("sin(7^100)", "≈ 0.234863766833"), ("sin(1e100)", "≈ -0.372376123661"), ("sin(10^300)", "≈ -0.985750425160"),
        ("sin(7^1400)", "≈ 0.849856699744"), ("cos(2^4090+1)", "≈ -0.966955789494"), ("sin(7^1400 + 0.5)", "≈ 0.493155524639"),
    ])
    func hugeExactArguments(_ input: String, _ expected: String) {
        #expect(result(of: input) == .text(expected))
    }

    /// Every bullet of "floating-point noise reaches the user": the right answer now.
    @Test("no floating-point noise", arguments: [
        ("sqrt(2)^2 - 2", "0"), ("ceil(sqrt(2)^2)", "2"), ("round(1.005 + sqrt(2)*0, 2)", "1.01"),
        ("round(sqrt(2) * 100) / 100", "1.41"), ("floor(sqrt(2))", "1"),
    ])
    func noNoise(_ input: String, _ expected: String) {
        #expect(result(of: input) == .text(expected))
    }

    @Test("refusals that say why", arguments: [
        ("floor(exp(ln(3)))", .problem(.quantity(.arithmetic(.tooClose("the value is too close to a rounding boundary to call"))), column: 1)),
        ("1/sin(pi)", .problem(.arithmetic(.tooClose("the divisor is too close to 0 to divide by")), column: 2)),
        ("tan(90°)", .problem(.quantity(.arithmetic(.notReal("tan of an odd multiple of 90°"))), column: 1)),
        ("tan(pi/2)", .problem(.quantity(.arithmetic(.tooClose("tan: the angle is too close to an odd multiple of 90° to tell"))), column: 1)),
        // Too large to reduce: sin and cos are lost between −1 and 1, tan anywhere.
        ("tan(2^100000)", .problem(.quantity(.arithmetic(.tooClose("tan: the angle is too large to reduce by π, so its tangent could be any value"))), column: 1)),
        ("sin(2^100000)", .problem(.quantity(.arithmetic(.lost(lower: -1, upper: 1))), column: 1)),
        ("min(pi, 355/113 - (355/113 - pi))", .problem(.quantity(.arithmetic(.tooClose("min: two arguments are too close to tell apart"))), column: 1)),
        // A percentage is not money: it once became an amount in "$ %".
        ("max(12%, $5)", .problem(.quantity(.conversion(from: .money(CurrencyCode.named("USD")!), to: .none)), column: 1)),
        ("ln(0)", .problem(.quantity(.arithmetic(.notReal("the logarithm of a number ≤ 0"))), column: 1)),
        ("ln(-1)", .problem(.quantity(.arithmetic(.notReal("the logarithm of a number ≤ 0"))), column: 1)),
        ("asin(2)", .problem(.quantity(.arithmetic(.notReal("asin of a number beyond ±1"))), column: 1)),
        ("2.5!", .problem(.arithmetic(.notWhole("!")), column: 4)), ("(-3)!", .problem(.arithmetic(.notReal("the factorial of a negative number")), column: 5)),
        ("3001!", .problem(.arithmetic(.factorialTooLarge), column: 5)), ("(pi)!", .problem(.arithmetic(.tooClose("! needs a whole number; an approximate value cannot be known to be one")), column: 5)),
        ("gcd(1.5, 2)", .problem(.quantity(.arithmetic(.notWhole("gcd"))), column: 1)), ("5 mod 0", .problem(.arithmetic(.divisionByZero), column: 3)),
        ("ln(2 kg)", .problem(.quantity(.needsPlainNumber("ln", unit: "kg")), column: 1)),
        ("sin(2 kg)", .problem(.quantity(.needsAngle("sin", unit: "kg")), column: 1)),
        ("root(8, 0)", .problem(.quantity(.arithmetic(.notReal("a root of degree other than a whole number ≠ 0"))), column: 1)),
        ("root(-16, 4)", .problem(.quantity(.arithmetic(.notReal("an even root of a negative number"))), column: 1)),
        ("exp(1e6)", .problem(.quantity(.arithmetic(.tooLarge)), column: 1)),
        ("7 % 3", .problem(.syntax(.percentBeforeNumber), column: 5)),
    ] as [(String, Seen)])
    func refusals(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    /// The bounds of a lost result come from the computation, so the test reads them as the
    /// message words them: about how wide they are is the point.
    @Test("a result lost in rounding says how wide its bounds are", arguments: [
        ("sin(sqrt(2)*1e1000)", 1, "result lost in rounding: it lies somewhere between about -1 and 1"),
        ("sin(1e99999)", 1, "result lost in rounding: it lies somewhere between about -1 and 1"),
        ("sin(pi)*1e60", 8, "result lost in rounding: it lies somewhere between about -310 and 320"),
        ("(pi - 355/113)*1e40 + (355/113 - pi)*1e40", 21, "result lost in rounding: it lies somewhere between about -9.6e-18 and 9.6e-18"),
    ])
    func lost(_ input: String, _ column: Int, _ message: String) {
        guard case .problem(let problem, let at) = result(of: input) else {
            Issue.record("\(input) did not fail")
            return
        }
        #expect(problem.code == .precisionLost)
        #expect(at == column)
        #expect(problem.message == message)
    }

    @Test("percent: shares, sums of percentages, signs alike", arguments: [
        ("1% + 2%", "3%"), ("200 + -50%", "100"), ("200 + +50%", "300"), ("200 - 50%", "100"), ("80 + 10%", "88"),
        ("20% of 35", "7"), ("20% of 35 kg", "7 kg"), ("15% of $80", "$12.00"), ("50% of 50% of 8", "2"),
        ("2 of 35", .problem(.syntax(.ofWithoutPercentage), column: 3)), ("ln(50%)", "≈ -0.693147180560"),
    ] as [(String, Seen)])
    func percent(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }
}

struct FunctionHelpTests {
    @Test("every function's help example gives the result it shows", arguments: Function.allCases)
    func example(_ function: Function) {
        #expect(result(of: function.example.call) == .text(function.example.result))
    }

    @Test("help functions lists every function and constant")
    func listing() throws {
        let text = try #require(HelpText.topic("functions")).map(\.text).joined(separator: "\n")
        for function in Function.allCases { #expect(text.contains(function.synopsis)) }
        for constant in Constant.allCases { #expect(text.contains(constant.rawValue)) }
    }
}
