import PerCore
import PerNumbers

/// The price book's answers as a terminal shows them: a line for `seen` and `worth`,
/// tables for `history`, `where` and `prices` (with bars on a terminal).
extension TextRenderer {
    func priceBookLines(_ answer: PriceBookAnswer) -> [String] {
        switch answer {
        case .seen(let seen):
            let observation = seen.observation
            var line = "\(figure(observation.unitPriceText(observation.unitPrice))) \(observation.basis.perText)"
            if let place = seen.place, let before = seen.before {
                line += ": \(place), \(figure(PriceStanding.relation(observation.unitPrice, to: before.median))) the median"
            } else {
                line += ": the first price of \(observation.name)"
            }
            return [shown(line)] + (seen.shrink.map { [style.warning("note: ") + shown($0.text(figure: figure))] } ?? [])
        case .worth(let worth):
            let standing = worth.standing
            let asked = worth.asked
            var parts = ["\(figure(PriceStanding.relation(worth.unitPrice, to: standing.median))) the median",
                         "\(figure(PriceStanding.relation(worth.unitPrice, to: standing.lowest.unitPrice))) the lowest "
                            + "(\(standing.lowest.summary(figure: figure)))"]
            if standing.last != standing.lowest {
                parts.append("\(figure(PriceStanding.relation(worth.unitPrice, to: standing.last.unitPrice))) the last "
                             + "(\(standing.last.summary(figure: figure)))")
            }
            return [shown("\(figure(asked.unitPriceText(worth.unitPrice))) \(asked.basis.perText): " + parts.joined(separator: ", "))]
        case .history(let name, let observations, let standing):
            return historyLines(name: name, observations, standing)
        case .stores(let name, let ranked):
            return storeLines(name: name, ranked)
        case .catalogue(let standings):
            return catalogueLines(standings)
        case .message(let text):
            return [shown(text)]
        }
    }

    /// Oldest first: date, store, price, quantity, unit price, deal, the lowest marked.
    private func historyLines(name: String, _ observations: [Observation], _ standing: PriceStanding) -> [String] {
        let first = observations[0]
        let per = first.basis.perText
        let heading = "\(name): \(observations.count == 1 ? "1 price" : "\(observations.count) prices"), median "
            + "\(figure(first.unitPriceText(standing.median))) \(per), lowest \(figure(first.unitPriceText(standing.lowest.unitPrice)))"
        let largest = observations.map(\.unitPrice).max()!
        let rows = observations.map { observation -> [String] in
            let note = [observation.deal, observation.unitPrice == standing.lowest.unitPrice ? "← lowest" : ""].filter { !$0.isEmpty }
            return [observation.date.text, observation.store, observation.priceText, figure(observation.quantityText),
                    observation.unitPriceText(observation.unitPrice), note.joined(separator: " ")]
        }
        let bars = observations.map { largest.isZero ? 0 : ($0.unitPrice / largest).doubleValue }
        return [style.heading(shown(heading))]
            + tableLines(header: ["date", "store", "price", "qty", per, "deal"], rows: rows,
                         alignments: [.left, .left, .right, .right, .right, .left], figures: [2, 4], bars: bars, cutting: 1)
    }

    /// Cheapest first: each store's last price.
    private func storeLines(name: String, _ ranked: [Observation]) -> [String] {
        let per = ranked[0].basis.perText
        let best = ranked[0].unitPrice
        let rows = ranked.map { observation -> [String] in
            let versus = observation.unitPrice == best ? "best" : PriceStanding.percent(observation.unitPrice, against: best)
                .map { "+" + figure(Comparison.percentText(.exact($0))) + "%" } ?? ""
            return [observation.store.isEmpty ? "(no store)" : observation.store, observation.unitPriceText(observation.unitPrice),
                    observation.date.text, versus]
        }
        let largest = ranked.map(\.unitPrice).max()!
        return [style.heading(shown("\(name) by store, the last price seen at each"))]
            + tableLines(header: ["store", per, "seen", "vs best"], rows: rows, alignments: [.left, .right, .left, .right],
                         figures: [1], bars: ranked.map { largest.isZero ? 0 : ($0.unitPrice / largest).doubleValue })
    }

    /// Every product by name: its last and lowest unit price.
    private func catalogueLines(_ standings: [PriceStanding]) -> [String] {
        if standings.isEmpty { return ["the price book is empty: record a price with seen, as in seen 2.49 500 g Barilla @Lidl"] }
        let rows = standings.map { standing -> [String] in
            let last = standing.last
            return [last.name, last.unitPriceText(last.unitPrice), standing.lowest.unitPriceText(standing.lowest.unitPrice),
                    last.basis.perText, String(standing.count), last.store, last.date.text]
        }
        return tableLines(header: ["name", "last", "lowest", "", "seen", "last at", "on"], rows: rows,
                          alignments: [.left, .right, .right, .left, .right, .left, .left], figures: [1, 2], bars: [])
    }

    /// A table with its heading, figures lined up on their points, and bars on a terminal
    /// (dropped first when it is narrow; then the first column is cut).
    private func tableLines(header: [String], rows: [[String]], alignments: [Table.Alignment], figures: [Int], bars: [Double],
                            cutting: Int = 0) -> [String] {
        var columns = rows
        for column in figures {
            let aligned = TextRenderer.alignedOnPoint(rows.map { $0[column] })
            for index in columns.indices { columns[index][column] = aligned[index] }
        }
        let withBars = showBars && !bars.isEmpty
        var table = Table(alignments + (withBars ? [.left] : []))
        table.append(header + (withBars ? [""] : []))
        for (index, row) in columns.enumerated() {
            table.append(row.enumerated().map { figures.contains($0.offset) ? figure($0.element) : $0.element }
                         + (withBars ? [bar(bars[index])] : []))
        }
        table.fit(into: tableWidth(), dropping: withBars ? [alignments.count] : [], cutting: cutting)
        return table.lines { index, line in index == 0 ? style.heading(line) : line }
    }
}
