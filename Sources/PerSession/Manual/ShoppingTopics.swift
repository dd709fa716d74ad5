import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's shopping topics: the list, and the reference of `add`, `deal`, `need` and
/// `basis`.
extension ManualTopic {
    static let shoppingTopics: [ManualTopic] = [shopping, lists]

    static let shopping = ManualTopic("shopping", "The shopping list", "compare packs by price per kg, L or item", [
        .paragraph("Compare packs by price per kilo, litre or item, the way you would in the aisle:"),
        .example(["per> add 2.49 500 g Barilla", "added #1 Barilla: 2.49 for 500 g, 4.98 per kg",
                  "per> add 3.99 1 kg \"Store brand\"", "added #2 Store brand: 3.99 for 1 kg, 3.99 per kg",
                  "per> add 4.99 6x250 g Multipack", "added #3 Multipack: 4.99 for 6×250 g, 3.33 per kg",
                  "per> compare",
                  "rank  #  name         price  quantity  per kg",
                  "   1  3  Multipack     4.99  6×250 g     3.33  best",
                  "   2  2  Store brand   3.99  1 kg        3.99  +19.9% vs best",
                  "   3  1  Barilla       2.49  500 g       4.98  +49.7% vs best",
                  "per> best",
                  "best: Multipack at 3.33 per kg, 0.663 per kg (16.6%) cheaper than Store brand at 3.99 per kg"]),
        .list(["The first product sets what the list compares (mass, volume, count, length or area; type switches an "
                + "empty list) and "
                + "the first currency its currency. A list emptied by clear or by removing its last product takes both "
                + "from its next product. Products of another kind, negative prices, zero or fractional counts are "
                + "refused, and the list stays as it was.",
               "A price in a second currency is refused until you set a rate; then it is converted at that rate when "
                + "added, and shown both ways.",
               "A product of another kind than the list's is refused pointing at list NAME, which starts a list of "
                + "its own ('help lists'); per never mixes kinds on one list.",
               "compare (or list) ranks by unit price, ties sharing a rank; on a terminal each row gets a bar. best names "
                + "the winner and its saving; need QTY says how many packs of each reach a quantity; basis changes what "
                + "prices are quoted per; remove N drops product N (the # column); clear empties the list and the draft.",
               "Step by step: price 3*1.99, qty 6x330, unit ml, name Cola, draft to see it, then add alone. A value add "
                + "would refuse is refused when it is set.",
               "'help add', 'help deal', 'help need', 'help basis' and 'help lists' tell more; 'help units' lists the units."]),
        .example(["per> price 3*1.99", "draft: price 5.97, qty ?", "per> qty 6x330 ml", "draft: price 5.97, qty 6×330 ml",
                  "per> name Cola", "draft: price 5.97, qty 6×330 ml, name Cola", "per> add",
                  "added #1 Cola: 5.97 for 6×330 ml, 3.02 per L"]),
        .paragraph("Cable, foil and cling film compare per m; flooring, tiles and kitchen roll per m² (10 sqft, 1 acre "
            + "and 1 ha are areas too). need and basis work as for the others: basis ft, basis 1 sqft."),
        .example(["per> add 12.99 5 m Cable", "added #1 Cable: 12.99 for 5 m, 2.60 per m",
                  "per> add 8.49 3 m Short cable", "added #2 Short cable: 8.49 for 3 m, 2.83 per m",
                  "per> need 12 m", "to get 12 m:", "name         packs   cost  left over",
                  "Short cable      4  33.96  0 m", "Cable            3  38.97  3 m"]),
    ])
}

