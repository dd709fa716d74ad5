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

extension StorageFailure {
    /// A call on `path` that failed with `code` (errno), with the system's reason.
    static func failed(_ action: FileAction, _ path: String, namedByUser: Bool = false, code: Int32 = errno) -> StorageFailure {
        .system(action, StoragePath(path, namedByUser: namedByUser), reason: System.errorDescription(code))
    }
}

/// The directory that holds the user's files (saved sets, history), opened and checked so
/// that storage cannot be turned against its user (`help storage`):
///
/// - it must belong to the user running per (its owner is the effective user id) and be
///   writable by no one else (no group or other write bit), else it is refused;
/// - a symbolic link to it is followed only when the link, too, belongs to the user; the
///   directory it leads to must pass the same checks;
/// - files in it are reached relative to the opened directory (`openat`, `renameat`), so
///   what was checked is what is used even if a path changes meanwhile;
/// - files are read only when they are regular files (never a symbolic link, FIFO or
///   device) and written only through a new temporary file, created exclusively under an
///   unpredictable name with mode 0600, synced, then renamed over the old one.
final class PrivateDirectory {
    let path: String
    let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Largest file read, in bytes (64 MB): four times 100,000 products with deals, so a
    /// crafted or runaway file is refused at once instead of read for seconds. A sheet is
    /// held to it too.
    static let readLimit = 64_000_000

    /// `$PER_HOME`, else `$XDG_DATA_HOME/per` when it is absolute (a relative one is
    /// ignored, as the XDG base directory specification says), else `~/.local/share/per`.
    static func location(environment: (EnvironmentVariable) -> String?) -> String? {
        if let home = environment(.perHome), !home.isEmpty { return home }
        if let data = environment(.xdgDataHome), data.hasPrefix("/") { return data + "/per" }
        if let home = environment(.home), !home.isEmpty { return home + "/.local/share/per" }
        return nil
    }

