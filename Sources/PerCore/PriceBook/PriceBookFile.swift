/// A price book file as read: its bytes, where its header puts each column, and where
/// each line is. A line is read whole only when a command needs it: a question about one
/// product reads that product's lines and looks at no more of the others than their name.
public final class PriceBookFile: Sendable {
    /// A line of the file: its number (the header is line 1) and its bytes, without the newline.
    struct Entry: Sendable {
        let line: Int
        let range: Range<Int>
    }

    let bytes: [UInt8]
    /// The header's field of each column, in `PriceBookCSV.Column` order.
    let columns: [Int]
    let entries: [Entry]
    /// A last line cut off before its newline, left out.
    let tornLine: String?
    /// The header's field of the name.
    private let nameColumn: Int

    init(bytes: [UInt8], columns: [Int], entries: [Entry], tornLine: String?) {
        self.bytes = bytes
        self.columns = columns
        self.entries = entries
        self.tornLine = tornLine
        nameColumn = columns.isEmpty ? 0 : columns[PriceBookCSV.Column.allCases.firstIndex(of: .name)!]
    }

    /// The observation of an entry, or why its line does not read.
    func observation(at index: Int) throws(ObservationError) -> Observation {
        guard let found = PriceBookCSV.fields(bytes, entries[index].range) else { throw .unclosedQuote }
        // Columns after the book's own may be left off, as spreadsheets leave empty ones.
        guard found.count > columns.max()! else { throw .fieldCount(found.count, header: columns.max()! + 1) }
        return try PriceBookCSV.observation(bytes, fields: columns.map { found[$0] })
    }

    /// Whether an entry's name is `key` (a name lower-cased, `Observation.key`): compared
    /// byte by byte when both are ASCII, else as text.
    func name(at index: Int, is key: [UInt8], asciiKey: Bool) -> Bool {
        guard let field = field(nameColumn, of: entries[index].range) else { return false }
        // Most names differ from the first letter: an unquoted, unpadded ASCII one is turned away at once.
        if asciiKey, let first = key.first, !field.isEmpty {
            let byte = bytes[field.lowerBound]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if byte < 0x80, byte != UInt8(ascii: "\""), byte != 0x20, byte != 0x09, folded != first { return false }
        }
        var name = PriceBookCSV.unquoted(bytes, field)
        while let first = name.first, first == 0x20 || first == 0x09 { name = name.dropFirst() }
        while let last = name.last, last == 0x20 || last == 0x09 { name = name.dropLast() }
        if asciiKey {
            // ASCII letters fold alone, so a difference before any other byte settles it.
            var position = 0
            for byte in name {
                if byte >= 0x80 { return Array(Observation.key(String(decoding: name, as: UTF8.self)).utf8) == key }
                let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                guard position < key.count, folded == key[position] else { return false }
                position += 1
            }
            return position == key.count
        }
        return Array(Observation.key(String(decoding: name, as: UTF8.self)).utf8) == key
    }

    /// The byte range of field `column` of a line (quotes included), nil when the line
    /// has fewer fields or an unclosed quote. Nothing is allocated.
    private func field(_ column: Int, of line: Range<Int>) -> Range<Int>? {
        var index = line.lowerBound
        var current = 0
        while true {
            let start = index
            if index < line.upperBound, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < line.upperBound else { return nil }
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < line.upperBound, bytes[index + 1] == UInt8(ascii: "\"") { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
            }
            while index < line.upperBound, bytes[index] != UInt8(ascii: ",") { index += 1 }
            if current == column { return start..<index }
            if index >= line.upperBound { return nil }
            index += 1
            current += 1
        }
    }
}
