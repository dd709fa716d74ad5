import PerNumbers
import PerUnits

/// Recursive-descent parser for statements and expressions (`help numbers`), reading tokens from
/// the lexer as it goes.
///
/// Precedence, lowest to highest: `+ -`; `* /`; unary `- +`; `^` (right-associative, its
/// right operand may carry a sign: `2^-1`); postfix `%` and `!`. So `-2^2 = -4`, `2^3^2 = 512`,
/// `-3! = -6`. `mod` and `of` (`20% of 35`) bind like `*`.
/// Nesting is limited to `maxDepth` levels and statements to `maxTokens` tokens, so
/// hostile input is an error, never a stack overflow.
package struct Parser<Builder: ExpressionBuilder> {
    package let source: StatementSource
    package var lexer: Lexer
    package let builder: Builder
    /// The token being looked at: the last one the lexer read, so when it is a number the
    /// lexer's `literal` is its value.
    package var current: Token
    package var tokenCount = 1
    package var depth = 0
    /// Where the last token read ended.
    package var previousEnd = 0
    package let unitsAfterNumbers: UnitsAfterNumbers
    /// Whether a sign glued to what follows, after a blank, starts another argument.
    package var signsStartArguments = false
    /// Where a word starts that follows a number or `)` and names no unit there
    /// (`5 stoen`): if the expression ends at it, it is an unknown unit, not a missing
    /// operator.
    package var wordAfterValue: Int? = nil
    /// Whether the number read next is a power's exponent, whose unit word is the power's
    /// (`10^3 m` is 1000 m, not 10^(3 m)); and whether one was left so.
    var numberIsExponent = false
    var unitAfterExponent = false

    /// `blankGroups`: whether a blank groups thousands (`1 234 567`), as in an expression;
    /// not among a command's arguments, which blanks separate.
    package init(_ source: StatementSource, builder: consuming Builder, unitsAfterNumbers: UnitsAfterNumbers = .any,
         blankGroups: Bool = true) {
        self.source = source
        lexer = Lexer(source, notation: builder.notation, precision: builder.precision, blankGroups: blankGroups)
        current = lexer.next()
        self.builder = builder
        self.unitsAfterNumbers = unitsAfterNumbers
    }

    /// Parses text that must be exactly one expression.
    package static func expression(_ source: StatementSource, builder: consuming Builder, depth: Int = 0) throws(Diagnostic) -> Builder.Value {
        var parser = Parser(source, builder: builder)
        parser.depth = depth
        return try parser.wholeExpression()
    }

    /// The expression from here to the end of the statement.
    /// A comparison, `conversion [(< | <= | > | >= | == | !=) conversion]`, is the lowest
    /// precedence and one to a statement: its true or false is no operand.
    package mutating func wholeExpression() throws(Diagnostic) -> Builder.Value {
        var value = try expression()
        if case .comparison(let op) = current.kind {
            let token = try advance()
            if current.kind == .end { throw Diagnostic(.operandExpected(after: quoted(token)), at: current.range) }
            let right = try expression()
            if case .comparison = current.kind { throw Diagnostic(.chainedComparison, at: current.range) }
            value = try builder.binary(op, value, right, range: token.range)
        }
        try expectEnd()
        // `12/24/2026` divides, and says which date it would be.
        if let digits = lexer.slashedDigits {
            return builder.noting(.readAsDivision(first: Int(digits.first), second: Int(digits.second), year: Int(digits.year)), on: value)
        }
        // `24-12-2026` subtracts, and says which date it would be.
        if let digits = lexer.dashedDigits {
            return builder.noting(.readAsSubtraction(first: Int(digits.first), second: Int(digits.second), year: Int(digits.year),
                                                     yearFirst: digits.yearFirst), on: value)
        }
        return value
    }

    /// Parses the expression at the start of `source` and says where it ended: commands
    /// read their arguments this way (`add 2.49 500 g Barilla`: a price, a quantity, then
    /// the name), so every number and unit in per is read by this one grammar.
    package static func leadingExpression(_ source: StatementSource, builder: Builder,
                                  unitsAfterNumbers: UnitsAfterNumbers = .any) throws(Diagnostic) -> (Builder.Value, end: Int) {
        var parser = Parser(source, builder: builder, unitsAfterNumbers: unitsAfterNumbers, blankGroups: false)
        parser.signsStartArguments = true
        let value = try parser.expression()
        if parser.current.kind == .rightParenthesis { throw Diagnostic(.unmatchedClosing, at: parser.current.range) }
        if parser.current.kind == .rightBracket { throw Diagnostic(.unmatchedBracket, at: parser.current.range) }
        return (value, parser.current.kind == .end ? source.scalars.endIndex : parser.current.range.lowerBound)
    }

    /// Parses a unit at the start of `source` (`kg`, `fl oz`, `per 100 g`, `m3/h`) and
    /// says where it ended.
    package static func leadingUnit(_ source: StatementSource, builder: Builder) throws(Diagnostic) -> (CompoundUnit, range: Range<Int>, end: Int) {
        var parser = Parser(source, builder: builder)
        let start = parser.current.range.lowerBound
        let unit = try parser.target(after: nil)
        return (unit, start..<parser.previousEnd, parser.current.kind == .end ? source.scalars.endIndex : parser.current.range.lowerBound)
    }

    // MARK: Grammar

    @inline(__always)
    package mutating func advance() throws(Diagnostic) -> Token {
        previousEnd = current.range.upperBound
        if case .end = current.kind { return current }
        // The next token takes the current one's place, which is moved out, not copied.
        var token = lexer.next()
        swap(&token, &current)
        tokenCount += 1
        if tokenCount > ParserLimits.maxTokens {
            throw Diagnostic(.tooManyTokens, at: current.range)
        }
        return token
    }

    /// Moves past the current token, as `advance` does, and returns only its range: the
    /// operators and numbers every expression reads need no copy of the token. Inlined
    /// where it is called: it is a few steps and a call of the lexer.
    @inline(__always)
    package mutating func skip() throws(Diagnostic) -> Range<Int> {
        let range = current.range
        previousEnd = range.upperBound
        if case .end = current.kind { return range }
        current = lexer.next()
        tokenCount += 1
        if tokenCount > ParserLimits.maxTokens {
            throw Diagnostic(.tooManyTokens, at: current.range)
        }
        return range
    }

    /// The last scalar before `offset` that is not a blank.
    package func previousNonBlank(before offset: Int) -> Unicode.Scalar? {
        var index = offset - 1
        while index >= source.scalars.startIndex, StatementSource.isBlank(source.scalars[index]) { index -= 1 }
        return index >= source.scalars.startIndex ? source.scalars[index] : nil
    }

    /// `imp kg`, `uk cup`: a word that makes imperial measures of the one after it
    /// (`imp gal`), where they make none, at the current token.
    func imperialQualifier(_ word: String) -> SyntaxError? {
        guard ["imp", "uk", "imperial"].contains(word.lowercased()) else { return nil }
        var look = lexer
        guard case .identifier(let following) = look.next().kind else { return .imperialQualifier(word, before: nil) }
        return .imperialQualifier(word, before: following)
    }

    package func expectEnd() throws(Diagnostic) {
        // The end, as nearly every statement has, is matched before the token is copied.
        if case .end = current.kind { return }
        let token = current
        switch token.kind {
        case .end: return
        // A word of one letter (`2x`) reads as algebra: an operator is missing.
        case .identifier(let word) where !isName(word) && (token.range.lowerBound == wordAfterValue && word.unicodeScalars.count > 1
            || unit(named: word) == nil && UnitTable.likelyMisspelling(word) != nil):
            if let refusal = imperialQualifier(word) { throw Diagnostic(refusal, at: token.range) }
            // `5 stoen to kg`: the units of the conversion's dimension fit.
            // The everyday unit one edit away where that is what found the word (`mW` for `MW`).
            var near = UnitTable.suggestions(for: word, fitting: dimensionConvertedTo())
            if near.isEmpty, token.range.lowerBound != wordAfterValue, let likely = UnitTable.likelyMisspelling(word) { near = [likely] }
            throw Diagnostic(.unknownUnit(word, suggestions: withUserUnits(near, for: word)), at: token.range)
        case .rightParenthesis: throw Diagnostic(.unmatchedClosing, at: token.range)
        case .rightBracket: throw Diagnostic(.unmatchedBracket, at: token.range)
        case .invalid(let error): throw Diagnostic(error, at: token.range)
        case .equals: throw Diagnostic(.strayEquals, at: token.range)
        case .comparison: throw Diagnostic(.comparisonInside, at: token.range)
        case .comma:
            throw Diagnostic(.decimalComma, at: token.range)
        case .number where previousNonBlank(before: token.range.lowerBound) == "%":
            // `7 % 3`: a remainder meant, as in other languages.
            throw Diagnostic(.percentBeforeNumber, at: token.range)
        default: throw Diagnostic(.operatorExpected(before: quoted(token)), at: token.range)
        }
    }

    /// Whether the current token, `word`, names something other than a unit: a variable or
    /// parameter, `ans`, a constant, a function (called or not).
    package func isName(_ word: String) -> Bool {
        if builder.isVariable(word) || word == Names.lastResult || Constant(rawValue: word) != nil || Function.named(word) != nil
            || builder.userFunction(named: word) != nil {
            return true
        }
        var look = lexer
        return look.next().kind == .leftParenthesis
    }

    /// The dimension of the unit that a `to` or `in` after the current token names
    /// (`5 stoen to kg`: mass), if one does.
    package func dimensionConvertedTo() -> Dimension? {
        var look = lexer
        guard let keyword = look.next().word, keyword == .to || keyword == .in,
              case .identifier(let name) = look.next().kind, var unit = UnitTable.unit(named: name) else { return nil }
        // `to L/min`: names joined by `/` and `*` make one unit (asked only for a refused word).
        while true {
            let op = look.next()
            guard op.kind == .divide || op.kind == .times, case .identifier(let next) = look.next().kind,
                  let more = UnitTable.unit(named: next),
                  let product = try? unit.multiplied(by: more, dividing: op.kind == .divide) else { break }
            unit = product
        }
        return unit.dimension
    }

    package mutating func enter(_ token: Token) throws(Diagnostic) {
        depth += 1
        if depth > ParserLimits.maxDepth {
            throw Diagnostic(.nestedTooDeeply, at: token.range)
        }
    }

    /// conversion: additive [ `as % of` additive | `is` percentage `of what` ] [ `±` additive ]
    /// { (`to` | `in`) (unit | format) }
    package mutating func expression() throws(Diagnostic) -> Builder.Value {
        var value = try additive()
        switch current.word {
        case .as, .is: value = try percentPhrase(value, asShare: current.word == .as)
        case .incl, .excl: value = try taxPhrase(value, including: current.word == .incl)
        default: break
        }
        if case .plusMinus = current.kind { value = try tolerance(around: value) }
        while current.word == .to || current.word == .in {
            let token = try advance()
            let start = current.range.lowerBound
            if Builder.isTime(value) || lexer.isZoneName(at: start), try convertToZone(&value, at: start) { continue }
            if let format = try outputFormat() {
                value = try builder.format(value, as: format, range: start..<previousEnd)
                continue
            }
            // The value's dimension is worked out only for the message on an unknown unit.
            let unit = try target(after: token, fitting: { Builder.dimension(of: value) })
            // `to lb oz`, `to h min s`: a list of units (GNU units' `lb;oz` too). A list is
            // made only when a second unit follows, as it seldom does.
            var others: [CompoundUnit] = []
            while case .identifier = current.kind, !current.isKeyword,
                  let (more, _) = try unitWords(startingWith: nil, filter: .any) {
                others.append(more)
            }
            value = others.isEmpty ? try builder.convert(value, to: unit, range: start..<previousEnd)
                : try builder.convert(value, toParts: [unit] + others, range: start..<previousEnd)
        }
        return value
    }

    /// An output format after `to` (`fraction`, `2 dp`, `%`); nil when a unit follows
    /// instead. A word that is a unit's name stays the unit.
    package mutating func outputFormat() throws(Diagnostic) -> OutputFormat? {
        switch current.kind {
        case .percent:
            _ = try advance()
            return .percent
        case .identifier(let word):
            guard let format = OutputFormat.named(word), UnitTable.unit(named: word) == nil else { return nil }
            _ = try advance()
            return format
        case .number:
            var look = lexer
            guard case .identifier(let word) = look.next().kind, OutputFormat.countWords.contains(word) else { return nil }
            // A count that is not a whole number is out of range.
            let count = lexer.literal.exactInteger ?? -1
            _ = try advance()
            _ = try advance()
            return word == "dp" ? .decimals(count) : .significant(count)
        default:
            return nil
        }
    }

    package mutating func additive() throws(Diagnostic) -> Builder.Value {
        var left = try multiplicative()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            // Among a command's arguments, `1 -5 g` is two: a sign with a blank before it
            // and none after starts the next argument.
            if signsStartArguments, current.range.lowerBound > source.scalars.startIndex,
               StatementSource.isBlank(source.scalars[current.range.lowerBound - 1]),
               current.range.upperBound < source.scalars.endIndex,
               !StatementSource.isBlank(source.scalars[current.range.upperBound]) {
                return left
            }
            let range = try skip()
            let right = try multiplicative(after: range)
            try builder.combine(op, &left, right, range: range)
        }
    }

    /// `after` is the operator just read, if any, for the message when no operand follows.
    @inline(__always)
    package mutating func multiplicative(after previous: Range<Int>? = nil) throws(Diagnostic) -> Builder.Value {
        // Where the operand before the operator starts, for `3/4 cup` (-1 after a
        // multipack): only a `/` glued to its operands asks what they hold.
        var operandStart = current.range.lowerBound
        var left = try unary(after: previous)
        while true {
            switch current.kind {
            case .times, .divide:
                // Matched, not compared: a comparison of kinds copies them.
                let op: BinaryOperator
                if case .times = current.kind { op = .multiply } else { op = .divide }
                let numerator = operandStart..<previousEnd
                let range = try skip()
                operandStart = current.range.lowerBound
                if op == .divide, numerator.lowerBound >= 0, numerator.upperBound == range.lowerBound,
                   let denominator = fractionDenominatorAhead(over: numerator, slash: range) {
                    try quotientOrProduct(&left, op, range: range, fraction: (numerator, denominator))
                } else {
                    try quotientOrProduct(&left, op, range: range)
                }
                continue
            case .cross, .packs:
                let token = try advance()
                let right = try unary(after: token.range)
                left = try builder.multipack(left, right, strict: token.kind == .packs, range: token.range)
            case .identifier where current.word == .x:
                // `500 g x 2`: a pack, then how many; an `x` followed by no number is a name.
                var look = lexer
                guard case .number = look.next().kind else { return left }
                let token = try advance()
                let right = try unary(after: token.range)
                left = try builder.multipack(right, left, strict: true, range: token.range)
            case .identifier where current.word?.binaryOperator != nil:
                let token = try advance()
                try quotientOrProduct(&left, token.word?.binaryOperator ?? .divide, range: token.range)
            default:
                return left
            }
            operandStart = -1
        }
    }

    /// `left * right`, `left / right`, `left per right`. A multipack of a quantity after
    /// `/` or `per` is one divisor (`$5.99 per 12x355 ml` is the price of the twelve cans),
    /// not that many packs of the quotient; of plain numbers (`10 / 2 x 3`) it stays the
    /// count of packs of what is on its left, as before.
    private mutating func quotientOrProduct(_ left: inout Builder.Value, _ op: BinaryOperator, range: Range<Int>,
                                            fraction: (numerator: Range<Int>, denominator: Range<Int>)? = nil) throws(Diagnostic) {
        let right = try unary(after: range)
        if let fraction { try refuseFraction(fraction.numerator, over: fraction.denominator) }
        guard op == .divide, case .packs = current.kind else { return try builder.combine(op, &left, right, range: range) }
        let token = try advance()
        let each = try unary(after: token.range)
        if let dimension = Builder.dimension(of: each), dimension != .none {
            return try builder.combine(op, &left, builder.multipack(right, each, strict: true, range: token.range), range: range)
        }
        left = try builder.multipack(builder.binary(op, left, right, range: range), each, strict: true, range: token.range)
    }

    /// unary: (`-` | `+`) unary | power; power: postfix [`^` unary] [unit]; postfix: primary
    /// { `%` | `!` }. One function for the three levels, which every operand passes. A unit
    /// after a power's exponent is the power's (`10^3 m`, `2^10 B`); `exponent` says the
    /// operand is one, whose power leaves the unit to the power it is the exponent of.
    package mutating func unary(after previous: Range<Int>?) throws(Diagnostic) -> Builder.Value {
        switch current.kind {
        case .minus, .plus:
            let token = try advance()
            try enter(token)
            defer { depth -= 1 }
            let operand = try unary(after: token.range)
            guard case .minus = token.kind else { return operand }
            return try builder.negate(operand, range: token.range)
        default:
            break
        }
        // Whether this operand is a power's exponent, which `primary` reads and clears.
        let isExponent = numberIsExponent
        var base = try primary(after: previous)
        while current.isPostfixOperator {
            let token = try advance()
            // `3!!` is a double factorial (3·1) in some notations: refused, not guessed.
            if token.kind == .factorial, current.kind == .factorial, current.range.lowerBound == token.range.upperBound {
                throw Diagnostic(.doubleFactorial, at: token.range.lowerBound..<current.range.upperBound)
            }
            base = token.kind == .percent ? try builder.percent(base, range: token.range) : try builder.factorial(base, range: token.range)
        }
        guard case .power = current.kind else { return base }
        return try raised(base, exponent: isExponent)
    }

    /// `base` to the power after the current `^`, with the unit after the exponent when the
    /// power is no exponent itself. Apart from `unary`, whose frame every level of nesting
    /// takes.
    private mutating func raised(_ base: Builder.Value, exponent isExponent: Bool) throws(Diagnostic) -> Builder.Value {
        let token = try advance()
        try enter(token)
        defer { depth -= 1 }
        numberIsExponent = true
        let exponent = try unary(after: token.range)
        let power = try builder.binary(.power, base, exponent, range: token.range)
        guard unitAfterExponent, !isExponent else { return power }
        unitAfterExponent = false
        return try unitAfter(power)
    }

    /// A number, with its currency symbol if any, and the unit and quantities side by side
    /// after it (an exponent's unit is left to its power: `numberIsExponent`); or any other
    /// operand.
    @inline(__always)
    package mutating func primary(after previous: Range<Int>?) throws(Diagnostic) -> Builder.Value {
        let isExponent = numberIsExponent
        numberIsExponent = false
        guard case .number(let symbol) = current.kind else { return try otherOperand(lexer.literal, after: previous) }
        let literal = lexer.takeLiteral()
        let range = try skip()
        // `1 1/2 cups`: only a number after a number may be a mixed number's fraction.
        if case .number(currency: nil) = current.kind, symbol == nil, mixedFractionAhead(whole: range) {
            return try mixedQuantity(whole: literal, at: range)
        }
        var money: Unit? = nil
        if let symbol, let code = CurrencyCode.withSymbol(Character(symbol)) {
            money = UnitTable.money(code, source.scalars[range.lowerBound] == symbol ? .prefix : .suffix)
        }
        let value = try builder.number(literal, money: money, range: range)
        // Most numbers have no unit after them: no call for them.
        guard case .identifier = current.kind else { return value }
        if isExponent {
            unitAfterExponent = true
            return value
        }
        let quantity = try unitAfter(value)
        // `2 h 30 min`: only a number after a unit can start one.
        guard case .number(currency: nil) = current.kind, previousEnd > range.upperBound else { return quantity }
        return try mixedUnits(after: quantity)
    }

    /// An operand that is no number: a date, a name or a parenthesized expression; or
    /// the error for a token that starts none. `literal` is the lexer's value for a date.
    package mutating func otherOperand(_ literal: Number, after previous: Range<Int>?) throws(Diagnostic) -> Builder.Value {
        let token = try advance()
        switch token.kind {
        case .date:
            let value = try builder.number(literal, money: nil, range: token.range)
            return try builder.applying(CompoundUnit(UnitTable.date), to: value, range: token.range)
        case .clock, .dateTime:
            return try timeOperand(literal, token: token)
        case .monthDay(let month, let day):
            return try monthDayOperand(token, month: month, day: day)
        case .identifier(let name):
            return try named(name, token: token)
        case .leftParenthesis:
            return try parenthesized(token)
        case .leftBracket:
            return try listLiteral(token)
        case .plusMinus where source.scalars[token.range.lowerBound] == "+":
            // `+-2` where an operand is expected: a plus sign, then a minus sign, each a
            // unary operator over all that follows (`+-2^2` is -4).
            try enter(token)
            defer { depth -= 1 }
            let operand = try unary(after: token.range)
            return try builder.negate(operand, range: (token.range.lowerBound + 1)..<token.range.upperBound)
        default:
            throw unexpectedOperand(token, after: previous)
        }
    }
}
