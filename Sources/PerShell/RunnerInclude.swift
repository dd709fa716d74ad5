#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerTools
import PerLanguage
import PerSession
import PerNumbers

/// The files a run is reading, for `include`: where a path starts from, and what would be
/// a circle.
struct Includes {
    /// A file being read: its path as messages show it (and the start of the paths it
    /// includes), and which file it is.
    struct File {
        let path: String
        let identity: FileIdentity?
    }

    /// The sheet or script being run, whose folder an included path starts from; nil in
    /// the shell, for `-e` and standard input, where it starts from the current folder.
    var base: File?
    /// The files included and running now, the outermost first.
    var open: [File] = []
    /// The files and bytes the outermost include now running has read, its own included.
    var files = 0
    var bytes = 0
    /// What is done with each included line once it ran: `per sheet` compares its answer
    /// (`--check`) or reports its failure; nil reports a failure where it is
    /// (`rates.per:3:5: error: …`).
    var report: ((IncludedLine) -> Void)?

    /// The path of `written`, included from the file `including` (nil: the current folder):
    /// an absolute path as it is, else beside that file.
    static func path(_ written: String, from including: String?) -> String {
        guard !written.hasPrefix("/"), let including, let slash = including.lastIndex(of: "/") else { return written }
        return String(including[...slash]) + written
    }
}

/// A line of an included file, once it ran.
struct IncludedLine {
    /// The file, as messages show it.
    let file: String
    let number: Int
    let line: SheetText.Line
    let run: SheetLineRun
}

extension Runner {
    /// `include FILE`: the file read and its lines run in this session, quietly, as a
    /// sheet's; its answers go to `includes.report`. The confirmation, or why it was
    /// refused: a circle, too deep or too much, a file that cannot be read, a failed line.
    func include(_ written: String, for source: StatementSource) -> StatementOutcome {
        let blame = self.blame(source)
        func refused(_ refusal: SheetRefusal) -> StatementOutcome { .failure(Diagnostic(ArgumentError.sheet(refusal), at: blame)) }
        guard includes.open.count < SheetRefusal.maxIncludeDepth else {
            return refused(.includeTooDeep(limit: SheetRefusal.maxIncludeDepth))
        }
        let path = Includes.path(written, from: (includes.open.last ?? includes.base)?.path)
        let file: SheetFile
        switch SheetFile.read(path) {
        case .failure(let failure): return .failure(Diagnostic(.storage(failure.failure), at: blame))
        case .success(let read): file = read
        }
        let chain = (includes.base.map { [$0] } ?? []) + includes.open
        if let start = chain.firstIndex(where: { $0.identity == file.identity }) {
            return refused(.includeCycle(chain[start...].map(\.path) + [path]))
        }
        guard String(validating: file.bytes, as: UTF8.self) != nil else {
            return .failure(Diagnostic(.storage(.notText(StoragePath(path, namedByUser: true))), at: blame))
        }
        guard includes.files < SheetRefusal.maxIncludedFiles, includes.bytes + file.bytes.count <= PrivateDirectory.readLimit else {
            return refused(.includeTooMuch(files: SheetRefusal.maxIncludedFiles, megabytes: PrivateDirectory.readLimit / 1_000_000))
        }
        includes.files += 1
        includes.bytes += file.bytes.count
        includes.open.append(Includes.File(path: path, identity: file.identity))
        defer {
            includes.open.removeLast()
            if includes.open.isEmpty { (includes.files, includes.bytes) = (0, 0) }
        }
        let ran = runIncluded(file, path: path, statement: source.text)
        if Interrupt.received != 0 || Interrupt.terminating != 0 {
            return .failure(Diagnostic(ArithmeticError.cancelled, at: blame))
        }
        if let first = ran.failed.first { return refused(.includedLinesFailed(file: path, line: first, count: ran.failed.count)) }
        return .success(.message(.included(path: path, statements: ran.statements)))
    }

