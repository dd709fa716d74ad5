import PerNumbers
import PerUnits
import PerLanguage

extension CommandCatalogue {
    /// The shell's own commands: help, undo and redo, a new session, include, quit.
    static let shell: [CommandInfo] = [
        CommandInfo(
            command: .shell(.help), aliases: [], completion: .helpTopics,
            synopsis: "help [TOPIC]", summary: "list the commands and topics, or explain one",
            details: [], example: "help digits"),
        CommandInfo(
            command: .shell(.undo), aliases: [], needs: .files,
            synopsis: "undo", summary: "take back the last statement that changed the session",
            details: ["Repeatable, \(ShellCommand.undoLimit) steps back; 'undo' after 'clear' brings the list back.",
                      "Kept in the interactive shell, and in scripts run with per --session."],
            example: "undo"),
        CommandInfo(
            command: .shell(.redo), aliases: [], needs: .files,
            synopsis: "redo", summary: "put back what undo took back", details: [], example: "redo"),
        CommandInfo(
            command: .shell(.new), aliases: [], needs: [.files, .shoppingList],
            synopsis: "new", summary: "start an empty session",
            details: ["The session before is kept as the saved set 'last session' (recall it with recall \"last session\"),",
                      "and undo brings it back."],
            example: "new"),
        CommandInfo(
            command: .include, aliases: [], needs: .files,
            synopsis: "include FILE", summary: "run another sheet first: the names, units and rates it sets stay",
            details: ["FILE is read from the folder of the sheet or script that includes it (in the shell, -e and standard",
                      "input: the current folder). Its lines run quietly, as a sheet's (# = answers are comments); a failed",
                      "line is named with its file and line, and fails the include. Its totals are its own: the block and ans",
                      "of the including sheet are as before. A file that includes itself, through others or not, is refused,",
                      "naming the circle; \(SheetRefusal.maxIncludeDepth) files deep at most, \(NumberDisplay.grouped(String(SheetRefusal.maxIncludedFiles))) files in all.",
                      "per sheet --check checks the included file's answers too. Quote a name with blanks: include \"my rates.per\"."],
            example: "include rates.per"),
        CommandInfo(
            command: .shell(.quit), aliases: ["exit"],
            synopsis: "quit", summary: "leave per (also: exit, Ctrl-D)",
            details: [], example: "quit"),
    ]
}
