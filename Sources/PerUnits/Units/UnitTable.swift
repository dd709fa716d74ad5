import PerNumbers
import Synchronization

/// Every unit per knows (`help units`), read from `UnitCatalogue` as it is named: a name
/// is found by a binary search of the catalogue's sorted lines, its unit made once and
/// kept, so a statement that names no unit costs nothing here and one that names a few
/// pays for those.
public enum UnitTable {
    /// `%`, the unit of a percentage, which arithmetic with percentages looks for.
    package static let percentUnit = atom(named: "percent")!
    /// mg of CaCO₃ in one mmol: the conversion of hardness given "as CaCO₃".
    static let caCO3 = Rational(decimal: "100.0869")

    /// What a word is to units: the unit it names, and whether it starts a longer name
    /// (`fl` of `fl oz`). Nil for a word that is neither.
    package struct Word: Sendable {
        package let unit: CompoundUnit?
        package let startsLongerName: Bool
        /// Whether it reads several ways (`ton`: short ton, long ton, tonne, ton of
        /// refrigeration), naming none of them; `readings(of:)` lists them.
        package var readsSeveralWays = false
    }

    /// What `text` is to units, as written (`KG`, `fl`, `Pa`).
    package static func word(_ text: String) -> Word? {
        let hash = fnv1a(text)
        let (first, second) = (Int(hash & 127), Int((hash >> 16) & 127))
        // The hash compared first: most slots hold another word, and two texts that
        // differ are slow to tell apart.
        let cached = words.withLock { slots -> Known in
            if slots[first].hash == hash, slots[first].text == text { return slots[first] }
            if slots[second].hash == hash, slots[second].text == text { return slots[second] }
            return .none
        }
        if !cached.text.isEmpty { return cached.word }
        let found = Known(text: text, hash: hash, word: lookUp(text))
        words.withLock { slots in slots[slots[first].text.isEmpty || !slots[second].text.isEmpty ? first : second] = found }
        return found.word
    }

    /// A word and its answer; an empty text is a slot not yet taken (no optional: its
    /// metadata would be made at the first unit a process reads).
    private struct Known: Sendable {
        let text: String
        let hash: UInt32
        let word: Word?

        static let none = Known(text: "", hash: 0, word: nil)
    }

    /// Words asked lately, with their answers, in 128 slots: a word may sit in either of
    /// two slots its text hashes to, taking the first when both are full, so two words of
    /// one hash do not push each other out, and the memory stays the same whatever words
    /// a session reads.
    private static let words = Mutex<[Known]>(Array(repeating: .none, count: 128))

    /// FNV-1a, 32 bits, of the text's UTF-8.
    private static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// The most words a unit name takes (`imp fl oz`).
    package static let longestName = 3

    private static func lookUp(_ text: String) -> Word? {
        // `5 Ω` with the ohm sign, `5 K` with the kelvin sign, `20 ℃`: the letters and
        // signs Unicode keeps for compatibility are the units' own (its NFKC folding).
        if let folded = compatibilityFolded(text) { return word(folded) }
        let (line, starts) = Catalogue.find(text)
        var unit: CompoundUnit? = nil
        if !line.name.isEmpty {
            if line.definition.hasPrefix("? ") { return Word(unit: nil, startsLongerName: starts, readsSeveralWays: true) }
            // In another case than written (`kN` for `kn`), a prefix's reading as written
            // comes first, unless the word is in capitals, as labels print (`PA`, `KG`).
            if line.name != text, let prefixed = prefixed(text) {
                if text.utf8.contains(where: { $0 &- UInt8(ascii: "a") < 26 }) {
                    return Word(unit: CompoundUnit(prefixed), startsLongerName: starts)
                }
                // In capitals, a common prefix's reading (`MS`: megasiemens) and the line's
                // (`ms`) are both there to be meant: refused with both, never guessed.
                if Self.capitalPrefixes.contains(where: { text.hasPrefix($0) }) {
                    return Word(unit: nil, startsLongerName: starts, readsSeveralWays: true)
                }
            }
            unit = line.definition.hasPrefix("= ") ? compound(line.definition.dropFirst(2)) : made(line).map(CompoundUnit.init)
            // In another case than written, the case of a prefix may tell another unit.
            if let found = unit, line.name != text, !readsAsWritten(text, found) { unit = nil }
        } else if let money = money(named: text) {
            unit = CompoundUnit(money)
        }
        if unit == nil, let prefixed = prefixed(text) { unit = CompoundUnit(prefixed) }
        guard unit != nil || starts else { return nil }
        return Word(unit: unit, startsLongerName: starts)
    }

