/// One lexical unit of a statement. `range` holds offsets (in Unicode scalars) into the
/// source line, so a diagnostic can point at its column.
public struct Token: Sendable, Equatable {
    /// Whether it is a postfix `%` or `!`: matched, not compared, as every operand asks it.
    var isPostfixOperator: Bool {
        switch kind {
        case .percent, .factorial: true
        default: false
        }
    }

    public enum Kind: Sendable, Equatable {
        /// A numeric literal, whose value the lexer keeps in `Lexer.literal`; `currency` is
        /// the symbol written before or after it, if any. (Keeping the value out of the token
        /// keeps tokens cheap to copy.)
        case number(currency: Unicode.Scalar?)
        /// A date, `2026-01-31`, whose day number the lexer keeps in `Lexer.literal`.
        case date
        /// A month and a day without a year, `December 24`: that day of this year, which
        /// the session's `today` tells.
        case monthDay(month: UInt8, day: UInt8)
        /// A time of day, `17:30`, whose fraction of a day the lexer keeps in `Lexer.literal`.
        case clock
        /// A date with a time, `2026-12-24 18:00`, whose days since 1970-01-01 the lexer
        /// keeps in `Lexer.literal`.
        case dateTime
        case identifier(String)
        /// Text in double or single quotes, without the quotes.
        case quoted(String)
        case plus, minus, times, divide, power, percent
        /// `±`, or `+-` written together: a value's tolerance (`12 kg ± 0.5 kg`). Where an
        /// operand is expected, `+-` is still a plus and a minus sign (`-+-2`).
        case plusMinus
        /// Postfix `!`: a factorial.
        case factorial
        /// `×`: a multiplication that also counts packs (`6 × 330 ml`).
        case cross
        /// The `x` of a multipack (`6x330`): a count of packs, nothing else.
        case packs
        /// A superscript power after a unit: `m³`.
        case superscript(Int)
        case leftParenthesis, rightParenthesis, comma, equals
        /// `[` and `]` around a list's values: `[1.2 kg, 1.5 kg]`.
        case leftBracket, rightBracket
        /// `<`, `<=`, `>`, `>=`, `==`, `!=`.
        case comparison(BinaryOperator)
        /// Something that cannot start a token; the lexer never throws, it hands the
        /// problem to the parser as a token with its message (boxed, so tokens stay cheap
        /// to copy).
        indirect case invalid(SyntaxError)
        case end
    }

    public let kind: Kind
    /// The grammar word an identifier spells, if any. (Declared before the range, it
    /// fills the kind's padding, and a token stays as small to copy.)
    public let word: GrammarWord?
    public let range: Range<Int>

    public init(_ kind: Kind, _ range: Range<Int>, word: GrammarWord? = nil) {
        self.kind = kind
        self.range = range
        self.word = word
    }

    /// Whether the token is a word no variable may take (`to`, `per`, `of`…).
    public var isKeyword: Bool { word?.isReserved == true }
}
