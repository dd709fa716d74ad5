import Testing
@testable import PerTools
@testable import PerNumbers
import TestSupport

/// `plan`'s last price at each store, read from the lines that decide it, against the plain
/// path (every line of the name read, then `StorePlan.lastAtEachStore`) on random books:
/// stores in two cases and with blanks, quoted fields, lines that do not read, a second
/// kind of unit and a second currency, days out of order and repeated.
@Suite("Last prices at each store")
struct PriceBookLastPricesTests {
    static func line(_ random: inout SeededGenerator, clean: Bool) -> String {
        let month = random.below(3) + 9, day = clean || random.below(30) > 0 ? random.below(28) + 1 : 31
        let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        let store = random.pick(["Lidl", "Aldi", "LIDL", " Rewe ", "", "Rewe"] + (clean ? [] : ["\"Corner, shop\""]))
        let name = random.pick(["Pasta", "pasta", "Rice", "Oil"])
        let price = clean || random.below(40) > 0 ? "\(random.below(500) + 1).\(random.below(100))" : "-1"
        let currency = clean ? "" : random.pick(["", "", "", "EUR", "USD"])
        let (amount, unit) = random.pick([("500", "g"), ("1", "kg"), ("250", "g")] + (clean ? [] : [("1", "l")]))
        let deal = random.pick(["", "", "-20%"])
        return "\(date),\(store),\(name),\(price),\(currency),\(amount),\(unit),\(deal),"
    }

    @Test("the same observations, in the same order, as reading every line", arguments: 0..<differentialCases(full: 500))
    func sameAsEveryLine(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        let clean = seed % 2 == 0
        let count = random.below(60) + 1
        let text = "date,store,name,price,currency,quantity,unit,deal,packs\n"
            + (0..<count).map { _ in Self.line(&random, clean: clean) + "\n" }.joined()
        let book = try PriceBook(Array(text.utf8))
        for name in ["Pasta", "Rice", "Oil", "Bread"] {
            let plain = book.product(named: name).map(StorePlan.lastAtEachStore)
            let decided = try book.lastAtEachStoreStopping(named: name, interruption: .never)
            #expect(decided == plain, "\(name) in\n\(text)")
        }
        // A clean book is decided by its few lines, not by reading every one.
        if clean { #expect(try book.file?.deciding("pasta", interruption: .never) != nil) }
    }
}