    /// `text` with the compatibility characters units are written with in their usual
    /// form: the ohm sign U+2126 as Ω, the kelvin sign U+212A as K, the angstrom sign U+212B
    /// as Å, ℃ and ℉ as °C and °F, and the ring above U+02DA (a Mac's Option-K) as °;
    /// nil when it has none.
    package static func compatibilityFolded(_ text: String) -> String? {
        // Their UTF-8 starts with 0xCB or 0xE2: any other word is passed at once.
        guard text.utf8.contains(where: { $0 == 0xCB || $0 == 0xE2 }),
              text.unicodeScalars.contains(where: { compatibilityForm($0) != nil }) else { return nil }
        var folded = ""
        for scalar in text.unicodeScalars { folded += compatibilityForm(scalar) ?? String(scalar) }
        return folded
    }

    private static func compatibilityForm(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x2126: "Ω"
        case 0x212A: "K"
        case 0x212B: "Å"
        case 0x2103: "°C"
        case 0x2109: "°F"
        case 0x02DA: "°"
        default: nil
        }
    }

    /// A unit with a prefix its line allows (`UnitPrefix`), made once: a symbol after a
    /// prefix's symbol (`GJ`, `µm`, `KiB`, in the case written), or a name after a
    /// prefix's name (`gigajoules`, `micrometre`, in any case), shown as the symbols.
    private static func prefixed(_ text: String) -> Unit? {
        guard !UnitPrefix.notPrefixed.contains(text) else { return nil }
        for prefix in UnitPrefix.all where text.count > prefix.symbol.count && text.hasPrefix(prefix.symbol) {
            let rest = String(text.dropFirst(prefix.symbol.count))
            guard let line = Catalogue.line(exactly: rest), prefix.applies(to: line.options) else { continue }
            return made(line, prefix: prefix)
        }
        let lower = text.lowercased()
        for prefix in UnitPrefix.all where lower.count > prefix.name.count && lower.hasPrefix(prefix.name) {
            let rest = String(lower.dropFirst(prefix.name.count))
            guard let line = Catalogue.line(exactly: rest) else { continue }
            // A name of a unit (`grams`, `= g`), or a symbol that is also its name (`bar`).
            let symbol = line.definition.hasPrefix("= ") ? line.definition.dropFirst(2) : line.name
            guard let target = Catalogue.line(exactly: String(symbol)),
                  prefix.applies(to: target.options) else { continue }
            return made(target, prefix: prefix)
        }
        return nil
    }

    /// The units `text` may mean when it reads several ways (`ton`), else nothing.
    package static func readings(of text: String) -> [String] {
        let line = Catalogue.find(text).line
        if line.definition.hasPrefix("? ") { return line.definition.dropFirst(2).split(separator: ", ").map(String.init) }
        // `MS`: the line's unit in another case, and the prefix's as written.
        guard !line.name.isEmpty, line.name != text, let prefixed = prefixed(text),
              let folded = line.definition.hasPrefix("= ") ? compound(line.definition.dropFirst(2)) : made(line).map(CompoundUnit.init)
        else { return [] }
        return [folded.symbol, spelledOut(prefixed) ?? prefixed.symbol]
    }

    /// A prefixed unit's name, as it may be written instead of its symbol (`megasiemens`
    /// for `MS`): the prefix's name and the first name the catalogue gives the unit.
    private static func spelledOut(_ unit: Unit) -> String? {
        guard let prefix = UnitPrefix.all.first(where: { unit.symbol.hasPrefix($0.shownSymbol) && $0.symbol == $0.shownSymbol }) else { return nil }
        let base = unit.symbol.dropFirst(prefix.symbol.count)
        guard let name = Catalogue.all.first(where: { $0.definition == "= " + base && $0.name.allSatisfy(\.isLowercase) })?.name else { return nil }
        return prefix.name + name
    }

    /// The prefixes whose reading in capitals beside another unit's name is refused as
    /// reading two ways (`MS`, `GS`); a rarer one (`PA`) leaves the name as labels print it.
    private static let capitalPrefixes = ["M", "G", "T"]

    /// The unit named by `text` (any case where it is a name; words separated by single spaces).
    public static func unit(named text: String) -> CompoundUnit? { word(text)?.unit }

    /// Whether a unit found without regard to case is the one written. Names are read in
    /// any case (`KG`, `500ML` as labels print them), except where the case of a prefix
    /// tells two units apart: milli written for mega (`mW` is not `MW`), mega written with
    /// small letters after it for milli (`Mg` is not `mg`), and a capital S for siemens,
    /// not seconds (`mS` is not `ms`, `µs` not `µS`). A capital M is never milli, even in
    /// a word all in capitals: `MM` is a million in plant use (`MMBtu`), not `mm`. Such a
    /// word is read by the prefix rule (`Mg` is a megagram) or is unknown, never misread.
    package static func readsAsWritten(_ text: String, _ unit: CompoundUnit) -> Bool {
        // `µs` is microseconds, not µS.
        if text.utf8.last == UInt8(ascii: "s"), unit.terms.first?.atom.symbol.utf8.last == UInt8(ascii: "S") { return false }
        // Most words start with another letter: one byte tells.
        guard let written = text.utf8.first, written == UInt8(ascii: "m") || written == UInt8(ascii: "M") || written == UInt8(ascii: "S"),
              let symbol = unit.terms.first?.atom.symbol.utf8.first else { return true }
        if text == "mS" || text == "S" { return unit.dimension != .time }
        if written == UInt8(ascii: "m") { return symbol != UInt8(ascii: "M") }
        // `Miles`, `Meters`, `MPH`: a capital where milli prefixes nothing is the name's.
        if written == UInt8(ascii: "M"), symbol == UInt8(ascii: "m") { return !startsWithMilli(unit) }
        return true
    }

    /// Whether a unit's symbol starts with the prefix milli: `m` before a unit the prefix
    /// applies to (`mm`, `mmol`, `mbar`; not `mi`, `min` or `mph`).
    private static func startsWithMilli(_ unit: CompoundUnit) -> Bool {
        guard let symbol = unit.terms.first?.atom.symbol, symbol.hasPrefix("m"),
              let milli = UnitPrefix.all.first(where: { $0.symbol == "m" }),
              let line = Catalogue.line(exactly: String(symbol.dropFirst())) else { return false }
        return milli.applies(to: line.options)
    }

    /// `unit` (one plain pressure unit: `kPa`) of a pressure's kind, when the catalogue
    /// has it (`kPaa`, `psig`): the symbol with `a` or `g` after it, of the same factor.
    package static func unit(_ unit: CompoundUnit, keeping reference: Unit.PressureReference) -> CompoundUnit? {
        guard let atom = unit.atom, atom.pressureReference == nil,
              let kept = self.atom(named: atom.symbol + (reference == .absolute ? "a" : "g")),
              kept.pressureReference == reference, kept.factor == atom.factor else { return nil }
        return CompoundUnit(kept)
    }

    /// The single unit named by `text`, when it names one (`kg`, not `tph`).
    public static func atom(named text: String) -> Unit? {
        guard let unit = unit(named: text), unit.terms.count == 1, unit.terms[0].exponent == 1 else { return nil }
        return unit.terms[0].atom
    }

    /// The unit whose key is exactly `key` (as saved files name them).
    public static func unit(key: String) -> Unit? {
        if key == date.key { return date }
        if key == clock.key { return clock }
        if key == dateTime.key { return dateTime }
        if let code = CurrencyCode.named(key), code.code == key { return money(code, .code) }
        if key.count == 2, let first = key.first, let last = key.last, (first == "_") != (last == "_"),
           let code = CurrencyCode.withSymbol(first == "_" ? last : first) {
            return money(code, first == "_" ? .suffix : .prefix)
        }
        guard let line = Catalogue.line(exactly: key) else { return prefixed(key) }
        guard !line.definition.hasPrefix("= ") else {
            // `decade`, `century`, `fortnight`: keys before their plurals were the units'
            // names, as in files saved then.
            if ["decade", "century", "fortnight"].contains(key) { return unit(key: String(line.definition.dropFirst(2))) }
            return prefixed(key)
        }
        // `ML`, which reads two ways as a word, is the key of the megalitre.
        return made(line) ?? prefixed(key)
    }

    /// The units `help units` and completion show, in the order they show them: the
    /// everyday ones of each dimension, not every name the catalogue knows.
    public static var units: [Unit] { shown.compactMap { atom(named: $0) } }

    private static let shownKeys = Set(units.map(\.key))

    private static let shown = ["mg", "g", "kg", "t", "oz", "lb", "mm", "cm", "m", "km", "inch", "ft", "m²", "cm²", "km²",
                                "ha", "sq in", "sq ft", "acres", "µl", "ml", "cl", "dl", "L", "hl", "m3", "cu ft", "fl oz",
                                "cups", "pt", "qt", "gal", "imp gal", "imp pt", "imp fl oz", "ms", "s", "min", "h", "days",
                                "weeks", "months", "years", "gpm", "items", "pcs", "pods", "tabs", "rolls", "sheets",
                                "loads", "bags", "°C", "°F", "K", "Δ°C", "Δ°F", "ΔK", "mmol", "mol", "°", "rad", "Pa",
                                "kPa", "MPa", "bar", "barg", "bara", "psi", "psig", "psia", "J", "kJ", "MJ", "GJ", "kWh",
                                "MWh", "W", "kW", "MW", "°dH", "°fH", "gpg", "°Clark", "µS", "%", "ppm", "ppb"]

    /// The dimensions `help units` lists, in order.
    package static let dimensionsShown: [Dimension] = [.mass, .volume, .count, .length, .area, .time, .temperature, .hardness, .angle, .none]

    /// The unit of a date, by its day number: written only as a date (`2026-01-31`).
    public static let date = Unit(Unit.Definition(symbol: "date", singular: "date", key: "date", dimension: .time,
                                                  factor: Rational(86400), piPower: 0, kind: .datePoint))
    /// The unit of a time of day (`17:30`), by the fraction of a day since midnight
    /// (`ClockTime`): a point on the clock as a date is on the calendar.
    public static let clock = Unit(Unit.Definition(symbol: "time", singular: "time", key: "clock", dimension: .time,
                                                   factor: Rational(86400), piPower: 0, kind: .datePoint))
    /// The unit of a date with a time (`2026-12-24 18:00`), by its day number and the
    /// fraction of the day: on the scale of `date`.
    public static let dateTime = Unit(Unit.Definition(symbol: "date-time", singular: "date-time", key: "datetime", dimension: .time,
                                                      factor: Rational(86400), piPower: 0, kind: .datePoint))
    /// The unit of the days between two dates.
    public static let days = atom(named: "days")!
    public static let months = atom(named: "months")!
    /// m³, which unit prices keep when written per it.
    public static let cubicMetre = atom(named: "m3")!

    /// Items: the unit of a quantity written without one.
    public static let items = atom(named: "items")!

    /// The unit prices are quoted per by default: kg, L, item, m or m².
    public static func defaultUnit(of dimension: Dimension) -> Unit? {
        ShoppableDimension(dimension).map(basisUnit(of:))
    }

    /// The unit a reading of a word that reads several ways names, written before any words
    /// in parentheses (`kilobyte (kB)`).
    package static func unit(reading: String) -> CompoundUnit? {
        unit(named: reading.split(separator: " (").first.map(String.init) ?? reading)
    }

    /// Whether a reading (`short ton`, `°C`) is a unit a shopping list compares: where
    /// only those are units, `8 C batteries` is a name.
    package static func isShoppable(reading: String) -> Bool {
        unit(reading: reading)?.dimension.isShoppable == true
    }

    /// The unit a shoppable dimension's prices are quoted per: kg, L, item, m, m².
    public static func basisUnit(of dimension: ShoppableDimension) -> Unit {
        switch dimension {
        case .mass: kilogram
        case .volume: litreUnit
        case .count: items
        case .length: metre
        case .area: squareMetre
        }
    }

    // Looked up once: every product added to a list asks for its basis.
    private static let kilogram = atom(named: "kg")!
    private static let litreUnit = atom(named: "l")!
    private static let metre = atom(named: "m")!
    private static let squareMetre = atom(named: "m2")!

    /// The money unit of a currency as written: `$` before, `€` after, `EUR`.
    public static func money(_ code: CurrencyCode, _ placement: Unit.Placement) -> Unit {
        moneyUnits[Int(code.index) * placements.count + placements.firstIndex(of: placement)!]
    }

    private static let placements: [Unit.Placement] = [.prefix, .suffix, .code]

    /// Each currency's money units, one for each of `placements` in turn (the code for a
    /// currency without a symbol), so a price's unit is found without a search.
    private static let moneyUnits: [Unit] = CurrencyCode.all.flatMap { code in
        placements.map { placement in
            let symbol = code.definition.symbol.map(String.init)
            let key = switch (placement, symbol) {
            case (.prefix, let symbol?): "\(symbol)_"
            case (.suffix, let symbol?): "_\(symbol)"
            default: code.code
            }
            let written = symbol == nil ? Unit.Placement.code : placement
            return Unit(Unit.Definition(symbol: symbol ?? code.code, singular: symbol ?? code.code, key: key,
                                        dimension: .money(code), factor: .one, piPower: 0, kind: .money(code, written)))
        }
    }

    /// Every line of the catalogue that names one unit, with the unit, each made once when
    /// first asked: for help, completion and suggestions, which list them by dimension
    /// (made again for each list, they cost `help units` more than all else). Currency
    /// codes and names that read several ways are not among them.
    static let namedLines: [(line: Catalogue.Line, unit: CompoundUnit)] = Catalogue.all.compactMap { line in
        unit(named: String(line.name)).map { (line, $0) }
    }

    /// Every name in the catalogue with its unit, for completion and suggestions.
    private static let byAlias: [(name: String, unit: CompoundUnit)] = namedLines.map { (String($0.line.name), $0.unit) }

    /// The catalogue's names by their spelling as the catalogue sorts it, in its order, made
    /// once: every `add` asks whether its product's name is a unit written in another case.
    /// (Names only: resolving every unit, as `byAlias` does, would cost a one-off `add` or
    /// `seen` more than reading its price book.)
    private static let namesFolded: [String: [String]] = Dictionary(
        Catalogue.all.map { (Catalogue.folded(String($0.name)), [String($0.name)]) }, uniquingKeysWith: +)

    /// The names a misspelling may be meant for, in lower case with their length: the
    /// everyday units `help units` shows, of one word, no currency (too many words are one
    /// letter from a currency code: `now`, `nok`; a product's name is too often one letter
    /// from some unit of the whole catalogue: `milk`, `mile`).
    private static let misspellingCandidates: [(alias: String, length: Int, unit: CompoundUnit)] = byAlias.compactMap { name, unit in
        guard !name.contains(" "), unit.currency == nil, unit.atom.map({ shownKeys.contains($0.key) }) != false else { return nil }
        let alias = name.lowercased()
        return (alias, alias.count, unit)
    }

    /// Every name, for completion and suggestions.
    public static var allAliases: [String] { byAlias.map(\.name) }

    /// The aliases of units of one dimension (for completion).
    public static func aliases(of dimension: Dimension) -> [String] {
        byAlias.filter { $0.unit.dimension == dimension }.map(\.name)
    }

    /// The unit an unknown word was probably meant to be, if it is one edit away from a
    /// unit name (`gm`, `kgg`, `mls`). Capitalised words (`Go`, `Round`) read as names.
    /// With `dimensions`, only units of those are candidates.
    public static func likelyMisspelling(_ word: String, among dimensions: [Dimension]? = nil) -> String? {
        let lower = word.lowercased()
        // A unit written in the case of another (`mW` for `MW`): the unit as it is written.
        if let unit = namesFolded[lower]?.lazy.compactMap({ unit(named: $0) }).first, !readsAsWritten(word, unit),
           let symbol = unit.terms.first?.atom.symbol,
           dimensions.map({ $0.contains(unit.dimension) }) ?? true {
            return symbol
        }
        guard lower.count >= 2, lower.unicodeScalars.allSatisfy({ $0 == "_" || Letters.isLetter($0) }) else { return nil }
        if let first = word.first, first.isUppercase, word.dropFirst().contains(where: \.isLowercase) { return nil }
        // A word in capitals (AA batteries, XL) is a name, not a misspelt unit.
        if word.allSatisfy(\.isUppercase) { return nil }
        var best: (distance: Int, name: String)? = nil
        let length = lower.count
        for (alias, aliasLength, unit) in misspellingCandidates where abs(aliasLength - length) <= 1
            && (dimensions.map { $0.contains(unit.dimension) } ?? true) {
            let distance = Suggestion.editDistance(lower, alias)
            // Ties go to a unit that starts with the same letter, then to the shorter name.
            let score = distance * 2 + (alias.first == lower.first ? 0 : 1)
            if distance <= 1, best == nil || score < best!.distance
                || (score == best!.distance && (alias.count, alias) < (best!.name.count, best!.name)) {
                best = (score, alias)
            }
        }
        return best?.name
    }
}

