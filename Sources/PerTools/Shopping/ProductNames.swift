import PerLanguage
/// Reading what `add` writes after the price and quantity: the product's name, and
/// whether a deal follows it.
extension ShoppingList {
    /// Whether `deal`, in any case, is in the text: a deal marker needs it.
    package static func mentionsDeal(_ source: StatementSource) -> Bool {
        let scalars = source.scalars
        var index = scalars.startIndex
        while index + 4 <= scalars.endIndex {
            // ASCII letters lower-cased by their 0x20 bit; no other scalar lower-cases to these.
            if scalars[index].value | 0x20 == 0x64, scalars[index + 1].value | 0x20 == 0x65,
               scalars[index + 2].value | 0x20 == 0x61, scalars[index + 3].value | 0x20 == 0x6C {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether ` at `, in any case, is in the text: a store said in words needs it.
    package static func mentionsAt(_ source: StatementSource) -> Bool {
        let scalars = source.scalars
        var index = scalars.startIndex
        while index + 4 <= scalars.endIndex {
            if StatementSource.isBlank(scalars[index]), scalars[index + 1].value | 0x20 == 0x61, scalars[index + 2].value | 0x20 == 0x74,
               StatementSource.isBlank(scalars[index + 3]) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether the text ends in ` at`, in any case: `at` with no store after it.
    package static func endsWithAt(_ source: StatementSource) -> Bool {
        var end = source.scalars.endIndex
        while end > source.scalars.startIndex, StatementSource.isBlank(source.scalars[end - 1]) { end -= 1 }
        let scalars = source.scalars
        return end - 3 >= scalars.startIndex && StatementSource.isBlank(scalars[end - 3])
            && scalars[end - 2].value | 0x20 == 0x61 && scalars[end - 1].value | 0x20 == 0x74
    }

    /// The rest of the statement as a product name. A name is shown in tables and on the
    /// terminal, so characters a terminal acts on (controls, bidi overrides) are refused.
    /// Quotes are optional; in quotes, `\"` (or `\'`) is a quote and `\\` a backslash.
    package static func productName(in source: StatementSource, from start: Int) throws(Diagnostic) -> String {
        let scalars = source.scalars
        if let hidden = scalars[start...].firstIndex(where: VisibleText.isHidden) {
            throw Diagnostic(ArgumentError.nameControlCharacter(VisibleText.visible(String(scalars[hidden]))), at: hidden..<(hidden + 1))
        }
        var open = start
        while open < scalars.endIndex, StatementSource.isBlank(scalars[open]) { open += 1 }
        guard open < scalars.endIndex, scalars[open] == "\"" || scalars[open] == "'" else { return source.rest(from: start) }
        let quote = scalars[open]
        var name = String.UnicodeScalarView()
        var index = open + 1
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.endIndex, scalars[index + 1] == quote || scalars[index + 1] == "\\" {
                name.append(scalars[index + 1])
                index += 2
                continue
            }
            if scalar == quote {
                if let extra = scalars[(index + 1)...].firstIndex(where: { !StatementSource.isBlank($0) }) {
                    throw Diagnostic(ArgumentError.textAfterQuotedName(quote: Character(quote)), at: extra..<scalars.endIndex)
                }
                return String(name).trimmingBlanks
            }
            name.append(scalar)
            index += 1
        }
        throw Diagnostic(ArgumentError.nameQuoteNeverClosed, at: open..<(open + 1))
    }
}