    /// Runs an included file's lines: the statements run, and the lines that failed.
    private func runIncluded(_ file: SheetFile, path: String, statement: String) -> (statements: Int, failed: [Int]) {
        let mark = session.beginInclude()
        let kept = (line: line, ask: ask, quit: quitRequested)
        // A file asks nothing of a terminal, and its quit ends only itself.
        ask = nil
        defer {
            session.endInclude(mark, statement: statement)
            (line, ask, quitRequested) = kept
        }
        var statements = 0
        var failed: [Int] = []
        for sheetLine in SheetLines(file.bytes, markdown: SheetLines.isMarkdown(path)) {
            if quitRequested || Interrupt.received != 0 || Interrupt.terminating != 0 { break }
            if sheetLine.isProse {
                session.endBlock()
                continue
            }
            let line = SheetText.split(sheetLine.raw)
            let run = runSheetLine(sheetLine.raw, line, number: sheetLine.number)
            statements += run.statements
            if run.failure != nil { failed.append(sheetLine.number) }
            let included = IncludedLine(file: path, number: sheetLine.number, line: line, run: run)
            if let report = includes.report {
                report(included)
            } else if let failure = run.failure {
                output.flush()
                errors.writeLine(text.locatedError(failure, label: path, line: sheetLine.number))
                errors.flush()
            }
        }
        return (statements, failed)
    }

    /// Runs `body` reading the script `path`, open at `fd`: an include in it starts from
    /// its folder, and the script itself is a circle's end.
    func reading<T>(script path: String, fd: Int32, _ body: () -> T) -> T {
        let kept = includes.base
        includes.base = Includes.File(path: path, identity: FileIdentity(fd: fd))
        defer { includes.base = kept }
        return body()
    }
}

/// A sheet's line as it ran.
struct SheetLineRun {
    /// The answer a sheet writes beside it (its results joined by `; `, a label left out,
    /// or its first failure); nil for a line without statements, or with only an include.
    var answer: SheetText.Answer?
    /// The label of its first labelled statement (`milk` of `milk: 2 * 1.19`).
    var label: String?
    /// Its first failure, with its column.
    var failure: Diagnostic?
    /// How many statements it ran.
    var statements = 0
}

extension Runner {
    /// Runs a sheet's line through the statement loop, as `runBatch` runs a script's, and
    /// gives back what it came to rather than writing it. A line too long to read fails.
    func runSheetLine(_ raw: ArraySlice<UInt8>, _ line: SheetText.Line, number: Int) -> SheetLineRun {
        guard raw.count > ParserLimits.maxLineLength else { return sheetLine(utf8: line.content, number: number) }
        anyFailed = true
        session.recordUnreadLine(beginning: String(decoding: raw.prefix(40), as: UTF8.self), line: number)
        let refusal = ParserLimits.tooLong(beginning: "")
        var run = SheetLineRun(answer: .failure(refusal.outcome.failureMessage ?? "line too long"))
        if case .failure(let diagnostic) = refusal.outcome { run.failure = diagnostic }
        return run
    }

    /// The statements of a sheet's line run: their results (`; ` between them, a label left
    /// out, as the line shows it), or its first failure. A line without statements may end
    /// the block `total` reads.
    private func sheetLine(utf8 line: ArraySlice<UInt8>, number: Int) -> SheetLineRun {
        self.line = number
        let statements = withLineScalars { StatementSource.statements(inUTF8: line, reusing: &$0) }
        var run = SheetLineRun()
        if statements.isEmpty {
            if SheetText.endsBlock(utf8: line) { session.endBlock() }
            return run
        }
        var shown = ""
        var failure: Diagnostic?
        self.run(statements) { _, outcome in
            run.statements += 1
            switch consume outcome {
            case .success(var outcome):
                // The line shows the label and the name: the answer is the value.
                if case .labelled(let label, let inner) = outcome {
                    if run.label == nil { run.label = label }
                    outcome = inner
                }
                if case .assignment(_, let value, let note) = outcome { outcome = .value(value, note: note) }
                // An include's answers are its file's, not the including line's.
                if case .message(.included) = outcome { return }
                // A value is written in pieces, as a script's is; anything else line by line.
                var piece = ""
                if !text.writeLine(for: outcome, { piece += $0 }) { piece = text.lines(for: outcome).joined(separator: "; ") }
                if !piece.isEmpty { shown += shown.isEmpty ? piece : "; " + piece }
            case .failure(let diagnostic):
                if failure == nil { failure = diagnostic }
            }
        }
        run.failure = failure
        if let failure {
            run.answer = .failure(VisibleText.visible(failure.message))
        } else if !shown.isEmpty {
            run.answer = .value(VisibleText.visible(shown))
        }
        return run
    }
}
