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
    case savedSets(SavedSetCommand)
    case priceBook(PriceBookCommand)
    /// `forget seen NAME [DATE]`: `forget` with the next word `seen`, for the price book.
    case forgetSeen
    /// `forget unit NAME`: `forget` with the next word `unit`, for the user's own units.
    case forgetUnit
    /// `compare --seen`: `compare` with the next word `--seen`, beside the prices seen.
    case compareSeen
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
        case .savedSets(let command): return command.rawValue
        case .priceBook(let command): return command.rawValue
        case .forgetSeen, .forgetUnit: return SavedSetCommand.forget.rawValue
        case .compareSeen: return ShoppingCommand.compare.rawValue
        case .shell(let command): return command.rawValue
        }
    }

    /// The tool the command belongs to, for grouping in `help`.
    public var group: CommandGroup {
        switch self {
        case .calculator, .explain, .blockFigure, .forgetUnit: return .calculator
        case .add, .shopping, .compareSeen: return .shopping
        case .estimator, .sweep: return .estimators
        case .savedSets, .forgetSeen: return .savedSets
        case .priceBook: return .priceBook
        case .shell: return .shell
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
    case dose, boiler, cooling, invest

    public var estimator: any Estimator.Type {
        switch self {
        case .dose: return Dose.self
        case .boiler: return Boiler.self
        case .cooling: return Cooling.self
        case .invest: return Invest.self
        }
    }
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
