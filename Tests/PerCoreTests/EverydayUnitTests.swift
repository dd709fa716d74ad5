import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Units people use: radians, areas and cubic feet, roots of quantities, Kelvin
/// differences, lists of lengths and areas, and suggestions and completion that fit the
/// dimension where they are asked for.
struct EverydayUnitTests {
    @Test("decades, centuries and fortnights are named in the plural; the singular keys files saved before hold still read", arguments: [
        ("decade", "decades"), ("century", "centuries"), ("fortnight", "fortnights"), ("decades", "decades"),
    ])
    func pluralKeys(_ key: String, _ expected: String) {
        #expect(UnitTable.unit(key: key)?.key == expected)
    }

    @Test("radians and degrees are angles; trigonometric functions read both", arguments: [
        ("1 rad to deg", "≈ 57.2957795131°"), ("180° to rad", "≈ 3.14159265359 rad"), ("2 rad", "2 rad"),
        ("1 rad + 1 rad", "2 rad"), ("90° + 1 rad", "≈ 147.295779513°"), ("sin((pi/6) rad)", "≈ 0.5"),
        ("sin(pi/6 * 1 rad)", "≈ 0.5"), ("sin(pi/6 rad)", .problem(.quantity(.inverseAngle("sin")), column: 1)),
        ("sin(30°)", "0.5"), ("cos(60 deg)", "0.5"), ("(pi) rad to °", "≈ 180°"), ("1 rad / 1°", "≈ 57.2957795131"),
        ("1 radian to degrees", "≈ 57.2957795131°"), ("3 radians", "3 rad"),
    ] as [(String, Seen)])
    func angles(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("areas and cubic feet, by their exact definitions", arguments: [
        ("1 acre to m2", "4046.8564224 m²"), ("1 ha to m2", "10000 m²"), ("1 sqft to m2", "0.09290304 m²"),
        ("1 ft2 to sqin", "144 sq in"), ("1 km2 to ha", "100 ha"), ("1 m2 to cm2", "10000 cm²"), ("2 m * 3 m to m2", "6 m²"),
        ("1 acre to sqft", "43560 sq ft"), ("1 cuft to l", "28.316846592 L"), ("1 ft3", "1 cu ft"), ("2.5 m2", "2.5 m²"),
        ("1 m^2 to sqft", "≈ 10.7639104167 sq ft"), ("2 acres", "2 acres"), ("1 acre", "1 acre"), ("3 hectares to km2", "0.03 km²"),
        ("1 m2 + 1 m^2", "2 m²"), ("1 sq ft to sq in", "144 sq in"), ("1 square foot to m2", "0.09290304 m²"),
        ("1 cu ft to ft^3", "1 ft³"), ("1 ha + 1 m", .problem(.quantity(.mismatch(operation: "add", .area, .length)), column: 6)),
    ] as [(String, Seen)])
    func areas(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("roots of quantities whose powers divide", arguments: [
        ("sqrt(16 m^2)", "4 m"), ("cbrt(27 m^3)", "3 m"), ("(4 m^2)^(1/2)", "2 m"), ("(27 m^3)^(2/3)", "9 m²"),
        ("root(16 m^4, 4)", "2 m"), ("sqrt(9 m2)", "3 m"), ("sqrt(100 sqft)", "10 ft"), ("sqrt(1 ha)", "100 m"),
        ("cbrt(8 m3)", "2 m"), ("cbrt(1000 l)", "1 m"), ("cbrt(1 cuft)", "1 ft"), ("sqrt(4 m^2/s^2)", "2 m/s"),
        ("sqrt(2 kg)", .problem(.quantity(.fractionalRoot("kg", degree: 2)), column: 1)),
        ("cbrt(2 m^2)", .problem(.quantity(.fractionalRoot("m²", degree: 3)), column: 1)),
        ("(2 kg)^0.5", .problem(.quantity(.fractionalRoot("kg", degree: 2)), column: 7)),
        ("(2 kg)^pi", .problem(.quantity(.fractionalPowerOfUnit("kg")), column: 7)),
        ("root(8 m^3, 1.5)", .problem(.quantity(.fractionalPowerOfUnit("m³")), column: 1)),
    ] as [(String, Seen)])
    func roots(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("a Kelvin difference shows as one", arguments: [
        ("0 K - 1 K", "-1 ΔK"), ("300 K - 290 K", "10 ΔK"), ("18 Δ°F to K", "10 ΔK"), ("10 ΔK", "10 ΔK"),
        ("20 °C - 10 °C to K", "10 ΔK"), ("300 K", "300 K"), ("300 K + 10 ΔK", "310 K"),
    ] as [(String, Seen)])
    func kelvinDifferences(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("lists of lengths and areas compare per m and per m²", arguments: [
        (["add 12.99 5 m Cable", "add 20 10 m Long cable"], "per m", ["1 Long cable 2.00 best", "2 Cable 2.60 +29.9% vs best"]),
        (["add 30 2.5 m2 Tiles", "add 10 10 sqft Small tiles"], "per m²", ["1 Small tiles 10.76 best", "2 Tiles 12.00 +11.5% vs best"]),
        (["add 30 2.5 m^2 Tiles", "add 100 1 ha Field"], "per m²", ["1 Field 0.0100 best", "2 Tiles 12.00 +119900.0% vs best"]),
        (["add 12.99 5 m Cable", "add 3 300 cm Short", "basis ft"], "per ft", ["1 Short 0.305 best", "2 Cable 0.792 +159.8% vs best"]),
    ])
    func lengthAndAreaLists(_ lines: [String], _ per: String, _ rows: [String]) throws {
        let list = session(lines).list
        let comparison = try Comparison(list)
        #expect(comparison.basis.perText == per)
        #expect(try ranked(lines) == rows)
    }

    @Test("a list of lengths refuses other kinds, and need and type work for it", arguments: [
        (["add 12.99 5 m Cable"], "add 2.49 500 g Rice", .problem(.shopping(.otherKindNeedsList(list: .length, quantity: "500 g", is: .mass, takenBy: nil)), column: 10)),
        (["add 30 2.5 m2 Tiles"], "add 2 3 m Trim", .problem(.shopping(.otherKindNeedsList(list: .area, quantity: "3 m", is: .length, takenBy: nil)), column: 7)),
        (["add 2.49 500 g Rice"], "add 12.99 5 m Cable", .problem(.shopping(.otherKindNeedsList(list: .mass, quantity: "5 m", is: .length, takenBy: nil)), column: 11)),
    ] as [([String], String, Seen)])
    func refusals(_ setup: [String], _ line: String, _ expected: Seen) {
        var shop = session(setup)
        let before = shop.list
        let outcome = shop.run(line: line)[0].outcome
        if case .failure(let diagnostic) = outcome { #expect(Seen(diagnostic) == expected) } else { Issue.record("\(line) was accepted") }
        #expect(shop.list == before)
    }

    @Test("type length and type area, and need in metres")
    func typeAndNeed() throws {
        let typed = session(["type area"])
        #expect(typed.list.dimension == .area)
        #expect(session(["type length"]).list.dimension == .length)
        let shop = session(["add 12.99 5 m Cable", "add 20 10 m Long"])
        let plan = try NeedPlan(shop.list, target: EnteredQuantity(packs: nil, amount: Number(12), unit: UnitTable.atom(named: "m")!))
        // 3 × 5 m for 38.97 beats 2 × 10 m for 40.
        #expect(plan.rows.map(\.product.name) == ["Cable", "Long"])
        #expect(plan.rows.map(\.packs) == [Number(3), Number(2)])
        #expect(plan.rows.map(\.leftover) == [Number(3), Number(8)])
    }

    @Test("suggestions fit the dimension", arguments: [
        ("1 kg to po", .problem(.syntax(.unknownUnit("po", suggestions: ["pound"])), column: 9)),
        ("1 l to gall", .problem(.syntax(.unknownUnit("gall", suggestions: ["gal", "gill"])), column: 8)),
        ("1 μl", "1 µl"), ("1 µl to ml", "0.001 ml"), ("250 ul", "250 µl"),
        ("500 g to gm", .problem(.syntax(.unknownUnit("gm", suggestions: ["g"])), column: 10)),
    ] as [(String, Seen)])
    func suggestions(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("completion offers the units that fit, spelt out when the symbols do not match", arguments: [
        ("convert 1 kg to pou", ["pound", "pounds"]),
        ("convert 1 kg to po", ["pound", "pounds"]),
        ("1 m to f", ["fathom", "fraction", "ft", "furlong"]), ("1 m to fe", ["feet"]),
        ("add 1 1 ", ["L", "cl", "cu ft", "cups", "dl", "fl oz", "gal", "hl", "imp fl oz", "imp gal", "imp pt", "items", "m3", "ml",
                      "pt", "qt", "µl"]),
        ("add 1 1 f", ["fl oz", "ft"]),
        ("add 1 1 i", ["imp fl oz", "imp gal", "imp pt", "items"]),
        ("add 12.99 5 ", ["cm", "ft", "inch", "km", "m", "mm"]),
        // SPEC §17: completion grows with the catalogue: after a number in an expression,
        // every name; after to, the symbols of the value's dimension.
        ("5 sto", ["stone", "stones"]), ("5 ps", ["psf", "psi", "psia", "psig"]), ("2 kilowatt", ["kilowatt", "kilowatt hour",
            "kilowatt hours", "kilowatt-hour", "kilowatt-hours", "kilowatts"]),
        ("1 km to n", ["nmi"]), ("1 kg to s", ["sci", "short hundredweight", "short ton", "slug", "st"]), ("1 bar to p", ["psf", "psi", "psia", "psig"]),
    ])
    func completion(_ line: String, _ expected: [String]) {
        let shop = line.hasPrefix("add 12.99") ? session(["add 12.99 5 m Cable"]) : Session()
        let candidates = Completion.candidates(for: line, in: shop)
        if line == "add 1 1 " || line == "add 1 1 i" {
            // An empty list takes any kind: every shoppable unit, these among them.
            #expect(Set(expected).isSubset(of: Set(candidates)), "\(candidates)")
        } else {
            #expect(candidates == expected)
        }
    }
}
