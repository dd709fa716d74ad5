import PerCore

/// Lays out rows of cells in aligned columns, two spaces apart, with no trailing blanks.
/// Columns are measured in terminal columns (`VisibleText.width`), so wide CJK and emoji
/// names line up; cells are shown with hidden characters made visible.
/// Long tables are laid out in two passes — `measure` every row, then `format` each as it
/// is written — so they need not be kept in memory.
struct Table {
    enum Alignment { case left, right }

    let alignments: [Alignment]
    private(set) var widths: [Int]
    private var rows: [[String]] = []

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
        widths = [Int](repeating: 0, count: alignments.count)
    }

    /// Widens the columns to fit a row.
    mutating func measure(_ row: [String]) {
        for (column, cell) in row.enumerated() { widths[column] = max(widths[column], VisibleText.width(cell)) }
    }

    /// A row laid out in the measured columns.
    func format(_ row: [String]) -> String {
        // Printable ASCII, as most rows are: bytes, one column each, nothing to make visible.
        if row.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(widths.reduce(2 * row.count, +))
            for (column, cell) in row.enumerated() {
                let padding = max(0, widths[column] - cell.utf8.count)
                if column > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
                if alignments[column] == .right { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
                bytes.append(contentsOf: cell.utf8)
                if alignments[column] == .left { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
            while bytes.last == 0x20 { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        var line = ""
        for (column, cell) in row.enumerated() {
            let cell = VisibleText.visible(cell)
            let padding = String(repeating: " ", count: max(0, widths[column] - VisibleText.width(cell)))
            if column > 0 { line += "  " }
            line += alignments[column] == .right ? padding + cell : cell + padding
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Keeps a row for `lines`, for short tables.
    mutating func append(_ row: [String]) {
        measure(row)
        rows.append(row)
    }

    /// The kept rows, with `decorate(rowIndex, line)` applied after padding (for colour,
    /// which must not count toward the width).
    func lines(decorate: (Int, String) -> String = { $1 }) -> [String] {
        rows.enumerated().map { decorate($0.offset, format($0.element)) }
    }
}
