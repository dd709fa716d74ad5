/// Every unit per knows, with exact factors (README, "The shopping list" and "The estimators").
///
/// Mass is stored in grams, volume in litres, counts in items. The factors are the legal
/// definitions, as fractions: the international avoirdupois pound is exactly 453.59237 g
/// and the ounce 1/16 of it (28.349523125 g); the US gallon is exactly 231 in³ =
/// 3.785411784 L, with qt = gal/4, pt = gal/8, cup = gal/16, fl oz = gal/128; the imperial
/// gallon is exactly 4.54609 L (UK Weights and Measures Act 1985), imp pt = gal/8 and
/// imp fl oz = gal/160.
///
/// For the estimators: hardness in mmol/L of CaCO₃, with °dH = 0.178325 mmol/L,
/// °fH = 0.0999132 mmol/L, and gpg (17.1181 mg/L), Clark (°e, 14.2538 mg/L) and ppm
/// (1 mg/L) as CaCO₃ at 100.0869 mg per mmol (README, "dose", after DETERGO). Mass flow in
/// kg/h (t/h = 1000, lb/h = 0.45359237, kg/s = 3600); volume flow in m³/h (L/s = 3.6,
/// US gpm = 0.22712470704); temperature differences in K = °C, with °F = 5/9.
public enum UnitTable {
    static func decimal(_ text: String) -> Rational { Rational(decimal: text) }

    static let pound = decimal("453.59237")
    static let usGallon = decimal("3.785411784")
    static let imperialGallon = decimal("4.54609")
    /// mg of CaCO₃ in one mmol: the conversion of hardness given "as CaCO₃".
    static let caCO3 = decimal("100.0869")

    private static func plural(_ words: String...) -> [String] {
        words.flatMap { [$0, $0 + "s"] }
    }

    /// What a unit is; `Unit` is an index into `definitions`.
    struct Definition: Sendable {
        let symbol: String
        let singular: String
        let dimension: Dimension
        let factor: Rational
        let aliases: [String]
    }

    /// Every unit.
    public static let units: [Unit] = definitions.indices.map { Unit(id: UInt8($0)) }

    static let definitions: [Definition] = [
        // Mass, in grams.
        entry("mg", .mass, decimal("0.001"), aliases: ["mg"] + plural("milligram", "milligramme")),
        entry("g", .mass, .one, aliases: ["g"] + plural("gram", "gramme")),
        entry("kg", .mass, Rational(1000), aliases: ["kg", "kgs", "kilo", "kilos"] + plural("kilogram", "kilogramme")),
        entry("oz", .mass, pound / Rational(16), aliases: ["oz", "ounce", "ounces"]),
        entry("lb", .mass, pound, aliases: ["lb", "lbs", "pound", "pounds"]),
        // Volume, in litres.
        entry("ml", .volume, decimal("0.001"), aliases: ["ml", "cc"] + plural("millilitre", "milliliter")),
        entry("cl", .volume, decimal("0.01"), aliases: ["cl"] + plural("centilitre", "centiliter")),
        entry("dl", .volume, decimal("0.1"), aliases: ["dl"] + plural("decilitre", "deciliter")),
        entry("L", .volume, .one, aliases: ["l", "lt", "ltr"] + plural("litre", "liter")),
        entry("m3", .volume, Rational(1000), aliases: ["m3", "m³"] + plural("cubic metre", "cubic meter")),
        entry("fl oz", .volume, usGallon / Rational(128),
             aliases: ["fl oz", "floz", "fl. oz", "fl.oz", "fluid ounce", "fluid ounces", "us fl oz", "us floz"]),
        entry("cups", singular: "cup", .volume, usGallon / Rational(16), aliases: ["cup", "cups", "us cup", "us cups"]),
        entry("pt", .volume, usGallon / Rational(8), aliases: ["pt", "pint", "pints", "us pt", "us pint", "us pints"]),
        entry("qt", .volume, usGallon / Rational(4), aliases: ["qt", "quart", "quarts", "us qt", "us quart", "us quarts"]),
        entry("gal", .volume, usGallon, aliases: ["gal", "gallon", "gallons", "us gal", "us gallon", "us gallons"]),
        entry("imp gal", .volume, imperialGallon,
             aliases: prefixed(["gal", "gallon", "gallons"])),
        entry("imp pt", .volume, imperialGallon / Rational(8),
             aliases: prefixed(["pt", "pint", "pints"])),
        entry("imp fl oz", .volume, imperialGallon / Rational(160),
             aliases: prefixed(["fl oz", "floz", "fl.oz", "fluid ounce", "fluid ounces"])),
        // Hardness, in mmol/L.
        entry("mmol/L", .hardness, .one, aliases: ["mmol/l", "mmol"]),
        entry("°dH", .hardness, decimal("0.178325"), aliases: ["dh", "°dh", "gh", "°gh"]),
        entry("°fH", .hardness, decimal("0.0999132"), aliases: ["fh", "°fh"]),
        entry("gpg", .hardness, decimal("17.1181") / caCO3, aliases: ["gpg"]),
        entry("°Clark", .hardness, decimal("14.2538") / caCO3, aliases: ["clark", "°clark", "e", "°e"]),
        entry("ppm", .hardness, .one / caCO3, aliases: ["ppm", "mg/l", "ppm caco3"]),
        // Mass flow, in kg/h.
        entry("kg/h", .massFlow, .one, aliases: ["kg/h", "kg/hr", "kgh"]),
        entry("t/h", .massFlow, Rational(1000), aliases: ["t/h", "t/hr", "tph"]),
        entry("lb/h", .massFlow, decimal("0.45359237"), aliases: ["lb/h", "lb/hr", "lbs/h", "lbs/hr", "pph"]),
        entry("kg/s", .massFlow, Rational(3600), aliases: ["kg/s"]),
        // Volume flow, in m³/h.
        entry("m3/h", .volumeFlow, .one, aliases: ["m3/h", "m³/h", "m3/hr", "m³/hr", "cmh"]),
        entry("L/s", .volumeFlow, decimal("3.6"), aliases: ["l/s", "lps"]),
        entry("L/min", .volumeFlow, decimal("0.06"), aliases: ["l/min", "lpm"]),
        entry("gpm", .volumeFlow, usGallon * Rational(60) / Rational(1000), aliases: ["gpm", "gal/min", "usgpm"]),
        // Temperature differences, in K (= °C).
        entry("°C", .temperatureDifference, .one, aliases: ["c", "°c", "k", "degc", "deg c"]),
        entry("°F", .temperatureDifference, Rational(BigInt(5), BigInt(9)), aliases: ["f", "°f", "degf", "deg f"]),
        // Counts, in items.
        entry("items", singular: "item", .count, .one, aliases: ["item", "items", "each", "ea", "ct", "count"]),
        entry("pcs", singular: "pc", .count, .one, aliases: ["pc", "pcs", "piece", "pieces"]),
        entry("pods", singular: "pod", .count, .one, aliases: ["pod", "pods"]),
        entry("tabs", singular: "tab", .count, .one, aliases: ["tab", "tabs", "tablet", "tablets"]),
        entry("rolls", singular: "roll", .count, .one, aliases: ["roll", "rolls"]),
        entry("sheets", singular: "sheet", .count, .one, aliases: ["sheet", "sheets"]),
        entry("loads", singular: "load", .count, .one, aliases: ["load", "loads"]),
        entry("bags", singular: "bag", .count, .one, aliases: ["bag", "bags"]),
    ]

