import PerNumbers

/// Numbers as people paste them (`help input`): whole numbers in base 16, 8 or 2
/// (`0x1F`, `0o17`, `0b1011`) and thousands grouped in threes (`1,234.56`, `1 234 567`).
extension Lexer {
    /// Whether the number at `start` stands in a call's parentheses (`max(1,234)`, `f((1,234))`)
    /// or a list's brackets (`[1,234]`), where a comma separates arguments or values: a `(`
    /// left open before it follows a name, or a `[` is left open. Only a comma between
    /// digits asks, so parentheses cost nothing more as they are read.
    package func insideCall(before start: Int) -> Bool {
        guard openParentheses > 0 else { return false }
        var depth = 0
        var position = start - 1
        while position >= source.startIndex {
            let scalar = source[position]
            if scalar == ")" || scalar == "]" {
                depth += 1
            } else if scalar == "[" {
                if depth > 0 { depth -= 1 } else { return true }
            } else if scalar == "(" {
                if depth > 0 { depth -= 1 } else if opensCall(at: position) { return true }
            }
            position -= 1
        }
        return false
    }

    /// Whether the `(` at `parenthesis` opens a call: a name stands before it (`max(`,
    /// `f (`), not a number or an operator.
    private func opensCall(at parenthesis: Int) -> Bool {
        var position = parenthesis - 1
        while position >= source.startIndex, StatementSource.isBlank(source[position]) { position -= 1 }
        guard position >= source.startIndex, Lexer.isNameContinuation(source[position]) else { return false }
        while position > source.startIndex, Lexer.isNameContinuation(source[position - 1]) { position -= 1 }
        return Lexer.isNameStart(source[position])
    }

    /// `0x1F`, `0o17`, `0b1011` from the `0` at `start` (or upper case `0X`, `0O`, `0B`): a
    /// whole number in base 16, 8 or 2, its digits grouped by `_` as a decimal's are, as
    /// `255 to hex` shows it. Nil, reading nothing, for `0b` or `0o` without a digit after
    /// it (`0bar`, `0oz`: zero and a unit). A point (`0x1.8`), a character glued on that is
    /// no digit of the base (`0b102`, `0x10kg`) or `0x` without digits is refused there.
    package mutating func radixNumber(start: Int) -> Token? {
        let letter = source[start + 1].value | 0x20
        let base = letter == 0x78 ? 16 : letter == 0x62 ? 2 : 8
        let first = start + 2
        let firstDigit = first < source.endIndex ? Lexer.hexDigit(source[first]) : nil
        if base != 16, (firstDigit ?? 10) >= 10 { return nil }
        if firstDigit == nil {
            if first < source.endIndex, source[first] == "_" {
                index = first + 1
                return Token(.invalid(.misplacedSeparator), first..<(first + 1))
            }
            index = first
            return Token(.invalid(.radixWithoutDigits(StatementSource.string(source[start..<first]))), start..<first)
        }
        // Up to 15 digits of any base fit 63 bits; more are gathered and made into limbs.
        var small: UInt64 = 0
        var digits: [UInt8] = []
        var count = 0
        index = first
        while index < source.endIndex {
            let scalar = source[index]
            if let digit = Lexer.hexDigit(scalar) {
                guard digit < base else { return Token(.invalid(.notARadixDigit(scalar, base: base)), index..<(index + 1)) }
                if count < 15 {
                    small = small &* UInt64(base) &+ UInt64(digit)
                } else {
                    if count == 15 { digits = Lexer.digits(of: small, base: base, count: 15) }
                    digits.append(UInt8(digit))
                }
                count += 1
                index += 1
            } else if scalar == "_" {
                guard index + 1 < source.endIndex, Lexer.hexDigit(source[index + 1]) != nil,
                      Lexer.hexDigit(source[index - 1]) != nil else {
                    return Token(.invalid(.misplacedSeparator), index..<(index + 1))
                }
                index += 1
            } else {
                break
            }
        }
        if let next = peek() {
            let fraction = next == "." || (next == notation.decimalSeparator && peek(1).map { Lexer.hexDigit($0) != nil } == true)
            if fraction {
                let point = index
                index += 1
                while let scalar = peek(), Lexer.hexDigit(scalar) != nil || scalar == "_" { index += 1 }
                return Token(.invalid(.pointInRadixNumber(StatementSource.string(source[start..<index]))), point..<index)
            }
            if Lexer.isNameContinuation(next) || next == "°" {
                return Token(.invalid(.notARadixDigit(next, base: base)), index..<(index + 1))
            }
        }
        if count <= 15 {
            literal = .exact(Rational(reduced: Int64(small), 1))
        } else {
            switch Lexer.integerValue(BigInt(digits: digits, base: base), bits: precision) {
            case .success(let value): literal = value
            case .failure(let error): return Token(.invalid(.literalOutOfRange(error)), start..<index)
            }
        }
        let end = index
        markCross()
        return Token(.number(currency: nil), start..<end)
    }

