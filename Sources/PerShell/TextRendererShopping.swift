import PerTools
import PerLanguage
import PerSession
import PerNumbers
import PerUnits

/// The shopping list's outcomes as text: the draft, the comparison table with its bars,
/// the best buy, the lists and what to buy to reach a need.
extension TextRenderer {
    func draftLine(_ draft: Draft) -> String {
        if draft.isEmpty { return "draft: empty (set it with price, qty, unit and name, then add)" }
        let price = draft.price.map { Currency.format($0, currency: draft.currency) } ?? "?"
        let quantity = draft.quantity.map { draft.unit == nil ? EnteredQuantity.text(packs: $0.packs, amount: $0.amount, unit: nil) : $0.text }
            ?? (draft.unit.map { "? \($0.symbol)" } ?? "?")
        return "draft: price \(price), qty \(quantity)" + (draft.name.map { ", name \(shown($0))" } ?? "")
    }

    /// A product's price in the list's currency, and as written when it was converted:
    /// `$3.24 (€3.00)`.
    static func price(of product: Product, currency: Currency?) -> String {
        let price = Currency.format(product.price, currency: currency)
        guard let written = product.written else { return price }
        return "\(price) (\(Currency.format(written.amount, currency: written.currency)))"
    }

    /// The ranked table, written row by row: a first pass measures the columns, a second
    /// formats each row as it goes out, so a long list is never held as text. In a narrow
    /// terminal the bars go first; if the rows are still too wide, the table is measured
    /// again compact (`qty`, `/kg`, `+19.9%` without `vs best`, a deal without what it
    /// takes; then without the rank, which the order shows, the shelf price and the deal) and long
    /// names are cut.
    func writeComparison(_ comparison: Comparison, to emit: (String) -> Void) {
        // On a terminal, a bar column between the unit price and the difference.
        // With deals, the deal each row relies on and the shelf unit price beside the one paid.
        let deals = comparison.hasDeals
        let seen = comparison.lowestSeen != nil
        let alignments: [Table.Alignment] = [.right, .right, .left, .right, .left] + (deals ? [.left] : []) + [.right]
            + (deals ? [.right] : []) + (seen ? [.right] : []) + (showBars ? [.left] : []) + [.left]
        var table = Table(alignments)
        var compact = false
        var header: [String] {
            let perText = comparison.basis.perText
            var header = ["rank", "#", "name", "price", compact ? "qty" : "quantity"]
            if deals { header.append("deal") }
            header.append(compact && perText.hasPrefix("per ") ? "/" + perText.dropFirst(4) : perText)
            if deals { header.append("shelf") }
            if seen { header.append("lowest seen") }
            if showBars { header.append("") }
            header.append("")
            return header
        }
        // Bars to one scale: the price paid in full cells, what the deal saves beyond it in
        // light ones, up to the shelf price.
        func shelfPrice(_ row: Comparison.Row) -> Number? {
            deals && comparison.dealUsed(row) != nil ? comparison.shelfUnitPrice(row) : nil
        }
        let highest = deals ? comparison.rows.map { max($0.unitPrice.doubleValue, shelfPrice($0)?.doubleValue ?? 0) }.max() ?? 0
            : comparison.rows.last.map { $0.unitPrice.doubleValue } ?? 0
        func money(_ amount: Number) -> String { figure(Currency.format(amount, currency: comparison.currency, unitPrice: true)) }
        func bars(_ row: Comparison.Row) -> String {
            let paid = bar(row.unitPrice.doubleValue / highest)
            guard let shelf = shelfPrice(row)?.doubleValue, highest > 0, shelf.isFinite else { return paid }
            let cells = Int((max(0, min(1, shelf / highest)) * 20).rounded()) - paid.count
            return paid + String(repeating: "░", count: max(0, cells))
        }
        func cells(_ row: Comparison.Row) -> [String] {
            let product = comparison.product(row)
            // One array, filled in place: this runs twice for every row of a long list.
            var cells: [String] = []
            cells.reserveCapacity(header.count)
            cells.append(NumberDisplay.decimal(row.rank))
            cells.append(NumberDisplay.decimal(product.id))
            cells.append(product.name)
            cells.append(figure(Self.price(of: product, currency: comparison.currency)))
            cells.append(figure(product.quantity.text))
            if deals {
                // Compact: the deal itself (`3 for 2`), not what it takes (`, buy 3`).
                let deal = comparison.dealText(row)
                cells.append(shown(compact ? String(deal.prefix { $0 != "," }) : deal))
            }
            cells.append(money(row.unitPrice))
            if deals { cells.append(shelfPrice(row).map(money) ?? "") }
            if let lowest = comparison.lowestSeen { cells.append(lowest[product.id].map(money) ?? "") }
            if showBars { cells.append(bars(row)) }
            let versus = comparison.vsBestText(row)
            cells.append(figure(compact && versus.hasSuffix(" vs best") ? String(versus.dropLast(8)) : versus))
            return cells
        }
        let width = tableWidth()
        let bars = showBars ? [header.count - 2] : []
        table.measure(header)
        for row in comparison.rows { table.measure(cells(row)) }
        table.fit(into: width, dropping: bars, cutting: 2)
        if !table.fits(width) {
            compact = true
            table = Table(alignments)
            table.measure(header)
            for row in comparison.rows { table.measure(cells(row)) }
            table.fit(into: width, dropping: bars + [0] + (deals ? [7, 5] : []), cutting: 2)
        }
        emit(style.heading(table.format(header)))
        for row in comparison.rows {
            let line = table.format(cells(row))
            emit(row.isBest ? style.best(line) : line)
        }
    }

