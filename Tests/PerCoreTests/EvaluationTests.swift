import Testing
@testable import PerCore

/// Runs `setup` lines, then `line`; returns its result as the shell shows it
/// (`≈ ` before approximate values) or `error@COLUMN: message`.
func result(of line: String, after setup: [String] = [], digits: Int? = nil) -> String {
    var session = Session()
    if let digits { _ = session.run(line: "digits \(digits)") }
    for earlier in setup { _ = session.run(line: earlier) }
    let results = session.run(line: line)
    guard let last = results.last else { return "<nothing>" }
    switch last.outcome {
    case .failure(let diagnostic): return "error@\(diagnostic.column): \(diagnostic.message)"
    case .success(.value(let value)), .success(.assignment(_, let value, _)), .success(.conversion(_, let value)):
        return (value.isExact ? "" : "≈ ") + value.text
    case .success(.message(let text)): return text
    case .success(.definition(let function)): return "\(function.signature) = \(function.body)"
    case .success(let other): return "<not a value: \(other)>"
    }
}

struct EvaluationTests {
    @Test("SPEC §2 examples and exactness", arguments: [
        ("0.1 + 0.2", "0.3"),
        ("1/3*3", "1"),
        ("10^18 + 1", "1000000000000000001"),
        ("2^64", "18446744073709551616"),
        ("765537710299 / 500", "1531075420.598"),
        ("1/3", "≈ 0.333333333333"),
        ("2/3", "≈ 0.666666666667"),
        ("3*1.99", "5.97"),
        ("-2^2", "-4"),
        ("2^3^2", "512"),
        ("2 × 3 ÷ 4", "1.5"),
        ("6 − 8", "-2"),
        ("15%", "15%"), ("15% * 1", "15%"), ("1 * 15%", "0.15"),
        ("80 + 10%", "88"),
        ("3.99 - 20%", "3.192"),
        ("200 * 15%", "30"),
        ("1% + 2%", "3%"), ("200 + -50%", "100"), ("200 + +50%", "300"), ("200 - -50%", "300"), ("5% - 1%", "4%"),
        ("1e-20", "1e-20"),
        ("2^-1", "0.5"),
        ("2**10", "1024"),
    ])
    func specExamples(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("literals", arguments: [
        ("12", "12"), ("12.5", "12.5"), (".5", "0.5"), ("5.", "5"), ("1_000", "1000"),
        ("1e3", "1000"), ("2.5E-4", "0.00025"), ("1e+3", "1000"), ("$2.49", "$2.49"), ("2.49€", "2.49€"),
        ("£1_234.50", "£1234.50"), ("¥500", "¥500"), ("0.000001", "0.000001"), ("0.0000001", "1e-7"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("1234567890123456789012345678901", "≈ 1.23456789012e30"),
        ("1e29", "100000000000000000000000000000"),
        ("1e30", "1e30"),
        ("1e400", "1e400"),
        ("1e-400", "1e-400"),
        ("1e5000", "≈ 1e5000"), ("1e1234", "≈ 1e1234"), ("1e100001", "error@1: number too large (beyond ±1e100000)"),
    ])
    func literals(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("precedence and associativity", arguments: [
        ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"), ("2 * 3 ^ 2", "18"), ("-3^2", "-9"), ("(-3)^2", "9"),
        ("2^-2", "0.25"), ("--2", "2"), ("-+-2", "2"), ("8 / 4 / 2", "1"), ("8 - 4 - 2", "2"),
        ("10%^2", "0.01"), ("-10%", "-10%"), ("50%%", "0.5%"), ("100 - 10% - 10%", "81"),
        ("100 + (10%)", "110"), ("100 + 10% * 2", "100.2"), ("2^3%", "≈ 1.02101212571"),
        ("1 - -1", "2"), ("2 ^ 0.5 ^ 2", "≈ 1.189207115"),
    ])
    func precedence(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("functions", arguments: [
        ("sqrt(16)", "4"), ("sqrt(2)", "≈ 1.41421356237"), ("sqrt(0.25)", "0.5"), ("sqrt(1/9)", "≈ 0.333333333333"),
        ("abs(-2.5)", "2.5"), ("round(2.5)", "3"), ("round(-2.5)", "-3"), ("round(2.345, 2)", "2.35"),
        ("round(1234, -2)", "1200"), ("floor(-2.1)", "-3"), ("ceil(-2.1)", "-2"), ("floor(7/2)", "3"),
        ("min(3, 1/3, 2)", "≈ 0.333333333333"), ("max(3, 1/3, 2)", "3"), ("max(sqrt(2), 1)", "≈ 1.41421356237"),
        ("round(sqrt(2) * 100) / 100", "1.41"), ("4^0.5", "2"), ("8^(2/3)", "4"), ("(-8)^(1/3)", "-2"),
        ("27^(-1/3)", "≈ 0.333333333333"), ("2^0.5", "≈ 1.41421356237"),
    ])
    func functions(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("variables and ans", arguments: [
        (["x = 3*1.99"], "x", "5.97"),
        (["let x = 2"], "x^10", "1024"),
        (["x = 2", "x = x + 1"], "x", "3"),
        (["2 + 3"], "ans * 2", "10"),
        (["1/3"], "ans * 3", "1"),
        (["x = 4; y = x / 8"], "y", "0.5"),
        (["_tmp2 = 7"], "_tmp2", "7"),
        (["prix = 2"], "prix", "2"),
        (["pricey = 2"], "pricey * 2", "4"),
    ])
    func variables(_ setup: [String], _ input: String, _ expected: String) {
        #expect(result(of: input, after: setup) == expected)
    }

    @Test("digits setting", arguments: [
        (5, "1/3", "≈ 0.33333"), (30, "1/3", "≈ 0.333333333333333333333333333333"),
        (1, "2/3", "≈ 0.7"), (20, "sqrt(2)", "≈ 1.4142135623730950488"), (30, "sqrt(2)", "≈ 1.41421356237309504880168872421"), (20, "0.1 + 0.2", "0.3"),
        (3, "123456", "123456"), (3, "123456/7", "≈ 17600"), (1, "99/7", "≈ 10"), (3, "2999.9/3", "≈ 1000"), (3, "9999999/7", "≈ 1.43e6"),
    ])
    func digits(_ digits: Int, _ input: String, _ expected: String) {
        #expect(result(of: input, digits: digits) == expected)
    }

    @Test("errors name their column", arguments: [
        ("3+*2", "error@3: expected a number or name, found '*'"),
        ("1,5", "error@2: ',' only separates a function's arguments; the decimal point is always '.', as in 1.5"),
        ("1/0", "error@2: division by zero"),
        ("1/(2-2)", "error@2: division by zero"),
        ("0^-1", "error@2: division by zero"),
        ("2^2^40", "error@2: result too large (beyond ±1e100000)"),
        ("10^10^10", "error@3: result too large (beyond ±1e100000)"),
        ("(1+2", "error@1: '(' is never closed"),
        ("1+2)", "error@4: unmatched ')'"),
        ("3+", "error@3: expected a number or name after '+'"),
        ("2 3", "error@3: expected an operator before '3'"),
        ("pirce", "error@1: unknown name 'pirce'; did you mean 'price'?"),
        ("pirce 3*1.99", "error@1: unknown command 'pirce'; did you mean 'price'?"),
        ("ad 2.49 500 g", "error@1: unknown command 'ad'; did you mean 'add'?"),
        ("sqrt(-4)", "error@1: the square root of a negative number has no real value"),
        ("(-4)^0.5", "error@5: a negative number to a fractional power has no real value"),
        ("sqrt 4", "error@1: sqrt is a function: write sqrt(x)"),
        ("sqrt(1, 2)", "error@1: sqrt takes 1 argument, not 2"),
        ("round(2.5, 0.5)", "error@12: round's second argument is a count of decimals, a whole number from -30 to 30"),
        ("foo(2)", "error@1: 'foo' is not a function"),
        ("ans", "error@1: 'ans' has no value yet: it is the last result"),
        ("2x", "error@2: expected an operator before 'x'"),
        ("1.2.3", "error@1: '1.2.3' is not a number"),
        ("1__0", "error@2: '_' in a number must stand between two digits, as in 1_000"),
        ("3 @ 4", "error@3: unexpected character '@'"),
        ("3 \u{7} 4", "error@3: unexpected control character U+0007"),
        ("$ 4", "error@3: expected an operator before '4'"),
        ("$4€", "error@1: a price takes one currency symbol, before or after it"),
        ("1e999999999999", "error@1: number too large (beyond ±1e100000)"),
        ("1e-999999999999", "error@1: number too small to represent (below 1e-100000)"),
        ("sqrt = 2", "error@1: 'sqrt' is a function and cannot be a variable name"),
        ("vars = 2", "error@1: 'vars' is a command and cannot be a variable name"),
        ("ans = 2", "error@1: 'ans' is the last result and cannot be a variable name"),
        ("let = 2", "error@5: 'let' needs a name, as in let x = 2"),
        ("x =", "error@4: expected a value after '='"),
        ("3 = 4", "error@3: unexpected '='; an assignment looks like: name = value"),
        ("\"milk\" + 1", "error@1: text in quotes is not a number"),
        ("2^0.5 * 1e-400", "≈ 1.41421356237e-400"), ("sqrt(2) * 1e-99999 / 1e10", "error@20: result too small to represent (below 1e-100000)"),
        ("sqrt(2) * 1e308 * 10", "≈ 1.41421356237e309"), ("sqrt(2) * 1e99999 * 10", "error@19: result too large (beyond ±1e100000)"),
        ("digits 0", "error@8: digits must be a whole number from 1 to 30"),
        ("digits 31", "error@8: digits must be a whole number from 1 to 30"),
        ("unset", "error@1: unset needs a variable name, as in unset x"),
        ("vars x", "error@6: vars takes an estimator's name: dose, boiler, cooling, invest"),
        ("quit now", "error@6: quit takes no arguments"),
    ])
    func errors(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("suggestions for misspelt names", arguments: [
        (["cost = 2.49"], "cots", "error@1: unknown name 'cots'; did you mean 'cost'?"),
        (["total = 1"], "totl * 2", "error@1: unknown name 'totl'; did you mean 'total'?"),
        ([], "sqr(4)", "error@1: 'sqr' is not a function; did you mean 'sqrt'?"),
        (["convert 1 kg to g"], "ans / 4", "250 g"), ([], "SQRT(4)", "error@1: 'SQRT' is not a function; did you mean 'sqrt'?"),
        ([], "sqrtt", "error@1: unknown name 'sqrtt'; did you mean 'sqrt'?"),
        (["x = 1"], "unset y", "error@7: no variable 'y'"),
        (["price_each = 1"], "unset price_eac", "error@7: no variable 'price_eac'; did you mean 'price_each'?"),
    ])
    func suggestions(_ setup: [String], _ input: String, _ expected: String) {
        #expect(result(of: input, after: setup) == expected)
    }

    @Test("hostile input fails fast with an error", arguments: [
        ("10,000 nested parentheses", String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
        ("300 nested parentheses", String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)),
        ("50,000 leading minus signs", String(repeating: "-", count: 50_000) + "1"),
        ("300 leading minus signs", String(repeating: "-", count: 300) + "1"),
        ("a tower of 300 powers", String(repeating: "2^", count: 300) + "2"),
        ("300 nested calls", String(repeating: "sqrt(", count: 300) + "2" + String(repeating: ")", count: 300)),
        ("a sum of 50,000 terms", Array(repeating: "1", count: 50_000).joined(separator: "+")),
    ])
    func hostile(_ name: String, _ input: String) {
        #expect(result(of: input).hasPrefix("error@"), "\(name)")
    }

    @Test("limits: an over-long line is refused whole, a long one is read")
    func lineLength() {
        let long = String(repeating: "1+", count: 50_000) + "1"
        #expect(ParserLimits.checkLength(of: long)?.outcome
            == .failure(Diagnostic(.lineTooLong, at: 0..<1)))
        #expect(ParserLimits.checkLength(of: String(repeating: "x", count: 100_000)) == nil)
        #expect(result(of: String(repeating: "1+", count: 1999) + "1") == "2000")
        #expect(result(of: String(repeating: "1+", count: 2001) + "1").hasPrefix("error@"))
    }

    @Test("a failed statement changes no state")
    func failureChangesNothing() {
        var session = Session()
        _ = session.run(line: "x = 2")
        let results = session.run(line: "x = 1/0; y = 3; digits 99")
        #expect(results.map { (try? $0.outcome.get()) == nil } == [true, false, true])
        #expect(session.calculator.variables == ["x": Quantity(2), "y": Quantity(3)])
        #expect(session.calculator.digits == 12)
        #expect(session.calculator.lastResult == Quantity(3))
        _ = session.run(line: "unset x y zz")
        #expect(session.calculator.variables.count == 2)
    }

    @Test("statements split at ';' and stop at '#' outside quotes")
    func splitting() {
        let texts = StatementSource.statements(in: "  x = 1 ;; y = 2 # z = 3").map(\.text)
        #expect(texts == ["x = 1", "y = 2"])
        let quoted = StatementSource.statements(in: "help \"a;b#c\"; 1").map(\.text)
        #expect(quoted == ["help \"a;b#c\"", "1"])
        #expect(StatementSource.statements(in: "Joe's; 2").map(\.text) == ["Joe's", "2"])
        #expect(StatementSource.statements(in: "# only a comment").isEmpty)
        #expect(StatementSource.statements(in: "x = 1; y")[1].offset == 7)
    }

    @Test("commands report values")
    func commands() {
        var session = Session()
        _ = session.run(line: "b = 1/3; a = 2")
        let listed = session.run(line: "vars")[0].outcome
        #expect(listed == .success(.variables([
            .init(name: "a", text: "2", isExact: true),
            .init(name: "b", text: "0.333333333333", isExact: false),
        ])))
        #expect(session.run(line: "digits")[0].outcome == .success(.setting(name: "digits", value: "12")))
        #expect(session.run(line: "unset a b")[0].outcome == .success(.removed(["a", "b"])))
        #expect(session.run(line: "quit")[0].outcome == .success(.quit))
        #expect(session.run(line: "exit")[0].outcome == .success(.quit))
    }
}
