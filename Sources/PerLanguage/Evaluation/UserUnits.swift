import PerNumbers
import PerUnits

/// The units the user defined with `unit NAME = QUANTITY` (`help unit`): exact,
/// of any dimension, read in the singular and the plural wherever a unit is, kept in the
/// session and in saved sets.
///
/// Each is kept resolved to an exact amount of built-in units (`crate = 20 bottle` after
/// `bottle = 0.5 L` is kept as 10 L), and its unit's key says so
/// (`user:crate|10|l^1`), so a quantity in it reads back from a file, and keeps its value
/// after the unit it was written in is forgotten or defined again: two definitions of one
/// name are two units.
public struct UserUnits: Sendable, Equatable {
    /// One unit: its name, its plural, the definition as written and what it is.
    public struct Entry: Sendable, Equatable {
        public let name: String
        /// The plural it is also read as (`crates`), which is how it shows after a number
        /// other than 1; the name itself when the name ends in no letter.
        public let plural: String
        /// The quantity after `=`, as written (`20 bottle`).
        public let written: String
        public let unit: Unit
        /// What one of it is: `amount` of `base`, a compound of built-in units.
        public let amount: Rational
        public let base: CompoundUnit

        /// The one unit as a compound, made once.
        package let compound: CompoundUnit

        package init?(written: String, unit: Unit) {
            guard let (name, amount, base) = UserUnits.definition(ofKey: unit.key) else { return nil }
            self.name = name
            plural = UserUnits.plural(of: name)
            self.written = written
            self.unit = unit
            self.amount = amount
            self.base = base
            compound = CompoundUnit(unit)
        }

        public static func == (a: Entry, b: Entry) -> Bool { a.unit == b.unit && a.written == b.written }
    }

    /// In the order defined.
    public private(set) var entries: [Entry] = [] {
        didSet { table = entries.isEmpty ? nil : Table(entries) }
    }

    /// The look-up the evaluator is given; nil while there are none, so that a statement
    /// of a session without units of its own carries one empty word for them.
    package private(set) var table: Table?

    public init() {}

    public static func == (a: UserUnits, b: UserUnits) -> Bool { a.entries == b.entries }

    public var isEmpty: Bool { entries.isEmpty }

    /// The most units a session keeps, and the longest name, in characters.
    public static let maxCount = 1000
    public static let maxNameLength = 32
    /// What the key of every user unit starts with, which no built-in unit's does.
    package static let keyPrefix = "user:"

    /// The entry named `name` exactly (not its plural), if any.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The entry a word names, in the singular or the plural.
    package func entry(reading text: String) -> Entry? {
        table?.entry(text)
    }

    /// Names to entries: each name and plural in lower case, for the words that read
    /// them (a name in lower case reads in any case, as the catalogue's do; another only as
    /// written).
    package final class Table: Sendable {
        private let byFolded: [String: Entry]
        /// Every name and plural, as defined, for suggestions.
        package let names: [String]

        package init(_ entries: [Entry]) {
            var table: [String: Entry] = [:]
            for entry in entries {
                table[entry.name.lowercased()] = entry
                table[entry.plural.lowercased()] = entry
            }
            byFolded = table
            names = entries.flatMap { $0.name == $0.plural ? [$0.name] : [$0.name, $0.plural] }
        }

        package func entry(_ text: String) -> Entry? {
            guard let entry = byFolded[text.lowercased()] else { return nil }
            if text == entry.name || text == entry.plural || entry.name == entry.name.lowercased() { return entry }
            return nil
        }

        /// The unit a word names, in the singular or the plural.
        package func unit(named text: String) -> CompoundUnit? { entry(text)?.compound }
    }

    package mutating func set(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.name == entry.name }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    package mutating func remove(named name: String) {
        entries.removeAll { $0.name == name }
    }

    /// The units other than `gone` defined with it (`b = 3 a` after `a = 2 kg`), with their
    /// definition written as `value` gives it (`6 kg`): each keeps what it was when
    /// defined, so once `gone` is forgotten or defined again its definition no longer
    /// says what it is.
    package mutating func redefine(unitsWrittenWith gone: Entry, as value: (Entry) -> String) {
        let words: Set<String> = [gone.name.lowercased(), gone.plural.lowercased()]
        entries = entries.map { entry in
            guard entry.name != gone.name,
                  entry.written.unicodeScalars.split(whereSeparator: { !Lexer.isNameContinuation($0) })
                      .contains(where: { words.contains(String(String.UnicodeScalarView($0)).lowercased()) }) else { return entry }
            return Entry(written: value(entry), unit: entry.unit) ?? entry
        }
    }

    // MARK: Names