    /// The value of a digit of base 16 or less: `0`–`9`, `a`–`f`, `A`–`F`.
    package static func hexDigit(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value &- 48 < 10 { return Int(value - 48) }
        let lower = value | 0x20
        return lower &- 0x61 < 6 ? Int(lower - 0x61 + 10) : nil
    }

    /// The `count` digits of `value` in `base`, most significant first.
    package static func digits(of value: UInt64, base: Int, count: Int) -> [UInt8] {
        var digits = [UInt8](repeating: 0, count: count)
        var rest = value
        for position in stride(from: count - 1, through: 0, by: -1) {
            digits[position] = UInt8(rest % UInt64(base))
            rest /= UInt64(base)
        }
        return digits
    }

    /// `1,234.56`, `$1,234,567`, `1 234 567` (`help input`): one to three digits, not
    /// starting with 0, then groups of exactly three after a separator, one kind to a
    /// number: a comma in dot input, a thin space (U+2009, U+202F), or a blank (a space or
    /// U+00A0) where blanks group (`blankGroups`); then the decimals. Nil, reading
    /// nothing, for a number that does not fit (`1,23`, `1,2345`, `1,234,56`), which reads
    /// as before. In a call's parentheses a comma separates arguments (`max(1,234)`), and
    /// a point after the groups (`max(1,234.5)`) reads two ways: refused, naming both.
    package mutating func groupedNumber(currency prefix: Unicode.Scalar?, start: Int, mantissa: Int64,
                                        digitCount: Int) -> Token? {
        let digitsStart = prefix == nil ? start : start + 1
        guard (1...3).contains(digitCount), index - digitsStart == digitCount, source[digitsStart] != "0" else { return nil }
        let separator = source[index]
        switch separator {
        case ",": guard notation == .dot else { return nil }
        case " ", "\u{A0}": guard blankGroups else { return nil }
        case "\u{2009}", "\u{202F}": break
        default: return nil
        }
        var end = index
        var groups = 0
        while end < source.endIndex, source[end] == separator {
            guard end + 3 < source.endIndex, isDigit(source[end + 1]), isDigit(source[end + 2]), isDigit(source[end + 3]) else {
                // `1,234,56`: digits after the separator that make no group.
                if end + 1 < source.endIndex, isDigit(source[end + 1]) { return nil }
                break
            }
            // `1,2345`, `1,234_5`: a group of more than three.
            if end + 4 < source.endIndex, isDigit(source[end + 4]) || source[end + 4] == "_" { return nil }
            groups += 1
            end += 4
        }
        guard groups > 0 else { return nil }
        if separator == ",", insideCall(before: start) {
            guard end + 1 < source.endIndex, source[end] == ".", isDigit(source[end + 1]) else { return nil }
            var fractionEnd = end + 1
            while fractionEnd < source.endIndex, isDigit(source[fractionEnd]) || source[fractionEnd] == "_" { fractionEnd += 1 }
            let written = StatementSource.string(source[start..<fractionEnd])
            index = fractionEnd
            return Token(.invalid(.groupingInArguments(written, arguments: written.split(separator: ",").map(String.init))),
                         start..<fractionEnd)
        }
        var mantissa = mantissa
        var digitCount = digitCount
        func add(_ scalar: Unicode.Scalar) {
            if digitCount < 18 { mantissa = mantissa &* 10 &+ Int64(scalar.value &- 48) }
            digitCount += 1
        }
        while index < end {
            if isDigit(source[index]) { add(source[index]) }
            index += 1
        }
        var fractionDigits = 0
        if let point = peek(), point == notation.decimalSeparator, notation == .dot || peek(1).map(isDigit) == true {
            index += 1
            while let scalar = peek() {
                if isDigit(scalar) {
                    add(scalar)
                    fractionDigits += 1
                } else if scalar == "_" {
                    if let misplaced = misplacedSeparator(afterDigits: digitCount) { return misplaced }
                } else {
                    break
                }
                index += 1
            }
        }
        return numberSuffixes(currency: prefix, start: start, mantissa: mantissa, digitCount: digitCount,
                              fractionDigits: fractionDigits)
    }
}
