import PerNumbers

/// Every unit per knows, with exact factors (`help units`).
///
/// Base units: g, m (so a volume is in m³: 1 L = 1/1000 m³), s, item, K, mol, and one of
/// each currency. The factors are the legal definitions, as fractions: the international
/// avoirdupois pound is exactly 453.59237 g and the ounce 1/16 of it; the inch is exactly
/// 25.4 mm and the foot 12 inches; the US gallon is exactly 231 in³ = 3.785411784 L, with
/// qt = gal/4, pt = gal/8, cup = gal/16, fl oz = gal/128; the imperial gallon is exactly
/// 4.54609 L (UK Weights and Measures Act 1985), imp pt = gal/8 and imp fl oz = gal/160;
/// the year is 365 days and the month a twelfth of it.
///
/// Areas are in m²: the square foot is exactly 0.3048² = 0.09290304 m² and the acre
/// 43,560 square feet = 4046.8564224 m² (international foot, NIST Handbook 44 Appendix C),
/// the hectare 10,000 m²; the cubic foot is 0.3048³ = 0.028316846592 m³. An angle is in
/// degrees; the radian is 180/π of them, the one factor with π in it (`piPower`).
///
/// Temperature scales are points: kelvin = °C + 273.15 = (°F + 459.67) × 5/9; their
/// differences are units of their own (`Δ°C`, `Δ°F`, `K` as a difference).
///
/// Hardness is in mmol/L of CaCO₃ (1 mmol/L = 1 mol/m³), with °dH = 0.178325 mmol/L,
/// °fH = 0.0999132 mmol/L, and gpg (17.1181 mg/L) and Clark (°e, 14.2538 mg/L) as CaCO₃ at
/// 100.0869 mg per mmol (`help dose`, after DETERGO).
public enum UnitTable {
    /// `%`, the unit of a percentage, which arithmetic with percentages looks for.
    package static let percentUnit = atom(named: "percent")!
    static func decimal(_ text: String) -> Rational { Rational(decimal: text) }

    static let pound = decimal("453.59237")
    static let litre = Rational(BigInt(1), BigInt(1000))
    static let usGallon = decimal("3.785411784") * litre
    static let imperialGallon = decimal("4.54609") * litre
    static let inch = decimal("0.0254")
    static let foot = inch * Rational(12)
    /// A pound-force per square inch: 0.45359237 kg × 9.80665 m/s² over (0.0254 m)², in g/(m·s²).
    static let psi = pound * decimal("9.80665") / (inch * inch)
    static let day = Rational(86400)
    /// mg of CaCO₃ in one mmol: the conversion of hardness given "as CaCO₃".
    static let caCO3 = decimal("100.0869")

    private static func plural(_ words: String...) -> [String] {
        words.flatMap { [$0, $0 + "s"] }
    }

    /// What a unit is; `Unit` is an index into `definitions`.
    struct Definition: Sendable {
        let symbol: String
        let singular: String
        let key: String
        let dimension: Dimension
        let factor: Rational
        /// The power of π in the factor besides `factor`: -1 for the radian (180/π
        /// degrees), 0 for every other unit.
        let piPower: Int8
        let kind: Unit.Kind
        let aliases: [String]
    }

    /// Every unit.
    public static let units: [Unit] = definitions.indices.map { Unit(id: UInt8($0)) }

