/// The name of a zone of the time-zone database: `Europe/Berlin`,
/// `America/Argentina/Buenos_Aires`, `Etc/GMT+5`. It is checked before the shell turns it
/// into a path: parts of ASCII letters, digits, `_`, `-` and `+`, each starting with a
/// letter, joined by `/` — so no `..`, no absolute path, no control character, and no
/// more than `maximumLength` bytes.
public struct ZoneName: Sendable, Hashable {
    /// As written, or as the database spells it once found.
    public let text: String

    /// The longest name read: the database's longest is 32 bytes
    /// (`America/Argentina/ComodRivadavia`).
    public static let maximumLength = 64

    /// Why a name is no zone's.
    public enum Refusal: Error, Sendable, Equatable {
        case empty
        case tooLong(Int)
        /// A character that no zone's name has, at this offset (in characters).
        case character(Character, at: Int)
        /// A part that is empty or starts with other than a letter (`/Europe`, `a//b`,
        /// `Etc/+5`), at this offset.
        case part(at: Int)
        /// An offset written `±hh:mm` beyond ±18:00, or with minutes past 59 (`UTC+19:00`).
        case offsetRange(String)

        public var message: String {
            switch self {
            case .empty: return "a zone needs a name, such as Europe/Berlin or UTC"
            case .tooLong(let count): return "a zone's name has at most \(ZoneName.maximumLength) characters, not \(count)"
            case .character(let character, _):
                let shown = character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? "'\(character)'"
                    : character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                return "a zone's name has no \(shown): it is parts of letters, digits, _, - and + joined by /, as in America/New_York"
            case .part: return "each part of a zone's name starts with a letter, as in America/New_York"
            case .offsetRange(let written):
                return "\(written) is no offset from UTC: offsets go from −18:00 to +18:00, with minutes from 00 to 59, as in UTC+05:30"
            }
        }
    }

    /// The name, checked.
    public init(validating text: String) throws(Refusal) {
        guard !text.isEmpty else { throw .empty }
        let bytes = text.utf8
        guard bytes.count <= Self.maximumLength else { throw .tooLong(text.count) }
        var partStart = true
        for (offset, character) in text.enumerated() {
            guard let ascii = character.asciiValue else { throw .character(character, at: offset) }
            if ascii == UInt8(ascii: "/") {
                guard !partStart else { throw .part(at: offset) }
                partStart = true
                continue
            }
            let letter = (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
            let allowed = letter || (0x30...0x39).contains(ascii) || ascii == UInt8(ascii: "_") || ascii == UInt8(ascii: "-")
                || ascii == UInt8(ascii: "+")
            guard allowed else { throw .character(character, at: offset) }
            guard letter || !partStart else { throw .part(at: offset) }
            partStart = false
        }
        guard !partStart else { throw .part(at: text.count) }
        self.text = text
    }
}

/// How a statement names a zone: `UTC`, an offset (`+05:30`, `-08:00`) or a name of the
/// database. Only a name needs the database.
public enum ZoneDesignation: Sendable, Hashable {
    case utc
    /// Seconds east of UTC.
    case offset(Int)
    case named(ZoneName)

    /// The offsets written: `±hh:mm` or `±hh`, up to 18 hours (ISO 8601's form; the
    /// database's offsets are within ±14 hours today).
    public static let offsetHours = 0...18

    /// `UTC` (in any case), `+05:30`, `-08`, `UTC+05:30`, else a zone's name.
    public init(_ text: String) throws(ZoneName.Refusal) {
        if text.uppercased() == "UTC" {
            self = .utc
        } else if let seconds = Self.offset(text) ?? (text.prefix(3).uppercased() == "UTC" ? Self.offset(String(text.dropFirst(3))) : nil) {
            self = .offset(seconds)
        } else if Self.isOffsetShaped(text.prefix(3).uppercased() == "UTC" ? String(text.dropFirst(3)) : text) {
            throw .offsetRange(text)
        } else {
            self = .named(try ZoneName(validating: text))
        }
    }

