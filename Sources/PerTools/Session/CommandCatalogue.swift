import PerNumbers
import PerUnits
import PerLanguage

/// One command as the catalogue lists it: what runs it (`command`), the words that name it,
/// what completion offers after it, what it needs besides the session, and its help.
public struct CommandInfo: Sendable {
    public let command: Command
    public let aliases: [String]
    /// What completion offers for the command's arguments.
    public let completion: Completing
    /// When a statement of the command reads the price book, which the shell opens first.
    public let book: BookUse
    /// The variants named by the command's next word (`forget seen`, `forget unit`), each run
    /// by another handler.
    public let variants: [CommandVariant]
    /// What else the command reads or changes: the shell's files, the shopping list.
    public let needs: CommandNeeds
    public var name: String { command.name }
    public var group: CommandGroup { command.group }
    /// How it is written, e.g. `digits [N]`.
    public let synopsis: String
    public let summary: String
    /// Further lines for `help NAME`: inputs, ranges, conventions.
    public var details: [String] { detailLines() }
    /// Made when help asks for them: an estimator's list its inputs and results, and the
    /// first command of a process builds the whole table.
    private let detailLines: @Sendable () -> [String]
    public let example: String

    package init(command: Command, aliases: [String], completion: Completing = .nothing, book: BookUse = .never,
         variants: [CommandVariant] = [], needs: CommandNeeds = [], synopsis: String, summary: String,
         details: @autoclosure @escaping @Sendable () -> [String], example: String) {
        (self.command, self.aliases, self.completion, self.book, self.variants, self.needs) = (command, aliases, completion, book, variants, needs)
        (self.synopsis, self.summary, self.detailLines, self.example) = (synopsis, summary, details, example)
    }


    /// The lines `help NAME` starts with: synopsis and summary, aliases, details, example.
    public var helpLines: [String] {
        var lines = ["\(synopsis) — \(summary)"]
        if !aliases.isEmpty { lines.append("also: " + aliases.joined(separator: ", ")) }
        lines += details
        lines.append("example: \(example)")
        return lines
    }
}