extension UnitTable {
    /// The names completion offers for a dimension when none of its symbols fits the word
    /// typed: every alias, spelt out (`pound`, `pounds` for `pou`).
    public static func spelledOutNames(for dimension: Dimension) -> [String] {
        byAlias.filter { $0.unit.dimension == dimension && $0.unit.currency == nil }.map { $0.name.lowercased() }
    }

    /// The unit names completion offers for a dimension, as typed: symbols (`fl oz` and
    /// `imp gal` with their blank), and the common compound units of flows and hardness.
    public static func names(for dimension: Dimension) -> [String] {
        var names = units.filter { $0.dimension == dimension && !$0.isDatePoint }.map(\.symbol)
        switch dimension {
        case .massFlow: names += ["kg/h", "t/h", "lb/h", "kg/s"]
        case .volumeFlow: names += ["m3/h", "L/s", "L/min"]
        case .hardness: names += ["mmol/L", "ppm", "mg/L"]
        case .none: names += ["%"]
        default: break
        }
        return Array(Set(names))
    }

    /// Other ways to write a unit's dimension, for help and prompts: `t/h, lb/h, kg/s`.
    public static func otherUnits(like unit: CompoundUnit) -> [String] {
        switch unit.dimension {
        case .massFlow: return ["t/h", "lb/h", "kg/s"].filter { $0 != unit.symbol }
        case .volumeFlow: return ["m3/h", "L/s", "L/min", "gpm"].filter { $0 != unit.symbol }
        case .hardness: return ["°dH", "°fH", "gpg", "°Clark", "ppm or mg/L as CaCO₃"]
        case .none where unit.atom?.symbol == "ppm": return ["mg/L"]
        // Time over time (`h/day`): a time a day, or another such ratio; a percentage or
        // ppm is no count of hours.
        case .none where unit.isTimeRatio: return ["h", "min/day"]
        default:
            return units.filter { $0.dimension == unit.dimension && CompoundUnit($0) != unit && $0.kind == .plain }.map(\.symbol)
        }
    }
}

extension CompoundUnit {
    /// Whether the unit is a time over a time (`h/day`, `min/week`).
    package var isTimeRatio: Bool { !terms.isEmpty && terms.allSatisfy { $0.atom.dimension == .time } }

    /// How an input's unit is named: `kg/h`, `ppm`, `per K`, `h/day`.
    public var label: String {
        if let per = pricePer, per.money == nil, per.scale == nil { return "per " + per.per.singular }
        return symbol
    }
}