    /// Opens the directory at `path`, first creating it (0700, with any missing parents)
    /// when `create`. Without `create`, nil when it does not exist.
    static func open(_ path: String, create: Bool) throws(StorageFailure) -> PrivateDirectory? {
        if create { try makeDirectories(path) }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == ENOENT && !create { return nil }
            throw .failed(.use, path)
        }
        if (link.st_mode & S_IFMT) == S_IFLNK && link.st_uid != geteuid() {
            throw .notPrivate(StoragePath(path), .foreignLink)
        }
        let fd = systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT && !create { return nil }
            if errno == ENOTDIR { throw .notDirectory(StoragePath(path)) }
            throw .failed(.open, path)
        }
        let directory = PrivateDirectory(path: path, fd: fd)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .failed(.use, path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notDirectory(StoragePath(path)) }
        guard info.st_uid == geteuid() else { throw .notPrivate(StoragePath(path), .foreignOwner) }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw .notPrivate(StoragePath(path), .writableByOthers)
        }
        return directory
    }

    /// Creates the directory and its missing parents, as `mkdir -p` does, each 0700
    /// whatever the umask.
    private static func makeDirectories(_ path: String) throws(StorageFailure) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) == 0 {
                chmod(built, 0o700)
            } else if errno != EEXIST {
                throw .failed(.create, built)
            }
        }
    }

    func path(of name: String) -> String { path + "/" + name }

    // MARK: Reading

    /// The contents of the regular file `name`, or nil when there is none. A symbolic link,
    /// FIFO, device or directory is refused; opening never blocks (`O_NONBLOCK`, cleared
    /// once the file is known to be regular).
    func read(_ name: String) throws(StorageFailure) -> [UInt8]? {
        guard let file = try openForReading(name) else { return nil }
        defer { close(file) }
        return try contents(of: file, name: name, lastBytes: nil).contents
    }

    /// The first `headCount` bytes of the regular file `name` and its last `tailCount`,
    /// whatever its size, or nil when there is none; `cut` says whether the tail starts
    /// after the file's start. What a file keeps only the end of (the history) is read
    /// without reading the rest.
    func readEnds(_ name: String, headCount: Int, tailCount: Int) throws(StorageFailure) -> (head: [UInt8], tail: [UInt8], cut: Bool)? {
        guard let file = try openForReading(name) else { return nil }
        defer { close(file) }
        let (tail, cut) = try contents(of: file, name: name, lastBytes: tailCount)
        guard cut else { return (Array(tail.prefix(headCount)), tail, false) }
        var head = [UInt8](repeating: 0, count: headCount)
        let headRead = head.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
        guard headRead >= 0 else { throw .failed(.read, path(of: name)) }
        return (Array(head.prefix(headRead)), tail, true)
    }

    /// `name` opened for reading without following a link or waiting on a FIFO; nil when
    /// there is none.
    private func openForReading(_ name: String) throws(StorageFailure) -> Int32? {
        let file = openat(fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .symbolicLink(.read, StoragePath(path(of: name))) }
            throw .failed(.read, path(of: name))
        }
        return file
    }

    /// What `System.readRegularFile` reads of an open file, its refusals in words.
    private func contents(of file: Int32, name: String, lastBytes: Int?) throws(StorageFailure) -> (contents: [UInt8], cut: Bool) {
        switch System.readRegularFile(file, limit: PrivateDirectory.readLimit, lastBytes: lastBytes) {
        case .success(let read): return read
        case .failure(.notRegular): throw .notRegularFile(.read, StoragePath(path(of: name)))
        case .failure(.tooLarge): throw .tooLarge(StoragePath(path(of: name)), limit: PrivateDirectory.readLimit)
        case .failure(.system(let code)): throw .failed(.read, path(of: name), code: code)
        }
    }

    /// What tells one version of a file from another: a replacement is a new file, with
    /// its own inode and change time.
    struct Stamp: Equatable {
        let device: UInt64
        let inode: UInt64
        let changed: Int
        let changedNanoseconds: Int
        let size: Int
    }

    /// The stamp of the file `name` (not followed if a link), or nil when there is none.
    func stamp(of name: String) -> Stamp? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
        let changed = info.st_ctimespec
        #else
        let changed = info.st_ctim
        #endif
        return Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), changed: Int(changed.tv_sec),
                     changedNanoseconds: Int(changed.tv_nsec), size: Int(info.st_size))
    }

    // MARK: Writing

    /// Replaces `name` with `bytes` atomically: a new temporary file, synced, renamed over
    /// it, and the directory synced. A failure leaves the old file as it was.
    func replace(_ name: String, with bytes: [UInt8]) throws(StorageFailure) {
        let (temporary, file) = try createUnique(prefix: name + ".tmp-")
        do {
            try write(bytes, to: file, named: temporary)
        } catch {
            unlinkat(fd, temporary, 0)
            throw error
        }
        guard renameat(fd, temporary, fd, name) == 0 else {
            let code = errno
            unlinkat(fd, temporary, 0)
            throw .failed(.replace, path(of: name), code: code)
        }
        // Make the rename itself durable.
        fsync(fd)
    }

    /// Keeps `bytes` in a new file `name.corrupt-<time>` (mode 0600) and returns its path;
    /// never replaces a file.
    func keepCopy(of name: String, bytes: [UInt8]) throws(StorageFailure) -> String {
        let stamp = SetStorage.timestamp(compact: true)
        for attempt in 1...100 {
            let aside = "\(name).corrupt-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
            let file = openat(fd, aside, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file < 0 {
                if errno == EEXIST { continue }
                throw .failed(.create, path(of: aside))
            }
            fchmod(file, 0o600)
            do {
                try write(bytes, to: file, named: aside)
            } catch {
                unlinkat(fd, aside, 0)
                throw error
            }
            return path(of: aside)
        }
        throw .tooManyCopies(.keepCopy, StoragePath(path(of: name)))
    }

    /// Renames `name` to a free `name.corrupt-<time>` and returns its path. Only a lock
    /// holder calls this, so the name stays free between the check and the rename.
    func moveAside(_ name: String) throws(StorageFailure) -> String {
        let stamp = SetStorage.timestamp(compact: true)
        for attempt in 1...100 {
            let aside = "\(name).corrupt-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
            var info = stat()
            if fstatat(fd, aside, &info, AT_SYMLINK_NOFOLLOW) == 0 { continue }
            guard renameat(fd, name, fd, aside) == 0 else { throw .failed(.moveAside, path(of: name)) }
            fsync(fd)
            return path(of: aside)
        }
        throw .tooManyCopies(.moveAside, StoragePath(path(of: name)))
    }

    /// Removes the temporary files of `name` left by a writer that was killed. Only the
    /// holder of `name`'s lock writes them, so the caller must hold it.
    func removeLeftovers(of name: String) {
        let prefix = name + ".tmp"
        let listing = dup(fd)
        guard listing >= 0 else { return }
        guard let stream = fdopendir(listing) else {
            close(listing)
            return
        }
        rewinddir(stream)
        var leftovers: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if entryName.hasPrefix(prefix) { leftovers.append(entryName) }
        }
        closedir(stream)
        for leftover in leftovers { unlinkat(fd, leftover, 0) }
    }

    /// A new file `prefix` + 16 random hexadecimal digits, created exclusively (never
    /// through a symbolic link) and set to 0600 whatever the umask.
    private func createUnique(prefix: String) throws(StorageFailure) -> (name: String, fd: Int32) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let digits = String(random.next() as UInt64, radix: 16)
            let name = prefix + String(repeating: "0", count: 16 - digits.count) + digits
            let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file >= 0 {
                fchmod(file, 0o600)
                return (name, file)
            }
            if errno != EEXIST { throw .failed(.create, path(of: name)) }
        }
        throw .noTemporaryFile(in: StoragePath(path))
    }

    /// Writes all of `bytes`, syncs and closes `file`.
    private func write(_ bytes: [UInt8], to file: Int32, named name: String) throws(StorageFailure) {
        let writeError = bytes.withUnsafeBytes { System.writeAll(file, $0) }
        let syncError = writeError == nil && fsync(file) != 0 ? errno : nil
        let closeError = close(file) != 0 ? errno : nil
        if let code = writeError ?? syncError ?? closeError {
            throw .failed(.write, path(of: name), code: code)
        }
    }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

extension PrivateDirectory {
    /// A file to import (`prices import`, `rates import`), read as per's own files are: a
    /// regular file (never a device or a FIFO, which could give bytes without end or none
    /// at all), at most `PrivateDirectory.readLimit`
    /// bytes, and Ctrl-C stops the reading.
    static func readImport(_ path: String) throws(StorageFailure) -> [UInt8] {
        let named = StoragePath(path, namedByUser: true)
        let tooLarge = StorageFailure.tooLarge(named, limit: PrivateDirectory.readLimit)
        // Not blocking: opening a FIFO would wait for a writer.
        let file = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { throw .failed(.read, path, namedByUser: true) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw .failed(.read, path, namedByUser: true) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(.read, named) }
        guard Int(info.st_size) <= PrivateDirectory.readLimit else { throw tooLarge }
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        var contents: [UInt8] = []
        contents.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let count = chunk.withUnsafeMutableBytes({ System.read(file, into: $0, stopOnInterrupt: true) }) else {
                if Interrupt.received != 0 { throw .cancelledImport(named) }
                throw .failed(.read, path, namedByUser: true)
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
            // A file that grows while it is read stops at the limit too.
            guard contents.count <= PrivateDirectory.readLimit else { throw tooLarge }
        }
    }
}
