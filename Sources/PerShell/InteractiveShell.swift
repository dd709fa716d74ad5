import PerTools
import PerLanguage
import PerSession

/// The shell on a terminal (`help shell`): a banner, the `per> ` prompt, line editing, history
/// and completion when libedit is there (and `TERM` is not `dumb`), plain line reading
/// otherwise, with the same results. Ctrl-C abandons the line; Ctrl-D, `quit` or `exit`
/// leave.
struct InteractiveShell {
    static let prompt = "per> "

    let runner: Runner
    let output: Output
    /// `--fresh`: start empty instead of restoring the kept session.
    let fresh: Bool
    /// Where the history is kept (`History`), or nil with `--no-history`.
    let historyDirectory: String?

    func run() {
        Interrupt.install()
        Interrupt.installTermination()
        Interrupt.installQuit()
        runner.interruptible = true
        output.writeLine("\(Options.version) — exact calculator, shopping list and estimators. Type help for commands, quit to leave.")
        runner.restoreKeptSession(fresh: fresh)
        let editor = System.environment(.term) == "dumb" ? nil : LibEdit()
        var plain = LineReader(fd: System.standardInput)
        let output = self.output
        func read(_ prompt: String) -> PromptInput {
            // The prompt shows at once; the session is written while the user is idle.
            if let editor {
                runner.flush()
                if editor.readsCharacters {
                    editor.whenIdle = runner.sessionDue.map { ($0, runner.storeSession) }
                } else {
                    runner.storeSession()
                }
                return editor.read(prompt: prompt)
            }
            // Cleared before the prompt shows, not after: a Ctrl-C typed on seeing it counts.
            Interrupt.received = 0
            output.write(prompt)
            runner.prepareToWait(for: System.standardInput)
            return plain.nextAtPrompt()
        }
        // Both readers keep the history; libedit also walks and searches it.
        let history = historyDirectory.map { History(directory: $0, warn: runner.warn) }
        if let editor {
            editor.candidates = { [runner] text in runner.completions(for: text) }
            if let history { editor.loadHistory(history.loaded, limit: Int32(HistoryFile.limit)) }
        }
        runner.ask = { prompt in
            guard case .line(let answer) = read(prompt) else {
                output.writeLine("")
                return nil
            }
            return answer
        }
        defer { runner.storeSession() }
        // SIGTERM, SIGHUP (a closed terminal) or Ctrl-\ ends the shell once the session
        // is kept.
        func endIfTerminated() {
            guard Interrupt.terminating != 0 else { return }
            runner.storeSession()
            runner.flush()
            Interrupt.endByTerminatingSignal()
        }
        while !runner.quitRequested {
            let input = read(InteractiveShell.prompt)
            endIfTerminated()
            switch input {
            case .end:
                output.writeLine("")
                return
            case .interrupted:
                output.writeLine("")
            case .tooLong(let beginning):
                runner.refuseTooLong(beginning: beginning, at: nil)
            case .line(let line):
                if line.contains(where: { $0 != " " && $0 != "\t" }) {
                    editor?.remember(line)
                    history?.add(line)
                }
                runner.runInteractive(line: line, promptWidth: InteractiveShell.prompt.count)
                endIfTerminated()
            }
        }
        output.flush()
    }
}
