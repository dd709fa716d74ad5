/// What the parser makes of each piece of an expression. One grammar serves two ends: a
/// `TreeBuilder` makes syntax trees (for tests and for looking at an input's shape), and
/// the `Evaluator` computes values as it goes, which is what running a statement needs.
protocol ExpressionBuilder {
    associatedtype Value
    func number(_ value: Number, range: Range<Int>) throws(Diagnostic) -> Value
    func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value
    func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value
}

/// Builds `ExpressionNode` trees.
struct TreeBuilder: ExpressionBuilder {
    func number(_ value: Number, range: Range<Int>) -> ExpressionNode { .number(value, range: range) }
    func name(_ name: String, range: Range<Int>) -> ExpressionNode { .name(name, range: range) }
    func negate(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .negate(operand, operatorRange: range) }
    func binary(_ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode, range: Range<Int>) -> ExpressionNode {
        .binary(op, left, right, operatorRange: range)
    }
    func percent(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .percent(operand, operatorRange: range) }
    func call(_ function: Function, _ arguments: [ExpressionNode], range: Range<Int>) -> ExpressionNode {
        .call(function, arguments, nameRange: range)
    }
}

/// A statement as parsed, with its expression built by a builder.
enum ParsedStatement<Value> {
    case expression(Value)
    case assignment(name: String, nameRange: Range<Int>, value: Value)
    case command(name: String, nameRange: Range<Int>, arguments: StatementSource)
}

/// Recursive-descent parser for statements and expressions (README, "Expressions" and "The number model"), reading tokens from
/// the lexer as it goes.
///
/// Precedence, lowest to highest: `+ -`; `* /`; unary `- +`; `^` (right-associative, its
/// right operand may carry a sign: `2^-1`); postfix `%`. So `-2^2 = -4`, `2^3^2 = 512`.
/// Nesting is limited to `maxDepth` levels and statements to `maxTokens` tokens, so
/// hostile input is an error, never a stack overflow.
struct Parser<Builder: ExpressionBuilder> {
    private let source: StatementSource
    private var lexer: Lexer
    private let builder: Builder
    private var current: Token
    /// The value of `current` when it is a number.
    private var currentLiteral: Number
    private var tokenCount = 1
    private var depth = 0

    init(_ source: StatementSource, builder: Builder) {
        self.source = source
        self.lexer = Lexer(source)
        self.builder = builder
        self.current = lexer.next()
        self.currentLiteral = lexer.literal
    }

    // MARK: Statements

    /// Parses one statement: an assignment, a command or an expression.
    static func statement(_ source: StatementSource, builder: Builder) throws(Diagnostic) -> ParsedStatement<Builder.Value> {
        // The first three tokens tell the kind of statement: `x = …`, `let x = …`, `add …`.
        var look = Lexer(source)
        let first = look.next(), second = look.next()
        guard case .identifier(let word) = first.kind else {
            return .expression(try expression(source, builder: builder))
        }
        var name = word, nameRange = first.range, equals = second
        if word == "let" {
            guard case .identifier(let target) = second.kind else {
                throw Diagnostic("'let' needs a name, as in let x = 2", at: second.range)
            }
            equals = look.next()
            guard equals.kind == .equals else { throw Diagnostic("expected '=' after 'let \(target)'", at: equals.range) }
            name = target
            nameRange = second.range
        }
        if equals.kind == .equals {
            if let reason = Names.reservation(of: name) {
                throw Diagnostic("'\(name)' is \(reason) and cannot be a variable name", at: nameRange)
            }
            let value = source.slice(equals.range.upperBound..<source.scalars.endIndex)
            guard value.scalars.contains(where: { !StatementSource.isBlank($0) }) else {
                throw Diagnostic("expected a value after '='", at: value.scalars.endIndex..<(value.scalars.endIndex + 1))
            }
            return .assignment(name: name, nameRange: nameRange, value: try expression(value, builder: builder))
        }
        if CommandCatalogue.command(named: name) != nil {
            let rest = source.scalars[first.range.upperBound...].drop(while: StatementSource.isBlank)
            return .command(name: name, nameRange: first.range, arguments: StatementSource(rest))
        }
        // A name followed by an operand reads as a misspelt command: `ad 2.49 500 g`.
        switch second.kind {
        case .number, .identifier, .quoted, .invalid:
            if Function(rawValue: name) == nil,
               let command = Suggestion.closest(to: name, among: CommandCatalogue.allNames, minimumLength: 2) {
                throw Diagnostic("unknown command '\(name)'; did you mean '\(command)'?", at: first.range)
            }
        default:
            break
        }
        return .expression(try expression(source, builder: builder))
    }

