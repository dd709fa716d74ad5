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
        if row.allSatisfy(VisibleText.isPrintableASCII) {
            var length = 0
            for (column, cell) in row.enumerated() { length += (column > 0 ? 2 : 0) + max(widths[column], cell.utf8.count) }
            // Written straight into the string, then trailing blanks cut.
            return String(unsafeUninitializedCapacity: length) { out in
                var count = 0
                func blanks(_ n: Int) { for _ in 0..<n { out[count] = 0x20; count += 1 } }
                for (column, cell) in row.enumerated() {
                    let padding = max(0, widths[column] - cell.utf8.count)
                    if column > 0 { blanks(2) }
                    if alignments[column] == .right { blanks(padding) }
                    // The cell's bytes in place (a loop over its UTF-8 view goes index by index).
                    if cell.utf8.withContiguousStorageIfAvailable({ (bytes) -> Void in
                        for byte in bytes { out[count] = byte; count += 1 }
                    }) == nil {
                        for byte in cell.utf8 { out[count] = byte; count += 1 }
                    }
                    if alignments[column] == .left { blanks(padding) }
                }
                while count > 0 && out[count - 1] == 0x20 { count -= 1 }
                return count
            }
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
