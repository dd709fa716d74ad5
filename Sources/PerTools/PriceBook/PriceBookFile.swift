import Synchronization
import PerNumbers
import PerLanguage

/// A price book file as read: its bytes and where its header puts each column. A line is
/// read whole only when a command needs it: a question about one product reads that
/// product's lines and looks at no more of the others than their name, in one pass. Once
/// a second name is asked about (a session's `add NAME` after `add NAME`), every name's
/// lines are found in one pass and kept with the file, so each later question reads only
/// its own lines; a changed file is read anew, with nothing kept.
public final class PriceBookFile: Sendable {
    package let bytes: [UInt8]
    /// Where the header puts each column.
    public let layout: PriceBookCSV.Layout
    /// The lines after the header, up to a torn last line.
    package let body: Range<Int>
    /// A last line cut off before its newline, left out.
    package let tornLine: String?
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
    package static let largest = BookRefusal.largest

    /// The most lines the file could hold: each takes at least 16 bytes (eight fields, a
    /// date of ten among them).
    package var mostLines: Int { body.count / 16 + 1 }

    /// Kept in 32 bits each (`largest`).
    package struct Line: Sendable {
        private let lineNumber: Int32
        private let start: Int32
        private let end: Int32

        package init(number: Int, range: Range<Int>) {
            lineNumber = Int32(truncatingIfNeeded: number)
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
        }

        package var number: Int { Int(lineNumber) }
        package var range: Range<Int> { Int(start)..<Int(end) }
    }

    /// The lines of the names asked about: the last one's, then every name's.
    private struct NameIndex: Sendable {
        package var last: (key: String, lines: [Line])? = nil
        package var all: [String: [Line]]? = nil
    }

    private let index = Mutex(NameIndex())

    package init(bytes: [UInt8], layout: PriceBookCSV.Layout, body: Range<Int>, tornLine: String?) {
        self.bytes = bytes
        self.layout = layout
        self.body = body
        self.tornLine = tornLine
        nameColumn = layout.columns[PriceBookCSV.Column.allCases.firstIndex(of: .name)!]
        lastColumn = layout.columns.max() ?? 0
        inOrder = layout.columns == Array(PriceBookCSV.Column.allCases.indices)
    }

    /// A line as a pass over the file finds it: its number, its bytes (without `\r\n`), its
    /// name's field (nil when it has none) and whether `wants` took its name.
    private struct Found {
        package var number = 2
        package var line = 0..<0
        package var name: Range<Int>? = nil
        package var wanted = false
    }

