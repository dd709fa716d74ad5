import PerLanguage

/// `NAME at STORE`: a store said in words at the end of a product's name, as people say it
/// (`Barilla at Aldi`), read as `@STORE`. One reader for `add` and `seen`. Only a last word
/// after a last `at` is a store, and only one that starts with a letter (or is quoted), so a
/// name with `at` inside keeps it (`Cafe at the Park`, `Salt at 5%`).
package struct StoreInWords: Sendable, Equatable {
    /// The name without `at STORE`.
    package let name: Range<Int>
    package let store: String
    /// `at STORE`.
    package let storeRange: Range<Int>

    /// The reading of a name's words: three or more, the last but one an unquoted `at`; nil
    /// for any other name. `source` holds the words.
    package static func read(_ words: [StatementSource.Word], in source: StatementSource) throws(Diagnostic) -> StoreInWords? {
        guard words.count >= 3, let last = words.last, !words[words.count - 2].isQuoted,
              words[words.count - 2].text.lowercased() == "at",
              last.isQuoted || last.text.unicodeScalars.first.map(Lexer.isLetter) == true else { return nil }
        let store = try ShoppingList.productName(in: source.slice(last.range), from: last.range.lowerBound)
        guard !store.isEmpty else { return nil }
        return StoreInWords(name: words[0].range.lowerBound..<words[words.count - 3].range.upperBound, store: store,
                            storeRange: words[words.count - 2].range.lowerBound..<last.range.upperBound)
    }

    /// `add Pasta 2.49 500 g at Lidl`: a name first (at `name`), and after the quantity the
    /// two words `at STORE` alone; nil for any other words.
    package static func read(afterName name: Range<Int>, _ words: [StatementSource.Word], in source: StatementSource) throws(Diagnostic) -> StoreInWords? {
        guard words.count == 2, !words[0].isQuoted, words[0].text.lowercased() == "at",
              words[1].isQuoted || words[1].text.unicodeScalars.first.map(Lexer.isLetter) == true else { return nil }
        let store = try ShoppingList.productName(in: source.slice(words[1].range), from: words[1].range.lowerBound)
        guard !store.isEmpty else { return nil }
        return StoreInWords(name: name, store: store, storeRange: words[0].range.lowerBound..<words[1].range.upperBound)
    }

    /// Whether the words left start with `at STORE`: after a name first, the store, not a
    /// misspelt unit (`add Pasta 2.49 500 g at Lidl`).
    package static func storeFollows(_ arguments: ArgumentReader) -> Bool {
        let words = arguments.words
        return words.count >= 2 && !words[0].isQuoted && words[0].text.lowercased() == "at"
            && (words[1].isQuoted || words[1].text.unicodeScalars.first.map(Lexer.isLetter) == true)
    }

    /// Refuses what `add` would otherwise keep in a product's name (`words`, in `source`): a
    /// store with no name before it (`@Lidl`), a second store (`Pasta @Lidl @Aldi`, `Pasta
    /// @Lidl at Aldi`: one price is at one store), and `at` with no store after it (`Pasta
    /// at`, `Pasta at @Lidl`). `seen` refuses the same words the same way.
    package static func refuseStrayStores(_ words: [StatementSource.Word], in source: StatementSource, command: String) throws(Diagnostic) {
        guard let first = words.first else { return }
        let markers = words.indices.filter { words[$0].isStoreMarker }
        /// A store as written: `@Lidl`, `@ Lidl`, `@"Corner shop"`.
        func written(_ index: Int) -> String {
            let scalars = source.scalars
            var end = words[index].range.lowerBound + 1
            while end < scalars.endIndex, StatementSource.isBlank(scalars[end]) { end += 1 }
            if end < scalars.endIndex, scalars[end] == "\"" || scalars[end] == "'" {
                end = scalars[(end + 1)...].firstIndex(of: scalars[end]).map { $0 + 1 } ?? scalars.endIndex
            } else {
                while end < scalars.endIndex, !StatementSource.isBlank(scalars[end]) { end += 1 }
            }
            return source.text(words[index].range.lowerBound..<end)
        }
        if first.isStoreMarker {
            throw Diagnostic(ArgumentError.missing(command: command, what: "a product's name before \(written(0))",
                                                   example: "\(command) 2.49 500 g Barilla \(written(0))"), at: first.range)
        }
        let nameEnd = markers.first ?? words.count
        if nameEnd >= 2, words[nameEnd - 1].isAt {
            throw Diagnostic(ArgumentError.atWithoutStore(name: source.text(first.range.lowerBound..<words[nameEnd - 2].range.upperBound)),
                             at: words[nameEnd - 1].range)
        }
        guard let marker = markers.first else { return }
        if markers.count > 1 {
            throw Diagnostic(ArgumentError.storeTwice(first: written(marker), second: written(markers[1])), at: words[markers[1]].range)
        }
        if let reading = try read(words, in: source) {
            throw Diagnostic(ArgumentError.storeTwice(first: written(marker), second: source.text(reading.storeRange)), at: reading.storeRange)
        }
        if let last = words.last, last.isAt {
            throw Diagnostic(ArgumentError.atWithoutStore(name: source.text(first.range.lowerBound..<words[marker - 1].range.upperBound)),
                             at: last.range)
        }
    }

    /// `add Pasta 2.49 500 g at`: after a name first (at `name`), `at` alone, with no store.
    package static func refuseAtAlone(_ arguments: ArgumentReader, afterName name: Range<Int>?) throws(Diagnostic) {
        guard let name, let at = arguments.nextWord, at.isAt, arguments.words.count == 1 else { return }
        throw Diagnostic(ArgumentError.atWithoutStore(name: arguments.text(name)), at: at.range)
    }

    /// `@Aldi`, or `@"Corner shop"` for a store of more than one word.
    package var marker: String { store.contains(" ") ? "@\"\(store)\"" : "@\(store)" }

    /// The note said beside the answer.
    package func note(in source: StatementSource) -> ReadingNote {
        .storeAfterAt(name: source.text(name), store: store)
    }

    /// The note said beside the answer, naming the product as read (`Whole wheat`, unquoted).
    package func note(name: String) -> ReadingNote { .storeAfterAt(name: name, store: store) }

    /// Refuses the reading when the other could be meant too: `known` says a product of the
    /// whole name (`Barilla at Aldi`) is known, `marked` is a store given with @ as well.
    package func refuseIfTwoWays(whole: Range<Int>, in source: StatementSource, known: Bool, marked: String?) throws(Diagnostic) {
        guard known || marked != nil else { return }
        throw Diagnostic(ArgumentError.storeAtReadsTwoWays(name: source.text(whole), before: source.text(name), store: store, marked: marked),
                         at: storeRange)
    }
}

