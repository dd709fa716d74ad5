import PerTools
import PerLanguage
import PerSession

/// The interactive shell's history, `history` in the storage directory, kept by per itself
/// (the format is `HistoryFile`'s). libedit's `read_history`/`write_history` followed
/// symbolic links, rewrote the file in place (a full disk left it cut short) and let the
/// last shell to exit overwrite the lines of every other.
///
/// Every line entered is saved at once, so a crash loses nothing: under the lock
/// `history.lock` the file is read again, this shell's new lines go after what it holds,
/// the last 1,000 are kept, and the result replaces the file atomically
/// (`PrivateDirectory.replace`: a new 0600 file, synced, renamed). Two shells' lines thus
/// interleave in the order they were entered, and a failed write leaves the old file whole.
/// A save that fails keeps its lines for the next one and warns once.
final class History {
    let directory: String
    /// What the shell starts with: the file's entries.
    let loaded: [String]
    /// Lines entered and not yet in the file.
    private var unsaved: [String] = []
    private let warn: (String) -> Void
    private var warned = false

    static let fileName = KeptFile.history.name

    /// Reads the history in `directory`; a problem is reported to `warn` and the shell
    /// starts without it.
    init(directory: String, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.warn = warn
        var loaded: [String] = []
        do {
            if let folder = try PrivateDirectory.open(directory, create: false),
               let ends = try folder.readEnds(History.fileName, headCount: HistoryFile.headBytes, tailCount: HistoryFile.tailBytes) {
                loaded = HistoryFile.decode(tail: ends.tail, head: ends.head, cut: ends.cut)
            }
        } catch {
            warn("the history is not read: \(error.message)")
            warned = true
        }
        self.loaded = loaded
    }

    /// Adds a line the user entered, and saves it.
    func add(_ line: String) {
        unsaved = HistoryFile.merge(unsaved, adding: [line])
        do {
            try save()
        } catch {
            guard !warned else { return }
            warn("the history is not saved: \(error.message)")
            warned = true
        }
    }

    /// Merges the unsaved lines into the file.
    private func save() throws(StorageFailure) {
        guard !unsaved.isEmpty,
              let folder = try PrivateDirectory.open(directory, create: true) else { return }
        let lock = try FileLock(History.fileName + ".lock", in: folder, holders: .history, notice: warn)
        defer { withExtendedLifetime(lock) {} }
        folder.removeLeftovers(of: History.fileName)
        let current = try folder.readEnds(History.fileName, headCount: HistoryFile.headBytes, tailCount: HistoryFile.tailBytes)
            .map { HistoryFile.decode(tail: $0.tail, head: $0.head, cut: $0.cut) } ?? []
        try folder.replace(History.fileName, with: HistoryFile.encode(HistoryFile.merge(current, adding: unsaved)))
        unsaved = []
    }
}
