import Testing
@testable import PerCore

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
        #expect(result(of: input) == expected)
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
        #expect(result(of: input, digits: digits) == expected)
    }

    /// Exact arguments far beyond the bits an approximate value keeps: sin and cos reduce
    /// the exact value, not bounds rounded to 192 bits (which said `≈ 0` for sin(7^100)).
    /// References: mpmath 1.3 at 1,500 digits, `mp.nstr(sin(mpf(7)**100), 12)` and so on.
    @Test("huge exact arguments", arguments: [
        ("sin(7^100)", "≈ 0.234863766833"), ("sin(1e100)", "≈ -0.372376123661"), ("sin(10^300)", "≈ -0.98575042516"),
        ("sin(7^1400)", "≈ 0.849856699744"), ("cos(2^4090+1)", "≈ -0.966955789494"), ("sin(7^1400 + 0.5)", "≈ 0.493155524639"),
    ])
    func hugeExactArguments(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    /// Every bullet of "floating-point noise reaches the user": the right answer now.
    @Test("no floating-point noise", arguments: [
        ("sqrt(2)^2 - 2", "0"), ("ceil(sqrt(2)^2)", "2"), ("round(1.005 + sqrt(2)*0, 2)", "1.01"),
        ("round(sqrt(2) * 100) / 100", "1.41"), ("floor(sqrt(2))", "1"),
    ])
    func noNoise(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("refusals that say why", arguments: [
        ("floor(exp(ln(3)))", "error@1: the value is too close to a rounding boundary to call"),
        ("1/sin(pi)", "error@2: the divisor is too close to 0 to divide by"),
        ("tan(90°)", "error@1: tan of an odd multiple of 90° has no real value"),
        ("tan(pi/2)", "error@1: tan: the angle is too close to an odd multiple of 90° to tell"),
        ("min(pi, 355/113 - (355/113 - pi))", "error@1: min: two arguments are too close to tell apart"),
        ("ln(0)", "error@1: the logarithm of a number ≤ 0 has no real value"),
        ("ln(-1)", "error@1: the logarithm of a number ≤ 0 has no real value"),
        ("asin(2)", "error@1: asin of a number beyond ±1 has no real value"),
        ("2.5!", "error@4: ! needs a whole number"), ("(-3)!", "error@5: the factorial of a negative number has no real value"),
        ("3001!", "error@5: n! is computed for n up to 3000"), ("(pi)!", "error@5: ! needs a whole number; an approximate value cannot be known to be one"),
        ("gcd(1.5, 2)", "error@1: gcd needs a whole number"), ("5 mod 0", "error@3: division by zero"),
        ("ln(2 kg)", "error@1: ln needs a plain number, not a quantity in kg"),
        ("sin(2 kg)", "error@1: sin needs an angle in degrees (30°) or a plain number of radians, not a quantity in kg"),
        ("root(8, 0)", "error@1: a root of degree other than a whole number ≠ 0 has no real value"),
        ("root(-16, 4)", "error@1: an even root of a negative number has no real value"),
        ("exp(1e6)", "error@1: result too large (beyond ±1e100000)"),
        ("7 % 3", "error@5: '%' makes a percentage; for the remainder write 7 mod 3"),
        ("sin(sqrt(2)*1e100)", "error@1: result lost in rounding: it lies somewhere between about -1 and 1"),
        ("sin(1e99999)", "error@1: result lost in rounding: it lies somewhere between about -1 and 1"),
        ("sin(pi)*1e60", "error@8: result lost in rounding: it lies somewhere between about -310 and 320"),
        ("(pi - 355/113)*1e40 + (355/113 - pi)*1e40", "error@21: result lost in rounding: it lies somewhere between about -9.6e-18 and 9.6e-18"),
    ])
    func refusals(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("percent: shares, sums of percentages, signs alike", arguments: [
        ("1% + 2%", "3%"), ("200 + -50%", "100"), ("200 + +50%", "300"), ("200 - 50%", "100"), ("80 + 10%", "88"),
        ("20% of 35", "7"), ("20% of 35 kg", "7 kg"), ("15% of $80", "$12.00"), ("50% of 50% of 8", "2"),
        ("2 of 35", "error@3: 'of' takes a percentage before it, as in 20% of 35"), ("ln(50%)", "≈ -0.69314718056"),
    ])
    func percent(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }
}

struct FunctionHelpTests {
    @Test("every function's help example gives the result it shows", arguments: Function.allCases)
    func example(_ function: Function) {
        #expect(result(of: function.example.call) == function.example.result)
    }

    @Test("help functions lists every function and constant")
    func listing() throws {
        let text = try #require(HelpText.topic("functions")).map(\.text).joined(separator: "\n")
        for function in Function.allCases { #expect(text.contains(function.synopsis)) }
        for constant in Constant.allCases { #expect(text.contains(constant.rawValue)) }
    }
}
