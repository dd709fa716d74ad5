import PerNumbers
import PerUnits
import PerLanguage

/// Reads a CSV file's columns as lists (`load FILE.csv`, `help lists`), a chunk of bytes at
/// a time, so that the file is never held whole: each column's values go straight into
/// its list, in one pass, with no copy per value.
///
/// The file as spreadsheets write it (RFC 4180): a header line naming the columns, fields
/// in double quotes holding separators, line breaks and doubled quotes (`""`), lines
/// ending in `\n` or `\r\n`, a UTF-8 byte-order mark first. The separator is the header
/// line's most frequent of `,`, `;` and tab outside quotes (`,` when it has none): a
/// spreadsheet in a decimal-comma language writes `;`. Cells are read in the session's
/// input notation (`CSVCell`). A column's first cell that is not empty decides its kind:
/// numbers (in the header's unit), dates, times of day or dates with times, or text,
/// which is not loaded. An empty cell is left out of its list, and said so in a note.
package struct CSVColumnReader {
    private let notation: InputNotation
    /// The name before each column's: `lab` of `lab.calcium`.
    private let stem: String
    /// The file's size, from which the lists' room is reserved once a few rows are read.
    private let sizeHint: Int
    /// The unit of a header's `(mg/L)`, read as the session reads units.
    private let readUnit: (String) -> CompoundUnit?

    private var separator: UInt8? = nil
    /// The bytes of the header line while its separator is not known.
    private var pending: [UInt8] = []
    private var field: [UInt8] = []
    private var inQuotes = false
    /// A `"` inside quotes just read: the next byte tells a doubled quote from the closing one.
    private var quoteInQuotes = false
    /// The field's length when its closing quote was read: a `\r` after it ends the line.
    private var quotedLength: Int? = nil
    private var fieldIndex = 0
    /// The line being read, and the line the record being read started on.
    private var line = 1
    private var recordLine = 1
    private var columns: [CSVColumn] = []
    private var headerRead = false
    private var rows = 0
    private var bytesRead = 0
    private var bytesAtFirstRow = 0
    private var reserved = false
    private var notes: [ColumnNote] = []

    package init(stem: String, notation: InputNotation, sizeHint: Int, readUnit: @escaping (String) -> CompoundUnit?) {
        self.stem = stem
        self.notation = notation
        self.sizeHint = sizeHint
        self.readUnit = readUnit
    }

    /// The lists a file makes, in the order of its columns, and what was left out.
    package struct Loaded: Sendable {
        package var lists: [(name: String, list: QuantityList)]
        package var rows: Int
        package var notes: [ColumnNote]
    }

    /// Reads the next bytes of the file.
    package mutating func read(_ chunk: ArraySlice<UInt8>) throws(ColumnRefusal) {
        guard separator == nil else { return try scan(chunk) }
        pending.append(contentsOf: chunk)
        guard let separator = Self.separator(ofHeaderIn: pending) else {
            guard pending.count <= ColumnRefusal.maxHeaderLength else { throw .headerTooLong }
            return
        }
        self.separator = separator
        var bytes = pending[...]
        pending = []
        // The byte-order mark a spreadsheet writes before UTF-8.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        try scan(bytes)
    }

    /// The lists, once every byte was read.
    package mutating func finish() throws(ColumnRefusal) -> Loaded {
        if separator == nil {
            guard !pending.isEmpty else { throw .noHeader }
            separator = Self.separator(ofHeaderIn: pending + [UInt8(ascii: "\n")])
            var bytes = pending[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            try scan(bytes)
        }
        if quoteInQuotes { (inQuotes, quoteInQuotes) = (false, false) }
        if inQuotes { throw .unclosedQuote(line: recordLine) }
        let last = field
        try endLine(last[...])
        guard headerRead else { throw .noHeader }
        var lists: [(name: String, list: QuantityList)] = []
        for index in columns.indices {
            guard let name = columns[index].name else { continue }
            if case .text(let line, let other) = columns[index].kind {
                notes.append(.text(column: index + 1, header: columns[index].header.trimmingBlanks, line: line, otherNotation: other))
                continue
            }
            guard let list = columns[index].list() else {
                notes.append(.noValues(column: index + 1, header: columns[index].header.trimmingBlanks))
                continue
            }
            if columns[index].empty > 0, let first = columns[index].firstEmptyLine {
                notes.append(.emptyCells(name: stem + "." + name, count: columns[index].empty, firstLine: first))
            }
            lists.append((stem + "." + name, list))
        }
        guard !lists.isEmpty else { throw .noColumns }
        return Loaded(lists: lists, rows: rows, notes: notes)
    }

    /// The header line's separator: its most frequent of `,` `;` and tab outside quotes,
    /// `,` for none; nil while its line has not ended.
    static func separator(ofHeaderIn bytes: [UInt8]) -> UInt8? {
        var counts = (comma: 0, semicolon: 0, tab: 0)
        var quoted = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: "\n") where !quoted:
                if counts.semicolon > counts.comma, counts.semicolon >= counts.tab { return UInt8(ascii: ";") }
                if counts.tab > counts.comma, counts.tab > counts.semicolon { return UInt8(ascii: "\t") }
                return UInt8(ascii: ",")
            case UInt8(ascii: ",") where !quoted: counts.comma += 1
            case UInt8(ascii: ";") where !quoted: counts.semicolon += 1
            case UInt8(ascii: "\t") where !quoted: counts.tab += 1
            default: break
            }
        }
        return nil
    }

    /// Splits bytes into fields and records, as RFC 4180 reads them. Outside quotes a
    /// field's bytes are found in one run up to the next separator, newline or quote and
    /// read where they are; only a field cut by a chunk's end or in quotes is copied.
    private mutating func scan(_ bytes: ArraySlice<UInt8>) throws(ColumnRefusal) {
        let separator = self.separator!
        let (quote, newline) = (UInt8(ascii: "\""), UInt8(ascii: "\n"))
        let end = bytes.endIndex
        var index = bytes.startIndex
        while index < end {
            if inQuotes {
                index = quoted(bytes, from: index)
                continue
            }
            var stop = index
            while stop < end {
                let byte = bytes[stop]
                if byte == separator || byte == newline || byte == quote { break }
                stop += 1
            }
            guard stop < end else {
                field.append(contentsOf: bytes[index..<stop])
                break
            }
            let byte = bytes[stop]
            if byte == quote {
                // A quote opens a field; inside an unquoted one it is a character of it.
                if stop == index, field.isEmpty, quotedLength == nil { inQuotes = true } else { field.append(contentsOf: bytes[index...stop]) }
                index = stop + 1
                continue
            }
            if field.isEmpty, quotedLength == nil {
                var cell = bytes[index..<stop]
                if byte == newline, cell.last == UInt8(ascii: "\r") { cell = cell.dropLast() }
                if byte == newline { try endLine(cell) } else { try endField(cell) }
            } else {
                field.append(contentsOf: bytes[index..<stop])
                if byte == newline, field.last == UInt8(ascii: "\r"), field.count > (quotedLength ?? -1) { field.removeLast() }
                let cell = field
                if byte == newline { try endLine(cell[...]) } else { try endField(cell[...]) }
            }
            index = stop + 1
        }
        bytesRead += bytes.count
    }

    /// Reads bytes inside quotes from `start`: up to the closing quote (a doubled quote is
    /// one of the field's), or to the end of the bytes. Where the next byte is read from.
    private mutating func quoted(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if quoteInQuotes {
                quoteInQuotes = false
                if byte == quote {
                    field.append(quote)
                    continue
                }
                // The quote before closed the field: this byte is read outside quotes.
                inQuotes = false
                quotedLength = field.count
                return index - 1
            }
            if byte == quote {
                quoteInQuotes = true
            } else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                field.append(byte)
            }
        }
        return index
    }

    /// The last field of a line, then the record; a blank line is no record.
    private mutating func endLine(_ cell: ArraySlice<UInt8>) throws(ColumnRefusal) {
        if fieldIndex > 0 || quotedLength != nil || !Self.isBlank(cell) {
            try endField(cell)
            try endRecord()
        } else {
            field.removeAll(keepingCapacity: true)
        }
        line += 1
        recordLine = line
    }

    /// The field just read (`cell`, or the header's) taken by its column.
    private mutating func endField(_ cell: ArraySlice<UInt8>) throws(ColumnRefusal) {
        defer {
            field.removeAll(keepingCapacity: true)
            quotedLength = nil
            fieldIndex += 1
        }
        guard headerRead else {
            guard fieldIndex < ColumnRefusal.maxColumns else { throw .tooManyColumns }
            guard let text = String(validating: cell, as: UTF8.self) else { throw .notText(line: recordLine) }
            columns.append(CSVColumn(header: text))
            return
        }
        guard fieldIndex < columns.count else {
            if Self.isBlank(cell) { return }
            throw .extraCell(line: recordLine, column: fieldIndex + 1, columns: columns.count)
        }
        let trimmed = Self.trimmed(cell)
        if separator == UInt8(ascii: ";"), notation == .dot, trimmed.contains(UInt8(ascii: ",")) {
            try refuseTwoReadings(trimmed, column: fieldIndex)
        }
        try columns[fieldIndex].take(trimmed, line: recordLine, column: fieldIndex + 1, notation: notation)
    }

    /// `1,500` in a file separated by `;` (as a spreadsheet with a decimal comma saves it),
    /// read in dot input, where it is 1500: refused when a decimal comma reads it too, as
    /// 1.5, naming both. A column not loaded, or of text, takes any cell.
    private func refuseTwoReadings(_ cell: ArraySlice<UInt8>, column index: Int) throws(ColumnRefusal) {
        guard columns[index].name != nil, !columns[index].isText,
              case .number(let grouped, _)? = CSVCell.read(cell, notation: .dot),
              case .number(let decimal, _)? = CSVCell.read(cell, notation: .comma), grouped != decimal else { return }
        let text = String(decoding: cell, as: UTF8.self)
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        throw .commaReadsTwoWays(line: recordLine, column: index + 1, header: columns[index].header.trimmingBlanks, cell: text,
                                 asGrouped: parts.joined(), asDecimal: parts.joined(separator: "."))
    }

    private mutating func endRecord() throws(ColumnRefusal) {
        defer { fieldIndex = 0 }
        guard headerRead else { return try readHeader() }
        // Cells missing at the end of a line are empty.
        while fieldIndex < columns.count {
            try columns[fieldIndex].take([], line: recordLine, column: fieldIndex + 1, notation: notation)
            fieldIndex += 1
        }
        rows += 1
        if rows == 1 { bytesAtFirstRow = bytesRead }
        if !reserved, rows == 256 { reserveRoom() }
    }

    /// Each header's name and unit, once the header line is read.
    private mutating func readHeader() throws(ColumnRefusal) {
        headerRead = true
        var taken: Set<String> = []
        for index in columns.indices {
            let header = CSVHeader(columns[index].header)
            guard let name = header.name else {
                notes.append(.headerNotAName(column: index + 1, header: columns[index].header.trimmingBlanks))
                continue
            }
            guard taken.insert(name).inserted else {
                notes.append(.duplicate(column: index + 1, name: stem + "." + name))
                continue
            }
            columns[index].name = name
            if let unit = header.unit, !unit.isEmpty {
                if let read = readUnit(unit) {
                    columns[index].unit = read
                } else {
                    notes.append(.unitNotRead(column: index + 1, header: columns[index].header.trimmingBlanks, unit: unit))
                }
            }
        }
    }

    /// Room in each list for the rows the file's size makes likely (2% more), from the
    /// bytes of the rows read so far, so that a long column is not grown by doubling; past
    /// that room a list grows by an eighth (`CSVColumn.take`).
    private mutating func reserveRoom() {
        reserved = true
        let perRow = max(1, (bytesRead - bytesAtFirstRow) / max(1, rows - 1))
        let likely = min(QuantityList.maxCount, sizeHint / perRow + sizeHint / perRow / 50 + 16)
        for index in columns.indices { columns[index].reserve(likely) }
    }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Without spaces and tabs at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var low = bytes.startIndex, high = bytes.endIndex
        while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
        while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
        return bytes[low..<high]
    }
}
