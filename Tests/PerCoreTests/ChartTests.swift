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
            // The legend broken between entries to fit the 26 columns.
            "* A  o B  D deal",
            "-- median",
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
        // The series in braille: dots of U+2800…U+28FF between the points.
        #expect(unicode.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(!ascii.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
        // Two levels are told apart.
        let levels = Chart(series: Self.two.series, levels: [Chart.Level(name: "median", y: 5), Chart.Level(name: "asked", y: 2)])
        let drawn = levels.lines(width: 40, height: 11, glyphs: .ascii, xLabel: Self.label, yLabel: Self.label)
        #expect(drawn.contains { $0.hasSuffix("-------") } && drawn.contains { $0.hasSuffix("=======") })
        #expect(drawn.last == "* A  o B  D deal  -- median  == asked")
    }

    @Test("braille: a line of dots from one point to the next, exactly")
    func brailleLine() {
        // Two points at the corners of a plot of 20 columns by 4 rows: 40 × 16 dots, joined.
        let chart = Chart(series: [Chart.Series(name: "s", points: [.init(x: 0, y: 0), .init(x: 39, y: 15)])])
        let lines = chart.lines(width: 24, height: 4, glyphs: .unicode, xLabel: Self.label, yLabel: Self.label)
        let plot = lines.prefix(4).map { String($0.drop { $0 != "│" }.dropFirst()) }
        // The last point takes the series' glyph; every other character of the diagonal is dots.
        #expect(plot[0].hasSuffix("●"))
        #expect(plot.allSatisfy { row in row.unicodeScalars.allSatisfy { $0 == " " || $0 == "●" || (0x2801...0x28FF).contains($0.value) } })
        // The line rises left to right: each row's dots start further right than the row below's.
        let columns = plot.map { row in row.unicodeScalars.firstIndex { $0 != " " }.map { row.unicodeScalars.distance(from: row.unicodeScalars.startIndex, to: $0) } ?? -1 }
        #expect(columns == columns.sorted(by: >) && Set(columns).count == 4, "\(columns)")
    }

    @Test("the legend and a heading fit the width, broken between entries and at blanks", arguments: [20, 40, 120])
    func legendFits(width: Int) {
        let names = ["Lidl", "Aldi", "Rewe", "Edeka", "Kaufland", "Netto", "Penny", "Globus"]
        let chart = Chart(series: names.enumerated().map { Chart.Series(name: $1, points: [.init(x: Double($0), y: Double($0), marked: $0 == 3)]) },
                          levels: [Chart.Level(name: "median", y: 3), Chart.Level(name: "asked", y: 2)])
        for glyphs in [Chart.Glyphs.ascii, .unicode] {
            let lines = chart.lines(width: width, height: 6, glyphs: glyphs, xLabel: Self.label, yLabel: Self.label)
            let plotWidth = lines[0].count
            for line in lines { #expect(line.count <= max(width, plotWidth), "\(line)") }
            #expect(lines.joined().contains("Globus") && lines.joined().contains("asked"))
        }
        let heading = "Barilla Integrale Spaghetti n.5: 5,000 prices, median 4.98 per kg, lowest 3.98"
        let wrapped = Chart.wrapped(heading, width: width)
        #expect(wrapped.joined(separator: " ") == heading)
        for line in wrapped { #expect(line.count <= max(width, 31), "\(line)") }
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
