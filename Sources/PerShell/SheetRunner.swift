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
    /// Prints each statement's label, statement and answer as a table, and writes nothing.
    case export(SheetExport.Format)
}

/// `per sheet FILE…`: runs each file as a script, in a session of its own, and writes every
/// answer beside its statement (`# = 2.38`, `# ! error: …`), or checks them.
struct SheetRunner {
    let mode: SheetMode
    let output: Output
    let errors: Output
    /// `--today` or `PER_TODAY`: the date today and now read, else the system's clock.
    let fixedToday: FixedClock?

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
        var changed = 0
        runner.includes.base = Includes.File(path: file.path, identity: file.identity)
        runner.includes.report = { [unowned runner] included in
            if say(included.run.answer, of: included.line, number: included.number, in: included.file,
                   notation: runner.session.numberStyle.notation) { changed += 1 }
        }
        var layout = SheetLayout()
        var rows: [SheetExport.Row] = []
        var result: [UInt8] = []
        result.reserveCapacity(mode == .stdout ? 1 << 16 : file.bytes.count + file.bytes.count / 4)
        let lines = SheetLines(file.bytes, markdown: SheetLines.isMarkdown(file.path))
        // A byte-order mark stays where it is, before the first line's statements.
        result += lines.byteOrderMark
        for sheetLine in lines {
            guard !sheetLine.isProse else {
                // Prose and fences are kept as they are, and end the block.
                runner.session.endBlock()
                layout.endBlock(into: &result)
                layout.keep(raw: sheetLine.raw, newline: sheetLine.newline)
                continue
            }
            let line = SheetText.split(sheetLine.raw)
            if SheetText.endsBlock(utf8: line.content) { layout.endBlock(into: &result) }
            let totalled = runner.session.isBlockTotalled
            let run = runner.runSheetLine(sheetLine.raw, line, number: sheetLine.number)
            let answer = run.answer
            if case .export = mode, run.statements > 0 || answer != nil {
                rows.append(SheetExport.row(content: line.content, label: run.label, answer: answer))
            }
            // A line after a run of totals starts a block of its own, lined up on its own.
            if totalled && !runner.session.isBlockTotalled { layout.endBlock(into: &result) }
            guard let answer else {
                layout.keep(line, newline: sheetLine.newline)
                continue
            }
            layout.answer(line, with: answer, newline: sheetLine.newline)
            if say(answer, of: line, number: sheetLine.number, in: file.path, notation: runner.session.numberStyle.notation) {
                changed += 1
            }
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
            if result != file.bytes { try file.replace(with: result) }
        case .export(let format):
            output.write(SheetExport.text(rows, as: format))
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

    /// Says what the mode asks of an answer of the sheet `path` (or a file it includes): a
    /// failure where it is, as a script's is (it is written into the sheet too); with
    /// --check, an answer that is not the one recorded. Whether it was such a change.
    private func say(_ answer: SheetText.Answer?, of line: SheetText.Line, number: Int, in path: String,
                     notation: InputNotation) -> Bool {
        guard let answer else { return false }
        if mode != .check, case .failure(let message) = answer {
            output.flush()
            errors.writeLine(VisibleText.visible(path) + ":\(number): error: " + message)
        }
        guard mode == .check, !(line.recorded.map { $0.isSame(as: answer, notation: notation) } ?? false) else { return false }
        let now = VisibleText.visible(answer.text)
        output.writeLine(VisibleText.visible(path) + ":\(number): "
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
