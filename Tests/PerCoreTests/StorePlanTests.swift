import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// A random trip as plain integers: each list's need in grams, and for each of its products
/// at each store where it was seen, the pack's grams and its price in cents.
private struct Trip {
    struct Offer { let product: Int; let store: Int; let grams: Int; let cents: Int }
    struct List { let need: Int; let products: Int; let offers: [Offer] }
    let stores: Int
    let lists: [List]

    static func random(_ random: inout SeededGenerator) -> Trip {
        let stores = 1 + random.below(4)
        let lists = (0..<(1 + random.below(3))).map { _ -> List in
            let products = 1 + random.below(3)
            var offers: [Offer] = []
            for product in 0..<products {
                for store in 0..<stores where random.below(10) < 7 {
                    offers.append(Offer(product: product, store: store, grams: random.pick([125, 250, 400, 500, 750, 1000, 1500]),
                                        cents: 49 + random.below(600)))
                }
            }
            return List(need: random.pick([100, 500, 1000, 1250, 2000, 3000, 4999]), products: products, offers: offers)
        }
        return Trip(stores: stores, lists: lists)
    }

    /// The cheapest total in cents of every way to give each list one offer, the offers
    /// limited to `store` when given; nil when some list has none. Tried one way at a time.
    func bruteForce(store: Int? = nil) -> Int? {
        let choices = lists.map { list in list.offers.filter { store == nil || $0.store == store! } }
        if choices.contains(where: \.isEmpty) { return nil }
        var best: Int? = nil
        var index = [Int](repeating: 0, count: choices.count)
        while true {
            var total = 0
            for (list, choice) in index.enumerated() {
                let offer = choices[list][choice]
                total += (lists[list].need + offer.grams - 1) / offer.grams * offer.cents
            }
            best = min(best ?? total, total)
            var place = 0
            while place < index.count {
                index[place] += 1
                if index[place] < choices[place].count { break }
                index[place] = 0
                place += 1
            }
            if place == index.count { return best }
        }
    }

    /// The trip as the plan takes it: store `s` is `S<s>`, product `p` of list `l` is `P<l>-<p>`.
    func needs() -> [StorePlan.Need] {
        let grams = UnitTable.atom(named: "g")!
        let date = try! CalendarDate.checked(year: 2026, month: 11, day: 28)
        return lists.enumerated().map { number, list in
            let offers = list.offers.map { offer in
                StorePlan.Offer(Observation(date: date, store: "S\(offer.store)", name: "P\(number)-\(offer.product)",
                                            price: Rational(offer.cents) / Rational(100), currency: nil,
                                            amount: Rational(offer.grams), unit: grams, deal: ""), dimension: .mass)!
            }
            return StorePlan.Need(list: "L\(number)", need: EnteredQuantity(packs: nil, amount: Number(list.need), unit: grams),
                                  wanted: Rational(list.need) * grams.factor, products: (0..<list.products).map { "P\(number)-\($0)" },
                                  offers: offers)
        }
    }
}

struct StorePlanTests {
    @Test("the split and each store's total are the cheapest of every assignment, on 1,000 random trips")
    func againstBruteForce() throws {
        var random = SeededGenerator(seed: 42)
        var splits = 0, incomplete = 0
        for _ in 0..<1000 {
            let trip = Trip.random(&random)
            let plan = try StorePlan(trip.needs(), currency: nil)
            let best = trip.bruteForce()
            #expect(plan.splitTotal == best.map { Rational($0) / Rational(100) }, "\(trip)")
            if best != nil { splits += 1 }
            for trip2 in plan.stores {
                let store = Int(trip2.store.dropFirst())!
                let cheapest = trip.bruteForce(store: store)
                #expect(trip2.total == cheapest.map { Rational($0) / Rational(100) }, "\(trip) at S\(store)")
                if cheapest == nil { incomplete += 1 }
                // The lists a store lacks are exactly those with no offer there.
                let lacking = trip.lists.indices.filter { list in !trip.lists[list].offers.contains { $0.store == store } }.map { "L\($0)" }
                #expect(trip2.missing.map(\.list) == lacking)
            }
            // Every pick buys enough packs, and no more than one pack beyond the need.
            for pick in (plan.split ?? []) + plan.stores.flatMap(\.picks) {
                let wanted = trip.lists[Int(pick.list.dropFirst())!].need
                let grams = Rational(pick.packs) * pick.offer.observation.amount
                #expect(grams >= Rational(wanted) && grams - pick.offer.observation.amount < Rational(wanted))
                #expect(pick.cost == Rational(pick.packs) * pick.offer.observation.price)
                #expect(pick.leftover == grams - Rational(wanted))
            }
        }
        // The trips tried both kinds: splits that exist, and stores that lack a list.
        #expect(splits > 500 && incomplete > 200)
    }

