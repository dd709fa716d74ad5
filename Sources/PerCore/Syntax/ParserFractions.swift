import PerNumbers
import PerUnits

/// A number written with no currency, maybe after a sign, about to be read as an operand:
/// its token, its value and its sign.
package struct PlainNumber {
    let token: Token
    let value: Number
    let negative: Bool
    /// Where its text starts, the sign included.
    let start: Int
}

extension Parser {
    /// The plain number the current token starts (`3`, `-3`, `2.49`), or nil: the `3` of
    /// `3/4 cup`, which reads two ways.
    func numeratorAhead() -> PlainNumber? {
        if case .number(currency: nil) = current.kind {
            return PlainNumber(token: current, value: lexer.literal, negative: false, start: current.range.lowerBound)
        }
        guard current.kind == .minus || current.kind == .plus else { return nil }
        var look = lexer
        let next = look.next()
        guard case .number(currency: nil) = next.kind else { return nil }
        return PlainNumber(token: next, value: look.literal, negative: current.kind == .minus, start: current.range.lowerBound)
    }

    /// The whole number after a `/` glued to `numerator` and to it (`3/4 cup`), written in
    /// digits alone and followed by a word, with its value: the denominator of a fraction
    /// that reads two ways if the word turns out a unit. Nil for anything else (`3 / 4 cup`,
    /// `3/0.5 cup`, `€2.49/500 g`, `3÷4 cup`).
    func fractionDenominatorAhead(over numerator: PlainNumber, slash: Range<Int>) -> (token: Token, value: Rational)? {
        guard source.scalars[slash.lowerBound] == "/", numerator.token.range.upperBound == slash.lowerBound,
              case .number(currency: nil) = current.kind, current.range.lowerBound == slash.upperBound,
              current.range.allSatisfy({ ("0"..."9").contains(source.scalars[$0]) }),
              case .exact(let value) = lexer.literal, !value.isZero else { return nil }
        var look = lexer
        guard case .identifier = look.next().kind else { return nil }
        return (current, value)
    }

    /// Refuses `3/4 cup` when a unit was read after the denominator: (3/4) cup, as a cook
    /// means it, or 3/(4 cup), as the precedence of a unit after a number reads it.
    func refuseFraction(_ numerator: PlainNumber, over denominator: (token: Token, value: Rational)) throws(Diagnostic) {
        guard previousEnd > denominator.token.range.upperBound else { return }
        let sign = numerator.negative ? "-" : ""
        let top = sign + source.text(numerator.token.range)
        let unit = String(source.text(denominator.token.range.upperBound..<previousEnd).drop(while: { $0 == " " || $0 == "\t" }))
        var decimal: String? = nil
        if case .exact(let written) = numerator.value {
            let fraction = (numerator.negative ? -written : written) / denominator.value
            // Shown as a decimal where it ends within six places (0.75, 0.00498), else not.
            if let places = (0...6).first(where: { (fraction * Rational(BigInt.powerOfTen($0))).isInteger }) {
                decimal = NumberDisplay.fixed(fraction, decimals: places)?.text
            }
        }
        throw Diagnostic(.fractionBeforeUnit(numerator: top, denominator: source.text(denominator.token.range), unit: unit, decimal: decimal),
                         at: numerator.start..<previousEnd)
    }
}

extension Parser {
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
        let numerator = look.next(), slash = look.next(), denominator = look.next()
        guard case .number(currency: nil) = numerator.kind, numerator.range.lowerBound == end + 1, isDigits(numerator.range),
              slash.kind == .divide, source.scalars[slash.range.lowerBound] == "/",
              slash.range.lowerBound == numerator.range.upperBound, case .number(currency: nil) = denominator.kind,
              denominator.range.lowerBound == slash.range.upperBound, isDigits(denominator.range),
              case .exact(let value) = look.literal, !value.isZero else { return false }
        let word = look.next()
        guard case .identifier(let name) = word.kind, word.range.lowerBound == denominator.range.upperBound + 1,
              source.scalars[denominator.range.upperBound] == " " else { return false }
        return word.isKeyword ? word.word == .in && Parser.inchFollowed(by: look.next(), then: look)
            : unit(named: name) != nil || Parser.startsMultiWordUnit(name)
    }

    /// Reads the whole number and the fraction of a mixed number `mixedNumberAhead` found:
    /// their sum, to which the unit after it applies.
    mutating func mixedNumber() throws(Diagnostic) -> Builder.Value {
        let wholeLiteral = lexer.literal
        let start = current.range.lowerBound
        let whole = try builder.number(wholeLiteral, money: nil, range: try skip())
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
