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
            .lineTooLong, at: 0..<1)))
    }
}

/// Parsing into syntax trees, for tests and for looking at an input's shape.
public enum SyntaxTree {
    public static func statement(_ source: StatementSource) throws(Diagnostic) -> Statement {
        switch try Parser.statement(source, builder: TreeBuilder()) {
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
