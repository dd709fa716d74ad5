import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// A list's values held a machine word each while they are decimals (`NumberArray`): each
/// read back as the exact value appended, here against values made from their digits by
/// `Rational(decimal:)` (big integers and a gcd, another path than the store's).
struct NumberArrayTests {
    /// Decimal texts as columns hold them, and whether the whole column stays a word each.
    @Test("decimals read back exactly", arguments: [
        (["150.3", "8.25", "-0.5", "12", "0", "-0.0", "3.000", "92233720368547758.07"], true),
        (["0.000000000000000001", "-0.5"], true),
        // 10 over 10^18 leaves 64 bits.
        (["0.000000000000000001", "10"], false),
        // 10^18 over 10^18 leaves 64 bits once the scale grows: held as Numbers.
        (["999999999999999999", "0.1"], false),
        (["1.55", "-922337203685477580.7"], false),
        (["2026.5", "1e-30"], false),
    ])
    func decimals(texts: [String], compact: Bool) {
        let expected = texts.map { text -> Number in
            if text == "1e-30" { return .exact(Rational(BigInt(1), BigInt.powerOfTen(30))) }
            return .exact(Rational(decimal: text))
        }
        var builder = NumberArray.Builder()
        for value in expected { builder.append(value) }
        let array = builder.build()
        #expect(Array(array) == expected)
        #expect(array.numbers == expected)
        #expect(array.isCompact == compact)
        #expect(array == NumberArray(expected))
        #expect(array.hashValue == NumberArray(expected).hashValue)
    }

    @Test("a fraction or an approximate value turns the array into Numbers, values kept")
    func spills() {
        let third = Number.exact(Rational(BigInt(1), BigInt(3)))
        let values: [Number] = [.decimal("1.25"), .decimal("-2"), third, .decimal("4.125")]
        var builder = NumberArray.Builder()
        builder.reserve(2)
        for value in values { builder.append(value) }
        #expect(builder.build() == NumberArray(values))
        #expect(!builder.build().isCompact)
        #expect(Array(builder.build()) == values)
    }

    @Test("appended as mantissa and places, a column's decimals")
    func mantissas() {
        var builder = NumberArray.Builder()
        builder.appendDecimal(1250, places: 2)
        builder.appendDecimal(-3, places: 0)
        builder.appendDecimal(7, places: 3)
        #expect(Array(builder.build()) == [.decimal("12.5"), .decimal("-3"), .decimal("0.007")])
        #expect(builder.build().isCompact)
    }

    @Test("a lab's columns load a word a value: dates and decimals")
    func loadedColumns() throws {
        var text = "date,sample,calcium (mg/L),ph\n"
        for row in 0..<500 { text += "2026-03-\(10 + row % 19),S-\(row),\(150 + row / 10).\(row % 10),6.\(10 + row % 90)\n" }
        var reader = CSVColumnReader(stem: "lab", notation: .dot, sizeHint: text.utf8.count, readUnit: { Calculator().headerUnit($0) })
        try reader.read(Array(text.utf8)[...])
        let loaded = try reader.finish()
        #expect(loaded.lists.map(\.name) == ["lab.date", "lab.calcium", "lab.ph"])
        #expect(loaded.lists.allSatisfy { $0.list.magnitudes.isCompact })
        #expect(loaded.lists[1].list.magnitudes[3] == .decimal("150.3"))
        #expect(loaded.lists[2].list.magnitudes[499] == .decimal("6.59"))
    }
}
