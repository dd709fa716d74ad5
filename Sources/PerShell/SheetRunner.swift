import PerTools
import PerLanguage
import PerSession
import PerNumbers

/// What `per sheet` does with each file's answers.
enum SheetMode: Equatable {
    /// Writes them into the file, replacing the old ones.
    case write
    /// Compares them with the recorded ones and writes nothing.
    case check
    /// Prints the sheet with its answers instead of writing it.
    case stdout
}

/// `per sheet FILE…`: runs each file as a script, in a session of its own, and writes every
/// answer beside its statement (`# = 2.38`, `# ! error: …`), or checks them.
struct SheetRunner {
    let mode: SheetMode
    let output: Output
    let errors: Output
    /// `--today` or `PER_TODAY`: the date today and now read, else the system's clock.
    let fixedToday: CalendarDate?

    /// Runs every file; one that cannot be read or written is reported and the others
    /// still run. The status: 74 when a file could not be written, else 66 when one could
    /// not be read, else 1 when `--check` found a changed answer (or, writing, a line
    /// failed), else 0.
    func run(_ paths: [String]) -> ExitStatus {
        var status = ExitStatus.success
        func worsen(_ next: ExitStatus) {
            let rank: [ExitStatus: Int] = [.success: 0, .statementFailed: 1, .noInput: 2, .ioError: 3]
            if rank[next, default: 0] > rank[status, default: 0] { status = next }
        }
        for path in paths {
            switch SheetFile.read(path) {
            case .failure(let failure):
                complain(failure.message)
                worsen(failure.status)
            case .success(let file):
                do throws(SheetFile.Failure) {
                    worsen(try run(file))
                } catch {
                    complain(error.message)
                    worsen(error.status)
                }
            }
        }
        output.flush()
        return status
    }

    private func complain(_ message: String) {
        output.flush()
        errors.writeLine("per: " + VisibleText.visible(message))
        errors.flush()
    }

    /// Runs one sheet: its answers written, printed or compared.
    private func run(_ file: SheetFile) throws(SheetFile.Failure) -> ExitStatus {
        guard String(validating: file.bytes, as: UTF8.self) != nil else {
            throw SheetFile.Failure(failure: .notText(StoragePath(file.path, namedByUser: true)), status: .noInput)
        }
        let runner = sheetRunner()
        let lower = file.path.lowercased()
        var fences: MarkdownFences? = lower.hasSuffix(".md") || lower.hasSuffix(".markdown") ? MarkdownFences() : nil
        var layout = SheetLayout()
        var result: [UInt8] = []
        result.reserveCapacity(mode == .stdout ? 1 << 16 : file.bytes.count + file.bytes.count / 4)
        var changed = 0
        let bytes = file.bytes
        var start = 0
        // A byte-order mark stays where it is, before the first line's statements.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            result += bytes[..<3]
            start = 3
        }
        var number = 0
        while start < bytes.count {
            let newline = System.firstNewline(in: bytes, from: start)
            let end = newline ?? bytes.count
            let raw = bytes[start..<end]
            start = end + 1
            number += 1
            if var markdown = fences {
                let holds = markdown.holdsStatements(raw)
                fences = markdown
                guard holds else {
                    // Prose and fences are kept as they are, and end the block.
                    runner.session.endBlock()
                    layout.endBlock(into: &result)
                    layout.keep(raw: raw, newline: newline != nil)
                    continue
                }
            }
            let line = SheetText.split(raw)
            if SheetText.endsBlock(utf8: line.content) { layout.endBlock(into: &result) }
            let totalled = runner.session.isBlockTotalled
            let answer = Self.answer(raw, line, number: number, in: file, by: runner)
            // A line after a run of totals starts a block of its own, lined up on its own.
            if totalled && !runner.session.isBlockTotalled { layout.endBlock(into: &result) }
            guard let answer else {
                layout.keep(line, newline: newline != nil)
                continue
            }
            layout.answer(line, with: answer, newline: newline != nil)
            if say(answer, of: line, number: number, in: file, notation: runner.session.numberStyle.notation) { changed += 1 }
            if mode == .stdout, result.count >= 1 << 16 {
                output.write(utf8: result)
                result.removeAll(keepingCapacity: true)
            }
        }
        layout.endBlock(into: &result)
        switch mode {
        case .check:
            return changed > 0 ? .statementFailed : .success
        case .stdout:
            output.write(utf8: result)
        case .write:
            if result != bytes { try file.replace(with: result) }
        }
        return runner.anyFailed ? .statementFailed : .success
    }
}