    /// Parses text that must be exactly one expression.
    static func expression(_ source: StatementSource, builder: Builder) throws(Diagnostic) -> Builder.Value {
        var parser = Parser(source, builder: builder)
        let value = try parser.expression()
        try parser.expectEnd()
        return value
    }

    // MARK: Grammar

    private mutating func advance() throws(Diagnostic) -> Token {
        let token = current
        if token.kind != .end {
            current = lexer.next()
            if case .number = current.kind { currentLiteral = lexer.literal }
            tokenCount += 1
            if tokenCount > ParserLimits.maxTokens {
                throw Diagnostic("statement too long (more than \(ParserLimits.maxTokens) tokens)", at: current.range)
            }
        }
        return token
    }

    private func expectEnd() throws(Diagnostic) {
        let token = current
        switch token.kind {
        case .end: return
        case .rightParenthesis: throw Diagnostic("unmatched ')'", at: token.range)
        case .invalid(let message): throw Diagnostic(message, at: token.range)
        case .equals: throw Diagnostic("unexpected '='; an assignment looks like: name = value", at: token.range)
        case .comma:
            throw Diagnostic("',' only separates a function's arguments; the decimal point is always '.', as in 1.5",
                             at: token.range)
        default: throw Diagnostic("expected an operator before \(quoted(token))", at: token.range)
        }
    }

    private mutating func enter(_ token: Token) throws(Diagnostic) {
        depth += 1
        if depth > ParserLimits.maxDepth {
            throw Diagnostic("expression nested too deeply (more than \(ParserLimits.maxDepth) levels)", at: token.range)
        }
    }

