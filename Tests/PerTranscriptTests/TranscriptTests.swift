import Foundation
import Testing

/// Runs every case of every `Transcripts/*.transcript` file against the built `per`
/// binary and compares stdout, stderr and the exit status exactly. The format is in
/// `Transcripts/README.md`. With `PER_RECORD_TRANSCRIPTS=1` the files are rewritten from
/// what per prints instead, and the run fails so that recording is never silent.
/// Whether this run records transcripts instead of checking them.
let recordingTranscripts = ProcessInfo.processInfo.environment["PER_RECORD_TRANSCRIPTS"] == "1"

struct TranscriptTests {
    @Test("transcripts", .disabled(if: recordingTranscripts, "recording"), arguments: TranscriptCase.all())
    func transcript(_ testCase: TranscriptCase) throws {
        if let problem = testCase.problem {
            Issue.record(Comment(rawValue: problem))
            return
        }
        let runs = try testCase.run()
        for (step, run) in zip(testCase.steps, runs) {
            #expect(TranscriptCase.matches(run.stdout, step.stdout), "stdout of \(testCase.file):\(step.line): \(run.stdout)")
            #expect(TranscriptCase.matches(run.stderr, step.stderr), "stderr of \(testCase.file):\(step.line): \(run.stderr)")
            #expect(run.status == step.status, "exit status of \(testCase.file):\(step.line)")
        }
    }

    @Test("record transcripts", .enabled(if: recordingTranscripts, "set PER_RECORD_TRANSCRIPTS=1 to record"))
    func record() throws {
        var recorded: [String] = []
        for name in try TranscriptCase.fileNames(in: TranscriptCase.directory) {
            let url = TranscriptCase.directory.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let cases = TranscriptCase.parse(text, file: name)
            if let problem = cases.lazy.compactMap(\.problem).first {
                Issue.record(Comment(rawValue: problem))
                continue
            }
            let runs = try cases.map { try $0.run() }
            let rewritten = TranscriptCase.record(text, cases: cases, runs: runs)
            if rewritten != text {
                try Data(rewritten.utf8).write(to: url)
                recorded.append(name)
            }
        }
        let what = recorded.isEmpty ? "nothing changed" : recorded.joined(separator: ", ")
        Issue.record(Comment(rawValue: "recorded transcripts (review the diff, then run again without PER_RECORD_TRANSCRIPTS): " + what))
    }

    @Test("the loader fails loudly", arguments: [
        ("", "no cases in t.transcript"),
        ("> 1\n", "t.transcript:1: '>' before any '$ per' command"),
        ("$ per -e 1\n> 1\nx 2\n", "t.transcript:3: malformed line 'x 2' (a line starts with $, <, >, !, ?, & or #)"),
        ("$ per -e 1\n? one\n", "t.transcript:2: '? one' is not an exit status"),
        ("$ per -e 1\n& NAME\n", "t.transcript:2: '& NAME' needs NAME=VALUE"),
        ("$ bc -l\n", "t.transcript:1: a command starts with 'per'"),
        ("$+ per -e 1\n", "t.transcript:1: '$+' before any '$ per' command"),
    ])
    func malformed(text: String, problem: String) {
        let cases = TranscriptCase.parse(text, file: "t.transcript")
        #expect(cases.compactMap(\.problem) == [problem])
    }

    @Test("an empty or missing folder is a failure, not zero cases")
    func emptyFolder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("per-no-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(TranscriptCase.all(in: empty).map(\.problem) == ["no transcripts in \(empty.path)"])
        let missing = empty.appendingPathComponent("missing")
        #expect(TranscriptCase.all(in: missing).compactMap(\.problem).first?.hasPrefix("cannot list \(missing.path)") == true)
    }

    @Test("recording rewrites the expected lines and keeps everything else")
    func recording() {
        let text = "# about\n$ per -e 1+1\n> 3\n! old\n\n# next\n$ per -e 1/0\n< x\n! at {{date}}\n"
        let cases = TranscriptCase.parse(text, file: "t.transcript")
        let runs = [[TranscriptCase.Run(stdout: ["2"], stderr: [], status: 0)],
                    [TranscriptCase.Run(stdout: [], stderr: ["at 2026-11-22 10:57", "-e:1:2: error: division by zero"], status: 1)]]
        #expect(TranscriptCase.record(text, cases: cases, runs: runs)
                    == "# about\n$ per -e 1+1\n> 2\n\n# next\n$ per -e 1/0\n< x\n! at {{date}}\n! -e:1:2: error: division by zero\n? 1\n")
    }
}

