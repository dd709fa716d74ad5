import Foundation
import Testing

/// An example as the manual and the README write it, run against the built `per`:
///
/// - `per> STATEMENT` is typed at the prompt; the statements of a run of such lines go to
///   one `per --session` as a script, so they share a session (and `undo` works);
/// - `$ COMMAND` is a shell command, run by `/bin/sh` with the built `per` first on the
///   `PATH` (`$ per` alone only opens the shell for the `per>` lines after it);
/// - the lines after either are what it prints to standard output, exactly; `…` stands
///   for any run of lines;
/// - a line of spaces and one `^`, then `error: MESSAGE`, is the error the statement above
///   prints, the caret under its column (after the five columns of `per> `).
///
/// Every step of one example runs in the same fresh `PER_HOME`, in a fresh directory.
struct DocumentedExample: CustomTestStringConvertible, Sendable {
    /// Where the example is, for the test's name: `README.md:42`, `help units`.
    let place: String
    let lines: [String]
    var testDescription: String { place }

    /// An expected error: the statement's index in its run, its column and its message.
    struct ExpectedError: Equatable, CustomStringConvertible {
        let statement: Int
        let column: Int
        let message: String
        var description: String { "statement \(statement + 1), column \(column): \(message)" }
    }

    /// One run of `per`: a script of statements, or a shell command.
    enum Step {
        case statements([String], output: [String?], errors: [ExpectedError])
        case command(String, output: [String?])
    }

    static let prompt = "per> "

    /// The example's runs, in order.
    var steps: [Step] {
        var steps: [Step] = []
        var statements: [String] = [], output: [String?] = [], errors: [ExpectedError] = []
        var command: (text: String, output: [String?])? = nil
        var caretColumn: Int? = nil
        func flush() {
            if let command { steps.append(.command(command.text, output: command.output)) }
            if !statements.isEmpty { steps.append(.statements(statements, output: output, errors: errors)) }
            command = nil; statements = []; output = []; errors = []
        }
        for line in lines {
            if line.hasPrefix(Self.prompt) {
                if command != nil { flush() }
                statements.append(String(line.dropFirst(Self.prompt.count)))
            } else if line.hasPrefix("$ ") {
                flush()
                let text = String(line.dropFirst(2))
                if text != "per" { command = (text, []) }
            } else if line.trimmingCharacters(in: .whitespaces) == "^" {
                caretColumn = line.prefix { $0 == " " }.count - Self.prompt.count + 1
            } else if line.hasPrefix("error: ") {
                errors.append(ExpectedError(statement: statements.count - 1, column: caretColumn ?? 0,
                                            message: String(line.dropFirst(7))))
                caretColumn = nil
            } else {
                let expected: String? = line.trimmingCharacters(in: .whitespaces) == "…" ? nil : line
                if command != nil { command?.output.append(expected) } else { output.append(expected) }
            }
        }
        flush()
        return steps
    }

    /// Runs the example; returns what differed, one message a difference, or nothing.
    func run() throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-example-\(UUID().uuidString)")
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        var problems: [String] = []
        for step in steps {
            switch step {
            case .statements(let statements, let output, let errors):
                let run = try per(["--session"], input: statements.joined(separator: "\n") + "\n", home: home)
                if !Self.matches(Self.lines(run.stdout)[...], output[...]) {
                    problems.append("\(statements.first ?? "") … printed:\n\(run.stdout)")
                }
                let printed = Self.lines(run.stderr).compactMap(Self.error(in:))
                if printed != errors { problems.append("errors \(printed), expected \(errors)") }
            case .command(let command, let output):
                let run = try Self.sh(command, in: directory, home: home)
                if !Self.matches(Self.lines(run.stdout)[...], output[...]) || !run.stderr.isEmpty {
                    problems.append("$ \(command) printed:\n\(run.stdout)\(run.stderr)")
                }
            }
        }
        return problems
    }

    /// `<stdin>:3:5: error: MESSAGE` as an expected error.
    static func error(in line: String) -> ExpectedError? {
        let parts = line.split(separator: ":", maxSplits: 3)
        guard parts.count == 4, parts[0] == "<stdin>", let number = Int(parts[1]), let column = Int(parts[2]),
              parts[3].hasPrefix(" error: ") else { return nil }
        return ExpectedError(statement: number - 1, column: column, message: String(parts[3].dropFirst(8)))
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `actual` matches `expected`, a `nil` matching any run of lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String?>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        guard let line = first else {
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
        }
        return actual.first == line && matches(actual.dropFirst(), expected.dropFirst())
    }

    /// Runs `command` with `/bin/sh`, the built `per` first on the `PATH`.
    static func sh(_ command: String, in directory: URL, home: URL) throws -> PerRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        environment["PATH"] = TranscriptCase.binary.deletingLastPathComponent().path + ":" + path
        environment["PER_HOME"] = home.path
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return PerRun(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}
