/// Lays out rows of cells in aligned columns, two spaces apart, with no trailing blanks.
struct Table {
    enum Alignment { case left, right }

    let alignments: [Alignment]
    var rows: [[String]] = []

    init(_ alignments: [Alignment]) { self.alignments = alignments }

    mutating func append(_ row: [String]) { rows.append(row) }

    /// The lines, with `decorate(rowIndex, line)` applied after padding (for colour, which
    /// must not count toward the width).
    func lines(decorate: (Int, String) -> String = { $1 }) -> [String] {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.enumerated().map { index, row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { line += "  " }
                line += alignments[column] == .right ? padding + cell : cell + padding
            }
            while line.last == " " { line.removeLast() }
            return decorate(index, line)
        }
    }
}
