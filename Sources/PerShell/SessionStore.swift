#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerTools
import PerLanguage
import PerSession

/// `session.json` in the user's `PrivateDirectory`: the interactive session, kept between
/// runs (`help session`). It holds one set in the saved-sets format,
/// replaced atomically (a new temporary file, synced, renamed) under the lock
/// `session.json.lock`, so a crash or a kill leaves the last complete session.
///
/// Writes are coalesced: while statements keep coming (a paste, a script with
/// `--session`) the session is written at most every `interval`; a shell waiting for
/// input writes it within `interval`, and at its end and on SIGTERM or SIGHUP. A kill
/// therefore loses at most the statements of the last `interval`, and a long paste, or
/// statements typed quickly into a long list, cost no more than running them.
///
/// Two shells on one directory lose nothing: a shell about to replace a session that
/// another shell wrote since this one read or wrote it keeps that session first, as the
/// saved set `session of <its time>`.
final class SessionStore {
    let directory: String
    static let fileName = KeptFile.session.name
    /// Saved sets holding another shell's session are named this, then its time.
    static let otherSessionPrefix = "session of "
    /// The longest a changed session waits to be written while statements keep coming.
    static let interval: Duration = .milliseconds(500)
    /// Set when the file must be left alone (written by a newer per, or unreadable).
    private var leaveAlone = false
    /// The revision last written, so unchanged sessions are not written again.
    private var storedRevision: Int?
    /// When the session was last written.
    private var lastWritten: ContinuousClock.Instant?
    /// The file as this shell last read or wrote it (nil: there was none), to notice a
    /// session another shell wrote since.
    private var known: PrivateDirectory.Stamp?
    /// Whether a failure to store was already reported; it is said once, not per line.
    private var reportedFailure = false
    /// The name this shell writes its session under, which tells it from other shells':
    /// `session`, its process and the time it started.
    private let writer = "session \(getpid()) \(SetStorage.timestamp(compact: true))"
    /// The saved set each other shell's session was kept as, by that shell's name: a shell
    /// that writes again after it is kept updates its set instead of adding one each time.
    private var keptSets: [String: String] = [:]

    init(directory: String) {
        self.directory = directory
    }

    var path: String { directory + "/" + SessionStore.fileName }

    /// The kept session, if there is one. A corrupt file is moved aside, a newer one left
    /// as it is; either is said to `warn`, and the shell starts empty.
    func load(warn: (String) -> Void) -> SavedSet? {
        do throws(StorageFailure) {
            guard let folder = try PrivateDirectory.open(directory, create: false) else { return nil }
            known = folder.stamp(of: SessionStore.fileName)
            guard let bytes = try folder.read(SessionStore.fileName) else { return nil }
            switch SessionStore.decode(bytes) {
            case .success(let set): return set
            case .failure(.newerVersion(let version)):
                leaveAlone = true
                warn("\(path) was written by a newer per (format \(version)); it is left as it is and this session is not kept")
            case .failure(.corrupt(let why)):
                let aside = try folder.moveAside(SessionStore.fileName)
                known = nil
                warn("\(path) could not be restored (\(why)); it was moved to \(aside)")
            }
        } catch {
            leaveAlone = true
            warn("\(error.message); this session is not kept")
        }
        return nil
    }

    /// The one session a file holds, or why it holds none.
    private static func decode(_ bytes: [UInt8]) -> Result<SavedSet, SavedSetsFile.ReadError> {
        do throws(SavedSetsFile.ReadError) {
            let contents = try SavedSetsFile.decode(bytes)
            if let set = contents.sets.first, contents.unreadable.isEmpty { return .success(set) }
            return .failure(.corrupt(contents.unreadable.first?.reason ?? "it holds no session"))
        } catch {
            return .failure(error)
        }
    }

    /// Whether the session has changes not yet written.
    func isBehind(_ session: Session) -> Bool { !leaveAlone && storedRevision != session.revision }

    /// When the session, changed since it was written, should be written next: at once
    /// if the last write is at least `interval` old. Nil when there is nothing to write.
    func due(_ session: Session) -> ContinuousClock.Instant? {
        guard isBehind(session) else { return nil }
        return lastWritten.map { $0 + SessionStore.interval } ?? .now
    }