    /// Whether `text` is written as an offset, `±hh:mm` of digits, whatever their values.
    static func isOffsetShaped(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digit(_ at: Int) -> Bool { (0x30...0x39).contains(bytes[at]) }
        return bytes.count == 6 && (bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"))
            && digit(1) && digit(2) && bytes[3] == UInt8(ascii: ":") && digit(4) && digit(5)
    }

    /// `±hh:mm` or `±hh` in seconds east of UTC, or nil.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 3 || bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") else { return nil }
        func digits(_ at: Int) -> Int? {
            guard (0x30...0x39).contains(bytes[at]), (0x30...0x39).contains(bytes[at + 1]) else { return nil }
            return Int(bytes[at] - 0x30) * 10 + Int(bytes[at + 1] - 0x30)
        }
        guard let hours = digits(1), offsetHours.contains(hours) else { return nil }
        var minutes = 0
        if bytes.count == 6 {
            guard bytes[3] == UInt8(ascii: ":"), let written = digits(4), written <= 59, hours < offsetHours.upperBound || written == 0 else { return nil }
            minutes = written
        }
        let seconds = hours * 3600 + minutes * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }
}

/// A zone: its name as the database spells it (or `UTC`, `+05:30`) and its rules.
public struct Zone: Sendable, Hashable {
    public let name: String
    public let rules: ZoneRules

    public init(name: String, rules: ZoneRules) {
        self.name = name
        self.rules = rules
    }

    /// The zone designated: UTC and offsets at once, a name from `database`, which is
    /// read only then.
    public static func designated(_ designation: ZoneDesignation, in database: any ZoneDatabase) throws(ZoneRefusal) -> Zone {
        switch designation {
        case .utc:
            return Zone(name: "UTC", rules: .utc)
        case .offset(let seconds):
            // `ZoneDesignation` reads at most 18 hours, within `ZoneOffset.range`.
            guard let rules = ZoneRules.fixed(seconds: seconds) else { throw .offset(seconds) }
            return Zone(name: ZoneOffset(seconds: seconds, abbreviation: "", isDaylightSaving: false)?.text ?? "", rules: rules)
        case .named(let name):
            return try database.zone(named: name)
        }
    }
}

/// Where named zones come from. The core reads no file: the shell gives the session a
/// database that reads the system's (`TZDIR`, else `/usr/share/zoneinfo`) when a zone is
/// named, and tests give it bytes.
public protocol ZoneDatabase: Sendable {
    /// The zone of that name, with its name as the database spells it.
    func zone(named name: ZoneName) throws(ZoneRefusal) -> Zone
    /// Names the database has near `name` (in its folder, or the folders at the top), for
    /// a suggestion when it has no zone of that name.
    func names(near name: ZoneName) -> [String]
}

extension ZoneDatabase {
    public func names(near name: ZoneName) -> [String] { [] }
}

/// Why a zone could not be had.
public enum ZoneRefusal: Error, Sendable, Equatable {
    /// The time-zone database is not at `path`, so no name can be read.
    case databaseMissing(path: String)
    /// The database has no zone of that name.
    case unknown(ZoneName)
    /// The zone's file does not read.
    case unreadable(ZoneName, TZifRefusal)
    /// The zone's file could not be opened or read: the system's reason.
    case system(ZoneName, String)
    /// An offset beyond ±26 hours, in seconds.
    case offset(Int)

    public var message: String {
        switch self {
        case .databaseMissing(let path): return "no time-zone database at \(path), so zones are known only as UTC and offsets such as +05:30 (set TZDIR to the database's directory)"
        case .unknown(let name): return "no time zone is named \(name.text): a zone is named as in Europe/Berlin or America/New_York"
        case .unreadable(let name, let refusal): return "the time zone \(name.text) does not read: \(refusal.message)"
        case .system(let name, let reason): return "the time zone \(name.text) could not be read: \(reason)"
        case .offset(let seconds): return "an offset of \(seconds) s is beyond ±26 hours"
        }
    }
}

/// A database of zones given as TZif bytes by name: for tests, and for a shell that has
/// read its files already.
public struct ZoneTable: ZoneDatabase {
    let files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) { self.files = files }

    public func names(near name: ZoneName) -> [String] { Array(files.keys) }

    public func zone(named name: ZoneName) throws(ZoneRefusal) -> Zone {
        guard let bytes = files[name.text] else { throw .unknown(name) }
        do {
            return Zone(name: name.text, rules: try ZoneRules(tzif: bytes))
        } catch {
            throw .unreadable(name, error)
        }
    }
}
