/// The shopping list's commands (README, "The shopping list"). Each reads and checks its arguments first and
/// changes the list last, so a refused command leaves the list as it was.
extension Session {
    mutating func shoppingCommand(_ name: String, _ arguments: Arguments) throws(Diagnostic) -> Outcome {
        let range = arguments.commandRange
        switch name {
        case "add":
            return arguments.words.isEmpty ? try addDraft(at: range) : try add(arguments)
        case "price":
            guard !arguments.words.isEmpty else { throw Diagnostic("price needs an amount, as in price 2.49", at: arguments.endRange) }
            let whole = arguments.source.scalars.indices
            let price = try arguments.value(of: whole)
            let currency = try arguments.currency(in: whole)
            var draft = list.draft
            draft.price = price
            draft.currency = currency
            try shopping(at: whole) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft) }
            return .draft(list.draft)
        case "qty":
            let (quantity, unitWritten, next) = try arguments.enteredQuantity(at: 0, unitRequired: false)
            try arguments.expectEnd(after: next)
            var draft = list.draft
            draft.amount = quantity.amount
            draft.packs = quantity.packs
            if unitWritten { draft.unit = quantity.unit }
            let written = arguments.words.first!.range.lowerBound..<arguments.words[next - 1].range.upperBound
            try shopping(at: written) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft) }
            return .draft(list.draft)
        case "unit":
            var draft = list.draft
            draft.unit = try arguments.requiredUnit(at: 0)
            try shopping(at: arguments.words[0].range) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft) }
            return .draft(list.draft)
        case "name":
            let text = try Self.productName(in: arguments.source, from: arguments.source.scalars.startIndex)
            guard !text.isEmpty else { throw Diagnostic("name needs some text, as in name Store brand", at: arguments.endRange) }
            list.draft.name = text
            return .draft(list.draft)
        case "draft":
            try arguments.expectEnd(after: 0)
            return .draft(list.draft)
        case "type":
            guard let word = arguments.words.first else {
                return .message(list.dimension.map { "the list compares \($0.rawValue)" } ?? "the list has no type yet")
            }
            try arguments.expectEnd(after: 1)
            guard let dimension = Dimension(rawValue: word.text.lowercased()) else {
                throw Diagnostic("type is mass, volume or count", at: word.range)
            }
            try shopping(at: word.range) { (list: inout ShoppingList) throws(ShoppingError) in try list.setType(dimension) }
            return .message("the list compares \(dimension.rawValue); prices are compared \(list.basis!.perText)")
        case "basis":
            return try basis(arguments)
        case "compare":
            try arguments.expectEnd(after: 0)
            return .comparison(try comparison(at: range))
        case "best":
            try arguments.expectEnd(after: 0)
            return .best(BestSummary(try comparison(at: range)))
        case "need":
            let (target, _, next) = try arguments.enteredQuantity(at: 0, unitRequired: list.dimension != .count)
            try arguments.expectEnd(after: next)
            do {
                return .need(try NeedPlan(list, target: target))
            } catch {
                throw Diagnostic(error.message, at: arguments.source.scalars.indices)
            }
        case "remove":
            guard let word = arguments.words.first else {
                throw Diagnostic("remove needs a product number, as in remove 2", at: arguments.endRange)
            }
            try arguments.expectEnd(after: 1)
            let digits = word.text.hasPrefix("#") ? String(word.text.dropFirst()) : word.text
            guard let id = Int(digits) else { throw Diagnostic("remove takes a product number, as in remove 2", at: word.range) }
            var removed: Product? = nil
            try shopping(at: word.range) { (list: inout ShoppingList) throws(ShoppingError) in removed = try list.remove(id: id) }
            return .message("removed #\(removed!.id) \(removed!.name)")
        case "clear":
            try arguments.expectEnd(after: 0)
            list.clear()
            return .message("the list is empty" + (list.basis.map { "; prices stay \($0.perText)" } ?? ""))
        default:
            throw Diagnostic("'\(name)' is not available yet", at: range)
        }
    }

    /// Runs a list change, turning its refusal into a diagnostic at `range`.
    private mutating func shopping(at range: Range<Int>, _ change: (inout ShoppingList) throws(ShoppingError) -> Void) throws(Diagnostic) {
        do {
            try change(&list)
        } catch {
            throw Diagnostic(error.message, at: range)
        }
    }

    private func comparison(at range: Range<Int>) throws(Diagnostic) -> Comparison {
        do {
            return try Comparison(list)
        } catch {
            throw Diagnostic(error.message, at: range)
        }
    }

    /// `add PRICE QTY [UNIT] [NAME…]`.
    private mutating func add(_ arguments: Arguments) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        let priceWord = words[0]
        guard words.count >= 2 else {
            throw Diagnostic("add needs a price and a quantity, as in add 2.49 500 g", at: arguments.endRange)
        }
        let price = try arguments.value(of: priceWord.range)
        let currency = try arguments.currency(in: priceWord.range)
        let (quantity, unitWritten, next) = try arguments.enteredQuantity(at: 1, unitRequired: false)
        if !unitWritten, next < words.count, !words[next].isQuoted, UnitTable.unit(named: words[next].text) == nil,
           let unit = UnitTable.likelyMisspelling(words[next].text, shoppableOnly: true) {
            throw Diagnostic("'\(words[next].text)' is not a unit; did you mean '\(unit)'? "
                                + "(to make it the name, put the name in quotes)", at: words[next].range)
        }
        let name = next < words.count ? try Self.productName(in: arguments.source, from: words[next].range.lowerBound) : nil
        return try addProduct(name: name, price: price, currency: currency, quantity: quantity,
                              priceRange: priceWord.range, quantityRange: words[1].range)
    }

    /// The rest of the statement as a product name. A name is shown in tables and on the
    /// terminal, so characters a terminal acts on (controls, bidi overrides) are refused.
    /// Quotes are optional; in quotes, `\"` (or `\'`) is a quote and `\\` a backslash.
    private static func productName(in source: StatementSource, from start: Int) throws(Diagnostic) -> String {
        let scalars = source.scalars
        if let hidden = scalars[start...].firstIndex(where: VisibleText.isHidden) {
            throw Diagnostic("a name cannot hold the control character \(VisibleText.visible(String(scalars[hidden])))",
                             at: hidden..<(hidden + 1))
        }
        var open = start
        while open < scalars.endIndex, StatementSource.isBlank(scalars[open]) { open += 1 }
        guard open < scalars.endIndex, scalars[open] == "\"" || scalars[open] == "'" else { return source.rest(from: start) }
        let quote = scalars[open]
        var name = String.UnicodeScalarView()
        var index = open + 1
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.endIndex, scalars[index + 1] == quote || scalars[index + 1] == "\\" {
                name.append(scalars[index + 1])
                index += 2
                continue
            }
            if scalar == quote {
                if let extra = scalars[(index + 1)...].firstIndex(where: { !StatementSource.isBlank($0) }) {
                    throw Diagnostic("unexpected text after the quoted name (inside quotes, write \\\(Character(quote)) for a quote)",
                                     at: extra..<scalars.endIndex)
                }
                return String(name).trimmingBlanks
            }
            name.append(scalar)
            index += 1
        }
        throw Diagnostic("the name's quote is never closed", at: open..<(open + 1))
    }

    /// `add` with no arguments: the draft, which must have a price and a quantity.
    private mutating func addDraft(at range: Range<Int>) throws(Diagnostic) -> Outcome {
        let draft = list.draft
        guard let price = draft.price, let amount = draft.amount else {
            throw Diagnostic("cannot add: set \(draft.missing.joined(separator: " and ")) first"
                                + " (price 2.49, qty 500 g), or write add PRICE QTY [UNIT] [NAME]", at: range)
        }
        let quantity = EnteredQuantity(packs: draft.packs, amount: amount, unit: draft.unit ?? UnitTable.items)
        let outcome = try addProduct(name: draft.name, price: price, currency: draft.currency, quantity: quantity,
                                     priceRange: range, quantityRange: range)
        list.draft = Draft()
        return outcome
    }

    private mutating func addProduct(name: String?, price: Number, currency: Currency?, quantity: EnteredQuantity,
                                     priceRange: Range<Int>, quantityRange: Range<Int>) throws(Diagnostic) -> Outcome {
        do {
            let product = try list.add(name: name, price: price, currency: currency, quantity: quantity)
            let basis = list.basis!
            return .productAdded(product, unitPrice: try? Comparison.unitPrice(of: product, basis: basis),
                                 basis: basis, currency: list.currency)
        } catch {
            switch error {
            case .negativePrice, .currencyMismatch: throw Diagnostic(error.message, at: priceRange)
            default: throw Diagnostic(error.message, at: quantityRange)
            }
        }
    }

    /// `basis QTY UNIT`, `basis UNIT`, `basis auto`, or `basis` to show it.
    private mutating func basis(_ arguments: Arguments) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        guard let first = words.first else {
            return .message(list.basis.map { "prices are compared \($0.perText)" } ?? "the list has no basis yet: it follows the first product")
        }
        var basis: Basis? = nil
        if first.text.lowercased() == "auto" {
            try arguments.expectEnd(after: 1)
        } else if let (unit, count) = arguments.unit(at: 0) {
            try arguments.expectEnd(after: count)
            basis = Basis(amount: Number(1), unit: unit)
        } else {
            let (quantity, _, next) = try arguments.enteredQuantity(at: 0, unitRequired: list.dimension != .count)
            try arguments.expectEnd(after: next)
            guard quantity.packs == nil else { throw Diagnostic("a basis is one amount, as in basis 100 g", at: first.range) }
            basis = Basis(amount: quantity.amount, unit: quantity.unit)
        }
        try shopping(at: arguments.source.scalars.indices) { (list: inout ShoppingList) throws(ShoppingError) in try list.setBasis(basis) }
        return .message(list.basis.map { "prices are compared \($0.perText)" } ?? "prices are compared per kg, per L or per item, as the list's type")
    }
}
