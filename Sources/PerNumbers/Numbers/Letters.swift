/// Which scalars are letters: the lexer asks for names (`isNameStart`), digit grouping so
/// that digits after a letter (`0xff`, `m3`) are left alone.
package enum Letters {
    /// Whether a scalar is a letter (Unicode's Alphabetic). ASCII and Latin-1 by their
    /// codes, and the currency symbols, arrows and mathematical operators, none of which is
    /// a letter, without the property lookup: `°`, `²`, `×`, `€` are met on every other line.
    /// Kept out of line, so that `isNameStart`'s ASCII test stays inlined in the lexer's loop.
    @inline(never)
    package static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        if v < 0x100 { return v == 0xAA || v == 0xB5 || v == 0xBA || (v >= 0xC0 && v != 0xD7 && v != 0xF7) }
        if (0x20A0...0x20CF).contains(v) || (0x2190...0x22FF).contains(v) { return false }
        return scalar.properties.isAlphabetic
    }
}