extension ManualTopic {
    static let lists = ManualTopic("lists", "Several shopping lists", "pasta and drinks on one trip, each compared its own way", [
        .paragraph("A trip compares pasta and drinks: list NAME starts a list (or switches to one), each with its own "
            + "type, basis, currency, deals, draft and need. The list you leave keeps its products:"),
        .example(["per> add 2.49 500 g Barilla", "added #1 Barilla: 2.49 for 500 g, 4.98 per kg",
                  "per> add 1.29 1.5 l Cola", "              ^",
                  "error: the list compares mass; 1.5 L is a volume: start a list of its own with list NAME, as in list drinks (or clear this one)",
                  "per> list drinks", "started list drinks; list default keeps its 1 product",
                  "per> add 1.29 1.5 l Cola", "added #1 Cola: 1.29 for 1.5 L, 0.860 per L",
                  "per> need 3 l", "to get 3 L:", "name  packs  cost  left over", "Cola      2  2.58  0 L",
                  "per> lists", "  list     products  need  best", "  default         1        Barilla, 4.98 per kg",
                  "* drinks          1  3 L   Cola, 0.860 per L"]),
        .list(["The first list is named default (a session or saved set from before lists had names is that one "
                + "list). Names are matched in any case, hold at most \(ListShelf.maxNameLength) characters and no "
                + "control characters; quote a name with blanks (list \"party snacks\"). A session keeps at most "
                + "\(ListShelf.maxLists) lists.",
               "A product of another kind than the current list's is refused, never put on a list of another kind: "
                + "the error names the list of its kind (switch to it with list drinks) or, when there is none, "
                + "list NAME to start one.",
               "lists shows every list, the current one marked *, with its products, its need and its best product; "
                + "compare ranks the current list, compare all every list, a table each. list alone ranks the "
                + "current list, as compare does.",
               "need QTY is kept with its list: need alone asks again, need none forgets it, clear empties it.",
               "A list left empty (no products, draft or need, settings untouched) is not kept when you switch away. "
                + "The lists are kept in the session file, in saved sets and by undo."]),
    ])
}

