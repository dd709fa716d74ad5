import PerNumbers
import PerUnits
import PerLanguage

/// `add`: a product onto the list from a price, a quantity and a name, as a shelf or a
/// shopper writes them, or from the draft.
extension ShoppingList {
    /// `add PRICE QTY [NAME]`, or `add` alone: the draft.
    package mutating func runAdd(_ arguments: ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome {
        arguments.atEnd ? try addDraft(at: arguments.commandRange, rates: rates) : try add(arguments, rates: rates)
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
}
