import PerNumbers
import PerUnits
import PerTools
import PerLanguage

extension Session {
    /// Whether the shell must read the price book before running a statement: when its
    /// command's catalogue entry says so (`CommandInfo.readsBook`), as a price-book command,
    /// `forget seen`, `add NAME` or `compare --seen` do. Decided from the words alone, so
    /// other statements never read the file.
    public static func needsPriceBook(_ source: StatementSource) -> Bool {
        // Most statements are turned away by their first character (statements come without
        // leading blanks), before any word is made: the letters the catalogue's commands
        // that read the book start with.
        guard let letter = source.scalars.first, Lexer.isLetter(letter) else { return false }
        if CommandCatalogue.mayReadBook(startingWith: letter), commandNeedsPriceBook(source) { return true }
        // `milk: seen 1.05 1 l Milk`: the statement after a label.
        guard source.scalars.contains(":"), let (_, rest) = label(of: source) else { return false }
        return commandNeedsPriceBook(rest)
    }

    private static func commandNeedsPriceBook(_ source: StatementSource) -> Bool {
        guard let first = source.firstWord, !first.isQuoted, let info = CommandCatalogue.commandReadingBook(named: first.text) else { return false }
        return info.readsBook(source.slice(first.range.upperBound..<source.scalars.endIndex))
    }

    /// The book as the shell opened it, or a refusal at the command.
    func openBook(_ arguments: ArgumentReader) throws(Diagnostic) -> PriceBook {
        guard let priceBook else { throw Diagnostic(.priceBook(.notOpen), at: arguments.commandRange) }
        return priceBook
    }

    mutating func priceBookCommand(_ command: PriceBookCommand, _ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let book = try openBook(arguments)
        switch command {
        case .seen:
            let (observation, product, note) = try readObservation(arguments, book: book, allowingMarkers: true)
            var seen: PriceBookAnswer.Seen
            if let product {
                let order = PriceBook.Product.byDate(product.entries)
                seen = PriceBookAnswer.Seen(observation: observation, place: PriceStanding.place(of: observation.unitPrice, among: product, order: order),
                                            before: PriceStanding(product, order: order),
                                            shrink: Shrink.between(product.lastRegular(in: order, at: observation.store, onOrBefore: observation.date),
                                                                   observation))
            } else {
                seen = PriceBookAnswer.Seen(observation: observation, place: nil, before: nil, shrink: nil)
            }
            if let note { seen.notes = [note] }
            return .priceBook(PriceBookOutcome(.seen(seen), change: .append([observation]), problems: product?.problems ?? []))
        case .history:
            if let named = Self.withoutPlot(arguments) {
                let product = try self.product(named, book: book)
                return .priceBook(PriceBookOutcome(.historyPlot(PriceHistory(product)!), problems: product.problems))
            }
            let product = try self.product(arguments, book: book)
            return .priceBook(PriceBookOutcome(.history(PriceHistory(product)!), problems: product.problems))
        case .worth:
            let plotted = Self.withoutPlot(arguments)
            let (asked, found, _) = try readObservation(plotted ?? arguments, book: book, allowingMarkers: false)
            guard let product = found, let standing = PriceStanding(product, order: PriceBook.Product.byDate(product.entries)) else {
                throw Diagnostic(.priceBook(.unknownName(asked.name, suggestion: book.suggestion(for: asked.name))), at: arguments.rest.scalars.indices)
            }
            let worth = PriceBookAnswer.Worth(name: product.name, unitPrice: asked.unitPrice, standing: standing, asked: asked)
            if plotted != nil { return .priceBook(PriceBookOutcome(.worthPlot(worth, PriceHistory(product)!), problems: product.problems)) }
            return .priceBook(PriceBookOutcome(.worth(worth), problems: product.problems))
        case .where:
            let product = try self.product(arguments, book: book)
            let (name, observations) = (product.name, product.byDate)
            var last: [String: Observation] = [:]
            for observation in observations { last[Observation.key(observation.store)] = observation }
            let ranked = last.values.sorted { a, b in
                a.unitPrice != b.unitPrice ? a.unitPrice < b.unitPrice : a.store.lowercased() < b.store.lowercased()
            }
            return .priceBook(PriceBookOutcome(.stores(name: name, ranked), problems: product.problems))
        case .prices:
            return try prices(arguments, book: book)
        }
    }

