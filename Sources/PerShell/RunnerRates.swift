import PerTools
import PerLanguage
import PerSession

/// The runner's side of the rates file: it reads it when a statement first needs a rate
/// no `rate` gave, and carries out `rates import`.
extension Runner {
    /// Gives the session the rates the file holds (none without one), once a run, with the
    /// clock, so that a conversion can say how old its rate is; a refusal when the file
    /// cannot be read.
    func openRates(for source: StatementSource) -> Diagnostic? {
        session.readClockIfUnread()
        guard let store = rates else {
            session.useRates(nil)
            return nil
        }
        do {
            session.useRates(try store.rates(warn: warn))
            return nil
        } catch {
            return Diagnostic(.storage(error), at: blame(source))
        }
    }

    /// `rates import FILE`: the file read into `rates.csv`, and the session's rates then.
    func importRates(_ path: String, for source: StatementSource) -> StatementOutcome {
        guard let store = rates else { return .failure(Diagnostic(.storage(.noDirectory), at: blame(source))) }
        guard changesPriceBook else { return .failure(Diagnostic(.storage(.sheetChanges(.priceBook)), at: blame(source))) }
        do throws(StorageFailure) {
            let (confirmation, rates) = try store.importFile(path, warn: warn)
            session.useRates(rates)
            return .success(.message(confirmation))
        } catch {
            return .failure(Diagnostic(.storage(error), at: blame(source)))
        }
    }
}
