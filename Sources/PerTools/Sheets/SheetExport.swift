import PerLanguage

/// `per sheet --export csv|md`: each statement line of a sheet as a row of its label, its
/// statement and its answer, written as CSV (RFC 4180) or as a Markdown table. Pure: the
/// shell runs the sheet and prints the text.
public enum SheetExport {
    public enum Format: String, CaseIterable, Sendable {
        case csv, md
    }

    /// A statement line as a row. Each text is shown as a terminal would be (a control
    /// character as `^[`, a tab as a blank): nothing in a sheet acts on what reads the table.
    public struct Row: Sendable, Equatable {
        public let label: String
        public let statement: String
        public let answer: String

        public init(label: String, statement: String, answer: String) {
            (self.label, self.statement, self.answer) = (label, statement, answer)
        }
    }

    /// The first row.
    public static let header = Row(label: "label", statement: "statement", answer: "answer")

    /// A sheet line's row: `content` is the line without its recorded answer; the user's
    /// own comment is left out, and the label (`label`, when the line starts with it and a
    /// colon) goes to a column of its own. An answer is its text (`2.38`, `error: …`), none
    /// an empty cell.
    public static func row(content: ArraySlice<UInt8>, label: String?, answer: SheetText.Answer?) -> Row {
        let statement = SheetText.commentStart(content).map { content[..<$0] } ?? content
        var text = shown(String(decoding: statement, as: UTF8.self)).trimmingBlanks
        if let label = label.map(shown), text.hasPrefix(label) {
            let rest = text.dropFirst(label.count).drop { $0 == " " }
            if rest.first == ":" { text = String(rest.dropFirst()).trimmingBlanks }
        }
        return Row(label: label.map(shown) ?? "", statement: text, answer: answer.map { shown($0.text) } ?? "")
    }

    /// The rows in `format`, the header first, each line ended by a newline.
    public static func text(_ rows: [Row], as format: Format) -> String {
        var text = ""
        switch format {
        case .csv:
            for row in [header] + rows {
                text += [row.label, row.statement, row.answer].map(csvField).joined(separator: ",") + "\n"
            }
        case .md:
            text += "| label | statement | answer |\n|---|---|---|\n"
            for row in rows {
                text += "| " + markdownText(row.label) + " | " + markdownCode(row.statement) + " | " + markdownCode(row.answer) + " |\n"
            }
        }
        return text
    }

    /// A CSV field: quoted when it holds a comma, a quote, a line end or a blank at an end,
    /// its quotes doubled (RFC 4180). One that starts with `=`, `+`, `-`, `@` or `'` gets a
    /// `'` before it: a spreadsheet would run the others as a formula (`+ -10%`,
    /// `=HYPERLINK(…)`), and shows the `'` as what marks text; a reader takes one `'` off a
    /// field that starts with it.
    package static func csvField(_ text: String) -> String {
        var field = text
        if let first = field.first, "=+-@'".contains(first) { field = "'" + field }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.first == " " || field.last == " " else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// A label as a Markdown table's cell: every character Markdown or a table would read
    /// (`*`, `_`, `|`, `[`, `<`, `&`, `$` …) escaped with a backslash, so it shows as written.
    package static func markdownText(_ text: String) -> String {
        var cell = ""
        for character in text {
            if "\\`*_[]<>|~&$#!{}".contains(character) { cell.append("\\") }
            cell.append(character)
        }
        return cell
    }

    /// A statement or an answer as a Markdown table's cell: a code span, its backticks one
    /// more than the longest run inside (a blank inside them when it starts or ends with
    /// one), and `|` escaped, as a table's cell must even in code. Empty, an empty cell.
    package static func markdownCode(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.first == "`" || text.last == "`" ? " " : ""
        return fence + pad + text.replacing("|", with: "\\|") + pad + fence
    }

    /// Text from the sheet as a table shows it: a tab as a blank, any other control
    /// character visible.
    private static func shown(_ text: String) -> String {
        VisibleText.visible(text.replacing("\t", with: " "))
    }
}
