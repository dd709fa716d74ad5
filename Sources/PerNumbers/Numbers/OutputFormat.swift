/// How a result is written when it ends in `to FORMAT` (`help formats`): the
/// value itself does not change, only its text.
public enum OutputFormat: Sendable, Equatable {
    /// `to fraction`: `3/4`, exact values only.
    case fraction
    /// `to mixed`: `-1 3/4`, exact values only.
    case mixed
    /// `to N dp`: exactly N decimals, rounded half away from zero.
    case decimals(Int)
    /// `to N sf`: N significant digits, rounded half away from zero.
    case significant(Int)
    /// `to sci`: one digit before the point and a power of ten, `1.234e3`.
    case scientific
    /// `to %`: a plain number as a percentage, `12.5%`.
    case percent
    /// `to hex`, `to oct`, `to bin`: whole numbers in base 16, 8 or 2.
    case hex, octal, binary
    /// `to weekday`, `weekday(d)`: a date as its day of the week, `Wednesday`.
    case weekday
    /// A comparison's answer: `true` for a value other than 0, else `false`.
    case truth

    /// The words after `to` that name a format without a count.
    public static let words = ["fraction", "mixed", "sci", "hex", "oct", "bin", "weekday"]

    /// The format a word after `to` names without a count (`hex`).
    public static func named(_ word: String) -> OutputFormat? {
        switch word {
        case "fraction": return .fraction
        case "mixed": return .mixed
        case "sci": return .scientific
        case "hex": return .hex
        case "oct": return .octal
        case "bin": return .binary
        case "weekday": return .weekday
        default: return nil
        }
    }

    /// `dp` and `sf` after a count.
    public static let countWords = ["dp", "sf"]

    /// Most decimals or significant digits a format asks for.
    public static let countRange = 0...30

    /// The format as typed, for messages: `to 2 dp`.
    public var written: String {
        switch self {
        case .fraction: return "to fraction"
        case .mixed: return "to mixed"
        case .decimals(let n): return "to \(n) dp"
        case .significant(let n): return "to \(n) sf"
        case .scientific: return "to sci"
        case .percent: return "to %"
        case .hex: return "to hex"
        case .octal: return "to oct"
        case .binary: return "to bin"
        case .weekday: return "to weekday"
        case .truth: return "true or false"
        }
    }

    /// Why a value cannot be written in a format.
    public enum Refusal: Error, Equatable, Sendable {
        /// `sqrt(2) to fraction`: only an exact value has one.
        case needsExact(OutputFormat)
        /// `2.5 to hex`: only a whole number has digits in another base.
        case needsWholeNumber(OutputFormat)
        /// `500 g to %`: a percentage is of a plain number.
        case needsPlainNumber(OutputFormat)
        /// `to 0 sf`, `to 31 dp`.
        case countOutOfRange(OutputFormat, ClosedRange<Int>)

        public var message: String {
            switch self {
            case .needsExact(let format):
                return "'\(format.written)' needs an exact value; this one is approximate"
            case .needsWholeNumber(let format):
                return "'\(format.written)' writes whole numbers only; round first, as in round(x) \(format.written)"
            case .needsPlainNumber(let format):
                return "'\(format.written)' writes a plain number as a percentage; this value has a unit"
            case .countOutOfRange(let format, let range):
                let word = { if case .decimals = format { return "decimals" }; return "significant digits" }()
                return "\(word) go from \(range.lowerBound) to \(range.upperBound)"
            }
        }
    }

    /// Whether the format rounds to a count of digits (`to 2 dp`, `to 3 sf`, `to sci`).
    package var roundsDigits: Bool {
        switch self {
        case .decimals, .significant, .scientific: return true
        case .fraction, .mixed, .percent, .hex, .octal, .binary, .weekday, .truth: return false
        }
    }

    /// Checks that `number` can be written in this format; `isPlain` says whether it is a
    /// number without a unit.
    public func check(_ number: Number, isPlain: Bool) throws(Refusal) {
        switch self {
        case .fraction, .mixed:
            guard number.isExact else { throw .needsExact(self) }
        case .hex, .octal, .binary:
            guard case .exact(let r) = number, r.isInteger else {
                throw number.isExact ? .needsWholeNumber(self) : .needsExact(self)
            }
        case .percent:
            guard isPlain else { throw .needsPlainNumber(self) }
        case .decimals(let n):
            guard OutputFormat.countRange.contains(n) else { throw .countOutOfRange(self, OutputFormat.countRange) }
        case .significant(let n):
            guard (1...OutputFormat.countRange.upperBound).contains(n) else {
                throw .countOutOfRange(self, 1...OutputFormat.countRange.upperBound)
            }
        case .scientific, .weekday, .truth:
            break
        }
    }

