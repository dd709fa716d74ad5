/// The tool a command belongs to, for grouping in `help`.
public enum CommandGroup: String, CaseIterable, Sendable {
    case calculator = "Calculator"
    case shell = "Shell"
}

/// One command as `help` and completion know it.
public struct CommandInfo: Sendable {
    public let name: String
    public let aliases: [String]
    public let group: CommandGroup
    /// How it is written, e.g. `digits [N]`.
    public let synopsis: String
    public let summary: String
    /// Further lines for `help NAME`: inputs, ranges, conventions.
    public let details: [String]
    public let example: String
}

/// Every command, in the order `help` lists them. The one source for the parser (command
/// names are reserved), `help` and completion.
public enum CommandCatalogue {
    public static let commands: [CommandInfo] = [
        CommandInfo(
            name: "vars", aliases: [], group: .calculator,
            synopsis: "vars", summary: "list the variables and their values",
            details: [], example: "vars"),
        CommandInfo(
            name: "unset", aliases: [], group: .calculator,
            synopsis: "unset NAME", summary: "remove a variable",
            details: [], example: "unset x"),
        CommandInfo(
            name: "digits", aliases: [], group: .calculator,
            synopsis: "digits [N]",
            summary: "show or set the significant digits of approximate results",
            details: ["N is a whole number from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound); the default is 12.",
                      "Exact results with up to \(NumberDisplay.maxExactDigits) significant digits always print in full."],
            example: "digits 20"),
        CommandInfo(
            name: "help", aliases: [], group: .shell,
            synopsis: "help [COMMAND]", summary: "list the commands, or explain one",
            details: [], example: "help digits"),
        CommandInfo(
            name: "quit", aliases: ["exit"], group: .shell,
            synopsis: "quit", summary: "leave per (also: exit, Ctrl-D)",
            details: [], example: "quit"),
    ]

    private static let byName: [String: CommandInfo] = {
        var table: [String: CommandInfo] = [:]
        for command in commands {
            table[command.name] = command
            for alias in command.aliases { table[alias] = command }
        }
        return table
    }()

    /// The command a word names (its name or an alias), if any.
    public static func command(named word: String) -> CommandInfo? { byName[word] }

    /// Every word that names a command.
    public static var allNames: [String] { byName.keys.sorted() }
}

/// Which names a variable may not take, and why.
public enum Names {
    /// The last result.
    public static let lastResult = "ans"

    /// Why `name` cannot be a variable, or nil if it can.
    public static func reservation(of name: String) -> String? {
        if CommandCatalogue.command(named: name) != nil { return "a command" }
        if Function(rawValue: name) != nil { return "a function" }
        if name == lastResult { return "the last result" }
        if name == "let" { return "a keyword" }
        return nil
    }
}