    private static func entry(_ symbol: String, singular: String? = nil, _ dimension: Dimension, _ factor: Rational,
                              aliases: [String]) -> Definition {
        Definition(symbol: symbol, singular: singular ?? symbol, dimension: dimension, factor: factor, aliases: aliases)
    }

    /// Imperial aliases: `imp`, `uk` and `imperial` before each name.
    private static func prefixed(_ names: [String]) -> [String] {
        ["imp", "uk", "imperial"].flatMap { prefix in names.map { "\(prefix) \($0)" } }
    }

    private static let byAlias: [String: Unit] = {
        var table: [String: Unit] = [:]
        for unit in units {
            for alias in unit.aliases {
                precondition(table[alias] == nil, "unit alias \(alias) is defined twice")
                table[alias] = unit
            }
        }
        return table
    }()

    /// The most words a unit name takes (`imp fl oz`).
    static let longestName = 3

    /// The unit named by `text` (case-insensitive; words separated by single spaces).
    public static func unit(named text: String) -> Unit? { byAlias[text.lowercased()] }

    /// The unit whose symbol is exactly `symbol` (as saved files name them).
    public static func unit(symbol: String) -> Unit? { units.first { $0.symbol == symbol } }

    /// Items: the unit of a quantity written without one.
    public static let items = unit(named: "items")!

    /// The unit for the base of a dimension.
    public static func base(of dimension: Dimension) -> Unit {
        units.first { $0.dimension == dimension && $0.factor == .one }!
    }

    /// Every alias, for completion and suggestions.
    public static var allAliases: [String] { Array(byAlias.keys) }

    /// The unit an unknown word was probably meant to be, if it is one edit away from a
    /// unit name (`gm`, `kgg`, `mls`). Capitalised words (`Go`, `Round`) read as names.
    public static func likelyMisspelling(_ word: String, shoppableOnly: Bool = false) -> String? {
        let lower = word.lowercased()
        guard lower.count >= 2, lower.unicodeScalars.allSatisfy({ Lexer.isNameStart($0) }) else { return nil }
        if let first = word.first, first.isUppercase, word.dropFirst().contains(where: \.isLowercase) { return nil }
        // A word in capitals (AA batteries, XL) is a name, not a misspelt unit.
        if word.allSatisfy(\.isUppercase) { return nil }
        var best: (distance: Int, name: String)? = nil
        for (alias, unit) in byAlias where !alias.contains(" ") && (!shoppableOnly || unit.dimension.isShoppable) {
            guard abs(alias.count - lower.count) <= 1 else { continue }
            let distance = Suggestion.editDistance(lower, alias)
            if distance <= 1, best == nil || distance < best!.distance || (distance == best!.distance && alias < best!.name) {
                best = (distance, alias)
            }
        }
        return best?.name
    }
}
