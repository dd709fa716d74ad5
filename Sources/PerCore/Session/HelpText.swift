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
        lines.append(HelpLine("  operators  + - * / ^ %   (also − × ÷ and **); 80 + 10% = 88"))
        lines.append(HelpLine("  functions  " + Function.allCases.map(\.rawValue).joined(separator: " ")))
        lines.append(HelpLine("  variables  x = 3*1.99  (or let x = …); ans is the last result"))
        lines.append(HelpLine(""))
        lines.append(HelpLine("help COMMAND or help FUNCTION explains one."))
        return lines
    }

    /// Every word `help` explains.
    public static var topics: [String] {
        CommandCatalogue.allNames + Function.allCases.map(\.rawValue)
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
        if let function = Function(rawValue: name) {
            return ["\(function.synopsis) — \(function.summary)"]
        }
        return nil
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
