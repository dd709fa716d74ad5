/// Reads a zone of the system's time-zone database: a TZif file, versions 1 to 4, after
/// RFC 8536 ("The Time Zone Information Format"). A file may hold two data blocks, one
/// of 32-bit times (version 1) and, from version 2, one of 64-bit times followed by a
/// POSIX TZ rule for the instants after its table; per reads the 64-bit block and the
/// rule when there are, the 32-bit block otherwise.
///
/// The file is read as hostile: every count is checked against a cap and against the
/// bytes there before anything is read by it, every index against what it indexes, and
/// any fault is a `TZifRefusal`, never a trap.
extension ZoneRules {
    /// The largest file read: the database's largest zone is under 4 KB.
    public static let maximumFileSize = 1 << 18

    /// The zone a TZif file holds.
    public init(tzif bytes: [UInt8]) throws(TZifRefusal) {
        guard bytes.count <= Self.maximumFileSize else { throw .tooLarge }
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        if first.version == 0 {
            self = try reader.block(first, timeSize: 4, footer: false)
            return
        }
        try reader.skip(first.blockLength(timeSize: 4))
        let second = try reader.header()
        self = try reader.block(second, timeSize: 8, footer: true)
    }
}

/// Why a file is not a zone per can read.
public enum TZifRefusal: Error, Sendable, Equatable {
    /// The file does not start with `TZif`.
    case notTZif
    /// A version byte other than 0, `2`, `3` or `4`.
    case version(UInt8)
    /// The file ends before what its header promises.
    case truncated
    /// Larger than `ZoneRules.maximumFileSize`.
    case tooLarge
    /// A count of the header out of its range: its field and value.
    case count(String, UInt32)
    /// Leap seconds: the database's `right/` zones, whose times count them.
    case leapSeconds
    /// The transitions are not in ascending order, or one is beyond the instants read.
    case transitionOrder(index: Int)
    /// A transition names an offset the file does not have.
    case typeIndex(index: Int)
    /// An offset beyond ±26 hours (`ZoneOffset.range`), in seconds.
    case offset(Int)
    /// A daylight-saving flag other than 0 or 1.
    case daylightFlag(UInt8)
    /// An abbreviation's index past the abbreviations, not ended by a NUL, or with a
    /// character other than a printable ASCII one.
    case abbreviation(index: Int)
    /// The footer is not a newline, a rule and a newline.
    case footer
    /// The footer's rule does not read.
    case rule(PosixZoneRule.Refusal)

    public var message: String {
        switch self {
        case .notTZif: return "it is not a time-zone file (TZif)"
        case .version(let byte): return "it is a TZif file of version \(byte < 0x20 || byte > 0x7E ? "\(byte)" : String(UnicodeScalar(byte))), which per does not read (1 to 4)"
        case .truncated: return "the file ends early"
        case .tooLarge: return "the file is larger than a zone's \(ZoneRules.maximumFileSize) bytes"
        case .count(let field, let value): return "its \(field) count \(value) is out of range"
        case .leapSeconds: return "its times count leap seconds (a right/ zone)"
        case .transitionOrder(let index): return "transition \(index + 1) is out of order"
        case .typeIndex(let index): return "transition \(index + 1) names an offset the file does not have"
        case .offset(let seconds): return "an offset of \(seconds) s is beyond ±26 hours"
        case .daylightFlag(let flag): return "a daylight-saving flag is \(flag), not 0 or 1"
        case .abbreviation(let index): return "abbreviation \(index + 1) is not text ended by a NUL"
        case .footer: return "the rule after the table is not on a line of its own"
        case .rule(let refusal): return "the rule after the table does not read: \(refusal.message)"
        }
    }
}

/// A TZif header's fields (RFC 8536 §3.1).
struct TZifHeader {
    let version: UInt8
    let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

    /// The bytes of the data block that follows (§3.2): transition times and their type
    /// indices, six bytes a type, the abbreviations, leap-second records (a time and a
    /// 4-byte correction), and one byte a type for each of the two indicator arrays.
    /// Every count is capped first, so the sum cannot overflow.
    func blockLength(timeSize: Int) -> Int {
        timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
    }
}

private struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    /// The caps on the header's counts: a type index is one byte, so 256 types; the
    /// database's zones have under 400 transitions and 60 bytes of abbreviations.
    static let maximumTransitions = 20_000
    static let maximumCharacters = 4_096

    /// The transitions read: those of the calendar's instants and far beyond, with room
    /// for the database's "big bang" time (−2⁵⁹) and for one second either side.
    static let transitionRange: ClosedRange<Int64> = -(1 << 62)...(1 << 62)

    mutating func take(_ count: Int) throws(TZifRefusal) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - position else { throw .truncated }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func skip(_ count: Int) throws(TZifRefusal) { _ = try take(count) }

    mutating func unsigned32() throws(TZifRefusal) -> UInt32 {
        try take(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func signed(_ size: Int) throws(TZifRefusal) -> Int64 {
        let raw = try take(size).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return size == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw)))
    }

    mutating func header() throws(TZifRefusal) -> TZifHeader {
        guard try take(4).elementsEqual([0x54, 0x5A, 0x69, 0x66]) else { throw .notTZif }
        let version = try take(1).first ?? 0
        guard [0, 0x32, 0x33, 0x34].contains(version) else { throw .version(version) }
        try skip(15)
        var counts: [Int] = []
        for (field, cap) in [("UT-indicator", 256), ("standard-indicator", 256), ("leap-second", 0),
                             ("transition", Self.maximumTransitions), ("type", 256), ("character", Self.maximumCharacters)] {
            let value = try unsigned32()
            if field == "leap-second", value != 0 { throw .leapSeconds }
            guard value <= UInt32(cap) else { throw .count(field, value) }
            counts.append(Int(value))
        }
        return TZifHeader(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                          timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
    }

    /// The data block after `header`, and the footer when `footer`.
    mutating func block(_ header: TZifHeader, timeSize: Int, footer: Bool) throws(TZifRefusal) -> ZoneRules {
        // RFC 8536 §3.1: at least one type and one byte of abbreviations; an indicator
        // array is empty or has one byte a type. (A version 1 block that a version 2 file
        // has only to be skipped over is not held to this.)
        guard header.typeCount >= 1 else { throw .count("type", 0) }
        guard header.characterCount >= 1 else { throw .count("character", 0) }
        guard [0, header.typeCount].contains(header.isUTCCount) else { throw .count("UT-indicator", UInt32(header.isUTCCount)) }
        guard [0, header.typeCount].contains(header.isStandardCount) else { throw .count("standard-indicator", UInt32(header.isStandardCount)) }
        guard bytes.count - position >= header.blockLength(timeSize: timeSize) else { throw .truncated }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for index in 0..<header.timeCount {
            let time = try signed(timeSize)
            guard Self.transitionRange.contains(time), transitions.last.map({ $0 < time }) ?? true else {
                throw .transitionOrder(index: index)
            }
            transitions.append(time)
        }
        let transitionTypes = Array(try take(header.timeCount))
        if let index = transitionTypes.firstIndex(where: { Int($0) >= header.typeCount }) { throw .typeIndex(index: index) }
        var records: [(offset: Int, daylight: Bool, abbreviation: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int(try signed(4))
            guard ZoneOffset.range.contains(offset) else { throw .offset(offset) }
            let flag = try take(1).first ?? 0
            guard flag <= 1 else { throw .daylightFlag(flag) }
            records.append((offset, flag == 1, Int(try take(1).first ?? 0)))
        }
        let characters = try take(header.characterCount)
        var types: [ZoneOffset] = []
        for (index, record) in records.enumerated() {
            let abbreviation = try Self.abbreviation(in: characters, at: record.abbreviation, index: index)
            guard let offset = ZoneOffset(seconds: record.offset, abbreviation: abbreviation, isDaylightSaving: record.daylight) else {
                throw .offset(record.offset)
            }
            types.append(offset)
        }
        // Leap seconds are refused in the header; the indicators say how the transitions
        // of a POSIX TZ string given as the TZ variable were written, which per does not use.
        try skip(header.isStandardCount + header.isUTCCount)
        let rule = footer ? try self.footer() : nil
        return ZoneRules(transitions: transitions, transitionTypes: transitionTypes, types: types, rule: rule)
    }

    /// The NUL-ended abbreviation at `start` of the block's characters.
    static func abbreviation(in characters: ArraySlice<UInt8>, at start: Int, index: Int) throws(TZifRefusal) -> String {
        let from = characters.startIndex + start
        guard start < characters.count, let end = characters[from...].firstIndex(of: 0),
              characters[from..<end].allSatisfy({ (0x20...0x7E).contains($0) }) else { throw .abbreviation(index: index) }
        return String(decoding: characters[from..<end], as: UTF8.self)
    }

    /// The footer (RFC 8536 §3.3): a newline, a POSIX TZ rule (perhaps empty), a newline.
    mutating func footer() throws(TZifRefusal) -> PosixZoneRule? {
        guard try take(1).first == 0x0A else { throw .footer }
        let rest = bytes[position...]
        let limit = min(rest.count, PosixZoneRule.maximumLength + 1)
        guard let end = rest.prefix(limit).firstIndex(of: 0x0A) else {
            throw rest.count > PosixZoneRule.maximumLength ? .rule(.tooLong(rest.count)) : .footer
        }
        do {
            return try PosixZoneRule.read(bytes[position..<end])
        } catch {
            throw .rule(error)
        }
    }
}
