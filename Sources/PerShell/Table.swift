import PerTools
import PerLanguage
import PerSession

/// Lays out rows of cells in aligned columns, two spaces apart, with no trailing blanks.
/// Columns are measured in terminal columns (`VisibleText.width`), so wide CJK and emoji
/// names line up; cells are shown with hidden characters made visible.
/// Long tables are laid out in two passes — `measure` every row, then `format` each as it
/// is written — so they need not be kept in memory.
/// A table can be fitted to the terminal's width (`fit`): its bar column goes first, then
/// its name column is cut with `…`; numbers and units are never cut.
struct Table {
    /// Which side of its column a cell keeps to.
    enum Alignment { case left, right }

    /// The fewest columns a cut name keeps, `…` included.
    static let shortestCut = 6

    let alignments: [Alignment]
    private(set) var widths: [Int]
    private var rows: [[String]] = []
    /// The columns `fit` left out (the bars first), in ascending order.
    private var dropped: [Int] = []
    /// The column `fit` cut to its width in `widths`, if any.
    private var cut: Int?

    /// An empty table with a column for each alignment.
    init(_ alignments: [Alignment]) {
        self.alignments = alignments
        widths = [Int](repeating: 0, count: alignments.count)
    }

    /// How many terminal columns the widest line takes with the columns measured so far.
    private var lineWidth: Int {
        let kept = widths.indices.filter { !dropped.contains($0) }
        return kept.reduce(0) { $0 + widths[$1] } + 2 * max(0, kept.count - 1)
    }

    /// Fits the measured columns into `width` terminal columns (no limit when nil): when
    /// the lines are too wide, the `droppable` columns are left out, one by one in their
    /// order, while they still are; then the cells of `cuttable` are cut with `…`, down to
    /// `shortestCut` columns after an `indent` the cells begin with. When even that is too
    /// wide, nothing is cut and the rows are written whole (the terminal wraps them): a
    /// number is never cut (`fits` tells). Call it after measuring every row and before
    /// formatting.
    mutating func fit(into width: Int?, dropping droppable: [Int] = [], cutting cuttable: Int?, indent: Int = 0) {
        guard let width, lineWidth > width else { return }
        for column in droppable {
            dropped = (dropped + [column]).sorted()
            if lineWidth <= width { return }
        }
        guard let cuttable else { return }
        let narrower = widths[cuttable] - (lineWidth - width)
        guard narrower >= indent + Self.shortestCut else { return }
        widths[cuttable] = narrower
        cut = cuttable
    }

    /// Whether the lines, as fitted, take at most `width` columns.
    func fits(_ width: Int?) -> Bool { width.map { lineWidth <= $0 } ?? true }

    /// Widens the columns to fit a row.
    mutating func measure(_ row: [String]) {
        for (column, cell) in row.enumerated() { measure(cell, in: column) }
    }

    /// Widens a column to fit a cell.
    mutating func measure(_ cell: String, in column: Int) {
        widths[column] = max(widths[column], VisibleText.width(cell))
    }

    /// `format(row)`'s bytes appended to `out`.
    func write(_ row: [String], to out: inout [UInt8]) {
        guard dropped.isEmpty, cut == nil, row.allSatisfy(VisibleText.isPrintableASCII) else {
            out.append(contentsOf: format(row).utf8)
            return
        }
        Self.writeASCII(row, widths: widths, alignments: alignments, to: &out)
    }

    /// Cells of printable ASCII laid out in the columns from `column` on, padded to their
    /// widths and two spaces apart, trailing blanks kept: a piece of a row, which `write`
    /// would lay out the same, for a caller that puts rows together from pieces made once
    /// (then cuts a row's trailing blanks). Nil for other text, or when `fit` left out or
    /// cut a column.
    func piece(_ cells: [String], from column: Int) -> [UInt8]? {
        guard dropped.isEmpty, cut == nil, cells.allSatisfy(VisibleText.isPrintableASCII) else { return nil }
        var bytes: [UInt8] = []
        for (offset, cell) in cells.enumerated() {
            let padding = max(0, widths[column + offset] - cell.utf8.count)
            if offset > 0 { bytes += [0x20, 0x20] }
            if alignments[column + offset] == .right { bytes += repeatElement(0x20, count: padding) }
            bytes += cell.utf8
            if alignments[column + offset] == .left { bytes += repeatElement(0x20, count: padding) }
        }
        return bytes
    }

    /// Printable ASCII cells laid out as `layout` lays them out: bytes, one column each,
    /// nothing to make visible.
    private static func writeASCII(_ row: [String], widths: [Int], alignments: [Alignment], to out: inout [UInt8]) {
        let start = out.count
        // The line's blanks appended at once, then each cell's bytes put in its place.
        var length = 0
        for (column, cell) in row.enumerated() { length += (column > 0 ? 2 : 0) + max(widths[column], cell.utf8.count) }
        out.append(contentsOf: repeatElement(0x20, count: length))
        out.withUnsafeMutableBufferPointer { line in
            var position = start
            for (column, cell) in row.enumerated() {
                let count = cell.utf8.count
                let padding = max(0, widths[column] - count)
                if column > 0 { position += 2 }
                if alignments[column] == .right { position += padding }
                // The cell's bytes in place (a loop over its UTF-8 view goes index by index).
                if cell.utf8.withContiguousStorageIfAvailable({ (bytes) -> Void in
                    for byte in bytes { line[position] = byte; position += 1 }
                }) == nil {
                    for byte in cell.utf8 { line[position] = byte; position += 1 }
                }
                if alignments[column] == .left { position += padding }
            }
        }
        while out.count > start, out.last == 0x20 { out.removeLast() }
    }

    /// A row laid out in the measured columns, fitted as `fit` decided.
    func format(_ row: [String]) -> String {
        guard !dropped.isEmpty || cut != nil else { return Self.layout(row, widths: widths, alignments: alignments) }
        var shown = row
        if let cut, VisibleText.width(shown[cut]) > widths[cut] {
            shown[cut] = VisibleText.cut(VisibleText.visible(shown[cut]), toWidth: widths[cut])
        }
        var shownWidths = widths
        var shownAlignments = alignments
        for column in dropped.reversed() {
            shown.remove(at: column)
            shownWidths.remove(at: column)
            shownAlignments.remove(at: column)
        }
        return Self.layout(shown, widths: shownWidths, alignments: shownAlignments)
    }

    /// Cells laid out in columns of `widths`, two spaces apart, trailing blanks cut.
    private static func layout(_ row: [String], widths: [Int], alignments: [Alignment]) -> String {
        // Printable ASCII, as most rows are.
        if row.allSatisfy(VisibleText.isPrintableASCII) {
            var bytes: [UInt8] = []
            writeASCII(row, widths: widths, alignments: alignments, to: &bytes)
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
