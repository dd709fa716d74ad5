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

/// A sheet on disk: read whole with its mode, and replaced atomically, never over a file
/// that changed while per was computing.
struct SheetFile {
    let path: String
    /// The bytes as read.
    let bytes: [UInt8]
    /// The permission bits, which the new file keeps.
    let mode: mode_t
    /// The owner and group, which the new file keeps when it may.
    let owner: uid_t
    let group: gid_t
    /// When the sheet was read: a temporary file of it older than this is no other run's
    /// write under way but one a killed run left.
    let readAt: timespec
    /// Which file it is, however its path is written: an include of it again is a circle.
    let identity: FileIdentity

    /// Why a sheet could not be read or written, and the exit status it asks.
    struct Failure: Error {
        let failure: StorageFailure
        let status: ExitStatus

        var message: String { failure.message }
    }

    /// The sheet's path as messages show it.
    private var shown: StoragePath { StoragePath(path, namedByUser: true) }

    /// Reads the sheet at `path`: refused when it is no regular file (a FIFO, a device such
    /// as /dev/zero: opening does not wait and nothing is read), is larger than the most per
    /// reads (`PrivateDirectory.readLimit`), or cannot be read.
    static func read(_ path: String) -> Result<SheetFile, Failure> {
        let shown = StoragePath(path, namedByUser: true)
        func failure(_ failure: StorageFailure) -> Result<SheetFile, Failure> { .failure(Failure(failure: failure, status: .noInput)) }
        func failure(_ code: Int32) -> Result<SheetFile, Failure> { failure(.system(.read, shown, reason: System.errorDescription(code))) }
        var readAt = timespec()
        clock_gettime(CLOCK_REALTIME, &readAt)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return failure(errno) }
        defer { System.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return failure(EISDIR) }
        switch contents(fd) {
        case .success(let bytes):
            return .success(SheetFile(path: path, bytes: bytes, mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid,
                                      readAt: readAt, identity: FileIdentity(info)))
        case .failure(.notRegular): return failure(.notRegularFile(.read, shown))
        case .failure(.tooLarge): return failure(.tooLarge(shown, limit: PrivateDirectory.readLimit))
        case .failure(.system(let code)): return failure(code)
        }
    }

    /// The contents of the file open at `fd`, read as the files in per's directory are.
    private static func contents(_ fd: Int32) -> Result<[UInt8], System.RegularFileRefusal> {
        System.readRegularFile(fd, limit: PrivateDirectory.readLimit)
    }

    /// Replaces the file with `contents`: a new file in the same directory, with the old
    /// one's mode, written and synced, then renamed over it (over the file a symbolic link
    /// points to, keeping the link). Not done when the file no longer holds what was read,
    /// nor when it is read-only (no write bit, or not writable by this user): its owner
    /// meant it to stay. The temporary files a killed run left beside it go first.
    func replace(with contents: [UInt8]) throws(Failure) {
        let target = Self.resolved(path)
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        if mode & 0o222 == 0 {
            throw Failure(failure: .readOnly(shown), status: .ioError)
        }
        guard access(target, W_OK) == 0 else {
            throw Failure(failure: .notWritable(shown, reason: System.errorDescription(errno)), status: .ioError)
        }
        Self.removeLeftovers(of: name, in: directory.isEmpty ? "/" : directory, before: readAt)
        var random = SystemRandomNumberGenerator()
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = (directory.isEmpty ? "" : directory) + "/." + name + ".per-" + String(random.next() as UInt32, radix: 16)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw Failure(failure: .system(.write, shown, reason: System.errorDescription(errno)), status: .ioError) }
        // Another user's sheet, written by root, stays theirs; anyone else owns what they write.
        if owner != getuid() || group != getgid() { _ = fchown(fd, owner, group) }
        fchmod(fd, mode)
        let writeError = contents.withUnsafeBytes { System.writeAll(fd, $0) }
        let syncError = writeError == nil && fsync(fd) != 0 ? errno : nil
        let closeError = close(fd) != 0 ? errno : nil
        if let code = writeError ?? syncError ?? closeError {
            unlink(temporary)
            throw Failure(failure: .system(.write, shown, reason: System.errorDescription(code)), status: .ioError)
        }
        // The last look before the rename: a sheet edited meanwhile is left to its editor.
        let current = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let now = current < 0 ? nil : try? Self.contents(current).get()
        if current >= 0 { System.close(current) }
        guard let now, now == bytes else {
            unlink(temporary)
            throw Failure(failure: .changedMeanwhile(shown), status: .ioError)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(failure: .system(.replace, shown, reason: System.errorDescription(code)), status: .ioError)
        }
        let directoryFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes the temporary files of the sheet `name` in `directory` (`.NAME.per-` and one
    /// to eight hexadecimal digits, as `replace` names them) that are regular files last
    /// written before `moment`: a run killed between its write and its rename left them.
    /// A run writing now made its file after this one read the sheet, and keeps it.
    private static func removeLeftovers(of name: String, in directory: String, before moment: timespec) {
        let prefix = Array(("." + name + ".per-").utf8)
        let isHex = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        guard let stream = opendir(directory) else { return }
        var leftovers: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            let bytes = Array(entryName.utf8)
            guard bytes.starts(with: prefix) else { continue }
            let digits = bytes[prefix.count...]
            if (1...8).contains(digits.count), digits.allSatisfy(isHex) { leftovers.append(entryName) }
        }
        let directoryFD = dirfd(stream)
        for leftover in leftovers {
            var info = stat()
            guard fstatat(directoryFD, leftover, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            #if canImport(Darwin)
            let written = info.st_mtimespec
            #else
            let written = info.st_mtim
            #endif
            if written.tv_sec < moment.tv_sec || (written.tv_sec == moment.tv_sec && written.tv_nsec < moment.tv_nsec) {
                unlinkat(directoryFD, leftover, 0)
            }
        }
        closedir(stream)
    }

    /// The file a path names, through symbolic links; the path itself when it has none.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// A file as the system knows it, its device and inode: two paths (`a.per`, `./a.per`, a
/// symbolic link) to one file have one identity.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// The identity of the file open at `fd`, nil when it cannot be asked.
    init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }
}