    /// Writes the session when it changed and the last write is at least `interval` old.
    func storeIfDue(_ session: Session, storage: SetStorage?, warn: (String) -> Void, notice: (String) -> Void) {
        guard isBehind(session) else { return }
        if let lastWritten, ContinuousClock.now - lastWritten < SessionStore.interval { return }
        store(session, storage: storage, warn: warn, notice: notice)
    }

    /// Writes the session when it changed since the last write. A session another shell
    /// wrote meanwhile is kept in `storage` first (said to `notice`); when it cannot be,
    /// it is left in place and this one is not written. A failure is said once to `warn`;
    /// the session goes on.
    func store(_ session: Session, storage: SetStorage?, warn: (String) -> Void, notice: (String) -> Void) {
        guard isBehind(session) else { return }
        let set = SavedSet(name: writer, savedAt: SetStorage.timestamp(), state: session.state,
                           headline: session.estimates.lastEstimate?.headline)
        do throws(StorageFailure) {
            guard let folder = try PrivateDirectory.open(directory, create: true) else { throw .unusableDirectory(StoragePath(directory)) }
            let lock = try FileLock(SessionStore.fileName + ".lock", in: folder, holders: .session, notice: warn)
            defer { withExtendedLifetime(lock) {} }
            // Temporary files left by a writer that was killed; only a lock holder writes them.
            folder.removeLeftovers(of: SessionStore.fileName)
            let current = folder.stamp(of: SessionStore.fileName)
            if current != nil, current != known {
                try keepOtherSession(in: folder, storage: storage, warn: warn, notice: notice)
            }
            try folder.replace(SessionStore.fileName, with: SavedSetsFile.encode([set]))
            known = folder.stamp(of: SessionStore.fileName)
            storedRevision = session.revision
            lastWritten = .now
            reportedFailure = false
        } catch {
            if !reportedFailure { warn("cannot keep the session: \(error.message)") }
            reportedFailure = true
            // Tried now: the next try waits its interval, so a full disk is not retried per line.
            lastWritten = .now
        }
    }

    /// Keeps the session another shell wrote as the saved set `session of <its time>`, or
    /// updates the set it was kept as before. A file that changed into one from a newer
    /// per is left alone (and this session not kept); one that cannot be read is moved
    /// aside first.
    private func keepOtherSession(in folder: PrivateDirectory, storage: SetStorage?, warn: (String) -> Void,
                                  notice: (String) -> Void) throws(StorageFailure) {
        guard let bytes = try folder.read(SessionStore.fileName) else { return }
        let other: SavedSet
        switch SessionStore.decode(bytes) {
        case .success(let set): other = set
        case .failure(.newerVersion(let version)):
            leaveAlone = true
            throw .newerSession(format: version, StoragePath(path))
        case .failure(.corrupt(let why)):
            let aside = try folder.moveAside(SessionStore.fileName)
            warn("\(path) had changed and could not be read (\(why)); it was moved to \(aside)")
            return
        }
        // This shell's own file, changed only in its stamp (a backup tool touched it).
        guard !other.state.isEmpty, other.name != writer else { return }
        guard let storage else { throw .nowhereForOtherSession(StoragePath(path)) }
        let base = SessionStore.otherSessionPrefix + TextRenderer.date(other.savedAt)
        // Shells of earlier versions all write as `session`: they cannot be told apart.
        let earlier = other.name == "session" ? nil : keptSets[other.name]
        let kept = try storage.transaction(warn: warn) { sets throws(StorageFailure) -> ([SavedSet]?, String?) in
            // Kept already (by an earlier write of this shell, or a third one).
            if sets.contains(where: { $0.state.hasSameInputs(as: other.state) }) { return (nil, nil) }
            if let earlier, let index = sets.firstIndex(where: { $0.name == earlier }) {
                var updated = sets
                updated[index] = SavedSet(name: earlier, savedAt: other.savedAt, state: other.state, headline: other.headline)
                return (updated, earlier)
            }
            var name = base, number = 1
            while sets.contains(where: { $0.name == name }) {
                number += 1
                name = "\(base) (\(number))"
            }
            return (sets + [SavedSet(name: name, savedAt: other.savedAt, state: other.state, headline: other.headline)], name)
        }
        guard let kept else { return }
        keptSets[other.name] = kept
        notice("another shell's session (\(other.state.contents)) is kept as the saved set '\(kept)'")
    }

    /// Marks the session as written at this revision (just restored: nothing new).
    func markStored(_ revision: Int) { storedRevision = revision }
}
