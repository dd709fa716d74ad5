import PerNumbers
import PerUnits
import PerLanguage

/// Reading the shopping list of a saved set: its products, deals and draft, each checked
/// against the rules typed input follows (see SavedSetsReading.swift for the file).
extension SavedSetsFile {
    // MARK: Money rounding

    /// How the set shows money; a set saved before money rounding came has none and
    /// shows cents.
    /// `true` or `false`; off in sets saved before grouping came.
    package static func decodeGroup(_ json: JSON?) throws(Problem) -> Bool {
        guard let json, json != .null else { return false }
        guard case .bool(let on) = json else { throw Problem("group is not true or false") }
        return on
    }

    /// `"dot"` or `"comma"`; dot in sets saved before comma input came.
    package static func decodeNotation(_ json: JSON?) throws(Problem) -> InputNotation {
        guard let json, json != .null else { return .dot }
        guard case .string(let text) = json, let notation = InputNotation(rawValue: text) else {
            throw Problem("input is not \"dot\" or \"comma\"")
        }
        return notation
    }

    /// The units estimators' results are shown in: absent (a file from before) or `inputs`
    /// follows the inputs.
    package static func decodeUnitSystem(_ json: JSON?) throws(Problem) -> UnitSystem? {
        guard let json, json != .null else { return nil }
        guard case .string(let text) = json, text == UnitSystem.followingInputs || UnitSystem(rawValue: text) != nil else {
            throw Problem("unit_system is not \"us\", \"metric\" or \"inputs\"")
        }
        return UnitSystem(rawValue: text)
    }

    package static func decodeMoney(_ json: JSON?) throws(Problem) -> MoneyRounding {
        guard let json, json != .null else { return .cents }
        switch try json.text("rounding") {
        case "cents": return .cents
        case "exact": return .exact
        case "cash":
            guard case .exact(let value) = try number(json.member("step", of: "money"), "the cash step"),
                  let step = MoneyRounding.cashStep(value) else { throw Problem("the cash step is not one money cash takes") }
            return .cash(step)
        case let other: throw Problem("money rounding is cents, exact or cash, not \(other)")
        }
    }

    /// The VAT rate `vat` set: a percentage from 0% to under 1000%, as `vat` takes; a set
    /// saved before it came has none.
    package static func decodeTaxRate(_ json: JSON?) throws(Problem) -> Quantity? {
        guard let json, json != .null else { return nil }
        let rate = try quantity(json, "the VAT rate")
        guard rate.isPercentage, rate.magnitude >= 0, rate.magnitude < 1000 else { throw Problem("the VAT rate is not a percentage vat takes") }
        return rate
    }

    // MARK: The shopping list

    package static func decodeList(_ json: JSON, version: Int) throws(Problem) -> ShoppingList {
        guard case .object = json else { throw Problem("it is not an object") }
        var dimension: Dimension? = nil
        if let type = try json.optionalText("type") {
            guard let value = Dimension(rawValue: type), value.isShoppable else { throw Problem("type is mass, volume, count, length or area, not \(type)") }
            dimension = value
        }
        var basis: Basis? = nil
        if let basisJSON = json["basis"], basisJSON != .null {
            let amount = try number(basisJSON.member("amount", of: "the basis"), "the basis")
            var isDose = false
            if let dose = basisJSON["dose"], dose != .null {
                guard case .bool(let on) = dose else { throw Problem("the basis's dose is not true or false") }
                isDose = on
            }
            let chosen = Basis(amount: amount, unit: try unit(basisJSON.text("unit")), isDose: isDose)
            // The rules of `basis`, on an empty list.
            var probe = ShoppingList()
            do {
                try probe.setBasis(chosen)
            } catch {
                throw Problem("the basis: \(error.message)")
            }
            basis = chosen
        }
        let currency = try decodeCurrency(json["currency"], version: version)
        let nextID = try json.wholeNumber("next_id")
        var products: [Product] = []
        var deals: [(id: Int, text: String, position: Int)] = []
        for (index, entry) in try json.elements("products").enumerated() {
            let product = try within("product \(index + 1)") { () throws(Problem) in try decodeProduct(entry, version: version) }
            products.append(product)
            if let deal = try within("product \(index + 1)", { () throws(Problem) in try entry.optionalText("deal") }) {
                deals.append((product.id, deal, index + 1))
            }
        }
        let draft = try within("the draft") { () throws(Problem) in try decodeDraft(json.member("draft"), version: version) }
        guard var list = ShoppingList(products: products, dimension: dimension, chosenBasis: basis, currency: currency,
                                      draft: draft, nextID: nextID) else {
            throw Problem("its products, type, basis and numbers do not fit together: one type, and each number used once, "
                            + "from 1 and below next_id (\(nextID)), at most \(ShoppingList.maxNextID)")
        }
        if let club = json["club"], club != .null {
            guard case .bool(let on) = club else { throw Problem("club is not true or false") }
            list.club = on
        }
        // The need kept with the list, absent before lists kept one: a quantity `need` takes.
        if let need = json["need"], need != .null {
            let quantity = EnteredQuantity(packs: try packs(need), amount: try number(need.member("amount", of: "the need"), "the need"),
                                           unit: try unit(need.text("unit")))
            do {
                try ShoppingList.check(price: Number(0), quantity: quantity)
            } catch {
                throw Problem("the need: \(error.message)")
            }
            guard list.dimension == nil || list.dimension == quantity.unit.dimension || Basis.countsUses(quantity.unit) else {
                throw Problem("the need is \(quantity.unit.dimension.withArticle), not what the list compares")
            }
            list.need = quantity
        }
        // Each deal read again as `deal N` reads it, so no file brings in one it refuses.
        for deal in deals {
            guard deal.text.utf8.count <= 200 else { throw Problem("product \(deal.position): its deal is too long") }
            let plain = Evaluator(variables: [:], lastResult: nil, rates: Rates(), inputs: [:], results: [:], vocabulary: CommandCatalogue.self, context: .standard)
            var reader = ArgumentReader(StatementSource(deal.text), command: "deal", commandRange: 0..<0, evaluator: plain)
            do throws(Diagnostic) {
                let (parsed, _) = try list.readDeal(&reader, rates: Rates())
                try list.setDealChecked(parsed, onProduct: deal.id)
            } catch {
                throw Problem("product \(deal.position): its deal '\(visible(deal.text))': \(error.message)")
            }
        }
        return list
    }

