import Testing
@testable import PerCore

/// An exact value for test tables, from an expression (`"0.001"`, `"-1.5"`, `"1e-7"`).
func dec(_ text: String) -> Rational {
    guard case .exact(let value)? = try? Session().evaluate(StatementSource(text)) else {
        preconditionFailure("not an exact value: \(text)")
    }
    return value
}

struct UnitTests {
    /// Each unit's factor against its legal definition, computed here independently.
    @Test("exact factors", arguments: [
        ("mg", Dimension.mass, dec("0.001")), ("g", .mass, dec("1")), ("kg", .mass, dec("1000")),
        ("lb", .mass, dec("453.59237")), ("oz", .mass, dec("28.349523125")),
        ("ml", .volume, dec("0.001")), ("cl", .volume, dec("0.01")), ("dl", .volume, dec("0.1")),
        ("l", .volume, dec("1")), ("m3", .volume, dec("1000")),
        ("gal", .volume, dec("3.785411784")), ("qt", .volume, dec("0.946352946")),
        ("pt", .volume, dec("0.473176473")), ("cup", .volume, dec("0.2365882365")),
        ("fl oz", .volume, dec("0.0295735295625")),
        ("imp gal", .volume, dec("4.54609")), ("imp pt", .volume, dec("0.56826125")),
        ("imp fl oz", .volume, dec("0.0284130625")),
        ("pods", .count, dec("1")), ("each", .count, dec("1")),
    ])
    func factors(_ name: String, _ dimension: Dimension, _ factor: Rational) throws {
        let unit = try #require(UnitTable.unit(named: name))
        #expect(unit.dimension == dimension)
        #expect(unit.factor == factor)
    }

    @Test("aliases, case-insensitive and multi-word", arguments: [
        ("KG", "kg"), ("kilo", "kg"), ("Grams", "g"), ("pounds", "lb"), ("LBS", "lb"), ("ounces", "oz"),
        ("litres", "L"), ("liters", "L"), ("L", "L"), ("millilitres", "ml"), ("gallons", "gal"),
        ("floz", "fl oz"), ("fl oz", "fl oz"), ("uk gal", "imp gal"), ("imp fl oz", "imp fl oz"),
        ("UK pt", "imp pt"), ("m³", "m3"), ("pcs", "pcs"), ("item", "items"), ("ct", "items"),
        ("tab", "tabs"), ("rolls", "rolls"), ("sheet", "sheets"), ("load", "loads"), ("bags", "bags"),
        ("cc", "ml"), ("CC", "ml"), ("lt", "L"),
    ])
    func aliases(_ alias: String, _ symbol: String) {
        #expect(UnitTable.unit(named: alias)?.symbol == symbol)
    }

    @Test("misspelt units get a suggestion; names do not", arguments: [
        ("gm", "g"), ("kgg", "kg"), ("mls", "ml"), ("lbz", "lb"), ("Eggs", nil), ("Round", nil),
        ("Milk", nil), ("x", nil), ("2kg", nil), ("AA", nil), ("XL", nil),
    ] as [(String, String?)])
    func misspellings(_ word: String, _ suggestion: String?) {
        #expect(UnitTable.likelyMisspelling(word) == suggestion)
    }

    @Test("convert", arguments: [
        ("convert 500 g to lb", "≈ 1.10231131092"),
        ("convert 1 lb in g", "453.59237"),
        ("convert 16 oz to lb", "1"),
        ("convert 1 gal to l", "3.785411784"),
        ("convert 128 fl oz to gal", "1"),
        ("convert 1 imp gal to imp fl oz", "160"),
        ("convert 1 imp pt to ml", "568.26125"),
        ("convert 2 l in cup", "≈ 8.45350567546"),
        ("convert 1.5kg to g", "1500"),
        ("convert 1 m3 to l", "1000"),
    ])
    func convert(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }

    @Test("convert refusals", arguments: [
        ("convert 500 g to ml", "error@18: cannot convert mass to volume"),
        ("convert 500 g", "error@14: write convert QUANTITY UNIT to UNIT, as in convert 500 g to lb"),
        ("convert 500 gm to lb", "error@13: unknown unit 'gm'; did you mean 'g'?"),
        ("convert 500 g to furlongs", "error@18: unknown unit 'furlongs' (units: g, kg, oz, lb, ml, L, fl oz, gal, items, …)"),
        ("convert 5 to g", "error@11: convert needs the quantity's unit before 'to', as in convert 500 g to lb"),
    ])
    func convertRefusals(_ input: String, _ expected: String) {
        #expect(result(of: input) == expected)
    }
}
