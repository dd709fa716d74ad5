import Testing
@testable import PerUnits
import PerNumbers

/// The catalogue is a text that a binary search reads: it must stay sorted, and every line
/// must make the unit it names.
@Suite struct UnitCatalogueTests {
    @Test("the catalogue's lines are sorted by name, letters in lower case, and no name is written twice")
    func sorted() {
        let names = UnitTable.Catalogue.all.map { String($0.name) }
        #expect(!names.isEmpty)
        for (before, after) in zip(names, names.dropFirst()) {
            let a = (Array(UnitTable.Catalogue.folded(before).utf8), Array(before.utf8))
            let b = (Array(UnitTable.Catalogue.folded(after).utf8), Array(after.utf8))
            #expect(a.0.lexicographicallyPrecedes(b.0) || (a.0 == b.0 && a.1.lexicographicallyPrecedes(b.1)),
                    "'\(before)' is out of order before '\(after)'")
        }
    }

    @Test("every line reads: its name finds a unit, and a unit's own line makes a unit of that symbol")
    func everyLineReads() {
        for line in UnitTable.Catalogue.all {
            let name = String(line.name)
            let unit = UnitTable.unit(named: name)
            #expect(unit != nil, "'\(name)' names no unit: \(line.definition)")
            if !line.definition.hasPrefix("= ") {
                #expect(UnitTable.unit(key: name)?.symbol == name, "'\(name)' is its unit's key and symbol")
            }
        }
    }

    @Test("no unit name is a currency's code, which reads as money in any case")
    func noCurrencyCodes() {
        for line in UnitTable.Catalogue.all {
            #expect(CurrencyCode.named(String(line.name)) == nil, "'\(line.name)' is a currency code")
        }
    }

    @Test("a name finds the same unit however often it is asked, and a unit of another name is equal to it",
          arguments: [("kg", "kilogram"), ("L", "litre"), ("°C", "celsius"), ("gal", "us gallon"), ("Pa", "pascal")])
    func sameUnit(_ symbol: String, _ name: String) throws {
        let a = try #require(UnitTable.atom(named: symbol)), b = try #require(UnitTable.atom(named: name))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(UnitTable.atom(named: symbol) == a)
    }

    @Test("a word in another case than its line: the one line it can be, unless a prefix's case tells another unit",
          arguments: [("KG", "kg"), ("Kg", "kg"), ("PA", "Pa"), ("KW", "kW"), ("mw", nil), ("Mg", nil),
                      ("mpa", nil), ("Megapascal", "MPa"), ("500", nil)] as [(String, String?)])
    func caseOfWords(_ word: String, _ symbol: String?) {
        #expect(UnitTable.atom(named: word)?.symbol == symbol, "\(word)")
    }
}
