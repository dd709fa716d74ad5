import PerNumbers

/// Turns a statement's text into tokens. It never fails: a character it cannot read
/// becomes an `.invalid` token carrying the message, and the parser reports it.
///
/// Literals (`help numbers`): `12`, `12.5`, `.5`, `5.`, `1_000`, `1e3`, `2.5E-4`, with an
/// optional currency symbol `$ € £ ¥` before or after; dates `2026-01-31`, `2026-1-1`,
/// `2026/12/24`, `24 Dec 2026`, `Dec 24, 2026` and `December 24` (`help dates`);
/// whole numbers in base 16, 8 or 2, `0x1F`, `0o17`, `0b1011`; thousands grouped in threes
/// as people paste them (`help input`): `1,234.56` in dot input outside a call's
/// parentheses, `1 234 567` with a thin space anywhere, or with a blank in an expression.
/// Operators: `+ - * / ^ %`, `±` (also `+-`), and the Unicode `−` (U+2212), `×`, `÷`, `·`; `**` is a synonym
/// for `^`; comparisons `< <= > >= == !=`. A name may hold `°`
/// (`°dH`); a currency symbol alone is a name (`€/kg`); `x` between a number and a digit
/// is a multipack's cross (`6x330`); superscript digits are powers (`m³`).
///
/// In comma input (`input comma`, `help input`) the decimal separator is `,`, dots group
/// thousands in threes before it (`1.234,5`), and `;` separates a function's arguments.
public struct Lexer {
    package let source: ArraySlice<Unicode.Scalar>
    package var index: Int
    package let notation: InputNotation
    /// Significant bits kept in the bounds of a literal beyond the exact range: the
    /// precision of the context the statement is evaluated in.
    package let precision: Int
    /// How many parentheses are open, so a `;` inside them reads as an argument separator.
    package var openParentheses = 0
    /// Whether a blank (a space or U+00A0) between digits groups thousands (`1 234 567`):
    /// in an expression, not among a command's arguments, which blanks separate
    /// (`add 2 500 g`). A thin space groups in both.
    package let blankGroups: Bool
    /// The value of the last number token returned.
    public package(set) var literal = Number(0)

    /// The value of the number token just returned, moved out (the lexer keeps zero): the
    /// parser's one use of it needs no copy to retain and no old value to release.
    package mutating func takeLiteral() -> Number {
        var value = Number(0)
        swap(&value, &literal)
        return value
    }
    /// Where a multipack's `x` stands after the number just read (`6x330`, `6 x 330`).
    private var pendingCross: Int? = nil
    /// The digits of the last `12/24/2026` read, which divides but looks like a date
    /// (`noteSlashedDigits`). Small, as the lexer is copied to look ahead.
    public package(set) var slashedDigits: (first: UInt8, second: UInt8, year: UInt16)? = nil
    /// The digits of the last `24-12-2026` or `2026-001-01` read, which subtracts but looks
    /// like a date (`noteDashedDigits`): a month and a day in either order, or in that
    /// order (`yearFirst`).
    public package(set) var dashedDigits: (first: UInt8, second: UInt8, year: UInt16, yearFirst: Bool)? = nil

    public static let currencySymbols: Set<Character> = ["$", "€", "£", "¥"]

    public init(_ source: StatementSource, notation: InputNotation = .dot,
                precision: Int = EvaluationContext.standardPrecision, blankGroups: Bool = false) {
        self.source = source.scalars
        self.index = source.scalars.startIndex
        self.notation = notation
        self.precision = precision
        self.blankGroups = blankGroups
    }

    /// All tokens of an expression, ending with `.end`.
    public static func tokens(of source: StatementSource, notation: InputNotation = .dot) -> [Token] {
        var lexer = Lexer(source, notation: notation, blankGroups: true)
        var tokens: [Token] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    package func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let position = index + ahead
        return position < source.endIndex ? source[position] : nil
    }

    /// Whether the next token is `=`, without reading it (a name after it costs a string).
    package var nextIsEquals: Bool {
        if pendingCross != nil { return false }
        var position = index
        while position < source.endIndex, StatementSource.isBlank(source[position]) { position += 1 }
        return position < source.endIndex && source[position] == "=" && (position + 1 == source.endIndex || source[position + 1] != "=")
    }

