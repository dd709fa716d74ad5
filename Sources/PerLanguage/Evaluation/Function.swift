import PerNumbers

/// The built-in functions, called as `name(arguments)`.
public enum Function: String, CaseIterable, Sendable {
    /// The function called `name`, found in a table: `init(rawValue:)` compares the name
    /// with every case in turn, and every assignment asks.
    package static func named(_ name: String) -> Function? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    case sqrt, cbrt, root, abs, round, floor, ceil, trunc, sign, min, max, hypot
    case exp, ln, log, log2
    case sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh
    case mod, gcd, lcm
    case change
    case weekday, days
    /// The statistics of a list or of the arguments (`help lists`); `min` and `max` above
    /// are of them too.
    case sum, mean, median, count, sort
    case standardDeviation = "stdev", variance = "var", populationStandardDeviation = "pstdev", populationVariance = "pvar"

    /// Whether the function reads its arguments as one list of values, each argument a
    /// list or a value (`mean(1, 2, 3)`, `mean(lab)`, `mean(lab, 1.3 kg)`), and may be written
    /// before a list or a name without parentheses (`mean lab`, `sum [1, 2]`).
    public var isStatistic: Bool {
        switch self {
        case .sum, .mean, .median, .count, .sort, .min, .max, .standardDeviation, .variance, .populationStandardDeviation,
             .populationVariance: true
        default: false
        }
    }

    /// Whether the name meant something else before the function came, which it still
    /// means where no call is written: a variable kept in an older file (`mean = 5`), and
    /// `count`, the unit of items (`x = count`).
    public var yieldsToNames: Bool { isStatistic && self != .min && self != .max }

    /// How many arguments the function takes.
    public var arity: ClosedRange<Int> {
        switch self {
        case .round, .log: return 1...2
        case .root, .atan2, .hypot, .mod, .change, .days: return 2...2
        case .min, .max, .gcd, .lcm: return 1...Int.max
        case _ where isStatistic: return 1...Int.max
        default: return 1...1
        }
    }

    public var synopsis: String {
        switch self {
        case .round: return "round(x) or round(x, digits)"
        case .log: return "log(x) or log(x, base)"
        case .root: return "root(x, n)"
        case .atan2: return "atan2(y, x)"
        case .hypot: return "hypot(x, y)"
        case .mod: return "mod(a, b)"
        case .change: return "change(old, new)"
        case .weekday: return "weekday(date)"
        case .days: return "days(from, to)"
        case .gcd, .lcm: return "\(rawValue)(x, y, …)"
        case _ where isStatistic: return "\(rawValue)(x, y, …) or \(rawValue)(list)"
        default: return "\(rawValue)(x)"
        }
    }

    public var summary: String {
        switch self {
        case .sqrt: return "square root (exact for perfect squares; √2 stays exact in products)"
        case .cbrt: return "cube root"
        case .root: return "n-th root (odd roots of negative numbers are negative)"
        case .abs: return "absolute value"
        case .round: return "nearest whole number, halves away from zero; or to `digits` decimals"
        case .floor: return "largest whole number not above x"
        case .ceil: return "smallest whole number not below x"
        case .trunc: return "whole part, toward 0"
        case .sign: return "-1, 0 or 1"
        case .min: return "smallest value"
        case .max: return "largest value"
        case .hypot: return "√(x² + y²)"
        case .exp: return "e to the power x"
        case .ln: return "natural logarithm"
        case .log: return "logarithm to base 10, or to `base`"
        case .log2: return "logarithm to base 2"
        case .sin: return "sine of radians, or of degrees (30°)"
        case .cos: return "cosine of radians, or of degrees"
        case .tan: return "tangent of radians, or of degrees"
        case .asin: return "arcsine, in radians"
        case .acos: return "arccosine, in radians"
        case .atan: return "arctangent, in radians"
        case .atan2: return "angle of the point (x, y), in radians"
        case .sinh: return "hyperbolic sine"
        case .cosh: return "hyperbolic cosine"
        case .tanh: return "hyperbolic tangent"
        case .mod: return "remainder with the sign of b, as a mod b"
        case .change: return "the change from old to new as a percentage of old, 100·(new − old)/old, with its sign"
        case .gcd: return "greatest common divisor of whole numbers"
        case .lcm: return "least common multiple of whole numbers"
        case .weekday: return "the day of the week of a date"
        case .days: return "the days from one date to another, counting both ends"
        case .sum: return "the sum of the values"
        case .mean: return "the arithmetic mean, the sum over the count"
        case .median: return "the middle value, or the mean of the two middle ones"
        case .count: return "how many values"
        case .sort: return "the values in ascending order, as a list"
        case .standardDeviation: return "the sample standard deviation (n − 1), as spreadsheets' STDEV"
        case .variance: return "the sample variance (n − 1), in the unit squared"
        case .populationStandardDeviation: return "the population standard deviation (n)"
        case .populationVariance: return "the population variance (n), in the unit squared"
        }
    }

