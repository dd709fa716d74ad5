import PerNumbers
import PerUnits
import PerLanguage

/// One command as the catalogue lists it: what runs it (`command`), the words that name it,
/// what completion offers after it, what it needs besides the session, and its help.
public struct CommandInfo: Sendable {
    public let command: Command
    public let aliases: [String]
    /// What completion offers for the command's arguments.
    public let completion: Completing
    /// When a statement of the command reads the price book, which the shell opens first.
    public let book: BookUse
    /// The variants named by the command's next word (`forget seen`, `forget unit`), each run
    /// by another handler.
    public let variants: [CommandVariant]
    /// What else the command reads or changes: the shell's files, the shopping list.
    public let needs: CommandNeeds
    public var name: String { command.name }
    public var group: CommandGroup { command.group }
    /// How it is written, e.g. `digits [N]`.
    public let synopsis: String
    public let summary: String
    /// Further lines for `help NAME`: inputs, ranges, conventions.
    public var details: [String] { detailLines() }
    /// Made when help asks for them: an estimator's list its inputs and results, and the
    /// first command of a process builds the whole table.
    private let detailLines: @Sendable () -> [String]
    public let example: String

    package init(command: Command, aliases: [String], completion: Completing = .nothing, book: BookUse = .never,
         variants: [CommandVariant] = [], needs: CommandNeeds = [], synopsis: String, summary: String,
         details: @autoclosure @escaping @Sendable () -> [String], example: String) {
        (self.command, self.aliases, self.completion, self.book, self.variants, self.needs) = (command, aliases, completion, book, variants, needs)
        (self.synopsis, self.summary, self.detailLines, self.example) = (synopsis, summary, details, example)
    }


    /// The lines `help NAME` starts with: synopsis and summary, aliases, details, example.
    public var helpLines: [String] {
        var lines = ["\(synopsis) — \(summary)"]
        if !aliases.isEmpty { lines.append("also: " + aliases.joined(separator: ", ")) }
        lines += details
        lines.append("example: \(example)")
        return lines
    }
}

/// What completion offers for a command's arguments (`Completion`).
public enum Completing: Sendable {
    case nothing
    /// Variables, functions and constants: the command takes an expression.
    case expression
    /// These words for the first argument (`group on|off`).
    case first([String])
    /// The words `help` explains, for the first argument.
    case helpTopics
    /// These words for any argument (`save NAME --replace`).
    case anywhere([String])
    /// The estimator's keys, their words and units.
    case estimator(EstimatorCommand)
    /// The estimators, then the keys of the one named.
    case sweep
    /// An expression's names, or the estimators; after one, its keys, `for`, then its results.
    case solve
    /// The saved sets' names, and `seen` first.
    case savedSets
    /// After the name, the estimators with inputs (`save t1 cooling`), and `--replace`.
    case save
    /// The names of the shopping lists (`list NAME`).
    case listNames
    /// The names of the user's own units.
    case userUnits
    /// The price book's names.
    case bookNames
    /// The price book's stores, as `@STORE`.
    case bookStores
    /// `PRICE QTY NAME [@STORE]`: the list's units after the quantity, then names and stores.
    case observation
    /// The units of the list's dimension, and these words first.
    case listUnits(first: [String])
    /// A name and store from the book first, or a price and the list's units.
    case add
    /// The deals after the product's number.
    case deal
    /// The names `unset` removes.
    case variables
    /// An expression, then `to` or `in`.
    case convert
}

/// When a statement of a command reads the price book.
public enum BookUse: Sendable, Equatable {
    case never
    case always
    /// `add NAME`: when a name (a letter or a quote), not a price, follows the command.
    case whenNamed
}

/// A command's variant that its next word names, as `forget seen` or `compare --seen`:
/// another handler, its own completion and use of the book.
public struct CommandVariant: Sendable {
    /// The next word, in any case and not quoted.
    public let word: String
    public let command: Command
    public let book: BookUse
    public let completion: Completing
}

/// What a command reads or changes besides the session's own state.
public struct CommandNeeds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// per's files: saved sets, the session, the price book's lines or a CSV file, which
    /// the shell reads or writes for the statement.
    public static let files = CommandNeeds(rawValue: 1)
    /// The shopping list.
    public static let shoppingList = CommandNeeds(rawValue: 2)
}

extension CommandInfo {
    /// The variant the arguments name (`forget seen …`), if any.
    package func variant(of arguments: StatementSource) -> CommandVariant? {
        guard !variants.isEmpty, let next = arguments.firstWord, !next.isQuoted else { return nil }
        let word = next.text.lowercased()
        return variants.first { $0.word == word }
    }

    /// The command a statement with these arguments runs: the variant they name, else this.
    package func command(for arguments: StatementSource) -> Command {
        variant(of: arguments)?.command ?? command
    }

    /// Whether a statement of this command with these arguments reads the price book.
    package func readsBook(_ arguments: StatementSource) -> Bool {
        switch variant(of: arguments)?.book ?? book {
        case .never: return false
        case .always: return true
        case .whenNamed:
            return arguments.scalars.first(where: { !StatementSource.isBlank($0) }).map { $0 == "\"" || Lexer.isLetter($0) } ?? false
        }
    }
}
