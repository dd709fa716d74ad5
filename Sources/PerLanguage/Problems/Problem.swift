import PerNumbers
import PerUnits

/// What went wrong in a statement, as a value: a test or a renderer can tell problems
/// apart without reading English, and each is worded once, in its `message`.
public enum Problem: Sendable, Equatable {
    case syntax(SyntaxError)
    case arithmetic(ArithmeticError)
    case quantity(QuantityError)
    case shopping(ShoppingError)
    case estimate(EstimateError)
    case savedSet(SavedSetError)
    case priceBook(PriceBookError)
    case input(InputError)
    case arguments(ArgumentError)
    case format(OutputFormat.Refusal)
    case range(RangeRefusal)
    case list(ListRefusal)
    /// A time zone not had, or a local time that is not one instant in it. Boxed: its
    /// readings' texts would widen every diagnostic, and every statement's outcome with it.
    indirect case zone(ZoneProblem)
    /// A file of per's (saved sets, the price book) or one given to it could not be used;
    /// the shell met the file and says which failure it was.
    case storage(StorageFailure)
    /// A problem met while running the body of the user's function `name`.
    indirect case inFunction(String, Problem)

    /// Whether the statement was cancelled (Ctrl-C), however deep the cancellation was
    /// met: in arithmetic, a quantity, the list, an estimate or a user's function.
    public var isCancellation: Bool { code == .cancelled }

    /// Whether the statement was refused for want of the clock or the zones, which the
    /// shell reads only for a statement that needs them: `today` or `now` with no date
    /// given, a zone named with no zones given. The shell then reads them and runs it
    /// again (a refused statement changed nothing).
    public var needsClock: Bool {
        switch self {
        case .quantity(.date(.noToday)), .zone(.notGiven): return true
        case .inFunction(_, let inner): return inner.needsClock
        default: return false
        }
    }

    /// Whether the problem is a conversion between currencies without a rate given: the
    /// shell then reads the rates file, when it has not, and runs the statement again.
    public var needsRates: Bool {
        switch self {
        case .quantity(.noRate): return true
        // `add $2.40 500 g` on a list in €: the rates file may have the rate.
        case .shopping(.currencyMismatch): return true
        case .inFunction(_, let inner): return inner.needsRates
        default: return false
        }
    }

    public var message: String {
        switch self {
        case .syntax(let error): return error.message
        case .arithmetic(let error): return error.message()
        case .quantity(let error): return error.message
        case .shopping(let error): return error.message
        case .estimate(let error): return error.message
        case .savedSet(let error): return error.message
        case .priceBook(let error): return error.message
        case .input(let error): return error.message
        case .arguments(let error): return error.message
        case .format(let refusal): return refusal.message
        case .range(let refusal): return refusal.message
        case .list(let refusal): return refusal.message
        case .zone(let problem): return problem.message
        case .storage(let failure): return failure.message
        case .inFunction(let name, let problem): return "in \(name): \(problem.message)"
        }
    }

    /// Whether the shopping list's rules refused the statement (a product of another kind,
    /// a deal that does not lower the price), not its reading.
    public var isShopping: Bool {
        if case .shopping = self { return true }
        return false
    }
}

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

