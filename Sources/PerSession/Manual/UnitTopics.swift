import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The units per knows, grouped by what they measure: `help units` names every group
/// with its units, and `help units DIMENSION` lists every name of one group with what it
/// is, as the catalogue defines it.
struct UnitGroup: Sendable {
    /// The word `help units` takes (`pressure`), and other ways to write it (`flows`).
    let name: String
    let otherNames: [String]
    /// What it measures, each with the unit its names are shown in: one dimension, or
    /// several (flow: of volume and of mass; electricity: current, voltage, …).
    let parts: [(title: String, reference: String)]

    init(_ name: String, _ otherNames: [String] = [], _ parts: [(title: String, reference: String)]) {
        self.name = name
        self.otherNames = otherNames
        self.parts = parts
    }

    /// The groups, in the order `help units` lists them. A reference unit's dimension is
    /// the part's.
    static let all: [UnitGroup] = [
        UnitGroup("length", ["distance"], [("length", "m")]),
        UnitGroup("mass", ["weight"], [("mass", "kg")]),
        UnitGroup("volume", [], [("volume", "L")]),
        UnitGroup("area", [], [("area", "m²")]),
        UnitGroup("time", ["duration"], [("time", "s")]),
        UnitGroup("speed", ["velocity"], [("speed", "m/s")]),
        UnitGroup("flow", ["flow rate"], [("volume flow", "L/s"), ("mass flow", "kg/s")]),
        UnitGroup("force", [], [("force", "N")]),
        UnitGroup("pressure", [], [("pressure", "Pa")]),
        UnitGroup("energy", ["heat", "work"], [("energy", "J")]),
        UnitGroup("power", [], [("power", "W")]),
        UnitGroup("electricity", ["electric", "electrical"],
                  [("electric current", "A"), ("voltage", "V"), ("resistance", "Ω"), ("conductance", "S"),
                   ("electric charge", "coulomb"), ("conductivity", "µS/cm")]),
        UnitGroup("information", ["data", "storage"], [("information", "bit"), ("data rate", "bit/s")]),
        UnitGroup("frequency", [], [("frequency", "Hz")]),
        UnitGroup("temperature", [], [("temperature", "K")]),
        UnitGroup("hardness", ["concentration", "water"],
                  [("hardness", "mmol/L"), ("mass concentration", "mg/L"), ("amount of substance", "mol")]),
        UnitGroup("counts", ["count"], [("count", "items")]),
        UnitGroup("parts", ["ratio", "percent"], [("parts of a whole", "percent")]),
        UnitGroup("fuel economy", ["fuel"], [("fuel economy", "km/L")]),
        UnitGroup("angle", [], [("angle", "°")]),
    ]

    /// The group a word names: its name or another, in the singular or plural (`help
    /// units flows`, `help units Pressure`).
    static func named(_ word: String) -> UnitGroup? {
        let lower = word.lowercased()
        let singular = lower.hasSuffix("s") ? String(lower.dropLast()) : lower
        return all.first { group in
            let names = [group.name] + group.otherNames
            return names.contains(lower) || names.contains(singular) || names.contains { $0 + "s" == lower }
        }
    }

    /// The reference units of the group's parts, with their dimensions.
    var references: [(title: String, unit: CompoundUnit)] {
        parts.compactMap { part in UnitTable.compound(part.reference).map { (part.title, $0) } }
    }

    /// The groups' units for `help units`: the symbols of each group's units (not their
    /// other names), wrapped to fit the help text.
    static var overview: [[String]] {
        all.flatMap { group -> [[String]] in
            let dimensions = group.references.map(\.unit.dimension)
            let symbols = UnitTable.listed(of: dimensions).filter { $0.alias == nil }.map(\.name)
            // A name of several words (`light year`) is not broken across lines.
            let lines = ManualBlock.wrap(symbols.map { String($0.map { $0 == " " ? "\u{A0}" : $0 }) }.joined(separator: ", "), width: 64)
                .map { String($0.map { $0 == "\u{A0}" ? " " : $0 }) }
            return lines.enumerated().map { [$0.offset == 0 ? group.name : "", $0.element] }
        }
    }

    /// `help units NAME`: every name of the group with what it is, exactly as defined, and
    /// its value in the part's reference unit (≈ where that is no finite decimal), lined
    /// up and within 80 columns.
    var help: [HelpLine] {
        var lines: [HelpLine] = [HelpLine("Units of \(name)", isHeading: true)]
        var prefixed: [String: [String]] = [:]
        for (title, reference) in references {
            let listed = UnitTable.listed(of: [reference.dimension])
            guard !listed.isEmpty else { continue }
            lines.append(HelpLine(""))
            lines.append(HelpLine("\(title.prefix(1).uppercased() + title.dropFirst()), in \(reference.symbol):"))
            var rows: [[String]] = []
            // A definition and its value side by side where they fit in 80 columns, else
            // the value on a line of its own.
            let room = 80 - 4 - (listed.map(\.name.count).max() ?? 0)
            for entry in listed {
                for prefix in entry.prefixes { prefixed[prefix, default: []].append(entry.name) }
                let parts = UnitGroup.description(of: entry, in: reference)
                let joined = parts.joined(separator: "  ")
                for (index, part) in (joined.count <= room ? [joined] : parts).enumerated() {
                    rows.append([index == 0 ? entry.name : "", part])
                }
            }
            lines += ManualBlock.align(rows).map { HelpLine("  " + $0) }
        }
        let (si, binary) = UnitTable.prefixSymbols
        var notes: [String] = []
        if let units = prefixed["SI"] {
            notes.append("SI prefixes (\(si.joined(separator: " "))) go before \(units.joined(separator: ", ")).")
        }
        if let units = prefixed["SI multiples"] {
            notes.append("SI multiples (k M G T …) go before \(units.joined(separator: ", ")).")
        }
        if let units = prefixed["binary"] {
            notes.append("Binary prefixes (\(binary.joined(separator: " "))) go before \(units.joined(separator: ", ")).")
        }
        if !notes.isEmpty {
            lines.append(HelpLine(""))
            lines += notes.flatMap { ManualBlock.wrap($0, width: 78).map { HelpLine($0) } }
        }
        return lines
    }

    /// What a name is, in one or two parts, each short enough to stand beside a name: another name's
    /// unit (`= st`); a unit's definition as written and, unless that is already in the
    /// reference unit, its value in it (`14 lb`, `= 6.35029318 kg`); a base unit; a
    /// temperature scale's degree and zero.
    static func description(of entry: UnitTable.Listed, in reference: CompoundUnit) -> [String] {
        if let alias = entry.alias { return ["= \(alias)"] }
        if let zero = entry.zero {
            return ["degrees of \(entry.definition ?? ""), from \(zero) K"]
        }
        guard let definition = entry.definition else { return ["base unit of \(entry.unit.dimension.rawValue)"] }
        // `psig`: a pressure above the atmosphere's.
        if let kind = entry.reference { return ["\(definition), \(kind)"] }
        if entry.unit == reference { return [definition] }
        guard let value = try? QuantityMath.convert(Quantity(1, entry.unit), to: reference, rates: Rates()) else { return [definition] }
        let shown = QuantityDisplay.display(value, digits: 12)
        let text = (shown.isExact ? "= " : "≈ ") + shown.text
        if shown.isExact, definition.hasSuffix(" " + reference.symbol) || definition == shown.text { return [text] }
        return [definition, text]
    }
}
