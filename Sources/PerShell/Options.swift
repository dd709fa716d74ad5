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
                options.today = try fixedClock(value)
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

    /// The date and time of `--today` or `PER_TODAY`: YYYY-MM-DD on the calendar, and a
    /// time of day after a blank or a `T` (`2026-11-28 09:30`, `2026-11-28T09:30:15`), else 00:00.
    static func fixedClock(_ text: String, from source: String = "--today") throws(UsageError) -> FixedClock {
        let refusal = UsageError(message: "\(source) takes a date on the calendar, as in 2026-11-27, or a date and a time "
                                 + "of day, as in 2026-11-27 09:30, not '\(text)'")
        let bytes = Array(text.utf8)
        let datePart = bytes.prefix(10)
        let parts = datePart.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2]),
              let date = try? CalendarDate.checked(year: year, month: month, day: day) else { throw refusal }
        guard bytes.count > 10 else { return FixedClock(date: date, secondOfDay: nil, source: source) }
        guard bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T") else { throw refusal }
        let time = bytes[11...].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0.count == 2 }),
              let hour = number(time[0]), let minute = number(time[1]), hour < 24, minute < 60 else { throw refusal }
        let second = time.count == 3 ? number(time[2]) : 0
        guard let second, second < 60 else { throw refusal }
        return FixedClock(date: date, secondOfDay: Int32((hour * 60 + minute) * 60 + second), source: source)
    }

    /// Digits only, as a number.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
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
        case .today: today = try Options.fixedClock(value)
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

/// `--today` or `PER_TODAY`: the date `today` reads, and the time of day `now` reads
/// (the day's first on the local clocks unless one was given).
struct FixedClock: Equatable {
    let date: CalendarDate
    /// Seconds since midnight; nil when only a date was given.
    let secondOfDay: Int32?
    /// Where it was given (`--today`, `PER_TODAY`), for its refusal.
    var source = "--today"

    /// Seconds since midnight of `now` on the local clocks (`zone`'s, when known): the
    /// time given, else the day's first whole minute the clocks show, as `now` is read to
    /// the minute (`ZoneRules.firstShown`, rounded up: Kolkata's 1906-01-01 starts at
    /// 00:08:50, so 00:09), midnight unless they skip it.
    func secondOfDay(in zone: Zone?) -> Int32 {
        if let secondOfDay { return secondOfDay }
        guard let zone else { return 0 }
        let first = zone.rules.firstShown(onDay: date.dayNumber) - ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: 0)
        return Int32(clamping: min((first + 59) / 60 * 60, 86_340))
    }

    /// Why the time given is no one instant on the local clocks (`zone`'s): they skip it
    /// or show it twice, both readings named; nil for a date alone, a time they show once,
    /// or no local zone known.
    func refusal(in zone: Zone?) -> Options.UsageError? {
        guard let secondOfDay, let zone else { return nil }
        let local = ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: Int(secondOfDay))
        guard let problem = ZoneProblem.refusing(zone.rules.reading(local: local), local: local, in: zone) else { return nil }
        return Options.UsageError(message: source + " " + problem.message)
    }
}