    /// The plural of a name, by English's regular rule: `crates`, `boxes`, `batteries`; the
    /// name itself when it ends in no letter (`m3x2`); English's own where it has another
    /// (`sheep`, `people`: `irregularPlurals`).
    package static func plural(of name: String) -> String {
        guard let last = name.unicodeScalars.last, Lexer.isLetter(last) else { return name }
        let lower = name.lowercased()
        if let plural = irregularPlurals[lower] { return lower == name ? plural : String(name.prefix(1)) + plural.dropFirst() }
        if lower.hasSuffix("s") || lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch") || lower.hasSuffix("sh") {
            return name + "es"
        }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return String(name.dropLast()) + "ies"
        }
        return name + "s"
    }

    /// Nouns whose plural is not English's regular one: the same word (`sheep`, `series`),
    /// or another (`people`, `leaves`, `tomatoes`), as a dictionary gives them.
    static let irregularPlurals: [String: String] = [
        "sheep": "sheep", "fish": "fish", "deer": "deer", "moose": "moose", "swine": "swine", "bison": "bison",
        "salmon": "salmon", "trout": "trout", "cod": "cod", "shrimp": "shrimp", "squid": "squid", "aircraft": "aircraft",
        "offspring": "offspring", "series": "series", "species": "species", "means": "means", "corps": "corps",
        "person": "people", "child": "children", "man": "men", "woman": "women", "mouse": "mice", "goose": "geese",
        "tooth": "teeth", "ox": "oxen", "leaf": "leaves", "loaf": "loaves", "knife": "knives", "half": "halves",
        "shelf": "shelves", "calf": "calves", "wolf": "wolves", "life": "lives", "wife": "wives", "thief": "thieves",
        "potato": "potatoes", "tomato": "tomatoes", "hero": "heroes", "echo": "echoes", "cactus": "cacti",
        "die": "dice", "crisis": "crises", "analysis": "analyses", "criterion": "criteria",
    ]

    /// Whether `name` is written as a unit's name can be: a letter, then letters, digits
    /// and `_`, at most `maxNameLength` of them.
    package static func isWellFormed(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, first != "_", Lexer.isNameStart(first), scalars.count <= maxNameLength else { return false }
        return scalars.dropFirst().allSatisfy(Lexer.isNameContinuation)
    }

    // MARK: Keys

    /// The key of `name` defined as `amount` of `base`: `user:crate|10|l^1`.
    package static func key(name: String, amount: Rational, base: CompoundUnit) -> String {
        var key = keyPrefix + name + "|" + amount.description
        for term in base.terms { key += "|\(term.atom.key)^\(term.exponent)" }
        return key
    }

    /// The name, amount and built-in units a user unit's key holds; nil for a key that is
    /// not one, or holds a name a unit cannot have, an amount that is not more than 0, or
    /// a unit per does not know.
    package static func definition(ofKey key: String) -> (name: String, amount: Rational, base: CompoundUnit)? {
        guard key.hasPrefix(keyPrefix) else { return nil }
        let parts = key.dropFirst(keyPrefix.count).split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count >= 2, isWellFormed(String(parts[0])), let amount = rational(parts[1]), amount.signum > 0 else { return nil }
        var terms: [CompoundUnit.Term] = []
        for part in parts.dropFirst(2) {
            guard let caret = part.lastIndex(of: "^"), let exponent = Int(part[part.index(after: caret)...]), exponent != 0,
                  Dimension.holds(exponent) else { return nil }
            let atomKey = String(part[..<caret])
            guard !atomKey.hasPrefix(keyPrefix), let atom = UnitTable.unit(key: atomKey), !atom.isDatePoint,
                  !terms.contains(where: { $0.atom == atom }) else { return nil }
            terms.append(CompoundUnit.Term(atom: atom, exponent: Int8(exponent)))
        }
        return (String(parts[0]), amount, CompoundUnit(terms: terms))
    }

    /// Whether a unit is one of the user's own (of this session or another).
    package static func isUserUnit(_ unit: Unit) -> Bool { unit.key.hasPrefix(keyPrefix) }

    /// The unit a key names, made again from it (a saved set's quantities name their units
    /// by key).
    package static func unit(key: String) -> Unit? {
        guard let (name, amount, base) = definition(ofKey: key) else { return nil }
        return Unit.userDefined(symbol: plural(of: name), singular: name, key: key, amount: amount, of: base)
    }

    /// `12`, `-3/4`: a rational as `Rational.description` writes it, of at most
    /// `Number.exactBits` bits.
    private static func rational(_ text: Substring) -> Rational? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let numerator = natural(parts[0]) else { return nil }
        var denominator = BigInt.one
        if parts.count == 2 {
            guard let value = natural(parts[1]), !value.isZero else { return nil }
            denominator = value
        }
        let value = Rational(numerator, denominator)
        return value.bitWidth <= Number.exactBits ? value : nil
    }

    /// Decimal digits, at most as many as `Number.exactBits` bits hold.
    private static func natural(_ text: Substring) -> BigInt? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count <= Number.exactBits * 3 / 10 + 16, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        return BigInt(decimalDigits: digits)
    }
}
