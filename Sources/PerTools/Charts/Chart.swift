/// An x–y chart drawn in text, pure: series of points, points marked apart (deals),
/// horizontal lines (a median, limits), on a true x axis, fitted to a width and a height in
/// characters. `Glyphs.unicode` draws with Unicode shapes and box lines, `Glyphs.ascii`
/// with plain characters (a dumb terminal, `NO_COLOR`). Used by `history NAME plot`; made
/// for any x–y figure (an estimator's sweep: up to three series against one input).
public struct Chart: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public let x: Double
        public let y: Double
        /// Drawn with the marked glyph (a deal).
        public let marked: Bool

        public init(x: Double, y: Double, marked: Bool = false) {
            self.x = x
            self.y = y
            self.marked = marked
        }
    }

    public struct Series: Sendable, Equatable {
        public let name: String
        public let points: [Point]

        public init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// A horizontal line across the chart, named in the legend (`median`).
    public struct Level: Sendable, Equatable {
        public let name: String
        public let y: Double

        public init(name: String, y: Double) {
            self.name = name
            self.y = y
        }
    }

    /// A vertical line across the chart, named in the legend (a limit on the x axis).
    public struct Mark: Sendable, Equatable {
        public let name: String
        public let x: Double

        public init(name: String, x: Double) {
            self.name = name
            self.x = x
        }
    }

    /// The characters a chart is drawn with.
    public struct Glyphs: Sendable, Equatable {
        /// One a series, in turn (a ninth series takes the first again).
        public let series: [Character]
        public let marked: Character
        /// One a level, in turn.
        public let levels: [Character]
        public let vertical: Character
        public let horizontal: Character
        public let corner: Character
        /// A mark's line.
        public var mark: Character = "┆"

        public static let unicode = Glyphs(series: ["●", "○", "◆", "◇", "▲", "△", "■", "□"], marked: "★", levels: ["┄", "═", "╌"],
                                           vertical: "│", horizontal: "─", corner: "└", mark: "┆")
        public static let ascii = Glyphs(series: ["*", "o", "+", "x", "#", "@", "%", "&"], marked: "D", levels: ["-", "=", "~"],
                                         vertical: "|", horizontal: "-", corner: "+", mark: ":")
    }

    public var series: [Series]
    public var levels: [Level]
    public var marks: [Mark]

    public init(series: [Series], levels: [Level] = [], marks: [Mark] = []) {
        self.series = series
        self.levels = levels
        self.marks = marks
    }

    /// Fewest and most columns and rows the plot area takes.
    public static let minimumWidth = 20, maximumWidth = 400
    public static let minimumHeight = 4, maximumHeight = 100

    /// The chart in `width` columns (the plot area, the y labels and the axis) and `height`
    /// rows of plot, then an axis line, the x labels and a legend. `yLabel` and `xLabel`
    /// write a value on the axes. Every point and level falls in the plot area: the ranges
    /// are those of the data (a single value gets a range around it).
    public func lines(width: Int, height: Int, glyphs: Glyphs, xLabel: (Double) -> String, yLabel: (Double) -> String) -> [String] {
        let all = series.flatMap(\.points)
        guard !all.isEmpty else { return [] }
        let height = min(max(height, Self.minimumHeight), Self.maximumHeight)
        let ys = all.map(\.y) + levels.map(\.y), xs = all.map(\.x) + marks.map(\.x)
        var (low, high) = (ys.min()!, ys.max()!)
        if low == high { (low, high) = (low - max(abs(low) * 0.1, 1), high + max(abs(high) * 0.1, 1)) }
        var (left, right) = (xs.min()!, xs.max()!)
        if left == right { (left, right) = (left - 1, right + 1) }
        // The y labels: top, middle and bottom, right-aligned in one column.
        let yTexts = [high, (low + high) / 2, low].map(yLabel)
        let labelWidth = yTexts.map(\.count).max()!
        let plotWidth = min(max(width - labelWidth - 2, Self.minimumWidth), Self.maximumWidth)
        var grid = [[Character]](repeating: [Character](repeating: " ", count: plotWidth), count: height)
        func row(_ y: Double) -> Int { min(height - 1, max(0, Int(((high - y) / (high - low) * Double(height - 1)).rounded()))) }
        func column(_ x: Double) -> Int { min(plotWidth - 1, max(0, Int(((x - left) / (right - left) * Double(plotWidth - 1)).rounded()))) }
        for (number, level) in levels.enumerated() {
            let r = row(level.y)
            for c in 0..<plotWidth { grid[r][c] = glyphs.levels[number % glyphs.levels.count] }
        }
        for mark in marks {
            let c = column(mark.x)
            for r in 0..<height { grid[r][c] = glyphs.mark }
        }
        // Series in turn, a later one over an earlier; marked points over every other.
        for (number, one) in series.enumerated() {
            let glyph = glyphs.series[number % glyphs.series.count]
            for point in one.points where !point.marked { grid[row(point.y)][column(point.x)] = glyph }
        }
        for point in all where point.marked { grid[row(point.y)][column(point.x)] = glyphs.marked }
        var lines: [String] = []
        for (r, cells) in grid.enumerated() {
            let label = r == 0 ? yTexts[0] : r == height - 1 ? yTexts[2] : r == (height - 1) / 2 && height > 2 ? yTexts[1] : ""
            let line = String(repeating: " ", count: labelWidth - label.count) + label + " " + String(glyphs.vertical) + String(cells)
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + String(glyphs.corner) + String(repeating: glyphs.horizontal, count: plotWidth))
        lines.append(String(repeating: " ", count: labelWidth + 2) + xAxisLabels(left: left, right: right, width: plotWidth, xLabel))
        lines.append(legend(glyphs))
        return lines
    }

    /// The first and last x, at the ends, and the middle one when there is room.
    private func xAxisLabels(left: Double, right: Double, width: Int, _ xLabel: (Double) -> String) -> String {
        let first = xLabel(left), last = xLabel(right), middle = xLabel((left + right) / 2)
        let gap = width - first.count - last.count
        guard gap >= 1 else { return first }
        if gap >= middle.count + 4 {
            let before = (width - middle.count) / 2 - first.count
            let after = width - first.count - before - middle.count - last.count
            if before >= 2 && after >= 2 {
                return first + String(repeating: " ", count: before) + middle + String(repeating: " ", count: after) + last
            }
        }
        return first + String(repeating: " ", count: gap) + last
    }

    /// `● Lidl  ○ Aldi  ★ deal  ┄ median`.
    private func legend(_ glyphs: Glyphs) -> String {
        var parts = series.enumerated().map { "\(glyphs.series[$0.offset % glyphs.series.count]) \($0.element.name)" }
        if series.contains(where: { $0.points.contains(where: \.marked) }) { parts.append("\(glyphs.marked) deal") }
        parts += levels.enumerated().map { number, level in
            let glyph = glyphs.levels[number % glyphs.levels.count]
            return "\(glyph)\(glyph) \(level.name)"
        } + marks.map { "\(glyphs.mark) \($0.name)" }
        return parts.joined(separator: "  ")
    }
}
