import PerNumbers
import PerUnits
import PerLanguage

/// A CSV header's field as a list's name and unit (`load FILE.csv`, `help lists`):
/// `calcium (mg/L)` and `calcium [mg/L]` are the name `calcium` and the unit `mg/L`.
package struct CSVHeader: Sendable, Equatable {
    /// The name's part after the file's (`name(_:)`); nil when it makes none.
    package let name: String?
    /// The text in the trailing parentheses or brackets, if any.
    package let unit: String?

    package init(_ field: String) {
        var text = field.trimmingBlanks
        var unit: String? = nil
        if let last = text.last, last == ")" || last == "]",
           let open = text.lastIndex(of: last == ")" ? "(" : "[") {
            unit = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingBlanks
            text = String(text[..<open]).trimmingBlanks
        }
        self.unit = unit
        name = Self.name(text)
    }

    /// `text` as a name: lower-cased, each run of characters a name cannot hold (blanks,
    /// `-`, `.`, `,`) made one `_` between words and dropped at the ends; nil when what is
    /// left is not a name (empty, a digit first).
    package static func name(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var pendingJoin = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "_" || !Lexer.isNameContinuation(scalar) {
                pendingJoin = !scalars.isEmpty
                continue
            }
            if pendingJoin { scalars.append("_") }
            pendingJoin = false
            scalars.append(scalar)
        }
        guard let first = scalars.first, Lexer.isNameStart(first), scalars.dropFirst().allSatisfy(Lexer.isNameContinuation) else {
            return nil
        }
        return String(scalars)
    }
}
