import Foundation
import Testing

/// The README's examples, run: every `per>` session in a `text` block is fed to `per`
/// as a script in a fresh `PER_HOME`, and what it prints must be what the README shows.
/// A `…` line stands for any lines; a statement shown failing (a caret and `error:`) must
/// fail; sessions that depend on the terminal or the clock (the banner, `undo`, dates)
/// are covered by transcripts instead.
struct ReadmeTests {
    struct Example: CustomTestStringConvertible {
        let line: Int
        let statements: [String]
        /// Expected standard output, `nil` for "any lines".
        let output: [String?]
        let failures: Int
        var testDescription: String { "README.md:\(line)" }
    }

    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    static var examples: [Example] {
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var block: [String]? = nil
        var start = 0
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let lines = block {
                    if let example = example(lines, at: start) { examples.append(example) }
                    block = nil
                } else if line == "```text" {
                    block = []
                    start = number + 2
                }
            } else {
                block?.append(line)
            }
        }
        return examples
    }

    /// A block of `per>` lines and what they print, or nil when it is not one to run here.
    static func example(_ lines: [String], at line: Int) -> Example? {
        // A session started from the shell prompt (`$ per`) runs the same.
        let lines = lines.first == "$ per" ? Array(lines.dropFirst()) : lines
        guard lines.first?.hasPrefix("per> ") == true else { return nil }
        let interactive = ["undo", "redo", "new", "save", "saved", "recall", "forget"]
        var statements: [String] = [], output: [String?] = []
        var failures = 0
        for line in lines {
            if line.hasPrefix("per> ") {
                let statement = String(line.dropFirst(5))
                if interactive.contains(where: { statement == $0 || statement.hasPrefix($0 + " ") }) { return nil }
                statements.append(statement)
            } else if line == "…" || line == "   …" {
                output.append(nil)
            } else if line.hasPrefix("error: ") {
                failures += 1
            } else if line.trimmingCharacters(in: .whitespaces).allSatisfy({ $0 == "^" }) && line.contains("^") {
                continue
            } else {
                output.append(line)
            }
        }
        return Example(line: line, statements: statements, output: output, failures: failures)
    }

    /// Whether `actual` matches `expected`, a `nil` matching any run of lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String?>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        guard let line = first else {
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
        }
        return actual.first == line && matches(actual.dropFirst(), expected.dropFirst())
    }

    @Test("the README's examples print what it shows", arguments: examples)
    func example(_ example: Example) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try per([], input: example.statements.joined(separator: "\n") + "\n", home: home)
        var lines = run.stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        #expect(Self.matches(lines[...], example.output[...]), "\(run.stdout)")
        #expect(run.stderr.components(separatedBy: "\n").filter { $0.contains("error:") }.count == example.failures, "\(run.stderr)")
    }

    @Test("the README has examples to run")
    func found() {
        #expect(Self.examples.count >= 7)
    }
}
