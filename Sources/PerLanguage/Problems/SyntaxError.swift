import PerNumbers
import PerUnits

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
    /// An equation to solve nested past `ParserLimits.maxSolveDepth`.
    case equationNestedTooDeeply
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
        case .equationNestedTooDeeply: return "an equation to solve nested too deeply (more than \(ParserLimits.maxSolveDepth) levels)"
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