    /// An example call and what per answers, for `help functions`.
    public var example: (call: String, result: String) {
        switch self {
        case .sqrt: return ("sqrt(16 m^2)", "4 m")
        case .cbrt: return ("cbrt(27)", "3")
        case .root: return ("root(-32, 5)", "-2")
        case .abs: return ("abs(-2.5 kg)", "2.5 kg")
        case .round: return ("round(2.345 kg, 2)", "2.35 kg")
        case .floor: return ("floor(-2.5)", "-3")
        case .ceil: return ("ceil(sqrt(2)^2)", "2")
        case .trunc: return ("trunc(-2.7)", "-2")
        case .sign: return ("sign(-3 kg)", "-1")
        case .min: return ("min(1 kg, 900 g)", "0.9 kg")
        case .max: return ("max(3, 7, 5)", "7")
        case .hypot: return ("hypot(3 m, 4 m)", "5 m")
        case .exp: return ("exp(0)", "1")
        case .ln: return ("ln(1)", "0")
        case .log: return ("log(1000)", "3")
        case .log2: return ("log2(1024)", "10")
        case .sin: return ("sin(30°)", "0.5")
        case .cos: return ("cos(60°)", "0.5")
        case .tan: return ("tan(45°)", "1")
        case .asin: return ("asin(1)", "≈ 1.57079632679")
        case .acos: return ("acos(0)", "≈ 1.57079632679")
        case .atan: return ("atan(1)", "≈ 0.785398163397")
        case .atan2: return ("atan2(1, -1)", "≈ 2.35619449019")
        case .sinh: return ("sinh(1)", "≈ 1.17520119364")
        case .cosh: return ("cosh(0)", "1")
        case .tanh: return ("tanh(0)", "0")
        case .mod: return ("mod(-7, 3)", "2")
        case .gcd: return ("gcd(12, 18)", "6")
        case .lcm: return ("lcm(4, 6)", "12")
        case .change: return ("change($3.99, $4.49)", "≈ +12.5313283208%")
        case .weekday: return ("weekday(2026-11-25)", "Wednesday")
        case .days: return ("days(2026-05-01, 2026-09-30)", "153 days")
        case .sum: return ("sum([1.2 kg, 1.5 kg, 1100 g])", "3.8 kg")
        case .mean: return ("mean(1, 2, 3, 4)", "2.5")
        case .median: return ("median([3, 1, 4, 1, 5])", "3")
        case .count: return ("count([1.2, 1.5, 1.1] kg)", "3")
        case .sort: return ("sort([3, 1, 2] m)", "[1 m, 2 m, 3 m]")
        case .standardDeviation: return ("stdev(2, 4, 4, 4, 5, 5, 7, 9)", "≈ 2.13808993530")
        case .variance: return ("var([1, 2, 3, 4, 5] m)", "2.5 m²")
        case .populationStandardDeviation: return ("pstdev(2, 4, 4, 4, 5, 5, 7, 9)", "2")
        case .populationVariance: return ("pvar(1, 2, 3, 4, 5)", "2")
        }
    }

    package var arityDescription: String {
        switch arity {
        case 1...1: return "1 argument"
        case 2...2: return "2 arguments"
        case 1...2: return "1 or 2 arguments"
        default: return "at least 1 argument"
        }
    }
}

/// The named constants. A name the user gives a value of their own comes first.
public enum Constant: String, CaseIterable, Sendable {
    case pi, π, e, tau

    /// The value, to the context's precision.
    public func value(in context: borrowing EvaluationContext) -> Number {
        switch self {
        case .pi, .π: return .pi(in: context)
        case .e: return .e(in: context)
        case .tau: return .tau(in: context)
        }
    }

    public var summary: String {
        switch self {
        case .pi, .π: return "π, the ratio of a circle's circumference to its diameter"
        case .e: return "e, the base of natural logarithms"
        case .tau: return "τ = 2π"
        }
    }
}
