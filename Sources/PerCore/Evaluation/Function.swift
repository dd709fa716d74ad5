/// The built-in functions (README, "Expressions" and "The number model"). Their names are reserved.
public enum Function: String, CaseIterable, Sendable {
    case sqrt, abs, round, floor, ceil, min, max

    /// How many arguments the function takes.
    public var arity: ClosedRange<Int> {
        switch self {
        case .sqrt, .abs, .floor, .ceil: return 1...1
        case .round: return 1...2
        case .min, .max: return 1...Int.max
        }
    }

    public var synopsis: String {
        switch self {
        case .round: return "round(x) or round(x, digits)"
        case .min, .max: return "\(rawValue)(x, y, …)"
        default: return "\(rawValue)(x)"
        }
    }

    public var summary: String {
        switch self {
        case .sqrt: return "square root (exact for perfect squares)"
        case .abs: return "absolute value"
        case .round: return "nearest whole number, halves away from zero; or to `digits` decimals"
        case .floor: return "largest whole number not above x"
        case .ceil: return "smallest whole number not below x"
        case .min: return "smallest argument"
        case .max: return "largest argument"
        }
    }

    var arityDescription: String {
        switch self {
        case .round: return "1 or 2 arguments"
        case .min, .max: return "at least 1 argument"
        default: return "1 argument"
        }
    }
}
