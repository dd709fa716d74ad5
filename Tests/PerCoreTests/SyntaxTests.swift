import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// A token kind with, for a number, its value: what the lexer makes of a line.
enum Lexed: Equatable {
    case token(Token.Kind)
    case number(Number, currency: Unicode.Scalar?)
}

/// Token kinds of a line, without ranges, for compact tables.
func kinds(_ text: String) -> [Lexed] {
    var lexer = Lexer(StatementSource(text))
    var lexed: [Lexed] = []
    while true {
        let token = lexer.next()
        if case .number(let currency) = token.kind {
            lexed.append(.number(lexer.literal, currency: currency))
        } else {
            lexed.append(.token(token.kind))
        }
        if token.kind == .end { return lexed }
    }
}

func exact(_ n: Int, _ d: Int = 1) -> Lexed {
    .number(.exact(Rational(BigInt(n), BigInt(d))), currency: nil)
}

extension Lexed {
    static let end = Lexed.token(.end), plus = Lexed.token(.plus), minus = Lexed.token(.minus)
    static let times = Lexed.token(.times), cross = Lexed.token(.cross), divide = Lexed.token(.divide), power = Lexed.token(.power)
    static let percent = Lexed.token(.percent), comma = Lexed.token(.comma), equals = Lexed.token(.equals)
    static let leftParenthesis = Lexed.token(.leftParenthesis), rightParenthesis = Lexed.token(.rightParenthesis)
    static func identifier(_ name: String) -> Lexed { .token(.identifier(name)) }
    static func quoted(_ text: String) -> Lexed { .token(.quoted(text)) }
}

struct LexerTests {
    @Test("tokens", arguments: [
        ("1+2", [exact(1), .plus, exact(2), .end]),
        ("3 × 4 ÷ 2 − 1", [exact(3), .cross, exact(4), .divide, exact(2), .minus, exact(1), .end]),
        ("3 · 4 * 2", [exact(3), .times, exact(4), .times, exact(2), .end]),
        ("6x330ml", [exact(6), .token(.packs), exact(330), .identifier("ml"), .end]),
        ("2x 3X(1)", [exact(2), .token(.packs), exact(3), .token(.packs), .leftParenthesis, exact(1), .rightParenthesis, .end]),
        // The cross with blanks around it (`6 x 330 ml`); an `x` before no number is a name.
        ("6 x 330 6 X 2 x y", [exact(6), .token(.packs), exact(330), exact(6), .token(.packs), exact(2), .identifier("x"), .identifier("y"), .end]),
        ("500g 14°dH °C", [exact(500), .identifier("g"), exact(14), .identifier("°dH"), .identifier("°C"), .end]),
        ("€/kg m³", [.identifier("€"), .divide, .identifier("kg"), .identifier("m"), .token(.superscript(3)), .end]),
        ("2**3^4", [exact(2), .power, exact(3), .power, exact(4), .end]),
        ("15% ,=()", [exact(15), .percent, .comma, .equals, .leftParenthesis, .rightParenthesis, .end]),
        (".5 5. 1_000", [exact(1, 2), exact(5), exact(1000), .end]),
        ("2.5E-4 1e+2", [exact(1, 4000), exact(100), .end]),
        ("x_1 + Ölpreis", [.identifier("x_1"), .plus, .identifier("Ölpreis"), .end]),
        ("\"Store brand\" 'x'", [.quoted("Store brand"), .quoted("x"), .end]),
        ("$2.49", [.number(.exact(Rational(BigInt(249), BigInt(100))), currency: "$"), .end]),
        ("2.49€", [.number(.exact(Rational(BigInt(249), BigInt(100))), currency: "€"), .end]),
        ("", [.end]),
    ] as [(String, [Lexed])])
    func tokens(_ text: String, _ expected: [Lexed]) {
        #expect(kinds(text) == expected)
    }