    @Test("stores are ranked by total, then those that lack a list by name; plan @STORE limits them")
    func ranking() throws {
        let grams = UnitTable.atom(named: "g")!
        let date = try CalendarDate.checked(year: 2026, month: 11, day: 28)
        let offer = { (store: String, product: String, price: Int) in
            StorePlan.Offer(Observation(date: date, store: store, name: product, price: Rational(price), currency: nil,
                                        amount: Rational(500), unit: grams, deal: ""), dimension: .mass)!
        }
        let need = StorePlan.Need(list: "pasta", need: EnteredQuantity(packs: nil, amount: Number(1), unit: UnitTable.atom(named: "kg")!),
                                  wanted: Rational(1000) * grams.factor, products: ["Barilla", "Store"],
                                  offers: [offer("Lidl", "Barilla", 3), offer("aldi", "Store", 2), offer("Aldi", "Barilla", 2), offer("Rewe", "Store", 5)])
        let other = StorePlan.Need(list: "rice", need: EnteredQuantity(packs: nil, amount: Number(500), unit: grams),
                                   wanted: Rational(500) * grams.factor, products: ["Rice"], offers: [offer("Lidl", "Rice", 1), offer("Rewe", "Rice", 1)])
        let plan = try StorePlan([need, other], currency: nil)
        // By hand: Lidl 2 × 3 + 1 = 7, Rewe 2 × 5 + 1 = 11; Aldi has no rice. Split: Aldi's
        // Barilla 4 (first on the list, at the same cost as its Store) and Lidl's rice 1.
        #expect(plan.stores.map(\.store) == ["Lidl", "Rewe", "aldi"])
        #expect(plan.stores.map(\.total) == [Rational(7), Rational(11), nil])
        #expect(plan.stores[2].missing.map(\.list) == ["rice"])
        #expect(plan.split?.map { "\($0.offer.product)@\($0.store)" } == ["Barilla@aldi", "Rice@Lidl"])
        #expect(plan.splitTotal == Rational(5))
        let limited = try StorePlan([need, other], stores: ["rewe"], currency: nil)
        #expect(limited.stores.map(\.store) == ["Rewe"] && limited.splitTotal == Rational(11))
    }

    @Test("a product's price at a store is its last by date, of one day the last recorded, stores matched in any case")
    func lastAtEachStore() throws {
        let text = PriceBookCSV.header + "\n2026-11-09,Aldi,P,2.19,,500,g,\n2026-11-02,Aldi,P,1.99,,500,g,-20%\n"
            + "2026-11-01,Lidl,P,2.49,,500,g,\n2026-11-01,lidl,P,2.39,,500,g,\n2026-11-01,,P,0.5,,500,g,\n2026-10-01,ALDI,P,1,,500,g,\n"
        let product = try #require(try PriceBook(Array(text.utf8)).product(named: "P"))
        let last = StorePlan.lastAtEachStore(product)
        #expect(last.map { "\($0.store) \($0.price)" } == ["Aldi 219/100", "lidl 239/100"])
    }

    @Test("the index of every name merges a name's spellings in line order; a product at many stores keeps each one's last")
    func everyNameAndManyStores() throws {
        var text = PriceBookCSV.header + "\n"
        for day in 1...20 {
            text += "2026-10-\(String(format: "%02d", day)),S\(day % 20),\(["Pasta", "\"pasta\"", " PASTA ", "Rice"][day % 4]),\(day),,500,g,\n"
        }
        for day in 1...20 { text += "2026-11-\(String(format: "%02d", day)),S\(day % 20),Rice,\(day + 100),,500,g,\n" }
        let book = try PriceBook(Array(text.utf8))
        book.indexEveryName()
        let pasta = try #require(book.product(named: "pasta"))
        // By hand: days of remainder 3 by 4 are rice, the other 15 pasta, in line order.
        #expect(pasta.observations.map(\.price) == (1...20).filter { $0 % 4 != 3 }.map { Rational($0) })
        let rice = try #require(book.product(named: "Rice"))
        let last = StorePlan.lastAtEachStore(rice)
        // 20 stores; each one's last is November's price, day + 100.
        #expect(last.count == 20)
        #expect(last.allSatisfy { $0.price == Rational(Int($0.store.dropFirst())! == 0 ? 120 : Int($0.store.dropFirst())! + 100) })
    }
}
