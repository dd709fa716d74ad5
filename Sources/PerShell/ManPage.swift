import PerTools
import PerLanguage
import PerSession

/// `per --man`: the manual as a man page in roff, with the man(7) macros. Everything in it
/// comes from the declarations `help` and `--help` read: the options, the command
/// catalogue, the manual's topics and the exit statuses.
enum ManPage {
    static var text: String {
        var page = Roff()
        let version = Options.version.split(separator: " ").last.map(String.init) ?? ""
        page.macro("TH", "PER", "1", "", "per " + Roff.escape(version, code: true), "User Commands")
        page.section("NAME")
        page.line("per \\- " + Roff.escape("an exact calculator, shopping comparator and estimator shell", code: false))
        page.section("SYNOPSIS")
        page.line("\\fBper\\fR [\\fIOPTIONS\\fR] [\\fIFILE\\fR ...]")
        page.macro("br")
        page.line("\\fBper sheet\\fR [\\fB\\-\\-check\\fR | \\fB\\-\\-stdout\\fR | \\fB\\-\\-export\\fR \\fIcsv\\fR|\\fImd\\fR] "
                  + "[\\fB\\-\\-today\\fR \\fIDATE\\fR] \\fIFILE\\fR ...")
        page.section("DESCRIPTION")
        page.blocks(ManualTopic.introduction)

        page.section("OPTIONS")
        for option in CommandLineOption.allCases {
            page.macro("TP")
            let names = option.spellings.map { "\\fB" + Roff.escape($0, code: true) + "\\fR" }.joined(separator: ", ")
            page.line(names + (option.valueName.map { " \\fI\($0)\\fR" } ?? ""))
            page.line(Roff.escape(option.summary.joined(separator: " "), code: false))
        }

        page.section("COMMANDS")
        for group in CommandGroup.allCases {
            page.macro("SS", Roff.escape(group.rawValue, code: false))
            for command in CommandCatalogue.commands where command.group == group {
                page.macro("TP")
                page.line("\\fB" + Roff.escape(command.synopsis, code: true) + "\\fR")
                page.line(Roff.escape(command.summary, code: false))
                // The rest of the entry is inset under the command, as paragraphs of its own.
                page.macro("RS")
                if case .estimator(let estimator) = command.command {
                    page.inputs(of: estimator.estimator)
                } else if command.helpLines.count > 2 {
                    page.unfilled(Array(command.helpLines.dropFirst().dropLast()))
                }
                page.macro("PP")
                page.line("Example: \\fB" + Roff.escape(command.example, code: true) + "\\fR")
                page.blocks(command.manual)
                page.macro("RE")
            }
        }

        for topic in ManualTopic.all {
            page.section(topic.title.uppercased())
            page.blocks(topic.blocks)
        }

        page.section("FILES")
        for (file, meaning) in files {
            page.macro("TP")
            page.line("\\fI" + Roff.escape(file, code: true) + "\\fR")
            page.line(Roff.escape(meaning, code: false))
        }
        page.section("ENVIRONMENT")
        for (variable, meaning) in environment {
            page.macro("TP")
            page.line("\\fB" + Roff.escape(variable, code: true) + "\\fR")
            page.line(Roff.escape(meaning, code: false))
        }
        page.section("EXIT STATUS")
        for status in ExitStatus.allCases {
            page.macro("TP")
            page.line("\(status.rawValue)")
            page.line(Roff.escape(status.meaning, code: false))
        }
        page.section("EXAMPLES")
        page.blocks([.example(examples)])
        return page.text
    }

    /// The files per keeps, in its directory.
    static let files = KeptFile.allCases.map { ("$PER_HOME/" + $0.name, $0.meaning) }

    /// The environment variables per reads.
    static let environment = EnvironmentVariable.allCases.map { ($0.rawValue, $0.meaning) }

    static let examples = [
        "$ per -e '3*1.99' -e '1/3'", "5.97", "≈ 0.333333333333",
        "$ printf 'x = 2.49\\nx * 3\\n' | per", "x = 2.49", "7.47",
        "$ per --man > per.1; man -l per.1",
    ]
}

/// A roff document being written: requests, text lines and escaping.
struct Roff {
    private(set) var text = ""

    /// A request such as `.TP` or `.SH NAME`, its arguments already escaped; they are
    /// quoted when they need it.
    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { argument in
            let escaped = argument.replacingEvery("\"", with: "\\(dq")
            return argument.isEmpty || argument.contains(" ") ? "\"" + escaped + "\"" : escaped
        }
        text += "." + ([name] + quoted).joined(separator: " ") + "\n"
    }

    mutating func section(_ title: String) { macro("SH", Roff.escape(title, code: false)) }

    /// A line of text, already escaped; one that would read as a request is guarded.
    mutating func line(_ escaped: String) {
        let guarded = escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        text += guarded + "\n"
    }

    /// The manual's blocks as paragraphs, lists, unfilled tables and examples.
    mutating func blocks(_ blocks: [ManualBlock]) {
        for block in blocks {
            switch block {
            case .paragraph(let prose):
                macro("PP")
                line(Roff.escape(prose, code: false))
            case .list(let items):
                for item in items {
                    macro("IP", "\\(bu", "2")
                    line(Roff.escape(item, code: false))
                }
            case .table(let rows):
                unfilled(ManualBlock.align(rows))
            case .example(let lines):
                unfilled(lines)
            case .heading(let title):
                macro("SS", Roff.escape(title, code: false))
            }
        }
    }

    /// An estimator's inputs, each with its unit, range and default, then its notes.
    mutating func inputs(of estimator: any Estimator.Type) {
        macro("PP")
        line(Roff.escape("Inputs, kept for the next run ('vars \(estimator.name)' lists them):", code: false))
        macro("RS")
        for input in estimator.inputs {
            macro("TP")
            line("\\fB" + Roff.escape(input.key, code: true) + "\\fR")
            line(Roff.escape((input.isRequired ? "required: " : "") + input.description, code: false))
        }
        macro("RE")
        if !estimator.notes.isEmpty {
            macro("PP")
            line(Roff.escape(estimator.notes.joined(separator: " "), code: false))
        }
    }

    /// Lines kept as they are, indented, in a paragraph of their own.
    mutating func unfilled(_ lines: [String]) {
        macro("PP")
        macro("RS", "4")
        macro("nf")
        for text in lines { line(Roff.escape(text, code: true)) }
        macro("fi")
        macro("RE")
    }

    /// `text` with roff's special characters escaped: the backslash, and characters that
    /// roff would print as typographic ones (^ ~ ' `). A hyphen between two letters of
    /// prose stays a hyphen; every other `-` is the ASCII minus `\-`, so options and
    /// statements copy as typed. Characters beyond ASCII are written `\[uXXXX]`, which
    /// every roff reads whatever the locale.
    static func escape(_ text: String, code: Bool) -> String {
        var escaped = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": escaped += "\\e"
            case "^": escaped += "\\(ha"
            case "~": escaped += "\\(ti"
            case "'": escaped += "\\(aq"
            case "`": escaped += "\\(ga"
            case "-":
                let between = !code && index > 0 && index + 1 < scalars.count
                    && Lexer.isLetter(scalars[index - 1]) && Lexer.isLetter(scalars[index + 1])
                escaped += between ? "-" : "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