/// Every command, in the order `help` lists them. The one source for the parser (command
/// names are reserved), `help` and completion.
public enum CommandCatalogue {
    public static let commands: [CommandInfo] = [
        CommandInfo(
            command: .calculator(.vars), aliases: [], completion: .first(EstimatorCommand.allCases.map(\.rawValue)),
            synopsis: "vars [ESTIMATOR]", summary: "list the variables and functions, or an estimator's inputs",
            details: [], example: "vars"),
        CommandInfo(
            command: .calculator(.fns), aliases: [],
            synopsis: "fns", summary: "list the functions you defined",
            details: ["Define one with NAME(PARAMETERS) = EXPR: f(x) = x^2 + 1, area(w, h) = w * h.",
                      "Parameters come before variables and units of the same name; a function cannot call itself."],
            example: "fns"),
        CommandInfo(
            command: .calculator(.unset), aliases: [], completion: .variables,
            synopsis: "unset NAME", summary: "remove a variable or a function",
            details: [], example: "unset x"),
        CommandInfo(
            command: .explain, aliases: [], completion: .expression, needs: .shoppingList,
            synopsis: "explain STATEMENT",
            summary: "show how per reads a statement, step by step, and the rules it applies",
            details: ["Each step that computes is a line with its values; a rule that changes the arithmetic (shop percent,",
                      "a percentage as its share, money beside a plain number, packs) is named with the other way to write it.",
                      "explain add … shows the price, quantity and name add reads; explain ESTIMATOR … runs the estimator",
                      "with its notes, which an estimator prints only the first time it runs in a session.",
                      "Nothing in the session changes."],
            example: "explain 80 + 10%"),
        CommandInfo(
            command: .load, aliases: [], needs: .files,
            synopsis: "load FILE.csv [as NAME]", summary: "make each column of a CSV file a list (lab.calcium)",
            details: ["Each column is a list named after the file and its header, lower-cased, with blanks and - made _",
                      "(lab.csv's 'Calcium (mg/L)' is lab.calcium, in mg/L; a unit in [brackets] reads too). as NAME gives",
                      "another first name. The header line's most frequent of , ; and tab separates the fields. Cells are",
                      "numbers as a statement reads them (in input comma, 1,5), or dates, times of day or dates with times;",
                      "a column whose first cell is none of these is text, not loaded. An empty cell is left out of its list",
                      "(a warning says how many), so a list may be shorter than the file. A cell that does not read as its",
                      "column's kind refuses the load, naming its line and column. Loading the file again replaces its",
                      "lists. Read from the folder of the sheet or script (else the current folder); a regular file of at",
                      "most \(ColumnRefusal.largestFile / 1_000_000) MB; Ctrl-C stops it. Quote a name with blanks: load \"lab results.csv\"."],
            example: "load lab.csv"),
        CommandInfo(
            command: .solve, aliases: [], completion: .solve,
            synopsis: "solve EXPR = EXPR for NAME [in A..B]", summary: "the values of NAME that make the two sides equal",
            details: ["Halves A..B, from the left, where range arithmetic cannot keep the two sides apart, down to",
                      "\(Solve.scanSteps) steps; tries NAME at their ends and reports each change of sign of the difference that the",
                      "bounds of the values prove, narrowed by false position and bisection: ≈ shows only the digits that are",
                      "certain, = an exact root. A step where the sides may meet is halved until the range of the derivative",
                      "proves the difference monotonic there (one root at a change of sign, else none), to find roots close",
                      "together. The first \(Solve.maxRoots) roots in order; beyond, or where the tries ran out, there may be more.",
                      "Units are allowed: the range is in NAME's unit (solve 2.49 per q = 4 per kg for q in 100 g..2 kg).",
                      "Without in, the search goes outward from NAME's value (or 1) on both sides, doubling \(Solve.maxExpansions) times,",
                      "then squaring, to about 1e1233, and toward 0, until it finds a root and \(Solve.roundsPast) doublings more; every",
                      "root in the span it searched is listed. A polynomial is searched on until it has as many roots as its",
                      "degree, or past Cauchy's bound on them (solve (x-2)*(x+1000) = 0 for x finds both); any other equation",
                      "says the span it searched, beyond which there may be more. A polynomial with as many roots found as its",
                      "degree has no more. A change of sign at a pole or jump (1/x) is no root. \"no",
                      "solution\" only when range arithmetic proves the sides apart, else \"no sign change found\".",
                      "NAME is not set or changed. With --json: \"solution\" {low, high, value}, \"more\", and \"searched\"",
                      "{low, high} when roots beyond the span searched are not ruled out.",
                      "solve ESTIMATOR [KEY=VALUE…] KEY for RESULT = VALUE [in A..B]: the input KEY at which the estimate's",
                      "RESULT (by its JSON key, as sweep's show) is VALUE, the other inputs as kept or given inline, then the",
                      "estimate at it (solve cooling cycles for bleed = 3 m3/h, solve invest years for balance = €50,000).",
                      "A..B defaults to the values KEY takes; \(Solve.estimatorScanSteps) steps across it (powers of two from an open",
                      "end), then bisection. An input in steps (invest years, in whole months) gives the smallest value",
                      "that reaches VALUE (9 years 8 months). Refused: a word input, a result KEY does not move, a range",
                      "outside KEY's values, VALUE in another dimension, a result that only steps across VALUE (a dose",
                      "rounded to 5 ml), saying where. Nothing is kept. With --json: \"solution\" and \"estimate\"."],
            example: "solve 1000 * (1 + r)^10 = 2000 for r in 0..1"),
        CommandInfo(
            command: .calculator(.digits), aliases: [], completion: .expression,
            synopsis: "digits [N]",
            summary: "show or set the significant digits of approximate results",
            details: ["N is a whole number from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound); the default is 12.",
                      "Exact results with up to \(NumberDisplay.maxExactDigits) significant digits always print in full."],
            example: "digits 20"),
        CommandInfo(
            command: .calculator(.group), aliases: [], completion: .first(["on", "off"]),
            synopsis: "group [on|off]",
            summary: "show or set thousands separators in results",
            details: ["Off by default, so that a result pastes back as input; estimator tables always group.",
                      "JSON numbers are never grouped."],
            example: "group on"),
        CommandInfo(
            command: .calculator(.input), aliases: [], completion: .first(InputNotation.allCases.map(\.rawValue)),
            synopsis: "input [dot|comma]",
            summary: "show or set the decimal separator that input and results use",
            details: ["dot (the default) reads 1.5 and round(2.345, 2); comma reads 1,5, 1.234,5 and round(2,345; 2).",
                      "Both read 0x1F, 0o17 and 0b1011, and thousands grouped by blanks (1 234 567); dot also by commas "
                        + "outside a function's parentheses (1,234.56)."],
            example: "input comma"),
        CommandInfo(
            command: .calculator(.money), aliases: [], completion: .first(["cents", "exact", "cash"]),
            synopsis: "money [cents|exact|cash STEP]",
            summary: "show or set how money amounts are shown",
            details: ["cents (the default) shows an amount to its currency's cents, or whole yen, behind ≈ when that rounds.",
                      "exact shows every digit; cash STEP rounds to STEP as cash registers do (money cash 0.05).",
                      "The value itself stays exact; a price per quantity keeps the unit-price rule. Kept in saved sets."],
            example: "money exact"),
        CommandInfo(
            command: .calculator(.vat), aliases: [], completion: .first(["off"]),
            synopsis: "vat [RATE|off]",
            summary: "show or set the VAT (sales tax) rate that PRICE incl vat uses",
            details: ["vat 19% sets it, vat off forgets it; €119 incl vat and €100 excl vat then use it, and the name vat",
                      "(or tax) is it in expressions, unless a variable has the name. Kept in the session and saved sets."],
            example: "vat 19%"),
        CommandInfo(
            command: .calculator(.units), aliases: [], completion: .first(UnitSystem.allCases.map(\.rawValue) + [UnitSystem.followingInputs]),
            synopsis: "units [us|metric|inputs]", summary: "list the units you defined, or set the units of boiler and cooling results",
            details: ["Define one with unit NAME = QUANTITY (unit crate = 20 bottle); forget unit NAME removes one;",
                      "help unit tells more. units alone also says the units the estimators' results are shown in.",
                      "units us shows the boiler's and cooling's flows in gpm, lb/h, products in lb/day, temperatures in °F;",
                      "units metric in m3/h (or the L/s given), kg/h, kg/day and °C; units inputs (the default) follows the",
                      "inputs: US when the flow, heat load or steam was given in US units (recirc=500 gpm, load=500 TR,",
                      "steam=10000 lb/h, steam=300 bhp). ESTIMATOR.RESULT and JSON stay metric.",
                      "Kept in the session and saved sets."],
            example: "units us"),
        CommandInfo(
            command: .calculator(.convert), aliases: [], completion: .convert,
            synopsis: "convert QTY to UNIT", summary: "convert a quantity to another unit of its dimension",
            details: ["The same as writing QTY to UNIT as an expression; 'in' works as well as 'to'.",
                      "Temperatures are points: 70 °F to °C is 21.1 °C; a difference is written Δ°F, Δ°C or ΔK.",
                      "'help units' lists the units."],
            example: "convert 500 g to lb"),
        CommandInfo(
            command: .calculator(.rate), aliases: [], completion: .expression,
            synopsis: "rate AMOUNT = AMOUNT", summary: "set an exchange rate between two currencies",
            details: ["per never goes online: two currencies mix only through a rate you give, or one read from a file",
                      "(rates import eurofxref-daily.xml, the ECB's daily or historical XML, or a CSV date,currency,rate of a euro's",
                      "worth). Then €10 to $ converts, and €1 + $1 is in the left operand's currency. Rates you give are kept in",
                      "saved sets and win over the file's; a file's go through the euro, exactly, at the latest day's rate, and a",
                      "result says the rate's age when it is more than 7 days old (rate of 2026-11-01, 26 days old). A price seen on",
                      "a day (add NAME from the price book onto a list of another currency) goes at that day's rate, or the last",
                      "before it, its age counted from that day; before the file's first day there is none."],
            example: "rate 1 € = 1.08 $"),
        CommandInfo(
            command: .calculator(.rates), aliases: [], completion: .first(["import"]), needs: .files,
            synopsis: "rates [import FILE]", summary: "list the exchange rates, or read the ECB's from a file",
            details: ["rates lists the rates you gave, then each currency's latest of rates.csv with its day and source.",
                      "import reads the ECB's eurofxref-daily.xml or eurofxref-hist.xml (every day), or a CSV date,currency,rate",
                      "(a euro's worth in the currency), into rates.csv beside the price book; a line it cannot read is named",
                      "with its number and why, and a currency per does not know is left out. per never goes online."],
            example: "rates import eurofxref-daily.xml"),
        CommandInfo(
            command: .blockFigure(.total), aliases: ["sum"],
            synopsis: "total", summary: "add up the results of the block above",
            details: ["A block is the results since the last blank line, ## heading or total, or the start; in the shell,",
                      "since the last total, empty line or new. Results must add: one currency (or rates set), one dimension.",
                      "A block with a failed line is not totalled: the error names that line. total sets ans;",
                      "a line after it that starts with * or + goes on from it (* 1.19). See help sheets.",
                      "sum(…), sum [1, 2] or sum NAME is the sum of a list or of values ('help lists')."],
            example: "total"),
        CommandInfo(
            command: .blockFigure(.average), aliases: [],
            synopsis: "average", summary: "the mean of the results of the block above",
            details: ["The block is the one total reads; average sets ans."],
            example: "average"),
        CommandInfo(
            command: .blockFigure(.count), aliases: [],
            synopsis: "count", summary: "how many results the block above holds",
            details: ["The block is the one total reads; count sets ans.",
                      "count(…), count [1, 2] or count NAME is how many values a list holds ('help lists')."],
            example: "count"),
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
    ] + EstimatorCommand.allCases.map { command in
        let estimator = command.estimator
        let positional = estimator.positionalInput.map { $0.choices.joined(separator: "|") + " " } ?? ""
        return CommandInfo(
            command: .estimator(command), aliases: [], completion: .estimator(command),
            synopsis: "\(estimator.name) \(positional)KEY=VALUE…", summary: estimator.summary,
            details: estimatorDetails(estimator), example: estimator.example)
    } + [
        CommandInfo(
            command: .sweep, aliases: [], completion: .sweep,
            synopsis: "sweep ESTIMATOR [KEY=VALUE…] KEY=FROM..TO [step S] [show RESULT,…] [--csv|--json|plot]",
            summary: "run an estimator across a range of one input",
            details: ["Runs the estimator once for each value of KEY from FROM to TO, with the inputs given on the line",
                      "(before or after the range) and every other input as kept, and shows a row a value: the value,",
                      "the results that move (or those show names, by their JSON keys), and a bar for the first.",
                      "Each column has one number of decimals. A limit passed by a run of rows is one warning",
                      "(cycles 3.5–8 are above the 3.33 that the alkalinity limit allows).",
                      "The step is S when given (it must land on TO), 1 between whole numbers, else a tenth of the",
                      "range; at most \(Sweep.maxRows) rows. A sweep changes nothing: no input is kept, no result replaced.",
                      "With --json the rows are in \"rows\", each with KEY and the results by their JSON keys.",
                      "Ended with --csv: the rows alone as CSV for a report (units in the header, numbers ungrouped); with",
                      "--json: the sweep's JSON object; with plot: an x-y chart of the first \(Sweep.mostPlotted) columns against KEY, fitted",
                      "to the terminal's width, with each limit the rows pass a vertical line (plain characters with NO_COLOR",
                      "or TERM=dumb)."],
            example: "sweep cooling recirc=500 dt=6 cycles=2..8 show makeup,bleed"),
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
        CommandInfo(
            command: .shell(.help), aliases: [], completion: .helpTopics,
            synopsis: "help [TOPIC]", summary: "list the commands and topics, or explain one",
            details: [], example: "help digits"),
        CommandInfo(
            command: .shell(.undo), aliases: [], needs: .files,
            synopsis: "undo", summary: "take back the last statement that changed the session",
            details: ["Repeatable, \(ShellCommand.undoLimit) steps back; 'undo' after 'clear' brings the list back.",
                      "Kept in the interactive shell, and in scripts run with per --session."],
            example: "undo"),
        CommandInfo(
            command: .shell(.redo), aliases: [], needs: .files,
            synopsis: "redo", summary: "put back what undo took back", details: [], example: "redo"),
        CommandInfo(
            command: .shell(.new), aliases: [], needs: [.files, .shoppingList],
            synopsis: "new", summary: "start an empty session",
            details: ["The session before is kept as the saved set 'last session' (recall it with recall \"last session\"),",
                      "and undo brings it back."],
            example: "new"),
        CommandInfo(
            command: .include, aliases: [], needs: .files,
            synopsis: "include FILE", summary: "run another sheet first: the names, units and rates it sets stay",
            details: ["FILE is read from the folder of the sheet or script that includes it (in the shell, -e and standard",
                      "input: the current folder). Its lines run quietly, as a sheet's (# = answers are comments); a failed",
                      "line is named with its file and line, and fails the include. Its totals are its own: the block and ans",
                      "of the including sheet are as before. A file that includes itself, through others or not, is refused,",
                      "naming the circle; \(SheetRefusal.maxIncludeDepth) files deep at most, \(NumberDisplay.grouped(String(SheetRefusal.maxIncludedFiles))) files in all.",
                      "per sheet --check checks the included file's answers too. Quote a name with blanks: include \"my rates.per\"."],
            example: "include rates.per"),
        CommandInfo(
            command: .shell(.quit), aliases: ["exit"],
            synopsis: "quit", summary: "leave per (also: exit, Ctrl-D)",
            details: [], example: "quit"),
    ]

