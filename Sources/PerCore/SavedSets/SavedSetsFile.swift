/// The saved-sets file, `saved.json` (README, "Saved input sets"): versioned JSON.
///
/// Numbers are kept exactly: an exact value as `"249/100"` (or `"-3"`), an approximate one
/// as `"~0.30000000000000004"` (the shortest text that reads back as the same `Double`).
/// Units are kept by symbol. A file this version cannot read is an error, never a guess;
/// reading is in `SavedSetsReading.swift`.
public enum SavedSetsFile {
    public static let formatVersion = 1
    static let formatName = "per saved sets"

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
        return Array((document.text(indent: 2) + "\n").utf8)
    }

    static func encode(_ set: SavedSet) -> JSON {
        let state = set.state
        return .object([
            ("name", .string(set.name)),
            ("saved_at", .string(set.savedAt)),
            ("digits", .number(String(state.digits))),
            ("variables", .object(state.variables.keys.sorted().map { ($0, encode(state.variables[$0]!)) })),
            ("inputs", .object(state.inputs.keys.sorted().map { ($0, encode(state.inputs[$0]!)) })),
            ("list", encode(state.list)),
            ("last_estimator", state.lastEstimator.map(JSON.string) ?? .null),
            ("headline", set.headline.map(JSON.string) ?? .null),
        ])
    }

    static func encode(_ number: Number) -> JSON {
        switch number {
        case .exact(let r): return .string(r.description)
        case .approximate(let d): return .string("~\(d)")
        }
    }

    static func encode(_ value: InputValue) -> JSON {
        switch value {
        case .word(let word): return .object([("word", .string(word))])
        case .number(let number, let unit):
            return .object([("number", encode(number)), ("unit", unit.map { .string($0.symbol) } ?? .null)])
        }
    }

    static func encode(_ list: ShoppingList) -> JSON {
        let draft = list.draft
        return .object([
            ("type", list.dimension.map { .string($0.rawValue) } ?? .null),
            ("basis", list.chosenBasis.map { .object([("amount", encode($0.amount)), ("unit", .string($0.unit.symbol))]) } ?? .null),
            ("currency", list.currency.map { .object([("symbol", .string(String($0.symbol))), ("prefix", .bool($0.isPrefix))]) } ?? .null),
            ("next_id", .number(String(list.nextID))),
            ("products", .array(list.products.map { product in
                .object([
                    ("id", .number(String(product.id))), ("name", .string(product.name)), ("price", encode(product.price)),
                    ("packs", product.quantity.packs.map { .number(String($0)) } ?? .null),
                    ("amount", encode(product.quantity.amount)), ("unit", .string(product.quantity.unit.symbol)),
                ])
            })),
            ("draft", .object([
                ("price", draft.price.map(encode) ?? .null),
                ("currency", draft.currency.map { .object([("symbol", .string(String($0.symbol))), ("prefix", .bool($0.isPrefix))]) } ?? .null),
                ("amount", draft.amount.map(encode) ?? .null),
                ("packs", draft.packs.map { .number(String($0)) } ?? .null),
                ("unit", draft.unit.map { .string($0.symbol) } ?? .null),
                ("name", draft.name.map(JSON.string) ?? .null),
            ])),
        ])
    }
}
