extension UnitTable {
    /// A name of the catalogue as `help units DIMENSION` lists it: what the catalogue
    /// says it is, as written there (exact: the legal definitions).
    package struct Listed: Sendable {
        package let name: String
        package let unit: CompoundUnit
        /// For another name of a unit, the unit's name as written (`stone`: `st`).
        package let alias: String?
        /// A unit's definition as written (`14 lb`, `0.45359237*9.80665 kg*m/s^2`); nil
        /// for a base unit (`g`, `m`) and for another name.
        package let definition: String?
        /// For a temperature scale, the kelvin of its zero, as written (`273.15`).
        package let zero: String?
        /// The prefixes the unit takes (`UnitPrefix`): `SI`, `SI multiples`, and `binary`.
        package let prefixes: [String]
        /// `gauge` or `absolute` for a pressure read against the atmosphere or vacuum.
        package var reference: String? = nil
    }

    /// Every name of the catalogue whose unit is of one of `dimensions`, in the
    /// catalogue's order; a name that reads several ways (`ton`) names none and is left
    /// out. Every unit named is made: for `help`, not for a statement.
    package static func listed(of dimensions: [Dimension]) -> [Listed] {
        namedLines.compactMap { line, unit in
            guard dimensions.contains(unit.dimension) else { return nil }
            let name = String(line.name)
            if line.definition.hasPrefix("= ") {
                return Listed(name: name, unit: unit, alias: String(line.definition.dropFirst(2)), definition: nil, zero: nil, prefixes: [])
            }
            var zero: String? = nil, prefixes: [String] = [], reference: String? = nil
            for option in line.options.split(separator: " ") {
                switch option {
                case "si": prefixes.append("SI")
                case "si+": prefixes.append("SI multiples")
                case "binary": prefixes.append("binary")
                case "gauge", "absolute": reference = String(option)
                default: if option.hasPrefix("point=") { zero = String(option.dropFirst(6)) }
                }
            }
            let definition = line.definition.hasPrefix("* ") ? nil : String(line.definition)
            return Listed(name: name, unit: unit, alias: nil, definition: definition, zero: zero, prefixes: prefixes, reference: reference)
        }
    }

    /// The symbols and names of the SI prefixes and of the binary ones (`k kilo`,
    /// `Ki kibi`), in order from the largest, for help.
    package static var prefixSymbols: (si: [String], binary: [String]) {
        let shown = UnitPrefix.all.filter { $0.symbol != "μ" && $0.symbol != "u" && $0.name != "deka" }
        return (shown.filter { $0.base == 10 }.map(\.symbol), shown.filter { $0.base == 2 }.map(\.symbol))
    }

    /// The names completion offers for a unit after a number: every name of the catalogue
    /// of `dimension` (or of any), or with `symbolsOnly` its units' own symbols (`mi`, not
    /// `miles`); prefixed forms (`GJ`, `µm`) are not spelt out.
    package static func completionNames(of dimension: Dimension? = nil, symbolsOnly: Bool = false) -> [String] {
        namedLines.compactMap { line, unit in
            guard !(symbolsOnly && line.definition.hasPrefix("= ")), unit.currency == nil,
                  dimension.map({ unit.dimension == $0 }) ?? true else { return nil }
            return String(line.name)
        }
    }
}
