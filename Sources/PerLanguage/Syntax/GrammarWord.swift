/// A word the grammar reads: the reserved keywords and the phrase words. The lexer tells
/// it once from the identifier's scalars, so the parser compares a byte where it would
/// otherwise compare strings at every name it meets.
public enum GrammarWord: UInt8, Sendable, CaseIterable {
    /// Reserved: no variable may take these (`Keywords.all`).
    case to, `in`, per, mod, of, off, on
    /// Phrase words, still free as names: `$40 as % of $50`, `$40 is 80% of what`,
    /// `€119 incl 19% vat`, `500 g x 2`.
    case `as`, `is`, what, incl, excl, x

    /// How the word is written (`x` also as `X`).
    public var spelling: String {
        switch self {
        case .to: "to"
        case .in: "in"
        case .per: "per"
        case .mod: "mod"
        case .of: "of"
        case .off: "off"
        case .on: "on"
        case .as: "as"
        case .is: "is"
        case .what: "what"
        case .incl: "incl"
        case .excl: "excl"
        case .x: "x"
        }
    }

    /// Whether no variable may take the word.
    public var isReserved: Bool { rawValue <= GrammarWord.on.rawValue }

    /// The operator a word between two operands stands for: `2.49 per 500 g`, `-7 mod 3`,
    /// `20% of 35`, `20% off $50`, `20% on $50`.
    package var binaryOperator: BinaryOperator? {
        switch self {
        case .per: .divide
        case .mod: .modulo
        case .of: .percentOf
        case .off: .percentOff
        case .on: .percentOn
        default: nil
        }
    }

    /// The word `scalars` spell, if any: up to four ASCII scalars packed into one integer
    /// and compared with each word's.
    package static func spelled(by scalars: ArraySlice<Unicode.Scalar>) -> GrammarWord? {
        guard scalars.count <= 4, let first = scalars.first, startsWord(first) else { return nil }
        var key: UInt32 = 0
        for scalar in scalars {
            guard scalar.isASCII else { return nil }
            key = key << 8 | scalar.value
        }
        if key == UInt32(UInt8(ascii: "X")) { return .x }
        guard let index = keys.firstIndex(of: key) else { return nil }
        return GrammarWord(rawValue: UInt8(index))
    }

    /// Whether some word starts with `scalar`: most names (units: `kg`, `lb`, `h`) are
    /// told apart by it alone.
    private static func startsWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a", "e", "i", "m", "o", "p", "t", "w", "x", "X": true
        default: false
        }
    }

    /// Each word's packed scalars, in the order of the raw values.
    private static let keys: [UInt32] = allCases.map { word in
        precondition(startsWord(word.spelling.unicodeScalars.first!), "GrammarWord.startsWord misses \(word.spelling)")
        return word.spelling.unicodeScalars.reduce(0) { $0 << 8 | $1.value }
    }
}
