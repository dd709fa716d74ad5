import PerTools

/// The lines of a sheet's bytes, in order, as `per sheet` and `include` read them: each with
/// its number and whether a newline ended it; in a Markdown file, whether it is prose (any
/// line outside a fenced block marked `per`, the fences included).
struct SheetLines: Sequence, IteratorProtocol {
    struct Line {
        /// The line's bytes, without its newline.
        let raw: ArraySlice<UInt8>
        /// 1 for the first line.
        let number: Int
        /// Whether a newline ended it: the last line of a file may have none.
        let newline: Bool
        /// Markdown's prose and fences, which hold no statements and end a block.
        let isProse: Bool
    }

    private let bytes: [UInt8]
    private var start: Int
    private var number = 0
    private var fences: MarkdownFences?
    /// The byte-order mark the bytes start with, if any: it stays before the first line.
    let byteOrderMark: ArraySlice<UInt8>

    /// The lines of `bytes`, a Markdown file's when `markdown`.
    init(_ bytes: [UInt8], markdown: Bool) {
        self.bytes = bytes
        let hasMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        byteOrderMark = hasMark ? bytes[..<3] : bytes[..<0]
        start = hasMark ? 3 : 0
        fences = markdown ? MarkdownFences() : nil
    }

    /// Whether a file is read as Markdown, by its name: `.md`, `.markdown`.
    static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    mutating func next() -> Line? {
        guard start < bytes.count else { return nil }
        let newline = System.firstNewline(in: bytes, from: start)
        let end = newline ?? bytes.count
        let raw = bytes[start..<end]
        start = end + 1
        number += 1
        var isProse = false
        if var markdown = fences {
            isProse = !markdown.holdsStatements(raw)
            fences = markdown
        }
        return Line(raw: raw, number: number, newline: newline != nil, isProse: isProse)
    }
}
