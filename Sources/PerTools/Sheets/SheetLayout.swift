import PerLanguage
/// Writes a sheet back a block at a time: the lines of a block are held until it ends, so
/// that their answers line up in one column, two blanks after the widest statement.
public struct SheetLayout: Sendable {
    private enum Pending {
        /// A line as it was (or without an old answer), its end included.
        case text([UInt8])
        /// A statement with its new answer: content, carriage return, newline.
        case answered(content: ArraySlice<UInt8>, width: Int, answer: SheetText.Answer, ending: ArraySlice<UInt8>, newline: Bool)
    }

    private var pending: [Pending] = []
    private var widest = 0
    /// Statements wider than this take their answer two blanks after them, and do not push
    /// the block's column out (a line of thousands of characters would pad every other).
    package static let widestAligned = 100

    public init() {}

    /// Adds a line that keeps its text: a blank line, a comment, prose; `newline` tells
    /// whether a newline ended it (the last line of a file may have none).
    public mutating func keep(_ line: SheetText.Line, newline: Bool) {
        var bytes = Array(line.content)
        bytes += line.ending
        if newline { bytes.append(UInt8(ascii: "\n")) }
        pending.append(.text(bytes))
    }

    /// Adds a line of bytes as they are: Markdown's prose and fences.
    public mutating func keep(raw: ArraySlice<UInt8>, newline: Bool) {
        var bytes = Array(raw)
        if newline { bytes.append(UInt8(ascii: "\n")) }
        pending.append(.text(bytes))
    }

    /// Adds a statement's line with its answer.
    public mutating func answer(_ line: SheetText.Line, with answer: SheetText.Answer, newline: Bool) {
        let content = SheetText.trimmedEnd(line.content)
        let width = SheetText.width(content)
        if width <= Self.widestAligned { widest = max(widest, width) }
        pending.append(.answered(content: content, width: width, answer: answer, ending: line.ending, newline: newline))
    }

    /// Ends the block: its lines, answers aligned, are appended to `output`.
    public mutating func endBlock(into output: inout [UInt8]) {
        let column = widest + 2
        for line in pending {
            switch line {
            case .text(let bytes):
                output += bytes
            case .answered(let content, let width, let answer, let ending, let newline):
                SheetText.writeAnswered(content, width: width, column: column, answer: answer, into: &output)
                output += ending
                if newline { output.append(UInt8(ascii: "\n")) }
            }
        }
        pending.removeAll(keepingCapacity: true)
        widest = 0
    }
}

/// Which lines of a Markdown file are statements: those inside fenced blocks marked `per`
/// (```` ```per ````); the rest is prose, kept as it is.
public struct MarkdownFences: Sendable {
    /// The fence that is open: its character, its length, and whether it is a `per` block.
    private var open: (mark: UInt8, length: Int, isPer: Bool)?

    public init() {}

    /// Whether `line` holds statements; it moves past a fence that opens or closes.
    public mutating func holdsStatements(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        var indent = 0
        while index < line.endIndex, line[index] == UInt8(ascii: " "), indent < 4 {
            index += 1
            indent += 1
        }
        let mark = index < line.endIndex ? line[index] : 0
        if indent < 4, mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") {
            var end = index
            while end < line.endIndex, line[end] == mark { end += 1 }
            let length = end - index
            if length >= 3 {
                let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
                let info = line[end...].drop(while: isBlank)
                if let fence = open {
                    if fence.mark == mark, length >= fence.length, info.isEmpty {
                        open = nil
                        return false
                    }
                } else {
                    let word = info.prefix { !isBlank($0) && $0 != UInt8(ascii: "{") }
                    open = (mark, length, Array(word) == Array("per".utf8))
                    return false
                }
            }
        }
        return open?.isPer ?? false
    }
}
