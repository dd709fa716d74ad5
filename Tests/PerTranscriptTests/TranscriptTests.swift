import Foundation
import Testing

/// Runs every case of every `Transcripts/*.transcript` file against the built `per`
/// binary and compares stdout, stderr and the exit status exactly. The format is in
/// `Transcripts/README.md`.
struct TranscriptTests {
    @Test("transcripts", arguments: TranscriptCase.all())
    func transcript(_ testCase: TranscriptCase) throws {
        let runs = try testCase.run()
        for (step, run) in zip(testCase.steps, runs) {
            #expect(TranscriptCase.matches(run.stdout, step.stdout), "stdout of \(testCase.file):\(step.line): \(run.stdout)")
            #expect(TranscriptCase.matches(run.stderr, step.stderr), "stderr of \(testCase.file):\(step.line): \(run.stderr)")
            #expect(run.status == step.status, "exit status of \(testCase.file):\(step.line)")
        }
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

    var testDescription: String {
        "\(file):\(steps[0].line) " + steps.map { "per " + $0.arguments.joined(separator: " ") }.joined(separator: " then ")
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

    static func all() -> [TranscriptCase] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".transcript") }.sorted().flatMap { name -> [TranscriptCase] in
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return parse(text, file: name)
        }
    }

    static func parse(_ text: String, file: String) -> [TranscriptCase] {
        var cases: [TranscriptCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("$ ") || line.hasPrefix("$+ ") {
                let words = shellWords(String(line.drop(while: { $0 != " " })))
                precondition(words.first == "per", "\(file):\(index + 1): a command starts with 'per'")
                let step = Step(line: index + 1, arguments: Array(words.dropFirst()))
                if line.hasPrefix("$+ "), !cases.isEmpty {
                    cases[cases.count - 1].steps.append(step)
                } else {
                    cases.append(TranscriptCase(file: file, steps: [step]))
                }
                continue
            }
            guard !cases.isEmpty else { continue }
            let content = line.count >= 2 ? String(line.dropFirst(2)) : ""
            let last = cases.count - 1, step = cases[last].steps.count - 1
            switch line.first {
            case "<": cases[last].steps[step].stdin.append(content)
            case ">": cases[last].steps[step].stdout.append(content)
            case "!": cases[last].steps[step].stderr.append(content)
            case "?": cases[last].steps[step].status = Int32(content) ?? -1
            case "&":
                let pair = content.split(separator: "=", maxSplits: 1).map(String.init)
                cases[last].steps[step].environment[pair[0]] = pair.count > 1 ? pair[1] : ""
            default: break
            }
        }
        return cases
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
