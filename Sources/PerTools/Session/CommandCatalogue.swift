import PerNumbers
import PerUnits
import PerLanguage

/// Every command, in the order `help` lists them. The one source for the parser (command
/// names are reserved), `help` and completion.
public enum CommandCatalogue {
    public static let commands: [CommandInfo] = calculating + shopping + estimating + keeping + shell

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

    /// The commands that may read the price book, by their words in lower case: the shell
    /// opens the book for a statement that starts with one in any case (`Session.needsPriceBook`).
    private static let mayReadBook: [String: CommandInfo] = byName.filter { _, info in
        info.book != .never || info.variants.contains { $0.book != .never }
    }

    /// The letters, either case, that a word of `mayReadBook` starts with, as bits from `@`
    /// (64) up: a statement that starts with another character never reads the book.
    private static let bookInitials: UInt64 = mayReadBook.keys.reduce(0) { bits, word in
        // Every such word starts with a lower-case ASCII letter, its upper case 32 below.
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) else { return bits }
        return bits | 1 << UInt64(first.value - 64) | 1 << UInt64(first.value - 32 - 64)
    }

    /// Whether a statement starting with `letter` may name a command that reads the book.
    @inline(__always)
    package static func mayReadBook(startingWith letter: Unicode.Scalar) -> Bool {
        let value = letter.value &- 64
        return value < 64 && bookInitials & 1 << UInt64(value) != 0
    }

    /// The command of `word` in any case, if it may read the price book.
    package static func commandReadingBook(named word: String) -> CommandInfo? { mayReadBook[word.lowercased()] }
}

/// The catalogue answers what the language asks of the commands and estimators above it.
extension CommandCatalogue: Vocabulary {
    package static func reservedCommand(_ word: String) -> Command? { command(named: word)?.command }

    package static func command(startingWith word: String, arguments: StatementSource) -> Command? {
        command(named: word)?.command(for: arguments)
    }

    package static var commandNames: [String] { allNames }

    package static func inputUnit(named name: String) -> CompoundUnit? { Estimates.inputSpec(named: name)?.canonicalUnit }

    package static func estimatorNames(of estimator: String) -> [String] {
        EstimatorResults.resultNames(of: estimator).map { "\(estimator).\($0)" }
            + (Estimators.named(estimator)?.inputs.map { "\(estimator).\($0.key)" } ?? [])
    }
}
