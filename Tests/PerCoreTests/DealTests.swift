import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Deals on the shopping list (`help deal`): what each kind makes of the price, how
/// `compare`, `best` and `need` use it, and what is refused.
struct DealTests {
    /// Each kind on a 2.00 pack of 1 kg beside a plain 1.90 pack: the unit price paid
    /// when buying the deal's packs, and the ranking it gives.
    @Test("each kind of deal: the unit price paid and the ranking", arguments: [
        ("3 for 2", "1 Deal 1.33 best|2 Plain 1.90 +42.5% vs best"),        // 2 × 2.00 / 3 kg
        ("bogo", "1 Deal 1.00 best|2 Plain 1.90 +90.0% vs best"),           // 2.00 / 2 kg
        ("2 for 3.00", "1 Deal 1.50 best|2 Plain 1.90 +26.7% vs best"),     // 3.00 is not below 2: a price
        ("2 for 3.00", "1 Deal 1.50 best|2 Plain 1.90 +26.7% vs best"),
        ("4 for 7.50", "1 Deal 1.88 best|2 Plain 1.90 +1.3% vs best"),       // 1.875
        ("3 for 3.00", "1 Deal 1.00 best|2 Plain 1.90 +90.0% vs best"),     // 3.00 for 3 packs
        ("2nd half", "1 Deal 1.50 best|2 Plain 1.90 +26.7% vs best"),       // (2 + 1) / 2 kg
        ("club 1.80", "1 Deal 1.80 best|2 Plain 1.90 +5.6% vs best"),
        ("coupon 0.50", "1 Deal 1.50 best|2 Plain 1.90 +26.7% vs best"),
        ("coupon 0.05", "1 Plain 1.90 best|2 Deal 1.95 +2.6% vs best"),
        ("-20%", "1 Deal 1.60 best|2 Plain 1.90 +18.8% vs best"),
        ("-5%", "1 Deal 1.90 best|1 Plain 1.90 best"),
        ("none", "1 Plain 1.90 best|2 Deal 2.00 +5.3% vs best"),
    ])
    func kinds(_ deal: String, _ expected: String) throws {
        #expect(try ranked(["add 2 1 kg Deal", "add 1.90 1 kg Plain", "deal 1 \(deal)"]).joined(separator: "|") == expected)
        // Written at the end of `add`, the same.
        #expect(try ranked(["add 2 1 kg Deal deal \(deal)", "add 1.90 1 kg Plain"]).joined(separator: "|") == expected)
    }

    @Test("club off compares shelf prices; club on again uses the club price")
    func club() throws {
        let lines = ["add 2 1 kg Card deal club 1.50", "add 1.90 1 kg Plain"]
        #expect(try ranked(lines) == ["1 Card 1.50 best", "2 Plain 1.90 +26.7% vs best"])
        #expect(try ranked(lines + ["club off"]) == ["1 Plain 1.90 best", "2 Card 2.00 +5.3% vs best"])
        #expect(try ranked(lines + ["club off", "club on"]) == ["1 Card 1.50 best", "2 Plain 1.90 +26.7% vs best"])
        #expect(result(of: "club", after: ["club off"]) == "club prices are off")
    }

    @Test("best names the deal it relies on")
    func best() throws {
        let shop = session(["add 2.49 500 g Barilla deal 3 for 2", "add 1.99 500 g Store"])
        let summary = BestSummary(try Comparison(shop.list))
        #expect(summary.best.map { summary.comparison.product($0).name } == ["Barilla"])
        #expect(summary.comparison.dealText(summary.best[0]) == "3 for 2, buy 3")
        #expect(summary.comparison.dealUsed(summary.best[0]) == .multibuy(count: 3, payFor: 2))
        #expect(summary.comparison.shelfUnitPrice(summary.best[0]) == .decimal("4.98"))
        #expect(summary.best[0].unitPrice == .decimal("3.32"))
    }

