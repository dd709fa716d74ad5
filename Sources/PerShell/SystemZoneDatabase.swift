#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import PerNumbers
import Synchronization

/// The system's time-zone database, a folder of TZif files (`TZDIR`, else
/// `/usr/share/zoneinfo`), read a zone at a time when a statement names it: nothing is
/// read at start, and a zone once read is kept for the run. The core gets it as a
/// `ZoneDatabase` and never opens a file.
final class SystemZoneDatabase: ZoneDatabase {
    /// The database's folder.
    let directory: String
    /// The zones read, by the name they were asked by.
    private let known = Mutex<[String: Zone]>([:])

    init(directory: String) {
        self.directory = directory
    }

    /// The folder where the C library looks too: `TZDIR` when set and not empty.
    static let standardDirectory = "/usr/share/zoneinfo"

    /// The database `TZDIR` names, else the standard one. (`TZDIR` joins the man page's
    /// environment list when zones become part of the language.)
    static func fromEnvironment() -> SystemZoneDatabase {
        SystemZoneDatabase(directory: directory(tzdir: getenv("TZDIR").map { String(cString: $0) }))
    }

    /// The folder `TZDIR` names when set and not empty, else the standard one.
    static func directory(tzdir: String?) -> String {
        guard let tzdir, !tzdir.isEmpty else { return standardDirectory }
        return tzdir
    }

    func zone(named name: ZoneName) throws(ZoneRefusal) -> Zone {
        if let zone = known.withLock({ $0[name.text] }) { return zone }
        let zone = try read(name)
        known.withLock { $0[name.text] = zone }
        return zone
    }

    /// The zone's file read and parsed. A name not found as written is looked for again
    /// ignoring case (`europe/berlin`), part by part, and is then called as the database
    /// spells it.
    private func read(_ name: ZoneName) throws(ZoneRefusal) -> Zone {
        guard isDirectory(directory) else { throw .databaseMissing(path: directory) }
        var spelled = name.text
        var result = Self.contents(of: directory + "/" + spelled)
        if case .failure(.missing) = result, let found = spelledInDatabase(name.text), found != spelled {
            spelled = found
            result = Self.contents(of: directory + "/" + spelled)
        }
        let shown = (try? ZoneName(validating: spelled)) ?? name
        switch result {
        case .success(let bytes):
            do {
                return Zone(name: spelled, rules: try ZoneRules(tzif: bytes))
            } catch {
                throw .unreadable(shown, error)
            }
        case .failure(.missing): throw .unknown(name)
        case .failure(.tooLarge): throw .unreadable(shown, .tooLarge)
        case .failure(.system(let code)): throw .system(shown, System.errorDescription(code))
        }
    }

    private enum ReadFailure: Error {
        /// No file there, or a folder (`America`).
        case missing
        case tooLarge
        case system(Int32)
    }

    /// The bytes of the regular file at `path`, at most `ZoneRules.maximumFileSize`.
    private static func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .system(errno))
        }
        defer { System.close(fd) }
        switch System.readRegularFile(fd, limit: ZoneRules.maximumFileSize) {
        case .success(let bytes): return .success(bytes)
        case .failure(.notRegular): return .failure(.missing)
        case .failure(.tooLarge): return .failure(.tooLarge)
        case .failure(.system(let code)): return .failure(.system(code))
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The name as the database spells it, each part found in its folder ignoring ASCII
    /// case; nil when a part is not there. Only for a name not found as written.
    private func spelledInDatabase(_ name: String) -> String? {
        var folder = directory
        var parts: [String] = []
        for part in name.split(separator: "/") {
            let wanted = part.lowercased()
            guard let found = Self.entries(of: folder).filter({ $0.lowercased() == wanted }).min() else { return nil }
            parts.append(found)
            folder += "/" + found
        }
        return parts.joined(separator: "/")
    }

    /// The names in a folder, or none when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }
}
