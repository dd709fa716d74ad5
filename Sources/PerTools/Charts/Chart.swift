import PerLanguage

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
        /// Whether a series is drawn in Unicode braille, 2 × 4 dots a character, its points
        /// joined, its glyph at its last point; else a glyph at each point.
        public let braille: Bool
        /// A mark's line.
        public var mark: Character = "┆"

        public static let unicode = Glyphs(series: ["●", "○", "◆", "◇", "▲", "△", "■", "□"], marked: "★", levels: ["┄", "═", "╌"],
                                           vertical: "│", horizontal: "─", corner: "└", braille: true, mark: "┆")
        public static let ascii = Glyphs(series: ["*", "o", "+", "x", "#", "@", "%", "&"], marked: "D", levels: ["-", "=", "~"],
                                         vertical: "|", horizontal: "-", corner: "+", braille: false, mark: ":")
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
    ///
    /// `paint` styles a run of the plot's characters by the series it belongs to (its
    /// number; -1 for a level or a blank), as a terminal's colours do; the width counts the
    /// characters alone.
    public func lines(width: Int, height: Int, glyphs: Glyphs, xLabel: (Double) -> String, yLabel: (Double) -> String,
                      paint: ((String, Int) -> String)? = nil) -> [String] {
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
        let frame = Frame(low: low, high: high, left: left, right: right, width: plotWidth, height: height)
        var grid = Grid(width: plotWidth, height: height)
        for (number, level) in levels.enumerated() {
            let r = frame.row(level.y)
            for c in 0..<plotWidth { grid.cells[r][c] = glyphs.levels[number % glyphs.levels.count] }
        }
        for mark in marks {
            let c = frame.column(mark.x)
            for r in 0..<height { grid.cells[r][c] = glyphs.mark }
        }
        if glyphs.braille {
            drawBraille(&grid, frame, glyphs)
        } else {
            // Series in turn, a later one over an earlier.
            for (number, one) in series.enumerated() {
                let glyph = glyphs.series[number % glyphs.series.count]
                for point in one.points where !point.marked { grid.set(frame.row(point.y), frame.column(point.x), glyph, series: number) }
            }
        }
        // Marked points over every other.
        for (number, one) in series.enumerated() {
            for point in one.points where point.marked { grid.set(frame.row(point.y), frame.column(point.x), glyphs.marked, series: number) }
        }
        var lines: [String] = []
        for r in 0..<height {
            let label = r == 0 ? yTexts[0] : r == height - 1 ? yTexts[2] : r == (height - 1) / 2 && height > 2 ? yTexts[1] : ""
            let line = String(repeating: " ", count: labelWidth - label.count) + label + " " + String(glyphs.vertical)
            lines.append(line + grid.row(r, paint: paint))
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + String(glyphs.corner) + String(repeating: glyphs.horizontal, count: plotWidth))
        lines.append(String(repeating: " ", count: labelWidth + 2) + xAxisLabels(left: left, right: right, width: plotWidth, xLabel))
        // The legend in lines as wide as the plot's, or the width asked for when wider.
        lines += Self.pieces(legend(glyphs), separator: "  ", width: max(width, labelWidth + 2 + plotWidth))
        return lines
    }

    /// The data's ranges on a plot of `width` columns and `height` rows.
    private struct Frame {
        let low: Double, high: Double, left: Double, right: Double
        let width: Int, height: Int

        func row(_ y: Double) -> Int { min(height - 1, max(0, Int(((high - y) / (high - low) * Double(height - 1)).rounded()))) }
        func column(_ x: Double) -> Int { min(width - 1, max(0, Int(((x - left) / (right - left) * Double(width - 1)).rounded()))) }
        /// A dot of braille: 2 a column, 4 a row.
        func dotRow(_ y: Double) -> Int { min(4 * height - 1, max(0, Int(((high - y) / (high - low) * Double(4 * height - 1)).rounded()))) }
        func dotColumn(_ x: Double) -> Int { min(2 * width - 1, max(0, Int(((x - left) / (right - left) * Double(2 * width - 1)).rounded()))) }
    }

    /// The plot's characters, each with the series it shows (-1 for none).
    private struct Grid {
        var cells: [[Character]]
        var owners: [[Int]]
        /// Each character's braille dots (Unicode's bits, U+2800 + dots), 0 for none.
        var dots: [[UInt8]]

        init(width: Int, height: Int) {
            cells = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
            owners = [[Int]](repeating: [Int](repeating: -1, count: width), count: height)
            dots = [[UInt8]](repeating: [UInt8](repeating: 0, count: width), count: height)
        }

        mutating func set(_ r: Int, _ c: Int, _ glyph: Character, series: Int) {
            cells[r][c] = glyph
            owners[r][c] = series
        }

        /// Braille's bit of the dot at column `x` (0, 1) and row `y` (0…3) of a character
        /// (Unicode 3.0, Braille Patterns: dots 1–3 and 7 down the left, 4–6 and 8 the right).
        static func bit(x: Int, y: Int) -> UInt8 {
            y == 3 ? (x == 0 ? 0x40 : 0x80) : UInt8(1) << UInt8(y + 3 * x)
        }

        mutating func dot(_ x: Int, _ y: Int, series: Int) {
            let (r, c) = (y / 4, x / 2)
            dots[r][c] |= Self.bit(x: x % 2, y: y % 4)
            cells[r][c] = Character(Unicode.Scalar(0x2800 + UInt32(dots[r][c]))!)
            owners[r][c] = series
        }

        /// A row as text, blanks at its end left out, each run of one series painted.
        func row(_ r: Int, paint: ((String, Int) -> String)?) -> String {
            var end = cells[r].count
            while end > 0, cells[r][end - 1] == " " { end -= 1 }
            guard let paint else { return String(cells[r][..<end]) }
            var text = "", start = 0
            while start < end {
                var stop = start + 1
                while stop < end, owners[r][stop] == owners[r][start] { stop += 1 }
                let run = String(cells[r][start..<stop])
                text += owners[r][start] < 0 ? run : paint(run, owners[r][start])
                start = stop
            }
            return text
        }
    }

    /// Each series in braille, its points joined in order of x by straight lines of dots
    /// (Bresenham's line algorithm), a later series over an earlier; its glyph at its last
    /// point, which the legend names.
    private func drawBraille(_ grid: inout Grid, _ frame: Frame, _ glyphs: Glyphs) {
        for (number, one) in series.enumerated() {
            let points = one.points.sorted { $0.x < $1.x }
            var previous: (x: Int, y: Int)? = nil
            for point in points {
                let (x, y) = (frame.dotColumn(point.x), frame.dotRow(point.y))
                var (x0, y0) = previous ?? (x, y)
                let (dx, dy) = (abs(x - x0), -abs(y - y0))
                let (sx, sy) = (x0 < x ? 1 : -1, y0 < y ? 1 : -1)
                var error = dx + dy
                // At most the plot's dots across and down: a step moves x or y or both.
                while true {
                    grid.dot(x0, y0, series: number)
                    if x0 == x && y0 == y { break }
                    let twice = 2 * error
                    if twice >= dy { error += dy; x0 += sx }
                    if twice <= dx { error += dx; y0 += sy }
                }
                previous = (x, y)
            }
            if let last = points.last {
                grid.set(frame.row(last.y), frame.column(last.x), glyphs.series[number % glyphs.series.count], series: number)
            }
        }
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

    /// Words in lines of at most `width` columns, broken at blanks (a word longer than the
    /// width alone on its line): a chart's heading and notes fitted to a terminal.
    public static func wrapped(_ text: String, width: Int) -> [String] {
        pieces(text.split(separator: " ", omittingEmptySubsequences: false).map(String.init), separator: " ", width: width)
    }

    /// Pieces joined by `separator` in lines of at most `width` columns, never broken inside one.
    static func pieces(_ pieces: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for piece in pieces {
            if line.isEmpty {
                line = piece
            } else if VisibleText.width(line) + separator.count + VisibleText.width(piece) <= width {
                line += separator + piece
            } else {
                lines.append(line)
                line = piece
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `● Lidl`, `○ Aldi`, `★ deal`, `┄┄ median`: the legend's entries.
    private func legend(_ glyphs: Glyphs) -> [String] {
        var parts = series.enumerated().map { "\(glyphs.series[$0.offset % glyphs.series.count]) \($0.element.name)" }
        if series.contains(where: { $0.points.contains(where: \.marked) }) { parts.append("\(glyphs.marked) deal") }
        parts += levels.enumerated().map { number, level in
            let glyph = glyphs.levels[number % glyphs.levels.count]
            return "\(glyph)\(glyph) \(level.name)"
        } + marks.map { "\(glyphs.mark) \($0.name)" }
        return parts
    }
}
