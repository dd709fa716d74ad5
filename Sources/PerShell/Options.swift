import PerTools
import PerLanguage
import PerSession
import PerNumbers

/// When to colour output.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Only on a terminal, and not when `NO_COLOR` is set.
    case auto
    case always
    case never
}

/// What the command line asked for (`per --help`, and `help scripts`).
struct Options: Equatable {
    enum Action: Equatable {
        case run, help, version, man
        /// `per --completions SHELL`.
        case completions(CompletionShell)
        /// `per sheet [--check | --stdout | --export FORMAT] FILE…`: the files' answers written
        /// beside them, compared, printed or exported.
        case sheet(SheetMode)
    }

    var action = Action.run
    /// `-e` statements, in order.
    var statements: [String] = []
    var files: [String] = []
    var json = false
    var color = ColorMode.auto
    /// `--input comma`: the decimal separator, over the kept session's.
    var input: InputNotation? = nil
    var history = true
    /// `--fresh`: the interactive shell starts empty instead of restoring the last session.
    var fresh = false
    /// `--session`: batch runs too restore the kept session, keep undo and store it back.
    var session = false
    /// `--today DATE`: today and now fixed, over `PER_TODAY`.
    var today: FixedClock? = nil

    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        if arguments.first == "sheet" { return try parseSheet(Array(arguments.dropFirst())) }
        var options = Options()
        var index = 0
        var onlyFiles = false
        while index < arguments.count {
            let argument = arguments[index]
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if let (option, written) = CommandLineOption.named(argument) {
                var value = written
                if option.valueName != nil, value == nil {
                    index += 1
                    guard index < arguments.count else { throw UsageError(message: "option \(argument) needs a value") }
                    value = arguments[index]
                }
                try options.apply(option, value: value ?? "")
            } else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
            index += 1
        }
        return options
    }

    /// `per sheet`'s arguments: `--check` or `--stdout`, and the files.
    private static func parseSheet(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var mode = SheetMode.write
        var onlyFiles = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !onlyFiles, let (option, written) = CommandLineOption.named(argument), option == .today {
                guard let value = written ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError(message: "option \(argument) needs a value")
                }
                if written == nil { index += 1 }
                options.today = try FixedClock.read(value)
                continue
            }
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if let (option, written) = CommandLineOption.named(argument), option.isSheetOption {
                var asked = option == .check ? SheetMode.check : .stdout
                if option == .export {
                    guard let value = written ?? (index < arguments.count ? arguments[index] : nil) else {
                        throw UsageError(message: "option \(argument) needs a value: csv or md")
                    }
                    if written == nil { index += 1 }
                    guard let format = SheetExport.Format(rawValue: value) else {
                        throw UsageError(message: "--export takes csv or md, not '\(value)'")
                    }
                    asked = .export(format)
                }
                if mode != .write && mode != asked { throw UsageError(message: "per sheet takes one of --check, --stdout and --export") }
                mode = asked
            } else {
                throw UsageError(message: "unknown option '\(argument)' for per sheet; it takes --check, --stdout or --export FORMAT, then files")
            }
        }
        if case .export = mode, options.files.count > 1 {
            throw UsageError(message: "per sheet --export writes one table: give it one file")
        }
        if options.files.contains("-") { throw UsageError(message: "per sheet works on files, not standard input: name a file") }
        if options.files.isEmpty { throw UsageError(message: "per sheet needs a file, as in per sheet groceries.per") }
        options.action = .sheet(mode)
        return options
    }

    /// Digits only, as a number.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// Records one option; `value` is empty for an option that takes none.
    private mutating func apply(_ option: CommandLineOption, value: String) throws(UsageError) {
        switch option {
        case .expression: statements.append(value)
        case .json: json = true
        case .color:
            guard let mode = ColorMode(rawValue: value) else {
                throw UsageError(message: "--color takes auto, always or never, not '\(value)'")
            }
            color = mode
        case .input:
            guard let notation = InputNotation(rawValue: value) else {
                throw UsageError(message: "--input takes dot or comma, not '\(value)'")
            }
            input = notation
        case .noHistory: history = false
        case .fresh: fresh = true
        case .session: session = true
        case .today: today = try FixedClock.read(value)
        case .check, .stdout, .export:
            let written = option.spellings[0] + (option == .export ? " csv" : "")
            throw UsageError(message: "\(option.spellings[0]) goes with per sheet, as in per sheet \(written) FILE")
        case .man: action = .man
        case .completions:
            guard let shell = CompletionShell(rawValue: value) else {
                throw UsageError(message: "--completions takes zsh, bash or fish, not '\(value)'")
            }
            action = .completions(shell)
        case .help: action = .help
        case .version: action = .version
        }
    }

    static let version = "per 0.1.0"

    /// `per --help`: the options come from their declarations.
    static var usage: String {
        let width = CommandLineOption.allCases.map(\.synopsis.count).max() ?? 0
        let options = CommandLineOption.allCases.flatMap { option in
            option.summary.enumerated().map { index, line -> String in
                let name = index == 0 ? option.synopsis : ""
                return "  " + name + String(repeating: " ", count: width - name.count) + "  " + line
            }
        }
        return (usageHead + options + usageTail).joined(separator: "\n")
    }

    private static let usageHead = [
        "usage: per [OPTIONS] [FILE...]",
        "       per sheet [--check | --stdout | --export csv|md] [--today DATE] FILE...",
        "",
        "An exact calculator, shopping comparator and estimator shell.",
        "On a terminal, per starts an interactive shell. Otherwise it reads statements",
        "from standard input, or runs each FILE in turn (- is standard input).",
        "per sheet runs each FILE and writes every answer beside its statement",
        "(# = 2.38); --check writes nothing and reports answers that changed;",
        "--stdout prints the sheet instead; --export prints each statement's label,",
        "statement and answer as CSV or a Markdown table. See 'help sheets'.",
        "",
        "options:",
    ]

    private static let usageTail = [
        "",
        "Statements are separated by newlines or ';'; '#' starts a comment.",
        "Exit status: 0 all statements succeeded, 1 a statement failed,",
        "64 bad usage, 66 a FILE cannot be read, 74 output could not be written.",
        "The manual: 'help' in per, or per --man.",
        "",
        "Examples:",
        "  per -e '3*1.99' -e '1/3'",
        "  printf 'x = 2.49\\nx * 3\\n' | per",
    ]
}