    /// `forget seen NAME [DATE]`: every price of a name, or those of one day.
    func forgetSeen(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let book = try openBook(arguments)
        var arguments = arguments
        _ = arguments.word()
        var words = arguments.words
        var date: (day: CalendarDate, range: Range<Int>)? = nil
        if words.count > 1, let last = words.last, Self.looksLikeDate(last) {
            date = (try checkedDate(last), last.range)
            words.removeLast()
        }
        let nameEnd = words.last?.range.upperBound ?? arguments.position
        let product = try self.product(arguments.reader(arguments.position..<nameEnd), book: book, commandName: "forget seen")
        let (name, observations) = (product.name, product.byDate)
        let removed = date.map { date in observations.filter { $0.date == date.day } } ?? observations
        if let date, removed.isEmpty { throw Diagnostic(.priceBook(.noPriceOn(name: name, date: date.day.text)), at: date.range) }
        return .priceBook(PriceBookOutcome(.message(.forgotPrices(count: removed.count, name: name, on: date?.day)), change: .remove(removed),
                                           problems: product.problems))
    }

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

    /// `compare --seen`: the comparison with the lowest price seen of each name.
    func compareSeen(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let book = try openBook(arguments)
        var arguments = arguments
        _ = arguments.word()
        try arguments.expectEnd()
        guard !list.products.isEmpty else { return .emptyComparison }
        var comparison: Comparison
        do {
            comparison = try Comparison(list, interruption: arguments.evaluator.context.interruption)
        } catch {
            throw Diagnostic(error, at: arguments.commandRange)
        }
        var lowest: [Int: Number] = [:]
        for row in comparison.rows {
            let entry = comparison.product(row)
            guard let standing = PriceStanding(book.observations(named: entry.name)) else { continue }
            let seen = standing.lowest
            guard seen.currency == comparison.currency?.code || seen.currency == nil || comparison.currency == nil else { continue }
            let product = Product(id: 0, name: seen.name, price: .exact(seen.price),
                                  quantity: EnteredQuantity(packs: nil, amount: .exact(seen.amount), unit: seen.unit))
            lowest[entry.id] = try? Comparison.unitPrice(of: product, basis: comparison.basis)
        }
        comparison.lowestSeen = lowest
        return .comparison(comparison)
    }

