import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `plan [@STORE …]` (`help plan`): each list's need bought at one store or split across
/// stores, from the price book's last price of each of the list's products at each store.
extension Session {
    func plan(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let book = try openBook(arguments)
        var reader = arguments
        var chosen: [(store: String, range: Range<Int>)] = []
        while let word = reader.nextWord {
            guard !word.isQuoted, word.text.hasPrefix("@") else {
                throw Diagnostic(ArgumentError.wrongKind(command: "plan", takes: "nothing, or the stores to plan with", example: "plan @Lidl @Aldi"),
                                 at: word.range)
            }
            chosen.append(try store(&reader, at: word))
        }
        let interruption = arguments.evaluator.context.interruption
        if shelf.all(current: list).reduce(0, { $0 + ($1.list.need == nil ? 0 : $1.list.products.count) }) > 1 { book.indexEveryName() }
        var needs: [StorePlan.Need] = []
        var currency: (code: CurrencyCode, product: String, store: String)? = nil
        for entry in shelf.all(current: list) {
            // Offers are of the need's kind (a need in loads meets no price the book keeps).
            guard let need = entry.list.need else { continue }
            let dimension = need.unit.dimension
            guard case .exact(let wanted)? = try? need.inBaseUnits() else {
                throw Diagnostic(ShoppingError.planNeedNotExact(list: entry.name), at: arguments.commandRange)
            }
            var names: [String] = [], keys = Set<String>()
            for product in entry.list.products where keys.insert(Observation.key(product.name)).inserted { names.append(product.name) }
            var offers: [StorePlan.Offer] = []
            for name in names {
                let lasts: [Observation]?
                do {
                    lasts = try book.lastAtEachStoreStopping(named: name, interruption: interruption)
                } catch {
                    throw Diagnostic(error, at: arguments.commandRange)
                }
                guard let lasts else { continue }
                for observation in lasts {
                    guard let offer = StorePlan.Offer(observation, dimension: dimension) else { continue }
                    if let code = observation.currency {
                        if let trip = currency, trip.code != code {
                            throw Diagnostic(ShoppingError.planCurrencies(product: observation.name, store: observation.store, currency: code.code,
                                                                          trip: trip.code.code), at: arguments.commandRange)
                        }
                        currency = currency ?? (code, observation.name, observation.store)
                    }
                    offers.append(offer)
                }
            }
            needs.append(StorePlan.Need(list: entry.name, need: need, wanted: wanted, products: names, offers: offers))
        }
        guard !needs.isEmpty else { throw Diagnostic(ShoppingError.planWithoutNeed, at: arguments.commandRange) }
        // A store named that none of the lists' products was seen at is left out, said in a
        // note; refused when every store named is such.
        let known = Set(needs.flatMap { $0.offers.map { Observation.key($0.store) } })
        let unseen = chosen.filter { !known.contains(Observation.key($0.store)) }
        if let first = unseen.first, unseen.count == chosen.count {
            throw Diagnostic(ShoppingError.planUnknownStore(first.store, known: StorePlan.storeNames(needs)), at: first.range)
        }
        let stores = chosen.filter { known.contains(Observation.key($0.store)) }.map(\.store)
        let plan: StorePlan
        do {
            plan = try StorePlan(needs, stores: chosen.isEmpty ? nil : stores, currency: currency?.code, interruption: interruption)
        } catch {
            throw Diagnostic(error, at: arguments.commandRange)
        }
        return unseen.isEmpty ? .storePlan(plan) : .noted(.storePlan(plan), note: .storesUnseen(unseen.map(\.store)))
    }
}
