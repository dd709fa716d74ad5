import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The commands that span the shopping lists (`help lists`): `list NAME`, `lists`,
/// `compare all`, and the refusal of a product of another kind, which names the list
/// that takes it.
extension Session {
    /// `list NAME`: starts or switches to a list; `list` alone ranks the current one.
    mutating func switchList(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        if arguments.atEnd {
            return try list.run(.compare, arguments, rates: calculator.rates, name: shelf.currentName)
        }
        let start = arguments.nextWord?.range.lowerBound ?? arguments.position
        let name = try ShoppingList.productName(in: arguments.source, from: arguments.position)
        var end = arguments.source.scalars.endIndex
        while end > start, StatementSource.isBlank(arguments.source.scalars[end - 1]) { end -= 1 }
        var shelf = self.shelf
        let (next, change) = try shelf.switchTo(name, leaving: list, at: start..<max(end, start + 1))
        self.shelf = shelf
        list = next
        return .message(.listSwitched(change))
    }

    /// `lists`: every list with its products, need and best product.
    func showLists(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        try arguments.expectEnd()
        return .lists(shelf.all(current: list).map { ListSummary(name: $0.name, list: $0.list, isCurrent: $0.isCurrent) })
    }

    /// `compare all`: each list ranked, in the order they were started.
    func compareAll(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        _ = arguments.word()
        try arguments.expectEnd()
        var rankings: [NamedComparison] = []
        for entry in shelf.all(current: list) {
            do {
                let comparison = entry.list.products.isEmpty
                    ? nil : try Comparison(entry.list, interruption: arguments.evaluator.context.interruption)
                rankings.append(NamedComparison(name: entry.name, comparison: comparison))
            } catch {
                throw Diagnostic(error, at: arguments.commandRange)
            }
        }
        return .comparisons(rankings)
    }

    /// A product added at a rate of the rates file more than a week old: the outcome with
    /// the rate's date and age, as a conversion says them.
    func notingRateAge(_ outcome: Outcome) -> Outcome {
        var added = outcome
        while case .noted(let inner, _) = added { added = inner }
        guard case .productAdded(let product, _, _, let currency?, _) = added, let written = product.written,
              let note = ValueNote.rateAge(from: CompoundUnit(written.currency.unit), to: CompoundUnit(currency.unit), rates: calculator.rates,
                                           today: today.map { Int32($0.dayNumber) }) else { return outcome }
        return .noted(outcome, note: .rate(note))
    }

    /// A product of another kind than the list's, refused pointing at the list of its kind
    /// when there is one, else at `list NAME`.
    func pointingAtLists(_ diagnostic: Diagnostic) -> Diagnostic {
        guard case .shopping(.wrongDimension(let kind, let quantity, let dimension)) = diagnostic.problem else { return diagnostic }
        return Diagnostic(ShoppingError.otherKindNeedsList(list: kind, quantity: quantity, is: dimension,
                                                          takenBy: shelf.listComparing(dimension)), at: diagnostic.range)
    }
}
