import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// A piece of a manual page, declared once and read two ways: as lines of `help` and as a
/// section of `per --man`.
public enum ManualBlock: Sendable, Equatable {
    /// Prose: wrapped to the help text's width, filled by roff.
    case paragraph(String)
    /// Items of a list, each wrapped under its own bullet.
    case list([String])
    /// Rows of columns, lined up; never wrapped.
    case table([[String]])
    /// A session as typed at the prompt: a line starting `per> ` is a statement, the
    /// lines after it are what per prints, and `…` stands for lines left out. Tests run
    /// every example and compare.
    case example([String])
    /// A heading inside a topic.
    case heading(String)
}

/// One topic of per's manual: `help NAME` shows it, the `help` overview lists it,
/// completion offers its name after `help`, and `per --man` prints it as a section.
public struct ManualTopic: Sendable {
    /// The word after `help`.
    public let name: String
    /// The section's title in the man page.
    public let title: String
    /// One line for the overview.
    public let summary: String
    public let blocks: [ManualBlock]
    /// Other words `help` answers with it, after a topic of that name, which another topic
    /// or a command may share (`help lists`: shopping lists, lists of values, the command).
    public let aliases: [String]

    init(_ name: String, _ title: String, _ summary: String, aliases: [String] = [], _ blocks: [ManualBlock]) {
        self.name = name
        self.title = title
        self.summary = summary
        self.aliases = aliases
        self.blocks = blocks
    }

    /// Every topic, in the order the overview and the man page list them.
    public static var all: [ManualTopic] {
        ManualTopic.calculatorTopics + ManualTopic.quantityTopics + ManualTopic.shoppingTopics
            + ManualTopic.estimatorTopics + ManualTopic.sheetTopics + ManualTopic.shellTopics
    }

    /// The topic a word names, if any: the one of that name, else the first that answers to it.
    public static func named(_ name: String) -> ManualTopic? { all(named: name).first }

    /// Every topic a word names: the one of that name, then those that answer to it, in the
    /// manual's order.
    public static func all(named name: String) -> [ManualTopic] {
        all.filter { $0.name == name } + all.filter { $0.aliases.contains(name) }
    }

    /// Every statement of the topic's examples, with what per prints for it.
    public var examples: [[String]] {
        blocks.compactMap { if case .example(let lines) = $0 { return lines } else { return nil } }
    }
}

extension ManualBlock {
    /// The width `help` wraps prose to.
    static let helpWidth = 88

    /// How the block reads in `help`.
    var helpLines: [HelpLine] {
        switch self {
        case .paragraph(let text):
            return Self.wrap(text, width: Self.helpWidth).map { HelpLine($0) }
        case .list(let items):
            return items.flatMap { item in
                Self.wrap(item, width: Self.helpWidth - 2).enumerated().map { HelpLine(($0.offset == 0 ? "- " : "  ") + $0.element) }
            }
        case .table(let rows):
            return Self.align(rows).map { HelpLine("  " + $0) }
        case .example(let lines):
            return lines.map { HelpLine("  " + $0) }
        case .heading(let text):
            return [HelpLine(text, isHeading: true)]
        }
    }

    /// Rows with each column padded to its widest cell, two spaces apart.
    public static func align(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : HelpLine.pad(cell, widths[column]) + "  "
            }
            return line
        }
    }

    /// Words of `text` in lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension [ManualBlock] {
    /// The blocks as `help` lines, a blank line between blocks.
    var helpLines: [HelpLine] {
        var lines: [HelpLine] = []
        for block in self {
            if !lines.isEmpty { lines.append(HelpLine("")) }
            lines += block.helpLines
        }
        return lines
    }
}

extension ManualTopic {
    /// What per is, for the head of the man page.
    public static let introduction: [ManualBlock] = [
        .paragraph("per is a calculator shell whose arithmetic is exact: 0.1 + 0.2 is 0.3, 1/3*3 is 1, and 2^64 is "
            + "18446744073709551616. When a result cannot be exact it says so with ≈. Every value can carry a unit or a "
            + "currency (2.49 per 500 g is 4.98 per kg), and units are never confused. Around that engine it keeps a "
            + "shopping list that ranks packs by price per kilo, litre or item, and estimators for laundry detergent, "
            + "steam-boiler and cooling-tower chemicals, and savings growth, whose inputs can be saved and recalled."),
        .paragraph("On a terminal, per starts an interactive shell. Otherwise it reads statements from standard input, "
            + "or runs each FILE in turn (- is standard input). In the shell, help lists the commands and topics, and "
            + "help NAME shows any one section of this manual."),
    ]
}
