/// The state of one calculator session and the one way to change it: running statements.
///
/// Every statement either succeeds or changes nothing: each command computes and checks
/// everything it needs first and mutates the state only at its end.
public struct Session: Sendable {
    public private(set) var variables: [String: Number] = [:]
    public private(set) var lastResult: Number?
    /// Significant digits for approximate results.
    public private(set) var digits = 12

    public init() {}

    /// Runs every statement of a line, in order.
    public mutating func run(line: String) -> [StatementResult] {
        StatementSource.statements(in: line).map { source in
            StatementResult(source: source, outcome: execute(source))
        }
    }

    /// Runs one statement.
    public mutating func execute(_ source: StatementSource) -> Result<Outcome, Diagnostic> {
        do throws(Diagnostic) {
            return .success(try perform(Parser.statement(source)))
        } catch {
            return .failure(error)
        }
    }

    private mutating func perform(_ statement: Statement) throws(Diagnostic) -> Outcome {
        switch statement {
        case .expression(let node):
            let value = try evaluate(node)
            lastResult = value
            return .value(display(value))
        case .assignment(let name, _, let node):
            let value = try evaluate(node)
            variables[name] = value
            lastResult = value
            return .assignment(name: name, value: display(value))
        case .command(let name, let nameRange, let arguments):
            return try command(name, at: nameRange, arguments: arguments)
        }
    }

    func evaluate(_ node: ExpressionNode) throws(Diagnostic) -> Number {
        try Evaluator(variables: variables, lastResult: lastResult).evaluate(node)
    }

    /// A number as this session shows it.
    public func display(_ number: Number) -> DisplayedNumber {
        NumberDisplay.display(number, digits: digits)
    }

    // MARK: Commands

    private mutating func command(_ name: String, at range: Range<Int>, arguments: StatementSource) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        switch CommandCatalogue.command(named: name)?.name {
        case "vars":
            try expectNoArguments(name, words)
            return .variables(variables.keys.sorted().map { Outcome.Variable(name: $0, value: display(variables[$0]!)) })
        case "unset":
            guard !words.isEmpty else { throw Diagnostic("unset needs a variable name, as in unset x", at: range) }
            for word in words where variables[word.text] == nil {
                let suggestion = Suggestion.closest(to: word.text, among: Array(variables.keys))
                throw Diagnostic("no variable '\(word.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                 at: word.range)
            }
            for word in words { variables[word.text] = nil }
            return .removed(words.map(\.text))
        case "digits":
            if words.isEmpty { return .setting(name: "digits", value: String(digits)) }
            let value = try evaluate(try Parser.expression(arguments))
            guard let count = value.exactInteger, NumberDisplay.digitsRange.contains(count) else {
                throw Diagnostic("digits must be a whole number from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound)",
                                 at: arguments.scalars.indices)
            }
            digits = count
            return .setting(name: "digits", value: String(count))
        case "help":
            guard words.count <= 1 else { throw Diagnostic("help takes at most one command name", at: words[1].range) }
            guard let topic = words.first else { return .help(HelpText.overview()) }
            guard let text = HelpText.topic(topic.text) else {
                let suggestion = Suggestion.closest(to: topic.text, among: HelpText.topics)
                throw Diagnostic("no help for '\(topic.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                 at: topic.range)
            }
            return .help(text)
        case "quit":
            try expectNoArguments(name, words)
            return .quit
        default:
            throw Diagnostic("'\(name)' is not available yet", at: range)
        }
    }

    private func expectNoArguments(_ name: String, _ words: [StatementSource.Word]) throws(Diagnostic) {
        if let first = words.first {
            throw Diagnostic("\(name) takes no arguments", at: first.range)
        }
    }
}