    public mutating func next() -> Token {
        if let cross = pendingCross {
            pendingCross = nil
            index = cross + 1
            return Token(.packs, cross..<index)
        }
        // Only `to lb;oz` keeps a `;` outside parentheses in a statement: GNU units' list of
        // units, read as `to lb oz`.
        while let scalar = peek(), StatementSource.isBlank(scalar) || (scalar == ";" && openParentheses <= 0) { index += 1 }
        let start = index
        guard let scalar = peek() else { return Token(.end, start..<start) }

        if isDigit(scalar) {
            return notation == .dot ? number(currency: nil, start: start) : commaNumber(currency: nil, start: start)
        }
        // Operators first: most tokens after the numbers are one of them.
        index += 1
        let kind: Token.Kind
        switch scalar {
        case "+": if peek() == "-" { index += 1; kind = .plusMinus } else { kind = .plus }
        case "-", "\u{2212}": kind = .minus
        case "*", "·":
            if scalar == "*", peek() == "*" { index += 1; kind = .power } else { kind = .times }
        case "×": kind = .cross
        case "/", "÷": kind = .divide
        case "^": kind = .power
        case "%": kind = .percent
        case "!":
            if peek() == "=" { index += 1; kind = .comparison(.notEqual) } else { kind = .factorial }
        case "<", ">":
            let orEqual = peek() == "="
            if orEqual { index += 1 }
            kind = .comparison(scalar == "<" ? (orEqual ? .lessOrEqual : .less) : (orEqual ? .greaterOrEqual : .greater))
        case "(":
            openParentheses += 1
            kind = .leftParenthesis
        case ")":
            openParentheses -= 1
            kind = .rightParenthesis
        // A list's brackets count as parentheses: a `,` or `;` in them separates its values.
        case "[":
            openParentheses += 1
            kind = .leftBracket
        case "]":
            openParentheses -= 1
            kind = .rightBracket
        case ",":
            if notation == .comma { return commaInCommaInput(start: start) }
            kind = .comma
        case ";" where openParentheses > 0:
            // An argument separator in comma input, a mistake in dot input.
            if notation == .dot { return Token(.invalid(.semicolonInDotInput), start..<index) }
            kind = .comma
        case "=":
            if peek() == "=" { index += 1; kind = .comparison(.equal) } else { kind = .equals }
        default:
            if scalar == "±" { return Token(.plusMinus, start..<index) }
            index = start
            return word(scalar, start: start)
        }
        return Token(kind, start..<index)
    }

    /// A `,` in comma input: `,5` is a number, as `.5` is in dot input; any other comma is
    /// a mistake (arguments are separated by `;`).
    private mutating func commaInCommaInput(start: Int) -> Token {
        guard peek().map(isDigit) == true else { return Token(.invalid(.commaInCommaInput), start..<index) }
        index = start
        return commaNumber(currency: nil, start: start)
    }

    /// A token that is not an operator: a number from its point, a currency, a name,
    /// quoted text or a superscript power; else an `.invalid` token.
    private mutating func word(_ scalar: Unicode.Scalar, start: Int) -> Token {
        if scalar == ".", peek(1).map(isDigit) == true {
            return notation == .dot ? number(currency: nil, start: start) : commaNumber(currency: nil, start: start)
        }
        if Lexer.isCurrency(scalar) {
            let afterSymbol = peek(1)
            if let next = afterSymbol, isDigit(next) || (next == notation.decimalSeparator && peek(2).map(isDigit) == true) {
                index += 1
                return notation == .dot ? number(currency: scalar, start: start) : commaNumber(currency: scalar, start: start)
            }
            index += 1
            return Token(.identifier(String(Character(scalar))), start..<index)
        }
        // `5 ‰`: the per-mille sign is a unit's name on its own, as it is printed.
        if scalar == "‰" {
            index += 1
            return Token(.identifier("‰"), start..<index)
        }
        if Lexer.isNameStart(scalar) || Lexer.isDegreeSign(scalar) {
            // `boiler.blowdown`: a dot between names joins them.
            while let next = peek(), Lexer.isNameContinuation(next) || Lexer.isDegreeSign(next)
                    || (next == "." && peek(1).map(Lexer.isNameStart) == true && index > start) { index += 1 }
            // `Dec 24, 2026`, `December 24`: a month's name, a blank and a digit.
            if peek() == " ", let digit = peek(1), isDigit(digit), let date = monthDay(start: start) { return date }
            let scalars = source[start..<index]
            // A grammar word's text is its spelling, a literal: no string is made for it.
            let word = GrammarWord.spelled(by: scalars)
            let text = if let word, word != .x { word.spelling } else { StatementSource.string(scalars) }
            return Token(.identifier(text), start..<index, word: word)
        }
        if StatementSource.isQuote(source, at: index) {
            return quoted(start: start)
        }
        index += 1
        guard var value = Lexer.superscriptValue(scalar) else {
            // `9:00..17:00`: a range, which only an input reads.
            if scalar == ".", peek() == "." {
                index += 1
                return Token(.invalid(.rangeInExpression), start..<index)
            }
            // `1 lb.`: an abbreviation's dot right after a word.
            if scalar == ".", start > source.startIndex, Lexer.isNameContinuation(source[start - 1]) {
                var wordStart = start - 1
                while wordStart > source.startIndex, Lexer.isNameContinuation(source[wordStart - 1]) { wordStart -= 1 }
                guard Lexer.isNameStart(source[wordStart]) else { return Token(.invalid(.unexpectedCharacter(scalar)), start..<index) }
                return Token(.invalid(.abbreviationDot(StatementSource.string(source[wordStart..<start]))), start..<index)
            }
            return Token(.invalid(.unexpectedCharacter(scalar)), start..<index)
        }
        while let next = peek(), let digit = Lexer.superscriptValue(next), value < 1000 {
            value = value * 10 + digit
            index += 1
        }
        return Token(.superscript(value), start..<index)
    }

