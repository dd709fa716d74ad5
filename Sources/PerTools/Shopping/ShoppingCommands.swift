import PerNumbers
import PerUnits
import PerLanguage

/// The shopping list's commands (`help shopping`). Each reads and checks its arguments first and
/// changes the list last, so a refused command leaves the list as it was.
extension ShoppingList {
    /// `add PRICE QTY [NAME]`, or `add` alone: the draft.
    package mutating func runAdd(_ arguments: ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome {
        arguments.atEnd ? try addDraft(at: arguments.commandRange, rates: rates) : try add(arguments, rates: rates)
    }

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

    /// A deal as written after `deal N` or at the end of `add`: `3 for 2`, `2 for $5`,
    /// `bogo`, `2nd half`, `club 1.99`, `coupon 0.50`, `-20%`, or `none` (nil). Money is
    /// in the list's currency, or converted to it at the user's rate. Checked against
    /// the product's price by the list.
    package func readDeal(_ arguments: inout ArgumentReader, rates: Rates) throws(Diagnostic) -> (Deal?, Range<Int>) {
        guard let first = arguments.nextWord else {
            throw Diagnostic(ArgumentError.missing(command: "deal", what: "a deal", example: "deal 2 3 for 2"), at: arguments.endRange)
        }
        let start = first.range.lowerBound
        /// An amount in the list's currency.
        func inListCurrency(_ value: Quantity, at range: Range<Int>) throws(Diagnostic) -> Number {
            let (amount, written) = try ShoppingList.price(value, at: range)
            guard let written, let listCurrency = currency, written.code != listCurrency.code else { return amount }
            do {
                return try convert(amount, from: written, to: listCurrency, rates: rates)
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        func money(_ what: String) throws(Diagnostic) -> Number {
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: what, what: "an amount", example: "\(what) 1.99"), at: arguments.endRange)
            }
            let (value, range) = try arguments.expression()
            return try inListCurrency(value.quantity, at: range)
        }
        let deal: Deal?
        switch first.isQuoted ? "" : first.text.lowercased() {
        case "none":
            _ = arguments.word()
            deal = nil
        case "bogo":
            _ = arguments.word()
            deal = .multibuy(count: 2, payFor: 1)
        case "2nd", "second":
            _ = arguments.word()
            guard let half = arguments.word(), half.text.lowercased() == "half" else {
                throw Diagnostic(ArgumentError.notADeal, at: start..<(arguments.nextWord?.range.upperBound ?? first.range.upperBound))
            }
            deal = .secondHalf
        case "club":
            _ = arguments.word()
            deal = .club(try money("club"))
        case "coupon":
            _ = arguments.word()
            deal = .coupon(try money("coupon"))
        default:
            guard first.startsDeal || first.text.hasPrefix("(") else { throw Diagnostic(ArgumentError.notADeal, at: first.range) }
            let (value, range) = try arguments.expression()
            if let percentage = value.percentage {
                guard percentage.isNegative else { throw Diagnostic(ArgumentError.discountSign, at: range) }
                deal = .percentOff(try checkedNumber(at: range) { () throws(ArithmeticError) in try -percentage / 100 })
                break
            }
            guard value.quantity.isPlain, let count = value.quantity.magnitude.exactInteger,
                  let word = arguments.nextWord, word.text.lowercased() == "for" else {
                throw Diagnostic(ArgumentError.notADeal, at: range)
            }
            _ = arguments.word()
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: "\(count) for", what: "a count or a price", example: "\(count) for \(max(count - 1, 1))"), at: arguments.endRange)
            }
            let (second, secondRange) = try arguments.expression()
            // A plain whole number below the count is packs paid for; anything else a price
            // (`2 for $5`, `2 for 5.00`, and `2 for 9`, which cannot be packs: a multibuy pays
            // for fewer than it gives), in the list's currency or none.
            if second.quantity.isPlain, let payFor = second.quantity.magnitude.exactInteger, payFor < count {
                deal = .multibuy(count: count, payFor: payFor)
            } else {
                deal = .multiprice(count: count, price: try inListCurrency(second.quantity, at: secondRange))
            }
        }
        try arguments.expectEnd()
        let end = arguments.source.scalars.endIndex
        var high = end
        while high > start, StatementSource.isBlank(arguments.source.scalars[high - 1]) { high -= 1 }
        return (deal, start..<high)
    }

    private func checkedNumber(at range: Range<Int>, _ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number {
        do {
            return try body()
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// A price: a plain number or an amount of money, and its currency.
    package static func price(_ value: Quantity, at range: Range<Int>) throws(Diagnostic) -> (Number, Currency?) {
        if value.isPlain { return (value.magnitude, nil) }
        if let atom = value.unit.atom, atom.currency != nil { return (value.magnitude, Currency(atom)) }
        throw Diagnostic(ArgumentError.priceNotMoney(value.dimension), at: range)
    }

    /// A unit a list can compare.
    package static func shoppableUnit(_ unit: CompoundUnit, at range: Range<Int>) throws(Diagnostic) -> Unit {
        guard let atom = unit.atom ?? UnitTable.defaultUnit(of: unit.dimension), unit.dimension.isShoppable else {
            throw Diagnostic(ShoppingError.notShoppableDimension(unit.dimension, unit.symbol), at: range)
        }
        return atom
    }

    /// A quantity as a product has it: packs of an amount in one unit a list can compare
    /// (a plain number is items). Says whether a unit was written.
    package static func enteredQuantity(_ value: Evaluator.Operand, at range: Range<Int>) throws(Diagnostic) -> (EnteredQuantity, unitWritten: Bool) {
        let each = value.packs?.each ?? value.quantity
        let packs = value.packs?.count
        if each.isPlain { return (EnteredQuantity(packs: packs, amount: each.magnitude, unit: UnitTable.items), false) }
        let unit = try shoppableUnit(each.unit, at: range)
        var amount = each.magnitude
        if CompoundUnit(unit) != each.unit {
            do {
                amount = try QuantityMath.converted(each.magnitude, from: each.unit, to: CompoundUnit(unit), rates: Rates())
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        return (EnteredQuantity(packs: packs, amount: amount, unit: unit), true)
    }

    /// `setDeal`, its refusal as a diagnostic.
    package mutating func setDealChecked(_ deal: Deal?, onProduct id: Int) throws(Diagnostic) {
        try change(at: 0..<1) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDeal(deal, onProduct: id) }
    }

    /// Runs a list change, turning its refusal into a diagnostic at `range`.
    private mutating func change(at range: Range<Int>, _ change: (inout ShoppingList) throws(ShoppingError) -> Void) throws(Diagnostic) {
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

    /// `add PRICE QTY [NAME…]`: a price (or a price per quantity, `4.98/kg`), a quantity,
    /// and the rest of the line as the name; or, as people say it, `add NAME PRICE QTY`
    /// (a name first, when the rest reads as a price and a quantity and nothing more).
    private mutating func add(_ arguments: ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome {
        if let first = arguments.nextWord, first.isQuoted, let outcome = try addNameFirst(arguments, rates: rates) { return outcome }
        do {
            return try add(arguments, rates: rates, leadingName: nil)
        } catch where error.problem.code == .unknownName && error.range.lowerBound == arguments.nextWord?.range.lowerBound {
            // `add Pasta 2.49 500 g`: the name was read as a price.
            if let outcome = try addNameFirst(arguments, rates: rates) { return outcome }
            throw error
        }
    }

    /// `add NAME PRICE QTY [deal …]`: the words before the first that can start a price are
    /// the name; nil when the rest does not read as a price and a quantity and nothing more.
    private mutating func addNameFirst(_ arguments: ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome? {
        let words = arguments.words
        guard let priceIndex = words.indices.dropFirst().first(where: { !words[$0].isQuoted && ShoppingList.startsPrice(words[$0].text) }),
              !words[..<priceIndex].contains(where: { $0.isDealMarker }) else { return nil }
        if words[0].isQuoted, priceIndex != 1 { return nil }
        let nameRange = words[0].range.lowerBound..<words[priceIndex - 1].range.upperBound
        var rest = arguments
        rest.move(to: words[priceIndex].range.lowerBound)
        do {
            return try add(rest, rates: rates, leadingName: nameRange)
        } catch where error.problem.isShopping || error.problem == .arguments(.atWithoutStore(name: arguments.text(nameRange))) {
            // Read as a name, a price and a quantity, and refused by the list's rules, or
            // `at` with no store after the quantity.
            throw error
        } catch {
            return nil
        }
    }

    /// `4-pack`: packs said in a word before the amount of one (`add 4.99 4-pack 330 ml`);
    /// the count, or nil for any other word.
    private static func packWord(_ word: StatementSource.Word) -> Int? {
        guard !word.isQuoted else { return nil }
        let text = word.text.lowercased()
        guard text.hasSuffix("-pack") || text.hasSuffix("-pk") else { return nil }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix("-"), let count = Int(digits),
              (1...EnteredQuantity.maxPacks).contains(count) else { return nil }
        return count
    }

    /// `add PRICE QTY [NAME…]`, with `leadingName` where the name was before the price:
    /// then nothing but a deal may follow the quantity.
    private mutating func add(_ arguments: ArgumentReader, rates: Rates, leadingName: Range<Int>?) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        let written = try ShoppingList.readPrice(&arguments)
        let priceRange = written.range
        try arguments.refuseDecimalComma(after: priceRange)
        let quantity: EnteredQuantity, quantityRange: Range<Int>
        if let pack = written.pack {
            // `add €2.49/500 g Penne`: the price's own quantity.
            (quantity, quantityRange) = (try ShoppingList.enteredQuantity(pack.value, at: pack.range).0, pack.range)
            try StoreInWords.refuseAtAlone(arguments, afterName: leadingName)
            if leadingName == nil || !StoreInWords.storeFollows(arguments) {
                try arguments.refuseMisspeltUnit(among: misspellingDimensions, quoting: true)
            }
        } else {
            (quantity, quantityRange) = try readQuantity(&arguments, priceRange: priceRange, leadingName: leadingName)
        }
        let price = try ShoppingList.price(written.value, for: quantity, at: priceRange, command: "add", quantityRange: quantityRange,
                                       per: written.per)
        let (amount, currency) = try ShoppingList.price(price, at: priceRange)
        // `… deal 3 for 2` at the end: the name stops before it.
        var dealReader: ArgumentReader? = nil
        var nameSource = arguments.source
        // Most products have no deal: their names are not split into words to look for one.
        let words = Self.mentionsDeal(arguments.rest) ? arguments.words : []
        if let index = words.indices.last(where: { words[$0].isDealMarker && $0 + 1 < words.count && words[$0 + 1].startsDeal }) {
            let end = arguments.source.scalars.endIndex
            nameSource = arguments.source.slice(arguments.source.scalars.startIndex..<words[index].range.lowerBound)
            dealReader = ArgumentReader(arguments.source.slice(words[index + 1].range.lowerBound..<end), command: "deal",
                                        commandRange: words[index].range, evaluator: arguments.evaluator)
        }
        var nameRange: Range<Int>? = nameSource.scalars.endIndex <= arguments.position ? nil : arguments.position..<nameSource.scalars.endIndex
        var storeAfterName: StoreInWords? = nil
        if let leadingName {
            // A name first: nothing but `at STORE` and a deal after the quantity, or it reads two ways.
            if let nameRange {
                guard let reading = try StoreInWords.read(afterName: leadingName, nameSource.slice(nameRange).words, in: nameSource) else {
                    throw Diagnostic(ArgumentError.unexpected(try Self.productName(in: nameSource, from: nameRange.lowerBound)), at: nameRange)
                }
                storeAfterName = reading
            }
            (nameSource, nameRange) = (arguments.source, leadingName)
        }
        var name = try nameRange.map { range throws(Diagnostic) in try Self.productName(in: nameSource.slice(range), from: range.lowerBound) }
        var storeNote = storeAfterName.map { reading in (name: (name ?? "") + " " + reading.marker, note: reading.note(name: name ?? "")) }
        if storeNote == nil, let nameRange { storeNote = try storeInWords(nameSource, nameRange) }
        if let storeNote { name = storeNote.name }
        // The list as it was but for its products, when a deal follows: the add only
        // appends one, which a refused deal takes off again. Keeping the products too would
        // share them, and the append would then copy the whole list (every add of a long list).
        let before = dealReader == nil ? nil : withoutProducts
        let outcome = try addProduct(name: name, price: amount, currency: currency, quantity: quantity, rates: rates,
                                     priceRange: priceRange, quantityRange: quantityRange)
        guard var reader = dealReader, let before, case .productAdded(let product, _, _, _, _) = outcome else {
            return storeNote.map { .noted(outcome, note: $0.note) } ?? outcome
        }
        do {
            let (deal, written) = try readDeal(&reader, rates: rates)
            try change(at: written) { (list: inout ShoppingList) throws(ShoppingError) in try list.setDeal(deal, onProduct: product.id) }
        } catch {
            takeBackLastAdd(restoring: before)
            throw error
        }
        let withDeal = products[products.count - 1]
        let added = Outcome.productAdded(withDeal, unitPrice: try? Comparison.effectiveUnitPrice(of: withDeal, basis: basis!, club: club),
                                         basis: basis!, currency: self.currency, deal: dealSummary(withDeal))
        return storeNote.map { .noted(added, note: $0.note) } ?? added
    }

    /// The quantity after `add`'s price: `500 g`, `for 500 g`, `4-pack 330 ml`.
    /// After a name first, `at STORE` may follow (`add Pasta 2.49 500 g at Lidl`).
    private func readQuantity(_ arguments: inout ArgumentReader, priceRange: Range<Int>,
                              leadingName: Range<Int>?) throws(Diagnostic) -> (EnteredQuantity, Range<Int>) {
        guard !arguments.atEnd else {
            throw Diagnostic(ArgumentError.missing(command: "add", what: "a price and a quantity", example: "add 2.49 500 g"), at: arguments.endRange)
        }
        let packWordCount = try Self.readShelfWords(&arguments, priceRange: priceRange)
        let (quantityValue, quantityRange) = try ShoppingList.readQuantity(&arguments)
        try arguments.refuseDecimalComma(after: quantityRange)
        try arguments.refuseQuantityRunningIntoName(quantityRange)
        try StoreInWords.refuseAtAlone(arguments, afterName: leadingName)
        if leadingName == nil || !StoreInWords.storeFollows(arguments) {
            try arguments.refuseMisspeltUnit(among: misspellingDimensions, quoting: true)
        }
        let (quantity, _) = try ShoppingList.enteredQuantity(quantityValue, at: quantityRange)
        return (try Self.quantity(quantity, packWord: packWordCount, at: quantityRange), quantityRange)
    }

    /// The words a shelf puts between a price and its quantity, read by `add` and `seen`:
    /// `for` (`2.49 for 500 g`) and `4-pack` (`4.99 4-pack 330 ml`); the pack word's count.
    package static func readShelfWords(_ arguments: inout ArgumentReader, priceRange: Range<Int>) throws(Diagnostic) -> Int? {
        let command = arguments.commandName
        if let word = arguments.nextWord, !word.isQuoted, word.text.lowercased() == "for" {
            var rest = arguments
            _ = rest.word()
            // `add 2.49 for 500 g Pasta`: a price for a quantity, as a shelf says it; but
            // `add 2 for 5 1 l Juice` is a deal before the product, which `deal` follows.
            let quantityFollows = rest.nextWord.map { !$0.isQuoted && ShoppingList.startsPrice($0.text) } ?? false
            var probe = rest
            let secondAmount = quantityFollows && (try? probe.expression(units: .shoppable)) != nil
                && probe.nextWord.map { !$0.isQuoted && ShoppingList.startsPrice($0.text) } == true
            guard quantityFollows, !secondAmount else {
                let pays = rest.word()?.text ?? "5"
                let product = rest.atEnd ? "1 l Juice" : rest.rest.text
                throw Diagnostic(ArgumentError.dealBeforeProduct(example: "\(command) \(pays) \(product) deal \(arguments.text(priceRange)) for \(pays)"),
                                 at: priceRange.lowerBound..<word.range.upperBound)
            }
            arguments = rest
        }
        // `4-pack 330 ml`: 4 packs of 330 ml.
        if let word = arguments.nextWord, let count = Self.packWord(word) {
            var rest = arguments
            _ = rest.word()
            if !rest.atEnd {
                arguments = rest
                return count
            }
        }
        return nil
    }

    /// A quantity with the packs a pack word gave (`4-pack 330 ml` is 4×330 ml); refused
    /// when the quantity has packs of its own too.
    package static func quantity(_ quantity: EnteredQuantity, packWord: Int?, at range: Range<Int>) throws(Diagnostic) -> EnteredQuantity {
        guard let packWord else { return quantity }
        if let packs = quantity.packs {
            throw Diagnostic(ArgumentError.packsTwice(pack: packWord, packs: packs, each: EnteredQuantity(packs: nil, amount: quantity.amount, unit: quantity.unit).text),
                             at: range)
        }
        return EnteredQuantity(packs: packWord, amount: quantity.amount, unit: quantity.unit)
    }

    /// `add` with no arguments: the draft, which must have a price and a quantity.
    private mutating func addDraft(at range: Range<Int>, rates: Rates) throws(Diagnostic) -> Outcome {
        guard let price = draft.price, let quantity = draft.quantity else {
            throw Diagnostic(ArgumentError.draftIncomplete(missing: draft.missing), at: range)
        }
        let outcome = try addProduct(name: draft.name, price: price, currency: draft.currency, quantity: quantity,
                                     rates: rates, priceRange: range, quantityRange: range)
        self.draft = Draft()
        return outcome
    }

    package mutating func addProduct(name: String?, price: Number, currency: Currency?, quantity: EnteredQuantity, rates: Rates,
                                     priceRange: Range<Int>, quantityRange: Range<Int>) throws(Diagnostic) -> Outcome {
        do {
            let product = try add(name: name, price: price, currency: currency, quantity: quantity, rates: rates)
            let basis = self.basis!
            return .productAdded(product, unitPrice: try? Comparison.unitPrice(of: product, basis: basis),
                                 basis: basis, currency: self.currency)
        } catch {
            switch error {
            case .negativePrice, .currencyMismatch: throw Diagnostic(error, at: priceRange)
            default: throw Diagnostic(error, at: quantityRange)
            }
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

private extension StatementSource.Word {
    /// `deal`, unquoted: where a deal at the end of `add` begins.
    var isDealMarker: Bool { !isQuoted && text.lowercased() == "deal" }

    /// Whether a deal can start with this word: a count (`3 for 2`), a discount (`-20%`)
    /// or one of the deal words. Other text after `deal` is part of the name (`Big deal`).
    var startsDeal: Bool {
        guard !isQuoted, let first = text.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || first == "-" || first == "−"
            || Deal.words.contains(text.lowercased())
    }
}
