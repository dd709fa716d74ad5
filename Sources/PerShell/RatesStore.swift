import PerUnits
import PerTools
import PerLanguage
import PerSession

/// `rates.csv` in per's private directory, beside the price book (`help rate`): the
/// exchange rates `rates import` read from files, a line a currency and day with its source.
///
/// It is read only when a statement needs a rate no `rate` gave (or asks `rates`), once a
/// run, and read again only when it changed (its stamp). It follows the price book's rules:
/// a regular file only, never a link; at most `PrivateDirectory.readLimit` bytes; 0600;
/// written whole to a new file, synced, then renamed over the old one, under the lock on
/// `rates.csv.lock`; a file to import is read as `prices import` reads one (a regular
/// file, capped, Ctrl-C stops it).
final class RatesStore {
    let directory: String
    static let fileName = KeptFile.rates.name

    private var cached: (stamp: PrivateDirectory.Stamp, rates: ReferenceRates)?

    init(directory: String) { self.directory = directory }

    var path: String { directory + "/" + Self.fileName }

    /// The rates the file holds now (nil without one); lines it skipped go to `warn`, the
    /// first few one by one.
    func rates(warn: (String) -> Void) throws(StorageFailure) -> ReferenceRates? {
        guard let folder = try PrivateDirectory.open(directory, create: false) else { return nil }
        return try rates(in: folder, warn: warn)
    }

    private func rates(in folder: PrivateDirectory, warn: (String) -> Void) throws(StorageFailure) -> ReferenceRates? {
        let stamp = folder.stamp(of: Self.fileName)
        if let cached, cached.stamp == stamp { return cached.rates }
        guard let stamp, let bytes = try folder.read(Self.fileName) else {
            cached = nil
            return nil
        }
        let reading = RateFile.read(bytes)
        report(reading, path: path, verb: "skipped", warn: warn)
        let rates = RateBook.table(reading)
        cached = (stamp, rates)
        return rates
    }

    /// `rates import FILE`: the file's rates merged into `rates.csv` (a day's rate of a
    /// currency the file has is the file's); what was skipped, and why, goes to `warn`.
    func importFile(_ path: String, warn: (String) -> Void) throws(StorageFailure) -> (Confirmation, ReferenceRates) {
        let reading = RateFile.read(try PrivateDirectory.readImport(path))
        report(reading, path: path, verb: "skipped", warn: warn)
        guard let folder = try PrivateDirectory.open(directory, create: true) else { throw .unusableDirectory(StoragePath(directory)) }
        let lock = try FileLock(Self.fileName + ".lock", in: folder, holders: .rates, notice: warn)
        defer { withExtendedLifetime(lock) {} }
        folder.removeLeftovers(of: Self.fileName)
        let merge = RateBook.merged(try rates(in: folder, warn: warn), reading, source: RateFile.sourceName(path))
        if merge.added > 0 {
            try folder.replace(Self.fileName, with: Array(RateBook.text(merge.rates).utf8))
            cached = folder.stamp(of: Self.fileName).map { ($0, merge.rates) }
        }
        let confirmation = Confirmation.ratesImported(count: merge.added, path: path, unchanged: merge.unchanged,
                                                      skipped: reading.problems.count, unknown: reading.unknownCurrencies)
        return (confirmation, merge.rates)
    }

    /// Names a reading's skipped lines, the first `PriceBookStore.problemsShown` one by one.
    private func report(_ reading: RateFile.Reading, path: String, verb: String, warn: (String) -> Void) {
        let shown = VisibleText.visible(path)
        for problem in reading.problems.prefix(PriceBookStore.problemsShown) { warn("\(shown):\(problem.line): \(verb): \(problem.message)") }
        if reading.problems.count > PriceBookStore.problemsShown {
            warn("\(shown): \(reading.problems.count - PriceBookStore.problemsShown) more lines \(verb)")
        }
        if reading.truncated { warn("\(shown): only its first \(RateFile.maxEntries) rates were read") }
    }
}