extension SheetRunner {
    /// A runner for a sheet: no colour, no bars, money with its thousands grouped, and no
    /// files changed (each run of a sheet would change them again).
    private func sheetRunner() -> Runner {
        let runner = Runner(output: output, errors: errors, json: false, style: Style(enabled: false), showBars: false,
                            keepsHistory: false, fixedToday: fixedToday)
        runner.storage = SetStorage.directory(environment: System.environment).map(SetStorage.init(directory:))
        runner.changesPriceBook = false
        runner.changesSavedSets = false
        runner.text.groupsMoney = true
        return runner
    }

    /// A line's answer: nil for a line with no statement, a failure for one too long to read.
    private static func answer(_ raw: ArraySlice<UInt8>, _ line: SheetText.Line, number: Int, in file: SheetFile,
                               by runner: Runner) -> SheetText.Answer? {
        guard raw.count > ParserLimits.maxLineLength else {
            return runner.sheetAnswer(utf8: line.content, at: .init(label: file.path, line: number))
        }
        runner.anyFailed = true
        runner.session.recordUnreadLine(beginning: String(decoding: raw.prefix(40), as: UTF8.self), line: number)
        return .failure(ParserLimits.tooLong(beginning: "").outcome.failureMessage ?? "line too long")
    }

    /// Says what the mode asks of an answer: a failure where it is, as a script's is (it is
    /// written into the sheet too); with --check, an answer that is not the one recorded.
    /// Whether it was such a change.
    private func say(_ answer: SheetText.Answer, of line: SheetText.Line, number: Int, in file: SheetFile,
                     notation: InputNotation) -> Bool {
        if mode != .check, case .failure(let message) = answer {
            output.flush()
            errors.writeLine(VisibleText.visible(file.path) + ":\(number): error: " + message)
        }
        guard mode == .check, !(line.recorded.map { $0.isSame(as: answer, notation: notation) } ?? false) else { return false }
        let now = VisibleText.visible(answer.text)
        output.writeLine(VisibleText.visible(file.path) + ":\(number): "
                         + (line.recorded.map { "was \(VisibleText.visible($0.text)), now \(now)" } ?? "new: \(now)"))
        return true
    }
}

extension StatementOutcome {
    /// The failure's message, nil on success.
    var failureMessage: String? {
        if case .failure(let diagnostic) = self { return diagnostic.message }
        return nil
    }
}

extension Runner {
    /// Runs a sheet's line through the statement loop, as `runBatch` runs a script's, and
    /// gives back its answer rather than writing it: the results of its statements (`; `
    /// between them, a label left out, as the line shows it), or its first failure. Nil for
    /// a line without statements, which may end the block `total` reads.
    func sheetAnswer(utf8 line: ArraySlice<UInt8>, at location: Location) -> SheetText.Answer? {
        self.line = location.line
        let statements = withLineScalars { StatementSource.statements(inUTF8: line, reusing: &$0) }
        if statements.isEmpty {
            if SheetText.endsBlock(utf8: line) { session.endBlock() }
            return nil
        }
        var shown = ""
        var failure: String?
        run(statements) { _, outcome in
            switch consume outcome {
            case .success(var outcome):
                // The line shows the label and the name: the answer is the value.
                if case .labelled(_, let inner) = outcome { outcome = inner }
                if case .assignment(_, let value, let note) = outcome { outcome = .value(value, note: note) }
                // A value is written in pieces, as a script's is; anything else line by line.
                var piece = ""
                if !text.writeLine(for: outcome, { piece += $0 }) { piece = text.lines(for: outcome).joined(separator: "; ") }
                if !piece.isEmpty { shown += shown.isEmpty ? piece : "; " + piece }
            case .failure(let diagnostic):
                if failure == nil { failure = diagnostic.message }
            }
        }
        if let failure { return .failure(VisibleText.visible(failure)) }
        return shown.isEmpty ? nil : .value(VisibleText.visible(shown))
    }
}
