import PerNumbers
import PerUnits

/// The tool a command belongs to, for grouping in `help`.
public enum CommandGroup: String, CaseIterable, Sendable {
    case calculator = "Calculator"
    case shopping = "Shopping list"
    case estimators = "Estimators"
    case savedSets = "Saved input sets"
    case priceBook = "Price book"
    case shell = "Shell"
}

/// One command as `help` and completion know it.
public struct CommandInfo: Sendable {
    public let command: Command
    public let aliases: [String]
    public var name: String { command.name }
    public var group: CommandGroup { command.group }
    /// How it is written, e.g. `digits [N]`.
    public let synopsis: String
    public let summary: String
    /// Further lines for `help NAME`: inputs, ranges, conventions.
    public let details: [String]
    public let example: String

    /// The manual's further text on the command, for `help` and `per --man`.
    public var manual: [ManualBlock] { CommandManual.blocks(for: command) }

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
            command: .calculator(.vars), aliases: [],
            synopsis: "vars [ESTIMATOR]", summary: "list the variables and functions, or an estimator's inputs",
            details: [], example: "vars"),
        CommandInfo(
            command: .calculator(.fns), aliases: [],
            synopsis: "fns", summary: "list the functions you defined",
            details: ["Define one with NAME(PARAMETERS) = EXPR: f(x) = x^2 + 1, area(w, h) = w * h.",
                      "Parameters come before variables and units of the same name; a function cannot call itself."],
            example: "fns"),
        CommandInfo(
            command: .calculator(.unset), aliases: [],
            synopsis: "unset NAME", summary: "remove a variable or a function",
            details: [], example: "unset x"),
        CommandInfo(
            command: .calculator(.explain), aliases: [],
            synopsis: "explain STATEMENT",
            summary: "show how per reads a statement, step by step, and the rules it applies",
            details: ["Each step that computes is a line with its values; a rule that changes the arithmetic (shop percent,",
                      "a percentage as its share, money beside a plain number, packs) is named with the other way to write it.",
                      "explain add … shows the price, quantity and name add reads. Nothing in the session changes."],
            example: "explain 80 + 10%"),
        CommandInfo(
            command: .calculator(.digits), aliases: [],
            synopsis: "digits [N]",
            summary: "show or set the significant digits of approximate results",
            details: ["N is a whole number from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound); the default is 12.",
                      "Exact results with up to \(NumberDisplay.maxExactDigits) significant digits always print in full."],
            example: "digits 20"),
        CommandInfo(
            command: .calculator(.group), aliases: [],
            synopsis: "group [on|off]",
            summary: "show or set thousands separators in results",
            details: ["Off by default, so that a result pastes back as input; estimator tables always group.",
                      "JSON numbers are never grouped."],
            example: "group on"),
        CommandInfo(
            command: .calculator(.input), aliases: [],
            synopsis: "input [dot|comma]",
            summary: "show or set the decimal separator that input and results use",
            details: ["dot (the default) reads 1.5 and round(2.345, 2); comma reads 1,5, 1.234,5 and round(2,345; 2)."],
            example: "input comma"),
        CommandInfo(
            command: .calculator(.money), aliases: [],
            synopsis: "money [cents|exact|cash STEP]",
            summary: "show or set how money amounts are shown",
            details: ["cents (the default) shows an amount to its currency's cents, or whole yen, behind ≈ when that rounds.",
                      "exact shows every digit; cash STEP rounds to STEP as cash registers do (money cash 0.05).",
                      "The value itself stays exact; a price per quantity keeps the unit-price rule. Kept in saved sets."],
            example: "money exact"),
        CommandInfo(
            command: .calculator(.vat), aliases: [],
            synopsis: "vat [RATE|off]",
            summary: "show or set the VAT (sales tax) rate that PRICE incl vat uses",
            details: ["vat 19% sets it, vat off forgets it; €119 incl vat and €100 excl vat then use it, and the name vat",
                      "(or tax) is it in expressions, unless a variable has the name. Kept in the session and saved sets."],
            example: "vat 19%"),
        CommandInfo(
            command: .calculator(.convert), aliases: [],
            synopsis: "convert QTY to UNIT", summary: "convert a quantity to another unit of its dimension",
            details: ["The same as writing QTY to UNIT as an expression; 'in' works as well as 'to'.",
                      "Temperatures are points: 70 °F to °C is 21.1 °C; a difference is written Δ°F, Δ°C or K.",
                      "'help units' lists the units."],
            example: "convert 500 g to lb"),
        CommandInfo(
            command: .calculator(.rate), aliases: [],
            synopsis: "rate AMOUNT = AMOUNT", summary: "set an exchange rate between two currencies",
            details: ["per never goes online: two currencies mix only through a rate you give.",
                      "Then €10 to $ converts, and €1 + $1 is in the left operand's currency. Rates are kept in saved sets."],
            example: "rate 1 € = 1.08 $"),
        CommandInfo(
            command: .calculator(.rates), aliases: [],
            synopsis: "rates", summary: "list the exchange rates set", details: [], example: "rates"),
        CommandInfo(
            command: .calculator(.total), aliases: ["sum"],
            synopsis: "total", summary: "add up the results of the block above",
            details: ["A block is the results since the last blank line, ## heading or total, or the start; in the shell,",
                      "since the last total, empty line or new. Results must add: one currency (or rates set), one dimension.",
                      "A block with a failed line is not totalled: the error names that line. total sets ans;",
                      "a line after it that starts with * or + goes on from it (* 1.19). See help sheets."],
            example: "total"),
        CommandInfo(
            command: .calculator(.average), aliases: [],
            synopsis: "average", summary: "the mean of the results of the block above",
            details: ["The block is the one total reads; average sets ans."],
            example: "average"),
        CommandInfo(
            command: .calculator(.count), aliases: [],
            synopsis: "count", summary: "how many results the block above holds",
            details: ["The block is the one total reads; count sets ans."],
            example: "count"),
        CommandInfo(
            command: .shopping(.add), aliases: [],
            synopsis: "add PRICE QTY [NAME]", summary: "add a product (or, alone, the draft)",
            details: ["PRICE and QTY are expressions, spaces allowed: add 3 * 1.99 500 g. QTY carries its unit: 500 g or 500g.",
                      "QTY may be a multipack, 6x250 g (6 packs of 250 g). A price per quantity is multiplied out: add 4.98/kg 1.2 kg.",
                      "Without a unit the product counts items; a word that is not a unit the list compares starts the name",
                      "(add 5.99 8 C batteries). NAME is the rest of the line; quotes are optional.",
                      "The first product sets the list's type (mass, volume, count, length or area) and a currency ($ € £ ¥, EUR) its currency.",
                      "A deal may end the line: add 2.49 500 g Barilla deal 3 for 2 ('help deal' lists them)."],
            example: "add 4.99 6x250 g Multipack"),
        CommandInfo(
            command: .shopping(.price), aliases: [],
            synopsis: "price EXPR", summary: "set the draft's price",
            details: ["Build a product step by step with price, qty, unit and name; then add."],
            example: "price 3*1.99"),
        CommandInfo(
            command: .shopping(.qty), aliases: ["quantity"],
            synopsis: "qty QTY", summary: "set the draft's quantity",
            details: ["A multipack is written 6x330."], example: "qty 6x330 ml"),
        CommandInfo(
            command: .shopping(.unit), aliases: [],
            synopsis: "unit UNIT", summary: "set the draft's unit", details: [], example: "unit kg"),
        CommandInfo(
            command: .shopping(.name), aliases: [],
            synopsis: "name TEXT", summary: "set the draft's name", details: [], example: "name Store brand"),
        CommandInfo(
            command: .shopping(.draft), aliases: [],
            synopsis: "draft", summary: "show the draft product", details: [], example: "draft"),
        CommandInfo(
            command: .shopping(.compare), aliases: ["list"],
            synopsis: "compare", summary: "rank the products by unit price",
            details: ["Ties share a rank; the last column is how much dearer each is than the best, in percent."],
            example: "compare"),
        CommandInfo(
            command: .shopping(.best), aliases: [],
            synopsis: "best", summary: "the cheapest product per unit, and its saving over the next",
            details: [], example: "best"),
        CommandInfo(
            command: .shopping(.need), aliases: [],
            synopsis: "need QTY", summary: "packs of each product to reach a quantity, their cost and the leftover",
            details: [], example: "need 2 kg"),
        CommandInfo(
            command: .shopping(.basis), aliases: [],
            synopsis: "basis QTY | UNIT | auto", summary: "quote unit prices per this amount",
            details: ["auto is per kg, per L or per item, following the list's type."],
            example: "basis 100 g"),
        CommandInfo(
            command: .shopping(.type), aliases: [],
            synopsis: "type mass|volume|count|length|area", summary: "set what the list compares (while it is empty)",
            details: ["The first product sets the type; a switch that would drop products is refused."],
            example: "type volume"),
        CommandInfo(
            command: .shopping(.remove), aliases: ["rm"],
            synopsis: "remove N", summary: "remove product number N (the # column of compare)",
            details: [], example: "remove 2"),
        CommandInfo(
            command: .shopping(.clear), aliases: [],
            synopsis: "clear", summary: "empty the list and the draft (the basis stays)",
            details: [], example: "clear"),
        CommandInfo(
            command: .shopping(.deal), aliases: [],
            synopsis: "deal N DEAL", summary: "put a deal on product N (deal N none removes it)",
            details: ["3 for 2, bogo, 2 for $5, 2nd half, club 1.99, coupon 0.50 or -20%; compare ranks by the price paid",
                      "buying the deal's packs and shows the shelf price beside it; need buys the cheapest mix of deals",
                      "and single packs. A deal must lower the price."],
            example: "deal 2 3 for 2"),
        CommandInfo(
            command: .shopping(.club), aliases: [],
            synopsis: "club [on|off]", summary: "count club (loyalty) prices, or not",
            details: ["On by default; off compares shelf prices for shoppers without the card."],
            example: "club off"),
    ] + EstimatorCommand.allCases.map { command in
        let estimator = command.estimator
        let width = estimator.inputs.map(\.key.count).max() ?? 0
        let positional = estimator.positionalInput.map { $0.choices.joined(separator: "|") + " " } ?? ""
        return CommandInfo(
            command: .estimator(command), aliases: [],
            synopsis: "\(estimator.name) \(positional)KEY=VALUE…", summary: estimator.summary,
            details: ["Inputs, kept for the next run ('vars \(estimator.name)' lists them):"]
                + estimator.inputs.map { "  " + HelpText.pad($0.key, width) + "  " + ($0.isRequired ? "required: " : "") + $0.description
                    + ($0.alias.map { "; also \($0)=" } ?? "") }
                + estimator.notes
                + HelpText.results(of: estimator),
            example: estimator.example)
    } + [
        CommandInfo(
            command: .sweep, aliases: [],
            synopsis: "sweep ESTIMATOR KEY=FROM..TO [step S]", summary: "run an estimator across a range of one input",
            details: ["Runs the estimator once for each value of KEY from FROM to TO, every other input as kept, and",
                      "shows a row a value: the value, the estimate's main results, and a bar for the first.",
                      "The step is S when given (it must land on TO), 1 between whole numbers, else a tenth of the",
                      "range; at most \(Sweep.maxRows) rows. A sweep changes nothing: no input is kept, no result replaced.",
                      "With --json the rows are in \"rows\", each with KEY and the results by their JSON keys."],
            example: "sweep cooling cycles=2..8"),
        CommandInfo(
            command: .savedSets(.save), aliases: [],
            synopsis: "save NAME [--replace]", summary: "save the variables, estimator inputs and shopping list",
            details: ["A set holds every variable and estimator input, the shopping list with its settings and draft,",
                      "and the last estimate's result, stamped with the date and time. Saving the same inputs twice is",
                      "refused, naming the set that has them; --replace overwrites a set of the same name."],
            example: "save pasta"),
        CommandInfo(
            command: .savedSets(.saved), aliases: [],
            synopsis: "saved", summary: "list the saved sets", details: [], example: "saved"),
        CommandInfo(
            command: .savedSets(.recall), aliases: [],
            synopsis: "recall NAME", summary: "restore a saved set and show its calculation again",
            details: ["The session's variables, inputs and list become the set's; adjust them and run again."],
            example: "recall pasta"),
        CommandInfo(
            command: .savedSets(.forget), aliases: [],
            synopsis: "forget NAME", summary: "delete a saved set", details: ["forget seen NAME [DATE] takes prices out of the price book."],
            example: "forget pasta"),
        CommandInfo(
            command: .priceBook(.seen), aliases: [],
            synopsis: "seen PRICE QTY NAME [@STORE] [DATE] [deal DEAL]", summary: "record a price seen in the price book",
            details: ["PRICE and QTY read as in add; PRICE is what the quantity cost, the deal included (the deal is kept as a",
                      "note). The date is today's unless given (2026-10-30, yesterday). Answers with the unit price and how it",
                      "stands: its place among the earlier prices of the name and against their median; notes a shrink."],
            example: "seen 1.99 500 g Barilla @Lidl 2026-10-30 deal -20%"),
        CommandInfo(
            command: .priceBook(.history), aliases: [],
            synopsis: "history NAME", summary: "list a product's prices, oldest first, with the lowest and the median",
            details: [], example: "history Barilla"),
        CommandInfo(
            command: .priceBook(.worth), aliases: [],
            synopsis: "worth PRICE QTY NAME", summary: "compare a price with the lowest, the median and the last seen",
            details: [], example: "worth 2.19 500 g Barilla"),
        CommandInfo(
            command: .priceBook(.where), aliases: [],
            synopsis: "where NAME", summary: "rank the stores by the last price seen at each",
            details: [], example: "where Barilla"),
        CommandInfo(
            command: .priceBook(.prices), aliases: [],
            synopsis: "prices [import|export FILE.csv]", summary: "list every product's last and lowest price, or move prices in or out",
            details: ["import appends a CSV file's prices (with the book's header) and says what it skipped and why;",
                      "export writes the book to a CSV file."],
            example: "prices"),
        CommandInfo(
            command: .shell(.help), aliases: [],
            synopsis: "help [TOPIC]", summary: "list the commands and topics, or explain one",
            details: [], example: "help digits"),
        CommandInfo(
            command: .shell(.undo), aliases: [],
            synopsis: "undo", summary: "take back the last statement that changed the session",
            details: ["Repeatable, \(UndoHistory.limit) steps back; 'undo' after 'clear' brings the list back.",
                      "Kept in the interactive shell, and in scripts run with per --session."],
            example: "undo"),
        CommandInfo(
            command: .shell(.redo), aliases: [],
            synopsis: "redo", summary: "put back what undo took back", details: [], example: "redo"),
        CommandInfo(
            command: .shell(.new), aliases: [],
            synopsis: "new", summary: "start an empty session",
            details: ["The session before is kept as the saved set 'last session' (recall it with recall \"last session\"),",
                      "and undo brings it back."],
            example: "new"),
        CommandInfo(
            command: .shell(.quit), aliases: ["exit"],
            synopsis: "quit", summary: "leave per (also: exit, Ctrl-D)",
            details: [], example: "quit"),
    ]

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
}

/// Which names a variable may not take, and why.
public enum Names {
    /// The last result.
    public static let lastResult = "ans"

    /// Why `name` cannot be a variable, or nil if it can. A variable `kept` in a file from
    /// before total, sum, average, count and the price book's commands were commands is still read, not refused with
    /// the whole file: an expression still reads it (x = total * 2) and unset removes it.
    public static func reservation(of name: String, kept: Bool = false) -> String? {
        if let command = CommandCatalogue.command(named: name)?.command {
            if kept, case .calculator(let calculator) = command, calculator == .total || calculator == .average || calculator == .count {
                return nil
            }
            if kept, case .priceBook = command { return nil }
            return "a command"
        }
        if Function.named(name) != nil { return "a function" }
        if name == lastResult { return "the last result" }
        if name == "let" || Keywords.contains(name) { return "a keyword" }
        if name.utf8.contains(UInt8(ascii: ".")) { return "an estimator's input or result (set inputs as in boiler steam=4 t/h)" }
        return nil
    }
}