extension TranscriptCase {
    /// `{{date}}` in an expected line stands for a date and time as per prints them
    /// (`2026-11-21 22:40` or `2026-11-21T22:40:05+0000`); everything else is literal.
    static let datePattern = #"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}[+-]\d{4})?"#

    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { line, pattern in
            guard pattern.contains("{{date}}") else { return line == pattern }
            let regex = "^" + pattern.components(separatedBy: "{{date}}").map(NSRegularExpression.escapedPattern(for:))
                .joined(separator: datePattern) + "$"
            return line.range(of: regex, options: .regularExpression) != nil
        }
    }
}

/// A `$ per …` command of a transcript file with its input and expected output, and the
/// `$+ per …` commands after it, which run in order with the same `PER_HOME`.
struct TranscriptCase: CustomTestStringConvertible, Sendable {
    struct Step: Sendable {
        let line: Int
        let arguments: [String]
        var environment: [String: String] = [:]
        var stdin: [String] = []
        var stdout: [String] = []
        var stderr: [String] = []
        var status: Int32 = 0
    }

    let file: String
    var steps: [Step]
    /// Why the file or this case could not be read; the case then fails with it.
    var problem: String? = nil

    var testDescription: String {
        guard let first = steps.first else { return file }
        return "\(file):\(first.line) " + steps.map { "per " + $0.arguments.joined(separator: " ") }.joined(separator: " then ")
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    /// The built binary: `PER_BINARY`, or `per` beside this test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PER_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = Bundle.main.bundleURL
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("per")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("per")
    }

