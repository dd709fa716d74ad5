import Foundation
import PerCore
import Testing

/// per's manual: every example in a `help` topic or a command's manual runs as shown,
/// every topic answers `help`, and `per --man` is a man page groff reads without a
/// warning that holds every topic and command.
struct ManualTests {
    static var examples: [DocumentedExample] {
        let topics = ManualTopic.all.flatMap { topic in
            topic.examples.map { DocumentedExample(place: "help \(topic.name)", lines: $0) }
        }
        let commands = CommandCatalogue.commands.flatMap { command in
            command.manual.compactMap { block -> DocumentedExample? in
                guard case .example(let lines) = block else { return nil }
                return DocumentedExample(place: "help \(command.name)", lines: lines)
            }
        }
        return topics + commands
    }

    @Test("the manual's examples print what it shows", arguments: examples)
    func example(_ example: DocumentedExample) throws {
        let problems = try example.run()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the manual has examples, and every topic has a name of its own")
    func found() {
        #expect(Self.examples.count >= 20)
        let names = ManualTopic.all.map(\.name)
        #expect(Set(names).count == names.count)
        // Nor is it the name of a command or a function, which help would explain instead.
        for name in names {
            #expect(HelpText.topics.filter { $0 == name }.count == 1, "\(name)")
        }
    }

    @Test("help lists every topic, and help TOPIC answers")
    func helpTopics() throws {
        let overview = try per(["-e", "help"])
        for topic in ManualTopic.all {
            #expect(overview.stdout.contains("\n  \(topic.name) "), "\(topic.name)")
            let run = try per(["-e", "help \(topic.name)"])
            #expect(run.status == 0 && run.stdout.hasPrefix(topic.title + "\n"), "\(run.stdout)\(run.stderr)")
        }
    }

    @Test("per --man holds every option, command and topic")
    func manContents() throws {
        let run = try per(["--man"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix(".TH PER 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT",
                        "\"EXIT STATUS\"", "EXAMPLES"] {
            #expect(run.stdout.contains("\n.SH \(section)\n"), "\(section)")
        }
        for topic in ManualTopic.all {
            let title = topic.title.uppercased()
            #expect(run.stdout.contains("\n.SH \(title.contains(" ") ? "\"\(title)\"" : title)\n"), "\(topic.name)")
        }
        for command in CommandCatalogue.commands {
            #expect(run.stdout.contains("\n\\fB\(command.name)"), "\(command.name)")
        }
        for option in ["\\-\\-json", "\\-\\-man", "\\-\\-color", "\\-\\-no\\-history"] {
            #expect(run.stdout.contains("\\fB\(option)\\fR"), "\(option)")
        }
    }

    /// In CI groff is installed (`.ci/run`), so a missing groff fails there.
    @Test("groff reads per --man without a warning", .enabled(if: requireTools || executable("groff") != nil))
    func groff() throws {
        let page = try per(["--man"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("per-\(UUID().uuidString).1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try shell(["groff", "-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
        // Every line of text is ASCII: roff reads it whatever the locale.
        #expect(page.utf8.allSatisfy { $0 < 0x80 })
        let rendered = try shell(["groff", "-man", "-Tutf8", file.path]).output
        #expect(rendered.contains("€4.98 per kg") && rendered.contains("≈ 0.333333333333"))
    }
}
