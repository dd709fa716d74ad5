import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// What the manual says about a command beyond its synopsis, details and example: the
/// reference text `help COMMAND` and the COMMANDS section of `per --man` add, by area.
enum CommandManual {
    /// The blocks for `command`, empty when its catalogue entry says it all.
    static func blocks(for command: Command) -> [ManualBlock] {
        table[command] ?? []
    }

    private static let table: [Command: [ManualBlock]] = calculator
        .merging(shopping) { first, _ in first }
        .merging(estimators) { first, _ in first }
        .merging(shell) { first, _ in first }
        .merging(priceBook) { first, _ in first }
}

extension CommandInfo {
    /// The manual's further text on the command, for `help` and `per --man`.
    public var manual: [ManualBlock] { CommandManual.blocks(for: command) }
}
