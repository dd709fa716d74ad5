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
    func product(_ arguments: ArgumentReader, book: PriceBook, commandName: String? = nil) throws(Diagnostic) -> PriceBook.Product {
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
    static func product(named name: String, in book: PriceBook, at range: Range<Int>,
                                interruption: Interruption) throws(Diagnostic) -> PriceBook.Product? {
        do {
            return try book.productStopping(named: name, interruption: interruption)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}
