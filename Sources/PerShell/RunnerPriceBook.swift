import PerTools
import PerLanguage
import PerSession

/// The runner's side of the price book: it reads the file before a statement that needs
/// it, and makes the change a statement asks for before its answer is shown.
extension Runner {
    /// Gives the session the book as the file holds it now; a refusal when it cannot be read.
    func openPriceBook(for source: StatementSource) -> Diagnostic? {
        guard let store = priceBook else {
            session.priceBook = nil
            return nil
        }
        do {
            session.priceBook = try store.book(warn: warn)
            return nil
        } catch {
            return Diagnostic(.storage(error), at: blame(source))
        }
    }

    /// Does in place what an outcome asks of files: a saved-set request carried out, a
    /// price-book change written (the lines the answer skipped named first), a file included. Says whether
    /// a file was written, so the answer can go out at once. A value, as most outcomes
    /// are, is left as it is without a copy.
    func settle(_ outcome: inout StatementOutcome, for source: StatementSource) -> Bool {
        switch outcome {
        case .success(.storage(let request)):
            outcome = perform(request, for: source)
            return true
        case .success(.priceBook(let answer)):
            priceBook?.report(answer.problems, warn: warn)
            guard let change = answer.change else { return false }
            outcome = perform(change, answering: answer, for: source)
            return true
        case .success(.importRates(let path)):
            outcome = importRates(path, for: source)
            return true
        case .success(.include(let path)):
            outcome = include(path, for: source)
            return false
        case .success(.load(let path, let stem)):
            outcome = load(path, stem: stem, for: source)
            return false
        case .success(.labelled(let label, let inner)):
            var done = StatementOutcome.success(inner)
            let wrote = settle(&done, for: source)
            outcome = done.map { .labelled(label: label, $0) }
            return wrote
        default:
            return false
        }
    }

    /// Writes a price-book change; the answer stands once it is written, and `undo` can
    /// then take it back.
    func perform(_ change: PriceBookChange, answering outcome: PriceBookOutcome, for source: StatementSource) -> StatementOutcome {
        guard let store = priceBook else { return .failure(Diagnostic(.priceBook(.notOpen), at: blame(source))) }
        guard changesPriceBook else {
            return .failure(Diagnostic(.storage(.sheetChanges(.priceBook)), at: blame(source)))
        }
        var answer = outcome.answer
        do throws(StorageFailure) {
            switch change {
            case .append(let observations): try store.append(observations, warn: warn)
            case .remove(let observations): try store.remove(observations, warn: warn)
            case .importFile(let path): answer = .message(try store.importFile(path, warn: warn))
            case .exportFile(let path): answer = .message(try store.exportFile(path, warn: warn))
            }
        } catch {
            return .failure(Diagnostic(.storage(error), at: blame(source)))
        }
        if !outcome.isStep { session.recordBookChange(source.text, change) }
        if let book = try? store.book(warn: { _ in }) { session.priceBook = book }
        return .success(.priceBook(PriceBookOutcome(answer)))
    }

    /// The arguments of a statement, where a storage problem is shown.
    func blame(_ source: StatementSource) -> Range<Int> {
        let words = source.words
        return words.count > 1 ? words[1].range.lowerBound..<words[words.count - 1].range.upperBound : source.offset..<(source.offset + 1)
    }
}