extension StatementSource.Word {
    /// `@Lidl`, or a lone `@` before the store's word, unquoted.
    package var isStoreMarker: Bool { !isQuoted && text.hasPrefix("@") }

    /// `at`, in any case, unquoted.
    package var isAt: Bool { !isQuoted && text.lowercased() == "at" }
}

extension ShoppingList {
    /// `add 2.49 500 g Barilla at Aldi`: the name ending in `at STORE` read as `Barilla @Aldi`,
    /// with the note that says so; nil for any other name. Refused when the list has a
    /// product of the whole name, which could be meant as well.
    func storeInWords(_ source: StatementSource, _ range: Range<Int>) throws(Diagnostic) -> (name: String, note: ReadingNote)? {
        // Most names hold no `@` and no `at`: they are not split into words to look at them.
        let written = source.slice(range)
        guard written.scalars.contains("@") || Self.mentionsAt(written) || Self.endsWithAt(written) else { return nil }
        let words = written.words
        try StoreInWords.refuseStrayStores(words, in: source, command: "add")
        guard let reading = try StoreInWords.read(words, in: source) else { return nil }
        let whole = words[0].range.lowerBound..<words[words.count - 1].range.upperBound
        let wholeName = try Self.productName(in: source.slice(whole), from: whole.lowerBound)
        try reading.refuseIfTwoWays(whole: whole, in: source, known: products.contains { Observation.key($0.name) == Observation.key(wholeName) },
                                    marked: nil)
        let name = try Self.productName(in: source.slice(reading.name), from: reading.name.lowerBound)
        return (name + " " + reading.marker, reading.note(in: source))
    }
}