    @Test("decimal literals are reduced without a gcd", arguments: [
        (82197, 2, "82197/100"), (2500, 3, "5/2"), (1000, 3, "1"), (125, 3, "1/8"), (0, 5, "0"), (7, 0, "7"),
        (999_999_999_999_999_999, 18, "999999999999999999/1000000000000000000"), (640, 4, "8/125"),
    ])
    func decimals(_ mantissa: Int64, _ decimals: Int, _ expected: String) {
        let value = Rational.decimal(mantissa, decimals: decimals)
        #expect(value.description == expected)
        #expect(value == Rational(BigInt(mantissa), BigInt.powerOfTen(decimals)))
    }

    @Test("token ranges are columns of the line")
    func ranges() {
        let line = StatementSource.statements(in: "x = 1; 22 * yy")[1]
        #expect(Lexer.tokens(of: line).map(\.range) == [7..<9, 10..<11, 12..<14, 14..<14])
    }

    @Test("the lexer never throws: problems become invalid tokens", arguments: [
        "@", "\u{0}", "\"open", "1_", "1.2.3", "$1$",
    ])
    func invalid(_ text: String) {
        let first = kinds(text).first!
        guard case .token(.invalid) = first else {
            Issue.record("expected an invalid token for \(text), got \(first)")
            return
        }
    }
}

struct ParserTests {
    @Test("expression trees", arguments: [
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("2^3^2", "(^ 2 (^ 3 2))"),
        ("-2^2", "(- (^ 2 2))"),
        ("2^-1", "(^ 2 (- 1))"),
        ("+3", "3"),
        ("80 + 10%", "(+ 80 (% 10))"),
        ("10%^2", "(^ (% 10) 2)"),
        ("round(x, 2) / max(1, 2, 3)", "(/ (round x 2) (max 1 2 3))"),
        ("((1))", "1"),
        ("x × y ÷ z", "(/ (× x y) z)"),
        ("2.49 / 500 g", "(/ 2.49 (500 g))"),
        ("2.49 per 500 g", "(/ 2.49 (500 g))"),
        ("500 g / 2", "(/ (500 g) 2)"),
        ("4 t/h * 24 h", "(* (4 t/h) (24 h))"),
        ("2 kg^2", "(2 kg²)"),
        ("(2+3) kg", "((+ 2 3) kg)"),
        ("6x330 ml", "(× 6 (330 ml))"),
        ("1 + 500 g to lb", "(to (+ 1 (500 g)) lb)"),
        ("1 kg + 200 g in lb", "(to (+ (1 kg) (200 g)) lb)"),
        ("2.49 per 500 g to per 100 g", "(to (/ 2.49 (500 g)) 1/100 g)"),
        ("$2.49 + 2.49€", "(+ (2.49 $) (2.49 €))"),
        ("kg/l", "(/ kg L)"),
        ("70 °F to °C", "(to (70 °F) °C)"),
        ("2 fl oz", "(2 fl oz)"),
    ])
    func trees(_ text: String, _ expected: String) throws {
        let tree = try SyntaxTree.expression(StatementSource(text)).description
        #expect(tree == expected)
    }

    @Test("statements")
    func statements() throws {
        #expect(try SyntaxTree.statement(StatementSource("x = 1 + 2"), vocabulary: CommandCatalogue.self) ==
            .assignment(name: "x", nameRange: 0..<1, value: .binary(.add, .number(Number(1), range: 4..<5),
                                                                     .number(Number(2), range: 8..<9), operatorRange: 6..<7)))
        guard case .assignment(let name, let range, _) = try SyntaxTree.statement(StatementSource("let y = 2"), vocabulary: CommandCatalogue.self) else {
            Issue.record("let is an assignment"); return
        }
        #expect(name == "y" && range == 4..<5)
        guard case .command(let command, _, let arguments) = try SyntaxTree.statement(StatementSource("digits   20 "), vocabulary: CommandCatalogue.self) else {
            Issue.record("digits is a command"); return
        }
        #expect(command == "digits" && arguments.text == "20 " && arguments.offset == 9)
        guard case .expression = try SyntaxTree.statement(StatementSource("x + 1"), vocabulary: CommandCatalogue.self) else {
            Issue.record("x + 1 is an expression"); return
        }
    }
}
