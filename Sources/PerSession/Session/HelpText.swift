import PerNumbers
import PerUnits
import PerTools
import PerLanguage

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
                lines.append(HelpLine("  " + HelpLine.pad(command.synopsis, width) + "  " + command.summary))
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
        lines.append(HelpLine("Topics", isHeading: true))
        let topicWidth = ManualTopic.all.map(\.name.count).max() ?? 0
        for topic in ManualTopic.all {
            lines.append(HelpLine("  " + HelpLine.pad(topic.name, topicWidth) + "  " + topic.title + ": " + topic.summary))
        }
        lines.append(HelpLine(""))
        lines.append(HelpLine("help COMMAND, help FUNCTION or help TOPIC explains one; per --man prints it all as a man page."))
        return lines
    }

    /// Every word `help` explains: commands, functions and the manual's topics.
    public static var topics: [String] {
        // `units` is a command and a topic, named once.
        CommandCatalogue.allNames + Function.allCases.map(\.rawValue) + ManualTopic.all.map(\.name).filter { CommandCatalogue.command(named: $0) == nil }
    }

    /// `help NAME`: syntax, details and an example; nil for an unknown name.
    public static func topic(_ name: String) -> [HelpLine]? {
        if let command = CommandCatalogue.command(named: name) {
            let manual = command.manual
            let lines = command.helpLines.map { HelpLine($0) } + (manual.isEmpty ? [] : [HelpLine("")] + manual.helpLines)
            // `units` is a command and a topic of the manual: the topic, then the command.
            return ManualTopic.all(named: name).flatMap { topic in
                [HelpLine(topic.title, isHeading: true)] + topic.blocks.helpLines + [HelpLine("")]
            } + lines
        }
        if let function = Function.named(name) {
            return ["\(function.synopsis) — \(function.summary)", "example: \(function.example.call) → \(function.example.result)"]
                .map { HelpLine($0) }
        }
        let topics = ManualTopic.all(named: name)
        guard !topics.isEmpty else { return nil }
        return topics.enumerated().flatMap { index, topic in
            (index == 0 ? [] : [HelpLine("")]) + [HelpLine(topic.title, isHeading: true)] + topic.blocks.helpLines
        }
    }

}
