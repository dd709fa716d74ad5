/// The words of the refusals of numbers in another base (`0x`, `0b102`, `0x1.8`).
extension SyntaxError {
    /// `hexadecimal`, `octal` or `binary`, for a literal or prefix written `0x…`, `0o…`, `0b…`.
    package static func baseName(_ written: String) -> String {
        let letter = written.dropFirst().first.map { $0.lowercased() }
        return baseName(base: letter == "b" ? 2 : letter == "o" ? 8 : 16)
    }

    package static func baseName(base: Int) -> String { base == 2 ? "binary" : base == 8 ? "octal" : "hexadecimal" }

    /// `a binary`, `an octal`, `a hexadecimal`.
    package static func article(_ name: String) -> String { (name == "octal" ? "an " : "a ") + name }

    /// `0x1.8`: how to write the fraction meant, `0x18 / 0x10` (its digits over the base to
    /// the power of the digits after the point); nothing when the literal is long.
    package static func radixFraction(_ written: String) -> String {
        let scalars = Array(written.unicodeScalars)
        guard scalars.count <= 40, let point = scalars.firstIndex(where: { $0 == "." || $0 == "," }),
              point + 1 < scalars.count else { return "" }
        let prefix = String(String.UnicodeScalarView(scalars[0..<2]))
        let digits = String(String.UnicodeScalarView(scalars[2...].filter { $0 != "." && $0 != "," && $0 != "_" }))
        let places = scalars.count - point - 1
        return ": write \(prefix + digits) / \(prefix)1\(String(repeating: "0", count: places)) for \(written)"
    }
}
