import PerTools
import PerLanguage
import PerSession
import PerNumbers

/// Feeds lines into one session and writes what comes out: text or JSON, with errors
/// located (`<stdin>:3:5: error: …`) in batch and pointed at with a caret on a terminal.
final class Runner {
    var session: Session
    let output: Output
    let errors: Output
    private let json: Bool
    let text: TextRenderer
    private let jsonRenderer = JSONRenderer()
    /// The scalars of the line being run, kept for the next line to reuse.
    var lineScalars: [Unicode.Scalar] = []
    /// Whether any statement has failed.
    var anyFailed = false
    /// The number of the line being run in batch, which a total names when the line fails.
    var line: Int?
    /// Set by `quit`: no further statements of the same input run.
    var quitRequested = false
    /// On a terminal: shows a prompt and reads the answer (nil at end of input), to ask for
    /// estimator inputs a statement left out.
    var ask: ((String) -> String?)?
    /// A statement typed at an input's prompt instead of a value (`recall NAME`, `quit`):
    /// the estimate is cancelled and it runs.
    var typedAtPrompt: String?
    /// Where saved sets live; nil when no directory can be found.
    var storage: SetStorage?
    /// The price book, beside the saved sets.
    lazy var priceBook: PriceBookStore? = storage.map { PriceBookStore(directory: $0.directory) }
    /// The exchange rates read from files, beside the price book.
    lazy var rates: RatesStore? = storage.map { RatesStore(directory: $0.directory) }
    /// Whether statements may change the price book: a sheet, run again and again, may not.
    var changesPriceBook = true
    /// Whether statements may write saved sets (`save`, `forget`, `new`): a sheet may not,
    /// as it may not change the price book; it may list and recall them.
    var changesSavedSets = true
    /// Where the session is kept between runs; nil when it is not (batch without
    /// `--session`, or no directory).
    var sessionStore: SessionStore?
    /// The decimal separator `--input` asked for, set once the kept session is restored.
    var input: InputNotation?
    /// Whether Ctrl-C cancels a running statement (in the shell); see `execute`.
    var interruptible = false
    /// `--today` or `PER_TODAY`: the date today and now read (now at the day's first
    /// minute unless a time was given), else the system's clock.
    let fixedToday: FixedClock?
    /// The files being read, for `include`.
    var includes = Includes()

    /// A runner writing to `output` and `errors`; `tableWidth` tells how many columns a
    /// table may take when it is written (nil: no limit).
    init(output: Output, errors: Output, json: Bool, style: Style, showBars: Bool, keepsHistory: Bool,
         fixedToday: FixedClock? = nil, tableWidth: @escaping () -> Int? = { nil }) {
        session = Session(keepsHistory: keepsHistory)
        self.fixedToday = fixedToday
        self.output = output
        self.errors = errors
        self.json = json
        self.text = TextRenderer(style: style, showBars: showBars)
        text.tableWidth = tableWidth
        // Read when a statement first needs it (`Session.clock`); once for a batch run,
        // which ends long before a day does.
        session.clock = { [fixedToday] in System.sessionClock(fixed: fixedToday) }
    }

    /// Where a line came from, for located error messages.
    struct Location {
        let label: String
        let line: Int
    }