    /// The number written in this format; `check` has passed. An approximate value never
    /// shows more significant digits than its bounds know, and a
    /// rounded text is not exact.
    public func text(of number: Number, digits: Int) -> DisplayedNumber {
        switch (self, number) {
        case (.fraction, .exact(let r)):
            return DisplayedNumber(text: OutputFormat.fractionText(r), isExact: true)
        case (.mixed, .exact(let r)):
            return DisplayedNumber(text: OutputFormat.mixedText(r), isExact: true)
        case (.hex, .exact(let r)):
            return DisplayedNumber(text: OutputFormat.baseText(r.numerator, radix: 16, prefix: "0x"), isExact: true)
        case (.octal, .exact(let r)):
            return DisplayedNumber(text: OutputFormat.baseText(r.numerator, radix: 8, prefix: "0o"), isExact: true)
        case (.binary, .exact(let r)):
            return DisplayedNumber(text: OutputFormat.baseText(r.numerator, radix: 2, prefix: "0b"), isExact: true)
        case (.percent, _):
            let hundredfold = (try? number.multiplied(by: Number(100), in: .standard)) ?? number
            let shown = NumberDisplay.display(hundredfold, digits: digits)
            return DisplayedNumber(text: shown.text + "%", isExact: shown.isExact)
        case (.decimals(let n), _):
            let (r, isExact) = OutputFormat.rational(number)
            // Whole digits the bounds do not know are not written out: the known ones are.
            if !isExact, !r.isZero, case let known = OutputFormat.knownDigits(number, upTo: NumberDisplay.maxExactDigits),
               known <= OutputFormat.decimalExponent(r) {
                return OutputFormat.significantText(number, count: known, scientific: false)
            }
            // An approximate value shows no decimal past the digits it knows.
            let known = isExact || r.isZero ? n
                : max(0, min(n, OutputFormat.knownDigits(number, upTo: NumberDisplay.maxExactDigits) - 1 - OutputFormat.decimalExponent(r)))
            let shown = NumberDisplay.fixed(r, decimals: known)!
            let exact = isExact && r * Rational(BigInt.powerOfTen(known)) == Rational(shown.value)
            return DisplayedNumber(text: shown.text, isExact: exact)
        case (.significant(let n), _):
            return OutputFormat.significantText(number, count: n, scientific: false)
        case (.scientific, _):
            return OutputFormat.significantText(number, count: digits, scientific: true)
        case (.truth, _):
            return DisplayedNumber(text: number.isZero ? "false" : "true", isExact: true)
        case (.weekday, _):
            guard let day = number.exactInteger, let date = CalendarDate(dayNumber: day) else { return NumberDisplay.display(number, digits: digits) }
            return DisplayedNumber(text: date.weekday.name, isExact: true)
        default:
            return NumberDisplay.display(number, digits: digits)
        }
    }

    /// `p/q`, or `p` for a whole number.
    static func fractionText(_ r: Rational) -> String {
        r.denominator == BigInt(1) ? r.numerator.description : "\(r.numerator.description)/\(r.denominator.description)"
    }

    /// `-1 3/4`: the whole part and a proper fraction, signed once.
    static func mixedText(_ r: Rational) -> String {
        let magnitude = r.magnitude
        let (whole, rest) = magnitude.numerator.quotientAndRemainder(dividingBy: magnitude.denominator)
        let sign = r.isNegative ? "-" : ""
        if rest.isZero { return sign + whole.description }
        let fraction = "\(rest.description)/\(magnitude.denominator.description)"
        return sign + (whole.isZero ? fraction : "\(whole.description) \(fraction)")
    }

    /// A whole number's digits in `radix` (2, 8 or 16), lower case, after its prefix.
    static func baseText(_ n: BigInt, radix: Int, prefix: String) -> String {
        if n.isZero { return prefix + "0" }
        // Chunks of 24 bits, a whole number of digits in each of the three bases.
        let chunkBits = 24, digitsPerChunk = chunkBits / radix.trailingZeroBitCount
        let chunk = BigInt(1 << chunkBits)
        var rest = n.magnitude
        var chunks: [String] = []
        while !rest.isZero {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: chunk)
            chunks.append(String(Int(remainder.int64Value!), radix: radix))
            rest = quotient
        }
        var text = chunks.removeLast()
        for part in chunks.reversed() { text += String(repeating: "0", count: digitsPerChunk - part.count) + part }
        return (n.isNegative ? "-" : "") + prefix + text
    }

    /// `count` significant digits, positional unless `scientific` (or the magnitude is
    /// beyond what positional notation shows); an exact value keeps all its digits when
    /// they are fewer.
    static func significantText(_ number: Number, count: Int, scientific: Bool) -> DisplayedNumber {
        let (r, isExact) = OutputFormat.rational(number)
        if r.isZero { return DisplayedNumber(text: scientific ? "0e0" : "0", isExact: isExact) }
        let known = isExact ? count : max(1, OutputFormat.knownDigits(number, upTo: count))
        let (digits, exponent) = NumberDisplay.significantDigits(r, known, within: isExact ? nil : number.real(bits: EvaluationContext.standardPrecision))
        let exact = isExact && NumberDisplay.terminatingDigits(r).map { $0.digits.count <= known } == true
        // A positional limit no exponent reaches below writes every value in e notation.
        let limit = scientific ? Int.min : max(known, NumberDisplay.maxExactDigits)
        let text = NumberDisplay.layout(digits, exponent: exponent, negative: r.isNegative, positionalLimit: limit)
        return DisplayedNumber(text: text, isExact: exact)
    }

    /// The value as a fraction (the midpoint of an approximate value's bounds), and
    /// whether it is exact.
    static func rational(_ number: Number) -> (Rational, isExact: Bool) {
        (number.nearestRational, number.isExact)
    }

    /// The significant digits an approximate value's bounds know, up to `limit`.
    static func knownDigits(_ number: Number, upTo limit: Int) -> Int {
        guard case .approximate(let x) = number else { return limit }
        return NumberDisplay.knownDigits(x, upTo: limit)
    }

    /// The power of ten of the first significant digit of a non-zero value.
    static func decimalExponent(_ r: Rational) -> Int {
        NumberDisplay.roundSignificant(r.magnitude, 1).exponent
    }
}
