/// One line of help; headings name a group of commands.
public struct HelpLine: Sendable, Equatable {
    public let text: String
    public let isHeading: Bool

    init(_ text: String, isHeading: Bool = false) {
        self.text = text
        self.isHeading = isHeading
    }
}

/// The text of `help`, generated from the command catalogue and the function table.
public enum HelpText {
    /// `help`: the commands grouped by tool, then the expression syntax.
    public static func overview() -> [HelpLine] {
        var lines: [HelpLine] = []
        let width = CommandCatalogue.commands.map(\.synopsis.count).max() ?? 0
        for group in CommandGroup.allCases {
            let commands = CommandCatalogue.commands.filter { $0.group == group }
            guard !commands.isEmpty else { continue }
            if !lines.isEmpty { lines.append(HelpLine("")) }
            lines.append(HelpLine(group.rawValue, isHeading: true))
            for command in commands {
                lines.append(HelpLine("  " + pad(command.synopsis, width) + "  " + command.summary))
            }
        }
        lines.append(HelpLine(""))
        lines.append(HelpLine("Expressions", isHeading: true))
        lines.append(HelpLine("  operators  + - * / ^ % ! mod of   (also − × ÷ and **); 80 + 10% = 88; 20% of 35 = 7"))
        lines.append(HelpLine("  functions  " + Function.allCases.map(\.rawValue).joined(separator: " ") + "  ('help functions')"))
        lines.append(HelpLine("  constants  " + Constant.allCases.map(\.rawValue).joined(separator: " ")))
        lines.append(HelpLine("  variables  x = 3*1.99  (or let x = …); ans is the last result"))
        lines.append(HelpLine("  formats    0.75 to fraction; 1/3 to 4 dp; 255 to hex  ('help formats')"))
        lines.append(HelpLine(""))
        lines.append(HelpLine("help COMMAND or help FUNCTION explains one."))
        return lines
    }

    /// Words `help` explains that are neither commands nor functions.
    enum Topic: String, CaseIterable {
        case `let`, ans, units, functions, formats
    }

    /// Every word `help` explains.
    public static var topics: [String] {
        CommandCatalogue.allNames + Function.allCases.map(\.rawValue) + Topic.allCases.map(\.rawValue)
    }

    /// `help NAME`: syntax, details and an example; nil for an unknown name.
    public static func topic(_ name: String) -> [HelpLine]? {
        topicLines(name)?.map { HelpLine($0) }
    }

    private static func topicLines(_ name: String) -> [String]? {
        if let command = CommandCatalogue.command(named: name) {
            var lines = ["\(command.synopsis) — \(command.summary)"]
            if !command.aliases.isEmpty { lines.append("also: " + command.aliases.joined(separator: ", ")) }
            lines += command.details
            lines.append("example: \(command.example)")
            return lines
        }
        if let function = Function.named(name) {
            return ["\(function.synopsis) — \(function.summary)", "example: \(function.example.call) → \(function.example.result)"]
        }
        switch Topic(rawValue: name) {
        case .let?:
            return ["NAME = EXPR, or let NAME = EXPR — keep a value under a name",
                    "A name starts with a letter or _, then letters, digits and _; command and function names are taken.",
                    "vars lists the variables, unset NAME removes one, undo takes an assignment back.",
                    "example: let pack = 6 * 2.49"]
        case .ans?:
            return ["ans — the last result", "example: 3 * 1.99, then ans / 6"]
        case .units?:
            return ["Units, case-insensitive, with exact factors:"]
                + UnitTable.dimensionsShown.map { dimension in
                    let symbols = UnitTable.units.filter { $0.dimension == dimension && $0.kind != .temperatureDifference }
                        .map(\.symbol)
                    return "  \(pad(dimension == .none ? "parts" : dimension.rawValue, 22))  " + symbols.joined(separator: ", ")
                }
                + ["  \(pad("money", 22))  $ € £ ¥ before or after a number, or an ISO code after it (EUR, CHF)",
                   "Compound units with / * · and powers: kg/h, m3/h, €/kg, m^2. 'per' is a word for /.",
                   "examples: 2.49 per 500 g; 500 g to lb; 70 °F to °C; 4 t/h * 24 h"]
        case .functions?:
            let width = Function.allCases.map(\.synopsis.count).max() ?? 0
            let callWidth = Function.allCases.map(\.example.call.count).max() ?? 0
            let resultWidth = Function.allCases.map(\.example.result.count).max() ?? 0
            return ["Functions (radians, or degrees with ° or deg):"]
                + Function.allCases.map {
                    "  \(pad($0.synopsis, width))  \(pad($0.example.call, callWidth)) → \(pad($0.example.result, resultWidth))  \($0.summary)"
                }
                + ["Operators:",
                   "  n!        20! → 2432902008176640000   factorial of a whole number (up to 3000)",
                   "  a mod b   -7 mod 3 → 2                 remainder with the sign of b",
                   "  p% of x   20% of 35 → 7                a percentage of a value",
                   "Constants: " + Constant.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
                    + " (a variable of the same name comes first).",
                   "Exact where the answer is rational (log(1000) = 3, sin(30°) = 0.5, sqrt(2)*sqrt(2) = 2);",
                   "otherwise ≈ with only the digits known (digits N shows up to 30). A value too close to",
                   "a boundary to decide (floor(exp(ln(3)))) is refused with the reason, never guessed.",
                   "Your own: f(x) = x^2 + 1, area(w, h) = w * h; fns lists them ('help fns')."]
        case .formats?:
            let rows = [("to fraction", "exact values as p/q", "0.75 to fraction is 3/4"),
                        ("to mixed", "a whole part and a fraction", "-7/4 to mixed is -1 3/4"),
                        ("to N dp", "N decimals (0 to 30)", "1/3 to 4 dp is ≈ 0.3333"),
                        ("to N sf", "N significant digits (1 to 30)", "1234567 to 3 sf is ≈ 1230000"),
                        ("to sci", "a power of ten", "1234 to sci is 1.234e3"),
                        ("to %", "a plain number as a percentage", "0.125 to % is 12.5%"),
                        ("to hex, oct, bin", "whole numbers in base 16, 8, 2", "255 to hex is 0xff")]
            return ["EXPR to FORMAT — write a result another way; the value itself is unchanged"]
                + rows.map { "  \(pad($0.0, 16))  \(pad($0.1, 30))  \($0.2)" }
                + ["After a unit: 2.49 per 500 g to per lb to 2 dp is ≈ 2.26 per lb.",
                   "An approximate value shows no more digits than it knows."]
        case nil:
            return nil
        }
    }

    /// An estimator's results as `help` lists them, from their declarations: each of the
    /// estimate's own on a line, the plan's named together.
    static func results(of estimator: any Estimator.Type) -> [String] {
        let own = estimator.results.filter { $0.isKept && $0.reading != .table }
        let plan = estimator.results.filter { $0.isKept && $0.reading == .table }
        let width = own.map(\.name.count).max() ?? 0
        return ["Results, kept as \(estimator.name).NAME after a run ('vars \(estimator.name)' shows them):"]
            + own.map { "  " + pad($0.name, width) + "  " + $0.summary + ($0.unit.label.isEmpty ? "" : " (\($0.unit.label))") }
            + (plan.isEmpty ? [] : ["  with a plan: " + plan.map(\.name).joined(separator: ", ")])
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
