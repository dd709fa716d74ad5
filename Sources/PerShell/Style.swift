/// ANSI styling, or none. Decided once from the colour mode and the terminal.
struct Style {
    let enabled: Bool

    static func resolve(_ mode: ColorMode, isTerminal: Bool, noColor: Bool) -> Style {
        switch mode {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto: return Style(enabled: isTerminal && !noColor)
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func error(_ text: String) -> String { wrap(text, "1;31") }
    func caret(_ text: String) -> String { wrap(text, "1;32") }
    func approximate(_ text: String) -> String { wrap(text, "2") }
    func heading(_ text: String) -> String { wrap(text, "1") }
    func name(_ text: String) -> String { wrap(text, "36") }
    func best(_ text: String) -> String { wrap(text, "1;32") }
    func warning(_ text: String) -> String { wrap(text, "1;33") }
    /// A chart's series by its number: blue, yellow, magenta, cyan, green, red, in turn.
    func series(_ text: String, _ number: Int) -> String { wrap(text, ["34", "33", "35", "36", "32", "31"][number % 6]) }
}
