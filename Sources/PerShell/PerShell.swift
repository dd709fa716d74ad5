import PerCore

/// Exit statuses, after sysexits.h.
public enum ExitStatus: Int32 {
    case success = 0
    /// At least one statement failed.
    case statementFailed = 1
    /// EX_USAGE: bad command-line usage.
    case usage = 64
    /// EX_NOINPUT: a script file cannot be read.
    case noInput = 66
}

/// The program: reads the command line, picks batch or interactive mode, runs statements
/// and turns the result into an exit status.
public enum PerShell {
    public static func main(_ arguments: [String]) -> Int32 {
        System.ignoreBrokenPipeSignal()
        var status = ExitStatus.success
        let output = Output(fd: System.standardOutput) { System.exitNow(status.rawValue) }
        let errors = Output(fd: System.standardError) { System.exitNow(status.rawValue) }
        defer {
            output.flush()
            errors.flush()
        }

        let options: Options
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            errors.writeLine("per: \(error.message)")
            errors.writeLine("Try 'per --help' for more information.")
            return ExitStatus.usage.rawValue
        }
        switch options.action {
        case .help:
            output.writeLine(Options.usage)
            return ExitStatus.success.rawValue
        case .version:
            output.writeLine(Options.version)
            return ExitStatus.success.rawValue
        case .run:
            break
        }

        // Read every script first, so an unreadable one stops the run before anything runs.
        var scripts: [(label: String, contents: [UInt8]?)] = []
        for path in options.files {
            if path == "-" { scripts.append(("<stdin>", nil)); continue }
            switch System.readFile(path) {
            case .success(let contents): scripts.append((path, contents))
            case .failure(let failure):
                errors.writeLine("per: cannot read '\(path)': \(failure.description)")
                return ExitStatus.noInput.rawValue
            }
        }

        let usesStandardInput = options.statements.isEmpty && options.files.isEmpty
        let interactive = usesStandardInput && !options.json && System.isTerminal(System.standardInput)
        let onTerminal = interactive && System.isTerminal(System.standardOutput)
        let style = Style.resolve(options.color, isTerminal: onTerminal,
                                  noColor: System.environment("NO_COLOR").map { !$0.isEmpty } ?? false)
        let runner = Runner(output: output, errors: errors, json: options.json, style: style, showBars: onTerminal)
        runner.storage = SetStorage.directory(environment: System.environment).map(SetStorage.init(directory:))

        if interactive {
            InteractiveShell(runner: runner, output: output,
                             historyDirectory: options.history ? runner.storage?.directory : nil).run()
        } else {
            for (index, statement) in options.statements.enumerated() where !runner.quitRequested {
                runner.runBatch(line: statement, at: .init(label: "-e", line: index + 1))
            }
            for script in scripts where !runner.quitRequested {
                var reader = script.contents.map { LineReader(bytes: $0) } ?? LineReader(fd: System.standardInput)
                run(runner, reader: &reader, label: script.label)
            }
            if usesStandardInput {
                var reader = LineReader(fd: System.standardInput)
                run(runner, reader: &reader, label: "<stdin>")
            }
        }
        // A mistake typed at the prompt is part of the conversation, not a failed run.
        status = runner.anyFailed && !interactive ? .statementFailed : .success
        return status.rawValue
    }

    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never { System.exitNow(status) }

    private static func run(_ runner: Runner, reader: inout LineReader, label: String) {
        var number = 0
        while !runner.quitRequested, let line = reader.next() {
            number += 1
            runner.runBatch(line: line, at: .init(label: label, line: number))
        }
    }
}