    /// Restores the kept session, saying so in one line; with `fresh`, keeps it as the
    /// saved set `last session` instead and starts empty.
    func restoreKeptSession(fresh: Bool) {
        defer { if let input { session.setInput(input) } }
        guard let store = sessionStore, let kept = store.load(warn: warn) else { return }
        guard !kept.state.isEmpty else { return }
        if fresh {
            let set = SavedSet(name: SavedSets.lastSessionName, savedAt: kept.savedAt, state: kept.state, headline: kept.headline)
            do throws(StorageFailure) {
                guard let storage else { throw .noDirectory }
                try storage.transaction(warn: warn) { sets throws(StorageFailure) in (sets.filter { $0.name != set.name } + [set], ()) }
                notice("started empty; the last session is saved as '\(set.name)'")
            } catch {
                // Nothing is lost: the kept session stays where it is.
                warn("\(error.message); the last session stays in \(store.path)")
                return
            }
            storeSession()
            return
        }
        session.restore(kept.state)
        store.markStored(session.revision)
        notice("restored the session of \(TextRenderer.date(kept.savedAt)): \(kept.state.contents)")
        let others = storage?.names().filter { $0.hasPrefix(SessionStore.otherSessionPrefix) } ?? []
        if !others.isEmpty {
            notice("sessions of other shells are kept as saved sets: " + others.map { "'\($0)'" }.joined(separator: ", ")
                   + " (recall NAME to use one, forget NAME when done)")
        }
    }

    /// Writes the kept session now if it changed: when the shell waits for input, and at
    /// the end.
    func storeSession() {
        sessionStore?.store(session, storage: storage, warn: warn, notice: notice)
    }

    /// Before a read from `fd` that may wait: the output is flushed, and a changed session
    /// is written now when its last write is at least `SessionStore.interval` old, else
    /// when no input comes before then. Statements that come quickly (a paste, a script
    /// fed line by line) are written together, and a reader left waiting has its session
    /// kept within the interval.
    func prepareToWait(for fd: Int32) {
        output.flush()
        guard let due = sessionDue else { return }
        if System.waitForInput(fd, until: due) { return }
        storeSession()
    }

    /// When the kept session should be written if no input comes first; nil when it is
    /// written.
    var sessionDue: ContinuousClock.Instant? { sessionStore?.due(session) }

    /// Writes out what is buffered.
    func flush() {
        output.flush()
        errors.flush()
    }

    /// Lets the next input run after a `quit` ended the one before.
    func resumeAfterQuit() { quitRequested = false }

    /// Runs one line given in batch (`-e`); errors carry their location.
    func runBatch(line: String, at location: Location) {
        self.line = location.line
        if SheetText.endsBlock(utf8: ArraySlice(line.utf8)) { session.endBlock() }
        run(line) { located($0, at: location) }
    }

    /// Runs one line read in batch (stdin, a file) as its bytes, which the reader has
    /// already kept within the length limit; errors carry their location.
    func runBatch(utf8 line: ArraySlice<UInt8>, at location: Location) {
        self.line = location.line
        let statements = withLineScalars { StatementSource.statements(inUTF8: line, reusing: &$0) }
        // A line without statements may end the block `total` reads: a blank line, a `##` heading.
        if statements.isEmpty {
            if SheetText.endsBlock(utf8: line) { session.endBlock() }
            return
        }
        run(statements) { located($0, at: location) }
    }

    /// A failure's message for batch input, led by where it happened.
    private func located(_ diagnostic: Diagnostic, at location: Location) -> [String] {
        [text.locatedError(diagnostic, label: location.label, line: location.line)]
    }

    /// Refuses a line that was too long to keep, by its beginning.
    func refuseTooLong(beginning: String, at location: Location?) {
        line = location?.line
        refuse(ParserLimits.tooLong(beginning: beginning)) { diagnostic in
            guard let location else { return [errorLine(diagnostic.message)] }
            return located(diagnostic, at: location)
        }
        output.flush()
    }

    /// Reports a problem with the input or the program's own files (`per: …`); it counts
    /// as a failure for the exit status.
    func complain(_ message: String) {
        anyFailed = true
        output.flush()
        errors.writeLine("per: " + text.shown(message))
        errors.flush()
    }