    /// `help ESTIMATOR`'s lines after its synopsis: each input with what it takes, the
    /// estimator's notes and its results.
    private static func estimatorDetails(_ estimator: any Estimator.Type) -> [String] {
        let width = estimator.inputs.map(\.key.count).max() ?? 0
        return ["Inputs, kept for the next run ('vars \(estimator.name)' lists them):"]
            + estimator.inputs.map { "  " + HelpLine.pad($0.key, width) + "  " + ($0.isRequired ? "required: " : "") + $0.description
                + ($0.alias.map { "; also \($0)=" } ?? "") }
            + estimator.notes
            + HelpLine.results(of: estimator)
    }

    private static let byName: [String: CommandInfo] = {
        var table: [String: CommandInfo] = [:]
        for command in commands {
            table[command.name] = command
            for alias in command.aliases { table[alias] = command }
        }
        return table
    }()

    /// The command a word names (its name or an alias), if any.
    public static func command(named word: String) -> CommandInfo? { byName[word] }

    /// Every word that names a command.
    public static var allNames: [String] { byName.keys.sorted() }

    /// The commands that may read the price book, by their words in lower case: the shell
    /// opens the book for a statement that starts with one in any case (`Session.needsPriceBook`).
    private static let mayReadBook: [String: CommandInfo] = byName.filter { _, info in
        info.book != .never || info.variants.contains { $0.book != .never }
    }