    /// `need` buys whole deals and single packs; where more packs cost no more (the third
    /// of 3 for 2), it takes them.
    @Test("need with deals, quantities that are not multiples of the deal", arguments: [
        ("3 for 2", "1 kg", "1", "2.00"), ("3 for 2", "2 kg", "3", "4.00"), ("3 for 2", "3 kg", "3", "4.00"),
        ("3 for 2", "4 kg", "4", "6.00"), ("3 for 2", "5 kg", "6", "8.00"), ("3 for 2", "7 kg", "7", "10.00"),
        ("bogo", "1 kg", "2", "2.00"), ("bogo", "3 kg", "4", "4.00"),
        ("2 for 3.00", "1 kg", "1", "2.00"), ("2 for 3.00", "3 kg", "3", "5.00"),
        ("2nd half", "3 kg", "3", "5.00"), ("2nd half", "0.5 kg", "1", "2.00"),
        ("club 1.50", "3 kg", "3", "4.50"), ("coupon 0.50", "3 kg", "3", "5.50"), ("-25%", "3 kg", "3", "4.50"),
    ])
    func need(_ deal: String, _ target: String, _ packs: String, _ cost: String) throws {
        let shop = session(["add 2 1 kg Deal deal \(deal)"])
        let plan = try NeedPlan(shop.list, target: try #require(target.split(separator: " ").first.map { EnteredQuantity(
            packs: nil, amount: .exact(Rational(decimal: String($0))), unit: UnitTable.atom(named: "kg")!) }))
        #expect(plan.rows.map { NumberDisplay.display($0.packs, digits: 12).text } == [packs])
        #expect(plan.rows.map { NumberDisplay.fixed($0.cost.nearestRational, decimals: 2)!.text } == [cost])
    }

    /// `need` against the cheapest plan found by trying every number of packs from the
    /// least that reaches the target up to 12 more, and every number of deals within each:
    /// 500 random lists of small packs with random deals and targets.
    @Test("need finds the cheapest mix: 500 random lists against a brute force")
    func needAgainstBruteForce() throws {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<500 {
            var shop = Session()
            var deals: [Deal?] = []
            for index in 1...3 {
                let price = Rational(BigInt(generator.below(400) + 50), BigInt(100))
                let grams = (generator.below(8) + 1) * 250
                _ = shop.run(line: "add \(NumberDisplay.display(.exact(price), digits: 12).text) \(grams) g P\(index)")
                let kinds = ["3 for 2", "bogo", "2 for \(price.doubleValue * 1.5)", "2nd half", "club \(price.doubleValue / 2)",
                             "coupon 0.25", "-10%", "4 for 3", "5 for \(price.doubleValue * 3)", "none"]
                let kind = generator.pick(kinds)
                if case .failure = shop.run(line: "deal \(index) \(kind)").first!.outcome { deals.append(nil) } else {
                    deals.append(shop.list.products[index - 1].deal)
                }
            }
            if generator.below(4) == 0 { _ = shop.run(line: "club off") }
            let target = Rational(generator.below(4000) + 1)
            let plan = try NeedPlan(shop.list, target: EnteredQuantity(packs: nil, amount: .exact(target), unit: UnitTable.atom(named: "g")!))
            for row in plan.rows {
                let product = row.product
                let pack = product.quantity.amount.nearestRational
                let price = product.price.nearestRational
                let least = (target / pack).rounded(.up)
                var best: (packs: BigInt, cost: Rational)? = nil
                for extra in 0...12 {
                    let packs = least + BigInt(extra)
                    let cost = bruteForceCost(packs: packs, price: price, deal: product.deal, club: shop.list.club)
                    if best == nil || cost < best!.cost || (cost == best!.cost && packs > best!.packs) { best = (packs, cost) }
                }
                #expect(row.packs == .exact(Rational(best!.packs)), "\(product.name) \(product.deal.map { "\($0)" } ?? "no deal") for \(target) g")
                #expect(row.cost == .exact(best!.cost), "\(product.name) \(product.deal.map { "\($0)" } ?? "no deal") for \(target) g")
            }
        }
    }

    /// The cheapest way to pay for exactly `packs` packs, written apart from `Deal.cost`:
    /// every number of whole deals used, the rest at the shelf price.
    private func bruteForceCost(packs: BigInt, price: Rational, deal: Deal?, club: Bool) -> Rational {
        let n = Rational(packs)
        switch deal {
        case nil: return n * price
        case .club(let member)?: return n * (club ? member.nearestRational : price)
        case .coupon(let amount)?: return n * price - amount.nearestRational
        case .percentOff(let fraction)?: return n * price * (Rational.one - fraction.nearestRational)
        case .multibuy(let count, let payFor)?:
            return cheapestGroups(packs, count: count, groupCost: Rational(payFor) * price, price: price)
        case .multiprice(let count, let total)?:
            return cheapestGroups(packs, count: count, groupCost: total.nearestRational, price: price)
        case .secondHalf?:
            return cheapestGroups(packs, count: 2, groupCost: price * Rational(3) / Rational(2), price: price)
        }
    }

    private func cheapestGroups(_ packs: BigInt, count: Int, groupCost: Rational, price: Rational) -> Rational {
        var best = Rational(packs) * price
        var groups = BigInt.zero
        while !(packs < groups * BigInt(count)) {
            let cost = Rational(groups) * groupCost + Rational(packs - groups * BigInt(count)) * price
            if cost < best { best = cost }
            groups = groups + .one
        }
        return best
    }

    @Test("refusals, each with its reason and column", arguments: [
        ("deal 1 3 for 6.00", .problem(.shopping(.deal(.notLower)), column: 8)),          // 6.00 for 3 packs of 2.00
        // A whole number not below the count cannot be packs paid for: a price, here above the shelf's.
        ("deal 1 2 for 5", .problem(.shopping(.deal(.notLower)), column: 8)),
        ("deal 1 1 for 1", .problem(.shopping(.deal(.groupOfOne)), column: 8)),
        ("deal 1 1 for 0.5", .problem(.shopping(.deal(.groupOfOne)), column: 8)),
        ("deal 1 101 for 100", .problem(.shopping(.deal(.groupTooLarge(100))), column: 8)),
        ("deal 1 3 for 0", .problem(.shopping(.deal(.notPositive)), column: 8)),
        ("deal 1 2 for 4.00", .problem(.shopping(.deal(.notLower)), column: 8)),
        ("deal 1 club 2", .problem(.shopping(.deal(.notLower)), column: 8)),
        ("deal 1 club 0", .problem(.shopping(.deal(.notPositive)), column: 8)),
        ("deal 1 coupon 2.01", .problem(.shopping(.deal(.couponAbovePrice)), column: 8)),
        ("deal 1 coupon -1", .problem(.shopping(.deal(.notLower)), column: 8)),
        ("deal 1 -120%", .problem(.shopping(.deal(.percentOutOfRange)), column: 8)),
        ("deal 1 20%", .problem(.arguments(.discountSign), column: 8)),
        ("deal 1 2 for 1/3", .problem(.shopping(.deal(.notExact)), column: 8)),
        ("deal 1 fish", .problem(.arguments(.notADeal), column: 8)),
        ("deal 1 2nd quarter", .problem(.arguments(.notADeal), column: 8)),
        ("deal 1 3 for", .problem(.arguments(.missing(command: "3 for", what: "a count or a price", example: "3 for 2")), column: 13)),
        ("deal 1 club", .problem(.arguments(.missing(command: "club", what: "an amount", example: "club 1.99")), column: 12)),
        ("deal 1", .problem(.arguments(.missing(command: "deal", what: "a deal", example: "deal 2 3 for 2")), column: 7)),
        ("deal", .problem(.arguments(.missing(command: "deal", what: "a product number and a deal", example: "deal 2 3 for 2")), column: 5)),
        ("deal 9 bogo", .problem(.shopping(.noSuchProduct(id: 9, existing: [1])), column: 6)),
        ("deal x bogo", .problem(.arguments(.wrongKind(command: "deal", takes: "a product number, then the deal", example: "deal 2 3 for 2")), column: 6)),
        ("deal 1 bogo extra", .problem(.arguments(.unexpected("extra")), column: 13)),
        ("add 2 1 kg B deal 3 for 6.00", .problem(.shopping(.deal(.notLower)), column: 19)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["add 2 1 kg A"]) == expected)
    }

    @Test("a refused deal on add adds nothing; text after 'deal' that is no deal is part of the name")
    func addWithDeal() {
        var shop = Session()
        _ = shop.run(line: "add 2 1 kg A deal 3 for 6")
        #expect(shop.list.products.isEmpty)
        _ = shop.run(line: "add 3.50 1 kg Big deal")
        _ = shop.run(line: "add 3.50 1 kg 'Deal 3 for 2 pack' deal bogo")
        #expect(shop.list.products.map(\.name) == ["Big deal", "Deal 3 for 2 pack"])
        #expect(shop.list.products.map(\.deal) == [nil, .multibuy(count: 2, payFor: 1)])
    }

    @Test("undo takes a deal back")
    func undo() {
        var shop = Session(keepsHistory: true)
        _ = shop.run(line: "add 2 1 kg A")
        _ = shop.run(line: "deal 1 bogo")
        _ = shop.run(line: "deal 1 -10%")
        _ = shop.run(line: "undo")
        #expect(shop.list.products[0].deal == .multibuy(count: 2, payFor: 1))
        _ = shop.run(line: "undo")
        #expect(shop.list.products[0].deal == nil)
    }
}