    /// Runs one line typed at the prompt; errors get a caret under their column. A Ctrl-C
    /// while a statement runs (waiting for a lock) left the terminal's `^C` on the line:
    /// the error then starts a line of its own, and a caret would point at nothing.
    func runInteractive(line: String, promptWidth: Int) {
        // A shell may stay open past midnight: `today` is the date the line is typed, read
        // again for it when a statement needs it. (A batch run reads it once: it ends long
        // before a day does.)
        session.clockIsRead = false
        // In the shell an empty line ends the block `total` reads.
        if SheetText.endsBlock(utf8: ArraySlice(line.utf8)) { session.endBlock() }
        run(line) { diagnostic in
            guard Interrupt.received == 0 else { return ["", errorLine(diagnostic.message)] }
            return text.caretError(diagnostic, line: line, indent: promptWidth)
        }
        output.flush()
    }

    /// Runs `body` on the memory lines are read into, taken out of the runner for the call,
    /// so the compiler sees the whole access: a class's stored property passed `inout` to
    /// another module is checked for exclusivity at run time, on every line.
    @inline(__always)
    func withLineScalars<T>(_ body: (inout [Unicode.Scalar]) -> T) -> T {
        var scalars: [Unicode.Scalar] = []
        swap(&scalars, &lineScalars)
        defer { swap(&scalars, &lineScalars) }
        return body(&scalars)
    }

    /// Refuses an over-long line, else runs its statements.
    private func run(_ line: String, describe: (Diagnostic) -> [String]) {
        if let refusal = ParserLimits.checkLength(of: line) { return refuse(refusal, describe: describe) }
        run(withLineScalars { StatementSource.statements(in: line, reusing: &$0) }, describe: describe)
    }

    /// Runs a statement, cancellable by Ctrl-C in the shell: its context's `Interruption`
    /// reads the signal flag for its run, and only then, so reading and writing files is
    /// never cancelled.
    func execute(_ source: StatementSource, supplied: [String: InputValue] = [:]) -> StatementOutcome {
        // Only a statement that starts with a letter may ask for the price book or list the
        // rates: the test of its first character here spares every number and bracket a call
        // into the core.
        if let first = source.scalars.first, first.value >= 0x41 {
            if Session.needsPriceBook(source) {
                // The book dates what is seen today, and refuses a date after it.
                session.readClockIfUnread()
                if let refusal = openPriceBook(for: source) { return .failure(refusal) }
            }
            if !session.ratesAreRead, Session.listsRates(source), let refusal = openRates(for: source) { return .failure(refusal) }
        }
        let outcome = executeOnce(source, supplied: supplied)
        // Refused for want of a rate, having changed nothing: run again with the file's.
        guard case .failure(let diagnostic) = outcome, diagnostic.problem.needsRates, !session.ratesAreRead, rates != nil else { return outcome }
        if let refusal = openRates(for: source) { return .failure(refusal) }
        return executeOnce(source, supplied: supplied)
    }

    private func executeOnce(_ source: StatementSource, supplied: [String: InputValue]) -> StatementOutcome {
        guard interruptible else { return session.execute(source, supplied: supplied) }
        // On a terminal a long statement shows that it is working (`Progress`).
        let progress = System.isTerminal(System.standardError) ? Progress(fd: System.standardError) : nil
        let interruption = progress.map { progress in
            Interruption { @Sendable in
                progress.tick()
                return Interrupt.requested()
            }
        } ?? Interruption(Interrupt.requested)
        defer { progress?.clear() }
        return session.execute(source, supplied: supplied, context: EvaluationContext(interruption: interruption))
    }

    /// Whether Ctrl-C (or a terminating signal) cancelled the statement: then it changed
    /// nothing, `cancelled` is said, and the rest of the line is dropped.
    private func isCancelled(_ outcome: StatementOutcome) -> Bool {
        guard case .failure(let diagnostic) = outcome, diagnostic.problem.isCancellation else { return false }
        output.writeLine("cancelled")
        output.flush()
        return true
    }

