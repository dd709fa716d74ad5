import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The shelf-label check (`help label`): `label 5.20 per kg` after an `add`, or at its end.
extension Session {
    /// `label UNIT_PRICE`: against the product `added` just now, else the list's last added.
    func checkLabel(_ arguments: ArgumentReader, added: Outcome? = nil) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard !arguments.atEnd else { throw Diagnostic(ShoppingError.labelNotAPrice, at: arguments.endRange) }
        let (value, range) = try arguments.expression()
        try arguments.expectEnd()
        var product = list.products.max { $0.id < $1.id }
        if case .productAdded(let just, _, _, _, _)? = added { product = just }
        guard let product else { throw Diagnostic(ShoppingError.labelWithoutProduct, at: range) }
        let check = try ShelfLabelCheck.check(product, listCurrency: list.currency, label: value.quantity, written: arguments.text(range),
                                              at: range, namesProduct: added == nil, rates: calculator.rates)
        return .shelfLabel(check, added: added)
    }

    /// Where `label` starts a shelf label at the end of an `add`: the last unquoted word
    /// `label` with a number or a money sign after it (a name may hold the word itself).
    static func labelWord(in source: StatementSource) -> Range<Int>? {
        let words = source.words
        for index in words.indices.dropFirst().dropLast().reversed() where !words[index].isQuoted && words[index].text.lowercased() == "label" {
            guard let first = words[index + 1].text.unicodeScalars.first else { continue }
            if ("0"..."9").contains(first) || first == "." || CurrencyCode.withSymbol(Character(first)) != nil { return words[index].range }
        }
        return nil
    }
}
