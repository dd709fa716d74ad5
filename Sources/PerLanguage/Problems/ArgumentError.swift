import PerNumbers
import PerUnits

/// Why a command's arguments do not fit it. Each message says what to write instead.
public enum ArgumentError: Sendable, Equatable {
    /// `price` alone: the command, what it needs, and an example of it.
    case missing(command: String, what: String, example: String)
    /// `remove x`: what the command takes instead.
    case wrongKind(command: String, takes: String, example: String)
    /// `need 2` on a mass list, `basis 100`: a quantity without the unit it needs.
    case unitNeeded(what: String, example: String)
    case takesNoArguments(String)
    case unexpected(String)
    case decimalPoint
    /// `€119 incl vat` before `vat 19%`.
    case noTaxRate
    /// `add 1,99 1 kg`: a number written with a decimal comma; the number as written.
    case decimalCommaNumber(String)
    /// `add 1 500 g %x`, `add 1 500 g =x`: a quantity that runs into the name; what was
    /// written, the quantity meant and the name meant.
    case quantityRunsIntoName(written: String, quantity: String, name: String)
    /// `add 2 for 5 1 l Juice`: a deal written before the product.
    case dealBeforeProduct(example: String)
    /// `convert 1 kg lb`: the unit without `to`.
    case convertWithoutTo(example: String)
    /// A sweep's range that gives no rows, or too many.
    case sweep(SweepRefusal)
    /// `solve EXPR = EXPR for NAME`: refused, or no root found.
    case solve(SolveRefusal)
    /// A sheet's label, a block's figure inside an expression, or `include`: refused.
    case sheet(SheetRefusal)
    /// `load FILE.csv` refused: the file's name or a line of it.
    case columns(ColumnRefusal)
    /// `unit NAME = QUANTITY` or `forget unit NAME` refused (`help unit`).
    case userUnit(UserUnitRefusal)
    /// `add 2.49 500 gm`: a misspelt unit where a name could start.
    case misspeltUnitOrName(String, unit: String)
    case misspeltUnit(String, unit: String)
    case unknownOption(String, command: String, allowed: String?)
    case setNameMissing(command: String)
    case unknownVariable(String, suggestion: String?)
    case varsTakesEstimator(names: [String])
    case digitsOutOfRange(ClosedRange<Int>)
    /// `money cash 0`: a cash step is more than 0 with at most `decimals` decimals.
    case cashStep(decimals: Int)
    /// `round(x, 1.5)`: the second argument of `round` is a count of decimals.
    case roundingDecimals(ClosedRange<Int>)
    case convertUsage
    case rateAmountsMissing
    case rateEqualsMissing
    case rateRightAmountMissing
    case rateNotMoney
    case rateSameCurrency
    case helpTakesOneTopic
    /// `explain` of a command other than `add`.
    case explainsNot(command: String)
    /// `basis dose` before any `dose`.
    case noDoseYet
    case doseNotCountable(String)
    /// Text after `deal N` (or `add … deal`) that is no deal.
    case notADeal
    /// `deal 2 20%`: a discount is written with its minus.
    case discountSign
    case noHelp(String, suggestion: String?)
    /// `help units colour`: no group of units by that name; the groups there are.
    case noUnitGroup(String, groups: [String])
    /// `undo` in a batch run.
    case needsHistory(command: String)
    case nothingTo(String)
    case noInput(estimator: String, key: String)
    case answerNeeded(key: String, description: String)
    case typeWord
    case priceNotMoney(Dimension)
    case nameControlCharacter(String)
    /// `need 10 l of Water`: a product named after the quantity; the quantity as written.
    case needOfProduct(quantity: String)
    /// `need 3 bottles`: a word after the amount that is no unit; the command, the word, an
    /// example of the command and one of a unit of the list's kind.
    case notAUnit(command: String, word: String, example: String, unitExample: String)
    /// `per 100 g` as a statement: the amount, which `basis` takes.
    case perAlone(String)
    /// `add 4.99 4-pack 6x330 ml`: packs said twice; the word's count, the quantity's, the
    /// amount of one.
    case packsTwice(pack: Int, packs: Int, each: String)
    /// `add €2.49/500 g 2 Penne`: a price per pack written as a ratio, then a plain number:
    /// the price, the pack, the number.
    case priceRatioReadsTwoWays(price: String, per: String, count: String)
    /// `Barilla at Aldi` where either reading could be meant: a product of that whole name is
    /// known, or a store is given with @ too. The name, the name before `at`, the store, and
    /// the store given with @ (if any).
    case storeAtReadsTwoWays(name: String, before: String, store: String, marked: String?)
    /// `add 2.49 500 g Pasta @Lidl at Aldi`: a price given two stores; the first and the
    /// second as written (`@Lidl`, `at Aldi`).
    case storeTwice(first: String, second: String)
    /// `add 2.49 500 g Pasta at`: `at` at the end of a name with no store after it; the
    /// name before it.
    case atWithoutStore(name: String)
    /// `list NAME` with a name of more than `most` characters: its start and its length.
    case listNameTooLong(start: String, length: Int, most: Int)
    /// `list NAME` starting one list more than the session keeps.
    case tooManyLists(most: Int)
    /// `list =SUM(A1)`: a new list's name starting as a spreadsheet's formula does.
    case listNameFormula
    /// `label =5 per kg`: a command's word, then an `=` glued to a value, which the command
    /// does not read; the command and its example.
    case commandWithEquals(command: String, example: String)
    case textAfterQuotedName(quote: Character)
    case nameQuoteNeverClosed
    case draftIncomplete(missing: [String])
    case basisOneAmount
    /// `total` under a block with a failed line: the line's number (nil in the shell)
    /// and its statement.
    case blockLineFailed(command: String, line: Int?, statement: String)
    /// `total` refused, then `* 1.19`: the line goes on from a result there is not.
    case continuesRefusedFigure(String)
    /// `average` under a block with no results.
    case nothingToAverage
    /// `milk:` with nothing after the label.
    case labelWithoutStatement(String)
    /// `total` over a block of more results than a block keeps.
    case blockTooLong(command: String, limit: Int)
    /// `* 1.19` with no result before it to go on from.
    case nothingToContinue(Unicode.Scalar)
    /// `total` over a block whose `result`th result (1 for the first), shown as `value`, does
    /// not add to the ones before it, and why.
    case blockDoesNotAdd(command: String, result: Int, value: String, reason: String)

