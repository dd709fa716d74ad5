import PerNumbers
import PerUnits
import PerLanguage

extension CommandCatalogue {
    /// The shopping list's commands: adding products, the draft, lists, the plan, the
    /// comparison and its settings.
    static let shopping: [CommandInfo] = [
        CommandInfo(
            command: .add, aliases: [], completion: .add, book: .whenNamed, needs: .shoppingList,
            synopsis: "add PRICE QTY [NAME]", summary: "add a product (or, alone, the draft)",
            details: ["PRICE and QTY are expressions, spaces allowed: add 3 * 1.99 500 g. QTY carries its unit: 500 g or 500g.",
                      "QTY may be a multipack, 6x250 g (6 packs of 250 g). A price per quantity is multiplied out: add 4.98/kg 1.2 kg.",
                      "Without a unit the product counts items; a word that is not a unit the list compares starts the name",
                      "(add 5.99 8 C batteries). NAME is the rest of the line; quotes are optional.",
                      "The first product sets the list's type (mass, volume, count, length or area) and a currency ($ € £ ¥, EUR) its currency.",
                      "A deal may end the line: add 2.49 500 g Barilla deal 3 for 2 ('help deal' lists them).",
                      "As a shelf says it: add 2.49 for 500 g Pasta, add 4.99 4-pack 330 ml Beer (4×330 ml),",
                      "add Pasta 2.49 500 g (a name first, when the rest is a price and a quantity alone),",
                      "add 0.45 €/100 g 500 g Penne (a unit price, then the pack: €2.25), add €2.49/500 g Penne (€2.49 for 500 g).",
                      "A name ending in at STORE is read as @STORE, with a note: add 2.49 500 g Barilla at Aldi adds Barilla @Aldi;",
                      "quote the name to keep it. A name that could be either (the list has a product of the whole name) is refused."],
            example: "add 4.99 6x250 g Multipack"),
        CommandInfo(
            command: .shopping(.price), aliases: [], completion: .expression, needs: .shoppingList,
            synopsis: "price EXPR", summary: "set the draft's price",
            details: ["Build a product step by step with price, qty, unit and name; then add."],
            example: "price 3*1.99"),
        CommandInfo(
            command: .shopping(.qty), aliases: ["quantity"], completion: .listUnits(first: []), needs: .shoppingList,
            synopsis: "qty QTY", summary: "set the draft's quantity",
            details: ["A multipack is written 6x330."], example: "qty 6x330 ml"),
        CommandInfo(
            command: .shopping(.unit), aliases: [], completion: .listUnits(first: []), needs: .shoppingList,
            synopsis: "unit UNIT | unit NAME = QUANTITY", summary: "set the draft's unit, or define a unit of your own",
            details: ["unit UNIT (no =) sets the unit of the draft product, as price, qty and name set theirs.",
                      "unit NAME = QUANTITY defines a unit, exact, of any dimension: unit bottle = 0.5 L, unit crate = 20 bottle,",
                      "unit shift = 8 h. It reads in the singular and the plural (2 crates) wherever a unit does: in expressions,",
                      "after to, in add, seen and estimator inputs. The quantity is exact and more than 0; not a temperature on",
                      "a scale (a difference is: 5 ΔK), a date or money (a price changes; keep it in a variable). A name that is",
                      "a built-in unit, a currency, a command, a function, a constant or a variable is refused. Defining a name",
                      "again replaces its unit and says so; what was computed in the old one keeps its value. A unit is kept",
                      "resolved to built-in units, so units defined with it keep their value when it changes or goes.",
                      "units lists them; forget unit NAME removes one; undo takes back either; kept in the session and saved sets."],
            example: "unit crate = 20 bottle"),
        CommandInfo(
            command: .shopping(.name), aliases: [], needs: .shoppingList,
            synopsis: "name TEXT", summary: "set the draft's name", details: [], example: "name Store brand"),
        CommandInfo(
            command: .shopping(.draft), aliases: [], needs: .shoppingList,
            synopsis: "draft", summary: "show the draft product", details: [], example: "draft"),
        CommandInfo(
            command: .shopping(.compare), aliases: [], completion: .first(["all"]),
            variants: [CommandVariant(word: "--seen", command: .compareSeen, book: .always, completion: .nothing),
                       CommandVariant(word: "all", command: .compareAll, book: .never, completion: .nothing)],
            needs: .shoppingList,
            synopsis: "compare [all]", summary: "rank the products by unit price (all: every list, a table each)",
            details: ["Ties share a rank; the last column is how much dearer each is than the best, in percent."],
            example: "compare"),
        CommandInfo(
            command: .switchList, aliases: [], completion: .listNames,
            variants: [CommandVariant(word: "--seen", command: .compareSeen, book: .always, completion: .nothing)],
            needs: .shoppingList,
            synopsis: "list [NAME]", summary: "start or switch to the list NAME; alone, rank the list as compare does",
            details: ["Each list has its own type, basis, currency, deals, draft and need: list drinks beside list pasta.",
                      "The list you leave keeps its products; one left empty is not kept. The first list is named default.",
                      "A product of another kind than the list's is refused, naming the list of its kind (see help lists)."],
            example: "list drinks"),
        CommandInfo(
            command: .shelfLabel, aliases: [], completion: .expression, needs: .shoppingList,
            synopsis: "label UNIT_PRICE", summary: "check a shelf label's unit price against the last product's price and size",
            details: ["Also at the end of add: add 2.49 500 g Pasta label 5.20 per kg. Says how far the label is off",
                      "(the label is 4.4% high), exactly; a label within half a unit of its last decimal (half a cent for one in cents) matches."],
            example: "label 5.20 per kg"),
        CommandInfo(
            command: .lists, aliases: [], needs: .shoppingList,
            synopsis: "lists", summary: "every list with its products, need and best product",
            details: ["The current list is marked *; compare all ranks every list."],
            example: "lists"),
        CommandInfo(
            command: .plan, aliases: [], completion: .bookStores, book: .always, needs: .shoppingList,
            synopsis: "plan [@STORE …]", summary: "every list's need at the cheapest store, and split across stores",
            details: ["From each list's need and the price book's last price of each of its products at each store: each store's",
                      "total for the whole trip (a store that lacks a list's products names them) and the cheapest split, which",
                      "product where, how many packs, what is left over and the deal the price was seen with. A list's need is",
                      "met with packs of one of its products; plan @Lidl @Aldi plans with those stores alone."],
            example: "plan"),
        CommandInfo(
            command: .shopping(.best), aliases: [], needs: .shoppingList,
            synopsis: "best", summary: "the cheapest product per unit, and its saving over the next",
            details: [], example: "best"),
        CommandInfo(
            command: .shopping(.need), aliases: [], completion: .listUnits(first: []), needs: .shoppingList,
            synopsis: "need [QTY|none]", summary: "packs of each product to reach a quantity, their cost and the leftover",
            details: ["The quantity is kept with the list (lists shows it): need alone asks again, need none forgets it."],
            example: "need 2 kg"),
        CommandInfo(
            command: .shopping(.basis), aliases: [], completion: .listUnits(first: ["auto"]), needs: .shoppingList,
            synopsis: "basis QTY | UNIT | auto", summary: "quote unit prices per this amount",
            details: ["auto is per kg, per L or per item, following the list's type."],
            example: "basis 100 g"),
        CommandInfo(
            command: .shopping(.type), aliases: [], completion: .first(Dimension.shoppable.map(\.rawValue)), needs: .shoppingList,
            synopsis: "type mass|volume|count|length|area", summary: "set what the list compares (while it is empty)",
            details: ["The first product sets the type; a switch that would drop products is refused."],
            example: "type volume"),
        CommandInfo(
            command: .shopping(.remove), aliases: ["rm"], needs: .shoppingList,
            synopsis: "remove N", summary: "remove product number N (the # column of compare)",
            details: [], example: "remove 2"),
        CommandInfo(
            command: .shopping(.clear), aliases: [], needs: .shoppingList,
            synopsis: "clear", summary: "empty the list and the draft (the basis stays)",
            details: [], example: "clear"),
        CommandInfo(
            command: .shopping(.deal), aliases: [], completion: .deal, needs: .shoppingList,
            synopsis: "deal N DEAL", summary: "put a deal on product N (deal N none removes it)",
            details: ["3 for 2, bogo, 2 for $5, 2nd half, club 1.99, coupon 0.50 or -20%; compare ranks by the price paid",
                      "buying the deal's packs and shows the shelf price beside it; need buys the cheapest mix of deals",
                      "and single packs. A deal must lower the price."],
            example: "deal 2 3 for 2"),
        CommandInfo(
            command: .shopping(.club), aliases: [], completion: .first(["on", "off"]), needs: .shoppingList,
            synopsis: "club [on|off]", summary: "count club (loyalty) prices, or not",
            details: ["On by default; off compares shelf prices for shoppers without the card."],
            example: "club off"),
    ]
}
