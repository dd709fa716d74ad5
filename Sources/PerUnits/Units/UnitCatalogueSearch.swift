extension UnitTable {
    /// The catalogue's lines, found by a binary search of its text (`UnitCatalogue`).
    enum Catalogue {
        struct Line: Sendable {
            let name: Substring
            let definition: Substring
            let options: Substring

            /// Each of the options, `exact` or `singular=foot`, in order, with no array made
            /// for them: an array of substrings costs the first unit of a process its type's
            /// metadata.
            func forEachOption(_ body: (Substring) -> Void) {
                var start = options.startIndex
                while start < options.endIndex {
                    let end = options[start...].firstIndex(of: " ") ?? options.endIndex
                    if start < end { body(options[start..<end]) }
                    start = end < options.endIndex ? options.index(after: end) : end
                }
            }

            /// Whether `option` is one of the options.
            func has(_ option: String) -> Bool {
                var found = false
                forEachOption { if $0 == option { found = true } }
                return found
            }
        }

        // Read in place, through a span of the literal's own bytes: a copy of the text
        // was the first unit's largest cost.
        private static let text = UnitCatalogue.text

        /// A name as the catalogue sorts it: ASCII letters in lower case.
        static func folded(_ name: String) -> String {
            String(decoding: name.utf8.map(folded), as: UTF8.self)
        }

        private static func folded(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }

        /// What the catalogue holds for a word: the line it names (the line written as the
        /// word is, else the one line of that name in another case, unless its options say
        /// `exact`: `b` is no byte), and whether some name begins with the word and a blank
        /// (`fl` of `fl oz`). One binary search finds both: such names sort right after the
        /// word's own lines, a blank before every letter.
        /// (A line with no name stands for none: an optional's metadata would be made at the
        /// first unit a process reads, which `per -e '5 mi to km'` pays for.)
        static func find(_ text: String) -> (line: Line, startsLongerName: Bool) {
            let bytes = Catalogue.text.utf8.span
            let key = Array(text.utf8).map(folded)
            var start = lowerBound(key, in: bytes)
            var exact: Int? = nil, first: Int? = nil, count = 0
            while start < bytes.count, compare(lineAt: start, with: key, prefix: false, in: bytes) == 0 {
                if first == nil { first = start }
                if exact == nil, isNamed(start, text, in: bytes) { exact = start }
                count += 1
                start = lineEnd(start, in: bytes) + 1
            }
            let longer = start < bytes.count && compare(lineAt: start, with: key, prefix: true, in: bytes) == 0
                && start + key.count + 1 < bytes.count && bytes[start + key.count] == UInt8(ascii: " ")
                && bytes[start + key.count + 1] != UInt8(ascii: "|")
            if let exact { return (line(at: exact, in: bytes), longer) }
            guard count == 1, let first else { return (none, longer) }
            let found = line(at: first, in: bytes)
            return (found.has("exact") ? none : found, longer)
        }

        private static let none = Line(name: "", definition: "", options: "")

        /// The line named exactly `text`, in its case.
        static func line(exactly text: String) -> Line? {
            let bytes = Catalogue.text.utf8.span
            let key = Array(text.utf8).map(folded)
            var start = lowerBound(key, in: bytes)
            while start < bytes.count, compare(lineAt: start, with: key, prefix: false, in: bytes) == 0 {
                if isNamed(start, text, in: bytes) { return line(at: start, in: bytes) }
                start = lineEnd(start, in: bytes) + 1
            }
            return nil
        }

        /// Whether the line at `start` is named `text`, byte for byte.
        private static func isNamed(_ start: Int, _ text: String, in bytes: Span<UInt8>) -> Bool {
            var position = start
            for byte in text.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return position + 1 < bytes.count && bytes[position] == UInt8(ascii: " ") && bytes[position + 1] == UInt8(ascii: "|")
        }

        /// Every line, in order.
        static var all: [Line] {
            let bytes = Catalogue.text.utf8.span
            var lines: [Line] = []
            var start = 0
            while start < bytes.count {
                lines.append(line(at: start, in: bytes))
                start = lineEnd(start, in: bytes) + 1
            }
            return lines
        }

        /// The names within `limit` edits of `word` (its UTF-8 bytes, ASCII letters in lower
        /// case), each with its distance, in the catalogue's order: one pass over the text,
        /// comparing only names whose length is within `limit` of the word's, each by a
        /// distance that stops once every alignment is beyond `limit`. Bytes, not
        /// characters: a letter beyond ASCII (`µ`, `°`) counts as its bytes, so a distance
        /// is never less than the characters' (a name is never nearer than it is).
        static func names(within limit: Int, of word: [UInt8]) -> [Near] {
            let bytes = Catalogue.text.utf8.span
            var found: [Near] = []
            var rows = EditRows(length: word.count)
            var start = 0
            while start < bytes.count {
                let end = nameEnd(start, in: bytes)
                if abs((end - start) - word.count) <= limit,
                   let distance = rows.distance(word, bytes.extracting(start..<end), limit: limit) {
                    found.append(Near(name: String(substring(start, end)), distance: distance))
                }
                start = lineEnd(start, in: bytes) + 1
            }
            return found
        }

        /// A name near a word, and how many edits away.
        struct Near {
            let name: String
            let distance: Int
        }

        /// The rows of an edit-distance table, kept from one name to the next.
        private struct EditRows {
            var previous2: [Int], previous: [Int], current: [Int]

            init(length: Int) {
                previous2 = Array(repeating: 0, count: length + 1)
                previous = previous2
                current = previous2
            }

            /// The optimal-string-alignment distance (Damerau–Levenshtein without repeated
            /// edits of one substring: insertions, deletions, substitutions and swaps of
            /// neighbours; Boytsov 2011) between `word` and `name`, ASCII letters compared
            /// in lower case, or nil when it is more than `limit`. `word`'s length is the
            /// rows'.
            mutating func distance(_ word: [UInt8], _ name: Span<UInt8>, limit: Int) -> Int? {
                let n = word.count
                guard n > 0 else { return name.count <= limit ? name.count : nil }
                for j in 0...n { previous[j] = j }
                var i = 0, last: UInt8 = 0
                for index in name.indices {
                    let mine = Catalogue.folded(name[index])
                    i += 1
                    current[0] = i
                    var smallest = i
                    for j in 1...n {
                        let cost = word[j - 1] == mine ? 0 : 1
                        var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                        if i > 1, j > 1, word[j - 1] == last, word[j - 2] == mine { cell = min(cell, previous2[j - 2] + 1) }
                        current[j] = cell
                        smallest = min(smallest, cell)
                    }
                    if smallest > limit { return nil }
                    last = mine
                    (previous2, previous, current) = (previous, current, previous2)
                }
                return previous[n] <= limit ? previous[n] : nil
            }
        }

        /// The start of the first line whose name is not before `key`.
        private static func lowerBound(_ key: [UInt8], in bytes: Span<UInt8>) -> Int {
            var low = 0, high = bytes.count
            while low < high {
                var start = (low + high) / 2
                while start > low, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                if compare(lineAt: start, with: key, prefix: false, in: bytes) < 0 {
                    low = lineEnd(start, in: bytes) + 1
                } else {
                    high = start
                }
            }
            return low
        }

        /// How the name of the line at `start` sorts against `key`: -1 before, 0 the same
        /// (or, with `prefix`, beginning with `key`), 1 after.
        private static func compare(lineAt start: Int, with key: [UInt8], prefix: Bool, in bytes: Span<UInt8>) -> Int {
            let end = nameEnd(start, in: bytes)
            var position = start
            for byte in key {
                guard position < end else { return -1 }
                let mine = folded(bytes[position])
                if mine != byte { return mine < byte ? -1 : 1 }
                position += 1
            }
            return position == end || prefix ? 0 : 1
        }

        private static func nameEnd(_ start: Int, in bytes: Span<UInt8>) -> Int {
            var end = start
            while end + 2 < bytes.count, !(bytes[end] == UInt8(ascii: " ") && bytes[end + 1] == UInt8(ascii: "|")) { end += 1 }
            return end
        }

        private static func lineEnd(_ start: Int, in bytes: Span<UInt8>) -> Int {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }

        /// The line at `start`, split at its ` | `s: parts of the text itself, not copies.
        /// (Where each field ends is kept in plain integers: an array of ranges has its
        /// metadata made at run time, by a scan of every conformance, at the first unit.)
        private static func line(at start: Int, in bytes: Span<UInt8>) -> Line {
            let end = lineEnd(start, in: bytes)
            var nameEnd = end, definitionEnd = end
            var separators = 0, position = start
            while position + 2 < end, separators < 2 {
                if bytes[position] == UInt8(ascii: " "), bytes[position + 1] == UInt8(ascii: "|"), bytes[position + 2] == UInt8(ascii: " ") {
                    if separators == 0 { nameEnd = position } else { definitionEnd = position }
                    separators += 1
                    position += 3
                } else {
                    position += 1
                }
            }
            let name = substring(start, nameEnd)
            guard separators > 0 else { return Line(name: name, definition: "", options: "") }
            let definition = substring(nameEnd + 3, definitionEnd)
            guard separators > 1 else { return Line(name: name, definition: definition, options: "") }
            return Line(name: name, definition: definition, options: substring(definitionEnd + 3, end))
        }

        /// The text between two byte offsets, which the search only takes at the ASCII
        /// ` | ` and line ends between whole characters.
        private static func substring(_ from: Int, _ to: Int) -> Substring {
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: from)
            let end = utf8.index(start, offsetBy: to - from)
            return Substring(utf8[start..<end])
        }
    }
}
