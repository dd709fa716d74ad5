/// Every command per knows, by the tool it belongs to. Each tool handles its own commands
/// with an exhaustive switch, so a command cannot be listed without being handled.
public enum Command: Hashable, Sendable {
    case calculator(CalculatorCommand)
    case shopping(ShoppingCommand)
    case estimator(EstimatorCommand)
    /// `sweep ESTIMATOR KEY=FROM..TO`: an estimator across a range of one input.
    case sweep
    case savedSets(SavedSetCommand)
    case priceBook(PriceBookCommand)
    case shell(ShellCommand)

    /// Every command, in the order `help` lists them.
    public static let all: [Command] = CalculatorCommand.allCases.map(Command.calculator)
        + ShoppingCommand.allCases.map(Command.shopping) + EstimatorCommand.allCases.map(Command.estimator)
        + [.sweep] + SavedSetCommand.allCases.map(Command.savedSets) + PriceBookCommand.allCases.map(Command.priceBook)
        + ShellCommand.allCases.map(Command.shell)

    /// The command's name as typed: `add`, `boiler`.
    public var name: String {
        switch self {
        case .calculator(let command): return command.rawValue
        case .shopping(let command): return command.rawValue
        case .estimator(let command): return command.rawValue
        case .sweep: return "sweep"
        case .savedSets(let command): return command.rawValue
        case .priceBook(let command): return command.rawValue
        case .shell(let command): return command.rawValue
        }
    }

    /// The tool the command belongs to, for grouping in `help`.
    public var group: CommandGroup {
        switch self {
        case .calculator: return .calculator
        case .shopping: return .shopping
        case .estimator, .sweep: return .estimators
        case .savedSets: return .savedSets
        case .priceBook: return .priceBook
        case .shell: return .shell
        }
    }
}

public enum CalculatorCommand: String, CaseIterable, Sendable {
    case vars, fns, unset, explain, digits, group, input, money, vat, convert, rate, rates, total, average, count
}

public enum ShoppingCommand: String, CaseIterable, Sendable {
    case add, price, qty, unit, name, draft, compare, best, need, basis, type, remove, clear, deal, club
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
}
