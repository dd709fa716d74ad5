import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `add NAME [@STORE]` with a name of the price book: its last price seen onto the list.
extension Session {
    /// Whether `add` names a product of the book (`add Barilla @Lidl`, `add Cola 2`): a
    /// name first, no variable, and the book has a price of it.
    func addsFromBook(_ arguments: ArgumentReader) -> Bool {
        guard let book = priceBook, let first = arguments.nextWord, calculator.variables[first.text] == nil,
              calculator.listVariables[first.text] == nil,
              first.isQuoted || first.text.unicodeScalars.first.map(Lexer.isLetter) == true else { return false }
        if storeGlued(arguments, book: book) != nil { return true }
        let (name, store) = bookName(arguments)
        if (try? ShoppingList.productName(in: arguments.source.slice(name), from: name.lowerBound)).flatMap({ book.product(named: $0) }) != nil {
            return true
        }
        // `add Barilla at Aldi`, read as `add Barilla @Aldi`.
        guard store == nil, let reading = try? StoreInWords.read(arguments.words, in: arguments.source) else { return false }
        return (try? ShoppingList.productName(in: arguments.source.slice(reading.name), from: reading.name.lowerBound))
            .flatMap { book.product(named: $0) } != nil
    }

    /// Whether the book has a product of the name written at `range`.
    private static func bookHas(_ range: Range<Int>, in source: StatementSource, book: PriceBook) -> Bool {
        (try? ShoppingList.productName(in: source.slice(range), from: range.lowerBound)).flatMap { book.product(named: $0) } != nil
    }

    /// `add Milk@Lidl` with Milk in the book: the last word, and the store it meant.
    private func storeGlued(_ arguments: ArgumentReader, book: PriceBook) -> (StatementSource.Word, PriceBookError)? {
        guard let last = arguments.words.last, let glued = Self.storeGlued(last), case .storeInName(_, let name, _) = glued else { return nil }
        let before = arguments.text(arguments.position..<last.range.lowerBound) + name
        return book.product(named: before) == nil ? nil : (last, glued)
    }

    /// Where the name is in `add NAME [@STORE]`, and the store's word.
    private func bookName(_ arguments: ArgumentReader) -> (name: Range<Int>, store: StatementSource.Word?) {
        var words = arguments.words
        var store: StatementSource.Word? = nil
        if let last = words.last, !last.isQuoted, last.text.hasPrefix("@") {
            store = last
            words.removeLast()
        }
        return (arguments.position..<(words.last?.range.upperBound ?? arguments.position), store)
    }

    /// `add NAME [@STORE]`: the last price seen of the name (at the store) onto the list.
    mutating func addFromBook(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let book = try openBook(arguments)
        if let (word, glued) = storeGlued(arguments, book: book) { throw Diagnostic(.priceBook(glued), at: word.range) }
        var (nameRange, storeWord) = bookName(arguments)
        var store: (name: String, range: Range<Int>)? = nil
        var note: ReadingNote? = nil
        if let storeWord {
            var reader = arguments
            reader.move(to: storeWord.range.lowerBound)
            store = try self.store(&reader, at: storeWord)
        } else if let reading = try StoreInWords.read(arguments.words, in: arguments.source),
                  Self.bookHas(reading.name, in: arguments.source, book: book) {
            // `add Barilla at Aldi`: the store said in words; refused when the book has a
            // product of the whole name too.
            try reading.refuseIfTwoWays(whole: nameRange, in: arguments.source, known: Self.bookHas(nameRange, in: arguments.source, book: book),
                                        marked: nil)
            nameRange = reading.name
            store = (reading.store, reading.storeRange)
            note = reading.note(in: arguments.source)
        }
        let product = try self.product(arguments.reader(nameRange), book: book, commandName: "add")
        let (name, observations) = (product.name, product.observations)
        let candidates = store.map { store in observations.filter { Observation.key($0.store) == Observation.key(store.name) } } ?? observations
        guard let last = candidates.last else {
            throw Diagnostic(.priceBook(.noPriceAt(name: name, store: store?.name ?? "")), at: store?.range ?? arguments.commandRange)
        }
        // A multipack seen (`6 x 1.5 l`) goes on the list as one: its packs, each pack's amount.
        let quantity = EnteredQuantity(packs: last.packs, amount: .exact(last.amount / Rational(last.packs ?? 1)), unit: last.unit)
        // A price of another currency than the list's goes at the rate of the day it was seen.
        let currency = last.currency.map(Observation.currency)
        var (rates, use) = (calculator.rates, ReferenceRates.Use?.none)
        if let from = currency?.code, let to = list.currency?.code { (rates, use) = rates.ofDay(last.date, from: from, to: to) }
        let added = try list.addProduct(name: last.name, price: .exact(last.price), currency: currency,
                                        quantity: quantity, rates: rates,
                                        priceRange: arguments.commandRange, quantityRange: arguments.commandRange)
        let outcome = note.map { .noted(added, note: $0) } ?? added
        return ValueNote.rateBefore(use, day: last.date).map { .noted(outcome, note: .rate($0)) } ?? outcome
    }
}
