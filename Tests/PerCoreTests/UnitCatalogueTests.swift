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
            if line.definition.hasPrefix("? ") {
                // A word that reads several ways names none, and each of its readings reads.
                #expect(UnitTable.unit(named: name) == nil && UnitTable.readings(of: name).count >= 2, "'\(name)'")
                for reading in UnitTable.readings(of: name) {
                    let written = reading.split(separator: " (").first.map(String.init) ?? reading
                    #expect(UnitTable.unit(named: written) != nil, "'\(name)' reads as '\(written)', which names no unit")
                }
                continue
            }
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
          arguments: [("KG", "kg"), ("Kg", "kg"), ("PA", "Pa"), ("KW", "kW"), ("mw", nil), ("Mg", "Mg"),
                      ("mpa", nil), ("Megapascal", "MPa"), ("500", nil), ("kN", "kN"), ("KN", nil), ("µs", "µs"),
                      ("uS", "µS"), ("mS", "mS"), ("MS", nil), ("k", nil), ("M", nil), ("G", nil), ("MBps", nil),
                      ("MBPS", nil), ("l", "L")] as [(String, String?)])
    func caseOfWords(_ word: String, _ symbol: String?) {
        #expect(UnitTable.atom(named: word)?.symbol == symbol, "\(word)")
    }

    @Test("words that read several ways are refused with their readings, never guessed",
          arguments: [("ton", 4), ("tons", 4), ("Ton", 4), ("C", 2), ("ML", 2), ("KN", 2), ("MS", 2), ("cwt", 2), ("KB", 2)])
    func readsSeveralWays(_ word: String, _ count: Int) {
        #expect(UnitTable.unit(named: word) == nil)
        #expect(UnitTable.readings(of: word).count == count)
    }
}

/// The prefix rule: SI prefixes (SI Brochure 9, Table 7) on SI units and on L, B, bit, Wh
/// and eV; the binary prefixes of IEC 80000-13 on B and bit; none on customary units.
@Suite struct UnitPrefixTests {
    /// Each word and its size in another unit, typed from the prefix tables.
    @Test("a prefix multiplies its unit by its power of ten or of two",
          arguments: [("GJ", "J", "1000000000"), ("TJ", "J", "1000000000000"), ("µm", "m", "1/1000000"),
                      ("um", "m", "1/1000000"), ("nm", "m", "1/1000000000"), ("pg", "g", "1/1000000000000"),
                      ("dam", "m", "10"), ("hPa", "Pa", "100"), ("mbar", "Pa", "100"), ("GW", "W", "1000000000"),
                      ("mW", "W", "1/1000"), ("GWh", "kWh", "1000000"), ("kL", "L", "1000"), ("ML", nil, nil),
                      ("megalitre", "L", "1000000"), ("Mg", "kg", "1000"), ("kN", "N", "1000"), ("MHz", "Hz", "1000000"),
                      ("mA", "A", "1/1000"), ("kV", "V", "1000"), ("MΩ", "Ω", "1000000"), ("kΩ", "ohm", "1000"),
                      ("mAh", "Ah", "1/1000"), ("kVA", "VA", "1000"), ("keV", "eV", "1000"), ("GB", "B", "1000000000"),
                      ("KiB", "B", "1024"), ("MiB", "KiB", "1024"), ("GiB", "B", "1073741824"), ("Mbit", "bit", "1000000"),
                      ("Kibit", "bit", "1024"), ("kilobyte", "B", "1000"), ("gibibytes", "MiB", "1024"),
                      ("micrograms", "mg", "1/1000"), ("nanoseconds", "s", "1/1000000000"), ("millibars", "bar", "1/1000"),
                      ("kilohertz", "Hz", "1000"), ("Qm", "m", "1000000000000000000000000000000"),
                      ("qg", "g", "1/1000000000000000000000000000000")] as [(String, String?, String?)])
    func prefixed(_ word: String, _ other: String?, _ size: String?) throws {
        guard let other, let size else {
            #expect(UnitTable.unit(named: word) == nil)
            return
        }
        let unit = try #require(UnitTable.unit(named: word), "\(word)")
        let reference = try #require(UnitTable.unit(named: other))
        let parts = size.split(separator: "/")
        let expected = Rational(decimal: String(parts[0])) / (parts.count > 1 ? Rational(decimal: String(parts[1])) : .one)
        #expect(unit.dimension == reference.dimension)
        #expect(unit.factor / reference.factor == expected, "\(word) in \(other)")
    }

    @Test("customary units, and B and bit below one, take no prefix; am, pm and as stay words",
          arguments: ["kft", "kmi", "Mft", "klb", "kinch", "hectogallon", "kilomile", "dB", "mB", "cbit", "kt", "Mt",
                      "am", "pm", "as", "kpsi", "MBTU", "kcup", "Kim", "KiW", "kilohp"])
    func notPrefixed(_ word: String) {
        #expect(UnitTable.unit(named: word) == nil, "\(word)")
    }

    @Test("every unit per shows reads back as itself: each line's unit and each of its prefixed units, by symbol and by name")
    func shownReadsBack() {
        let lines = UnitTable.Catalogue.all
        var checked = 0
        func readsBack(_ word: String) {
            // A word that names no unit, or one shown as a compound (`t/h`), is not asked here.
            guard let unit = UnitTable.atom(named: word) else { return }
            checked += 1
            #expect(UnitTable.atom(named: unit.symbol) == unit, "'\(word)' is shown as '\(unit.symbol)', which does not read back as it")
        }
        for line in lines where !line.definition.hasPrefix("? ") {
            readsBack(String(line.name))
            guard !line.definition.hasPrefix("= ") else { continue }
            let names = lines.filter { $0.definition == "= " + line.name && $0.name.allSatisfy { !$0.isUppercase } }.map(\.name)
            for prefix in UnitPrefix.all where prefix.applies(to: line.options) {
                readsBack(prefix.symbol + line.name)
                for name in names { readsBack(prefix.name + name) }
            }
        }
        #expect(checked > 1000)
    }

    @Test("a prefixed unit is made once and found again by its key, as saved files name it")
    func keyed() throws {
        let unit = try #require(UnitTable.atom(named: "GJ"))
        #expect(UnitTable.unit(key: "GJ") == unit)
        let micro = try #require(UnitTable.atom(named: "um"))
        #expect(micro.key == "µm" && UnitTable.unit(key: "µm") == micro)
        #expect(UnitTable.unit(key: "ML")?.factor == UnitTable.atom(named: "megalitre")?.factor)
    }
}