    // MARK: Numbers

    private mutating func number(currency prefix: Unicode.Scalar?, start: Int) -> Token {
        // Up to 18 digits accumulate in a machine integer; longer mantissas are read again
        // from the source as text.
        var mantissa: Int64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var sawPoint = false
        // A `_` stops the scan, to be checked between two digits, and the scan goes on.
        while true {
            index = source.startIndex + Lexer.scanDigits(source.span, from: index - source.startIndex, mantissa: &mantissa,
                                                         digitCount: &digitCount, fractionDigits: &fractionDigits,
                                                         sawPoint: &sawPoint)
            guard index < source.endIndex, source[index] == "_" else { break }
            if let misplaced = misplacedSeparator(afterDigits: digitCount) { return misplaced }
            index += 1
        }
        // `2026-01-31`, `2026/12/24`: only four digits or more before a hyphen or a slash can
        // start a date, so shorter numbers pay one comparison of their digit count here. A
        // year past 9999 (`10000-01-01`) is a date refused, never a subtraction.
        if digitCount >= 4, digitCount <= 9, index - start == digitCount, prefix == nil,
           let date = dateLiteral(start: start, yearDigits: digitCount) { return date }
        // Most numbers end at a blank, an operator or the end: nothing more to look at.
        if let next = peek() {
            if next == " " {
                // `6 x 330`: a blank, then a multipack's cross; `1 234 567`: thousands.
                if let after = peek(1) {
                    if after == "x" || after == "X" {
                        markCross()
                    } else if blankGroups, isDigit(after),
                              let grouped = groupedNumber(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount) {
                        return grouped
                    } else if digitCount <= 2, index - start == digitCount, prefix == nil, (after.value | 0x20) &- 0x61 < 26,
                              let date = dayMonthYear(start: start, day: Int(mantissa)) {
                        // `24 Dec 2026`: one or two digits, a blank and a letter.
                        return date
                    } else if digitCount <= 2, index - start == digitCount, prefix == nil, (after.value | 0x20) &- 0x61 < 26,
                              let time = hourWithMeridiem(start: start, digitCount: digitCount, hour: Int(mantissa), afterBlank: true) {
                        // `5 pm`.
                        return time
                    }
                }
            } else {
                // A letter's lower case: `e`, `x`, and the `b` and `o` of `0b1011`, `0o17`.
                let lower = next.value | 0x20
                if lower == 0x65 || next == "." || lower == 0x78 || Lexer.isCurrency(next)
                    || ((lower == 0x62 || lower == 0x6F) && index == start + 1) {
                    if lower == 0x78 || lower == 0x62 || lower == 0x6F, index == start + 1, source[start] == "0",
                       let radix = radixNumber(start: start) {
                        return radix
                    }
                    return numberSuffixes(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount,
                                          fractionDigits: fractionDigits)
                }
                if next == "," || next == "\u{2009}" || next == "\u{202F}" || next == "\u{A0}",
                   let grouped = groupedNumber(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount) {
                    return grouped
                }
                // `9:00`, `9am`: a time of day.
                if next == ":" || lower == 0x61 || lower == 0x70, index - start == digitCount, prefix == nil {
                    if next == ":" {
                        if let time = timeOfDay(start: start, digitCount: digitCount, hour: Int(mantissa)) { return time }
                    } else if digitCount <= 2, let time = hourWithMeridiem(start: start, digitCount: digitCount, hour: Int(mantissa)) {
                        return time
                    }
                }
                // `12/24/2026`: division, noted as a date it may have meant.
                if next == "/", digitCount <= 2, index - start == digitCount, prefix == nil { noteSlashedDigits(start: start) }
                // `24-12-2026`: subtraction, noted likewise.
                if next == "-", index - start == digitCount, prefix == nil { noteDashedDigits(start: start) }
            }
        }
        return numberToken(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount,
                           scale: -fractionDigits)
    }