    static func fileNames(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".transcript") }.sorted()
    }

    /// Every case of every file; a folder without transcripts, a file that cannot be read
    /// or a malformed line becomes a case that fails with the reason.
    static func all(in directory: URL = directory) -> [TranscriptCase] {
        let names: [String]
        do {
            names = try fileNames(in: directory)
        } catch {
            return [TranscriptCase(file: directory.path, steps: [], problem: "cannot list \(directory.path): \(error)")]
        }
        guard !names.isEmpty else { return [TranscriptCase(file: directory.path, steps: [], problem: "no transcripts in \(directory.path)")] }
        return names.flatMap { name -> [TranscriptCase] in
            do {
                return parse(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8), file: name)
            } catch {
                return [TranscriptCase(file: name, steps: [], problem: "cannot read \(name): \(error)")]
            }
        }
    }

    /// The cases of one file. A malformed line fails the case it is in (or the file, before
    /// the first command); a file without cases fails too.
    static func parse(_ text: String, file: String) -> [TranscriptCase] {
        var cases: [TranscriptCase] = []
        var fileProblems: [TranscriptCase] = []
        func fail(_ number: Int, _ why: String) {
            let problem = "\(file):\(number): \(why)"
            if cases.isEmpty { fileProblems.append(TranscriptCase(file: file, steps: [], problem: problem)) }
            else if cases[cases.count - 1].problem == nil { cases[cases.count - 1].problem = problem }
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.hasPrefix("$ ") || line.hasPrefix("$+ ") {
                let words = shellWords(String(line.drop(while: { $0 != " " })))
                guard words.first == "per" else { fail(number, "a command starts with 'per'"); continue }
                let step = Step(line: number, arguments: Array(words.dropFirst()))
                if line.hasPrefix("$+ ") {
                    guard !cases.isEmpty else { fail(number, "'$+' before any '$ per' command"); continue }
                    cases[cases.count - 1].steps.append(step)
                } else {
                    cases.append(TranscriptCase(file: file, steps: [step]))
                }
                continue
            }
            guard let kind = line.first, kind != "#" else { continue }
            guard "<>!?&".contains(kind), line.count == 1 || line.dropFirst().first == " " else {
                fail(number, "malformed line '\(line)' (a line starts with $, <, >, !, ?, & or #)")
                continue
            }
            guard !cases.isEmpty else { fail(number, "'\(kind)' before any '$ per' command"); continue }
            let content = line.count >= 2 ? String(line.dropFirst(2)) : ""
            let last = cases.count - 1, step = cases[last].steps.count - 1
            switch kind {
            case "<": cases[last].steps[step].stdin.append(content)
            case ">": cases[last].steps[step].stdout.append(content)
            case "!": cases[last].steps[step].stderr.append(content)
            case "?":
                guard let status = Int32(content) else { fail(number, "'\(line)' is not an exit status"); continue }
                cases[last].steps[step].status = status
            default:
                let pair = content.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { fail(number, "'\(line)' needs NAME=VALUE"); continue }
                cases[last].steps[step].environment[pair[0]] = pair[1]
            }
        }
        if cases.isEmpty && fileProblems.isEmpty { fileProblems.append(TranscriptCase(file: file, steps: [], problem: "no cases in \(file)")) }
        return fileProblems + cases
    }

    /// The file's text with each step's expected lines (`>`, `!`, `?`) replaced by what
    /// per printed, placed after the step's command, input and environment lines.
    static func record(_ text: String, cases: [TranscriptCase], runs: [[Run]]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let hadNewline = lines.last == ""
        if hadNewline { lines.removeLast() }
        let steps = zip(cases, runs).flatMap { zip($0.steps, $1) }.sorted { $0.0.line < $1.0.line }
        // From the last step back, so earlier line numbers stay valid.
        for (index, (step, run)) in steps.enumerated().reversed() {
            let end = index + 1 < steps.count ? steps[index + 1].0.line - 1 : lines.count
            let block = lines[step.line..<end]
            let isExpected = { (line: String) in line.hasPrefix(">") || line.hasPrefix("!") || line.hasPrefix("?") }
            let head = block.prefix { !isExpected($0) && ($0.hasPrefix("<") || $0.hasPrefix("&")) }
            let rest = block.dropFirst(head.count).filter { !isExpected($0) }
            // An expected line that still matches (a `{{date}}` pattern) is kept as written.
            func kept(_ actual: [String], _ old: [String]) -> [String] {
                actual.enumerated().map { index, line in
                    index < old.count && matches([line], [old[index]]) ? old[index] : line
                }
            }
            let expected = kept(run.stdout, step.stdout).map { $0.isEmpty ? ">" : "> " + $0 }
                + kept(run.stderr, step.stderr).map { "! " + $0 } + (run.status == 0 ? [] : ["? \(run.status)"])
            lines.replaceSubrange(step.line..<end, with: Array(head) + expected + rest)
        }
        return lines.joined(separator: "\n") + (hadNewline ? "\n" : "")
    }

    /// Splits a command line like a POSIX shell: blanks separate words; '…' is literal;
    /// "…" allows \" and \\.
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = Array(text).makeIterator()
        while let c = iterator.next() {
            switch c {
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            case "'":
                inWord = true
                while let d = iterator.next(), d != "'" { current.append(d) }
            case "\"":
                inWord = true
                while let d = iterator.next(), d != "\"" {
                    if d == "\\", let e = iterator.next() { current.append(e) } else { current.append(d) }
                }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        return words
    }

    struct Run {
        let stdout: [String]
        let stderr: [String]
        let status: Int32
    }

    /// Runs the steps in `Transcripts/`, in order, with one fresh, empty `PER_HOME`.
    func run() throws -> [Run] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("per-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try steps.map { step in try run(step, scratch: scratch) }
    }

    private func run(_ step: Step, scratch: URL) throws -> Run {
        let inputURL = scratch.appendingPathComponent("stdin"), outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        let input = step.stdin.isEmpty ? "" : step.stdin.joined(separator: "\n") + "\n"
        try Data(input.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = TranscriptCase.binary
        process.arguments = step.arguments
        process.currentDirectoryURL = TranscriptCase.directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["PER_HOME"] = scratch.appendingPathComponent("home").path
        environment["TERM"] = "dumb"
        environment.merge(step.environment) { $1 }
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()

        func lines(_ url: URL) throws -> [String] {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            if text.isEmpty { return [] }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() } else { lines[lines.count - 1] += "⏎(no newline at end)" }
            return lines
        }
        return Run(stdout: try lines(outputURL), stderr: try lines(errorURL), status: process.terminationStatus)
    }
}