    /// A horizontal bar of up to 20 cells for a fraction in 0…1, in eighths of a cell.
    func bar(_ fraction: Double) -> String {
        let eighths = fraction.isFinite ? Int((max(0, min(1, fraction)) * 160).rounded()) : 0
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    func bestLine(_ summary: BestSummary) -> String {
        let comparison = summary.comparison
        let per = comparison.basis.perText
        func price(_ amount: Number) -> String { figure(Currency.format(amount, currency: comparison.currency, unitPrice: true)) }
        let names = summary.best.map { shown(comparison.product($0).name) }
        let top = summary.best[0]
        var line = names.count == 1
            ? "best: \(names[0]) at \(price(top.unitPrice)) \(per)"
            : "best: \(names.dropLast().joined(separator: ", ")) and \(names.last!) tie at \(price(top.unitPrice)) \(per)"
        // The deals the best price relies on.
        let relied = summary.best.filter { comparison.dealUsed($0) != nil }
        if names.count == 1, let only = relied.first {
            line += " with \(shown(comparison.dealText(only)))"
        } else if !relied.isEmpty {
            line += " (with " + relied.map { "\(shown(comparison.product($0).name)): \(shown(comparison.dealText($0)))" }.joined(separator: "; ") + ")"
        }
        guard let runnerUp = summary.runnerUp else {
            return line + (names.count == 1 ? " (the only product)" : "")
        }
        line += ", \(summary.saving.map(price) ?? "?") \(per)"
        if let percent = summary.savingPercent { line += " (\(figure(Comparison.percentText(percent)))%)" }
        return line + " cheaper than \(shown(comparison.product(runnerUp).name)) at \(price(runnerUp.unitPrice)) \(per)"
    }

    /// `lists`: each list, the current one marked, with its products, need and best.
    func listLines(_ lists: [ListSummary]) -> [String] {
        var table = Table([.left, .right, .left, .left])
        table.append(["  list", "products", "need", "best"])
        for list in lists {
            let best = list.best.map { name in
                shown(name) + (list.unitPrice.map { ", " + figure(Currency.format($0, currency: list.currency, unitPrice: true))
                    + (list.basis.map { " " + $0.perText } ?? "") } ?? "")
            } ?? ""
            table.append([(list.isCurrent ? "* " : "  ") + shown(list.name), String(list.products), list.need?.text ?? "", best])
        }
        return table.lines { index, line in index == 0 ? style.heading(line) : line }
    }

    func needLines(_ plan: NeedPlan) -> [String] {
        let deals = plan.hasDeals
        var table = Table([.left, .right, .right, .left] + (deals ? [.left] : []))
        table.append(["name", "packs", "cost", "left over"] + (deals ? ["deal"] : []))
        for row in plan.rows {
            let leftover = EnteredQuantity(packs: nil, amount: row.leftover, unit: plan.target.unit).text
            let deal = row.product.deal.map { $0.text(currency: plan.currency) + (row.usesDeal ? "" : " (off)") } ?? ""
            table.append([row.product.name, figure(NumberDisplay.display(row.packs, digits: 12).text),
                          moneyFigure(Currency.format(row.cost, currency: plan.currency)), figure(leftover)] + (deals ? [shown(figure(deal))] : []))
        }
        table.fit(into: tableWidth(), cutting: 0)
        return ["to get \(figure(plan.target.text)):"] + table.lines { index, line in index == 0 ? style.heading(line) : line }
    }
}
