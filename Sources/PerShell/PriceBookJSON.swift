import PerTools
import PerLanguage
import PerSession

/// The price book's answers as JSON: each observation as the file's columns, unit prices
/// as numbers with their basis.
extension JSONRenderer {
    func priceBookFields(_ answer: PriceBookAnswer) -> [(String, JSON)] {
        switch answer {
        case .seen(let seen):
            return [("seen", observation(seen.observation)), ("place", seen.place.map(JSON.string) ?? .null),
                    ("median_before", seen.before.map { number(.exact($0.median)) } ?? .null),
                    ("shrink", seen.shrink.map { .string($0.text) } ?? .null)]
                + (seen.notes.isEmpty ? [] : [("notes", .array(seen.notes.map { .string($0.message) }))])
        case .worth(let worth), .worthPlot(let worth, _):
            return [("name", .string(worth.name)), ("unit_price", number(.exact(worth.unitPrice))), ("basis", .string(worth.asked.basis.text))]
                + standing(worth.standing)
        case .history(let history), .historyPlot(let history):
            return [("name", .string(history.name)), ("basis", .string(history.packs[0].basis.text))] + self.standing(history.standing)
                + [("rows", .array((0..<history.count).map { observation(history.observation($0)) }))]
        case .stores(let name, let ranked):
            return [("name", .string(name)), ("basis", .string(ranked[0].basis.text)), ("stores", .array(ranked.map(observation)))]
        case .catalogue(let standings):
            return [("products", .array(standings.map { .object([("name", .string($0.last.name)), ("basis", .string($0.last.basis.text))]
                                                                 + standing($0)) }))]
        case .message(let confirmation):
            return [("message", .string(confirmation.message))]
        case .pending:
            return [("message", .string(""))]
        }
    }

    private func standing(_ standing: PriceStanding) -> [(String, JSON)] {
        [("count", .number(standing.count)), ("median", number(.exact(standing.median))),
         ("lowest", observation(standing.lowest)), ("last", observation(standing.last))]
    }

    private func observation(_ observation: Observation) -> JSON {
        .object([("date", .string(observation.date.text)), ("store", .string(observation.store)), ("name", .string(observation.name)),
                 ("price", number(.exact(observation.price))), ("currency", observation.currency.map { .string($0.code) } ?? .null),
                 ("quantity", number(.exact(observation.amount))), ("unit", .string(observation.unit.symbol)),
                 ("unit_price", number(.exact(observation.unitPrice))), ("deal", .string(observation.deal)),
                 ("packs", observation.packs.map { .number($0) } ?? .null)])
    }
}
