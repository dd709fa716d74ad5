import PerUnits
import PerTools
import PerLanguage

/// The shell's commands: `help`, `quit`, and the session's history (`undo`, `redo`, `new`).
extension Session {
    /// `help`, `quit`, `undo`, `redo`, `new`.
    mutating func shellCommand(_ command: ShellCommand, _ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        switch command {
        case .help:
            let words = arguments.words
            // `help units pressure`, `help units fuel economy`: one group of units.
            if words.count > 1, words[0].text == "units" {
                let asked = words.dropFirst().map(\.text).joined(separator: " ")
                guard let group = UnitGroup.named(asked) else {
                    throw Diagnostic(ArgumentError.noUnitGroup(asked, groups: UnitGroup.all.map(\.name)),
                                     at: words[1].range.lowerBound..<words[words.count - 1].range.upperBound)
                }
                return .help(group.help)
            }
            guard words.count <= 1 else { throw Diagnostic(ArgumentError.helpTakesOneTopic, at: words[1].range) }
            guard let topic = words.first else { return .help(HelpText.overview()) }
            guard let text = HelpText.topic(topic.text) else {
                let suggestion = Suggestion.closest(to: topic.text, among: HelpText.topics)
                throw Diagnostic(ArgumentError.noHelp(topic.text, suggestion: suggestion), at: topic.range)
            }
            return .help(text)
        case .quit:
            try arguments.expectEnd()
            return .quit
        case .undo, .redo:
            return try step(undoing: command == .undo, arguments)
        case .new:
            try arguments.expectEnd()
            guard history != nil else {
                throw Diagnostic(ArgumentError.needsHistory(command: "new"), at: arguments.commandRange)
            }
            // The shell keeps the old session as a saved set first.
            return .storage(.startNew(state: state, headline: estimates.lastEstimate?.headline))
        }
    }

    /// `undo` or `redo`: one step back or forward.
    private mutating func step(undoing: Bool, _ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let name = undoing ? "undo" : "redo"
        try arguments.expectEnd()
        guard var history else {
            throw Diagnostic(ArgumentError.needsHistory(command: name), at: arguments.commandRange)
        }
        guard let step = history.popStep(undoing: undoing) else {
            throw Diagnostic(ArgumentError.nothingTo(name), at: arguments.commandRange)
        }
        // A change to the price book: the shell makes the file change, the session stays.
        if let change = step.bookChange, let inverse = change.inverse {
            history.pushStep(step, undoing: undoing)
            self.history = history
            return .priceBook(PriceBookOutcome(.message(.undone(statement: step.statement, redone: !undoing)),
                                               change: undoing ? inverse : change, isStep: true))
        }
        // The session now becomes the step that takes this one back.
        let opposite = UndoHistory.Step(statement: step.statement, session: withoutHistory)
        history.pushStep(opposite, undoing: undoing)
        restore(step.session, history: history)
        return .message(.undone(statement: step.statement, redone: !undoing))
    }
}

extension Session {
    /// `include FILE`: the file for the shell to run, a quoted name read without its quotes.
    func include(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let path = try ShoppingList.productName(in: arguments.source, from: arguments.position)
        guard !path.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: "include", what: "a file", example: "include rates.per"), at: arguments.endRange)
        }
        return .include(path: path)
    }
}
