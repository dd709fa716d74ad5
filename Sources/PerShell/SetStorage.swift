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

/// `saved.json` on disk (`help storage`), in a `PrivateDirectory`.
///
/// Writing (`save`, `forget`) holds the advisory lock on `saved.json.lock` for its whole
/// read-modify-write and replaces the file atomically, so two shells saving at once both
/// keep their sets and a crash never leaves half a file. Reading (`saved`, `recall`,
/// completion) takes no lock and changes nothing: it works in a read-only directory and
/// never waits for a writer.
///
/// What cannot be read is never lost: a file that is not a saved-sets file is moved aside
/// (`saved.json.corrupt-<time>`) by the next write; a set that breaks the rules is left out
/// with a warning, and before a write drops it the file as it was is copied aside once. A
/// file from a newer per is refused and left as it is.
struct SetStorage {
    let directory: String

    static let fileName = KeptFile.savedSets.name

    /// Where the user's files live; see `PrivateDirectory.location`.
    static func directory(environment: (EnvironmentVariable) -> String?) -> String? {
        PrivateDirectory.location(environment: environment)
    }

    var path: String { directory + "/" + SetStorage.fileName }

    typealias Failure = StorageFailure

    /// The sets, read without a lock. Sets that cannot be read, or a corrupt file, are
    /// reported to `warn` and left out.
    func read(warn: (String) -> Void) throws(Failure) -> [SavedSet] {
        guard let folder = try PrivateDirectory.open(directory, create: false),
              let bytes = try folder.read(SetStorage.fileName) else { return [] }
        switch try decode(bytes) {
        case .corrupt(let why):
            warn("\(path) is corrupt (\(why)); the next save moves it aside")
            return []
        case .contents(let contents):
            for set in contents.unreadable { warn("\(path): \(set.label) cannot be read (\(set.reason)); it is left out") }
            return contents.sets
        }
    }

    /// Reads the sets under the lock, lets `change` compute new ones (nil: no write), and
    /// writes them. Warnings (a corrupt file moved aside, sets dropped) and the notice of a
    /// long wait for the lock go to `warn`.
    func transaction<T>(warn: (String) -> Void,
                        _ change: ([SavedSet]) throws(Failure) -> (sets: [SavedSet]?, result: T)) throws(Failure) -> T {
        guard let folder = try PrivateDirectory.open(directory, create: true) else { throw .unusableDirectory(StoragePath(directory)) }
        let lock = try FileLock(SetStorage.fileName + ".lock", in: folder, holders: .savedSets, notice: warn)
        defer { withExtendedLifetime(lock) {} }
        folder.removeLeftovers(of: SetStorage.fileName)

        var sets: [SavedSet] = []
        var unreadable: [SavedSetsFile.UnreadableSet] = []
        let original = try folder.read(SetStorage.fileName)
        if let original {
            switch try decode(original) {
            case .corrupt(let why):
                let aside = try folder.moveAside(SetStorage.fileName)
                warn("\(path) was corrupt (\(why)); it was moved to \(aside) and a new one started")
            case .contents(let contents):
                sets = contents.sets
                unreadable = contents.unreadable
            }
        }
        for set in unreadable { warn("\(path): \(set.label) cannot be read (\(set.reason)); it is left out") }
        let (changed, result) = try change(sets)
        guard let changed else { return result }
        if let original, !unreadable.isEmpty {
            let copy = try folder.keepCopy(of: SetStorage.fileName, bytes: original)
            warn("\(path) is saved without the sets that cannot be read; the file as it was is kept in \(copy)")
        }
        try folder.replace(SetStorage.fileName, with: SavedSetsFile.encode(changed))
        return result
    }

    private enum Decoded {
        case contents(SavedSetsFile.Contents)
        case corrupt(String)
    }

    /// The file's sets; a newer per's file is an error.
    private func decode(_ bytes: [UInt8]) throws(Failure) -> Decoded {
        do {
            return .contents(try SavedSetsFile.decode(bytes))
        } catch {
            switch error {
            case .newerVersion(let version):
                throw .newerSavedSets(format: version, reads: SavedSetsFile.formatVersion, StoragePath(path))
            case .corrupt(let why):
                return .corrupt(why)
            }
        }
    }

    /// The names of the saved sets, for completion: empty when they cannot be read.
    func names() -> [String] {
        ((try? read(warn: { _ in })) ?? []).map(\.name)
    }

    /// Local time, ISO 8601 (`2026-11-21T22:40:05+0100`), or compact for file names.
    static func timestamp(compact: Bool = false) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [Int8](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, compact ? "%Y%m%d-%H%M%S" : "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