    /// Calls `visit` with each line that is not blank, as `Found`. Past the name's field, a
    /// line is only looked through for its end.
    private func scan(wants: (Range<Int>) -> Bool = { _ in false }, _ visit: (borrowing Found) -> Void) {
        let (comma, quote, newline) = (UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"))
        // The bytes up to the body's end, so that no index past them is looked for at each byte.
        let array = self.bytes, bytes = array.span.extracting(0..<body.upperBound)
        let end = bytes.count
        var start = body.lowerBound
        var found = Found()
        while start < end {
            var index = start
            var field = 0, fieldStart = start
            var quoted = false
            found.name = nil
            // The fields up to the name's, quotes as `PriceBookCSV.fields` reads them: opening a
            // field, `""` inside one; a line ends at its newline even in an unclosed quote.
            while index < end {
                let byte = bytes[index]
                // Most bytes are none of the three looked for, which all come before "-".
                if byte > comma { index += 1; continue }
                if byte == newline { break }
                if quoted {
                    if byte == quote {
                        if index + 1 < end, bytes[index + 1] == quote { index += 2; continue }
                        quoted = false
                    }
                } else if byte == quote, index == fieldStart {
                    quoted = true
                } else if byte == comma {
                    if field == nameColumn {
                        found.name = fieldStart..<index
                        index = Self.lineEnd(bytes, from: index + 1)
                        break
                    }
                    field += 1
                    fieldStart = index + 1
                }
                index += 1
            }
            var lineEnd = index
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            found.line = start..<lineEnd
            // A name that is the line's last field.
            if found.name == nil, field == nameColumn, !quoted { found.name = fieldStart..<max(fieldStart, lineEnd) }
            found.wanted = found.name.map(wants) ?? false
            if !array[found.line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                visit(found)
            }
            start = index + 1
            found.number += 1
        }
    }

    /// Where the newline after `start` is, or the end of `bytes`.
    private static func lineEnd(_ bytes: borrowing Span<UInt8>, from start: Int) -> Int {
        let newline = UInt8(ascii: "\n")
        var index = start
        // Four bytes a turn, then one by one.
        while index < bytes.count - 3 {
            if bytes[index] == newline { return index }
            if bytes[index + 1] == newline { return index + 1 }
            if bytes[index + 2] == newline { return index + 2 }
            if bytes[index + 3] == newline { return index + 3 }
            index += 4
        }
        while index < bytes.count, bytes[index] != newline { index += 1 }
        return index
    }

    /// Each line's number and bytes.
    package func forEachLine(_ visit: (Int, Range<Int>) -> Void) { scan { visit($0.number, $0.line) } }

    /// Calls `visit` with the number and bytes of each line whose name is `key` (a name
    /// lower-cased, `Observation.key`): found in a pass that looks at no other name whole
    /// for the first name asked about, from the index of every name after that.
    package func forEachLine(named key: String, _ visit: (_ number: Int, _ line: Range<Int>) -> Void) {
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
                visit(line.number, line.line)
            }
            index.withLock { $0.last = (key, found) }
            return
        case .indexAll:
            let all = everyName()
            lines = all[key] ?? []
            index.withLock { $0.all = all }
        }
        for line in lines { visit(line.number, line.range) }
    }

    /// Finds every name's lines in one pass now, unless they were found before: a command
    /// about to ask for many names (`plan`) saves the pass that finds the first one alone.
    package func indexEveryName() {
        guard index.withLock({ $0.all == nil }) else { return }
        let all = everyName()
        index.withLock { $0.all = all }
    }

    /// A name's field as bytes, hashed in one call rather than byte by byte.
    private struct NameBytes: Hashable {
        let bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

        static func == (a: NameBytes, b: NameBytes) -> Bool { a.bytes == b.bytes }
    }

    /// Every name's lines, by key, in one pass. Lines are grouped by their name's bytes
    /// first (a name repeated on the next line found without looking it up), and each
    /// group's key is made once at the end, where groups of one key in other cases or
    /// quoting are merged in line order.
    private func everyName() -> [String: [Line]] {
        var groups: [NameBytes: Int] = [:]
        var lines: [[Line]] = []
        var previous: (name: Range<Int>, group: Int)? = nil
        scan { found in
            guard let name = found.name else { return }
            let group: Int
            if let previous, bytes[previous.name] == bytes[name] {
                group = previous.group
            } else if let known = groups[NameBytes(bytes[name])] {
                group = known
            } else {
                group = lines.count
                groups[NameBytes(bytes[name])] = group
                lines.append([])
            }
            previous = (name, group)
            lines[group].append(Line(number: found.number, range: found.line))
        }
        var byKey: [String: [Int]] = [:]
        byKey.reserveCapacity(groups.count)
        for (name, group) in groups {
            let name = Array(name.bytes)
            var field = PriceBookCSV.unquoted(name, name.indices)
            while let first = field.first, first == 0x20 || first == 0x09 { field = field.dropFirst() }
            while let last = field.last, last == 0x20 || last == 0x09 { field = field.dropLast() }
            byKey[Observation.key(String(decoding: field, as: UTF8.self)), default: []].append(group)
        }
        var all: [String: [Line]] = [:]
        all.reserveCapacity(byKey.count)
        for (key, keyGroups) in byKey {
            all[key] = keyGroups.count == 1 ? lines[keyGroups[0]] : keyGroups.flatMap { lines[$0] }.sorted { $0.number < $1.number }
        }
        return all
    }

    /// Whether the header has the book's columns first, in their order, as per writes it.
    package var readsInOrder: Bool { inOrder }

    /// The lines of a name (`key`, as `forEachLine(named:)` finds them) that decide its last
    /// price at each store, in the file's order: its first line, and each store's first and
    /// last by date (of one day, the last recorded); the others are read for their day, store
    /// and currency alone. Nil when a line is not as per writes it or the currencies are not
    /// all written alike, where every line is to be read whole instead.
    package func deciding(_ key: String, interruption: Interruption) throws(ArithmeticError) -> [(number: Int, range: Range<Int>)]? {
        var lines: [(number: Int, range: Range<Int>)] = []
        forEachLine(named: key) { lines.append(($0, $1)) }
        var reader = BookLineReader()
        var currency: (key: BookLineReader.FieldKey?, range: Range<Int>)? = nil
        // Each store's field as written (by its key, or its bytes when longer): where its
        // first and its last line are.
        var stores: [(first: Int, last: Int, day: Int32)] = []
        var keyed: [BookLineReader.FieldKey: Int] = [:], long: [NameBytes: Int] = [:]
        for place in lines.indices {
            if place & 4095 == 4095 { try interruption.check() }
            guard let read = reader.dayStoreAndCurrency(bytes, lines[place].range) else { return nil }
            if let currency {
                guard currency.key != nil && currency.key == read.currencyKey || bytes[currency.range] == bytes[read.currency] else { return nil }
            } else {
                currency = (read.currencyKey, read.currency)
            }
            let known = read.storeKey.map { keyed[$0] } ?? long[NameBytes(bytes[read.store])]
            if let known {
                if read.day >= stores[known].day { stores[known] = (stores[known].first, place, read.day) }
            } else {
                if let key = read.storeKey { keyed[key] = stores.count } else { long[NameBytes(bytes[read.store])] = stores.count }
                stores.append((place, place, read.day))
            }
        }
        guard !lines.isEmpty else { return [] }
        var chosen: Set<Int> = [0]
        for place in stores {
            chosen.insert(place.first)
            chosen.insert(place.last)
        }
        return chosen.sorted().map { lines[$0] }
    }

    /// The entry of a line, or why it does not read.
    package func entry(_ line: Range<Int>, reader: inout BookLineReader) throws(ObservationError) -> BookEntry {
        try reader.entry(bytes, line, layout: layout, inOrder: inOrder, lastColumn: lastColumn)
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
        if asciiKey, field.isEmpty || bytes[field.lowerBound] != UInt8(ascii: "\"") {
            // Not quoted: the field's bytes, compared where they are as below.
            var start = field.lowerBound, end = field.upperBound
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while start < end, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            var position = 0
            for index in start..<end {
                let byte = bytes[index]
                if byte >= 0x80 { return Array(Observation.key(String(decoding: bytes[start..<end], as: UTF8.self)).utf8) == key }
                guard position < key.count, Self.folded(byte) == key[position] else { return false }
                position += 1
            }
            return position == key.count
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