/// Why a statement cannot be read or a name has no value.
public enum SyntaxError: Sendable, Equatable {
    case unexpectedCharacter(Unicode.Scalar)
    /// `9:00..17:00`, `2026-12-24..2026-12-31` in an expression: a range only an input reads.
    case rangeInExpression
    /// `12:00 in 9:00..17:00`: a test of a value in a range.
    case rangeMembership
    /// `1 lb.`: an abbreviation's dot after a word (the word).
    case abbreviationDot(String)
    /// `to lb;oz`: GNU units' list of units.
    case misplacedSeparator
    case twoCurrencySymbols
    case numberRunOn(String)
    /// `2026-02-30`: a date not on the calendar.
    case invalidDate(CalendarDate.Refusal)
    /// `25:00`, `9:60`, `9:5`, `13pm`: a time not on the clock.
    case invalidTime(ClockTime.Refusal)
    case literalOutOfRange(ArithmeticError)
    case quoteNeverClosed
    case letNeedsName
    case letNeedsEquals(String)
    case reservedName(String, reason: String)
    case valueAfterEquals
    case unknownCommand(String, suggestion: String)
    case unmatchedClosing
    case tooManyTokens
    case nestedTooDeeply
    /// `5 stoen`: a word where a unit was written is none; the units it may have been
    /// meant as (`UnitTable.suggestions`), if any are near.
    case unknownUnit(String, suggestions: [String])
    /// `5 ton`: a unit word that reads several ways (the catalogue's readings of it).
    case unitReadsManyWays(String, readings: [String])
    /// `3/4 cup`: a plain number over a whole number glued to a unit, which reads as a
    /// fraction of the unit or as the number divided by the quantity; the texts written,
    /// and the fraction as a decimal where it ends (`0.75`).
    case fractionBeforeUnit(numerator: String, denominator: String, unit: String, decimal: String?)
    /// `1 imp kg`: `imp`, `uk` or `imperial` before a word it does not make a unit of (the
    /// word after it, if any).
    case imperialQualifier(String, before: String?)
    case strayEquals
    /// `1 < 2 < 3`.
    case chainedComparison
    /// `(1 < 2) + 1`: a comparison inside an expression.
    case comparisonInside
    case decimalComma
    /// In comma input: a `,` that starts no decimals (`max(1, 2)`).
    case commaInCommaInput
    /// In dot input: a `;` inside parentheses (`round(2.345; 2)`).
    case semicolonInDotInput
    /// In comma input: a point that groups no thousands (`1.5`, `12.34`).
    case pointInCommaInput(String)
    /// In comma input: `1.234`, which is 1234 or one point two three four.
    case groupingReadsTwoWays(String)
    /// `0x`, `0xG`: a base's prefix with no digit of the base after it; the prefix as written.
    case radixWithoutDigits(String)
    /// `0b102`, `0x1G`, `0x10kg`: a character glued to a hexadecimal, octal or binary number
    /// that is not a digit of its base (2, 8 or 16).
    case notARadixDigit(Unicode.Scalar, base: Int)
    /// `0x1.8`: a hexadecimal, octal or binary number with a point; the literal as written.
    case pointInRadixNumber(String)
    /// `max(1,234.5, 2)`: in a call's parentheses, thousands grouped by commas before a point
    /// (1234.5), or the arguments the commas separate (1 and 234.5).
    case groupingInArguments(String, arguments: [String])
    /// `3 4`: two operands with nothing between them; the text of the second.
    case operatorExpected(before: String)
    /// `7 % 3`.
    case percentBeforeNumber
    /// `3!!`: a double factorial to some, the factorial of 3! to others.
    case doubleFactorial
    /// A percent phrase without its percentage or its words: `5 off 3`, `2 as % 3`.
    case percentPhrase(word: String, example: String)
    /// `€119 incl vat` without a rate, or a rate without `vat`.
    case taxPhrase(word: String)
    case operatorOrClosingExpected(before: String)
    case commaOrClosingExpected(before: String)
    case functionWithoutParentheses(String, synopsis: String)
    case keywordAsOperand(String)
    case openingNeverClosed
    /// `[1, 2`: a list's `[` without its `]`.
    case bracketNeverClosed
    /// `1, 2]`: a `]` that closes no list.
    case unmatchedBracket
    /// `[1 2]`: a list's values are separated by commas.
    case commaOrBracketExpected(before: String)
    case operandExpected(after: String?)
    case operandExpectedFound(String)
    case quotedOperand
    case unitExpected(after: String?, example: String)
    case unitExpectedFound(String, example: String)
    case basisNotPositive
    case notAFunction(String, suggestion: String?)
    case arity(String, takes: String, given: Int)
    case wordInput(String, word: String)
    case unknownName(String, suggestion: String?)
    case noValueYet(String, estimator: String)
    case noLastResult
    /// `2 of 35`: `of` takes a percentage before it.
    case ofWithoutPercentage
    case lineTooLong
    /// `f(2) = 3`, `f() = 1`: a definition's parameters are names.
    case parameterExpected(function: String)
    case reservedFunctionName(String, reason: String)
    /// `f = 3` while f is a function, or `f(x) = …` while f is a variable.
    case nameTaken(String, isFunction: Bool)
    case parameterTwice(String)
    case tooManyParameters(Int)
    /// A function whose body calls itself, directly or through others.
    case callsItself(String, through: [String])
    case tooManyCalls(Int)
    case callsTooDeep(Int)

