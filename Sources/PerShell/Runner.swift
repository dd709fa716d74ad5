import PerCore

/// Feeds lines into one session and writes what comes out: text or JSON, with errors
/// located (`<stdin>:3:5: error: …`) in batch and pointed at with a caret on a terminal.
final class Runner {
    private var session = Session()
    private let output: Output
    private let errors: Output
    private let json: Bool
    private let text: TextRenderer
    private let jsonRenderer = JSONRenderer()
    /// Whether any statement has failed.
    private(set) var anyFailed = false
    /// Set by `quit`: no further statements run.
    private(set) var quitRequested = false

    init(output: Output, errors: Output, json: Bool, style: Style, showBars: Bool) {
        self.output = output
        self.errors = errors
        self.json = json
        self.text = TextRenderer(style: style, showBars: showBars)
    }

    /// Where a line came from, for located error messages.
    struct Location {
        let label: String
        let line: Int
    }

    /// Runs one line read in batch (stdin, a file, `-e`); errors carry their location.
    func runBatch(line: String, at location: Location) {
        run(line) { diagnostic in [text.locatedError(diagnostic, label: location.label, line: location.line)] }
    }

    /// Runs one line typed at the prompt; errors get a caret under their column.
    func runInteractive(line: String, promptWidth: Int) {
        run(line) { diagnostic in text.caretError(diagnostic, line: line, indent: promptWidth) }
        output.flush()
    }

    /// Runs the statements of a line in order, stopping at `quit`. A failure goes to
    /// stderr as `describe` words it, or to stdout as JSON.
    private func run(_ line: String, describe: (Diagnostic) -> [String]) {
        for source in StatementSource.statements(in: line) {
            if quitRequested { return }
            let result = StatementResult(source: source, outcome: session.execute(source))
            switch result.outcome {
            case .success(let outcome):
                write(result, outcome)
            case .failure(let diagnostic):
                anyFailed = true
                if json {
                    output.writeLine(jsonRenderer.line(for: result))
                } else {
                    output.flush()
                    for errorLine in describe(diagnostic) { errors.writeLine(errorLine) }
                    errors.flush()
                }
            }
        }
    }

    private func write(_ result: StatementResult, _ outcome: Outcome) {
        if outcome == .quit { quitRequested = true }
        if json {
            output.writeLine(jsonRenderer.line(for: result))
        } else {
            for line in text.lines(for: outcome) { output.writeLine(line) }
        }
    }
}