    /// Reads digits and one decimal point from `position` into the number so far; returns
    /// where they end. A span and local counts, which stay in registers: the lexer's own
    /// position, stored after every digit, cost more than the digit.
    @inline(__always)
    private static func scanDigits(_ scalars: Span<Unicode.Scalar>, from position: Int, mantissa: inout Int64,
                                   digitCount: inout Int, fractionDigits: inout Int, sawPoint: inout Bool) -> Int {
        var position = position
        while position < scalars.count {
            let scalar = scalars[position]
            let digit = scalar.value &- 48
            if digit < 10 {
                // 18 digits cannot overflow 64 bits.
                if digitCount < 18 { mantissa = mantissa &* 10 &+ Int64(digit) }
                digitCount += 1
                if sawPoint { fractionDigits += 1 }
            } else if scalar == "." && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            position += 1
        }
        return position
    }

    /// The error for a `_` here unless it stands between two digits of a number (`1_000`).
    package func misplacedSeparator(afterDigits digitCount: Int) -> Token? {
        guard digitCount > 0, let after = peek(1), isDigit(after), isDigit(source[index - 1]) else {
            return Token(.invalid(.misplacedSeparator), index..<(index + 1))
        }
        return nil
    }

    /// `6x330`, `6 x 330`, `6 X 330ml`: the number just read ends before a multipack's
    /// cross, an `x` between it and the next number, with or without blanks.
    package mutating func markCross() {
        var cross = index
        while cross < source.endIndex, StatementSource.isBlank(source[cross]) { cross += 1 }
        guard cross < source.endIndex, source[cross] == "x" || source[cross] == "X" else { return }
        var after = cross + 1
        while after < source.endIndex, StatementSource.isBlank(source[after]) { after += 1 }
        if after < source.endIndex, isDigit(source[after]) || source[after] == notation.decimalSeparator || source[after] == "(" {
            pendingCross = cross
        }
    }

    /// A number in comma input: `1,5`, `,5`, `1.234,5`, `1.234.567`. Dots group thousands:
    /// one to three digits, then groups of exactly three, and either a decimal comma or a
    /// second group after them. `1.234` alone reads two ways and is refused, as is a dot
    /// that groups nothing (`1.5`: the decimal separator is `,` here).
    private mutating func commaNumber(currency prefix: Unicode.Scalar?, start: Int) -> Token {
        var mantissa: Int64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var sawComma = false
        // The digits of each group the dots separate, before the comma.
        var groups = [0]
        if peek() == "," { sawComma = true; index += 1 }
        while index < source.endIndex {
            let scalar = source[index]
            let digit = scalar.value &- 48
            if digit < 10 {
                if digitCount < 18 { mantissa = mantissa &* 10 &+ Int64(digit) }
                digitCount += 1
                if sawComma { fractionDigits += 1 } else { groups[groups.count - 1] += 1 }
                index += 1
            } else if scalar == "_" {
                if let misplaced = misplacedSeparator(afterDigits: digitCount) { return misplaced }
                index += 1
            } else if (scalar == "." || scalar == ","), !sawComma, peek(1).map(isDigit) == true {
                if scalar == "," { sawComma = true } else { groups.append(0) }
                index += 1
            } else {
                break
            }
        }
        if digitCount >= 4, digitCount <= 9, index - start == digitCount, prefix == nil,
           let date = dateLiteral(start: start, yearDigits: digitCount) { return date }
        if let next = peek(), groups.count == 1, !sawComma {
            let lower = next.value | 0x20
            if lower == 0x78 || lower == 0x62 || lower == 0x6F, index == start + 1, source[start] == "0",
               let radix = radixNumber(start: start) {
                return radix
            }
            if StatementSource.isBlank(next) || next == "\u{2009}" || next == "\u{202F}",
               let grouped = groupedNumber(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount) {
                return grouped
            }
            if digitCount <= 2, index - start == digitCount, prefix == nil {
                if next == " ", let date = dayMonthYear(start: start, day: Int(mantissa)) { return date }
                // `5 pm`, `9am`: times of day read as in dot input.
                if next == " " || lower == 0x61 || lower == 0x70,
                   let time = hourWithMeridiem(start: start, digitCount: digitCount, hour: Int(mantissa), afterBlank: next == " ") {
                    return time
                }
                if next == "/" { noteSlashedDigits(start: start) }
            }
            // `9:00`, `17:30:15`.
            if next == ":", index - start == digitCount, prefix == nil,
               let time = timeOfDay(start: start, digitCount: digitCount, hour: Int(mantissa)) {
                return time
            }
            if next == "-", index - start == digitCount, prefix == nil { noteDashedDigits(start: start) }
        }
        if groups.count > 1 {
            let written = StatementSource.string(source[start..<index])
            let grouped = (1...3).contains(groups[0]) && groups.dropFirst().allSatisfy { $0 == 3 }
                && source[start..<index].first(where: isDigit) != "0"
            guard grouped else { return Token(.invalid(.pointInCommaInput(written)), start..<index) }
            if groups.count == 2 && !sawComma { return Token(.invalid(.groupingReadsTwoWays(written)), start..<index) }
        }
        return numberSuffixes(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount,
                              fractionDigits: fractionDigits)
    }

