import PerNumbers
import PerUnits

/// Fractions before a unit: `3/4 cup`, which reads two ways and is refused, and the mixed
/// numbers of recipes, `1 1/2 cups`. Kept out of the functions every operand passes
/// through, whose frames nest once a level.
extension Parser {
    /// Whether the operand written at `range` is a plain number (`3`, `-3`, `2.49`, a sign
    /// included, no currency or grouping): the `3` of `3/4 cup`, which reads two ways.
    private func isPlainNumber(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        if index < range.upperBound, source.scalars[index] == "-" || source.scalars[index] == "+" || source.scalars[index] == "\u{2212}" {
            index += 1
            while index < range.upperBound, StatementSource.isBlank(source.scalars[index]) { index += 1 }
        }
        guard index < range.upperBound, source.scalars[index] != "." || index + 1 < range.upperBound else { return false }
        return source.scalars[index..<range.upperBound].allSatisfy { $0.value &- 48 < 10 || $0 == "." }
    }

    /// The whole number after a `/` glued to `numerator` and to it (`3/4 cup`), written in
    /// digits alone, other than 0, and followed by a word, when the numerator is a plain
    /// number: the denominator of a fraction that reads two ways if the word turns out a
    /// unit. Nil for anything else (`3 / 4 cup`, `3/0.5 cup`, `€2.49/500 g`, `3÷4 cup`).
    func fractionDenominatorAhead(over numerator: Range<Int>, slash: Range<Int>) -> Range<Int>? {
        guard source.scalars[slash.lowerBound] == "/", numerator.upperBound == slash.lowerBound,
              case .number(currency: nil) = current.kind, current.range.lowerBound == slash.upperBound,
              isDigits(current.range), isPlainNumber(numerator),
              case .exact(let value) = lexer.literal, !value.isZero else { return nil }
        var look = lexer
        guard case .identifier = look.next().kind else { return nil }
        return current.range
    }

    /// Refuses `3/4 cup` when a unit was read after the denominator: (3/4) cup, as a cook
    /// means it, or 3/(4 cup), as the precedence of a unit after a number reads it.
    func refuseFraction(_ numerator: Range<Int>, over denominator: Range<Int>) throws(Diagnostic) {
        guard previousEnd > denominator.upperBound else { return }
        let top = source.text(numerator).filter { $0 != " " && $0 != "\t" }
        let bottom = source.text(denominator)
        let unit = String(source.text(denominator.upperBound..<previousEnd).drop(while: { $0 == " " || $0 == "\t" }))
        throw Diagnostic(.fractionBeforeUnit(numerator: top, denominator: bottom, unit: unit,
                                             decimal: decimal(of: numerator, over: denominator)),
                         at: numerator.lowerBound..<previousEnd)
    }

    /// The value of the fraction written at `numerator` over `denominator` as a decimal,
    /// where it ends within six places (`0.75`, `0.00498`); else nil.
    private func decimal(of numerator: Range<Int>, over denominator: Range<Int>) -> String? {
        func value(_ range: Range<Int>) -> (Rational, negative: Bool)? {
            var look = Lexer(source.slice(range), notation: builder.notation, precision: builder.precision)
            var token = look.next()
            let negative = token.kind == .minus
            if token.kind == .minus || token.kind == .plus { token = look.next() }
            guard case .number = token.kind, case .exact(let value) = look.literal else { return nil }
            return (value, negative)
        }
        guard let (top, negative) = value(numerator), let (bottom, _) = value(denominator), !bottom.isZero else { return nil }
        let fraction = (negative ? -top : top) / bottom
        guard let places = (0...6).first(where: { (fraction * Rational(BigInt.powerOfTen($0))).isInteger }) else { return nil }
        return NumberDisplay.fixed(fraction, decimals: places)?.text
    }

