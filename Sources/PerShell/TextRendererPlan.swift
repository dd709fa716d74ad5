import PerTools
import PerLanguage
import PerSession
import PerNumbers
import PerUnits

/// `plan` as text: each store's total for the whole trip, then the cheapest split.
extension TextRenderer {
    func planLines(_ plan: StorePlan) -> [String] {
        let currency = plan.currency.map { Currency(UnitTable.money($0, $0.symbol == $0.code ? .code : .prefix)) }
        let money = { (value: Rational) in self.moneyFigure(Currency.format(.exact(value), currency: currency)) }
        var lines: [String] = []
        var stores = Table([.left, .right, .left])
        stores.append(["store", "trip", "missing"])
        for trip in plan.stores {
            let missing = trip.missing.map { "\($0.list) (\($0.products.isEmpty ? "no products" : $0.products.joined(separator: ", ")))" }
            stores.append([shown(trip.store), trip.total.map(money) ?? "–", shown(missing.joined(separator: "; "))])
        }
        stores.fit(into: tableWidth(), cutting: 2)
        if let best = plan.bestStore, let total = best.total {
            lines.append("at one store: \(shown(best.store)), \(money(total))")
        } else {
            lines.append("no store has a price of every list's products")
        }
        lines += stores.lines { index, line in index == 0 ? style.heading(line) : line }
        guard let split = plan.split, let total = plan.splitTotal else {
            lines.append("no split: " + plan.unmet.map { "list \(shown($0))" }.joined(separator: ", ")
                         + " has no product seen at \(plan.stores.count == 1 ? "the store" : "any of the stores")")
            return lines
        }
        var saving = ""
        if let best = plan.bestStore?.total, best > total { saving = ", \(money(best - total)) less than at one store" }
        lines.append("split across stores: \(money(total))\(saving)")
        let deals = split.contains { !$0.offer.observation.deal.isEmpty }
        var table = Table([.left, .left, .left, .right, .left, .right, .left] + (deals ? [.left] : []))
        table.append(["list", "product", "store", "packs", "pack", "cost", "left over"] + (deals ? ["deal"] : []))
        for pick in split {
            let leftover = EnteredQuantity(packs: nil, amount: .exact(pick.leftover), unit: pick.need.unit).text
            table.append([shown(pick.list), shown(pick.offer.product), shown(pick.store), figure(NumberDisplay.display(.exact(Rational(pick.packs)), digits: 12).text),
                          figure(pick.offer.observation.quantityText), money(pick.cost), figure(leftover)]
                         + (deals ? [shown(pick.offer.observation.deal)] : []))
        }
        table.fit(into: tableWidth(), cutting: 1)
        return lines + table.lines { index, line in index == 0 ? style.heading(line) : line }
    }
}
