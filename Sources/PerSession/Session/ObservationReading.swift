import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// What `seen` and `worth` read after the command: `PRICE QTY NAME [@STORE] [DATE] [deal DEAL]`,
/// the price and the quantity as `add` reads them.
extension Session {
    /// What follows the quantity, as `markers` reads it: the name's range, the store, the
    /// date, the deal, and the note on a store said in words.
    typealias Marks = (name: Range<Int>?, store: String?, storeRange: Range<Int>?, date: CalendarDate?, deal: Deal?, note: ReadingNote?)

    /// `PRICE QTY NAME [@STORE] [DATE] [deal DEAL]`, read as `add` reads them; without the
    /// markers for `worth`.
    func readObservation(_ arguments: ArgumentReader, book: PriceBook, allowingMarkers: Bool) throws(Diagnostic)
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
        let (written, quantity, quantityRange) = try readPriceAndQuantity(&arguments, leadingName: leadingName)
        let priceRange = written.range
        let priceValue = try ShoppingList.price(written.value, for: quantity, at: priceRange, command: command, quantityRange: quantityRange,
                                                 per: written.per)
        let (priceNumber, currency) = try ShoppingList.price(priceValue, at: priceRange)
        guard case .exact(let price) = priceNumber, case .exact(let each) = quantity.amount else {
            throw Diagnostic(.priceBook(.observation(.notDecimal(what: "price"))), at: priceRange)
        }
        var marks = try markers(arguments, allowing: allowingMarkers)
        let (name, nameRange) = try observedName(arguments, marks: &marks, leadingName: leadingName, allowingMarkers: allowingMarkers)
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
        try Self.check(observation, of: product, at: (price: priceRange, quantity: quantityRange, name: nameRange, store: marks.storeRange))
        return (observation, product, marks.note)
    }

    /// The price and the quantity, as `add` reads them: `2.49 500 g`, `4.98/kg 1.2 kg`,
    /// `0.45 €/100 g 500 g`, `€2.49/500 g`, `2.49 for 500 g`, `4.99 4-pack 330 ml`.
    private func readPriceAndQuantity(_ arguments: inout ArgumentReader, leadingName: Range<Int>?) throws(Diagnostic)
        -> (PriceAsWritten, EnteredQuantity, Range<Int>) {
        let command = arguments.commandName
        guard !arguments.atEnd else {
            throw Diagnostic(ArgumentError.missing(command: command, what: "a price, a quantity and a name", example: "\(command) 2.49 500 g Barilla"),
                             at: arguments.endRange)
        }
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
        return (written, quantity, quantityRange)
    }

    /// The product's name and where it is written: the name first (`leadingName`), with
    /// `at STORE` after the quantity, or the name `markers` found.
    private func observedName(_ arguments: ArgumentReader, marks: inout Marks, leadingName: Range<Int>?,
                              allowingMarkers: Bool) throws(Diagnostic) -> (String, Range<Int>) {
        let command = arguments.commandName
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
        return (name, nameRange)
    }

    /// Refuses an observation the book cannot keep, or one that does not fit the name's
    /// earlier prices (its kind of unit, its currency), at what was written wrong.
    private static func check(_ observation: Observation, of product: PriceBook.Product?,
                              at written: (price: Range<Int>, quantity: Range<Int>, name: Range<Int>, store: Range<Int>?)) throws(Diagnostic) {
        do throws(ObservationError) {
            try ObservationError.check(observation)
        } catch {
            let at: Range<Int>
            switch error {
            case .negativePrice: at = written.price
            case .notDecimal(let what), .tooManyDigits(let what): at = what == "price" ? written.price : written.quantity
            case .tooLong(let what), .controlCharacter(let what), .formula(let what): at = what == "store" ? (written.store ?? written.name) : written.name
            default: at = written.quantity
            }
            throw Diagnostic(.priceBook(.observation(error)), at: at)
        }
        do throws(ObservationError) {
            if let product { try PriceBook.check(observation, against: (product.name, product.dimension, product.currency)) }
        } catch {
            if case .currencyDoesNotFit = error { throw Diagnostic(.priceBook(.observation(error)), at: written.price) }
            throw Diagnostic(.priceBook(.observation(error)), at: written.quantity)
        }
    }

    /// What follows the quantity: the name's range, then `@STORE`, a date and `deal DEAL`.
    private func markers(_ arguments: ArgumentReader, allowing: Bool) throws(Diagnostic) -> Marks {
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
    func checkedDate(_ word: StatementSource.Word) throws(Diagnostic) -> CalendarDate {
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