    /// Whether the current token starts a mixed number before a unit, as recipes write it
    /// (`1 1/2 cups`, `2 3/4 lb`): a whole number, one blank, a whole number, `/`, a whole
    /// number other than 0, one blank and a unit. Not among a command's arguments, where
    /// a blank separates a price from a quantity (`add 1 1/3 kg`).
    func mixedNumberAhead() -> Bool {
        let end = current.range.upperBound
        // Most numbers have no blank and digit after them: two scalars tell.
        guard !signsStartArguments, end + 1 < source.scalars.endIndex, source.scalars[end] == " ",
              ("0"..."9").contains(source.scalars[end + 1]), case .number(currency: nil) = current.kind,
              isDigits(current.range) else { return false }
        var look = lexer
        let numerator = look.next()
        guard case .number(currency: nil) = numerator.kind, numerator.range.lowerBound == end + 1,
              isDigits(numerator.range) else { return false }
        return fractionBeforeUnit(numerator: numerator, &look)
    }

    /// Whether the current token, a number after the whole number read at `whole`, is the
    /// fraction of a mixed number before a unit (`1 1/2 cups`), as `mixedNumberAhead` asks
    /// of the whole number: asked once the whole number is read, so that a number with
    /// none after it (every number of an expression but these) pays one comparison.
    func mixedFractionAhead(whole: Range<Int>) -> Bool {
        guard current.range.lowerBound == whole.upperBound + 1, !signsStartArguments, source.scalars[whole.upperBound] == " ",
              isDigits(whole), isDigits(current.range) else { return false }
        var look = lexer
        return fractionBeforeUnit(numerator: current, &look)
    }

    /// Whether the tokens after `numerator` (`look` just past it) are `/`, a whole number
    /// other than 0, one blank and a unit, each glued to the one before.
    private func fractionBeforeUnit(numerator: Token, _ look: inout Lexer) -> Bool {
        let slash = look.next(), denominator = look.next()
        guard slash.kind == .divide, source.scalars[slash.range.lowerBound] == "/",
              slash.range.lowerBound == numerator.range.upperBound, case .number(currency: nil) = denominator.kind,
              denominator.range.lowerBound == slash.range.upperBound, isDigits(denominator.range),
              case .exact(let value) = look.literal, !value.isZero else { return false }
        let word = look.next()
        guard case .identifier(let name) = word.kind, word.range.lowerBound == denominator.range.upperBound + 1,
              source.scalars[denominator.range.upperBound] == " " else { return false }
        return word.isKeyword ? word.word == .in && Parser.inchFollowed(by: look.next(), then: look)
            : unit(named: name) != nil || Parser.startsMultiWordUnit(name)
    }

    /// The quantity of a mixed number whose whole number, `literal`, was read at `range`
    /// (`mixedFractionAhead`) and its unit (`1 1/2 cups`), with any quantities of its
    /// dimension side by side after it.
    mutating func mixedQuantity(whole literal: Number, at range: Range<Int>) throws(Diagnostic) -> Builder.Value {
        let whole = try builder.number(literal, money: nil, range: range)
        let quantity = try unitAfter(try fraction(adding: whole, from: range.lowerBound))
        guard case .number(currency: nil) = current.kind, previousEnd > range.lowerBound else { return quantity }
        return try mixedUnits(after: quantity)
    }

    /// Reads the whole number and the fraction of a mixed number `mixedNumberAhead` found:
    /// their sum, to which the unit after it applies.
    mutating func mixedNumber() throws(Diagnostic) -> Builder.Value {
        let wholeLiteral = lexer.literal
        let start = current.range.lowerBound
        let whole = try builder.number(wholeLiteral, money: nil, range: try skip())
        return try fraction(adding: whole, from: start)
    }

    /// The fraction at the current token (`1/2`) added to `whole`, written from `start`.
    private mutating func fraction(adding whole: Builder.Value, from start: Int) throws(Diagnostic) -> Builder.Value {
        let numeratorLiteral = lexer.literal
        let numerator = try builder.number(numeratorLiteral, money: nil, range: try skip())
        let slash = try skip()
        let denominatorLiteral = lexer.literal
        let denominator = try builder.number(denominatorLiteral, money: nil, range: try skip())
        let fraction = try builder.binary(.divide, numerator, denominator, range: slash)
        return try builder.binary(.add, whole, fraction, range: start..<previousEnd)
    }

    private func isDigits(_ range: Range<Int>) -> Bool {
        range.allSatisfy { ("0"..."9").contains(source.scalars[$0]) }
    }
}
