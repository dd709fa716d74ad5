import PerNumbers
import PerUnits

/// Every command per knows, each case naming what runs it: a tool's own commands (which it
/// handles with an exhaustive switch), or the session for those that span tools. The
/// catalogue (`CommandCatalogue`) lists each once with its words, completion and needs.
public enum Command: Hashable, Sendable {
    case calculator(CalculatorCommand)
    /// `explain STATEMENT`: the session, which reads the shopping list as well.
    case explain
    /// `total`, `average`, `count`: the session, which keeps the block.
    case blockFigure(BlockFigure)
    /// `add`: the session, which adds a price seen from the book or gives the list the rest.
    case add
    case shopping(ShoppingCommand)
    case estimator(EstimatorCommand)
    /// `sweep ESTIMATOR KEY=FROM..TO`: an estimator across a range of one input.
    case sweep
    /// `solve EXPR = EXPR for NAME [in A..B]`: the calculator, trying values of one name.
    case solve
    /// `include FILE`: another sheet run first, which the shell reads.
    case include
    /// `load FILE.csv [as NAME]`: a file's columns as lists, which the shell reads.
    case load
    case savedSets(SavedSetCommand)
    case priceBook(PriceBookCommand)
    /// `forget seen NAME [DATE]`: `forget` with the next word `seen`, for the price book.
    case forgetSeen
    /// `forget unit NAME`: `forget` with the next word `unit`, for the user's own units.
    case forgetUnit
    /// `compare --seen`: `compare` with the next word `--seen`, beside the prices seen.
    case compareSeen
    /// `list NAME`: the session, which keeps the lists; `list` alone compares.
    case switchList
    /// `lists`: every list, from the session.
    case lists
    /// `compare all`: `compare` with the next word `all`, every list ranked.
    case compareAll
    /// `plan [@STORE …]`: every list's need from the price book, at one store or split.
    case plan
    /// `label 5.20 per kg`: the shelf's unit price checked against the last product added.
    case shelfLabel
    case shell(ShellCommand)

    /// The command's name as typed: `add`, `boiler`; a variant's is its command's (`forget`).
    public var name: String {
        switch self {
        case .calculator(let command): return command.rawValue
        case .explain: return "explain"
        case .blockFigure(let figure): return figure.rawValue
        case .add: return "add"
        case .shopping(let command): return command.rawValue
        case .estimator(let command): return command.rawValue
        case .sweep: return "sweep"
        case .solve: return "solve"
        case .include: return "include"
        case .load: return "load"
        case .savedSets(let command): return command.rawValue
        case .priceBook(let command): return command.rawValue
        case .forgetSeen, .forgetUnit: return SavedSetCommand.forget.rawValue
        case .compareSeen, .compareAll: return ShoppingCommand.compare.rawValue
        case .switchList: return "list"
        case .lists: return "lists"
        case .plan: return "plan"
        case .shelfLabel: return "label"
        case .shell(let command): return command.rawValue
        }
    }

    /// Whether it is `total`, `average` or `count` (or `sum`).
    public var isBlockFigure: Bool {
        if case .blockFigure = self { return true }
        return false
    }

    /// The tool the command belongs to, for grouping in `help`.
    public var group: CommandGroup {
        switch self {
        case .calculator, .explain, .solve, .blockFigure, .forgetUnit, .load: return .calculator
        case .add, .shopping, .compareSeen, .switchList, .lists, .compareAll, .plan, .shelfLabel: return .shopping
        case .estimator, .sweep: return .estimators
        case .savedSets, .forgetSeen: return .savedSets
        case .priceBook: return .priceBook
        case .shell, .include: return .shell
        }
    }
}

public enum CalculatorCommand: String, CaseIterable, Sendable {
    case vars, fns, unset, digits, group, input, money, vat, convert, rate, rates, units
}

public enum ShoppingCommand: String, CaseIterable, Sendable {
    case price, qty, unit, name, draft, compare, best, need, basis, type, remove, clear, deal, club
}