    mutating func expression() throws(Diagnostic) -> Builder.Value {
        var left = try multiplicative()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            let token = try advance()
            let right = try multiplicative(after: token)
            left = try builder.binary(op, left, right, range: token.range)
        }
    }

    private mutating func multiplicative(after previous: Token? = nil) throws(Diagnostic) -> Builder.Value {
        var left = try unary(after: previous)
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .times: op = .multiply
            case .divide: op = .divide
            default: return left
            }
            let token = try advance()
            let right = try unary(after: token)
            left = try builder.binary(op, left, right, range: token.range)
        }
    }

    private mutating func unary(after previous: Token?) throws(Diagnostic) -> Builder.Value {
        let token = current
        switch token.kind {
        case .minus, .plus:
            _ = try advance()
            try enter(token)
            defer { depth -= 1 }
            let operand = try unary(after: token)
            return token.kind == .minus ? try builder.negate(operand, range: token.range) : operand
        default:
            return try power(after: previous)
        }
    }

    private mutating func power(after previous: Token?) throws(Diagnostic) -> Builder.Value {
        let base = try postfix(after: previous)
        guard current.kind == .power else { return base }
        let token = try advance()
        try enter(token)
        defer { depth -= 1 }
        let exponent = try unary(after: token)
        return try builder.binary(.power, base, exponent, range: token.range)
    }

    private mutating func postfix(after previous: Token?) throws(Diagnostic) -> Builder.Value {
        var value = try primary(after: previous)
        while current.kind == .percent {
            value = try builder.percent(value, range: try advance().range)
        }
        return value
    }

    private mutating func primary(after previous: Token?) throws(Diagnostic) -> Builder.Value {
        let literal = currentLiteral
        let token = try advance()
        switch token.kind {
        case .number:
            return try builder.number(literal, range: token.range)
        case .identifier(let name):
            if current.kind == .leftParenthesis { return try call(name, nameToken: token) }
            if let function = Function(rawValue: name) {
                throw Diagnostic("\(name) is a function: write \(function.synopsis)", at: token.range)
            }
            return try builder.name(name, range: token.range)
        case .leftParenthesis:
            try enter(token)
            defer { depth -= 1 }
            let inner = try expression()
            guard current.kind == .rightParenthesis else {
                if case .invalid(let message) = current.kind { throw Diagnostic(message, at: current.range) }
                if current.kind == .end { throw Diagnostic("'(' is never closed", at: token.range) }
                throw Diagnostic("expected an operator or ')' before \(quoted(current))", at: current.range)
            }
            _ = try advance()
            return inner
        case .invalid(let message):
            throw Diagnostic(message, at: token.range)
        case .end:
            if let previous {
                throw Diagnostic("expected a number or name after \(quoted(previous))", at: token.range)
            }
            throw Diagnostic("expected a number or name", at: token.range)
        case .quoted:
            throw Diagnostic("text in quotes is not a number", at: token.range)
        default:
            throw Diagnostic("expected a number or name, found \(quoted(token))", at: token.range)
        }
    }

    private mutating func call(_ name: String, nameToken: Token) throws(Diagnostic) -> Builder.Value {
        guard let function = Function(rawValue: name) else {
            // Function names are lower case; `SQRT(4)` is a slip, not a new function.
            let suggestion = Function(rawValue: name.lowercased())?.rawValue
                ?? Suggestion.closest(to: name, among: Function.allCases.map(\.rawValue))
            throw Diagnostic("'\(name)' is not a function" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                             at: nameToken.range)
        }
        let open = try advance()
        try enter(open)
        defer { depth -= 1 }
        var arguments: [Builder.Value] = []
        if current.kind != .rightParenthesis {
            while true {
                arguments.append(try expression())
                if current.kind == .comma { _ = try advance(); continue }
                break
            }
        }
        guard current.kind == .rightParenthesis else {
            if case .invalid(let message) = current.kind { throw Diagnostic(message, at: current.range) }
            if current.kind == .end { throw Diagnostic("'(' is never closed", at: open.range) }
            throw Diagnostic("expected ',' or ')' before \(quoted(current))", at: current.range)
        }
        _ = try advance()
        guard function.arity.contains(arguments.count) else {
            throw Diagnostic("\(name) takes \(function.arityDescription), not \(arguments.count)", at: nameToken.range)
        }
        return try builder.call(function, arguments, range: nameToken.range)
    }

    /// A token as the user wrote it, quoted for a message: `'*'`, `'×'`, `'x'`.
    private func quoted(_ token: Token) -> String {
        if token.kind == .end { return "the end" }
        return "'\(source.text(token.range))'"
    }
}

/// The limits that keep hostile input cheap.
public enum ParserLimits {
    public static let maxDepth = 200
    /// Statements longer than this many tokens are refused, which also bounds the height of
    /// left-associative chains (`1+1+1+…`) that the depth count does not see.
    public static let maxTokens = 4000
    /// Lines longer than this many bytes are refused whole, before anything reads them.
    public static let maxLineLength = 100_000

    /// The refusal of an over-long line, as a statement result (its input cut short).
    public static func checkLength(of line: String) -> StatementResult? {
        guard line.utf8.count > maxLineLength else { return nil }
        return tooLong(beginning: line)
    }

    /// The refusal of a line that was too long to keep, shown by its first characters.
    public static func tooLong(beginning: String) -> StatementResult {
        let shown = StatementSource(String(beginning.prefix(60)) + "…")
        return StatementResult(source: shown, outcome: .failure(Diagnostic(
            "line too long (more than \(maxLineLength) bytes); split it into shorter statements", at: 0..<1)))
    }
}

/// Parsing into syntax trees, for tests and for looking at an input's shape.
public enum SyntaxTree {
    public static func statement(_ source: StatementSource) throws(Diagnostic) -> Statement {
        switch try Parser.statement(source, builder: TreeBuilder()) {
        case .expression(let node): return .expression(node)
        case .assignment(let name, let range, let node): return .assignment(name: name, nameRange: range, value: node)
        case .command(let name, let range, let arguments): return .command(name: name, nameRange: range, arguments: arguments)
        }
    }

    public static func expression(_ source: StatementSource) throws(Diagnostic) -> ExpressionNode {
        try Parser.expression(source, builder: TreeBuilder())
    }
}
