import PerNumbers

/// What the unit table makes of a catalogue line (`UnitCatalogue`): its unit, with or
/// without a prefix, from the line's definition and options.
extension UnitTable {
    /// The unit of `line` with `prefix`: shown and keyed as the symbols joined (`µm`), its
    /// factor the prefix's times the line's.
    /// A symbol another word would take (`µL`, read as the `µl` line; `MS`, refused as ms
    /// or megasiemens; `am`, the morning) is not shown: the unit is that line's, where it is
    /// the same amount, else shown by its names (`megasiemens`, `attometres`), which read
    /// back as it.
    static func made(_ line: Catalogue.Line, prefix: UnitPrefix) -> Unit? {
        let symbol = prefix.shownSymbol + line.name
        guard let base = definition(of: line) else { return nil }
        let factor = base.factor * prefix.factor
        var (shown, singular) = (symbol, symbol)
        if case let other = Catalogue.find(symbol).line, UnitPrefix.notPrefixed.contains(symbol)
            || !other.name.isEmpty && !symbol.utf8.contains(where: { $0 &- UInt8(ascii: "a") < 26 }) {
            if !other.definition.hasPrefix("= "), !other.definition.hasPrefix("? "), let same = made(other),
               same.dimension == base.dimension, same.factor == factor, same.piPower == base.piPower { return same }
            if let names = names(of: line) { (singular, shown) = (prefix.name + names.singular, prefix.name + names.plural) }
        }
        return Unit(Unit.Definition(symbol: shown, singular: singular, key: symbol, dimension: base.dimension,
                                    factor: factor, piPower: base.piPower, kind: base.kind))
    }

    /// The names a unit's line is written by in words, one and more of it (`second`,
    /// `seconds`; `siemens` for both): the longest with a plural of `s`, else the longest.
    static func names(of line: Catalogue.Line) -> (singular: String, plural: String)? {
        let names = Catalogue.all.filter { $0.definition == "= " + line.name && $0.name.allSatisfy { $0.isLowercase } }
            .map { String($0.name) }
        let plural = Set(names)
        let order: (String, String) -> Bool = { ($0.count, $0) < ($1.count, $1) }
        if let one = names.filter({ plural.contains($0 + "s") }).max(by: order) { return (one, one + "s") }
        return names.max(by: order).map { ($0, $0) }
    }

    /// A currency's code in any case (`eur`), or its symbol alone (`€`).
    static func money(named text: String) -> Unit? {
        if text.count == 3, let code = CurrencyCode.named(text) { return money(code, .code) }
        if text.count == 1, let symbol = text.first, let code = CurrencyCode.withSymbol(symbol) { return money(code, .prefix) }
        return nil
    }

    /// A compound unit as the catalogue writes one: names joined by `*` and `/`, with `^`
    /// powers (`g*m^2/s^2`, `t/h`, `imp gal`).
    static func compound(_ text: Substring) -> CompoundUnit? {
        var result = CompoundUnit()
        var dividing = false
        var rest = text
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "*" || $0 == "/" } ?? rest.endIndex
            var name = rest[..<end], exponent: Int8 = 1
            if let caret = name.firstIndex(of: "^") {
                guard let power = Int8(name[name.index(after: caret)...]) else { return nil }
                exponent = power
                name = name[..<caret]
            }
            guard let unit = word(String(name))?.unit,
                  let term = dividing ? unit.raised(to: -Int(exponent)) : unit.raised(to: Int(exponent)),
                  let product = try? result.multiplied(by: term, dividing: false) else { return nil }
            result = product
            if end < rest.endIndex { dividing = dividing || rest[end] == "/" }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
        }
        return result
    }

    /// The unit of a catalogue line that makes one. It is made when its word is first
    /// read, and kept with the word (`word`); two units of one key are the same unit.
    static func made(_ line: Catalogue.Line) -> Unit? {
        definition(of: line).map(Unit.init)
    }

    static func definition(of line: Catalogue.Line) -> Unit.Definition? {
        let symbol = String(line.name)
        var singular = symbol, kind = Unit.Kind.plain, piPower: Int8 = 0
        var failed = false
        line.forEachOption { option in
            let equals = option.utf8.firstIndex(of: UInt8(ascii: "=")) ?? option.endIndex
            let value = equals < option.endIndex ? option[option.utf8.index(after: equals)...] : ""
            switch option[..<equals] {
            case "singular": singular = String(value)
            case "point": if let offset = number(value) { kind = .temperaturePoint(offset: offset) } else { failed = true }
            case "difference": kind = .temperatureDifference
            case "gauge": kind = .pressure(.gauge)
            case "absolute": kind = .pressure(.absolute)
            case "turns": kind = .turns
            case "pi": if let power = Int8(value) { piPower = power } else { failed = true }
            default: break
            }
        }
        if failed { return nil }
        let dimension: Dimension, factor: Rational
        let definition = line.definition
        if definition.hasPrefix("* ") {
            let parts = definition.dropFirst(2).split(separator: " ")
            guard let base = parts.first.flatMap({ Dimension.base(named: String($0)) }) else { return nil }
            dimension = base
            guard let scale = parts.count > 1 ? number(parts[1]) : .one else { return nil }
            factor = scale
        } else {
            let space = definition.utf8.firstIndex(of: UInt8(ascii: " ")) ?? definition.endIndex
            guard let amount = number(definition[..<space]) else { return nil }
            let unitText = space < definition.endIndex ? definition[definition.utf8.index(after: space)...] : ""
            guard let unit = unitText.isEmpty ? CompoundUnit() : compound(unitText) else { return nil }
            if case .temperaturePoint = kind, unit.atom?.kind != .temperatureDifference { return nil }
            dimension = unit.dimension
            factor = amount * unit.factor
            piPower += Int8(unit.piPower)
        }
        return Unit.Definition(symbol: symbol, singular: singular, key: symbol, dimension: dimension, factor: factor,
                               piPower: piPower, kind: kind)
    }

    /// Decimals joined by `*` and `/` (`365/12`, `0.45359237*9.80665/0.00064516`).
    static func number(_ text: Substring) -> Rational? {
        var result = Rational.one
        var dividing = false
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") } ?? utf8.endIndex
            guard let value = decimal(utf8[start..<end]) else { return nil }
            if dividing {
                guard !value.isZero else { return nil }
                result = result / value
            } else {
                result = result * value
            }
            guard end < utf8.endIndex else { break }
            dividing = utf8[end] == UInt8(ascii: "/")
            start = utf8.index(after: end)
        }
        return result
    }

    static func decimal(_ text: Substring.UTF8View) -> Rational? {
        var mantissa: Int64 = 0, digits = 0, decimals = 0, point = false
        for byte in text {
            if byte == UInt8(ascii: "."), !point {
                point = true
            } else if byte &- UInt8(ascii: "0") < 10, digits < 18 {
                mantissa = mantissa * 10 + Int64(byte &- UInt8(ascii: "0"))
                digits += 1
                if point { decimals += 1 }
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return Rational.decimal(mantissa, decimals: decimals)
    }
}
