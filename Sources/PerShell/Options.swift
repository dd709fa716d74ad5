/// When to colour output.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Only on a terminal, and not when `NO_COLOR` is set.
    case auto
    case always
    case never
}

/// What the command line asked for (README, "A short tour").
struct Options: Equatable {
    enum Action: Equatable { case run, help, version }

    var action = Action.run
    /// `-e` statements, in order.
    var statements: [String] = []
    var files: [String] = []
    var json = false
    var color = ColorMode.auto
    var history = true
    /// `--fresh`: the interactive shell starts empty instead of restoring the last session.
    var fresh = false
    /// `--session`: batch runs too restore the kept session, keep undo and store it back.
    var session = false

    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var onlyFiles = false
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "option \(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if argument == "-e" || argument == "--expression" {
                options.statements.append(try value(for: argument))
            } else if argument.hasPrefix("-e"), !argument.hasPrefix("--") {
                options.statements.append(String(argument.dropFirst(2)))
            } else if argument == "--json" {
                options.json = true
            } else if argument == "--color" || argument == "--colour" || argument.hasPrefix("--color=") || argument.hasPrefix("--colour=") {
                let word = argument.contains("=") ? String(argument.split(separator: "=", maxSplits: 1)[1]) : try value(for: argument)
                guard let mode = ColorMode(rawValue: word) else {
                    throw UsageError(message: "--color takes auto, always or never, not '\(word)'")
                }
                options.color = mode
            } else if argument == "--no-history" {
                options.history = false
            } else if argument == "--fresh" {
                options.fresh = true
            } else if argument == "--session" {
                options.session = true
            } else if argument == "-h" || argument == "--help" {
                options.action = .help
            } else if argument == "-V" || argument == "--version" {
                options.action = .version
            } else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
            index += 1
        }
        return options
    }

    static let version = "per 0.1.0"

    static let usage = """
        usage: per [OPTIONS] [FILE...]

        An exact calculator, shopping comparator and estimator shell.
        On a terminal, per starts an interactive shell. Otherwise it reads statements
        from standard input, or runs each FILE in turn (- is standard input).

        options:
          -e STMT          run STMT (repeatable; before any FILE), then exit
          --json           print one JSON object per statement
          --color WHEN     auto (default), always or never; NO_COLOR turns auto off
          --no-history     do not read or write the history file
          --fresh          start the shell with an empty session (the last one is
                           kept as the saved set 'last session')
          --session        restore and keep the session in batch runs too
          -h, --help       print this help and exit
          -V, --version    print the version and exit

        Statements are separated by newlines or ';'; '#' starts a comment.
        Exit status: 0 all statements succeeded, 1 a statement failed,
        64 bad usage, 66 a FILE cannot be read, 74 output could not be written.

        Examples:
          per -e '3*1.99' -e '1/3'
          printf 'x = 2.49\\nx * 3\\n' | per
        """
}
