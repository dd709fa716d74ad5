import PerLanguage
/// The text of a sheet, a file of statements whose answers are written beside them as
/// comments: `milk: 2 * 1.19  # = 2.38`, `2 *  # ! error: …`. Pure: it reads and places
/// the answer comments in a line's bytes; the shell reads and writes the file.
public enum SheetText {
    /// A statement's answer as a sheet records it.
    public enum Answer: Sendable, Equatable {
        /// The result as the shell shows it (`2.38`, `≈ €15.41`).
        case value(String)
        /// Why the line failed.
        case failure(String)

        /// The answer as `--check` reports it: `2.38`, `error: …`.
        public var text: String {
            switch self {
            case .value(let value): return value
            case .failure(let message): return "error: " + message
            }
        }

        /// The comment that records the answer: `# = 2.38`, `# ! error: …`.
        public var comment: String {
            switch self {
            case .value(let value): return "# = " + value
            case .failure(let message): return "# ! error: " + message
            }
        }
    }

    /// A line of a sheet taken apart: what the user wrote (the statements and any comment
    /// of their own), the answer recorded beside it, and a carriage return that ended it.
    public struct Line: Sendable {
        /// The line without its recorded answer, and without the blanks before that answer.
        public let content: ArraySlice<UInt8>
        /// The answer recorded beside the statement, if any.
        public let recorded: Answer?
        /// `\r` when the line ended in one (a file with CRLF line ends), else empty.
        public let ending: ArraySlice<UInt8>
    }

    private static let hash = UInt8(ascii: "#"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// Whether a line without statements ends the block `total` reads: a blank line, or a
    /// `##` heading.
    public static func endsBlock(utf8 line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index < line.endIndex, isBlank(line[index]) || line[index] == UInt8(ascii: "\r") { index += 1 }
        if index == line.endIndex { return true }
        return line[index] == hash && index + 1 < line.endIndex && line[index + 1] == hash
    }

    /// Takes a line apart. The recorded answer is the first `# =` or `# !` (at a blank or
    /// where the comment starts) in the line's comment: a `#` outside quotes that no digit
    /// follows. Only a line with something before it has one.
    public static func split(_ bytes: ArraySlice<UInt8>) -> Line {
        var line = bytes
        var ending = bytes[bytes.endIndex...]
        if let last = line.last, last == UInt8(ascii: "\r") {
            ending = line[(line.endIndex - 1)...]
            line = line.dropLast()
        }
        guard let comment = commentStart(line) else { return Line(content: line, recorded: nil, ending: ending) }
        for index in comment..<line.endIndex where line[index] == hash && (index == comment || isBlank(line[index - 1])) {
            guard index + 2 < line.endIndex, line[index + 1] == space,
                  line[index + 2] == UInt8(ascii: "=") || line[index + 2] == UInt8(ascii: "!"),
                  index + 3 == line.endIndex || line[index + 3] == space else { continue }
            let content = trimmedEnd(line[..<index])
            guard !content.isEmpty else { break }
            return Line(content: content, recorded: answer(line[index...]), ending: ending)
        }
        return Line(content: line, recorded: nil, ending: ending)
    }

    /// The answer a comment `# = …` or `# ! …` records.
    private static func answer(_ comment: ArraySlice<UInt8>) -> Answer {
        let isValue = comment[comment.startIndex + 2] == UInt8(ascii: "=")
        var text = comment.dropFirst(3)
        while let first = text.first, isBlank(first) { text = text.dropFirst() }
        while let last = text.last, isBlank(last) { text = text.dropLast() }
        let string = String(decoding: text, as: UTF8.self)
        if isValue { return .value(string) }
        return .failure(string.hasPrefix("error: ") ? String(string.dropFirst(7)) : string)
    }

    /// Where a line's comment starts: a `#` outside quotes that no digit follows (as the
    /// statements of a line are split); nil when it has none.
    package static func commentStart(_ line: ArraySlice<UInt8>) -> Int? {
        var quote: UInt8? = nil
        var escaping = false
        var previous: UInt8? = nil
        for index in line.indices {
            let byte = line[index]
            defer { previous = byte }
            if let open = quote {
                if escaping { escaping = false } else if byte == UInt8(ascii: "\\") { escaping = true } else if byte == open { quote = nil }
                continue
            }
            if byte == hash {
                let next = index + 1 < line.endIndex ? line[index + 1] : 0
                if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { return index }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if previous.map({ isBlank($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ",") }) ?? true {
                    quote = byte
                }
            }
        }
        return nil
    }

    /// The bytes without the blanks at their end.
    package static func trimmedEnd(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > bytes.startIndex, isBlank(bytes[end - 1]) { end -= 1 }
        return bytes[..<end]
    }

    /// The columns a line's text takes: its scalars, wide ones counting two.
    package static func width(_ bytes: ArraySlice<UInt8>) -> Int {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        return VisibleText.width(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends a sheet's line with its answer to `output`: the content, blanks up to
    /// `column` (two at least), the comment.
    package static func writeAnswered(_ content: ArraySlice<UInt8>, width: Int, column: Int, answer: Answer, into output: inout [UInt8]) {
        output.append(contentsOf: content)
        output.append(contentsOf: repeatElement(space, count: max(2, column - width)))
        switch answer {
        case .value(let value):
            output.append(contentsOf: "# = ".utf8)
            output.append(contentsOf: value.utf8)
        case .failure(let message):
            output.append(contentsOf: "# ! error: ".utf8)
            output.append(contentsOf: message.utf8)
        }
    }
}