    public var message: String {
        switch self {
        case .unexpectedCharacter(let scalar):
            let category = scalar.properties.generalCategory
            if category == .control || category == .format {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "unexpected control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
            }
            return "unexpected character '\(Character(scalar))'"
        case .abbreviationDot(let word):
            return "'\(VisibleText.visible(word)).': a unit is written without a dot, as \(VisibleText.visible(word))"
        case .rangeMembership:
            return "per tests no value in a range: compare it with each end, one statement each (12:00 >= 9:00, then 12:00 <= 17:00)"
        case .rangeInExpression:
            return "'..' makes a range only in an input (hours=9:00..17:00, days=2026-05-01..2026-09-30, sweep … cycles=2..8, "
                + "solve … in 0..1): the time from 9:00 to 17:00 is 17:00 - 9:00, and days(A, B) counts the days from A to B"
        case .misplacedSeparator: return "'_' in a number must stand between two digits, as in 1_000"
        case .twoCurrencySymbols: return "a price takes one currency symbol, before or after it"
        case .numberRunOn(let text): return "'\(text)' is not a number"
        case .invalidDate(let refusal): return refusal.message
        case .invalidTime(let refusal): return refusal.message
        case .literalOutOfRange(let error): return error.message(subject: "number")
        case .quoteNeverClosed: return "this quote is never closed"
        case .letNeedsName: return "'let' needs a name, as in let x = 2"
        case .letNeedsEquals(let name): return "expected '=' after 'let \(name)'"
        case .reservedName(let name, let reason): return "'\(name)' is \(reason) and cannot be a variable name"
        case .valueAfterEquals: return "expected a value after '='"
        case .unknownCommand(let name, let suggestion): return "unknown command '\(name)'; did you mean '\(suggestion)'?"
        case .unmatchedClosing: return "unmatched ')'"
        case .tooManyTokens: return "statement too long (more than \(ParserLimits.maxTokens) tokens)"
        case .nestedTooDeeply: return "expression nested too deeply (more than \(ParserLimits.maxDepth) levels)"
        case .unknownUnit(let word, let suggestions):
            guard let last = suggestions.last else { return "unknown unit '\(VisibleText.visible(word))' ('help units' lists them)" }
            let quoted = suggestions.dropLast().map { "'\($0)'" }
            return "unknown unit '\(VisibleText.visible(word))'; did you mean "
                + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
        case .imperialQualifier(let word, let following):
            let written = VisibleText.visible(following.map { word + " " + $0 } ?? word)
            return "'\(written)' is no unit: \(VisibleText.visible(word)) goes only before a measure of imperial size: "
                + "gal, qt, pt, gill, fl oz, bushel or mpg"
        case .unitReadsManyWays(let word, let readings):
            let listed = readings.dropLast().joined(separator: ", ") + " or " + (readings.last ?? "")
            return "'\(VisibleText.visible(word))' reads \(readings.count) ways, \(listed): write the one you mean"
        case .fractionBeforeUnit(let numerator, let denominator, let unit, let decimal):
            let fraction = "(\(numerator)/\(denominator)) \(unit)" + (decimal.map { " = \($0) \(unit)" } ?? "")
            return "'\(numerator)/\(denominator) \(unit)' reads 2 ways, \(fraction) or \(numerator)/(\(denominator) \(unit)): "
                + "write the one you mean"
        case .strayEquals: return "unexpected '='; an assignment looks like: name = value"
        case .chainedComparison: return "a statement compares two values once: write 1 < x and x < 3 as two statements"
        case .comparisonInside:
            return "a comparison is a whole statement, not part of an expression: write it alone, as in 500 g < 1 lb"
        case .decimalComma:
            return "',' separates a function's arguments, or groups thousands in threes (1,234.5); the decimal point is '.', as in 1.5 (for a decimal comma: input comma)"
        case .commaInCommaInput:
            return "in comma input ',' is the decimal comma: separate a function's arguments with ';', as in round(2,345; 2)"
        case .semicolonInDotInput:
            return "';' separates a function's arguments only in comma input: write ',' here, as in round(2.345, 2)"
        case .pointInCommaInput(let written):
            let suggestion = written.filter { $0 == "." }.count == 1 ? "write \(String(written.map { $0 == "." ? "," : $0 })), or " : ""
            return "in comma input the decimal separator is ',' and '.' groups thousands (1.234,5): \(suggestion)go back with input dot"
        case .groupingReadsTwoWays(let written):
            let whole = written.filter { $0 != "." }
            return "'\(written)' reads two ways, \(whole) or \(String(written.map { $0 == "." ? "," : $0 })): write one of them"
        case .radixWithoutDigits(let prefix):
            let example = ["b": "0b1011", "o": "0o17"][prefix.last.map { String($0).lowercased() } ?? ""] ?? "0x1F"
            return "'\(prefix)' starts \(Self.article(Self.baseName(prefix))) number: write its digits after it, as in \(example)"
        case .notARadixDigit(let scalar, let base):
            let digits = base == 2 ? "0 or 1" : base == 8 ? "0 to 7" : "0 to 9 and a to f"
            let unit = Lexer.isNameStart(scalar) ? "; put a blank between the number and a unit" : ""
            return "'\(VisibleText.visible(String(Character(scalar))))' is not \(Self.article(Self.baseName(base: base))) digit (\(digits))\(unit)"
        case .pointInRadixNumber(let written):
            return "\(Self.article(Self.baseName(written))) number is whole: per reads no point in it" + Self.radixFraction(written)
        case .groupingInArguments(let written, let arguments):
            let whole = String(written.filter { $0 != "," })
            let listed = arguments.dropLast().joined(separator: ", ") + " and " + (arguments.last ?? "")
            return "'\(written)' reads two ways in a function's parentheses, \(whole) or the arguments \(listed): "
                + "write \(whole), or a blank after each comma"
        case .operatorExpected(let text): return "expected an operator before \(text)"
        case .operatorOrClosingExpected(let text): return "expected an operator or ')' before \(text)"
        case .percentBeforeNumber: return "'%' makes a percentage; for the remainder write 7 mod 3"
        case .doubleFactorial: return "'!!' reads two ways: write (n!)! for the factorial of a factorial"
        case .percentPhrase(let word, let example): return "'\(word)' takes a percentage, as in \(example)"
        case .taxPhrase(let word):
            return "'\(word)' takes the tax rate and the word vat or tax, as in €\(word == "incl" ? "119" : "100") \(word) 19% vat"
        case .commaOrClosingExpected(let text): return "expected ',' or ')' before \(text)"
        case .functionWithoutParentheses(let name, let synopsis): return "\(name) is a function: write \(synopsis)"
        case .keywordAsOperand(let word): return "expected a number or name before '\(word)'"
        case .openingNeverClosed: return "'(' is never closed"
        case .bracketNeverClosed: return "'[' is never closed: a list ends with ']', as in [1, 2, 3]"
        case .unmatchedBracket: return "unmatched ']'"
        case .commaOrBracketExpected(let text): return "expected ',' or ']' before \(text)"
        case .operandExpected(let previous):
            return previous.map { "expected a number or name after \($0)" } ?? "expected a number or name"
        case .operandExpectedFound(let text): return "expected a number or name, found \(text)"
        case .quotedOperand: return "text in quotes is not a number"
        case .unitExpected(let after, let example):
            return "expected a unit\(after.map { " after \($0)" } ?? ""), as in \(example)kg or \(example)per 100 g"
        case .unitExpectedFound(let text, let example): return "expected a unit, as in \(example)kg or \(example)per 100 g, found \(text)"
        case .basisNotPositive: return "a basis is an exact amount more than 0, as in per 100 g"
        case .notAFunction(let name, let suggestion):
            return "'\(name)' is not a function" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .arity(let name, let takes, let given): return "\(name) takes \(takes), not \(given)"
        case .wordInput(let name, let word): return "\(name) is the word \(word), not a number"
        case .unknownName(let name, let suggestion):
            return "unknown name '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .noValueYet(let name, let estimator): return "'\(name)' has no value yet: run \(estimator) first"
        case .noLastResult: return "'ans' has no value yet: it is the last result"
        case .ofWithoutPercentage: return "'of' takes a percentage before it, as in 20% of 35"
        case .parameterExpected(let function):
            return "a function's parameters are names, as in \(function)(x) = x^2 or \(function)(w, h) = w * h"
        case .reservedFunctionName(let name, let reason): return "'\(name)' is \(reason) and cannot be a function name"
        case .nameTaken(let name, let isFunction):
            return isFunction
                ? "'\(name)' is a function; 'unset \(name)' first to make it a variable"
                : "'\(name)' is a variable; 'unset \(name)' first to make it a function"
        case .parameterTwice(let name): return "the parameter '\(name)' is named twice"
        case .tooManyParameters(let most): return "a function takes at most \(most) parameters"
        case .callsItself(let name, let through):
            let path = through.isEmpty ? "" : " (through \(through.joined(separator: ", ")))"
            return "'\(name)' would call itself\(path) and never end: per has no conditions to stop a recursion"
        case .tooManyCalls(let most):
            return "too much work in one statement: more than \(most) function calls, or bodies read too often"
        case .callsTooDeep(let most): return "function calls nested more than \(most) deep"
        case .lineTooLong: return "line too long (more than \(ParserLimits.maxLineLength) bytes); split it into shorter statements"
        }
    }
}