    /// The one statement loop, for the shell, batch input and sheets: runs the statements of
    /// a line in order, stopping at `quit` and at a cancellation; on a terminal asks for the
    /// inputs a statement left out; carries out what an outcome asks of files (`settle`);
    /// counts a failure; hands each outcome to `answer`, which shows it; and keeps the
    /// session when due. Inlined where the statements are made, which then destroys them.
    @inline(__always)
    func run(_ statements: StatementSource.Statements, answer: (StatementSource, consuming StatementOutcome) -> Void) {
        for source in statements {
            if quitRequested { return }
            var outcome = execute(source)
            if isCancelled(outcome) { return }
            if let ask, case .failure(let diagnostic) = outcome, !diagnostic.missingInputs.isEmpty {
                guard var answers = askFor(diagnostic.missingInputs, ask: ask) else {
                    if runTypedAtPrompt(key: diagnostic.missingInputs[0].key) { return }
                    output.writeLine("cancelled")
                    if Interrupt.terminating != 0 { return }
                    continue
                }
                outcome = execute(source, supplied: answers.values)
                if isCancelled(outcome) { return }
                // An answer that breaks a rule with another input (tds not below maxtds) is
                // shown with a caret under it and asked again; the other answers are kept.
                while case .failure(let refusal) = outcome,
                      let key = refusal.refusedInputs.first(where: { answers.values[$0] != nil }),
                      let input = diagnostic.missingInputs.first(where: { $0.key == key }) {
                    showConflict(refusal, answer: answers, key: key)
                    guard let again = askFor([input], ask: ask) else {
                        if runTypedAtPrompt(key: key) { return }
                        outcome = .failure(refusal)
                        break
                    }
                    answers.merge(again)
                    outcome = execute(source, supplied: answers.values)
                    if isCancelled(outcome) { return }
                }
                if case .failure(let refusal) = outcome, refusal.refusedInputs.contains(where: { answers.values[$0] != nil }) {
                    output.writeLine("cancelled")
                    continue
                }
            }
            // A value, as most outcomes are, asks nothing of files.
            var stored = false
            if case .success(.value) = outcome {} else { stored = settle(&outcome, for: source) }
            switch outcome {
            case .success(.value): break
            case .success(.quit): quitRequested = true
            case .success: break
            case .failure:
                anyFailed = true
                if let line { session.placeFailure(line: line) }
            }
            // Set only when it changed, as it seldom does.
            let numbers = session.numberStyle
            if numbers != text.numbers { text.numbers = numbers }
            answer(source, consume outcome)
            sessionStore?.storeIfDue(session, storage: storage, warn: warn, notice: notice)
            // `saved 'x'` means the set is on disk: say so at once, not when the buffer fills.
            if stored { output.flush() }
        }
    }

    /// Runs a line's statements, writing each outcome: a failure goes to stderr as
    /// `describe` words it, or to stdout as JSON.
    @inline(__always)
    private func run(_ statements: StatementSource.Statements, describe: (Diagnostic) -> [String]) {
        run(statements) { source, outcome in report(source, outcome, describe: describe) }
    }

    /// Refuses a line that is not run (too long), as a failed statement.
    private func refuse(_ refusal: StatementResult, describe: (Diagnostic) -> [String]) {
        anyFailed = true
        if let line { session.placeFailure(line: line) }
        report(refusal.source, refusal.outcome, describe: describe)
    }

    /// Writes a statement's outcome. It is taken, not copied: a value's outcome holds
    /// several strings, and this runs for every line.
    private func report(_ source: StatementSource, _ outcome: consuming StatementOutcome,
                        describe: (Diagnostic) -> [String]) {
        switch consume outcome {
        case .success(let outcome):
            if json {
                output.writeLine(utf8: jsonRenderer.line(for: StatementResult(source: source, outcome: .success(outcome))))
            } else if case .comparison(let comparison) = outcome {
                text.writeComparison(comparison) { output.writeLine($0) }
            } else if case .priceBook(let book) = outcome, case .history(let history) = book.answer {
                text.writeHistory(history) { output.writeLine(building: $0) }
            } else if !output.writeLine(pieces: { text.writeLine(for: outcome, $0) }) {
                for line in text.lines(for: outcome) { output.writeLine(line) }
            }
        case .failure(let diagnostic):
            if json {
                output.writeLine(utf8: jsonRenderer.line(for: StatementResult(source: source, outcome: .failure(diagnostic))))
            } else {
                output.flush()
                for errorLine in describe(diagnostic) { errors.writeLine(errorLine) }
                errors.flush()
            }
        }
    }