    public var message: String {
        let rateExample = "as in rate 1 € = 1.08 $"
        switch self {
        case .missing(let command, let what, let example): return "\(command) needs \(what), as in \(example)"
        case .wrongKind(let command, let takes, let example): return "\(command) takes \(takes), as in \(example)"
        case .unitNeeded(let what, let example): return "\(what), as in \(example)"
        case .takesNoArguments(let command): return "\(command) takes no arguments"
        case .unexpected(let text): return "unexpected '\(VisibleText.visible(text))'"
        case .decimalPoint: return "the decimal point is always '.', as in 1.5"
        case .misspeltUnitOrName(let word, let unit):
            return "'\(VisibleText.visible(word))' is not a unit; did you mean '\(unit)'? (to make it the name, put the name in quotes)"
        case .misspeltUnit(let word, let unit): return "unknown unit '\(VisibleText.visible(word))'; did you mean '\(unit)'?"
        case .unknownOption(let option, let command, let allowed):
            let takes = allowed.map { "\(command) takes only \($0)" } ?? "\(command) takes no options"
            return "unknown option '\(VisibleText.visible(option))'; \(takes) (quote a name that starts with --)"
        case .setNameMissing(let command): return "a saved set needs a name, as in \(command) pasta"
        case .unknownVariable(let name, let suggestion):
            return "no variable '\(VisibleText.visible(name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .varsTakesEstimator(let names): return "vars takes an estimator's name: " + names.joined(separator: ", ")
        case .digitsOutOfRange(let range): return "digits must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .cashStep(let decimals):
            return "a cash step is an amount more than 0 and at most 1000000 with at most \(decimals) decimals, as in money cash 0.05"
        case .roundingDecimals(let range):
            return "round's second argument is a count of decimals, a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .convertUsage: return "write convert QUANTITY to UNIT, as in convert 500 g to lb"
        case .noTaxRate: return "no VAT rate is set: set one with vat 19%, or give it, as in €119 incl 19% vat"
        case .decimalCommaNumber(let written):
            return "the decimal point is '.': write \(String(written.map { $0 == "," ? "." : $0 })), or set input comma for a decimal comma"
        case .quantityRunsIntoName(let written, let quantity, let name):
            if name == "%" || name == "‰" {
                return "'\(VisibleText.visible(written))' is not a quantity: write it without the \(name), as in \(VisibleText.visible(quantity))"
            }
            return "'\(VisibleText.visible(written))' is not a quantity and a name: put the name in quotes, as in "
                + "\(VisibleText.visible(quantity)) \"\(VisibleText.visible(name))\""
        case .dealBeforeProduct(let example): return "a deal goes after the product, as in \(example)"
        case .convertWithoutTo(let example): return "write 'to' before the unit: \(example)"
        case .sweep(let refusal): return refusal.message
        case .solve(let refusal): return refusal.message
        case .sheet(let refusal): return refusal.message
        case .columns(let refusal): return refusal.message
        case .userUnit(let refusal): return refusal.message
        case .rateAmountsMissing: return "rate needs two amounts of money, \(rateExample)"
        case .rateEqualsMissing: return "expected '=' between the two amounts, \(rateExample)"
        case .rateRightAmountMissing: return "expected an amount after '=', \(rateExample)"
        case .rateNotMoney: return "a rate is between two positive exact amounts of money, \(rateExample)"
        case .rateSameCurrency: return "a rate is between two different currencies"
        case .helpTakesOneTopic: return "help takes at most one command name"
        case .noDoseYet: return "basis dose compares per wash with the last dose: run dose first, as in dose liquid water=hard"
        case .doseNotCountable(let dose): return "the last dose, \(dose), is no amount a product is sold in"
        case .notADeal: return "not a deal; write one as 3 for 2, 2 for $5, bogo, 2nd half, club 1.99, coupon 0.50 or -20%"
        case .discountSign: return "a discount is written with a minus, as in -20%"
        case .explainsNot(let command):
            return "explain reads expressions, assignments and add; 'help \(command)' tells how \(command) reads what follows it"
        case .noHelp(let topic, let suggestion):
            return "no help for '\(VisibleText.visible(topic))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .noUnitGroup(let asked, let groups):
            return "help units knows no '\(VisibleText.visible(asked))'; it lists " + groups.joined(separator: ", ")
        case .needsHistory(let command): return "\(command) works in the interactive shell, or with per --session"
        case .nothingTo(let command): return "nothing to \(command)"
        case .noInput(let estimator, let key): return "no input \(estimator).\(key)"
        case .answerNeeded(let key, let description): return "\(key) needs a value: \(description)"
        case .typeWord: return "type is mass, volume, count, length or area"
        case .priceNotMoney(let dimension): return "a price is an amount of money or a plain number, not \(dimension.withArticle)"
        case .nameControlCharacter(let shown): return "a name cannot hold the control character \(shown)"
        case .needOfProduct(let quantity):
            return "need takes a quantity alone, as in need \(quantity): it is met from the products on the list"
        case .notAUnit(let command, let word, let example, let unitExample):
            let singular = word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
            return "'\(word)' is not a unit: \(command) takes a quantity with its unit, as in \(example) (or define it first, "
                + "as in unit \(singular) = \(unitExample))"
        case .perAlone(let amount): return "to quote prices per \(amount), write basis \(amount)"
        case .storeAtReadsTwoWays(let name, let before, let store, let marked):
            let (whole, short) = (VisibleText.visible(name), VisibleText.visible(before))
            let at = VisibleText.visible(store.contains(" ") ? "@\"\(store)\"" : "@\(store)")
            if let marked {
                let given = VisibleText.visible(marked.contains(" ") ? "@\"\(marked)\"" : "@\(marked)")
                return "'\(whole)' \(given) reads two ways, \"\(whole)\" \(given) or \(short) \(at): quote the name to keep it, or give one store"
            }
            return "'\(whole)' reads two ways, the product \"\(whole)\" or \(short) \(at): quote the name to keep it, or write \(short) \(at)"
        case .storeTwice(let first, let second):
            let (one, two) = (VisibleText.visible(first), VisibleText.visible(second))
            let shown = { (store: String) in store.hasPrefix("@") ? store : "'\(store)'" }
            let inWords = [one, two].first { !$0.hasPrefix("@") }
            return "a price is at one store; this names two, \(shown(one)) and \(shown(two)): give one"
                + (inWords.map { ", or quote a name that holds '\($0)'" } ?? "")
        case .atWithoutStore(let name):
            let shown = VisibleText.visible(name)
            return "at STORE needs the store: write \(shown) at Aldi or \(shown) @Aldi, or quote the name to keep 'at' in it, \"\(shown) at\""
        case .packsTwice(let pack, let packs, let each):
            return "a \(pack)-pack of \(packs)×\(each) reads two ways, \(pack)×\(each) or \(pack * packs)×\(each): write the packs once"
        case .priceRatioReadsTwoWays(let price, let per, let count):
            return "'\(price)/\(per) \(count)' reads two ways, \(price) for \(per) of a product named '\(count) …', "
                + "or \(count) packs of \(per) at \(price) each: write \(count) x \(per), or quote the name"
        case .listNameTooLong(let start, let length, let most): return "a list's name has at most \(most) characters; '\(start)…' has \(length)"
        case .commandWithEquals(let command, let example):
            return "\(command) is a command, not a variable: write what it takes without =, as in \(example)"
        case .listNameFormula: return "a list's name cannot start with =, +, - or @, as a spreadsheet's formula does: list takes a name, as in list drinks"
        case .tooManyLists(let most):
            return "a session keeps at most \(most) lists: empty one (clear) and switch away from it, and it is not kept"
        case .textAfterQuotedName(let quote): return "unexpected text after the quoted name (inside quotes, write \\\(quote) for a quote)"
        case .nameQuoteNeverClosed: return "the name's quote is never closed"
        case .draftIncomplete(let missing):
            return "cannot add: set \(missing.joined(separator: " and ")) first (price 2.49, qty 500 g), or write add PRICE QTY [UNIT] [NAME]"
        case .basisOneAmount: return "a basis is one amount, as in basis 100 g"
        case .continuesRefusedFigure(let figure):
            return "this line goes on from the \(figure) above, which was refused: there is no result to go on from"
        case .blockLineFailed(let command, let line, let statement):
            let which = line.map { "line \($0)" } ?? "'\(VisibleText.visible(statement))'"
            return "cannot \(command): \(which) above failed; fix it, or start a new block with a blank line"
        case .nothingToAverage: return "nothing to average: no results above since the block began"
        case .blockTooLong(let command, let limit):
            return "cannot \(command): the block holds more than \(NumberDisplay.decimal(limit)) results; start a new block with a blank line"
        case .nothingToContinue(let operator_):
            return "a line that starts with \(operator_) goes on from the last result, and there is none yet; write a number before it"
        case .blockDoesNotAdd(let command, let result, let value, let reason):
            return "cannot \(command): result \(result) of the block (\(value)) does not add to the ones before it (\(reason)); "
                + "start a new block with a blank line"
        case .labelWithoutStatement(let label):
            return "the label '\(VisibleText.visible(label))' needs a statement after it, as in milk: 2 * 1.19"
        }
    }
}
