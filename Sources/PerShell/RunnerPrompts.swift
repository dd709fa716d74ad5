import PerNumbers
import PerLanguage
import PerTools
import PerSession

/// Asking at the terminal for an estimator's missing inputs (`Runner.run(_:answer:)`): the
/// prompts, the answers typed, and their errors with a caret under the answer.
extension Runner {
    /// An answer's error, without a caret: the answer is not on the statement's line.
    func showAnswerError(_ message: String) {
        output.flush()
        errors.writeLine(errorLine(message))
        errors.flush()
    }

    /// An error in an answer typed after a prompt `indent` columns wide, with a caret under it.
    func showAnswerError(_ diagnostic: Diagnostic, line: String, indent: Int) {
        output.flush()
        for line in text.caretError(diagnostic, line: line, indent: indent) { errors.writeLine(line) }
        errors.flush()
    }

    /// `error: MESSAGE`, for an error with no column to point at.
    func errorLine(_ message: String) -> String {
        text.style.error("error:") + " " + text.shown(message)
    }

    /// Answers typed at the prompt: each input's value, and the line typed for it.
    struct Answers {
        var values: [String: InputValue] = [:]
        var typed: [String: String] = [:]
        /// The input answered last: its line is the one on the screen above.
        var last: String?

        mutating func merge(_ other: Answers) {
            values.merge(other.values) { $1 }
            typed.merge(other.typed) { $1 }
            last = other.last ?? last
        }
    }

    /// `  tds? `: the prompt for one input.
    static func prompt(_ key: String) -> String { "  \(key)? " }

    /// A rule an answer broke, with a caret under that answer: on the line above when it
    /// was the last answer, else on the answer shown again.
    func showConflict(_ refusal: Diagnostic, answer answers: Answers, key: String) {
        guard let typed = answers.typed[key] else { return showAnswerError(refusal.message) }
        let prompt = Runner.prompt(key)
        if answers.last != key { output.writeLine(prompt + text.shown(typed)) }
        showAnswerError(Diagnostic(refusal.problem, at: Runner.answerRange(typed)), line: typed, indent: prompt.count)
    }

    /// The scalars of an answer that are not blank at either end.
    static func answerRange(_ answer: String) -> Range<Int> {
        let scalars = Array(answer.unicodeScalars)
        let isBlank = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        let start = scalars.firstIndex { !isBlank($0) } ?? 0
        let end = (scalars.lastIndex { !isBlank($0) } ?? start) + 1
        return start..<max(end, start + 1)
    }

    /// What the prompts say first: what else may be typed there.
    static let promptHint = "(an empty line or Ctrl-C cancels; recall NAME and quit work here too)"

    /// The statements an input's prompt runs instead of reading a value.
    static func isStatementAtPrompt(_ answer: String) -> Bool {
        let word = answer.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { $0.lowercased() }
        return word == "quit" || word == "exit" || (word == "recall" && answer.split(separator: " ").count > 1)
    }

    /// Runs the statement typed at an input's prompt, if one was, in the estimate's place:
    /// nothing is said first, as the user asked for this (`recall NAME` shows the estimate
    /// with the set's inputs, `quit` ends). The rest of the line was meant with the
    /// estimate: it is dropped.
    func runTypedAtPrompt(key: String) -> Bool {
        guard let typed = typedAtPrompt else { return false }
        typedAtPrompt = nil
        runInteractive(line: typed, promptWidth: Runner.prompt(key).count)
        return true
    }

    /// Asks for each missing input until its answer is valid; nil when an answer is empty
    /// (or input ends), which cancels the statement, or is a statement (`recall NAME`,
    /// `quit`), kept in `typedAtPrompt` to run instead.
    func askFor(_ missing: [MissingInput], ask: (String) -> String?) -> Answers? {
        var answers = Answers()
        output.writeLine(Runner.promptHint)
        for input in missing {
            output.writeLine("\(input.key): \(input.description)")
            while true {
                let prompt = Runner.prompt(input.key)
                guard let answer = ask(prompt), !answer.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
                if Runner.isStatementAtPrompt(answer) {
                    typedAtPrompt = answer
                    return nil
                }
                switch session.checkInput(estimator: input.estimator, key: input.key, text: answer) {
                case .success(let value):
                    answers.values[input.key] = value
                    answers.typed[input.key] = answer
                    answers.last = input.key
                case .failure(let diagnostic):
                    // The answer was read without its leading blanks.
                    let offset = Runner.answerRange(answer).lowerBound
                    let shifted = Diagnostic(diagnostic.problem,
                                             at: (diagnostic.range.lowerBound + offset)..<(diagnostic.range.upperBound + offset))
                    showAnswerError(shifted, line: answer, indent: prompt.count)
                    continue
                }
                break
            }
        }
        return answers
    }
}