    /// Tab-completion candidates for the text before the cursor.
    func completions(for text: String) -> [String] {
        if Session.needsPriceBook(StatementSource(text)) { _ = openPriceBook(for: StatementSource(text)) }
        return Completion.candidates(for: text, in: session, savedSets: storage?.names() ?? [])
    }

    /// Carries out a saved-set request against the file; a storage problem fails the
    /// statement and the session goes on.
    func perform(_ request: StorageRequest, for source: StatementSource) -> StatementOutcome {
        let blame = self.blame(source)
        guard let storage else {
            return .failure(Diagnostic(.storage(.noDirectory), at: blame))
        }
        switch request {
        case .save, .forget, .startNew:
            guard changesSavedSets else {
                return .failure(Diagnostic(.storage(.sheetChanges(.savedSets)), at: blame))
            }
        case .list, .recall: break
        }
        // A set the rules refuse ends the transaction as a storage failure does, but the
        // statement fails with the rule's own problem, so it keeps its code.
        var refusal: SavedSetError?
        func rules<T>(_ body: () throws(SavedSetError) -> T) throws(SetStorage.Failure) -> T {
            do { return try body() } catch {
                refusal = error
                throw .savedSetRefused(error)
            }
        }
        let warn = { (message: String) in self.warn(message) }
        do throws(SetStorage.Failure) {
            switch request {
            case .save(let name, let state, let headline, let replace, let whole):
                let set = SavedSet(name: name, savedAt: SetStorage.timestamp(), state: state, headline: headline)
                return .success(try storage.transaction(warn: warn) { sets throws(SetStorage.Failure) in
                    (try rules { () throws(SavedSetError) in try SavedSets.save(set, into: sets, replace: replace, whole: whole) },
                     Outcome.message(.saved(name: name, contents: state.contents)))
                })
            case .list:
                return .success(.savedSets(try storage.read(warn: warn)))
            case .recall(let name):
                let sets = try storage.read(warn: warn)
                let set = try rules { () throws(SavedSetError) in try SavedSets.find(name, in: sets) }
                return .success(session.recall(set, statement: source.text))
            case .startNew(let state, let headline):
                let set = SavedSet(name: SavedSets.lastSessionName, savedAt: SetStorage.timestamp(), state: state, headline: headline)
                try storage.transaction(warn: warn) { sets throws(SetStorage.Failure) in
                    (sets.filter { $0.name != set.name } + [set], ())
                }
                session.startNew(statement: source.text)
                return .success(.message(.startedNew(savedAs: set.name)))
            case .forget(let name):
                return .success(try storage.transaction(warn: warn) { sets throws(SetStorage.Failure) in
                    (try rules { () throws(SavedSetError) in try SavedSets.forget(name, in: sets) }, Outcome.message(.forgot(name: name)))
                })
            }
        } catch {
            if let refusal { return .failure(Diagnostic(.savedSet(refusal), at: blame)) }
            return .failure(Diagnostic(.storage(error), at: blame))
        }
    }

    /// A line about the session itself, on standard error so results stay clean.
    func notice(_ message: String) {
        output.flush()
        errors.writeLine(text.shown(message))
        errors.flush()
    }

    /// Writes `warning: MESSAGE` to stderr, after what stdout holds so far.
    func warn(_ message: String) {
        output.flush()
        errors.writeLine(text.style.warning("warning:") + " " + text.shown(message))
        errors.flush()
    }
}
