import PerCore

/// Renders outcomes and diagnostics as the lines a person reads.
struct TextRenderer {
    let style: Style

    /// `5.97`, or `≈ 0.333333333333` for an approximate value.
    func number(_ value: DisplayedNumber) -> String {
        value.isExact ? value.text : style.approximate("≈") + " " + value.text
    }

    /// `x = 5.97`, or `x ≈ 0.333` when approximate.
    func binding(_ name: String, _ value: DisplayedNumber, width: Int = 0) -> String {
        let padded = name + String(repeating: " ", count: max(0, width - name.count))
        return style.name(padded) + (value.isExact ? " = " : " " + style.approximate("≈") + " ") + value.text
    }

    func lines(for outcome: Outcome) -> [String] {
        switch outcome {
        case .value(let value):
            return [number(value)]
        case .assignment(let name, let value):
            return [binding(name, value)]
        case .variables(let variables):
            if variables.isEmpty { return ["no variables"] }
            let width = variables.map(\.name.count).max() ?? 0
            return variables.map { binding($0.name, $0.value, width: width) }
        case .removed(let names):
            return ["removed " + names.joined(separator: ", ")]
        case .setting(let name, let value):
            return ["\(name) \(value)"]
        case .help(let lines):
            return lines.map { $0.isHeading ? style.heading($0.text) : $0.text }
        case .quit:
            return []
        }
    }

    /// `LABEL:LINE:COLUMN: error: message`, for batch and file mode.
    func locatedError(_ diagnostic: Diagnostic, label: String, line: Int) -> String {
        "\(label):\(line):\(diagnostic.column): " + style.error("error:") + " " + diagnostic.message
    }

    /// A caret under the offending columns of a line that is already on screen after
    /// `indent` columns (the prompt), then the message.
    func caretError(_ diagnostic: Diagnostic, line: String, indent: Int) -> [String] {
        let scalars = Array(line.unicodeScalars)
        var column = indent
        for scalar in scalars.prefix(diagnostic.range.lowerBound) {
            column = scalar == "\t" ? (column / 8 + 1) * 8 : column + 1
        }
        let width = max(1, min(diagnostic.range.count, scalars.count - diagnostic.range.lowerBound))
        let caret = "^" + String(repeating: "~", count: width - 1)
        return [String(repeating: " ", count: column) + style.caret(caret),
                style.error("error:") + " " + diagnostic.message]
    }
}