extension CommandManual {
    static let shopping: [Command: [ManualBlock]] = [
        .plan: [
            .paragraph("Which store for the whole trip: each list's need (need 3 l on list drinks) is bought as packs of "
                + "one of its products, at the last price the price book has of it at each store ('help prices')."),
            .example(["per> seen 1.99 500 g Barilla @Aldi 2026-11-02 deal -20%", "3.98 per kg: the first price of Barilla",
                      "per> seen 1.19 1.5 l Cola @Aldi 2026-11-01", "0.793 per L: the first price of Cola",
                      "per> seen 2.34 6 x 1.5 l Water @Rewe 2026-11-01", "0.260 per L: the first price of Water",
                      "per> add Barilla", "added #1 Barilla: 1.99 for 500 g, 3.98 per kg",
                      "per> need 1 kg", "to get 1 kg:", "name     packs  cost  left over", "Barilla      2  3.98  0 kg",
                      "per> list drinks", "started list drinks; list default keeps its 1 product",
                      "per> add Cola", "added #1 Cola: 1.19 for 1.5 L, 0.793 per L",
                      "per> add Water", "added #2 Water: 2.34 for 6×1.5 L, 0.260 per L",
                      "per> need 3 l", "to get 3 L:", "name   packs  cost  left over", "Water      1  2.34  6 L", "Cola       2  2.38  0 L",
                      "per> plan", "at one store: Aldi, 6.36", "store  trip  missing", "Aldi   6.36", "Rewe      –  default (Barilla)",
                      "split across stores: 6.32, 0.04 less than at one store",
                      "list     product  store  packs  pack     cost  left over  deal",
                      "default  Barilla  Aldi       2  500 g    3.98  0 kg       -20%",
                      "drinks   Water    Rewe       1  6×1.5 L  2.34  6 L"]),
            .list(["Each store's trip is the cheapest of each list's products there; a store where a list has no price "
                    + "names the list and its products. The split takes each list's cheapest at any store: as no list's "
                    + "choice changes another's cost, both are exact minimums.",
                   "A product is priced by its last price at the store (by date), whatever the deal then; packs are whole "
                    + "packs as seen, the rest left over. Lines without a store, and prices in another kind of unit than the "
                    + "list's, are not planned with; prices in two currencies are refused.",
                   "plan @Lidl @Aldi plans with those stores alone; lists without a need are left out."]),
        ],
        .add: [
            .paragraph("A price per quantity is multiplied out: add 4.98/kg 1.2 kg Cheese costs 5.976 (loose goods at the "
                + "deli counter), and so is one per an amount: add 0.45 €/100 g 500 g Penne costs €2.25. Written as a ratio "
                + "with nothing after it, a price is the pack's: add €2.49/500 g Penne is €2.49 for 500 g; add €2.49/500 g "
                + "2 Penne reads two ways (2 packs, or a product named 2 Penne) and is refused. A word that looks like "
                + "a misspelt unit (gm, kgg) is refused with a suggestion; quote the name to keep it. A sign glued to a number after a blank starts the next argument (add 1 -5 g is a "
                + "negative quantity, refused)."),
        ],
        .shopping(.deal): [
            .paragraph("Multibuys, loyalty prices and coupons are where shelf labels help least. Put the deal on a "
                + "product, at the end of add or later with deal N, and compare ranks by what you pay when you buy the "
                + "packs the deal needs, with the shelf price beside it."),
            .example(["per> add 2.49 500 g Barilla deal 3 for 2",
                      "added #1 Barilla: 2.49 for 500 g; deal 3 for 2, buy 3: 3.32 per kg (shelf 4.98)",
                      "per> add 1.99 500 g Store", "added #2 Store: 1.99 for 500 g, 3.98 per kg",
                      "per> add 2 1 kg Club pack deal club 1.50",
                      "added #3 Club pack: 2.00 for 1 kg; deal club 1.50: 1.50 per kg (shelf 2.00)",
                      "per> deal 2 -20%", "deal on #2 Store: -20%: 3.18 per kg (shelf 3.98)",
                      "per> compare",
                      "rank  #  name       price  quantity  deal            per kg  shelf",
                      "   1  3  Club pack   2.00  1 kg      club 1.50         1.50   2.00  best",
                      "   2  2  Store       1.99  500 g     -20%              3.18   3.98  +112.3% vs best",
                      "   3  1  Barilla     2.49  500 g     3 for 2, buy 3    3.32   4.98  +121.3% vs best"]),
            .table([["3 for 2", "every 3 packs cost the price of 2", "pay 4.98 for 3 packs of 2.49"],
                    ["bogo", "buy one, get one free: 2 for 1", "2 packs of 2.00 cost 2.00"],
                    ["2 for $5", "every 2 packs cost $5 together", "3 packs of $2.99 cost $7.99"],
                    ["2nd half", "every second pack at half price", "2 packs of 3.50 cost 5.25"],
                    ["club 1.99", "a loyalty price, counted while club on", "1.99 instead of 2.49 a pack"],
                    ["coupon 0.50", "once, off one pack", "3 packs of 2.00 cost 5.50"],
                    ["-20%", "off every pack", "3 packs of 2.00 cost 4.80"]]),
            .list(["In N for M, a plain whole number below the count is the packs paid for (3 for 2); anything else is "
                    + "money, in the list's currency or none (4 for 3.00, 2 for $5, 2 for 9: a multibuy never pays for "
                    + "more packs than it gives).",
                   "deal N none removes a deal. A deal must lower the price: 3 for 3.00 on a 1.00 pack, a coupon above the "
                    + "price, a multibuy of 1, -120% are refused with the reason, and a refused deal on add adds nothing. "
                    + "Text after deal that cannot start a deal stays part of the name (add 3.50 1 kg Big deal).",
                   "club off compares shelf prices. best names the deal it relies on; --json rows carry deal, "
                    + "shelf_unit_price, deal_applies and deal_quantity (packs), with unit_price the price paid. Deals "
                    + "and club are kept by undo, saved sets and the session."]),
        ],
        .shopping(.need): [
            .paragraph("need buys whole deals and single packs, whichever mix is cheapest, and takes the packs a deal "
                + "gives free (2.2 kg of 500 g packs on 3 for 2: 6 packs for the price of 4). With a dose basis "
                + "(basis dose) need 100 loads counts every product in washes."),
            .example(["per> add 2.49 500 g Barilla", "added #1 Barilla: 2.49 for 500 g, 4.98 per kg",
                      "per> add 3.99 1 kg Store brand", "added #2 Store brand: 3.99 for 1 kg, 3.99 per kg",
                      "per> need 2 kg", "to get 2 kg:", "name         packs  cost  left over",
                      "Store brand      2  7.98  0 kg", "Barilla          4  9.96  0 kg"]),
        ],
        .shopping(.basis): [
            .paragraph("basis 100 g, basis oz, basis 100 ml and basis auto change what unit prices are quoted per. "
                + "Cleaning products compare best by what one use costs: basis dose counts each product in doses of the "
                + "last dose result, and a product sold in loads (64 loads) counts one dose a load, so liquids and pods "
                + "go on one list."),
            .example(["per> add 12.99 2.95 l Persil", "added #1 Persil: 12.99 for 2.95 L, 4.40 per L",
                      "per> add 15.99 64 loads Pods", "added #2 Pods: 15.99 for 64 loads",
                      "per> dose liquid water=hard", "dose: form liquid, water hard", "…",
                      "per> basis dose", "prices are compared per wash (95 ml)", "per> compare",
                      "rank  #  name    price  quantity  per wash (95 ml)",
                      "   1  2  Pods    15.99  64 loads             0.250  best",
                      "   2  1  Persil  12.99  2.95 L               0.418  +67.4% vs best"]),
            .paragraph("Without a dose basis, products in loads beside products in litres are refused by compare with what "
                + "to do. A pod dose (dose pods) counts pods: 2 a wash in hard water. basis 1 load compares a list sold "
                + "in loads alone."),
        ],
    ]
}