    /// The letters, either case, that a word of `mayReadBook` starts with, as bits from `@`
    /// (64) up: a statement that starts with another character never reads the book.
    private static let bookInitials: UInt64 = mayReadBook.keys.reduce(0) { bits, word in
        // Every such word starts with a lower-case ASCII letter, its upper case 32 below.
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) else { return bits }
        return bits | 1 << UInt64(first.value - 64) | 1 << UInt64(first.value - 32 - 64)
    }

    /// Whether a statement starting with `letter` may name a command that reads the book.
    @inline(__always)
    package static func mayReadBook(startingWith letter: Unicode.Scalar) -> Bool {
        let value = letter.value &- 64
        return value < 64 && bookInitials & 1 << UInt64(value) != 0
    }

    /// The command of `word` in any case, if it may read the price book.
    package static func commandReadingBook(named word: String) -> CommandInfo? { mayReadBook[word.lowercased()] }
}

/// What completion offers for a command's arguments (`Completion`).
public enum Completing: Sendable {
    case nothing
    /// Variables, functions and constants: the command takes an expression.
    case expression
    /// These words for the first argument (`group on|off`).
    case first([String])
    /// The words `help` explains, for the first argument.
    case helpTopics
    /// These words for any argument (`save NAME --replace`).
    case anywhere([String])
    /// The estimator's keys, their words and units.
    case estimator(EstimatorCommand)
    /// The estimators, then the keys of the one named.
    case sweep
    /// An expression's names, or the estimators; after one, its keys, `for`, then its results.
    case solve
    /// The saved sets' names, and `seen` first.
    case savedSets
    /// After the name, the estimators with inputs (`save t1 cooling`), and `--replace`.
    case save
    /// The names of the shopping lists (`list NAME`).
    case listNames
    /// The names of the user's own units.
    case userUnits
    /// The price book's names.
    case bookNames
    /// The price book's stores, as `@STORE`.
    case bookStores
    /// `PRICE QTY NAME [@STORE]`: the list's units after the quantity, then names and stores.
    case observation
    /// The units of the list's dimension, and these words first.
    case listUnits(first: [String])
    /// A name and store from the book first, or a price and the list's units.
    case add
    /// The deals after the product's number.
    case deal
    /// The names `unset` removes.
    case variables
    /// An expression, then `to` or `in`.
    case convert
}

