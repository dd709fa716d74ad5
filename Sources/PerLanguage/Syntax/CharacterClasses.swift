import PerNumbers

/// The classes of characters the lexer tells apart, which the rest of per asks about too
/// (names, letters, currency symbols, superscript digits).
extension Lexer {
    /// The digit a superscript stands for (`³` is 3).
    package static func superscriptValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "⁰": return 0
        case "¹": return 1
        case "²": return 2
        case "³": return 3
        case "⁴", "⁵", "⁶", "⁷", "⁸", "⁹": return Int(scalar.value - 0x2070)
        default: return nil
        }
    }

    package static func isCurrency(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "$" || scalar == "€" || scalar == "£" || scalar == "¥"
    }

    /// A name starts with a letter or `_`.
    public static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value | 0x20
            return (v >= 0x61 && v <= 0x7A) || scalar == "_"
        }
        return isLetter(scalar)
    }

    /// Whether a scalar is a letter: `Letters.isLetter`, which digit grouping asks too.
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        Letters.isLetter(scalar)
    }

    /// The degree sign a unit's name may hold (`°C`, `°dH`), and the forms it is typed in
    /// besides: `˚` (U+02DA, a Mac's Option-K), `℃` and `℉`, which the unit table reads as
    /// `°`, `°C` and `°F`.
    package static func isDegreeSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "°" || scalar == "\u{02DA}" || scalar == "\u{2103}" || scalar == "\u{2109}"
    }

    /// Then letters, digits and `_`.
    public static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar.value &- 48 < 10)
    }
}