    static let definitions: [Definition] = [
        // Mass, in grams.
        entry("mg", .mass, decimal("0.001"), aliases: ["mg"] + plural("milligram", "milligramme")),
        entry("g", .mass, .one, aliases: ["g"] + plural("gram", "gramme")),
        entry("kg", .mass, Rational(1000), aliases: ["kg", "kgs", "kilo", "kilos"] + plural("kilogram", "kilogramme")),
        entry("t", .mass, Rational(1_000_000), aliases: ["t", "tonne", "tonnes", "metric ton", "metric tons"]),
        entry("oz", .mass, pound / Rational(16), aliases: ["oz", "ounce", "ounces"]),
        entry("lb", .mass, pound, aliases: ["lb", "lbs", "pound", "pounds"]),
        // Length, in metres.
        entry("mm", .length, decimal("0.001"), aliases: ["mm"] + plural("millimetre", "millimeter")),
        entry("cm", .length, decimal("0.01"), aliases: ["cm"] + plural("centimetre", "centimeter")),
        entry("m", .length, .one, aliases: ["m"] + plural("metre", "meter")),
        entry("km", .length, Rational(1000), aliases: ["km"] + plural("kilometre", "kilometer")),
        entry("inch", .length, inch, aliases: ["inch", "inches"]),
        entry("ft", .length, foot, aliases: ["ft", "foot", "feet"]),
        // Area, in square metres: what flooring, tiles and land are sold by.
        entry("m²", .area, .one, aliases: ["m2", "sq m", "sqm"] + plural("square metre", "square meter")),
        entry("cm²", .area, decimal("0.0001"), aliases: ["cm2", "sq cm"] + plural("square centimetre", "square centimeter")),
        entry("km²", .area, Rational(1_000_000), aliases: ["km2", "sq km"] + plural("square kilometre", "square kilometer")),
        entry("ha", .area, Rational(10_000), aliases: ["ha"] + plural("hectare")),
        entry("sq in", .area, inch * inch, aliases: ["sqin", "sq in", "square inch", "square inches"]),
        entry("sq ft", .area, foot * foot, aliases: ["sqft", "sq ft", "ft2", "square foot", "square feet"]),
        entry("acres", singular: "acre", .area, foot * foot * Rational(43_560), aliases: plural("acre")),
        // Volume, in cubic metres.
        entry("µl", .volume, litre / Rational(1_000_000), aliases: ["µl", "μl", "ul"] + plural("microlitre", "microliter")),
        entry("ml", .volume, litre / Rational(1000), aliases: ["ml", "cc"] + plural("millilitre", "milliliter")),
        entry("cl", .volume, litre / Rational(100), aliases: ["cl"] + plural("centilitre", "centiliter")),
        entry("dl", .volume, litre / Rational(10), aliases: ["dl"] + plural("decilitre", "deciliter")),
        entry("L", .volume, litre, aliases: ["l", "lt", "ltr"] + plural("litre", "liter")),
        entry("hl", .volume, litre * Rational(100), aliases: ["hl"] + plural("hectolitre", "hectoliter")),
        entry("m3", .volume, .one, aliases: ["m3", "m³"] + plural("cubic metre", "cubic meter")),
        entry("cu ft", .volume, foot * foot * foot, aliases: ["ft3", "cuft", "cu ft", "cubic foot", "cubic feet"]),
        entry("fl oz", .volume, usGallon / Rational(128),
              aliases: ["fl oz", "floz", "fluid ounce", "fluid ounces", "us fl oz", "us floz"]),
        entry("cups", singular: "cup", .volume, usGallon / Rational(16), aliases: ["cup", "cups", "us cup", "us cups"]),
        entry("pt", .volume, usGallon / Rational(8), aliases: ["pt", "pint", "pints", "us pt", "us pint", "us pints"]),
        entry("qt", .volume, usGallon / Rational(4), aliases: ["qt", "quart", "quarts", "us qt", "us quart", "us quarts"]),
        entry("gal", .volume, usGallon, aliases: ["gal", "gallon", "gallons", "us gal", "us gallon", "us gallons"]),
        entry("imp gal", .volume, imperialGallon, aliases: prefixed(["gal", "gallon", "gallons"])),
        entry("imp pt", .volume, imperialGallon / Rational(8), aliases: prefixed(["pt", "pint", "pints"])),
        entry("imp fl oz", .volume, imperialGallon / Rational(160),
              aliases: prefixed(["fl oz", "floz", "fluid ounce", "fluid ounces"])),
        // Time, in seconds.
        entry("ms", .time, Rational(BigInt(1), BigInt(1000)), aliases: ["ms", "msec", "msecs"] + plural("millisecond")),
        entry("s", .time, .one, aliases: ["s", "sec", "secs"] + plural("second")),
        entry("min", .time, Rational(60), aliases: ["min", "mins"] + plural("minute")),
        entry("h", .time, Rational(3600), aliases: ["h", "hr", "hrs"] + plural("hour")),
        entry("days", singular: "day", .time, day, aliases: plural("day")),
        entry("weeks", singular: "week", .time, day * Rational(7), aliases: ["wk", "wks"] + plural("week")),
        entry("months", singular: "month", .time, day * Rational(365) / Rational(12), aliases: plural("month")),
        entry("years", singular: "year", .time, day * Rational(365), aliases: ["yr", "yrs"] + plural("year")),
        // A day on the calendar, by its day number: written only as a date (`2026-01-31`).
        entry("date", .time, day, kind: .datePoint, aliases: []),
        // US gallons a minute, as pumps and towers are rated.
        entry("gpm", .volumeFlow, usGallon / Rational(60), aliases: ["gpm", "usgpm"]),
        // Counts, in items.
        entry("items", singular: "item", .count, .one, aliases: ["item", "items", "each", "ea", "ct", "count"]),
        entry("pcs", singular: "pc", .count, .one, aliases: ["pc", "pcs", "piece", "pieces"]),
        entry("pods", singular: "pod", .count, .one, aliases: ["pod", "pods"]),
        entry("tabs", singular: "tab", .count, .one, aliases: ["tab", "tabs", "tablet", "tablets"]),
        entry("rolls", singular: "roll", .count, .one, aliases: ["roll", "rolls"]),
        entry("sheets", singular: "sheet", .count, .one, aliases: ["sheet", "sheets"]),
        entry("loads", singular: "load", .count, .one, aliases: ["load", "loads"]),
        entry("bags", singular: "bag", .count, .one, aliases: ["bag", "bags"]),
        // Temperature: points on three scales, and their differences.
        entry("°C", .temperature, .one, kind: .temperaturePoint(offset: decimal("273.15")),
              aliases: ["°c", "c", "degc", "deg c", "celsius"]),
        entry("°F", .temperature, Rational(BigInt(5), BigInt(9)),
              kind: .temperaturePoint(offset: decimal("459.67") * Rational(BigInt(5), BigInt(9))),
              aliases: ["°f", "f", "degf", "deg f", "fahrenheit"]),
        entry("K", .temperature, .one, kind: .temperaturePoint(offset: .zero), aliases: ["k", "kelvin"]),
        entry("Δ°C", .temperature, .one, kind: .temperatureDifference, aliases: ["δ°c", "δc", "δdegc"]),
        entry("Δ°F", .temperature, Rational(BigInt(5), BigInt(9)), kind: .temperatureDifference, aliases: ["δ°f", "δf", "δdegf"]),
        entry("ΔK", .temperature, .one, kind: .temperatureDifference, aliases: ["δk"]),
        // Hardness, in mol/m³ = mmol/L.
        entry("mmol", .init(substance: 1), decimal("0.001"), aliases: ["mmol"] + plural("millimole")),
        entry("mol", .init(substance: 1), .one, aliases: ["mol"] + plural("mole")),
        // Angles in degrees, which sin, cos and tan read exactly (sin(30°) = 0.5); a plain
        // number there is in radians. A radian is 180/π degrees: no rational number of
        // them, so its factor carries π apart and only a conversion between the two rounds.
        entry("°", .angle, .one, aliases: ["°", "deg", "degree", "degrees"]),
        entry("rad", .angle, Rational(180), piPower: -1, aliases: ["rad"] + plural("radian")),
        // Pressure, in g/(m·s²) (a pascal is 1000 of them, as a kg is 1000 g). `barg` and
        // `psig` are gauge, `bara` and `psia` absolute, one word each (`g` after a unit is grams).
        entry("Pa", .pressure, Rational(1000), aliases: ["pa"] + plural("pascal")),
        entry("kPa", .pressure, Rational(1_000_000), aliases: ["kpa"] + plural("kilopascal")),
        entry("MPa", .pressure, Rational(1_000_000_000), aliases: ["mpa"] + plural("megapascal")),
        entry("bar", .pressure, Rational(100_000_000), aliases: ["bar", "bars"]),
        entry("barg", .pressure, Rational(100_000_000), kind: .pressure(.gauge), aliases: ["barg"]),
        entry("bara", .pressure, Rational(100_000_000), kind: .pressure(.absolute), aliases: ["bara"]),
        entry("psi", .pressure, psi, aliases: ["psi"]),
        entry("psig", .pressure, psi, kind: .pressure(.gauge), aliases: ["psig"]),
        entry("psia", .pressure, psi, kind: .pressure(.absolute), aliases: ["psia"]),
        // Energy, in g·m²/s² (a joule is 1000), and power, in g·m²/s³ (a watt is 1000).
        entry("J", .energy, Rational(1000), aliases: ["j"] + plural("joule")),
        entry("kJ", .energy, Rational(1_000_000), aliases: ["kj"] + plural("kilojoule")),
        entry("MJ", .energy, Rational(1_000_000_000), aliases: ["mj"] + plural("megajoule")),
        entry("GJ", .energy, Rational(1_000_000_000_000), aliases: ["gj"] + plural("gigajoule")),
        entry("kWh", .energy, Rational(3_600_000_000), aliases: ["kwh"] + plural("kilowatt hour", "kilowatt-hour")),
        entry("MWh", .energy, Rational(3_600_000_000_000), aliases: ["mwh"] + plural("megawatt hour", "megawatt-hour")),
        entry("W", .power, Rational(1000), aliases: ["w"] + plural("watt")),
        entry("kW", .power, Rational(1_000_000), aliases: ["kw"] + plural("kilowatt")),
        entry("MW", .power, Rational(1_000_000_000), aliases: ["mw"] + plural("megawatt")),
        entry("°dH", .hardness, decimal("0.178325"), aliases: ["°dh", "dh", "gh", "°gh"]),
        entry("°fH", .hardness, decimal("0.0999132"), aliases: ["°fh", "fh"]),
        entry("gpg", .hardness, decimal("17.1181") / caCO3, aliases: ["gpg"]),
        entry("°Clark", .hardness, decimal("14.2538") / caCO3, aliases: ["°clark", "clark", "°e"]),
        // Conductance, in siemens, for the conductivity of water in µS/cm (µ is the micro
        // sign or the Greek mu; `us` too, as keyboards without µ write it). Only the
        // microsiemens: `S` and `mS` would read back as seconds and milliseconds.
        entry("µS", .init(conductance: 1), decimal("0.000001"), aliases: ["µs", "μs", "us", "microsiemens"]),
        // Parts of a whole.
        entry("%", .none, Rational(BigInt(1), BigInt(100)), aliases: ["percent"]),
        entry("ppm", .none, Rational(BigInt(1), BigInt(1_000_000)), aliases: ["ppm"]),
        entry("ppb", .none, Rational(BigInt(1), BigInt(1_000_000_000)), aliases: ["ppb"]),
    ] + CurrencyCode.all.flatMap { code -> [Definition] in
        var forms = [entry(code.code, key: code.code, .money(code), .one, kind: .money(code, .code), aliases: [code.code.lowercased()])]
        if let symbol = code.definition.symbol {
            forms.append(entry(String(symbol), key: "\(symbol)_", .money(code), .one, kind: .money(code, .prefix), aliases: [String(symbol)]))
            forms.append(entry(String(symbol), key: "_\(symbol)", .money(code), .one, kind: .money(code, .suffix), aliases: []))
        }
        return forms
    }

