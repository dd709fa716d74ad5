#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import PerNumbers
import PerUnits
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

    /// The database of the run, `fromEnvironment`, made when the clock is first read, and
    /// keeping the zones read from then on.
    static let system = fromEnvironment()

    /// The database `TZDIR` names, else the standard one.
    static func fromEnvironment() -> SystemZoneDatabase {
        SystemZoneDatabase(directory: directory(tzdir: System.environment(.tzdir)))
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

    /// The zones in the folder of `name`'s first part (found ignoring case), else the
    /// folders at the top: what a misspelt name is compared with. Read only for a name
    /// the database does not have.
    func names(near name: ZoneName) -> [String] {
        let parts = name.text.split(separator: "/")
        let top = Self.entries(of: directory).filter { !$0.hasPrefix(".") && $0.first?.isUppercase == true }
        let first = parts.first.map(String.init) ?? ""
        if parts.count > 1, let folder = top.first(where: { $0.lowercased() == first.lowercased() })
            ?? Suggestion.closest(to: first, among: top) {
            return Self.entries(of: directory + "/" + folder).filter { !$0.hasPrefix(".") }.map { folder + "/" + $0 }
        }
        return top
    }

    /// The local zone as the C library finds it (tzset(3)), which a time written without a
    /// zone is read in: `TZ` when set (empty: UTC; a `:` before the rest dropped; a path
    /// from `/`, that file; else a name of this database, else a POSIX rule such as
    /// `CET-1CEST,M3.5.0,M10.5.0/3`), else `/etc/localtime`. Nil when none can be read.
    /// Read only when a statement first needs the clock.
    func localZone() -> Zone? { try? localZoneOrWhy().get() }

    /// The local zone (`localZone()`), or why it is not known.
    func localZoneOrWhy() -> Result<Zone, UnknownLocalZone> {
        guard let variable = System.environment(.tz) else {
            let zone = Self.zone(file: Self.localTime, named: Self.linkedName(of: Self.localTime) ?? "local time")
            return zone.map { .success($0) } ?? .failure(.localTime(path: Self.localTime))
        }
        let text = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
        if text.isEmpty { return .success(Zone(name: "UTC", rules: .utc)) }
        if text.hasPrefix("/") {
            let zone = Self.zone(file: text, named: Self.linkedName(of: text) ?? text)
            return zone.map { .success($0) } ?? .failure(.localTime(path: text))
        }
        var refusal: ZoneRefusal? = nil
        if let name = try? ZoneName(validating: text) {
            do throws(ZoneRefusal) { return .success(try zone(named: name)) } catch { refusal = error }
        }
        if let rules = ZoneRules.posix(text) { return .success(Zone(name: text, rules: rules)) }
        return .failure(.variable(value: text, refusal: refusal))
    }

    /// The file the local zone is kept in when `TZ` is not set.
    static let localTime = "/etc/localtime"

    /// The zone in a TZif file, called `name`; nil when it cannot be read.
    private static func zone(file path: String, named name: String) -> Zone? {
        guard case .success(let bytes) = contents(of: path), let rules = try? ZoneRules(tzif: bytes) else { return nil }
        return Zone(name: name, rules: rules)
    }

    /// The database's name of the zone a link (`/etc/localtime`) points at: what follows
    /// `zoneinfo/` in its target; nil for a file that is no such link.
    private static func linkedName(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
        let name = String(target[range.upperBound...])
        return name.isEmpty ? nil : name
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
