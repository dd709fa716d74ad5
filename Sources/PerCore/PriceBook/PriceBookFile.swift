/// A price book file as read: its bytes and where its header puts each column. A line is
/// read whole only when a command needs it: a question about one product reads that
/// product's lines and looks at no more of the others than their name, in one pass.
public final class PriceBookFile: Sendable {
    let bytes: [UInt8]
    /// Where the header puts each column.
    public let layout: PriceBookCSV.Layout
    /// The lines after the header, up to a torn last line.
    let body: Range<Int>
    /// A last line cut off before its newline, left out.
    let tornLine: String?
    /// The header's field of the name.
    private let nameColumn: Int

    private var columns: [Int] { layout.columns }

    init(bytes: [UInt8], layout: PriceBookCSV.Layout, body: Range<Int>, tornLine: String?) {
        self.bytes = bytes
        self.layout = layout
        self.body = body
        self.tornLine = tornLine
        nameColumn = layout.columns[PriceBookCSV.Column.allCases.firstIndex(of: .name)!]
    }

    /// Calls `visit` with the number and bytes (without `\r\n`) of each line that is not
    /// blank, and whether its name is `key` when one is given; nothing is allocated.
    private func scan(key: [UInt8]?, _ visit: (Int, Range<Int>, Bool) -> Void) {
        let ascii = key?.allSatisfy { $0 < 0x80 } ?? false
        let (comma, quote, newline) = (UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"))
        var start = body.lowerBound
        var number = 2
        while start < body.upperBound {
            // One walk over the line's bytes finds its end and its name's field.
            var index = start
            var field = 0, fieldStart = start
            var name: Range<Int>? = nil
            var quoted = false
            // Quotes as `PriceBookCSV.fields` reads them: opening a field, `""` inside one;
            // a line ends at its newline even in an unclosed quote.
            while index < body.upperBound {
                let byte = bytes[index]
                if byte == newline { break }
                if quoted {
                    if byte == quote {
                        if index + 1 < body.upperBound, bytes[index + 1] == quote { index += 2; continue }
                        quoted = false
                    }
                } else if byte == quote, index == fieldStart {
                    quoted = true
                } else if byte == comma {
                    if field == nameColumn { name = fieldStart..<index }
                    field += 1
                    fieldStart = index + 1
                }
                index += 1
            }
            if field == nameColumn, !quoted { name = fieldStart..<index }
            var line = start..<index
            if line.count > 0, bytes[line.upperBound - 1] == UInt8(ascii: "\r") {
                line = start..<(index - 1)
                if let found = name, found.upperBound == index { name = found.lowerBound..<(index - 1) }
            }
            if !bytes[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                visit(number, line, key.map { key in name.map { self.name($0, is: key, asciiKey: ascii) } ?? false } ?? false)
            }
            start = index + 1
            number += 1
        }
    }

    /// Each line's number and bytes.
    func forEachLine(_ visit: (Int, Range<Int>) -> Void) { scan(key: nil) { number, line, _ in visit(number, line) } }

    /// The lines whose name is `key` (a name lower-cased, `Observation.key`).
    func lines(named key: String) -> [(number: Int, range: Range<Int>)] {
        var found: [(number: Int, range: Range<Int>)] = []
        scan(key: Array(key.utf8)) { number, line, matches in if matches { found.append((number, line)) } }
        return found
    }

    /// The observation of a line, or why it does not read.
    func observation(_ line: Range<Int>, texts: inout TextCache) throws(ObservationError) -> Observation {
        guard let found = PriceBookCSV.fields(bytes, line) else { throw .unclosedQuote }
        // Columns of the file's own after the book's may be left off, as spreadsheets leave
        // empty ones; a field more than the header has is no column of either.
        guard found.count > columns.max()!, found.count <= layout.count else { throw .fieldCount(found.count, header: layout.count) }
        return try PriceBookCSV.observation(bytes, fields: columns.map { found[$0] }, texts: &texts)
    }

    /// An ASCII byte lower-cased, as `Observation.key` lower-cases it.
    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// Whether a name's field is `key`: compared byte by byte while both are ASCII, else as text.
    private func name(_ field: Range<Int>, is key: [UInt8], asciiKey: Bool) -> Bool {
        // Most names differ from the first letter: an unquoted, unpadded ASCII one is turned away at once.
        if asciiKey, let first = key.first, !field.isEmpty {
            let byte = bytes[field.lowerBound]
            if byte < 0x80, byte != UInt8(ascii: "\""), byte != 0x20, byte != 0x09, Self.folded(byte) != first { return false }
        }
        var name = PriceBookCSV.unquoted(bytes, field)
        while let first = name.first, first == 0x20 || first == 0x09 { name = name.dropFirst() }
        while let last = name.last, last == 0x20 || last == 0x09 { name = name.dropLast() }
        if asciiKey {
            // ASCII letters fold alone, so a difference before any other byte settles it.
            var position = 0
            for byte in name {
                if byte >= 0x80 { return Array(Observation.key(String(decoding: name, as: UTF8.self)).utf8) == key }
                guard position < key.count, Self.folded(byte) == key[position] else { return false }
                position += 1
            }
            return position == key.count
        }
        return Array(Observation.key(String(decoding: name, as: UTF8.self)).utf8) == key
    }
}