    private static func entry(_ symbol: String, singular: String? = nil, key: String? = nil, _ dimension: Dimension,
                              _ factor: Rational, piPower: Int8 = 0, kind: Unit.Kind = .plain, aliases: [String]) -> Definition {
        Definition(symbol: symbol, singular: singular ?? symbol, key: key ?? symbol, dimension: dimension, factor: factor,
                   piPower: piPower, kind: kind, aliases: aliases)
    }

    /// Imperial aliases: `imp`, `uk` and `imperial` before each name.
    private static func prefixed(_ names: [String]) -> [String] {
        ["imp", "uk", "imperial"].flatMap { prefix in names.map { "\(prefix) \($0)" } }
    }

    /// Names that stand for a compound unit: flows as the trade writes them.
    private static let compoundAliases: [String: [(String, Int8)]] = [
        "tph": [("t", 1), ("h", -1)], "kgh": [("kg", 1), ("h", -1)], "pph": [("lb", 1), ("h", -1)],
        "cmh": [("m3", 1), ("h", -1)], "lps": [("l", 1), ("s", -1)], "lpm": [("l", 1), ("min", -1)],

    ]

    private static let byAlias: [String: CompoundUnit] = {
        var table: [String: CompoundUnit] = [:]
        for unit in units {
            for alias in unit.aliases {
                precondition(table[alias] == nil, "unit alias \(alias) is defined twice")
                table[alias] = CompoundUnit(unit)
            }
        }
        for (alias, terms) in compoundAliases {
            precondition(table[alias] == nil, "unit alias \(alias) is defined twice")
            table[alias] = CompoundUnit(terms: terms.map { CompoundUnit.Term(atom: table[$0.0]!.terms[0].atom, exponent: $0.1) })
        }
        return table
    }()