    /// The rest of a number that goes on after its digits: an exponent, a currency symbol
    /// after it, a multipack's `x`, or a run-on into more digits and points.
    package mutating func numberSuffixes(currency prefix: Unicode.Scalar?, start: Int, mantissa: Int64, digitCount: Int,
                                         fractionDigits: Int) -> Token {
        var exponent = 0
        if let e = peek(), e == "e" || e == "E" {
            var look = 1
            var negative = false
            if let sign = peek(1), sign == "+" || sign == "-" || sign == "\u{2212}" {
                negative = sign != "+"
                look = 2
            }
            if let first = peek(look), isDigit(first) {
                index += look
                var value = 0
                while let scalar = peek(), isDigit(scalar) {
                    // Saturate: anything past a billion is out of range either way.
                    value = min(value * 10 + Int(scalar.value - 48), 1_000_000_000)
                    index += 1
                }
                exponent = negative ? -value : value
            }
        }
        var currency = prefix
        if let symbol = peek(), Lexer.isCurrency(symbol) {
            index += 1
            if currency != nil {
                return Token(.invalid(.twoCurrencySymbols), start..<index)
            }
            currency = symbol
        }
        if peek() == "." || (notation == .comma && peek() == "," && peek(1).map(isDigit) == true) || (peek().map(isDigit) == true) {
            // `1.2.3`, `1,2,3`: a number run into another.
            while let scalar = peek(), Lexer.isNameContinuation(scalar) || scalar == "." || scalar == "," { index += 1 }
            let text = StatementSource.string(source[start..<index])
            return Token(.invalid(.numberRunOn(text)), start..<index)
        }
        markCross()
        return numberToken(currency: currency, start: start, mantissa: mantissa, digitCount: digitCount,
                           scale: exponent - fractionDigits)
    }

    /// The number token from `start` to here, its value mantissa × 10^scale kept in
    /// `literal`.
    private mutating func numberToken(currency: Unicode.Scalar?, start: Int, mantissa: Int64, digitCount: Int,
                                      scale: Int) -> Token {
        let range = start..<index
        if digitCount <= 18, scale > -19, scale <= 0 {
            // The common case, all in machine integers.
            literal = .exact(Rational.decimal(mantissa, decimals: -scale))
            return Token(.number(currency: currency), range)
        }
        let digits = source[start..<index].compactMap { isDigit($0) ? UInt8($0.value) : nil }.prefix(digitCount)
        switch Lexer.literalValue(digits: Array(digits), scale: scale, bits: precision) {
        case .success(let value):
            literal = value
            return Token(.number(currency: currency), range)
        case .failure(let error): return Token(.invalid(.literalOutOfRange(error)), range)
        }
    }

    // MARK: Quoted text

    private mutating func quoted(start: Int) -> Token {
        let quote = source[index]
        index += 1
        let contentStart = index
        while let scalar = peek(), scalar != quote { index += 1 }
        guard peek() == quote else {
            return Token(.invalid(.quoteNeverClosed), start..<start + 1)
        }
        let text = StatementSource.string(source[contentStart..<index])
        index += 1
        return Token(.quoted(text), start..<index)
    }

    package func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 48 < 10 }
}
