/// The classes of characters the lexer tells apart, which the rest of per asks about too
/// (names, letters, currency symbols, superscript digits).
extension Lexer {
    /// The digit a superscript stands for (`³` is 3).
    static func superscriptValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "⁰": return 0
        case "¹": return 1
        case "²": return 2
        case "³": return 3
        case "⁴", "⁵", "⁶", "⁷", "⁸", "⁹": return Int(scalar.value - 0x2070)
        default: return nil
        }
    }

    static func isCurrency(_ scalar: Unicode.Scalar) -> Bool {
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

    /// Whether a scalar is a letter (Unicode's Alphabetic). ASCII and Latin-1 by their
    /// codes, and the currency symbols, arrows and mathematical operators, none of which is
    /// a letter, without the property lookup: `°`, `²`, `×`, `€` are met on every other line.
    /// Kept out of line, so that `isNameStart`'s ASCII test stays inlined in the lexer's loop.
    @inline(never)
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        if v < 0x100 { return v == 0xAA || v == 0xB5 || v == 0xBA || (v >= 0xC0 && v != 0xD7 && v != 0xF7) }
        if (0x20A0...0x20CF).contains(v) || (0x2190...0x22FF).contains(v) { return false }
        return scalar.properties.isAlphabetic
    }

    /// Then letters, digits and `_`.
    public static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar.value &- 48 < 10)
    }
}
