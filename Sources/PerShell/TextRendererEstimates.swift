import PerTools
import PerLanguage
import PerSession
import PerNumbers
import PerUnits

/// An estimate as text: its inputs, results, tables, conventions and warnings.
extension TextRenderer {
    /// `steam 10 t/h ±0.5, tds 300 ppm`: inputs as used, their numbers written as the
    /// figures are (with a decimal comma in comma input).
    func inputList(_ inputs: [Estimate.UsedInput]) -> String {
        inputs.map { shown(figure("\($0.shownKey) \($0.shownText)")) }.joined(separator: ", ")
    }

    /// An estimate's lines. Every number in them, in the inputs, the table, the defaults,
    /// the notes and the warnings, goes through `figure`.
    func estimateLines(_ estimate: Estimate) -> [String] {
        let given = inputList(estimate.inputs.filter { !$0.isDefault })
        let defaults = inputList(estimate.inputs.filter(\.isDefault))
        var lines = [style.heading(estimate.estimator) + (given.isEmpty ? "" : ": " + given)]
        // Label, value and unit, then the second figure (its values aligned on their
        // points) and the note, or the note alone.
        let firsts = TextRenderer.alignedOnPoint(estimate.lines.map(\.value))
        let seconds = TextRenderer.alignedOnPoint(estimate.lines.map { $0.figures.count > 1 ? $0.figures[1].value : "" })
        let secondWidth = seconds.map(VisibleText.width).max() ?? 0
        var table = Table([.left, .right, .left, .left])
        for (index, line) in estimate.lines.enumerated() {
            var rest = line.note
            if line.figures.count > 1 {
                let value = String(repeating: " ", count: secondWidth - VisibleText.width(seconds[index])) + seconds[index]
                rest = [value + " " + line.figures[1].unit, line.note].filter { !$0.isEmpty }.joined(separator: "  ")
            }
            table.append(["  " + line.label, figure(firsts[index]), line.figures.first?.unit ?? "", figure(rest)])
        }
        let width = tableWidth()
        table.fit(into: width, cutting: 0, indent: 2)
        lines += table.lines()
        for table in estimate.shownTables { lines += tableLines(table, width: width) }
        if !defaults.isEmpty { lines.append(style.approximate("defaults: " + defaults)) }
        for convention in estimate.conventions where !estimate.quietNotes.contains(convention) {
            lines.append(style.approximate("note: " + shown(figure(convention))))
        }
        for warning in estimate.warnings { lines.append(style.warning("warning: ") + shown(figure(warning))) }
        return lines
    }

    /// A table of an estimate or a sweep: labels on the left, figures aligned on their
    /// points, and a bar a row when it has them (dropped first when the terminal is narrow).
    /// `dropping`: figure columns that may go too, in turn, when the bars were not enough.
    func tableLines(_ table: Estimate.Table, width: Int?, dropping: [Int] = []) -> [String] {
        let figures = table.header.count - table.labelColumns
        var shown = Table(Array(repeating: .left, count: table.labelColumns) + Array(repeating: .right, count: figures)
                          + (table.bars.isEmpty ? [] : [.left]))
        shown.append(table.header.map { "  " + $0 } + (table.bars.isEmpty ? [] : [""]))
        // Figures line up on their decimal points, column by column.
        var columns = table.rows.map { $0 }
        for column in table.labelColumns..<table.header.count {
            let aligned = TextRenderer.alignedOnPoint(table.rows.map { $0[column] })
            for index in columns.indices { columns[index][column] = aligned[index] }
        }
        for (index, row) in columns.enumerated() {
            shown.append(row.map { "  " + figure($0) } + (table.bars.isEmpty ? [] : [bar(table.bars[index])]))
        }
        shown.fit(into: width, dropping: (table.bars.isEmpty ? [] : [table.header.count]) + dropping, cutting: 0, indent: 2)
        return shown.lines { index, line in index == 0 ? style.heading(line) : line }
    }

    /// Numbers padded on the right so that, right-aligned, their decimal points line up
    /// (`4.27` over `0.427`, `23.5` over `10,444.44`). Text in e notation or that is not a
    /// number is left as it is.
    static func alignedOnPoint(_ values: [String]) -> [String] {
        // A number's text is ASCII digits, `.`, `,` and `-`, one byte a character: its bytes
        // are looked at, not its characters' Unicode properties.
        func decimals(_ value: String) -> Int? {
            var count = 0, point: Int? = nil
            for byte in value.utf8 {
                switch byte {
                case 0x30...0x39, UInt8(ascii: ","), UInt8(ascii: "-"): break
                case UInt8(ascii: "."): if point == nil { point = count }
                default: return nil
                }
                count += 1
            }
            guard count > 0 else { return nil }
            return point.map { count - $0 } ?? 0
        }
        // Each value's places found once; a value with the most places is kept as it is.
        let places = values.map(decimals)
        let widest = places.lazy.compactMap { $0 }.max() ?? 0
        return zip(values, places).map { value, own in
            guard let own, own < widest else { return value }
            return value + String(repeating: " ", count: widest - own)
        }
    }
}