    /// `prices`, `prices import FILE.csv`, `prices export FILE.csv`.
    private func prices(_ arguments: ArgumentReader, book: PriceBook) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard let word = arguments.word() else {
            let (products, problems) = book.everything()
            return .priceBook(PriceBookOutcome(.catalogue(products.compactMap { PriceStanding($0.byDate) }), problems: problems))
        }
        let verb = word.isQuoted ? "" : word.text.lowercased()
        guard verb == "import" || verb == "export" else {
            throw Diagnostic(ArgumentError.wrongKind(command: "prices", takes: "nothing, import FILE.csv or export FILE.csv",
                                                     example: "prices export prices-2026.csv"), at: word.range)
        }
        let path = try ShoppingList.productName(in: arguments.source, from: arguments.position)
        guard !path.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: "prices \(verb)", what: "a file", example: "prices \(verb) prices.csv"), at: arguments.endRange)
        }
        return .priceBook(PriceBookOutcome(.pending, change: verb == "import" ? .importFile(path: path) : .exportFile(path: path)))
    }

    /// `history NAME plot`, `worth … plot`: the last word, unquoted, asks for the picture;
    /// the arguments before it, or nil without it.
    private static func withoutPlot(_ arguments: ArgumentReader) -> ArgumentReader? {
        let words = arguments.rest.words
        guard words.count > 1, let last = words.last, !last.isQuoted, last.text.lowercased() == "plot" else { return nil }
        return ArgumentReader(StatementSource(arguments.source.scalars[..<last.range.lowerBound]), command: arguments.commandName,
                              commandRange: arguments.commandRange, evaluator: arguments.evaluator)
    }

    /// The rest of the statement as a name in the book, with its observations oldest first.
    private func product(_ arguments: ArgumentReader, book: PriceBook, commandName: String? = nil) throws(Diagnostic) -> PriceBook.Product {
        let command = commandName ?? arguments.commandName
        let written = try ShoppingList.productName(in: arguments.source, from: arguments.position)
        guard !written.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: command, what: "a product's name", example: "\(command) Barilla"), at: arguments.endRange)
        }
        guard let product = try Self.product(named: written, in: book, at: arguments.commandRange,
                                                 interruption: arguments.evaluator.context.interruption) else {
            let range = arguments.rest.words.first.map { $0.range.lowerBound..<arguments.rest.words.last!.range.upperBound } ?? arguments.endRange
            throw Diagnostic(.priceBook(.unknownName(written, suggestion: book.suggestion(for: written))), at: range)
        }
        return product
    }

    /// A name's product for a command that Ctrl-C may stop while it reads the lines.
    private static func product(named name: String, in book: PriceBook, at range: Range<Int>,
                                interruption: Interruption) throws(Diagnostic) -> PriceBook.Product? {
        do {
            return try book.productStopping(named: name, interruption: interruption)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// `PRICE QTY NAME [@STORE] [DATE] [deal DEAL]`, read as `add` reads them; without the
    /// markers for `worth`.
    private func readObservation(_ arguments: ArgumentReader, book: PriceBook, allowingMarkers: Bool) throws(Diagnostic)
        -> (Observation, PriceBook.Product?, ReadingNote?) {
        do {
            return try readObservation(arguments, book: book, allowingMarkers: allowingMarkers, leadingName: nil)
        } catch where (error.problem.code == .unknownName || arguments.nextWord?.isQuoted == true)
                        && error.range.lowerBound == arguments.nextWord?.range.lowerBound {
            // `seen Pasta 2.49 500 g @Lidl`: a name first, as add takes it; the name is the
            // words before the first that can start a price, and no store among them.
            let words = arguments.words
            guard let index = words.indices.dropFirst().first(where: { !words[$0].isQuoted && ShoppingList.startsPrice(words[$0].text) }),
                  !words[..<index].contains(where: { !$0.isQuoted && $0.text.hasPrefix("@") }) else { throw error }
            var rest = arguments
            rest.move(to: words[index].range.lowerBound)
            let name = words[0].range.lowerBound..<words[index - 1].range.upperBound
            let original = error
            do {
                return try readObservation(rest, book: book, allowingMarkers: allowingMarkers, leadingName: name)
            } catch {
                // Read as a name, a price and a quantity, and refused by the book's rules
                // (`seen "=x" 2.49 500 g`), or two stores: that refusal; else the name was not one.
                if case .priceBook = error.problem { throw error }
                if case .arguments(.storeTwice) = error.problem { throw error }
                if case .arguments(.atWithoutStore) = error.problem { throw error }
                throw original
            }
        }
    }

    /// `readObservation`, with `leadingName` where the name came before the price: then
    /// only markers may follow the quantity.
    private func readObservation(_ arguments: ArgumentReader, book: PriceBook, allowingMarkers: Bool, leadingName: Range<Int>?) throws(Diagnostic)
        -> (Observation, PriceBook.Product?, ReadingNote?) {
        var arguments = arguments
        let command = arguments.commandName
        guard !arguments.atEnd else {
            throw Diagnostic(ArgumentError.missing(command: command, what: "a price, a quantity and a name", example: "\(command) 2.49 500 g Barilla"),
                             at: arguments.endRange)
        }
        // A price as `add` reads it: `2.49`, `4.98/kg 1.2 kg`, `0.45 €/100 g 500 g`, `€2.49/500 g`.
        let written = try ShoppingList.readPrice(&arguments)
        let priceRange = written.range
        try arguments.refuseDecimalComma(after: priceRange)
        let (quantityValue, quantityRange): (Evaluator.Operand, Range<Int>)
        var packWord: Int? = nil
        if let pack = written.pack {
            (quantityValue, quantityRange) = pack
        } else {
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: command, what: "a quantity and a name", example: "\(command) 2.49 500 g Barilla"),
                                 at: arguments.endRange)
            }
            // As add reads them: `2.49 for 500 g`, `4.99 4-pack 330 ml`.
            packWord = try ShoppingList.readShelfWords(&arguments, priceRange: priceRange)
            (quantityValue, quantityRange) = try ShoppingList.readQuantity(&arguments)
            try arguments.refuseDecimalComma(after: quantityRange)
            if let (_, _, name) = arguments.quantityRunningIntoName(quantityRange) {
                // `=Pasta` would be refused as a name in its quotes too: say so at once.
                if let first = arguments.text(name).first, "=+-@".contains(first) {
                    throw Diagnostic(.priceBook(.observation(.formula(what: "name"))), at: name)
                }
                try arguments.refuseQuantityRunningIntoName(quantityRange)
            }
        }
        try StoreInWords.refuseAtAlone(arguments, afterName: leadingName)
        if leadingName == nil || !StoreInWords.storeFollows(arguments) {
            try arguments.refuseMisspeltUnit(among: Dimension.shoppable, quoting: true)
        }
        let quantity = try ShoppingList.quantity(try ShoppingList.enteredQuantity(quantityValue, at: quantityRange).0, packWord: packWord,
                                                 at: quantityRange)
        let priceValue = try ShoppingList.price(written.value, for: quantity, at: priceRange, command: command, quantityRange: quantityRange,
                                                 per: written.per)
        let (priceNumber, currency) = try ShoppingList.price(priceValue, at: priceRange)
        guard case .exact(let price) = priceNumber, case .exact(let each) = quantity.amount else {
            throw Diagnostic(.priceBook(.observation(.notDecimal(what: "price"))), at: priceRange)
        }
        var marks = try markers(arguments, allowing: allowingMarkers)
        if let leadingName, let extra = marks.name {
            // `seen Pasta 2.49 500 g at Lidl`: a name first, and the store said in words.
            guard allowingMarkers, let reading = try StoreInWords.read(afterName: leadingName, arguments.source.slice(extra).words,
                                                                       in: arguments.source) else {
                throw Diagnostic(ArgumentError.unexpected(arguments.text(extra)), at: extra)
            }
            if let marked = marks.storeRange {
                throw Diagnostic(ArgumentError.storeTwice(first: arguments.text(reading.storeRange), second: arguments.text(marked)), at: marked)
            }
            let name = try ShoppingList.productName(in: arguments.source.slice(leadingName), from: leadingName.lowerBound)
            (marks.name, marks.store, marks.storeRange, marks.note) = (nil, reading.store, reading.storeRange, reading.note(name: name))
        }
        guard let nameRange = leadingName ?? marks.name else {
            if let store = marks.storeRange {
                // `seen 2.49 500 g @Lidl`: the store, and no name before it.
                let written = arguments.text(store)
                throw Diagnostic(ArgumentError.missing(command: command, what: "a product's name before \(written)",
                                                       example: "\(command) 2.49 500 g Barilla \(written)"), at: store)
            }
            throw Diagnostic(ArgumentError.missing(command: command, what: "a product's name", example: "\(command) 2.49 500 g Barilla"),
                             at: arguments.endRange)
        }
        let name = try ShoppingList.productName(in: arguments.source.slice(nameRange), from: nameRange.lowerBound)
        guard !name.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: command, what: "a product's name", example: "\(command) 2.49 500 g Barilla"), at: nameRange)
        }
        let product = try Self.product(named: name, in: book, at: arguments.commandRange,
                                             interruption: arguments.evaluator.context.interruption)
        guard let date = marks.date ?? today else { throw Diagnostic(.priceBook(.observation(.missing(what: "date"))), at: arguments.endRange) }
        // A unit of the user's own is written to the book as the unit prices are compared
        // per (kg, L, item, m, m²): the book outlives the session's units.
        var (amount, unit) = (each * Rational(quantity.packs ?? 1), quantity.unit)
        if UserUnits.isUserUnit(unit), let base = UnitTable.defaultUnit(of: unit.dimension) {
            amount = amount * unit.factor / base.factor
            unit = base
        }
        // A price without a currency is in the one the name's prices are in.
        let observation = Observation(date: date, store: marks.store ?? "", name: product?.name ?? name, price: price,
                                      currency: currency?.code ?? product?.currency, amount: amount, unit: unit,
                                      deal: marks.deal?.text(currency: currency) ?? "", packs: quantity.packs)
        do throws(ObservationError) {
            try ObservationError.check(observation)
        } catch {
            let at: Range<Int>
            switch error {
            case .negativePrice: at = priceRange
            case .notDecimal(let what), .tooManyDigits(let what): at = what == "price" ? priceRange : quantityRange
            case .tooLong(let what), .controlCharacter(let what), .formula(let what): at = what == "store" ? (marks.storeRange ?? nameRange) : nameRange
            default: at = quantityRange
            }
            throw Diagnostic(.priceBook(.observation(error)), at: at)
        }
        do throws(ObservationError) {
            if let product { try PriceBook.check(observation, against: (product.name, product.dimension, product.currency)) }
        } catch {
            if case .currencyDoesNotFit = error { throw Diagnostic(.priceBook(.observation(error)), at: priceRange) }
            throw Diagnostic(.priceBook(.observation(error)), at: quantityRange)
        }
        return (observation, product, marks.note)
    }

    /// What follows the quantity: the name's range, then `@STORE`, a date and `deal DEAL`.
    private func markers(_ arguments: ArgumentReader, allowing: Bool) throws(Diagnostic)
        -> (name: Range<Int>?, store: String?, storeRange: Range<Int>?, date: CalendarDate?, deal: Deal?, note: ReadingNote?) {
        var name: Range<Int>? = nil
        var store: String? = nil, storeRange: Range<Int>? = nil
        var date: CalendarDate? = nil
        var deal: Deal? = nil
        var markerSeen = false
        var nameWords: [StatementSource.Word] = []
        var reader = arguments
        while let word = reader.nextWord {
            let lowered = word.isQuoted ? "" : word.text.lowercased()
            if allowing, !word.isQuoted, word.text.hasPrefix("@") {
                let (read, range) = try self.store(&reader, at: word)
                if let storeRange { throw Diagnostic(ArgumentError.storeTwice(first: arguments.text(storeRange), second: arguments.text(range)), at: word.range) }
                (store, storeRange) = (read, range)
            } else if allowing, Self.looksLikeDate(word) {
                guard date == nil else { throw Diagnostic(.priceBook(.givenTwice("date")), at: word.range) }
                date = try checkedDate(word)
                _ = reader.word()
            } else if allowing, Self.looksLikeOtherDate(word) {
                throw Diagnostic(.priceBook(.dateFormat(word.text)), at: word.range)
            } else if allowing, lowered == "deal", reader.words.count > 1 {
                _ = reader.word()
                var dealReader = reader
                deal = try ShoppingList().readDeal(&dealReader, rates: calculator.rates).0
                break
            } else {
                if markerSeen { try Self.refuseAfterMarker(word, reader, name: name, storeRange: storeRange) }
                if allowing, let glued = Self.storeGlued(word) { throw Diagnostic(.priceBook(glued), at: word.range) }
                name = (name?.lowerBound ?? word.range.lowerBound)..<word.range.upperBound
                nameWords.append(word)
                _ = reader.word()
                continue
            }
            markerSeen = true
        }
        if allowing, nameWords.count > 1, let last = nameWords.last, last.isAt, let name {
            // `seen 2.49 500 g Pasta at`: `at` with no store after it.
            throw Diagnostic(ArgumentError.atWithoutStore(name: arguments.text(name.lowerBound..<nameWords[nameWords.count - 2].range.upperBound)),
                             at: last.range)
        }
        // `Barilla at Aldi`: the store said in words, read as @Aldi, with a note; refused
        // when the book has a product of the whole name, or a store is given with @ too.
        var note: ReadingNote? = nil
        if allowing, let whole = name, let reading = try StoreInWords.read(nameWords, in: arguments.source) {
            let known = (try? ShoppingList.productName(in: arguments.source.slice(whole), from: whole.lowerBound))
                .flatMap { priceBook?.product(named: $0) } != nil
            try reading.refuseIfTwoWays(whole: whole, in: arguments.source, known: known, marked: store)
            (store, storeRange) = (reading.store, reading.storeRange)
            name = reading.name
            note = reading.note(in: arguments.source)
        }
        return (name, store, storeRange, date, deal, note)
    }

    /// A word of the name after `@STORE`, a date or a deal (at the reader): `at` alone at
    /// the end has no store; `at STORE` after `@STORE` is a second store; anything else is a
    /// name out of place.
    private static func refuseAfterMarker(_ word: StatementSource.Word, _ reader: ArgumentReader, name: Range<Int>?,
                                          storeRange: Range<Int>?) throws(Diagnostic) -> Never {
        if word.isAt, let name, reader.words.count == 1 {
            throw Diagnostic(ArgumentError.atWithoutStore(name: reader.source.text(name)), at: word.range)
        }
        if word.isAt, let storeRange, StoreInWords.storeFollows(reader), let store = reader.words.dropFirst().first {
            throw Diagnostic(ArgumentError.storeTwice(first: reader.source.text(storeRange),
                                                      second: reader.source.text(word.range.lowerBound..<store.range.upperBound)),
                             at: word.range.lowerBound..<store.range.upperBound)
        }
        throw Diagnostic(.priceBook(.nameAfterMarker), at: word.range)
    }

    /// `Milk@Lidl`: a word with an @ after its start, where a blank before a store was
    /// left out; nil for any other word (a quoted name may hold an @).
    static func storeGlued(_ word: StatementSource.Word) -> PriceBookError? {
        guard !word.isQuoted, let at = word.text.firstIndex(of: "@"), at != word.text.startIndex else { return nil }
        return .storeInName(word.text, name: String(word.text[..<at]), store: String(word.text[word.text.index(after: at)...]))
    }

    /// `@Lidl`, `@"Corner shop"`, `@ Lidl` or `@ "Corner shop"`: the store, the reader moved past it.
    func store(_ reader: inout ArgumentReader, at word: StatementSource.Word) throws(Diagnostic) -> (String, Range<Int>) {
        let scalars = reader.source.scalars
        var start = word.range.lowerBound + 1
        while start < scalars.endIndex, StatementSource.isBlank(scalars[start]) { start += 1 }
        var end: Int
        if start < scalars.endIndex, scalars[start] == "\"" || scalars[start] == "'" {
            guard let close = scalars[(start + 1)...].firstIndex(of: scalars[start]) else {
                throw Diagnostic(ArgumentError.nameQuoteNeverClosed, at: start..<(start + 1))
            }
            end = close + 1
        } else {
            // `@Lidl` ends with its word; `@ Lidl` with the word after the blank.
            end = max(start, word.range.upperBound)
            while end < scalars.endIndex, !StatementSource.isBlank(scalars[end]) { end += 1 }
        }
        let text = try ShoppingList.productName(in: reader.source.slice(start..<end), from: start)
        guard !text.isEmpty else { throw Diagnostic(.priceBook(.storeMissing), at: word.range) }
        reader.move(to: end)
        return (text, word.range.lowerBound..<end)
    }

    /// Whether a word is meant as a date: `today`, `yesterday`, or four digits and a dash
    /// (`2026-10-30`, or `2026-13-01`, to be refused); `Cola 2` keeps its 2 in the name.
    static func looksLikeDate(_ word: StatementSource.Word) -> Bool {
        guard !word.isQuoted else { return false }
        let lowered = word.text.lowercased()
        if lowered == "today" || lowered == "yesterday" || lowered == "tomorrow" { return true }
        let bytes = Array(word.text.utf8.prefix(5))
        return bytes.count == 5 && bytes[..<4].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && bytes[4] == UInt8(ascii: "-")
    }

    /// `30.10.2026`, `10/30/2026`: a date written another way, which would be read as
    /// part of the name.
    static func looksLikeOtherDate(_ word: StatementSource.Word) -> Bool {
        guard !word.isQuoted else { return false }
        let parts = word.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "/" })
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `2026-10-30`, `today` or `yesterday`; not after today, when today is known.
    private func checkedDate(_ word: StatementSource.Word) throws(Diagnostic) -> CalendarDate {
        let date: CalendarDate
        switch word.text.lowercased() {
        case "today", "yesterday", "tomorrow":
            let offset = ["yesterday": -1, "today": 0, "tomorrow": 1][word.text.lowercased()]!
            guard let today, let day = CalendarDate(dayNumber: today.dayNumber + offset) else {
                throw Diagnostic(.priceBook(.observation(.missing(what: "date"))), at: word.range)
            }
            date = day
        default:
            do {
                let bytes = Array(word.text.utf8)
                date = try PriceBookCSV.date(bytes, bytes.indices)
            } catch {
                throw Diagnostic(.priceBook(.observation(error)), at: word.range)
            }
        }
        if let today, date.dayNumber > today.dayNumber { throw Diagnostic(.priceBook(.futureDate(date.text)), at: word.range) }
        return date
    }
}