    private static let byKey: [String: Unit] = Dictionary(units.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })

    /// The most words a unit name takes (`imp fl oz`).
    package static let longestName = 3

    /// First words of the units named with several (`fl` of `fl oz`).
    package static let multiWordStarts: Set<String> = Set(byAlias.keys.filter { $0.contains(" ") }.map { String($0.split(separator: " ")[0]) })

    /// What a lower-case word is to units: the unit it names, and whether it starts a
    /// longer name (`fl` of `fl oz`). Nil for a word that is neither.
    package struct Word {
        package let unit: CompoundUnit?
        package let startsLongerName: Bool
    }

    /// Both answers for every word, in one table: the parser asks for each name it reads.
    private static let words: [String: Word] = {
        var table: [String: Word] = [:]
        for (alias, unit) in byAlias where !alias.contains(" ") {
            table[alias] = Word(unit: unit, startsLongerName: multiWordStarts.contains(alias))
        }
        for start in multiWordStarts where table[start] == nil {
            table[start] = Word(unit: nil, startsLongerName: true)
        }
        return table
    }()

    /// `text` in lower case, as the tables hold names. Most words a statement names units
    /// with are lower-case ASCII already and are returned as they are, unconverted.
    package static func lowercased(_ text: String) -> String {
        for byte in text.utf8 where byte &- UInt8(ascii: "A") < 26 || byte >= 0x80 { return text.lowercased() }
        return text
    }

    /// What `text`, already in lower case, is to units.
    package static func word(lowercased text: String) -> Word? { words[text] }

    /// The unit named by `text` (case-insensitive; words separated by single spaces).
    public static func unit(named text: String) -> CompoundUnit? {
        guard let unit = byAlias[text.lowercased()] else { return nil }
        return readsAsWritten(text, unit) ? unit : nil
    }

    /// Whether a unit found without regard to case is the one written. Names are read in
    /// any case (`KG`, `500ML` as labels print them), except where the case of a prefix
    /// tells two units apart: milli written for mega (`mW` is not `MW`), mega written with
    /// small letters after it for milli (`Mg` is not `mg`), and a capital S for siemens,
    /// not seconds (`mS` is not `ms`). Such a word is unknown, not misread.
    package static func readsAsWritten(_ text: String, _ unit: CompoundUnit) -> Bool {
        // Most words start with another letter: one byte tells.
        guard let written = text.utf8.first, written == UInt8(ascii: "m") || written == UInt8(ascii: "M") || written == UInt8(ascii: "S"),
              let symbol = unit.terms.first?.atom.symbol.utf8.first else { return true }
        if text == "mS" || text == "S" { return unit.dimension != .time }
        if written == UInt8(ascii: "m") { return symbol != UInt8(ascii: "M") }
        if written == UInt8(ascii: "M"), symbol == UInt8(ascii: "m") { return !text.unicodeScalars.dropFirst().contains { $0.properties.isLowercase } }
        return true
    }

    /// The unit named by `text`, already in lower case.
    static func unit(lowercased text: String) -> CompoundUnit? { byAlias[text] }

    /// The single unit named by `text`, when it names one (`kg`, not `tph`).
    public static func atom(named text: String) -> Unit? {
        guard let unit = unit(named: text), unit.terms.count == 1, unit.terms[0].exponent == 1 else { return nil }
        return unit.terms[0].atom
    }

    /// The unit whose key is exactly `key` (as saved files name them).
    public static func unit(key: String) -> Unit? { byKey[key] }

    /// The dimensions `help units` lists, in order.
    package static let dimensionsShown: [Dimension] = [.mass, .volume, .count, .length, .area, .time, .temperature, .hardness, .angle, .none]

    /// The unit of a date, and of the days between two.
    public static let date = unit(key: "date")!
    public static let days = atom(named: "days")!
    public static let months = atom(named: "months")!

    /// Items: the unit of a quantity written without one.
    public static let items = atom(named: "items")!

    /// The unit prices are quoted per by default: kg, L, item, m or m².
    public static func defaultUnit(of dimension: Dimension) -> Unit? {
        switch dimension {
        case .mass: return kilogram
        case .volume: return litreUnit
        case .count: return items
        case .length: return metre
        case .area: return squareMetre
        default: return nil
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
            units.first { $0.kind == .money(code, placement) } ?? units.first { $0.kind == .money(code, .code) }!
        }
    }

    /// Every alias, for completion and suggestions.
    public static var allAliases: [String] { Array(byAlias.keys) }

    /// The aliases of units of one dimension (for completion).
    public static func aliases(of dimension: Dimension) -> [String] {
        byAlias.filter { $0.value.dimension == dimension }.map(\.key)
    }

    /// The unit an unknown word was probably meant to be, if it is one edit away from a
    /// unit name (`gm`, `kgg`, `mls`). Capitalised words (`Go`, `Round`) read as names.
    /// With `dimensions`, only units of those are candidates.
    public static func likelyMisspelling(_ word: String, among dimensions: [Dimension]? = nil) -> String? {
        let lower = word.lowercased()
        // A unit written in the case of another (`mW` for `MW`): the unit as it is written.
        if let unit = byAlias[lower], !readsAsWritten(word, unit), let symbol = unit.terms.first?.atom.symbol,
           dimensions.map({ $0.contains(unit.dimension) }) ?? true {
            return symbol
        }
        guard lower.count >= 2, lower.unicodeScalars.allSatisfy({ $0 == "_" || Letters.isLetter($0) }) else { return nil }
        if let first = word.first, first.isUppercase, word.dropFirst().contains(where: \.isLowercase) { return nil }
        // A word in capitals (AA batteries, XL) is a name, not a misspelt unit.
        if word.allSatisfy(\.isUppercase) { return nil }
        var best: (distance: Int, name: String)? = nil
        // Currency codes are left out: too many words are one letter from one (`now`, `nok`).
        for (alias, unit) in byAlias where !alias.contains(" ") && unit.currency == nil
            && (dimensions.map { $0.contains(unit.dimension) } ?? true) {
            guard abs(alias.count - lower.count) <= 1 else { continue }
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
    /// The unit of `dimension` an unknown word was probably meant to be, where only that
    /// dimension fits (after `to`): one edit away (`gall`), else the shortest name it
    /// begins (`po` for `pound`). Nil for a word of one letter.
    public static func suggestion(for word: String, fitting dimension: Dimension) -> String? {
        if let close = likelyMisspelling(word, among: [dimension]) { return close }
        let lower = word.lowercased()
        guard lower.count >= 2 else { return nil }
        return byAlias.filter { $0.key.hasPrefix(lower) && $0.value.dimension == dimension && $0.value.currency == nil }
            .keys.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// The names completion offers for a dimension when none of its symbols fits the word
    /// typed: every alias, spelt out (`pound`, `pounds` for `pou`).
    public static func spelledOutNames(for dimension: Dimension) -> [String] {
        byAlias.filter { $0.value.dimension == dimension && $0.value.currency == nil }.map(\.key)
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