/// When a statement of a command reads the price book.
public enum BookUse: Sendable, Equatable {
    case never
    case always
    /// `add NAME`: when a name (a letter or a quote), not a price, follows the command.
    case whenNamed
}

/// A command's variant that its next word names, as `forget seen` or `compare --seen`:
/// another handler, its own completion and use of the book.
public struct CommandVariant: Sendable {
    /// The next word, in any case and not quoted.
    public let word: String
    public let command: Command
    public let book: BookUse
    public let completion: Completing
}

/// What a command reads or changes besides the session's own state.
public struct CommandNeeds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// per's files: saved sets, the session, the price book's lines or a CSV file, which
    /// the shell reads or writes for the statement.
    public static let files = CommandNeeds(rawValue: 1)
    /// The shopping list.
    public static let shoppingList = CommandNeeds(rawValue: 2)
}

extension CommandInfo {
    /// The variant the arguments name (`forget seen …`), if any.
    package func variant(of arguments: StatementSource) -> CommandVariant? {
        guard !variants.isEmpty, let next = arguments.firstWord, !next.isQuoted else { return nil }
        let word = next.text.lowercased()
        return variants.first { $0.word == word }
    }

    /// The command a statement with these arguments runs: the variant they name, else this.
    package func command(for arguments: StatementSource) -> Command {
        variant(of: arguments)?.command ?? command
    }

    /// Whether a statement of this command with these arguments reads the price book.
    package func readsBook(_ arguments: StatementSource) -> Bool {
        switch variant(of: arguments)?.book ?? book {
        case .never: return false
        case .always: return true
        case .whenNamed:
            return arguments.scalars.first(where: { !StatementSource.isBlank($0) }).map { $0 == "\"" || Lexer.isLetter($0) } ?? false
        }
    }
}

/// The catalogue answers what the language asks of the commands and estimators above it.
extension CommandCatalogue: Vocabulary {
    package static func reservedCommand(_ word: String) -> Command? { command(named: word)?.command }

    package static func command(startingWith word: String, arguments: StatementSource) -> Command? {
        command(named: word)?.command(for: arguments)
    }

    package static var commandNames: [String] { allNames }

    package static func inputUnit(named name: String) -> CompoundUnit? { Estimates.inputSpec(named: name)?.canonicalUnit }

    package static func estimatorNames(of estimator: String) -> [String] {
        EstimatorResults.resultNames(of: estimator).map { "\(estimator).\($0)" }
            + (Estimators.named(estimator)?.inputs.map { "\(estimator).\($0.key)" } ?? [])
    }
}
