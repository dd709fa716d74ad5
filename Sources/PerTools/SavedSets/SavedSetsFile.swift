import PerNumbers
import PerUnits
import PerLanguage

/// The saved-sets file, `saved.json` (`help storage`): versioned JSON.
///
/// Numbers are kept exactly: an exact value as `"249/100"` (or `"-3"`), an approximate one
/// as `"~0.30000000000000004"` (the shortest text that reads back as the same `Double`).
/// A quantity with a unit is `{"number": …, "units": [["kg", 1], ["h", -1]]}`, units by
/// their key. Version 2 added units to variables and inputs, money units and rates;
/// version 1 files (per 0.1.0) are read and upgraded. A file this version cannot read is
/// an error, never a guess; reading is in `SavedSetsReading.swift`.
public enum SavedSetsFile {
    public static let formatVersion = 2
    package static let formatName = "per saved sets"

    public enum ReadError: Error, Equatable, Sendable {
        /// Not a saved-sets file this program can make sense of.
        case corrupt(String)
        /// Written by a newer per, in format `version` (kept as written: it may be too large
        /// for an `Int`).
        case newerVersion(String)
    }

    // MARK: Writing

    public static func encode(_ sets: [SavedSet]) -> [UInt8] {
        let document = JSON.object([
            ("format", .string(formatName)),
            ("version", .number(String(formatVersion))),
            ("sets", .array(sets.map(encode))),
        ])
        var bytes = document.utf8(indent: 2)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    package static func encode(_ set: SavedSet) -> JSON {
        let state = set.state
        return .object([
            ("name", .string(set.name)),
            ("saved_at", .string(set.savedAt)),
            ("digits", .number(String(state.digits))),
            ("group", .bool(state.group)),
            ("input", .string(state.input.rawValue)),
            ("money", encode(state.money)),
            ("vat", state.taxRate.map(encode) ?? .null),
            ("variables", .object(state.variables.keys.sorted().map { ($0, encode(state.variables[$0]!)) })),
            ("functions", .object(state.functions.keys.sorted().map { name in
                let function = state.functions[name]!
                return (name, .object([("parameters", .array(function.parameters.map(JSON.string))), ("body", .string(function.body)),
                                       ("names", .array(function.globals.sorted().map(JSON.string)))]))
            })),
            ("inputs", .object(state.inputs.keys.sorted().map { ($0, encode(state.inputs[$0]!)) })),
            ("units", .array(state.units.entries.map { .object([("key", .string($0.unit.key)), ("definition", .string($0.written))]) })),
            ("rates", .array(state.rates.all.map { rate in
                .object([("from", .string(rate.from.code)), ("to", .string(rate.to.code)), ("rate", encode(.exact(rate.value)))])
            })),
            ("list", encode(state.list)),
        ] + encode(shelf: state.shelf)
          // Only when chosen: a set that follows the inputs reads as one from before the setting.
          + (state.unitSystem.map { [("unit_system", JSON.string($0.rawValue))] } ?? [])
          + (state.estimatorOnly.map { [("estimator_only", JSON.string($0))] } ?? []) + [
            ("last_estimator", state.lastEstimator.map(JSON.string) ?? .null),
            ("headline", set.headline.map(JSON.string) ?? .null),
        ] + encode(ranges: state.ranges) + encode(listVariables: state.listVariables)
          + (state.labelled.isEmpty ? [] : [("labels", .array(state.labelled.sorted().map(JSON.string)))]))
    }

    package static func encode(_ number: Number) -> JSON {
        switch number {
        case .exact(let r): return .string(r.description)
        case .approximate(let x):
            // Its exact form when it has one (`~3/2√2`), else its bounds (`~p/q..r/s`), so
            // that it reads back as the same value.
            if let surd = x.surd, surd.coefficient.bitWidth <= Number.exactBits, surd.radicand.bitWidth <= Number.exactBits {
                return .string("~\(surd.coefficient)√\(surd.radicand)")
            }
            if x.lower.bitWidth <= Number.exactBits, x.upper.bitWidth <= Number.exactBits {
                return .string("~\(x.lower)..\(x.upper)")
            }
            // Beyond the exact range the bounds have hundreds of thousands of digits:
            // the middle to 55 significant digits, which reads back (within ten units of
            // its last digit) as an interval holding the bounds, 192 bits apart.
            let middle = x.midpoint
            guard !middle.isZero else { return .string("~0..0") }
            let (shortest, exponent) = NumberDisplay.roundSignificant(middle.magnitude, 55)
            // All 55 digits, trailing zeros too: the reader's margin is ten of the last.
            let digits = shortest + String(repeating: "0", count: max(0, 55 - shortest.count))
            let fraction = digits.dropFirst()
            return .string("~" + (middle.isNegative ? "-" : "") + String(digits.prefix(1)) + (fraction.isEmpty ? "" : "." + fraction)
                           + "e\(exponent)")
        }
    }

    /// `{"rounding": "cash", "step": "1/20"}`; sets saved before money rounding came
    /// have none and read as cents.
    package static func encode(_ money: MoneyRounding) -> JSON {
        switch money {
        case .cents: return .object([("rounding", .string("cents"))])
        case .exact: return .object([("rounding", .string("exact"))])
        case .cash(let step): return .object([("rounding", .string("cash")), ("step", encode(.exact(step)))])
        }
    }

    package static func encode(_ quantity: Quantity) -> JSON {
        if quantity.isPlain { return encode(quantity.magnitude) }
        let unit = quantity.unit
        var fields: [(String, JSON)] = [
            ("number", encode(quantity.magnitude)),
            ("units", .array(unit.terms.map { .array([.string($0.atom.key), .number(String($0.exponent))]) })),
        ]
        if let scale = unit.scale { fields.append(("scale", encode(.exact(scale)))) }
        // A time in a zone: the zone's name, the offset and abbreviation then, and the date
        // of a time of day; its rules are looked up by the name when read back.
        if let reading = quantity.zone {
            fields.append(("zone", .object([
                ("name", .string(reading.zone.name)), ("offset", .number(String(reading.offset.seconds))),
                ("abbreviation", .string(reading.offset.abbreviation)), ("daylight", .bool(reading.offset.isDaylightSaving)),
                ("day", .number(String(reading.day))),
            ])))
        }
        return .object(fields)
    }

    package static func encode(_ value: InputValue) -> JSON {
        switch value {
        case .word(let word): return .object([("word", .string(word))])
        case .quantity(let quantity): return .object([("quantity", encode(quantity))])
        }
    }

    package static func encode(_ currency: Currency?) -> JSON {
        currency.map { .object([("unit", .string($0.unit.key))]) } ?? .null
    }

    /// The current list's name and the other lists, written only when the session has
    /// more than the default list, so a set of one list reads as before lists had names.
    package static func encode(shelf: ListShelf) -> [(String, JSON)] {
        guard !shelf.isSingle else { return [] }
        let position = shelf.names.firstIndex(of: shelf.currentName) ?? shelf.otherLists.count
        return [("list_name", .string(shelf.currentName)), ("list_position", .number(String(position))),
                ("lists", .array(shelf.otherLists.map { .object([("name", .string($0.name)), ("list", encode($0.list))]) }))]
    }

    package static func encode(_ list: ShoppingList) -> JSON {
        let draft = list.draft
        var fields: [(String, JSON)] = [
            ("type", list.dimension.map { .string($0.rawValue) } ?? .null),
            ("basis", list.chosenBasis.map { .object([("amount", encode($0.amount)), ("unit", .string($0.unit.key))]
                                                     + ($0.isDose ? [("dose", .bool(true))] : [])) } ?? .null),
            ("currency", encode(list.currency)),
            ("next_id", .number(String(list.nextID))),
            ("club", .bool(list.club)),
            ("products", .array(list.products.map { product in
                .object([
                    ("id", .number(String(product.id))), ("name", .string(product.name)), ("price", encode(product.price)),
                    ("packs", product.quantity.packs.map { .number(String($0)) } ?? .null),
                    ("amount", encode(product.quantity.amount)), ("unit", .string(product.quantity.unit.key)),
                ] + (product.written.map { [("written", .object([("price", encode($0.amount)), ("currency", encode($0.currency))]))] } ?? [])
                  + (product.deal.map { [("deal", .string($0.text(currency: list.currency)))] } ?? []))
            })),
            ("draft", .object([
                ("price", draft.price.map(encode) ?? .null),
                ("currency", encode(draft.currency)),
                ("amount", draft.amount.map(encode) ?? .null),
                ("packs", draft.packs.map { .number(String($0)) } ?? .null),
                ("unit", draft.unit.map { .string($0.key) } ?? .null),
                ("name", draft.name.map(JSON.string) ?? .null),
            ])),
        ]
        if let need = list.need {
            let packs: JSON = need.packs.map { .number(String($0)) } ?? .null
            fields.append(("need", .object([("packs", packs), ("amount", encode(need.amount)), ("unit", .string(need.unit.key))])))
        }
        return .object(fields)
    }
}
