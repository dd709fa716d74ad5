/// Recursive-descent parser for statements and expressions (SPEC §2).
///
/// Precedence, lowest to highest: `+ -`; `* /`; unary `- +`; `^` (right-associative, its
/// right operand may carry a sign: `2^-1`); postfix `%`. So `-2^2 = -4`, `2^3^2 = 512`.
/// Nesting is limited to `maxDepth` levels, so hostile input is an error, never a stack
/// overflow.
public struct Parser {
    public static let maxDepth = 200
    /// Statements longer than this many tokens are refused, which also bounds the height of
    /// left-associative chains (`1+1+1+…`) that the depth count does not see.
    public static let maxTokens = 4000

    private let source: StatementSource
    private let tokens: [Token]
    private var position = 0
    private var depth = 0

    init(_ source: StatementSource) {
        self.source = source
        self.tokens = Lexer.tokens(of: source)
    }

    // MARK: Entry points

    /// Parses one statement: an assignment, a command or an expression.
    public static func statement(_ source: StatementSource) throws(Diagnostic) -> Statement {
        var parser = Parser(source)
        return try parser.statement()
    }

    /// Parses text that must be exactly one expression.
    public static func expression(_ source: StatementSource) throws(Diagnostic) -> ExpressionNode {
        var parser = Parser(source)
        try parser.checkLength()
        let node = try parser.expression()
        try parser.expectEnd()
        return node
    }

    private func checkLength() throws(Diagnostic) {
        if tokens.count > Parser.maxTokens {
            throw Diagnostic("statement too long (more than \(Parser.maxTokens) tokens)", at: tokens[Parser.maxTokens].range)
        }
    }

    private mutating func statement() throws(Diagnostic) -> Statement {
        try checkLength()
        let first = tokens[0]
        guard case .identifier(var name) = first.kind else {
            let node = try expression()
            try expectEnd()
            return .expression(node)
        }
        var nameRange = first.range
        if name == "let" {
            guard case .identifier(let target) = tokens[1].kind else {
                throw Diagnostic("'let' needs a name, as in let x = 2", at: tokens[1].range)
            }
            guard tokens[2].kind == .equals else {
                throw Diagnostic("expected '=' after 'let \(target)'", at: tokens[2].range)
            }
            name = target
            nameRange = tokens[1].range
            position = 1
        }
        if tokens[position + 1].kind == .equals {
            if let reason = Names.reservation(of: name) {
                throw Diagnostic("'\(name)' is \(reason) and cannot be a variable name", at: nameRange)
            }
            position += 2
            if tokens[position].kind == .end {
                throw Diagnostic("expected a value after '='", at: tokens[position].range)
            }
            let value = try expression()
            try expectEnd()
            return .assignment(name: name, nameRange: nameRange, value: value)
        }
        if CommandCatalogue.command(named: name) != nil {
            let rest = source.scalars[first.range.upperBound...]
            let trimmed = rest.drop(while: StatementSource.isBlank)
            return .command(name: name, nameRange: first.range, arguments: StatementSource(trimmed))
        }
        // A name followed by an operand reads as a misspelt command: `ad 2.49 500 g`.
        switch tokens[1].kind {
        case .number, .identifier, .quoted, .invalid:
            if Function(rawValue: name) == nil,
               let command = Suggestion.closest(to: name, among: CommandCatalogue.allNames, minimumLength: 2) {
                throw Diagnostic("unknown command '\(name)'; did you mean '\(command)'?", at: first.range)
            }
        default:
            break
        }
        let node = try expression()
        try expectEnd()
        return .expression(node)
    }

    // MARK: Grammar

    private var current: Token { tokens[position] }

    private mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func expectEnd() throws(Diagnostic) {
        let token = current
        switch token.kind {
        case .end: return
        case .rightParenthesis: throw Diagnostic("unmatched ')'", at: token.range)
        case .invalid(let message): throw Diagnostic(message, at: token.range)
        case .equals: throw Diagnostic("unexpected '='; an assignment looks like: name = value", at: token.range)
        default: throw Diagnostic("expected an operator before \(quoted(token))", at: token.range)
        }
    }

