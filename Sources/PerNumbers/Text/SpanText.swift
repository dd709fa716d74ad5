extension String {
    /// The text of UTF-8 `bytes` known to be valid (per's own digits and signs, or text
    /// it encoded itself), copied into a string with no array between; bytes that are not
    /// UTF-8 give U+FFFD.
    @inlinable package init(copyingUTF8 bytes: Span<UInt8>) {
        do {
            self = String(copying: try UTF8Span(validating: bytes))
        } catch {
            self = "\u{FFFD}"
        }
    }
}