    /// The lists besides the current one and its name (`list NAME`); a set saved before
    /// lists had names has neither, and its list is the default one.
    package static func decodeShelf(_ json: JSON, version: Int) throws(Problem) -> ListShelf {
        let current = try json.optionalText("list_name") ?? ListShelf.defaultName
        var others: [(name: String, list: ShoppingList)] = []
        if let entries = json["lists"], entries != .null {
            for (index, entry) in try json.elements("lists").enumerated() {
                let name = try entry.text("name")
                let list = try within("list \(index + 1)") { () throws(Problem) in try decodeList(entry.member("list"), version: version) }
                others.append((name, list))
            }
        }
        let position = try json.optionalWholeNumber("list_position")
        guard let shelf = ListShelf(currentName: current, position: position, others: others) else {
            throw Problem("the lists' names are not names list takes (at most \(ListShelf.maxNameLength) characters, no control "
                            + "characters, each once), the current list's place is not among them, or there are more than \(ListShelf.maxLists) lists")
        }
        return shelf
    }

    package static func decodeProduct(_ json: JSON, version: Int) throws(Problem) -> Product {
        guard case .object = json else { throw Problem("it is not an object") }
        let id = try json.wholeNumber("id")
        let name = try json.text("name")
        try checkProductName(name)
        let price = try number(json.member("price"), "its price")
        let packs = try self.packs(json)
        let quantity = EnteredQuantity(packs: packs, amount: try number(json.member("amount"), "its amount"),
                                       unit: try unit(json.text("unit")))
        do {
            try ShoppingList.check(price: price, quantity: quantity)
        } catch {
            throw Problem(error.message)
        }
        // A price converted from another currency keeps how it was written.
        var written: WrittenPrice? = nil
        if let entry = json["written"], entry != .null {
            let amount = try number(entry.member("price"), "its price as written")
            guard !amount.isNegative, let currency = try decodeCurrency(entry.member("currency"), version: version) else {
                throw Problem("its price as written is not an amount of money")
            }
            written = WrittenPrice(amount: amount, currency: currency)
        }
        return Product(id: id, name: name, price: price, quantity: quantity, written: written)
    }

    /// The packs of a multipack: absent, or a whole number from 1 to `EnteredQuantity.maxPacks`.
    package static func packs(_ json: JSON) throws(Problem) -> Int? {
        guard let packs = try json.optionalWholeNumber("packs") else { return nil }
        guard (1...EnteredQuantity.maxPacks).contains(packs) else { throw Problem(ShoppingError.packsNotWhole.message) }
        return packs
    }

    /// The draft, as `price`, `qty`, `unit` and `name` leave it: any of them may be unset.
    package static func decodeDraft(_ json: JSON, version: Int) throws(Problem) -> Draft {
        guard case .object = json else { throw Problem("it is not an object") }
        var draft = Draft()
        if let price = json["price"], price != .null {
            let value = try number(price, "its price")
            if value.isNegative { throw Problem(ShoppingError.negativePrice.message) }
            draft.price = value
        }
        draft.currency = try decodeCurrency(json["currency"], version: version)
        if let amount = json["amount"], amount != .null { draft.amount = try number(amount, "its amount") }
        draft.packs = try packs(json)
        draft.unit = try json.optionalText("unit").map { (symbol: String) throws(Problem) in try unit(symbol) }
        draft.name = try json.optionalText("name")
        if let name = draft.name { try checkProductName(name) }
        return draft
    }

    /// A product's or the draft's name is text from one line, as `add` and `name` take it:
    /// not empty, and without a line break or another character a terminal acts on
    /// (`VisibleText.actsOnTerminal`).
    package static func checkProductName(_ name: String) throws(Problem) {
        guard !name.isEmpty else { throw Problem("its name is empty") }
        // As `add` and `name` refuse them when typed: a name is shown on the terminal.
        if name.unicodeScalars.contains(where: VisibleText.actsOnTerminal) {
            throw Problem("its name holds control characters: \(visible(name))")
        }
    }
}
