import PerTools
import PerLanguage
import PerSession
import PerNumbers

/// Every option of the `per` command, declared once: how it is spelt, the value it takes
/// and what it does. Parsing, `per --help` and the OPTIONS of `per --man` all read these
/// declarations, and so do the completion scripts (`per --completions SHELL`, kept in
/// `completions/`).
enum CommandLineOption: CaseIterable {
    case expression, json, color, input, noHistory, fresh, session, today, check, stdout, export, man, completions, help, version

    /// The spellings `--help` shows, a short one first when there is one.
    var spellings: [String] {
        switch self {
        case .expression: return ["-e", "--expression"]
        case .json: return ["--json"]
        case .color: return ["--color"]
        case .input: return ["--input"]
        case .noHistory: return ["--no-history"]
        case .fresh: return ["--fresh"]
        case .session: return ["--session"]
        case .today: return ["--today"]
        case .check: return ["--check"]
        case .stdout: return ["--stdout"]
        case .export: return ["--export"]
        case .man: return ["--man"]
        case .completions: return ["--completions"]
        case .help: return ["-h", "--help"]
        case .version: return ["-V", "--version"]
        }
    }

    /// Spellings also accepted but not shown, so that the shown ones stay few.
    var quietSpellings: [String] {
        self == .color ? ["--colour"] : []
    }

    /// The name of the value the option takes, if it takes one.
    var valueName: String? {
        switch self {
        case .expression: return "STMT"
        case .color: return "WHEN"
        case .input: return "SEP"
        case .completions: return "SHELL"
        case .today: return "DATE"
        case .export: return "FORMAT"
        case .json, .noHistory, .fresh, .session, .check, .stdout, .man, .help, .version: return nil
        }
    }

    /// The values the option accepts, when they are a fixed set (completion offers them).
    var values: [String] {
        switch self {
        case .color: return ColorMode.allCases.map(\.rawValue)
        case .input: return InputNotation.allCases.map(\.rawValue)
        case .completions: return CompletionShell.allCases.map(\.rawValue)
        case .export: return SheetExport.Format.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// What the option does, one line or a few.
    var summary: [String] {
        switch self {
        case .expression: return ["run STMT (repeatable; before any FILE), then exit"]
        case .json: return ["print one JSON object per statement"]
        case .color: return ["auto (default), always or never; NO_COLOR turns auto off"]
        case .input: return ["dot (default) or comma: the decimal separator of input", "and results, as the input command sets it"]
        case .noHistory: return ["do not read or write the history file"]
        case .fresh: return ["start the shell with an empty session (the last one is",
                             "kept as the saved set 'last session')"]
        case .session: return ["restore and keep the session in batch runs too"]
        case .today: return ["take DATE (2026-11-27) as today and its first minute as now,", "or a date and time ('2026-11-27 09:30') as now, as PER_TODAY",
                             "does, with an offset if any (2026-10-25T02:30+02:00); also with sheet"]
        case .check: return ["with sheet: write nothing; report the answers that changed"]
        case .stdout: return ["with sheet: print the sheet instead of writing it"]
        case .export: return ["with sheet: print each statement's label, statement and", "answer as csv or md (a Markdown table); write nothing"]
        case .man: return ["print the manual as a man page (roff) and exit"]
        case .completions: return ["print the completion script for SHELL (zsh, bash or", "fish) and exit"]
        case .help: return ["print this help and exit"]
        case .version: return ["print the version and exit"]
        }
    }

    /// Whether the option ends the run with its own output (`--man`, `--help`), so nothing
    /// else on the line matters.
    var endsRun: Bool {
        switch self {
        case .man, .completions, .help, .version: return true
        case .expression, .json, .color, .input, .noHistory, .fresh, .session, .today, .check, .stdout, .export: return false
        }
    }

    /// Whether the option goes with `per sheet` rather than a run.
    var isSheetOption: Bool { self == .check || self == .stdout || self == .export }

    /// What the option does, in one line.
    var oneLine: String { summary.joined(separator: " ") }

    /// How the option is written in usage: `-e, --expression STMT`.
    var synopsis: String {
        spellings.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
    }

    /// The option an argument names, with the value written inside the argument
    /// (`--color=never`, `-e1+1`), if any.
    static func named(_ argument: String) -> (option: CommandLineOption, value: String?)? {
        for option in allCases {
            let names = option.spellings + option.quietSpellings
            if names.contains(argument) { return (option, nil) }
            guard option.valueName != nil else { continue }
            for name in names where name.hasPrefix("--") && argument.hasPrefix(name + "=") {
                return (option, String(argument.dropFirst(name.count + 1)))
            }
            for name in names where !name.hasPrefix("--") && argument.hasPrefix(name) && !argument.hasPrefix("--") {
                return (option, String(argument.dropFirst(name.count)))
            }
        }
        return nil
    }
}