/// The estimators, each a command of its own.
public enum EstimatorCommand: String, CaseIterable, Sendable {
    case dose, boiler, deaerator, cooling, invest
}

public enum SavedSetCommand: String, CaseIterable, Sendable {
    case save, saved, recall, forget
}

public enum ShellCommand: String, CaseIterable, Sendable {
    case help, undo, redo, new, quit

    /// The steps `undo` takes back (`UndoHistory`); older ones are forgotten.
    public static let undoLimit = 200
}

/// What a block command computes.
public enum BlockFigure: String, Hashable, Sendable {
    case total, average, count
}

/// The names the language itself gives a meaning.
public enum Names {
    /// The last result.
    public static let lastResult = "ans"
}

/// The tool a command belongs to, for grouping in `help`.
public enum CommandGroup: String, CaseIterable, Sendable {
    case calculator = "Calculator"
    case shopping = "Shopping list"
    case estimators = "Estimators"
    case savedSets = "Saved input sets"
    case priceBook = "Price book"
    case shell = "Shell"
}

/// The price book's commands (`help prices`).
public enum PriceBookCommand: String, CaseIterable, Sendable {
    case seen, history, worth, `where`, prices
}

/// What the language asks of the layer above it, which holds the commands and the
/// estimators: which words name commands (the parser reserves them) and which dotted
/// names an estimator has. The tools' `CommandCatalogue` answers; the language cannot name
/// it, so whoever makes an evaluator hands it over (`Evaluator.vocabulary`).
package protocol Vocabulary {
    /// The command `word` names (its name or an alias), not a variant; nil for none.
    static func reservedCommand(_ word: String) -> Command?
    /// The command a statement that starts with `word` runs: the variant its arguments
    /// name (`forget seen`), else the word's own; nil when the word names none.
    static func command(startingWith word: String, arguments: StatementSource) -> Command?
    /// Every word that names a command.
    static var commandNames: [String] { get }
    /// The unit a plain number given for an estimator's input (`boiler.steam`) is in.
    static func inputUnit(named name: String) -> CompoundUnit?
    /// The inputs and results of the estimator `estimator`, each as `estimator.key`;
    /// empty when no estimator has the name.
    static func estimatorNames(of estimator: String) -> [String]
}

extension Vocabulary {
    /// Why `name` cannot be a variable, or nil if it can. A variable `kept` in a file from
    /// before total, sum, average, count and the price book's commands were commands is still read, not refused with
    /// the whole file: an expression still reads it (x = total * 2) and unset removes it.
    package static func reservation(of name: String, kept: Bool = false) -> String? {
        if let command = reservedCommand(name) {
            if kept, case .blockFigure = command { return nil }
            if kept, case .priceBook = command { return nil }
            if kept, command == .calculator(.units) { return nil }
            if kept, command == .lists || command == .include || command == .load || command == .plan { return nil }
            return "a command"
        }
        // A variable kept from before a statistic of its name came is still read (mean * 2).
        if let function = Function.named(name), !(kept && function.yieldsToNames) { return "a function" }
        if name == Names.lastResult { return "the last result" }
        if name == "let" || Keywords.contains(name) { return "a keyword" }
        if name.utf8.contains(UInt8(ascii: ".")) { return "an estimator's input or result (set inputs as in boiler steam=4 t/h)" }
        return nil
    }
}

/// No commands and no estimators: what an expression or a unit read alone needs
/// (`SyntaxTree.expression`, `UnitTable.compound`), where no statement can be a command.
package enum EmptyVocabulary: Vocabulary {
    package static func reservedCommand(_ word: String) -> Command? { nil }
    package static func command(startingWith word: String, arguments: StatementSource) -> Command? { nil }
    package static var commandNames: [String] { [] }
    package static func inputUnit(named name: String) -> CompoundUnit? { nil }
    package static func estimatorNames(of estimator: String) -> [String] { [] }
}
