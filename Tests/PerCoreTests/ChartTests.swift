import Testing
@testable import PerTools

/// The text chart (`history NAME plot`, and any x–y figure): pure, fitted to a width, a
/// true x axis, marked points and levels, in Unicode or plain characters.
@Suite("Charts")
struct ChartTests {
    static func label(_ x: Double) -> String { String(Int(x.rounded())) }

    static let two = Chart(series: [
        Chart.Series(name: "A", points: [.init(x: 0, y: 0), .init(x: 10, y: 10), .init(x: 5, y: 5, marked: true)]),
        Chart.Series(name: "B", points: [.init(x: 10, y: 0)]),
    ], levels: [Chart.Level(name: "median", y: 5)])

    @Test("a small chart, exactly: corners, a level, a marked point and the legend")
    func exact() {
        let lines = Self.two.lines(width: 26, height: 5, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label)
        // 26 columns: the labels' 2, a blank, the axis and 22 of plot (x 0…10 on columns 0…21).
        #expect(lines == [
            "10 |                     *",
            "   |",
            " 5 |-----------D----------",
            "   |",
            " 0 |*                    o",
            "   +----------------------",
            "    0         5         10",
            "* A  o B  D deal  -- median",
        ])
    }

    @Test("every line of the plot fits the width asked for", arguments: [20, 26, 40, 80, 133, 400])
    func fits(width: Int) {
        let points = (0..<5000).map { (n: Int) -> Chart.Point in
            let y: Int = (n * 7919) % 1000
            return Chart.Point(x: Double(n), y: Double(y), marked: n % 97 == 0)
        }
        let chart = Chart(series: [Chart.Series(name: "s", points: points)], levels: [Chart.Level(name: "median", y: 500)])
        for glyphs in [Chart.Glyphs.ascii, .unicode] {
            let lines = chart.lines(width: width, height: 10, glyphs: glyphs, xLabel: Self.label, yLabel: Self.label)
            #expect(lines.count == 10 + 3)
            for line in lines.dropLast() { #expect(line.count <= max(width, Chart.minimumWidth + 5), "\(line)") }
        }
    }

    @Test("plain characters only in ASCII; Unicode shapes and box lines otherwise")
    func glyphs() {
        let ascii = Self.two.lines(width: 40, height: 6, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label).joined()
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        let unicode = Self.two.lines(width: 40, height: 6, glyphs: .unicode, xLabel: Self.label, yLabel: Self.label).joined()
        for glyph in ["●", "○", "★", "┄", "│", "└"] { #expect(unicode.contains(glyph), "\(glyph)") }
        // Two levels are told apart.
        let levels = Chart(series: Self.two.series, levels: [Chart.Level(name: "median", y: 5), Chart.Level(name: "asked", y: 2)])
        let drawn = levels.lines(width: 40, height: 11, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label)
        #expect(drawn.contains { $0.hasSuffix("-------") } && drawn.contains { $0.hasSuffix("=======") })
        #expect(drawn.last == "* A  o B  D deal  -- median  == asked")
    }

    @Test("edge cases: nothing to draw, one point, all at one y, a height out of range", arguments: [
        (Chart(series: []), 0),
        (Chart(series: [Chart.Series(name: "one", points: [.init(x: 3, y: 2)])]), Chart.minimumHeight + 3),
        (Chart(series: [Chart.Series(name: "flat", points: [.init(x: 1, y: 2), .init(x: 9, y: 2)])], levels: [Chart.Level(name: "m", y: 2)]),
         Chart.minimumHeight + 3),
    ] as [(Chart, Int)])
    func edges(chart: Chart, count: Int) {
        #expect(chart.lines(width: 5, height: 1, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label).count == count)
    }

    @Test("x is a true axis: points land by their value, not their order")
    func trueAxis() {
        // Days 0, 1 and 10: the third point sits at the right end, far from the second.
        let chart = Chart(series: [Chart.Series(name: "s", points: [.init(x: 0, y: 1), .init(x: 1, y: 1), .init(x: 10, y: 1)])])
        let lines = chart.lines(width: 26, height: 4, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label)
        let row = lines.first { $0.contains("*") }!
        let stars = row.enumerated().filter { $0.element == "*" }.map(\.offset)
        // The labels' 1 column, a blank and the axis, then 23 of plot: x 0, 1, 10 on columns 0, 2, 22.
        #expect(stars == [3, 5, 25])
    }
}
