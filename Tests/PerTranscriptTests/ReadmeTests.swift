import Foundation
import PerTools
import PerLanguage
import PerSession
import Testing

/// The README's examples, run: every ```` ```text ```` block that starts at the prompt
/// (`per>`, or `$ per` then `per>` lines) and every ```` ```console ```` block of `$`
/// commands, read as `DocumentedExample` reads the manual's; and the README points to
/// every topic of the manual.
struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    static var text: String { (try? String(contentsOf: readme, encoding: .utf8)) ?? "" }

    static var examples: [DocumentedExample] {
        var examples: [DocumentedExample] = []
        var block: [String]? = nil
        var start = 0
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let lines = block {
                    if lines.first?.hasPrefix("$ ") == true || lines.first?.hasPrefix(DocumentedExample.prompt) == true {
                        // The shell's own last word ends the session it shows.
                        examples.append(DocumentedExample(place: "README.md:\(start)", lines: lines.filter { $0 != "per> quit" }))
                    }
                    block = nil
                } else if line == "```text" || line == "```console" {
                    block = []
                    start = number + 2
                }
            } else {
                block?.append(line)
            }
        }
        return examples
    }

    @Test("the README's examples print what it shows", arguments: examples)
    func example(_ example: DocumentedExample) throws {
        let problems = try example.run()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the README's per blocks are a sheet whose answers hold: per sheet --check README.md")
    func sheetBlocks() throws {
        #expect(Self.text.contains("```per\n"))
        let run = try per(["sheet", "--check", Self.readme.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    }

    @Test("the README has examples to run, and stays an introduction")
    func found() {
        #expect(Self.examples.count >= 4)
        #expect(Self.text.components(separatedBy: "\n").count <= 300)
    }

    @Test("the README points to every topic of the manual")
    func topics() {
        for topic in ManualTopic.all {
            #expect(Self.text.contains("`help \(topic.name)`"), "\(topic.name)")
        }
        #expect(Self.text.contains("per --man"))
    }
}
