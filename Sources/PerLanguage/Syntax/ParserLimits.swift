/// The limits that keep hostile input cheap.
public enum ParserLimits {
    public static let maxDepth = 200
    /// The nesting of an equation to solve: each of its tries is worked through builders
    /// of larger steps than a plain evaluation's, which must still fit the stack.
    public static let maxSolveDepth = 100
    /// Statements longer than this many tokens are refused, which also bounds the height of
    /// left-associative chains (`1+1+1+…`) that the depth count does not see.
    public static let maxTokens = 4000
    /// Lines longer than this many bytes are refused whole, before anything reads them.
    public static let maxLineLength = 100_000
}

/// Parsing into syntax trees, for tests and for looking at an input's shape.
public enum SyntaxTree {
    package static func statement(_ source: StatementSource, vocabulary: any Vocabulary.Type) throws(Diagnostic) -> Statement {
        switch try Parser.statement(source, builder: TreeBuilder(vocabulary: vocabulary)) {
        case .expression(let node): return .expression(node)
        case .assignment(let name, let range, let node): return .assignment(name: name, nameRange: range, value: node)
        case .definition(let definition): return .definition(definition)
        case .command(_, let name, let range, let arguments): return .command(name: name, nameRange: range, arguments: arguments)
        }
    }

    public static func expression(_ source: StatementSource) throws(Diagnostic) -> ExpressionNode {
        try Parser.expression(source, builder: TreeBuilder())
    }
}
