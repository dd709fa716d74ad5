import PerNumbers
import PerUnits
import PerLanguage

extension CommandCatalogue {
    /// What is kept beyond a statement: saved sets and the price book.
    static let keeping: [CommandInfo] = [
        CommandInfo(
            command: .savedSets(.save), aliases: [], completion: .save, needs: [.files, .shoppingList],
            synopsis: "save NAME [ESTIMATOR] [--replace]", summary: "save the variables, estimator inputs and shopping list",
            details: ["A set holds every variable and estimator input, the shopping list with its settings and draft,",
                      "and the last estimate's result, stamped with the date and time. Saving the same inputs twice is",
                      "refused, naming the set that has them; --replace overwrites a set of the same name.",
                      "save NAME ESTIMATOR (save t1 cooling) saves that estimator's inputs alone; recall puts them in place",
                      "of its inputs and leaves the rest. A name that ends in an estimator's name is quoted: save \"t1 cooling\"."],
            example: "save pasta"),
        CommandInfo(
            command: .savedSets(.saved), aliases: [], needs: .files,
            synopsis: "saved", summary: "list the saved sets", details: [], example: "saved"),
        CommandInfo(
            command: .savedSets(.recall), aliases: [], completion: .savedSets, needs: [.files, .shoppingList],
            synopsis: "recall NAME", summary: "restore a saved set and show its calculation again",
            details: ["The session's variables, inputs and list become the set's; adjust them and run again."],
            example: "recall pasta"),
        CommandInfo(
            command: .savedSets(.forget), aliases: [], completion: .savedSets,
            variants: [CommandVariant(word: "seen", command: .forgetSeen, book: .always, completion: .bookNames),
                       CommandVariant(word: "unit", command: .forgetUnit, book: .never, completion: .userUnits)], needs: .files,
            synopsis: "forget NAME", summary: "delete a saved set",
            details: ["forget seen NAME [DATE] takes prices out of the price book.",
                      "forget unit NAME removes a unit of your own (undo brings it back); units defined with it keep their value."],
            example: "forget pasta"),
        CommandInfo(
            command: .priceBook(.seen), aliases: [], completion: .observation, book: .always, needs: .files,
            synopsis: "seen PRICE QTY NAME [@STORE] [DATE] [deal DEAL]", summary: "record a price seen in the price book",
            details: ["PRICE and QTY read as in add (2.49 for 500 g, 4-pack 330 ml, 0.45 €/100 g 500 g, €2.49/500 g, a name",
                      "first: seen Barilla 2.49 500 g @Lidl); PRICE is what the quantity cost, the deal included (the deal is kept as a",
                      "note). The date is today's unless given (2026-10-30, yesterday). Answers with the unit price and how it",
                      "stands: its place among the earlier prices of the name and against their median; notes a shrink."],
            example: "seen 1.99 500 g Barilla @Lidl 2026-10-30 deal -20%"),
        CommandInfo(
            command: .priceBook(.history), aliases: [], completion: .bookNames, book: .always,
            synopsis: "history NAME [plot]", summary: "list a product's prices, oldest first, with the lowest and the median",
            details: ["history NAME plot draws them: price per unit on a true time axis, one series a store, deals marked, the",
                      "median a line. Each store's prices are joined in Unicode braille (in its colour on a colour terminal), its",
                      "glyph at its last price; plain characters, a glyph a price, on a dumb terminal or with NO_COLOR. The plot,",
                      "its heading and legend fit the terminal's width (COLUMNS)."],
            example: "history Barilla"),
        CommandInfo(
            command: .priceBook(.worth), aliases: [], completion: .observation, book: .always,
            synopsis: "worth PRICE QTY NAME [plot]", summary: "compare a price with the lowest, the median and the last seen",
            details: ["worth ... plot draws the prices seen, as history NAME plot does, with the price asked a line."],
            example: "worth 2.19 500 g Barilla"),
        CommandInfo(
            command: .priceBook(.where), aliases: [], completion: .bookNames, book: .always,
            synopsis: "where NAME", summary: "rank the stores by the last price seen at each",
            details: [], example: "where Barilla"),
        CommandInfo(
            command: .priceBook(.prices), aliases: [], completion: .first(["import", "export"]), book: .always, needs: .files,
            synopsis: "prices [import|export FILE.csv]", summary: "list every product's last and lowest price, or move prices in or out",
            details: ["import appends a CSV file's prices (with the book's header) and says what it skipped and why;",
                      "export writes the book to a CSV file."],
            example: "prices"),
    ]
}
