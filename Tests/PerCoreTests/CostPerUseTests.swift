import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Cost per use (`help basis`): `basis dose` counts each product in doses of
/// the last `dose` result; a product sold in loads counts one dose a load.
struct CostPerUseTests {
    static let detergents = ["add 12.99 2.95 l Persil", "add 8.49 1.5 l Ariel", "add 15.99 64 loads Pods"]

    @Test("two liquids and a pod pack, per wash of the hard-water dose")
    func perWash() throws {
        let shop = session(CostPerUseTests.detergents + ["dose liquid water=hard", "basis dose"])
        let comparison = try Comparison(shop.list)
        #expect(comparison.basis.perText == "per wash (95 ml)")
        // 95 ml a wash: Persil 2950/95 washes, Ariel 1500/95, Pods 64.
        let exact = Dictionary(uniqueKeysWithValues: comparison.rows.map { (comparison.product($0).name, $0.unitPrice) })
        #expect(exact["Persil"] == .exact(Rational(decimal: "12.99") * Rational(95) / Rational(2950)))
        #expect(exact["Ariel"] == .exact(Rational(decimal: "8.49") * Rational(95) / Rational(1500)))
        #expect(exact["Pods"] == .exact(Rational(decimal: "15.99") / Rational(64)))
        #expect(try ranked(CostPerUseTests.detergents + ["dose liquid water=hard", "basis dose"])
                == ["1 Pods 0.250 best", "2 Persil 0.418 +67.4% vs best", "3 Ariel 0.538 +115.2% vs best"])
    }

    @Test("a softer water's smaller dose makes every liquid cheaper per wash")
    func softWater() throws {
        #expect(try ranked(CostPerUseTests.detergents + ["dose liquid water=soft", "basis dose"])
                == ["1 Pods 0.250 best", "2 Persil 0.264 +5.7% vs best", "3 Ariel 0.340 +35.9% vs best"])
    }

    @Test("basis 1 load on a list sold in loads, and products sold in other counts")
    func loads() throws {
        #expect(try ranked(["add 15.99 64 loads Pods", "add 9.99 30 loads Other", "basis 1 load"])
                == ["1 Pods 0.250 best", "2 Other 0.333 +33.3% vs best"])
        // A pod dose counts pods: 2 a wash in hard water.
        #expect(try ranked(["add 15.99 64 pods Pods", "add 9.99 40 loads Sheets", "dose pods water=hard", "basis dose"])
                == ["1 Sheets 0.250 best", "2 Pods 0.500 +100.1% vs best"])
    }

    @Test("need washes with a dose basis")
    func need() throws {
        let shop = session(CostPerUseTests.detergents + ["dose liquid water=hard", "basis dose"])
        let plan = try NeedPlan(shop.list, target: EnteredQuantity(packs: nil, amount: Number(100), unit: UnitTable.atom(named: "loads")!))
        // 100 washes: Persil 31.05 washes a bottle → 4; Ariel 15.79 → 7; Pods 64 → 2.
        #expect(plan.rows.map(\.product.name) == ["Pods", "Persil", "Ariel"])
        #expect(plan.rows.map(\.packs) == [Number(2), Number(4), Number(7)])
    }

    @Test("refusals say how to get a dose", arguments: [
        (["add 12.99 2.95 l Persil"], "basis dose",
         .problem(.arguments(.noDoseYet), column: 7)),
        (detergents, "compare",
         .problem(.shopping(.usesNeedDose), column: 1)),
        (["add 12.99 2.95 l Persil", "add 15.99 64 loads Pods", "dose powder water=hard", "basis dose"], "compare",
         .problem(.shopping(.notInDoses(product: "#1 Persil", unit: "L", dose: "1 wash (95 g)")), column: 1)),
        (["add 12.99 2.95 l Persil"], "add 1 1 kg Salt", .problem(.shopping(.otherKindNeedsList(list: .volume, quantity: "1 kg", is: .mass, takenBy: nil)), column: 7)),
        (["type volume"], "add 1 1 kg Salt", .problem(.shopping(.otherKindNeedsList(list: .volume, quantity: "1 kg", is: .mass, takenBy: nil)), column: 7)),
    ] as [([String], String, Seen)])
    func refusals(_ setup: [String], _ line: String, _ expected: Seen) {
        #expect(result(of: line, after: setup) == expected)
    }
}
