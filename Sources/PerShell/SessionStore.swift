import PerCore

/// `session.json` in the user's `PrivateDirectory`: the interactive session, kept between
/// runs (README, "The session is never lost"). It holds one set in the saved-sets format,
/// replaced atomically (a new temporary file, synced, renamed) after every statement that
/// changed the session, so a crash or a kill leaves the last complete session.
final class SessionStore {
    let directory: String
    static let fileName = "session.json"
    /// Set when the file must be left alone (written by a newer per, or unreadable).
    private var leaveAlone = false
    /// The revision last written, so unchanged sessions are not written again.
    private var storedRevision: Int?
    /// Whether a failure to store was already reported; it is said once, not per line.
    private var reportedFailure = false

    init(directory: String) {
        self.directory = directory
    }

    var path: String { directory + "/" + SessionStore.fileName }

    /// The kept session, if there is one. A corrupt file is moved aside, a newer one left
    /// as it is; either is said to `warn`, and the shell starts empty.
    func load(warn: (String) -> Void) -> SavedSet? {
        do throws(StorageFailure) {
            guard let folder = try PrivateDirectory.open(directory, create: false),
                  let bytes = try folder.read(SessionStore.fileName) else { return nil }
            let decoded: Result<SavedSetsFile.Contents, SavedSetsFile.ReadError>
            do throws(SavedSetsFile.ReadError) { decoded = .success(try SavedSetsFile.decode(bytes)) } catch { decoded = .failure(error) }
            switch decoded {
            case .success(let contents):
                if let set = contents.sets.first, contents.unreadable.isEmpty { return set }
                let why = contents.unreadable.first?.reason ?? "it holds no session"
                let aside = try folder.moveAside(SessionStore.fileName)
                warn("\(path) could not be restored (\(why)); it was moved to \(aside)")
            case .failure(.newerVersion(let version)):
                leaveAlone = true
                warn("\(path) was written by a newer per (format \(version)); it is left as it is and this session is not kept")
            case .failure(.corrupt(let why)):
                let aside = try folder.moveAside(SessionStore.fileName)
                warn("\(path) was corrupt (\(why)); it was moved to \(aside)")
            }
        } catch {
            leaveAlone = true
            warn("\(error.message); this session is not kept")
        }
        return nil
    }

    /// Writes the session when it changed since the last write. A failure is said once
    /// to `warn`; the session goes on.
    func store(_ session: Session, warn: (String) -> Void) {
        guard !leaveAlone, storedRevision != session.revision else { return }
        let set = SavedSet(name: "session", savedAt: SetStorage.timestamp(), state: session.state,
                           headline: session.estimates.lastEstimate?.headline)
        do throws(StorageFailure) {
            guard let folder = try PrivateDirectory.open(directory, create: true) else { throw StorageFailure("cannot use \(directory)") }
            try folder.replace(SessionStore.fileName, with: SavedSetsFile.encode([set]))
            storedRevision = session.revision
            reportedFailure = false
        } catch {
            if !reportedFailure { warn("cannot keep the session: \(error.message)") }
            reportedFailure = true
        }
    }

    /// Marks the session as written at this revision (just restored: nothing new).
    func markStored(_ revision: Int) { storedRevision = revision }
}
