import PerNumbers
import PerTools

/// `history NAME plot`: a product's prices per unit on a true time axis, one series a
/// store, deals marked, the median a line, as a `Chart` fitted to the output's width.
extension TextRenderer {
    /// Columns a plot takes when the output's width is not known.
    static let defaultPlotWidth = 80
    /// Rows of the plot area.
    static let plotHeight = 12

    /// The plot of `history`; with `asked` (`worth … plot`), that unit price a line too, and
    /// no heading (the worth's line says where it sits).
    func historyPlotLines(_ history: PriceHistory, asked: Rational? = nil) -> [String] {
        let standing = history.standing
        let first = history.packs[0]
        let per = first.basis.perText
        let heading = "\(history.name): \(history.count == 1 ? "1 price" : "\(history.count) prices"), median "
            + "\(figure(first.unitPriceText(standing.median))) \(per), lowest \(figure(first.unitPriceText(standing.lowest.unitPrice)))"
        // Each pack's unit price and each store's series made once.
        let unitPrices = history.packs.map { $0.unitPrice.doubleValue }
        // By the store's name in any case: a key is a line's, and lines of one store seen in
        // one session each have their own.
        var seriesOf: [String: Int] = [:], names: [String] = [], points: [[Chart.Point]] = []
        for place in 0..<history.count {
            let row = history.row(place)
            let text = history.text(row.storeKey)
            let number = seriesOf[text.lowercased()] ?? {
                names.append(shown(text.isEmpty ? "no store" : text))
                points.append([])
                seriesOf[text.lowercased()] = names.count - 1
                return names.count - 1
            }()
            points[number].append(Chart.Point(x: Double(row.day), y: unitPrices[row.pack], marked: !history.text(row.dealKey).isEmpty))
        }
        let chart = Chart(series: zip(names, points).map { Chart.Series(name: $0, points: $1) },
                          levels: [Chart.Level(name: "median", y: standing.median.doubleValue)]
                            + (asked.map { [Chart.Level(name: "asked", y: $0.doubleValue)] } ?? []))
        let width = plotWidth
        let lines = chart.lines(width: width, height: Self.plotHeight,
                                glyphs: plainCharts ? .ascii : .unicode,
                                xLabel: { CalendarDate(dayNumber: Int($0.rounded()))?.text ?? "" },
                                yLabel: { first.unitPriceText(Rational(exactly: $0)) },
                                paint: style.enabled ? { [style] in style.series($0, $1) } : nil)
        return (asked == nil ? Chart.wrapped(shown(heading), width: width).map(style.heading) : []) + ["\(per), by date"] + lines
    }

    /// The columns a plot and the lines around it take: the output's width, or 80.
    var plotWidth: Int { tableWidth() ?? Self.defaultPlotWidth }

    /// A line said above a plot (`worth`'s), broken at blanks to fit its width.
    func plotFitted(_ lines: [String]) -> [String] {
        lines.flatMap { Chart.wrapped($0, width: plotWidth) }
    }
}
