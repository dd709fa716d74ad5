import PerLanguage
extension JSON {
    /// A whole number; every `Int` is within a double's range.
    public static func number(_ value: Int) -> JSON { .number(String(value)) }

    /// Whether `text`, written bare as a JSON number, reads back as the number it stands for
    /// in a reader that keeps numbers as IEEE 754 doubles (jq, JavaScript, Python's `json`).
    ///
    /// The rule: `text` follows JSON's number grammar (RFC 8259 §6), and either every digit
    /// before its exponent is 0 (the number is zero), or its value rounded to the nearest
    /// double has a magnitude from `Double.leastNormalMagnitude` (about 2.2250738585072014e-308)
    /// to `Double.greatestFiniteMagnitude` (about 1.7976931348623157e308), both included.
    /// Above that range a reader gets infinity or an error; below it, 0 or a subnormal double
    /// that keeps fewer significant digits than were written. Text that is no JSON number at
    /// all (`15%`) fails the rule too, so whatever fails is written as a string.
    public static func isDoubleNumber(_ text: String) -> Bool {
        let bytes = text.utf8
        var index = bytes.startIndex
        /// Skips a run of ASCII digits, noting whether any was not 0; false if there was none.
        func digits(_ nonZero: inout Bool) -> Bool {
            let start = index
            while index < bytes.endIndex, bytes[index] &- UInt8(ascii: "0") < 10 {
                if bytes[index] != UInt8(ascii: "0") { nonZero = true }
                index = bytes.index(after: index)
            }
            return index > start
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
        let integerStart = index
        var isNonZero = false
        guard digits(&isNonZero) else { return false }
        // No leading zeros: `0` alone, or a digit from 1.
        if bytes[integerStart] == UInt8(ascii: "0"), bytes.distance(from: integerStart, to: index) > 1 { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard digits(&isNonZero) else { return false }
        }
        if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index = bytes.index(after: index)
            }
            var exponentIsNonZero = false
            guard digits(&exponentIsNonZero) else { return false }
        }
        guard index == bytes.endIndex else { return false }
        guard isNonZero else { return true }
        guard let value = Double(text) else { return false }
        return value.isFinite && value.magnitude >= Double.leastNormalMagnitude
    }
}