/// Why an estimator's inputs cannot be used.
public enum InputError: Sendable, Equatable {
    /// Required inputs left out, each with its unit or meaning (`tds (ppm)`).
    case missing(estimator: String, inputs: [String], example: String)
    case unknownKey(estimator: String, key: String, suggestion: String?, keys: [String])
    case givenTwice(String)
    case needsValue(key: String, hint: String)
    case expectedKeyValue(estimator: String, first: String, keys: [String])
    /// A word that is not one of the input's (nil: a number where only words will do).
    case notAChoice(name: String, choices: [String], got: String?)
    /// A quantity of a dimension the input does not take.
    case wrongKind(name: String, wanted: String, got: String)
    case outOfRange(name: String, allowed: String, got: String)
    /// A statement giving both an input and one of a group that replaces it.
    case replaces(member: String, replaced: String, group: [String])
    /// `steam=10 t/h ±`: no size after the `±`, or a negative one, or on a word.
    case toleranceExpected(key: String)
    /// More tolerances than an estimate runs the corners of.
    case tooManyTolerances(most: Int)
    /// A `..` whose sides are not two dates (`summer=2026-05-01..` or `summer=5..9`).
    case notADateRange(name: String, got: String)
    /// Dates from one to another that end before they start.
    case backwardDates(name: String, first: String, last: String)
    /// A dated summer with no day within the dated operating year (`days=`).
    case summerOutsideDays(summer: String, days: String)
    /// A `..` in an input of hours a day whose sides are not two times of day.
    case notAClockSpan(name: String, got: String)
    /// `hours=9:00..9:00`: times of day from one to the same, no time or a whole day.
    case emptyClockSpan(name: String, time: String)

