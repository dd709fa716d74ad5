import Synchronization

/// A price book file as read: its bytes and where its header puts each column. A line is
/// read whole only when a command needs it: a question about one product reads that
/// product's lines and looks at no more of the others than their name, in one pass. Once
/// a second name is asked about (a session's `add NAME` after `add NAME`), every name's
/// lines are found in one pass and kept with the file, so each later question reads only
/// its own lines; a changed file is read anew, with nothing kept.
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
    /// The header's last field of the book's columns.
    private let lastColumn: Int
    /// Whether the header has the book's columns first, in their order, as per writes it:
    /// a line's fields are then the columns' without being picked out.
    private let inOrder: Bool

    private var columns: [Int] { layout.columns }

    /// A line of the file: its number and its bytes.
    private struct Line: Sendable {
        let number: Int
        let range: Range<Int>
    }

    /// The lines of the names asked about: the last one's, then every name's.
    private struct NameIndex: Sendable {
        var last: (key: String, lines: [Line])? = nil
        var all: [String: [Line]]? = nil
    }

    private let index = Mutex(NameIndex())

    init(bytes: [UInt8], layout: PriceBookCSV.Layout, body: Range<Int>, tornLine: String?) {
        self.bytes = bytes
        self.layout = layout
        self.body = body
        self.tornLine = tornLine
        nameColumn = layout.columns[PriceBookCSV.Column.allCases.firstIndex(of: .name)!]
        lastColumn = layout.columns.max() ?? 0
        inOrder = layout.columns == Array(PriceBookCSV.Column.allCases.indices)
    }

    /// Calls `visit` with the number and bytes (without `\r\n`) of each line that is not
    /// blank, and its name's field (nil when the line has none); nothing is allocated.
    private func scan(_ visit: (Int, Range<Int>, Range<Int>?) -> Void) {
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
                visit(number, line, name)
            }
            start = index + 1
            number += 1
        }
    }

    /// Each line's number and bytes.
    func forEachLine(_ visit: (Int, Range<Int>) -> Void) { scan { number, line, _ in visit(number, line) } }

    /// The lines whose name is `key` (a name lower-cased, `Observation.key`): found in a
    /// pass that looks at no other name whole for the first name asked about, from the
    /// index of every name after that.
    func lines(named key: String) -> [(number: Int, range: Range<Int>)] {
        enum Next { case found([Line]), scanOne, indexAll }
        let next = index.withLock { index -> Next in
            if let all = index.all { return .found(all[key] ?? []) }
            guard let last = index.last else { return .scanOne }
            return last.key == key ? .found(last.lines) : .indexAll
        }
        let lines: [Line]
        switch next {
        case .found(let found): lines = found
        case .scanOne:
            let bytes = Array(key.utf8), ascii = bytes.allSatisfy { $0 < 0x80 }
            var found: [Line] = []
            scan { number, line, name in
                if let name, self.name(name, is: bytes, asciiKey: ascii) { found.append(Line(number: number, range: line)) }
            }
            lines = found
            index.withLock { $0.last = (key, found) }
        case .indexAll:
            let all = everyName()
            lines = all[key] ?? []
            index.withLock { $0.all = all }
        }
        return lines.map { ($0.number, $0.range) }
    }

    /// Every name's lines, by key, in one pass (a name repeated on the next line is made
    /// into its key once).
    private func everyName() -> [String: [Line]] {
        var all: [String: [Line]] = [:]
        var previous: (name: Range<Int>, key: String)? = nil
        scan { number, line, name in
            guard let name else { return }
            let key: String
            if let previous, bytes[previous.name] == bytes[name] {
                key = previous.key
            } else {
                var field = PriceBookCSV.unquoted(bytes, name)
                while let first = field.first, first == 0x20 || first == 0x09 { field = field.dropFirst() }
                while let last = field.last, last == 0x20 || last == 0x09 { field = field.dropLast() }
                key = Observation.key(String(decoding: field, as: UTF8.self))
                previous = (name, key)
            }
            all[key, default: []].append(Line(number: number, range: line))
        }
        return all
    }

    /// The observation of a line, or why it does not read.
    func observation(_ line: Range<Int>, texts: inout TextCache) throws(ObservationError) -> Observation {
        guard let found = PriceBookCSV.fields(bytes, line) else { throw .unclosedQuote }
        // Columns of the file's own after the book's may be left off, as spreadsheets leave
        // empty ones; a field more than the header has is no column of either.
        guard found.count > lastColumn, found.count <= layout.count else { throw .fieldCount(found.count, header: layout.count) }
        return try PriceBookCSV.observation(bytes, fields: inOrder ? found : columns.map { found[$0] }, texts: &texts)
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
