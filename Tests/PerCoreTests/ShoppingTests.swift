import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// A session after running `lines`; fails the test if any of them fails.
func session(_ lines: [String]) -> Session {
    var session = Session()
    for line in lines {
        for result in session.run(line: line) {
            if case .failure(let diagnostic) = result.outcome {
                Issue.record("setup line '\(line)' failed: \(diagnostic.message)")
            }
        }
    }
    return session
}

/// The comparison of a session's list as (rank, name, unit price text, vs best text) rows.
func ranked(_ lines: [String]) throws -> [String] {
    let comparison = try Comparison(session(lines).list)
    return comparison.rows.map {
        "\($0.rank) \(comparison.product($0).name) \(NumberDisplay.unitPrice($0.unitPrice)) \(comparison.vsBestText($0))"
    }
}

let pasta = ["add 2.49 500 g Barilla", "add 3.99 1 kg Store brand", "add 4.99 6x250 g Multipack"]

struct ShoppingTests {
    @Test("the SPEC's aisle: the multipack is best at 3.33 per kg")
    func specExample() throws {
        #expect(try ranked(pasta) == [
            "1 Multipack 3.33 best", "2 Store brand 3.99 +19.9% vs best", "3 Barilla 4.98 +49.7% vs best",
        ])
        #expect(try ranked(pasta + ["basis 100 g"]).first == "1 Multipack 0.333 best")
    }

    @Test("ties share a rank", arguments: [
        (["add 2 1 kg A", "add 1 500 g B", "add 3 1 kg C"], ["1 A 2.00 best", "1 B 2.00 best", "3 C 3.00 +50.0% vs best"]),
        (["add 3 1 kg A", "add 1 1 kg B", "add 1.5 500 g C", "add 3 1 kg D"],
         ["1 B 1.00 best", "2 A 3.00 +200.0% vs best", "2 C 3.00 +200.0% vs best", "2 D 3.00 +200.0% vs best"]),
        (["add 0 1 kg Free", "add 1 1 kg Paid"], ["1 Free 0.00 best", "2 Paid 1.00 more than free"]),
    ])
    func ties(_ lines: [String], _ expected: [String]) throws {
        #expect(try ranked(lines) == expected)
    }

    @Test("basis", arguments: [
        (pasta + ["basis 100 g"], "per 100 g", "0.333"),
        (pasta + ["basis oz"], "per oz", "0.0943"),
        (pasta + ["basis lb"], "per lb", "1.51"),
        (pasta + ["basis 100 g", "basis auto"], "per kg", "3.33"),
        (["add 1.99 2 l Cola", "add 0.99 330 ml Can", "basis 100 ml"], "per 100 ml", "0.0995"),
        (["add 1.99 2 l Cola", "basis fl oz"], "per fl oz", "0.0294"),
        (["add 1.99 2 l Cola", "basis imp pt"], "per imp pt", "0.565"),
        (["add 4.20 12 Eggs", "basis 6"], "per 6 items", "2.10"),
        (["add 5.99 30 pods", "add 11.99 64 pods"], "per pod", "0.187"),
    ])
    func basis(_ lines: [String], _ per: String, _ best: String) throws {
        let comparison = try Comparison(session(lines).list)
        #expect(comparison.basis.perText == per)
        #expect(NumberDisplay.unitPrice(comparison.rows[0].unitPrice) == best)
    }

    @Test("unit prices show at least 2 decimals and 3 significant digits", arguments: [
        ("4.98", "4.98"), ("0.498", "0.498"), ("0.0332", "0.0332"), ("3.3266", "3.33"), ("123.456", "123.46"),
        ("3.3", "3.30"), ("0.1", "0.100"), ("0.0999999", "0.100"), ("0", "0.00"), ("1e-7", "1.00e-7"), ("0.000001", "0.00000100"), ("1e-400", "1.00e-400"), ("1e400", "1.00e400"),
    ])
    func unitPriceDisplay(_ value: String, _ expected: String) {
        #expect(NumberDisplay.unitPrice(.exact(dec(value))) == expected)
    }

    @Test("currency: the first symbol sets it, others are refused, plain prices take it")
    func currency() throws {
        var shop = session(["add 2.49 500 g A", "add $3.99 1 kg B", "add 1.99 250 g C"])
        #expect(shop.list.currency == Currency(symbol: "$", isPrefix: true))
        let refused = shop.run(line: "add 2.49€ 500 g D")[0].outcome
        #expect(refused == .failure(Diagnostic(ShoppingError.currencyMismatch(list: "$", price: "€"), at: 4..<9)))
        #expect(shop.list.products.count == 3)
        let euros = session(["add 2.49€ 500 g A"])
        #expect(euros.list.currency == Currency(symbol: "€", isPrefix: false))
        #expect(Currency.format(Number(2), currency: euros.list.currency) == "2.00€")
        #expect(Currency.format(.exact(dec("-1.5")), currency: Currency(symbol: "$", isPrefix: true)) == "-$1.50")
    }

    @Test("with a rate, a price in another currency is converted to the list's and keeps how it was written", arguments: [
        // (rate, price as written, price in the list's currency $)
        ("rate 1 € = 1.08 $", "€3", "3.24"),
        ("rate 1 $ = 0.8 £", "£2", "2.5"),
        ("rate 100 ¥ = 0.65 $", "¥500", "3.25"),
        ("rate 1 € = 1.08 $", "3 EUR", "3.24"),
    ])
    func convertedPrices(rate: String, written: String, converted: String) throws {
        let shop = session(["add $2 1 kg A", rate, "add \(written) 2 kg B", "price \(written)", "qty 1 kg", "add"])
        let (b, draft) = (shop.list.products[1], shop.list.products[2])
        #expect(b.price == .exact(dec(converted)))
        #expect(b.written?.amount == .exact(dec(String(written.filter { $0.isNumber }))))
        #expect(b.written?.currency.code != shop.list.currency?.code)
        #expect(draft.price == b.price && draft.written == b.written)
        // Ranked on the converted price: B costs converted/2 per kg.
        let comparison = try Comparison(shop.list)
        #expect(comparison.rows.first { comparison.product($0).id == 2 }!.unitPrice == .exact(dec(converted) / Rational(2)))
    }

    @Test("refusals change nothing", arguments: [
        ("add 1.99 1 l Juice", .problem(.shopping(.otherKindNeedsList(list: .mass, quantity: "1 L", is: .volume, takenBy: nil)), column: 10)),
        ("add 4.20 12 Eggs", .problem(.shopping(.otherKindNeedsList(list: .mass, quantity: "12 items", is: .count, takenBy: nil)), column: 10)),
        ("add -1 500 g", .problem(.shopping(.negativePrice), column: 5)),
        ("add 1 0 g", .problem(.shopping(.quantityNotPositive), column: 7)),
        ("add 1 -5 g", .problem(.shopping(.quantityNotPositive), column: 7)),
        ("add 1 0 x 250 g", .problem(.shopping(.packsNotWhole), column: 7)),
        ("add 1 2.5x250 g", .problem(.shopping(.packsNotWhole), column: 7)),
        ("add 2.49 500 gm", .problem(.arguments(.misspeltUnitOrName("gm", unit: "g")), column: 14)),
        ("add 2.49 500 kgg Rice", .problem(.arguments(.misspeltUnitOrName("kgg", unit: "kg")), column: 14)),
        ("add 2.49€ 500 g", .problem(.shopping(.currencyMismatch(list: "$", price: "€")), column: 5)),
        ("add 2.49", .problem(.arguments(.missing(command: "add", what: "a price and a quantity", example: "add 2.49 500 g")), column: 9)),
        ("add x 500 g", .problem(.syntax(.unknownName("x", suggestion: nil)), column: 5)),
        ("type volume", .problem(.shopping(.typeSwitchWouldDrop(count: 2, current: .mass, requested: .volume)), column: 6)),
        ("type liquid", .problem(.arguments(.typeWord), column: 6)),
        ("basis 100 ml", .problem(.shopping(.wrongDimension(list: .mass, quantity: "a basis of 100 ml", is: .volume)), column: 7)),
        ("basis 0 g", .problem(.shopping(.quantityNotPositive), column: 7)),
        ("remove 7", .problem(.shopping(.noSuchProduct(id: 7, existing: [1, 2])), column: 8)),
        ("remove Barilla", .problem(.arguments(.wrongKind(command: "remove", takes: "a product number", example: "remove 2")), column: 8)),
        ("need 2 l", .problem(.shopping(.needOfOtherKind(list: .mass, quantity: "2 L", is: .volume)), column: 6)),
        ("need 2", .problem(.arguments(.unitNeeded(what: "need a quantity with its unit", example: "need 2 kg")), column: 6)),
        ("unit zorkmid", .problem(.syntax(.unknownUnit("zorkmid", suggestions: [])), column: 6)),
        ("price -2", .problem(.shopping(.negativePrice), column: 7)),
        ("compare now", .problem(.arguments(.takesNoArguments("compare")), column: 9)),
    ] as [(String, Seen)])
    func refusals(_ input: String, _ expected: Seen) {
        var shop = session(["add $2.49 500 g Barilla", "add 3.99 1 kg Store brand"])
        let before = shop.list
        let outcome = shop.run(line: input)[0].outcome
        guard case .failure(let diagnostic) = outcome else {
            Issue.record("'\(input)' should be refused, got \(outcome)")
            return
        }
        #expect(Seen(diagnostic) == expected)
        #expect(shop.list == before)
    }

    @Test("an emptied list takes its type and currency from the next product", arguments: [
        ["add 1 1 kg A", "clear", "add 2 1 l B"],
        ["add $1 1 kg A", "remove 1", "add €2 1 l B"],
        ["add 1 1 kg A", "basis 100 g", "clear", "add 2 1 l B"],
        ["basis 100 g", "add 2 1 l B"],
    ])
    func emptiedList(lines: [String]) {
        let shop = session(lines)
        #expect(shop.list.dimension == .volume)
        #expect(shop.list.basis?.text == "1 L")
        #expect(shop.list.products.map(\.name) == ["B"])
    }

    @Test("a type set on an empty list holds until products come")
    func explicitType() {
        var shop = session(["type volume"])
        guard case .failure(let diagnostic) = shop.run(line: "add 1 1 kg A")[0].outcome else {
            Issue.record("a mass product was accepted on a volume list"); return
        }
        #expect(diagnostic.problem == .shopping(.otherKindNeedsList(list: .volume, quantity: "1 kg", is: .mass, takenBy: nil)))
    }

    @Test("the draft refuses at once what add would refuse later", arguments: [
        ([], "qty 0", .problem(.shopping(.quantityNotPositive), column: 5)),
        ([], "qty -3", .problem(.shopping(.quantityNotPositive), column: 5)),
        ([], "qty 2.5 items", .problem(.shopping(.countNotWhole), column: 5)),
        (["qty 1.5"], "unit pods", .problem(.shopping(.countNotWhole), column: 6)),
        (["add $1 1 kg A"], "price €2", .problem(.shopping(.currencyMismatch(list: "$", price: "€")), column: 7)),
        (["add $1 1 kg A"], "qty 2 l", .problem(.shopping(.wrongDimension(list: .mass, quantity: "2 L", is: .volume)), column: 5)),
        (["add $1 1 kg A"], "unit ml", .problem(.shopping(.wrongDimension(list: .mass, quantity: "ml", is: .volume)), column: 6)),
    ] as [([String], String, Seen)])
    func draftRefusals(setup: [String], input: String, expected: Seen) {
        var shop = session(setup)
        let before = shop.list
        guard case .failure(let diagnostic) = shop.run(line: input)[0].outcome else {
            Issue.record("'\(input)' was accepted"); return
        }
        #expect(Seen(diagnostic) == expected)
        #expect(shop.list == before)
    }

    @Test("a word after the count that no list compares, or in capitals, starts the name", arguments: [
        ("add 5.99 8 C batteries", "C batteries", "8 items"), ("add 12.99 24 K cups", "K cups", "24 items"),
        ("add 3 10 dH filters", "dH filters", "10 items"), ("add 6.49 4 AA batteries", "AA batteries", "4 items"),
        ("add 4.20 12 Eggs", "Eggs", "12 items"), ("add 2 5 pods Tabs", "Tabs", "5 pods"),
    ])
    func namesAfterCounts(input: String, name: String, quantity: String) {
        let shop = session([input])
        #expect(shop.list.products.map(\.name) == [name])
        #expect(shop.list.products.map(\.quantity.text) == [quantity])
    }

    @Test("quoted names: escapes, and refusals that say what is wrong", arguments: [
        (#"add 1 1 kg "He said \"hi\"; ok""#, #"He said "hi"; ok"#),
        (#"add 1 1 kg 'it\'s'"#, "it's"), (#"add 1 1 kg Joe's"#, "Joe's"), (#"add 1 1 kg "a\\b""#, #"a\b"#),
        (#"add 1 1 kg "unterminated"#, .problem(.arguments(.nameQuoteNeverClosed), column: 12)),
        (#"add 1 1 kg "a" "b""#, .problem(.arguments(.textAfterQuotedName(quote: "\"")), column: 16)),
    ] as [(String, Seen)])
    func quotedNames(input: String, expected: Seen) {
        var shop = Session()
        switch shop.run(line: input)[0].outcome {
        case .success: #expect(shop.list.products.map { Seen.text($0.name) } == [expected])
        case .failure(let diagnostic): #expect(Seen(diagnostic) == expected)
        }
    }

    @Test("need asks for whole items on a count list")
    func needWholeItems() {
        var shop = session(["add 1 6 eggs"])
        #expect(shop.run(line: "need 2.5 items")[0].outcome == .failure(Diagnostic(ShoppingError.countNotWhole, at: 5..<14)))
    }

    @Test("count quantities are whole numbers")
    func wholeCounts() {
        var shop = Session()
        let outcome = shop.run(line: "add 4.20 12.5 Eggs")[0].outcome
        #expect(outcome == .failure(Diagnostic(ShoppingError.countNotWhole, at: 9..<13)))
        #expect(shop.list.products.isEmpty && shop.list.dimension == nil)
    }

    @Test("a word after the quantity that is not a unit starts the name")
    func names() throws {
        let shop = session(["add 4.20 12 Eggs", "add 5 6 \"pcs\"", "add 2 10 free range  eggs ", "add 1 1"])
        #expect(shop.list.products.map(\.name) == ["Eggs", "pcs", "free range  eggs", "#4"])
        #expect(shop.list.products.map(\.quantity.unit.symbol) == ["items", "items", "items", "items"])
        let mass = session(["add (3 * 1.99) 500g Pasta", "add 2.49 2x250 g 'Twin pack'"])
        #expect(mass.list.products.map(\.name) == ["Pasta", "Twin pack"])
        #expect(mass.list.products[0].price == .exact(dec("5.97")))
        #expect(mass.list.products[1].quantity.text == "2×250 g")
    }

    @Test("form-style entry")
    func draft() throws {
        var shop = session(["price 3*1.99", "qty 6x330", "unit ml", "name Cola"])
        #expect(shop.list.draft.price == .exact(dec("5.97")))
        #expect(shop.run(line: "add")[0].outcome.isSuccess)
        #expect(shop.list.draft.isEmpty)
        #expect(shop.list.products[0].quantity.text == "6×330 ml")
        #expect(shop.run(line: "add")[0].outcome
            == .failure(Diagnostic(ArgumentError.draftIncomplete(missing: ["a price", "a quantity"]), at: 0..<3)))
        _ = shop.run(line: "price 2")
        #expect(shop.run(line: "add")[0].outcome
            == .failure(Diagnostic(ArgumentError.draftIncomplete(missing: ["a quantity"]), at: 0..<3)))
        #expect(ArgumentError.draftIncomplete(missing: ["a quantity"]).message
            == "cannot add: set a quantity first (price 2.49, qty 500 g), or write add PRICE QTY [UNIT] [NAME]")
        #expect(shop.list.draft.price == Number(2))
    }

    @Test("type and clear")
    func typeAndClear() throws {
        var shop = session(["type volume", "basis 100 ml"])
        #expect(shop.list.dimension == .volume)
        _ = shop.run(line: "add 1 1 l; clear")
        #expect(shop.list.products.isEmpty && shop.list.basis?.perText == "per 100 ml")
        _ = shop.run(line: "basis auto; clear; add 1 1 kg")
        #expect(shop.list.dimension == .mass)
        _ = shop.run(line: "remove 1")
        #expect(shop.run(line: "type count")[0].outcome.isSuccess)
        // An empty list compares to nothing, which is no error (SPEC §4); best still needs a product.
        #expect(shop.run(line: "compare")[0].outcome == .success(.emptyComparison))
        #expect(shop.run(line: "best")[0].outcome == .failure(Diagnostic(ShoppingError.emptyList, at: 0..<4)))
    }

    /// A percentage never rounds onto a whole figure it is not: 99.999 % is not 100.0 %,
    /// and a best price of 1e-400 saves just under 100 %, not 100 %.
    @Test("percentages in best and vs best", arguments: [
        ("49.75", "49.8"), ("16.6", "16.6"), ("99.999", "99.999"), ("0.0004", "0.0004"), ("100", "100.0"),
        ("99.9999999", ">99.999999"), ("0.00000001", "<0.000001"), ("9999900", "9999900.0"),
    ])
    func percentages(_ value: String, _ expected: String) {
        #expect(Comparison.percentText(.exact(Rational(decimal: value))) == expected)
    }

    @Test("a best price of 1e-400 saves just under 100%")
    func tinyBestPrice() throws {
        let percent = try Number(100) * (Number(1) - .exact(Rational(.one, BigInt.powerOfTen(400))))
        #expect(Comparison.percentText(percent) == ">99.999999")
    }

    @Test("best and need")
    func bestAndNeed() throws {
        let shop = session(pasta)
        let summary = BestSummary(try Comparison(shop.list))
        #expect(summary.best.map { summary.comparison.product($0).name } == ["Multipack"])
        #expect(summary.runnerUp.map { summary.comparison.product($0).name } == "Store brand")
        #expect(summary.saving.map { NumberDisplay.unitPrice($0) } == "0.663")
        #expect(summary.savingPercent.map(Comparison.percentText) == "16.6")
        let plan = try NeedPlan(shop.list, target: EnteredQuantity(packs: nil, amount: Number(2), unit: UnitTable.atom(named: "kg")!))
        // Packs, cost (2 × 3.99, 4 × 2.49, 2 × 4.99) and leftover in kg, as exact values.
        #expect(plan.rows.map(\.product.name) == ["Store brand", "Barilla", "Multipack"])
        #expect(plan.rows.map(\.packs) == [Number(2), Number(4), Number(2)])
        #expect(plan.rows.map(\.cost) == [.decimal("7.98"), .decimal("9.96"), .decimal("9.98")])
        #expect(plan.rows.map(\.leftover) == [Number(0), Number(0), Number(1)])
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

@Suite("ranking a long list")
struct RankingTests {
    /// Rows with the given unit prices, indexed in the order given.
    static func rows(_ prices: [Number]) -> [Comparison.Row] {
        return prices.indices.map { Comparison.Row(rank: 0, index: $0, unitPrice: prices[$0]) }
    }

    @Test("the in-place sort orders rows as a stable sort by unit price does, quicksort and heapsort alike")
    func inPlaceSortAgreesWithStableSort() {
        var generator = SeededGenerator(seed: 5)
        var lists: [[Number]] = [[], [Number(1)], [Number(2), Number(1)]]
        for count in [17, 18, 100, 1000, 5000] {
            // Few distinct prices (many ties), machine fractions, and the ordered shapes
            // that defeat a naive pivot: sorted, reversed, all equal, organ pipe.
            lists.append((0..<count).map { _ in Number(Int(generator.next() % 7)) })
            lists.append((0..<count).map { _ in .exact(Rational(BigInt(Int64(generator.next() % 10_000)), BigInt(Int64(generator.next() % 997 + 1)))) })
            lists.append((0..<count).map { Number($0) })
            lists.append((0..<count).map { Number(count - $0) })
            lists.append((0..<count).map { _ in Number(3) })
            lists.append((0..<count).map { Number(min($0, count - $0)) })
        }
        // Prices closer than a double tells apart, and beyond the doubles' normal range.
        let quadrillion = BigInt(Int64(1_000_000_000_000_000))
        lists.append((0..<500).map { (index: Int) -> Number in
            .exact(Rational(quadrillion + BigInt(Int64(index * 7919 % 13)), quadrillion))
        })
        let tiny = BigInt(10).power(400)
        lists.append((0..<300).map { (index: Int) -> Number in
            index % 3 == 0 ? Number(0) : .exact(Rational(BigInt(Int64(index * 31 % 17 + 1)), tiny))
        })
        // An approximate price among exact ones goes through the general comparison.
        lists.append([Number(2), try! Number(2).squareRoot(), Number(1), Number(2)])
        for prices in lists {
            let expected = RankingTests.rows(prices).enumerated().sorted { a, b in
                a.element.unitPrice < b.element.unitPrice || (a.element.unitPrice == b.element.unitPrice && a.offset < b.offset)
            }.map { $0.offset }
            for depth in [nil, 0] {
                var rows = RankingTests.rows(prices)
                Comparison.rank(&rows, depth: depth)
                #expect(rows.map(\.index) == expected, "\(prices.count) prices, depth \(depth.map(String.init) ?? "full")")
            }
        }
    }
}

extension RankingTests {
    @Test("the machine-sized 'vs best' text is the general rule's, or defers to it")
    func machineVsBestAgreesWithGeneralRule() throws {
        var generator = SeededGenerator(seed: 9)
        func price() -> Number {
            let size = UInt64(1) << (generator.next() % 40 + 1)
            return .exact(Rational(BigInt(Int64(generator.next() % size + 1)), BigInt(Int64(generator.next() % 1000 + 1))))
        }
        // Random prices, near ties (0.0 and 100.0 must defer), and doubles of the best.
        var pairs: [(Number, Number)] = (0..<3000).map { _ in (price(), price()) }
        pairs += [(Number(1001), Number(1000)), (Number(2), Number(1)), (Number.decimal("2.0004"), Number(1)),
                  (Number.decimal("1.0004"), Number(1)), (Number.decimal("1.0006"), Number(1)), (Number(3), Number(2))]
        var checked = 0
        for (a, b) in pairs {
            let (u, best) = a < b ? (b, a) : (a, b)
            guard best < u else { continue }
            let general = "+\(Comparison.percentText(try (u - best) / best * 100))% vs best"
            if let text = Comparison.machineVsBest(u, best) {
                #expect(text == general, "\(u) against \(best)")
                checked += 1
            }
        }
        #expect(checked > 2500)
        #expect(Comparison.machineVsBest(Number(2), Number(1)) == nil, "100.0 defers")
        #expect(Comparison.machineVsBest(Number.decimal("1.0004"), Number(1)) == nil, "0.0 defers")
    }
}

/// A difference from the best of 1e15% or more reads the same in every row, exact or not.
struct HugePercentTests {
    @Test("+1.70e15% beside +2.80e15%, never one in full and one in e notation", arguments: [
        (Number.exact(Rational(decimal: "1702161464015768.75")), "1.70e15"),
        (Number.exact(Rational(BigInt.powerOfTen(24))), "1.00e24"),
        (Number.approximate(Real(lower: Rational(decimal: "2800000000000000"), upper: Rational(decimal: "2800000010000000"))), "2.80e15"),
        (Number.exact(Rational(decimal: "1699999999900")), "1699999999900.0"),
    ])
    func hugePercent(_ percent: Number, _ shown: String) {
        #expect(Comparison.percentText(percent) == shown)
    }
}