    public var message: String {
        switch self {
        case .missing(let estimator, let inputs, let example):
            return "\(estimator) needs \(inputs.listed("and")); for example: \(example)"
        case .unknownKey(let estimator, let key, let suggestion, let keys):
            return "\(estimator) has no input '\(VisibleText.visible(key))'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its inputs are " + keys.joined(separator: ", "))
        case .givenTwice(let key): return "\(key) is given twice"
        case .needsValue(let key, let hint): return "\(key)= needs a value\(hint)"
        case .expectedKeyValue(let estimator, let first, let keys):
            return "expected KEY=VALUE, as in \(first)=…; \(estimator)'s inputs are " + keys.joined(separator: ", ")
        case .notAChoice(let name, let choices, let got):
            let words = choices.isEmpty ? "a number" : choices.listed("or")
            return "\(name) is \(words), not \(got ?? "a number")"
        case .wrongKind(let name, let wanted, let got): return "\(name) is \(wanted), not \(got)"
        case .outOfRange(let name, let allowed, let got): return "\(name) must be \(allowed), not \(got)"
        case .replaces(let member, let replaced, let group):
            return "\(member) replaces \(replaced): give \(replaced) or \(group.listed("and")), not both"
        case .toleranceExpected(let key):
            return "a tolerance is an amount or a percentage after ±, at least 0, on a number: \(key)=10 ±5% or \(key)=10 ±0.5"
        case .tooManyTolerances(let most):
            return "an estimate takes at most \(most) tolerances (it runs every corner of them: 2^\(most) estimates)"
        case .notADateRange(let name, let got):
            return "\(name) is a number of days or two dates, as in \(name)=2026-05-01..2026-09-30, not '\(VisibleText.visible(got))'"
        case .backwardDates(let name, let first, let last):
            return "\(name)=\(first)..\(last) ends before it starts: write the earlier date first (\(last)..\(first))"
        case .summerOutsideDays(let summer, let days):
            return "summer=\(summer) has no day within days=\(days): the summer counts only the operating days it shares with the year"
        case .notAClockSpan(let name, let got):
            return "\(name) is hours a day or two times of day, as in \(name)=9:00..17:00, not '\(VisibleText.visible(got))'"
        case .emptyClockSpan(let name, let time):
            return "\(name)=\(time)..\(time) holds no time: for the whole day write \(name)=24"
        }
    }
}