    private mutating func enter(_ token: Token) throws(Diagnostic) {
        depth += 1
        if depth > Parser.maxDepth {
            throw Diagnostic("expression nested too deeply (more than \(Parser.maxDepth) levels)", at: token.range)
        }
    }

    mutating func expression() throws(Diagnostic) -> ExpressionNode {
        var left = try multiplicative()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            let token = advance()
            let right = try multiplicative(after: token)
            left = .binary(op, left, right, operatorRange: token.range)
        }
    }

    private mutating func multiplicative(after previous: Token? = nil) throws(Diagnostic) -> ExpressionNode {
        var left = try unary(after: previous)
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .times: op = .multiply
            case .divide: op = .divide
            default: return left
            }
            let token = advance()
            let right = try unary(after: token)
            left = .binary(op, left, right, operatorRange: token.range)
        }
    }

    private mutating func unary(after previous: Token?) throws(Diagnostic) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .minus, .plus:
            _ = advance()
            try enter(token)
            defer { depth -= 1 }
            let operand = try unary(after: token)
            return token.kind == .minus ? .negate(operand, operatorRange: token.range) : operand
        default:
            return try power(after: previous)
        }
    }

    private mutating func power(after previous: Token?) throws(Diagnostic) -> ExpressionNode {
        let base = try postfix(after: previous)
        guard current.kind == .power else { return base }
        let token = advance()
        try enter(token)
        defer { depth -= 1 }
        let exponent = try unary(after: token)
        return .binary(.power, base, exponent, operatorRange: token.range)
    }

    private mutating func postfix(after previous: Token?) throws(Diagnostic) -> ExpressionNode {
        var node = try primary(after: previous)
        while current.kind == .percent {
            node = .percent(node, operatorRange: advance().range)
        }
        return node
    }

    private mutating func primary(after previous: Token?) throws(Diagnostic) -> ExpressionNode {
        let token = advance()
        switch token.kind {
        case .number(let value, _):
            return .number(value, range: token.range)
        case .identifier(let name):
            if current.kind == .leftParenthesis { return try call(name, nameToken: token) }
            if let function = Function(rawValue: name) {
                throw Diagnostic("\(name) is a function: write \(function.synopsis)", at: token.range)
            }
            return .name(name, range: token.range)
        case .leftParenthesis:
            try enter(token)
            defer { depth -= 1 }
            let inner = try expression()
            guard current.kind == .rightParenthesis else {
                if case .invalid(let message) = current.kind { throw Diagnostic(message, at: current.range) }
                if current.kind == .end { throw Diagnostic("'(' is never closed", at: token.range) }
                throw Diagnostic("expected an operator or ')' before \(quoted(current))", at: current.range)
            }
            _ = advance()
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

    private mutating func call(_ name: String, nameToken: Token) throws(Diagnostic) -> ExpressionNode {
        guard let function = Function(rawValue: name) else {
            throw Diagnostic("'\(name)' is not a function", at: nameToken.range)
        }
        let open = advance()
        try enter(open)
        defer { depth -= 1 }
        var arguments: [ExpressionNode] = []
        if current.kind != .rightParenthesis {
            while true {
                arguments.append(try expression())
                if current.kind == .comma { _ = advance(); continue }
                break
            }
        }
        guard current.kind == .rightParenthesis else {
            if case .invalid(let message) = current.kind { throw Diagnostic(message, at: current.range) }
            if current.kind == .end { throw Diagnostic("'(' is never closed", at: open.range) }
            throw Diagnostic("expected ',' or ')' before \(quoted(current))", at: current.range)
        }
        _ = advance()
        guard function.arity.contains(arguments.count) else {
            throw Diagnostic("\(name) takes \(function.arityDescription), not \(arguments.count)", at: nameToken.range)
        }
        return .call(function, arguments, nameRange: nameToken.range)
    }

    /// A token as the user wrote it, quoted for a message: `'*'`, `'×'`, `'x'`.
    private func quoted(_ token: Token) -> String {
        if token.kind == .end { return "the end" }
        return "'\(source.text(token.range))'"
    }
}
