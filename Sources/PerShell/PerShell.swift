import PerTools
import PerLanguage
import PerSession

/// Exit statuses, after sysexits.h.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// At least one statement failed.
    case statementFailed = 1
    /// EX_USAGE: bad command-line usage.
    case usage = 64
    /// EX_NOINPUT: a script file or sheet cannot be read.
    case noInput = 66
    /// EX_IOERR: standard output, standard error or a sheet could not be written.
    case ioError = 74

    /// What the status tells, for the man page.
    var meaning: String {
        switch self {
        case .success: return "every statement succeeded"
        case .statementFailed: return "at least one statement failed (the others still ran); per sheet --check: an answer changed"
        case .usage: return "the command line was wrong"
        case .noInput: return "a script file or sheet could not be read, or a sheet is not UTF-8"
        case .ioError: return "standard output or standard error, or a sheet, could not be written"
        }
    }
}

/// The program: reads the command line, picks batch or interactive mode, runs statements
/// and turns the result into an exit status.
public enum PerShell {
    public static func main(_ arguments: [String]) -> Int32 {
        System.ignoreBrokenPipeSignal()
        // Whether a statement has failed so far: a closed pipe still ends with that status.
        var failed = { false }
        let output = Output(fd: System.standardOutput) { code in
            Output.endAfterWriteError(code, stream: "standard output", failed: failed())
        }
        let errors = Output(fd: System.standardError) { code in
            Output.endAfterWriteError(code, stream: nil, failed: failed())
        }
        defer {
            output.flush()
            errors.flush()
        }

        var options: Options
        do throws(Options.UsageError) {
            options = try Options.parse(Array(arguments.dropFirst()))
            // `--today`, else `PER_TODAY`: today and now fixed for every statement.
            if options.today == nil, let fixed = System.environment(.today), !fixed.isEmpty {
                options.today = try FixedClock.read(fixed, from: EnvironmentVariable.today.rawValue)
            }
            // A time given that the local clocks skip or show twice is no one `now`; the
            // local zone is read for it only when a time is given.
            if let fixed = options.today, fixed.secondOfDay != nil,
               let refusal = fixed.refusal(in: SystemZoneDatabase.system.localZone()) { throw refusal }
        } catch {
            errors.writeLine("per: " + VisibleText.visible(error.message))
            errors.writeLine("Try 'per --help' for more information.")
            return ExitStatus.usage.rawValue
        }
        if let status = answer(options, output: output, errors: errors) { return status.rawValue }
        let usesStandardInput = options.statements.isEmpty && options.files.isEmpty
        let interactive = usesStandardInput && !options.json && System.isTerminal(System.standardInput)
        let runner = makeRunner(options, interactive: interactive, output: output, errors: errors)
        failed = { runner.anyFailed }
        if interactive {
            InteractiveShell(runner: runner, output: output, fresh: options.fresh,
                             historyDirectory: options.history ? runner.storage?.directory : nil).run()
            return ExitStatus.success.rawValue
        }
        return runBatch(runner, options, readingStandardInput: usesStandardInput).rawValue
    }

    /// The answer to an option that asks for text rather than statements (`--help`,
    /// `--man`, `--completions`) or runs sheets; nil for running statements.
    private static func answer(_ options: Options, output: Output, errors: Output) -> ExitStatus? {
        switch options.action {
        case .help:
            output.writeLine(Options.usage)
            return .success
        case .version:
            output.writeLine(Options.version)
            return .success
        case .man:
            output.write(ManPage.text)
            return .success
        case .completions(let shell):
            output.write(shell.script)
            return .success
        case .sheet(let mode):
            return SheetRunner(mode: mode, output: output, errors: errors, fixedToday: options.today).run(options.files)
        case .run:
            return nil
        }
    }

    /// The runner for the options: its style (colour and bars only on a terminal), its
    /// storage, and the kept session in the interactive shell and in batch with --session.
    private static func makeRunner(_ options: Options, interactive: Bool, output: Output, errors: Output) -> Runner {
        let onTerminal = interactive && System.isTerminal(System.standardOutput)
        let style = Style.resolve(options.color, isTerminal: onTerminal && System.environment(.term) != "dumb",
                                  noColor: System.environment(.noColor).map { !$0.isEmpty } ?? false)
        let runner = Runner(output: output, errors: errors, json: options.json, style: style, showBars: onTerminal,
                            keepsHistory: interactive || options.session, fixedToday: options.today, tableWidth: System.outputWidth)
        runner.input = options.input
        runner.text.plainCharts = System.environment(.term) == "dumb" || (System.environment(.noColor).map { !$0.isEmpty } ?? false)
        runner.storage = SetStorage.directory(environment: System.environment).map(SetStorage.init(directory:))
        if interactive || options.session, let directory = runner.storage?.directory {
            runner.sessionStore = SessionStore(directory: directory)
        }
        return runner
    }

    /// Runs the -e statements, then the files, then standard input when neither was given;
    /// the exit status they earn.
    private static func runBatch(_ runner: Runner, _ options: Options, readingStandardInput: Bool) -> ExitStatus {
        if runner.sessionStore != nil { Interrupt.installTermination() }
        runner.restoreKeptSession(fresh: options.fresh)
        // `quit` ends the source it is in: the -e statements, a file, standard input.
        for (index, statement) in options.statements.enumerated() where !runner.quitRequested && Interrupt.terminating == 0 {
            // A newline inside STMT separates statements, as `;` does.
            for part in statement.split(separator: "\n", omittingEmptySubsequences: false) where !runner.quitRequested {
                runner.runBatch(line: String(part), at: .init(label: "-e", line: index + 1))
            }
        }
        var unreadable = false
        for path in options.files {
            runner.resumeAfterQuit()
            if path == "-" {
                run(runner, reading: System.standardInput, label: "<stdin>")
                continue
            }
            switch System.openForReading(path) {
            case .success(let fd):
                runner.reading(script: path, fd: fd) { run(runner, reading: fd, label: path) }
                System.close(fd)
            case .failure(let failure):
                runner.complain("cannot read '\(path)': \(failure.description)")
                unreadable = true
            }
        }
        if readingStandardInput {
            run(runner, reading: System.standardInput, label: "<stdin>")
        }
        runner.storeSession()
        if Interrupt.terminating != 0 {
            runner.flush()
            Interrupt.endByTerminatingSignal()
        }
        return unreadable ? .noInput : runner.anyFailed ? .statementFailed : .success
    }

    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never { System.exitNow(status) }

    /// Runs every line of an input as it arrives.
    private static func run(_ runner: Runner, reading fd: Int32, label: String) {
        var reader = LineReader(fd: fd) { runner.prepareToWait(for: fd) }
        var number = 0
        reading: while !runner.quitRequested, Interrupt.terminating == 0 {
            switch reader.next() {
            case .line(let bytes):
                number += 1
                runner.runBatch(utf8: bytes, at: .init(label: label, line: number))
            case .tooLong(let beginning):
                number += 1
                runner.refuseTooLong(beginning: beginning, at: .init(label: label, line: number))
            case .end:
                break reading
            }
        }
        if reader.gaveUp {
            runner.complain("stopped reading \(label): line \(number) has no end in sight")
        }
    }
}
