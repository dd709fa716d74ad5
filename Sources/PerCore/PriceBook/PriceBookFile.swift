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
    /// The most bytes a book file may have: a line's place and number are kept in 32 bits.
    static let largest = Int(Int32.max)

    /// The most lines the file could hold: each takes at least 16 bytes (eight fields, a
    /// date of ten among them).
    var mostLines: Int { body.count / 16 + 1 }

    /// Kept in 32 bits each (`largest`).
    struct Line: Sendable {
        private let lineNumber: Int32
        private let start: Int32
        private let end: Int32

        init(number: Int, range: Range<Int>) {
            lineNumber = Int32(truncatingIfNeeded: number)
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
        }

        var number: Int { Int(lineNumber) }
        var range: Range<Int> { Int(start)..<Int(end) }
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

    /// A line as a pass over the file finds it: its number, its bytes (without `\r\n`), its
    /// name's field (nil when it has none) and, when `wants` took its name, its fields as
    /// `PriceBookCSV.fields` splits them (`fieldCount` of `fields`; nil for a quote not
    /// closed), so that reading it does not walk its bytes again.
    private struct Found {
        var number = 2
        var line = 0..<0
        var name: Range<Int>? = nil
        var fields: [Range<Int>] = []
        var fieldCount: Int? = nil
        /// Whether `wants` took its name.
        var wanted = false
    }

    /// Calls `visit` with each line that is not blank, as `Found`; nothing is allocated
    /// once the fields have room. Past the name's field, a line whose name `wants` does
    /// not take is only looked through for its end.
    private func scan(wants: (Range<Int>) -> Bool = { _ in false }, _ visit: (borrowing Found) -> Void) {
        let (comma, quote, newline) = (UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"))
        var start = body.lowerBound
        var found = Found()
        while start < body.upperBound {
            // One walk over the line's bytes finds its end, its name's field and, for a
            // wanted name, every field.
            var index = start
            var field = 0, fieldStart = start
            found.name = nil
            found.wanted = false
            var quoted = false, splitting = true
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
                    if field < found.fields.count { found.fields[field] = fieldStart..<index } else { found.fields.append(fieldStart..<index) }
                    if field == nameColumn {
                        found.name = fieldStart..<index
                        found.wanted = wants(fieldStart..<index)
                        if !found.wanted {
                            splitting = false
                            index += 1
                            while index < body.upperBound, bytes[index] != newline { index += 1 }
                            break
                        }
                    }
                    field += 1
                    fieldStart = index + 1
                }
                index += 1
            }
            var end = index
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            found.line = start..<end
            found.fieldCount = nil
            if splitting {
                let last = fieldStart..<max(fieldStart, end)
                if field == nameColumn, !quoted {
                    found.name = last
                    found.wanted = wants(last)
                    splitting = found.wanted
                }
                if splitting, !quoted {
                    if field < found.fields.count { found.fields[field] = last } else { found.fields.append(last) }
                    found.fieldCount = field + 1
                }
            }
            if !bytes[found.line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                visit(found)
            }
            start = index + 1
            found.number += 1
        }
    }

    /// Each line's number and bytes.
    func forEachLine(_ visit: (Int, Range<Int>) -> Void) { scan { visit($0.number, $0.line) } }

    /// Calls `visit` with the number and bytes of each line whose name is `key` (a name
    /// lower-cased, `Observation.key`), and its fields when the pass that found it split
    /// them (`PriceBookCSV.fields`'s count of `fields`, nil when it did not): found in a
    /// pass that looks at no other name whole for the first name asked about, from the
    /// index of every name after that.
    func forEachLine(named key: String, _ visit: (_ number: Int, _ line: Range<Int>, _ fields: [Range<Int>], _ fieldCount: Int?) -> Void) {
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
            // Room for as many lines as could be, of which only those written are touched.
            var found: [Line] = []
            found.reserveCapacity(mostLines)
            scan(wants: { self.name($0, is: bytes, asciiKey: ascii) }) { line in
                guard line.wanted else { return }
                found.append(Line(number: line.number, range: line.line))
                visit(line.number, line.line, line.fields, line.fieldCount)
            }
            index.withLock { $0.last = (key, found) }
            return
        case .indexAll:
            let all = everyName()
            lines = all[key] ?? []
            index.withLock { $0.all = all }
        }
        for line in lines { visit(line.number, line.range, [], nil) }
    }

    /// Every name's lines, by key, in one pass (a name repeated on the next line is made
    /// into its key once).
    private func everyName() -> [String: [Line]] {
        var all: [String: [Line]] = [:]
        var previous: (name: Range<Int>, key: String)? = nil
        scan { found in
            guard let name = found.name else { return }
            let (number, line) = (found.number, found.line)
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

    /// The entry of a line, or why it does not read; with its fields when they were found
    /// (`forEachLine(named:)`).
    func entry(_ line: Range<Int>, fields: [Range<Int>] = [], fieldCount: Int? = nil, reader: inout BookLineReader) throws(ObservationError) -> BookEntry {
        try reader.entry(bytes, line, fields: fields, fieldCount: fieldCount, layout: layout, inOrder: inOrder, lastColumn: lastColumn)
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
