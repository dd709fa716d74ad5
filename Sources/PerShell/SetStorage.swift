#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerCore

/// `saved.json` on disk (SPEC §6): every operation takes an advisory lock (`flock`) on
/// `saved.json.lock` for its whole read-modify-write, and every write goes to a temporary
/// file that is synced and renamed over the old one, so two shells saving at once both
/// keep their sets and a crash never leaves half a file.
struct SetStorage {
    /// `$PER_HOME`, else `$XDG_DATA_HOME/per`, else `~/.local/share/per`.
    let directory: String

    static func directory(environment: (String) -> String?) -> String? {
        if let home = environment("PER_HOME"), !home.isEmpty { return home }
        if let data = environment("XDG_DATA_HOME"), !data.isEmpty { return data + "/per" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.local/share/per" }
        return nil
    }

    var path: String { directory + "/saved.json" }

    struct Failure: Error {
        let message: String
    }

    /// Reads the sets under the lock, lets `change` compute new ones (nil: no write), and
    /// writes them. Warnings (a corrupt file moved aside, sets left out) go to `warn`.
    ///
    /// A set that cannot be read is left out; before a write drops it, the file as it was
    /// is copied aside once (`saved.json.corrupt-<time>`), so nothing is lost.
    func transaction<T>(warn: (String) -> Void,
                        _ change: ([SavedSet]) throws(Failure) -> (sets: [SavedSet]?, result: T)) throws(Failure) -> T {
        try makeDirectory()
        let lock = open(directory + "/saved.json.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("cannot open \(directory)/saved.json.lock") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot lock \(directory)/saved.json.lock") }
        }
        let (original, contents) = try read(warn: warn)
        for set in contents.unreadable { warn("\(path): \(set.label) cannot be read (\(set.reason)); it is left out") }
        let (sets, result) = try change(contents.sets)
        guard let sets else { return result }
        if let original, !contents.unreadable.isEmpty {
            let copy = try keepCopy(original)
            warn("\(path) is saved without the sets that cannot be read; the file as it was is kept in \(copy)")
        }
        try write(sets)
        return result
    }

    /// The file's bytes (nil when there is none) and what they hold; a corrupt file is
    /// moved aside.
    private func read(warn: (String) -> Void) throws(Failure) -> ([UInt8]?, SavedSetsFile.Contents) {
        let contents: [UInt8]
        switch System.readFile(path) {
        case .success(let bytes): contents = bytes
        case .failure(let error) where error.code == ENOENT: return (nil, .init(sets: []))
        case .failure(let error): throw Failure(message: "cannot read \(path): \(error.description)")
        }
        do {
            return (contents, try SavedSetsFile.decode(contents))
        } catch {
            switch error {
            case .newerVersion(let version):
                throw Failure(message: "\(path) was written by a newer per (format \(version); this one reads \(SavedSetsFile.formatVersion)); it is left as it is")
            case .corrupt(let why):
                var aside = path + ".corrupt-" + SetStorage.timestamp(compact: true)
                var attempt = 1
                while access(aside, F_OK) == 0 {
                    attempt += 1
                    aside = path + ".corrupt-" + SetStorage.timestamp(compact: true) + "-\(attempt)"
                }
                guard rename(path, aside) == 0 else { throw failure("\(path) is corrupt (\(why)) and cannot be moved aside") }
                warn("\(path) was corrupt (\(why)); it was moved to \(aside) and a new one started")
                return (nil, .init(sets: []))
            }
        }
    }

    /// Keeps `bytes` in a new `saved.json.corrupt-<time>`, never replacing a file.
    private func keepCopy(_ bytes: [UInt8]) throws(Failure) -> String {
        for attempt in 1...100 {
            let aside = path + ".corrupt-" + SetStorage.timestamp(compact: true) + (attempt == 1 ? "" : "-\(attempt)")
            let fd = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw failure("cannot create \(aside)")
            }
            let writeError = bytes.withUnsafeBytes { System.writeAll(fd, $0) }
            let synced = fsync(fd) == 0
            close(fd)
            guard writeError == nil, synced else { throw Failure(message: "cannot write \(aside): \(System.errorDescription(writeError ?? errno))") }
            return aside
        }
        throw Failure(message: "cannot keep a copy of \(path)")
    }

    private func write(_ sets: [SavedSet]) throws(Failure) {
        // Only the lock holder writes, so one fixed name is safe, and a file left by a
        // writer that was killed is simply overwritten.
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot write \(temporary)") }
        let bytes = SavedSetsFile.encode(sets)
        let writeError = bytes.withUnsafeBytes { System.writeAll(fd, $0) }
        let synced = fsync(fd) == 0
        close(fd)
        guard writeError == nil, synced else {
            unlink(temporary)
            throw Failure(message: "cannot write \(temporary): \(System.errorDescription(writeError ?? errno))")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(message: "cannot replace \(path): \(System.errorDescription(code))")
        }
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The names of the saved sets, for completion: read without the lock, and empty when
    /// the file cannot be read.
    func names() -> [String] {
        guard case .success(let bytes) = System.readFile(path), let contents = try? SavedSetsFile.decode(bytes) else { return [] }
        return contents.sets.map(\.name)
    }

    /// Creates the directory if it can, for files other than the sets (history).
    func makeDirectoryQuietly() { try? makeDirectory() }

    /// Creates the directory and its parents, as `mkdir -p` does.
    private func makeDirectory() throws(Failure) {
        var built = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw failure("cannot create \(built)")
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(message: "cannot use \(directory): it is not a directory")
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(message): \(System.errorDescription(errno))")
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
