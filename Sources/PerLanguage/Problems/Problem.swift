import PerNumbers
import PerUnits

/// What went wrong in a statement, as a value: a test or a renderer can tell problems
/// apart without reading English, and each is worded once, in its `message`.
public enum Problem: Sendable, Equatable {
    case syntax(SyntaxError)
    case arithmetic(ArithmeticError)
    case quantity(QuantityError)
    case shopping(ShoppingError)
    case estimate(EstimateError)
    case savedSet(SavedSetError)
    case priceBook(PriceBookError)
    case input(InputError)
    case arguments(ArgumentError)
    case format(OutputFormat.Refusal)
    case range(RangeRefusal)
    case list(ListRefusal)
    /// A time zone not had, or a local time that is not one instant in it. Boxed: its
    /// readings' texts would widen every diagnostic, and every statement's outcome with it.
    indirect case zone(ZoneProblem)
    /// A file of per's (saved sets, the price book) or one given to it could not be used;
    /// the shell met the file and says which failure it was.
    case storage(StorageFailure)
    /// A problem met while running the body of the user's function `name`.
    indirect case inFunction(String, Problem)

    /// Whether the statement was cancelled (Ctrl-C), however deep the cancellation was
    /// met: in arithmetic, a quantity, the list, an estimate or a user's function.
    public var isCancellation: Bool { code == .cancelled }

    /// Whether the statement was refused for want of the clock or the zones, which the
    /// shell reads only for a statement that needs them: `today` or `now` with no date
    /// given, a zone named with no zones given. The shell then reads them and runs it
    /// again (a refused statement changed nothing).
    public var needsClock: Bool {
        switch self {
        case .quantity(.date(.noToday)), .zone(.notGiven): return true
        case .inFunction(_, let inner): return inner.needsClock
        default: return false
        }
    }

    /// Whether the problem is a conversion between currencies without a rate given: the
    /// shell then reads the rates file, when it has not, and runs the statement again.
    public var needsRates: Bool {
        switch self {
        case .quantity(.noRate): return true
        // `add $2.40 500 g` on a list in €: the rates file may have the rate.
        case .shopping(.currencyMismatch): return true
        case .inFunction(_, let inner): return inner.needsRates
        default: return false
        }
    }

    public var message: String {
        switch self {
        case .syntax(let error): return error.message
        case .arithmetic(let error): return error.message()
        case .quantity(let error): return error.message
        case .shopping(let error): return error.message
        case .estimate(let error): return error.message
        case .savedSet(let error): return error.message
        case .priceBook(let error): return error.message
        case .input(let error): return error.message
        case .arguments(let error): return error.message
        case .format(let refusal): return refusal.message
        case .range(let refusal): return refusal.message
        case .list(let refusal): return refusal.message
        case .zone(let problem): return problem.message
        case .storage(let failure): return failure.message
        case .inFunction(let name, let problem): return "in \(name): \(problem.message)"
        }
    }

    /// Whether the shopping list's rules refused the statement (a product of another kind,
    /// a deal that does not lower the price), not its reading.
    public var isShopping: Bool {
        if case .shopping = self { return true }
        return false
    }
}
