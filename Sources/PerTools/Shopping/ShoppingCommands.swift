import PerNumbers
import PerUnits
import PerLanguage

/// The shopping list's commands (`help shopping`). Each reads and checks its arguments first and
/// changes the list last, so a refused command leaves the list as it was.
extension ShoppingList {
    /// Runs a command; `rates` convert a price in another currency than the list's, and
    /// `dose` is the last `dose` result, for `basis dose`.
    /// `name` is the list's, for what `need none` says.
    package mutating func run(_ command: ShoppingCommand, _ arguments: ArgumentReader, rates: Rates, dose: Quantity? = nil,
                              name: String = ListShelf.defaultName) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        let range = arguments.commandRange
        switch command {
        case .price:
            guard !arguments.atEnd else { throw Diagnostic(ArgumentError.missing(command: "price", what: "an amount", example: "price 2.49"), at: arguments.endRange) }
            let (value, written) = try arguments.expression()
            try arguments.expectEnd()
            let (price, currency) = try ShoppingList.price(value.quantity, at: written)
            var draft = draft
            draft.price = price
            draft.currency = currency
            try change(at: written) { [rates] (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft, rates: rates) }
            return .draft(draft)
        case .qty:
            guard !arguments.atEnd else { throw Diagnostic(ArgumentError.missing(command: "qty", what: "a quantity", example: "qty 500 g"), at: arguments.endRange) }
            let (value, written) = try arguments.expression(units: .shoppable)
            try arguments.refuseMisspeltUnit(among: misspellingDimensions)
            try arguments.expectEnd()
            let (quantity, unitWritten) = try ShoppingList.enteredQuantity(value, at: written)
            var draft = draft
            draft.amount = quantity.amount
            draft.packs = quantity.packs
            if unitWritten { draft.unit = quantity.unit }
            try change(at: written) { [rates] (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft, rates: rates) }
            return .draft(draft)
        case .unit:
            guard !arguments.atEnd else { throw Diagnostic(ArgumentError.missing(command: "unit", what: "a unit", example: "unit kg"), at: arguments.endRange) }
            let (unit, written) = try arguments.unit()
            try arguments.expectEnd()
            var draft = draft
            draft.unit = try ShoppingList.shoppableUnit(unit, at: written)
            try change(at: written) { [rates] (list: inout ShoppingList) throws(ShoppingError) in try list.setDraft(draft, rates: rates) }
            return .draft(draft)
        case .name:
            let text = try Self.productName(in: arguments.source, from: arguments.source.scalars.startIndex)
            guard !text.isEmpty else { throw Diagnostic(ArgumentError.missing(command: "name", what: "some text", example: "name Store brand"), at: arguments.endRange) }
            draft.name = text
            return .draft(draft)
        case .draft:
            try arguments.expectEnd()
            return .draft(draft)
        case .type:
            return try setType(&arguments)
        case .basis:
            return try changeBasis(arguments, dose: dose)
        case .compare:
            try arguments.expectEnd()
            if products.isEmpty { return .emptyComparison }
            return .comparison(try comparison(at: range, interruption: arguments.evaluator.context.interruption))
        case .best:
            try arguments.expectEnd()
            return .best(BestSummary(try comparison(at: range, interruption: arguments.evaluator.context.interruption)))
        case .need:
            return try need(&arguments, listName: name)
        case .remove:
            return try remove(&arguments)
        case .deal:
            return try changeDeal(&arguments, rates: rates)
        case .club:
            if let on = try arguments.onOff(example: "club off") { club = on }
            return .message(.clubPrices(on: club))
        case .clear:
            try arguments.expectEnd()
            clear()
            return .message(.listCleared(basis: basis))
        }
    }

    /// `type [mass|volume|count|length|area]`: the list's kind of quantity, said or set.
    private mutating func setType(_ arguments: inout ArgumentReader) throws(Diagnostic) -> Outcome {
        guard let word = arguments.word() else {
            return .message(.listType(dimension))
        }
        try arguments.expectEnd()
        guard let dimension = Dimension(rawValue: word.text.lowercased()) else {
            throw Diagnostic(ArgumentError.typeWord, at: word.range)
        }
        try change(at: word.range) { (list: inout ShoppingList) throws(ShoppingError) in try list.setType(dimension) }
        return .message(.listTypeSet(dimension, basis: basis!))
    }

    /// `need QTY`: the packs that make up a quantity at the lowest cost; the quantity is
    /// kept with the list. `need` alone asks again for the kept one; `need none` forgets it.
    private mutating func need(_ arguments: inout ArgumentReader, listName: String) throws(Diagnostic) -> Outcome {
        if arguments.atEnd, let need {
            do {
                return .need(try NeedPlan(self, target: need, interruption: arguments.evaluator.context.interruption))
            } catch {
                throw Diagnostic(error, at: arguments.commandRange)
            }
        }
        guard !arguments.atEnd else { throw Diagnostic(ArgumentError.missing(command: "need", what: "a quantity", example: "need 2 kg"), at: arguments.endRange) }
        if let word = arguments.nextWord, !word.isQuoted, word.text.lowercased() == "none" {
            _ = arguments.word()
            try arguments.expectEnd()
            need = nil
            return .message(.needCleared(list: listName))
        }
        let start = arguments.position
        let (value, written): (Evaluator.Operand, Range<Int>)
        do throws(Diagnostic) {
            (value, written) = try arguments.expression(units: .shoppable)
            if let word = arguments.nextWord, !word.isQuoted, let first = word.text.unicodeScalars.first, Lexer.isLetter(first),
               word.text.lowercased() != "of" {
                // `need 3 bottles`: a word that is no unit.
                throw Diagnostic(ArgumentError.notAUnit(command: "need", word: word.text, example: "need \(ShoppingList.example(for: dimension, basis: false))",
                                                        unitExample: ShoppingList.example(for: dimension, basis: true)), at: word.range)
            }
            try arguments.expectEnd()
        } catch {
            // `need 10 l of Water`: the product named, which the list's products are.
            if let of = arguments.source.words.first(where: { !$0.isQuoted && $0.text.lowercased() == "of" && $0.range.lowerBound > start }) {
                let quantity = arguments.text(start..<of.range.lowerBound).trimmingBlanks
                if !quantity.isEmpty { throw Diagnostic(ArgumentError.needOfProduct(quantity: quantity), at: of.range) }
            }
            throw error
        }
        let (target, unitWritten) = try ShoppingList.enteredQuantity(value, at: written)
        if !unitWritten, let dimension, dimension != .count {
            throw Diagnostic(ArgumentError.unitNeeded(what: "need a quantity with its unit", example: "need \(ShoppingList.example(for: dimension, basis: false))"),
                             at: written)
        }
        let plan: NeedPlan
        do {
            plan = try NeedPlan(self, target: target, interruption: arguments.evaluator.context.interruption)
        } catch {
            throw Diagnostic(error, at: written)
        }
        need = target
        return .need(plan)
    }

    /// `remove N`: a product off the list.
    private mutating func remove(_ arguments: inout ArgumentReader) throws(Diagnostic) -> Outcome {
        let (id, written) = try arguments.productNumber(example: "remove 2")
        try arguments.expectEnd()
        var removed: Product? = nil
        try change(at: written) { (list: inout ShoppingList) throws(ShoppingError) in removed = try list.remove(id: id) }
        return .message(.removed(id: removed!.id, name: removed!.name))
    }

    /// `deal N DEAL`: a product's deal set or taken off.
    private mutating func changeDeal(_ arguments: inout ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome {
        let (id, numberRange) = try arguments.productNumber(example: "deal 2 3 for 2", missing: "a product number and a deal",
                                                            takes: "a product number, then the deal")
        guard product(id: id) != nil else {
            throw Diagnostic(ShoppingError.noSuchProduct(id: id, existing: products.map(\.id)), at: numberRange)
        }
        let (deal, written) = try readDeal(&arguments, rates: rates)
        try change(at: written) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDeal(deal, onProduct: id) }
        let changed = self.product(id: id)!
        return .message(.deal(id: id, name: changed.name, summary: deal == nil ? nil : dealSummary(changed)))
    }

    /// `3 for 2; buy 3: 3.32 per kg (shelf 4.98)`: what a deal makes of a product's price.
    package func dealSummary(_ product: Product) -> String {
        guard let deal = product.deal, let basis else { return "" }
        var text = deal.text(currency: currency)
        if deal.packs > 1 { text += ", buy \(deal.packs)" }
        if let paid = try? Comparison.effectiveUnitPrice(of: product, basis: basis, club: club),
           let shelf = try? Comparison.unitPrice(of: product, basis: basis) {
            text += ": \(Currency.format(paid, currency: currency, unitPrice: true)) \(basis.perText)"
                + " (shelf \(Currency.format(shelf, currency: currency, unitPrice: true)))"
        }
        return deal.applies(club: club) ? text : text + " — not counted while club off"
    }

    /// `setDeal`, its refusal as a diagnostic.
    package mutating func setDealChecked(_ deal: Deal?, onProduct id: Int) throws(Diagnostic) {
        try change(at: 0..<1) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDeal(deal, onProduct: id) }
    }

    /// Runs a list change, turning its refusal into a diagnostic at `range`.
    mutating func change(at range: Range<Int>, _ change: (inout ShoppingList) throws(ShoppingError) -> Void) throws(Diagnostic) {
        do {
            try change(&self)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    private func comparison(at range: Range<Int>, interruption: Interruption) throws(Diagnostic) -> Comparison {
        do {
            return try Comparison(self, interruption: interruption)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// `basis QTY`, `basis UNIT`, `basis auto`, or `basis` to show it.
    private mutating func changeBasis(_ arguments: ArgumentReader, dose: Quantity?) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard let first = arguments.nextWord else {
            return .message(.basis(basis))
        }
        var chosen: Basis? = nil
        let written: Range<Int>
        if !first.isQuoted, first.text.lowercased() == "auto" {
            _ = arguments.word()
            try arguments.expectEnd()
            written = first.range
        } else if !first.isQuoted, first.text.lowercased() == "dose" {
            // Cost per wash: each product counted in doses of the last `dose` result.
            _ = arguments.word()
            try arguments.expectEnd()
            written = first.range
            guard let dose else { throw Diagnostic(ArgumentError.noDoseYet, at: first.range) }
            guard let unit = dose.unit.atom, unit.dimension.isShoppable, dose.magnitude > Number(0) else {
                throw Diagnostic(ArgumentError.doseNotCountable(QuantityDisplay.display(dose, digits: 12).text), at: first.range)
            }
            chosen = Basis(amount: dose.magnitude, unit: unit, isDose: true)
        } else {
            let (value, range) = try arguments.expression(units: .shoppable)
            try arguments.expectEnd()
            written = range
            guard value.packs == nil else { throw Diagnostic(ArgumentError.basisOneAmount, at: range) }
            let (quantity, unitWritten) = try ShoppingList.enteredQuantity(value, at: range)
            if !unitWritten, let dimension, dimension != .count {
                throw Diagnostic(ArgumentError.unitNeeded(what: "a basis needs its unit", example: "basis \(ShoppingList.example(for: dimension, basis: true))"), at: range)
            }
            chosen = Basis(amount: quantity.amount, unit: quantity.unit)
        }
        try change(at: written) { (list: inout ShoppingList) throws(ShoppingError) in try list.setBasis(chosen) }
        return .message(.basisSet(basis))
    }
}
