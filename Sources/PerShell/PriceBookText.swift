import PerTools
import PerLanguage
import PerSession
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
                + seen.notes.map { style.approximate("note: ") + shown($0.message) }
        case .worthPlot(let worth, let history):
            return plotFitted(priceBookLines(.worth(worth))) + historyPlotLines(history, asked: worth.unitPrice)
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
        case .historyPlot(let history):
            return historyPlotLines(history)
        case .history(let history):
            var lines: [String] = []
            writeHistory(history) { build in
                var line: [UInt8] = []
                build(&line)
                lines.append(String(decoding: line, as: UTF8.self))
            }
            return lines
        case .stores(let name, let ranked):
            return storeLines(name: name, ranked)
        case .catalogue(let standings):
            return catalogueLines(standings)
        case .message(let confirmation):
            return [shown(confirmation.message)]
        case .pending:
            return []
        }
    }

    /// A history's cells made once: each pack's figures, bar and whether it is the lowest.
    private struct HistoryCells {
        let prices: [String]
        let quantities: [String]
        let unitPrices: [String]
        let isLowest: [Bool]
        let bars: [String]?

        /// The note of a row with a deal and a pack.
        func note(deal: String, pack: Int) -> String {
            deal.isEmpty ? (isLowest[pack] ? "← lowest" : "") : isLowest[pack] ? deal + " ← lowest" : deal
        }

        /// The key a row's note is told apart by.
        func noteKey(_ row: PriceHistory.Row) -> Int { 2 * row.dealKey + (isLowest[row.pack] ? 1 : 0) }
    }

    /// Oldest first: date, store, price, quantity, unit price, deal, the lowest marked.
    /// Written row by row (`write` is given what appends each line's bytes), each pack's
    /// figures worked out once, and each store, date and note measured once.
    func writeHistory(_ history: PriceHistory, to write: (_ build: (inout [UInt8]) -> Void) -> Void) {
        let standing = history.standing
        let packs = history.packs
        let first = packs[0]
        let per = first.basis.perText
        let heading = "\(history.name): \(history.count == 1 ? "1 price" : "\(history.count) prices"), median "
            + "\(figure(first.unitPriceText(standing.median))) \(per), lowest \(figure(first.unitPriceText(standing.lowest.unitPrice)))"
        write { $0.append(contentsOf: style.heading(shown(heading)).utf8) }
        // The price and the unit price lined up on their points (the widest places among
        // the packs are those among the rows).
        let largest = packs.map(\.unitPrice).max()!
        let cells = HistoryCells(prices: TextRenderer.alignedOnPoint(packs.map(\.priceText)).map(figure),
                                 quantities: packs.map { figure($0.quantityText) },
                                 unitPrices: TextRenderer.alignedOnPoint(packs.map { $0.unitPriceText($0.unitPrice) }).map(figure),
                                 isLowest: packs.map { $0.unitPrice == standing.lowest.unitPrice },
                                 bars: showBars ? packs.map { bar(largest.isZero ? 0 : ($0.unitPrice / largest).doubleValue) } : nil)
        var table = Table([.left, .left, .right, .right, .right, .left] + (cells.bars == nil ? [] : [.left]))
        let header = ["date", "store", "price", "qty", per, "deal"] + (cells.bars == nil ? [] : [""])
        table.measure(header)
        measureHistory(history, cells, in: &table)
        table.fit(into: tableWidth(), dropping: cells.bars == nil ? [] : [6], cutting: 1)
        write { $0.append(contentsOf: style.heading(table.format(header)).utf8) }
        writeHistoryRows(history, cells, in: table, to: write)
    }

    /// Widens the table's columns to fit every row: each pack, day, store and note once.
    private func measureHistory(_ history: PriceHistory, _ cells: HistoryCells, in table: inout Table) {
        for pack in history.packs.indices {
            table.measure(cells.prices[pack], in: 2)
            table.measure(cells.quantities[pack], in: 3)
            table.measure(cells.unitPrices[pack], in: 4)
            if let bars = cells.bars { table.measure(bars[pack], in: 6) }
        }
        // Whether a key was met before (`done` marks each one met).
        func met(_ key: Int, in done: inout [Bool]) -> Bool {
            if key >= done.count { done += repeatElement(false, count: key + 1 - done.count) }
            defer { done[key] = true }
            return done[key]
        }
        // Rows are in order of date: a day's text is made once, for its first row.
        var day = -1
        var stores: [Bool] = [], notes: [Bool] = []
        for place in 0..<history.count {
            let row = history.row(place)
            if row.day != day {
                day = row.day
                table.measure(row.date.text, in: 0)
            }
            if !met(row.storeKey, in: &stores) { table.measure(history.text(row.storeKey), in: 1) }
            if !met(cells.noteKey(row), in: &notes) { table.measure(cells.note(deal: history.text(row.dealKey), pack: row.pack), in: 5) }
        }
    }

    /// The rows, each put together from its pieces (`Table.piece`), each laid out once with
    /// the two spaces after it: its day's, its store's, its pack's and its note's. A row is
    /// its head, its day's and store's pieces, made once a day and store, and its tail, its
    /// pack's and note's with the row's trailing blanks cut, made once a pack and deal. A row
    /// with a piece of other text, or with a bar, is laid out whole.
    private func writeHistoryRows(_ history: PriceHistory, _ cells: HistoryCells, in table: Table,
                                  to write: (_ build: (inout [UInt8]) -> Void) -> Void) {
        let gap: [UInt8] = [0x20, 0x20]
        func piece(_ cells: [String], from column: Int) -> [UInt8]? { table.piece(cells, from: column).map { $0 + gap } }
        let packPieces = cells.bars != nil ? [] : history.packs.indices.map {
            piece([cells.prices[$0], cells.quantities[$0], cells.unitPrices[$0]], from: 2)
        }
        // By key: nil while not laid out, then the piece, or nil for other text.
        var storePieces: [[UInt8]??] = [], notePieces: [[UInt8]??] = []
        func piece(_ key: Int, in pieces: inout [[UInt8]??], _ make: () -> [UInt8]?) -> [UInt8]? {
            if key >= pieces.count { pieces += repeatElement(nil, count: key + 1 - pieces.count) }
            if let made = pieces[key] { return made }
            let made = make()
            pieces[key] = .some(made)
            return made
        }
        // Heads by store key, each for the day it was made; tails by pack, each for its deal key.
        var heads: [(day: Int, bytes: [UInt8])?] = []
        var tails = [(dealKey: Int, bytes: [UInt8])?](repeating: nil, count: cells.bars != nil ? 0 : history.packs.count)
        func head(_ entry: PriceHistory.Row, datePiece: [UInt8]) -> [UInt8]? {
            if entry.storeKey >= heads.count { heads += repeatElement(nil, count: entry.storeKey + 1 - heads.count) }
            if let made = heads[entry.storeKey], made.day == entry.day { return made.bytes }
            guard let storePiece = piece(entry.storeKey, in: &storePieces, { piece([history.text(entry.storeKey)], from: 1) }) else {
                return nil
            }
            let made = datePiece + storePiece
            heads[entry.storeKey] = (entry.day, made)
            return made
        }
        func tail(_ entry: PriceHistory.Row) -> [UInt8]? {
            if let made = tails[entry.pack], made.dealKey == entry.dealKey { return made.bytes }
            guard let packPiece = packPieces[entry.pack],
                  let notePiece = piece(cells.noteKey(entry), in: &notePieces, {
                      table.piece([cells.note(deal: history.text(entry.dealKey), pack: entry.pack)], from: 5)
                  }) else { return nil }
            var made = packPiece + notePiece
            while made.last == 0x20 { made.removeLast() }
            tails[entry.pack] = (entry.dealKey, made)
            return made
        }
        var day = -1, date = "", datePiece: [UInt8]? = nil
        var row = [String](repeating: "", count: cells.bars == nil ? 6 : 7)
        for place in 0..<history.count {
            let entry = history.row(place)
            if entry.day != day {
                (day, date) = (entry.day, entry.date.text)
                datePiece = cells.bars != nil ? nil : piece([date], from: 0)
            }
            if let datePiece, let head = head(entry, datePiece: datePiece), let tail = tail(entry) {
                write { line in
                    let start = line.count
                    line += head
                    line += tail
                    // A tail of blanks alone was cut whole: the head's are the row's last.
                    if tail.isEmpty { while line.count > start, line.last == 0x20 { line.removeLast() } }
                }
                continue
            }
            let deal = history.text(entry.dealKey)
            row[0] = date
            row[1] = history.text(entry.storeKey)
            row[2] = cells.prices[entry.pack]
            row[3] = cells.quantities[entry.pack]
            row[4] = cells.unitPrices[entry.pack]
            row[5] = cells.note(deal: deal, pack: entry.pack)
            if let bars = cells.bars { row[6] = bars[entry.pack] }
            write { table.write(row, to: &$0) }
        }
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
