/// The text of one statement: its Unicode scalars, indexed by their offset in the line
/// they came from, so every range in a token or diagnostic is a column of that line.
public struct StatementSource: Sendable, Equatable {
    public let scalars: ArraySlice<Unicode.Scalar>

    public init(_ scalars: ArraySlice<Unicode.Scalar>) { self.scalars = scalars }

    /// A whole line as one statement (for tests and single expressions).
    public init(_ text: String) { self.scalars = ArraySlice(Array(text.unicodeScalars)) }

    /// Offset of the statement's first scalar in its line.
    public var offset: Int { scalars.startIndex }

    public var text: String { Self.string(scalars) }

    public func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: scalars.startIndex..<scalars.endIndex)
        return Self.string(scalars[clamped])
    }

    public static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        // Encoded into bytes on the stack when short, as words and names are, and copied
        // into the string at their exact length (short words then stay inline); appending
        // scalars to a `UnicodeScalarView` one by one is several times slower.
        var length = 0
        for scalar in scalars { length += UTF8.width(scalar) }
        guard length <= 64 else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
            return String(decoding: bytes, as: UTF8.self)
        }
        var bytes = InlineArray<64, UInt8>(repeating: 0)
        var count = 0
        for scalar in scalars {
            UTF8.encode(scalar) { byte in
                bytes[count] = byte
                count += 1
            }
        }
        return String(copyingUTF8: bytes.span.extracting(0..<count))
    }

    /// A blank-separated word of a statement; quoted text is one word, without its quotes.
    public struct Word: Sendable, Equatable {
        public let text: String
        public let range: Range<Int>
        public let isQuoted: Bool
    }

    /// The statement split into words at blanks, keeping quoted text and parenthesised
    /// expressions (`(3 * 1.99)`) together.
    public var words: [Word] {
        var words: [Word] = []
        var index = scalars.startIndex
        while let (word, end) = word(from: index) {
            words.append(word)
            index = end
        }
        return words
    }

    /// The first word, without splitting the rest.
    public var firstWord: Word? { word(from: scalars.startIndex)?.word }

    /// The word after the blanks from `index`, and where it ends; nil at the end.
    private func word(from index: Int) -> (word: Word, end: Int)? {
        var index = index
        while index < scalars.endIndex, Self.isBlank(scalars[index]) { index += 1 }
        guard index < scalars.endIndex else { return nil }
        let start = index
        if Self.isQuote(scalars, at: index) {
            let quote = scalars[index]
            var end = index + 1
            while end < scalars.endIndex, scalars[end] != quote { end += 1 }
            if end < scalars.endIndex {
                return (Word(text: Self.string(scalars[(start + 1)..<end]), range: start..<(end + 1), isQuoted: true), end + 1)
            }
        }
        var depth = 0
        while index < scalars.endIndex, depth > 0 || !Self.isBlank(scalars[index]) {
            if scalars[index] == "(" || scalars[index] == "[" {
                depth += 1
            } else if scalars[index] == ")" || scalars[index] == "]", depth > 0 {
                depth -= 1
            }
            index += 1
        }
        return (Word(text: Self.string(scalars[start..<index]), range: start..<index, isQuoted: false), index)
    }

    /// The part of the statement in `range` (offsets in the line) as a source of its own.
    public func slice(_ range: Range<Int>) -> StatementSource {
        StatementSource(scalars[range.clamped(to: scalars.startIndex..<scalars.endIndex)])
    }

    /// The text from offset `start` to the end, trimmed, with one pair of enclosing
    /// quotes removed.
    public func rest(from start: Int) -> String {
        var text = Self.string(scalars[start...]).trimmingBlanks
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    /// Splits a line into statements at `;` and drops a `#` comment (a `#` not followed
    /// by a digit), both only outside quotes. Statements are trimmed of blanks; empty ones
    /// are dropped. One pass over the line's UTF-8 both decodes its scalars (ASCII, the
    /// common case, byte by byte) and finds where statements end.
    public static func statements(in line: String) -> Statements {
        var storage: [Unicode.Scalar] = []
        return statements(in: line, reusing: &storage)
    }

    /// `statements(in:)` that keeps a plain line's scalars at the start of `storage`,
    /// reusing its memory when the statements of the line before are gone (a reader of
    /// many lines then allocates none for them).
    public static func statements(in line: String, reusing storage: inout [Unicode.Scalar]) -> Statements {
        let bytes = line.utf8.span
        if let single = plainStatement(bytes, into: &storage, asciiOnly: false) { return Statements(single: single) }
        return Statements(several: statements(utf8: bytes))
    }

    /// `statements(in:reusing:)` for a line's UTF-8 as read, which may not be valid: a plain
    /// ASCII line is read from its bytes; any other goes through a string, which repairs
    /// invalid UTF-8 (each bad sequence becomes U+FFFD, which the lexer reports), so a
    /// plain line needs no string made of it.
    public static func statements(inUTF8 bytes: ArraySlice<UInt8>, reusing storage: inout [Unicode.Scalar]) -> Statements {
        if let single = plainStatement(bytes.span, into: &storage, asciiOnly: true) { return Statements(single: single) }
        return statements(in: String(decoding: bytes, as: UTF8.self), reusing: &storage)
    }

    /// A line's statements. Most lines hold one, kept without an array: allocating an
    /// array of statements, and looking up its type, cost as much as a short statement.
    public struct Statements: RandomAccessCollection, Sendable {
        // Not an optional statement: destroying one goes through its type's metadata,
        // looked up by name the first time, which would cost a start-up as much as a line.
        private let single: StatementSource
        private let isSingle: Bool
        private let several: [StatementSource]

        package init(single: StatementSource) {
            self.single = single
            isSingle = true
            several = []
        }

        package init(several: [StatementSource]) {
            single = StatementSource(ArraySlice())
            isSingle = false
            self.several = several
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { isSingle ? 1 : several.count }
        public subscript(position: Int) -> StatementSource { isSingle ? single : several[position] }
    }


    /// Whether a statement so far converts to a unit: its last two words are `to` (or
    /// `in`) and a unit's name.
    private static func endsInConversion(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let words = String(String.UnicodeScalarView(scalars)).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return false }
        let keyword = words[words.count - 2].lowercased()
        return keyword == "to" || keyword == "in"
    }

    private static func statements(utf8 bytes: Span<UInt8>) -> [StatementSource] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var ends: [Int] = []
        var quote: Unicode.Scalar? = nil
        var previous: Unicode.Scalar? = nil
        // Where an unquoted `#` stands: it starts a comment unless a digit follows it, as
        // in `remove #2`, the product number `compare` shows.
        var hash: Int? = nil
        // Whether a backslash inside quotes escapes the scalar that comes next.
        var escaping = false
        // A `;` inside parentheses or brackets separates a function's arguments or a list's
        // values in comma input (`round(2,345; 2)`, `[1,5; 2,5]`); it ends a statement only
        // if they never close.
        var depth = 0
        var nested: [Int] = []
        var index = 0
        while index < bytes.count {
            let scalar = decode(bytes, at: &index)
            if let at = hash {
                hash = nil
                guard ("0"..."9").contains(scalar) else {
                    scalars.removeSubrange(at...)
                    break
                }
            }
            if let open = quote {
                // Inside quotes a backslash escapes the next scalar: `\"` does not end them.
                if escaping { escaping = false } else if scalar == "\\" { escaping = true } else if scalar == open { quote = nil }
            } else if scalar == "(" || scalar == "[" {
                depth += 1
            } else if scalar == ")" || scalar == "]" {
                depth = max(0, depth - 1)
            } else if scalar == ";" && depth > 0 {
                nested.append(scalars.count)
            } else if scalar == ";" {
                // `to lb;oz` is GNU units' list of units, not two statements: the parser
                // refuses it with the fix, rather than run `oz` alone.
                var after = index
                let next = index < bytes.count ? decode(bytes, at: &after) : nil
                if !(previous.map(Lexer.isLetter) == true && next.map(Lexer.isLetter) == true
                     && Self.endsInConversion(scalars[(ends.last.map { $0 + 1 } ?? 0)...])) {
                    ends.append(scalars.count)
                }
            } else if scalar == "#" {
                hash = scalars.count
            } else if scalar == "\"" || scalar == "'", previous.map({ opensQuote(after: $0) }) ?? true {
                quote = scalar
            }
            scalars.append(scalar)
            previous = scalar
        }
        if let at = hash { scalars.removeSubrange(at...) }
        if depth > 0 { ends = (ends + nested.filter { $0 < scalars.count }).sorted() }
        ends.append(scalars.count)
        var statements: [StatementSource] = []
        var start = 0
        for end in ends {
            if let statement = trimmed(scalars[start..<end]) { statements.append(statement) }
            start = end + 1
        }
        return statements
    }

    /// The common line, with no `;`, `#` or quote, is one statement: its scalars, trimmed.
    /// Nil for any other line (and for a blank one), which the full pass reads; with
    /// `asciiOnly`, nil for a line that is not all ASCII too.
    private static func plainStatement(_ bytes: Span<UInt8>, into scalars: inout [Unicode.Scalar],
                                       asciiOnly: Bool) -> StatementSource? {
        // `"` (0x22), `#` (0x23), `'` (0x27) and `;` (0x3B) need the full pass.
        // Comparisons and selects only, which the compiler runs on many bytes at once.
        var found: UInt8 = 0
        var ascii: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            found |= (byte == 0x22 ? 1 : 0) | (byte == 0x23 ? 1 : 0) | (byte == 0x27 ? 1 : 0) | (byte == 0x3B ? 1 : 0)
            ascii |= byte
        }
        if found != 0 || (asciiOnly && ascii >= 0x80) { return nil }
        // The whole line, so that offsets stay columns of the line, written over the
        // previous line's scalars: the array only grows, and the statement is the part of
        // it this line filled, so a reader of many lines allocates for none of them.
        if scalars.count < bytes.count { scalars = Array(repeating: " ", count: bytes.count) }
        var count = 0
        if ascii < 0x80 {
            for index in bytes.indices { scalars[index] = Unicode.Scalar(bytes[index]) }
            count = bytes.count
        } else {
            var index = 0
            while index < bytes.count {
                scalars[count] = decode(bytes, at: &index)
                count += 1
            }
        }
        return trimmed(scalars[..<count])
    }

    /// The scalars without the blanks around them, as a statement; nil when only blanks.
    private static func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> StatementSource? {
        var low = scalars.startIndex, high = scalars.endIndex
        while low < high, isBlank(scalars[low]) { low += 1 }
        while high > low, isBlank(scalars[high - 1]) { high -= 1 }
        return low < high ? StatementSource(scalars[low..<high]) : nil
    }

    /// The scalar whose UTF-8 starts at `index` (a String's UTF-8 is always valid), and
    /// `index` moved past it.
    @inline(__always)
    private static func decode(_ bytes: Span<UInt8>, at index: inout Int) -> Unicode.Scalar {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            return Unicode.Scalar(lead)
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        index += length
        return Unicode.Scalar(value)!
    }

    /// A `"` or `'` opens quoted text only at the start of a word, so an apostrophe inside
    /// a name (`Joe's`) is just a character.
    package static func isQuote<C: RandomAccessCollection>(_ scalars: C, at index: C.Index) -> Bool
    where C.Element == Unicode.Scalar {
        let scalar = scalars[index]
        guard scalar == "\"" || scalar == "'" else { return false }
        guard index != scalars.startIndex else { return true }
        return opensQuote(after: scalars[scalars.index(before: index)])
    }

    /// Whether a quote after this character starts quoted text.
    package static func opensQuote(after previous: Unicode.Scalar) -> Bool {
        isBlank(previous) || previous == "=" || previous == "(" || previous == ","
    }

    /// A space, a tab, a no-break space or a thin space (U+2009, U+202F), as pages paste
    /// between a number and its unit (`5 mi`).
    /// Most characters asked about are the letters, digits and signs between the blanks
    /// of ASCII and U+00A0, answered by the first two comparisons.
    package static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value <= 0x20 { return value == 0x20 || value == 0x09 || value == 0x0D }
        return value >= 0xA0 && (value == 0xA0 || value == 0x2009 || value == 0x202F)
    }
}

extension String {
    package var trimmingBlanks: String {
        // Nothing to trim at either end, as almost always: the string itself.
        if let first = unicodeScalars.first, let last = unicodeScalars.last,
           !StatementSource.isBlank(first), !StatementSource.isBlank(last) {
            return self
        }
        let scalars = Array(unicodeScalars)
        var low = 0, high = scalars.count
        while low < high, StatementSource.isBlank(scalars[low]) { low += 1 }
        while high > low, StatementSource.isBlank(scalars[high - 1]) { high -= 1 }
        return StatementSource.string(scalars[low..<high])
    }
}
