import PerNumbers
import PerTools
import PerLanguage

/// A sweep as `--csv`, `--json` or `plot` asks: rows for a report, the sweep's object, or
/// an x–y chart of up to three results against the swept input, with the limits it passes
/// drawn as vertical lines.
extension TextRenderer {
    /// Rows of a sweep's plot.
    static let sweepPlotHeight = 12

    func sweepFormLines(_ sweep: Sweep) -> [String]? {
        switch sweep.form {
        case .table: return nil
        case .csv: return sweepCSVLines(sweep)
        case .json: return [String(decoding: JSON.object(JSONRenderer().sweepFields(sweep)).utf8(), as: UTF8.self)]
        case .plot: return sweepPlotLines(sweep)
        }
    }

    /// The header (the key and each result, with its unit in brackets), then a line a row:
    /// the value swept and each result, ungrouped, with the column's decimals (money with
    /// two), an empty cell where a row has none. Names and units hold no commas or quotes.
    func sweepCSVLines(_ sweep: Sweep) -> [String] {
        let keyUnit = sweep.rows.first.map { $0.value.isPlain ? "" : $0.value.unit.symbol } ?? ""
        let currency = sweep.currency?.code.code ?? ""
        let header = [keyUnit.isEmpty ? sweep.key : "\(sweep.key) (\(keyUnit))"] + sweep.columns.map { column in
            let unit = column.isMoney ? currency : column.unit
            return unit.isEmpty ? column.name : "\(column.name) (\(unit))"
        }
        let cells = sweep.columns.indices.map { column in
            let values = sweep.rows.compactMap { $0.results[column] }
            var texts = (sweep.columns[column].isMoney ? values.map { EstimateFormat.money($0) } : EstimateFormat.column(values))
                .map { $0.filter { $0 != "," } }.makeIterator()
            return sweep.rows.map { $0.results[column] == nil ? "" : texts.next() ?? "" }
        }
        return [shown(header.joined(separator: ","))] + sweep.rows.indices.map { row in
            shown(([EstimateFormat.ungrouped(sweep.rows[row].value.magnitude)] + cells.map { $0[row] }).joined(separator: ","))
        }
    }

    /// The heading cut to the output's width (`…` at its end, wide characters counted),
    /// the chart fitted to it, and the warnings broken at blanks to fit it too.
    func sweepPlotLines(_ sweep: Sweep) -> [String] {
        let width = tableWidth() ?? Self.defaultPlotWidth
        let shared = inputList(sweep.inputs.filter { !$0.isDefault })
        let title = "sweep \(sweep.estimator) \(sweep.key)"
        let whole = VisibleText.cut(title + (shared.isEmpty ? "" : ": " + shared), toWidth: width)
        let heading = whole.hasPrefix(title) ? style.heading(title) + whole.dropFirst(title.count) : style.heading(whole)
        let series = sweep.columns.indices.prefix(Sweep.mostPlotted).map { column in
            let name = sweep.columns[column].isMoney ? sweep.columns[column].name + (sweep.currency.map { " " + $0.code.code } ?? "")
                : [sweep.columns[column].name, sweep.columns[column].unit].filter { !$0.isEmpty }.joined(separator: " ")
            return Chart.Series(name: shown(name), points: sweep.rows.compactMap { row in
                row.results[column].map { Chart.Point(x: row.value.magnitude.doubleValue, y: $0.doubleValue) }
            })
        }
        let chart = Chart(series: series, marks: sweep.limits.map { Chart.Mark(name: shown($0.name), x: $0.at) })
        let unit = sweep.rows.first.map { $0.value.isPlain ? "" : " " + $0.value.unit.symbol } ?? ""
        let lines = chart.lines(width: width, height: Self.sweepPlotHeight,
                                glyphs: plainCharts ? .ascii : .unicode,
                                xLabel: { Self.plotLabel($0) }, yLabel: { Self.plotLabel($0) })
        return [heading, VisibleText.cut(shown("by \(sweep.key)\(unit)"), toWidth: width)] + lines
            + sweep.warnings.flatMap { fittedWarning($0, width: width) }
    }

    /// `warning: …` broken at blanks into lines of the width, the word `warning:` styled.
    func fittedWarning(_ warning: String, width: Int) -> [String] {
        let prefix = "warning: "
        return Chart.wrapped(prefix + shown(figure(warning)), width: width).enumerated().map { index, line in
            index == 0 && line.hasPrefix(prefix) ? style.warning(prefix) + line.dropFirst(prefix.count) : line
        }
    }

    /// An axis label: at most three decimals, and no more than four significant digits
    /// after the point.
    static func plotLabel(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let decimals = abs(value) >= 1000 ? 0 : abs(value) >= 100 ? 1 : abs(value) >= 10 ? 2 : 3
        guard let fixed = NumberDisplay.fixed(Rational(exactly: value), decimals: decimals) else { return "" }
        var text = fixed.text
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
