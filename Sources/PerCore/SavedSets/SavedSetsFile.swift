/// The saved-sets file, `saved.json` (SPEC §6): versioned JSON.
///
/// Numbers are kept exactly: an exact value as `"249/100"` (or `"-3"`), an approximate one
/// as `"~0.30000000000000004"` (the shortest text that reads back as the same `Double`).
/// Units are kept by symbol. A file this version cannot read is an error, never a guess.
public enum SavedSetsFile {
    public static let formatVersion = 1
    static let formatName = "per saved sets"

    public enum ReadError: Error, Equatable, Sendable {
        /// Not a saved-sets file this program can make sense of.
        case corrupt(String)
        /// Written by a newer per, in format `version`.
        case newerVersion(Int)
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

    // MARK: Reading

    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> [SavedSet] {
        let document: JSON
        do {
            document = try JSON.parse(bytes)
        } catch {
            throw .corrupt("not JSON (\(error.message) at byte \(error.offset))")
        }
        guard document["format"]?.string == formatName, let version = document["version"]?.int else {
            throw .corrupt("not a per saved-sets file")
        }
        guard version <= formatVersion else { throw .newerVersion(version) }
        guard version >= 1, let sets = document["sets"]?.array else { throw .corrupt("no list of sets") }
        var decoded: [SavedSet] = []
        for (index, set) in sets.enumerated() {
            guard let value = decodeSet(set) else { throw .corrupt("set \(index + 1) cannot be read") }
            decoded.append(value)
        }
        return decoded
    }

    static func decodeSet(_ json: JSON) -> SavedSet? {
        guard let name = json["name"]?.string, let savedAt = json["saved_at"]?.string, let digits = json["digits"]?.int,
              NumberDisplay.digitsRange.contains(digits),
              case .object(let variableMembers)? = json["variables"], case .object(let inputMembers)? = json["inputs"],
              let listJSON = json["list"], let list = decodeList(listJSON) else { return nil }
        var variables: [String: Number] = [:]
        for (key, value) in variableMembers {
            guard let number = decodeNumber(value) else { return nil }
            variables[key] = number
        }
        var inputs: [String: InputValue] = [:]
        for (key, value) in inputMembers {
            guard let input = decodeInput(value) else { return nil }
            inputs[key] = input
        }
        let state = SessionState(variables: variables, inputs: inputs, list: list, digits: digits,
                                 lastEstimator: json["last_estimator"]?.string)
        return SavedSet(name: name, savedAt: savedAt, state: state, headline: json["headline"]?.string)
    }

    static func decodeNumber(_ json: JSON) -> Number? {
        guard let text = json.string else { return nil }
        if text.hasPrefix("~") {
            guard let value = Double(text.dropFirst()), value.isFinite else { return nil }
            return .approximate(value)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let numerator = integer(parts[0]) else { return nil }
        guard parts.count == 2 else { return .exact(Rational(numerator)) }
        guard let denominator = integer(parts[1]), !denominator.isZero else { return nil }
        return .exact(Rational(numerator, denominator))
    }

    private static func integer(_ text: Substring) -> BigInt? {
        let negative = text.hasPrefix("-")
        let digits = Array(text.dropFirst(negative ? 1 : 0).utf8)
        guard !digits.isEmpty, digits.count <= 2000, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        let magnitude = BigInt(decimalDigits: digits)
        return negative ? -magnitude : magnitude
    }

    static func decodeInput(_ json: JSON) -> InputValue? {
        if let word = json["word"]?.string { return .word(word) }
        guard let numberJSON = json["number"], let number = decodeNumber(numberJSON) else { return nil }
        guard let unitJSON = json["unit"], unitJSON != .null else { return .number(number, unit: nil) }
        guard let symbol = unitJSON.string, let unit = UnitTable.unit(symbol: symbol) else { return nil }
        return .number(number, unit: unit)
    }

    static func decodeCurrency(_ json: JSON?) -> Currency?? {
        guard let json, json != .null else { return .some(nil) }
        guard let symbol = json["symbol"]?.string, symbol.count == 1, Lexer.currencySymbols.contains(symbol.first!),
              let prefix = json["prefix"]?.bool else { return nil }
        return .some(Currency(symbol: symbol.first!, isPrefix: prefix))
    }

    static func decodeList(_ json: JSON) -> ShoppingList? {
        var dimension: Dimension? = nil
        if let type = json["type"], type != .null {
            guard let name = type.string, let value = Dimension(rawValue: name) else { return nil }
            dimension = value
        }
        var basis: Basis? = nil
        if let basisJSON = json["basis"], basisJSON != .null {
            guard let amountJSON = basisJSON["amount"], let amount = decodeNumber(amountJSON),
                  let symbol = basisJSON["unit"]?.string, let unit = UnitTable.unit(symbol: symbol) else { return nil }
            basis = Basis(amount: amount, unit: unit)
        }
        guard let currency = decodeCurrency(json["currency"]), let nextID = json["next_id"]?.int,
              let productList = json["products"]?.array, let draftJSON = json["draft"] else { return nil }
        var products: [Product] = []
        for entry in productList {
            guard let id = entry["id"]?.int, let name = entry["name"]?.string,
                  let priceJSON = entry["price"], let price = decodeNumber(priceJSON),
                  let amountJSON = entry["amount"], let amount = decodeNumber(amountJSON),
                  let symbol = entry["unit"]?.string, let unit = UnitTable.unit(symbol: symbol) else { return nil }
            let packs = entry["packs"]?.int
            products.append(Product(id: id, name: name, price: price, quantity: EnteredQuantity(packs: packs, amount: amount, unit: unit)))
        }
        guard let draftCurrency = decodeCurrency(draftJSON["currency"]) else { return nil }
        var draft = Draft()
        draft.currency = draftCurrency
        draft.price = draftJSON["price"].flatMap(decodeNumber)
        draft.amount = draftJSON["amount"].flatMap(decodeNumber)
        draft.packs = draftJSON["packs"]?.int
        draft.unit = draftJSON["unit"]?.string.flatMap(UnitTable.unit(symbol:))
        draft.name = draftJSON["name"]?.string
        return ShoppingList(products: products, dimension: dimension, chosenBasis: basis, currency: currency,
                            draft: draft, nextID: nextID)
    }
}
