import Foundation
import Testing
import TestSupport
@testable import PerNumbers

/// A TZif file made by hand (RFC 8536 §3): a version 1 block of 32-bit times, then, from
/// version 2, the same data with 64-bit times and the footer.
func tzifBytes(version: UInt8 = 0x32, transitions: [Int64] = [], indices: [UInt8] = [],
               types: [(offset: Int32, daylight: UInt8, abbreviation: UInt8)], characters: String,
               footer: String? = "", leapCount: UInt32 = 0) -> [UInt8] {
    func header(timeCount: Int) -> [UInt8] {
        var bytes = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
        for count in [UInt32(0), 0, leapCount, UInt32(timeCount), UInt32(types.count), UInt32(characters.utf8.count)] {
            bytes += withUnsafeBytes(of: count.bigEndian, Array.init)
        }
        return bytes
    }
    func block(timeSize: Int) -> [UInt8] {
        let kept = timeSize == 4 ? transitions.indices.filter { Int64(Int32.min)...Int64(Int32.max) ~= transitions[$0] } : Array(transitions.indices)
        var bytes = header(timeCount: kept.count)
        for index in kept {
            bytes += timeSize == 4 ? withUnsafeBytes(of: Int32(transitions[index]).bigEndian, Array.init)
                : withUnsafeBytes(of: transitions[index].bigEndian, Array.init)
        }
        bytes += kept.map { indices[$0] }
        for type in types { bytes += withUnsafeBytes(of: type.offset.bigEndian, Array.init) + [type.daylight, type.abbreviation] }
        bytes += Array(characters.utf8)
        bytes += Array(repeating: 0, count: Int(leapCount) * (timeSize + 4))
        return bytes
    }
    var bytes = block(timeSize: 4)
    if version != 0 {
        bytes += block(timeSize: 8)
        if let footer { bytes += Array("\n\(footer)\n".utf8) }
    }
    return bytes
}

/// 2026-03-29 01:00 UTC and friends: the day number (Python's `date.toordinal() −
/// 719163`) times 86,400 plus the time.
func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
    Int64(CalendarDate.dayNumber(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
}

struct PosixZoneRuleTests {
    /// Each rule with an instant, the offset in force there and its abbreviation. The
    /// dates of the changes are counted by hand on a calendar: in 2026 the last Sunday of
    /// March is the 29th and of October the 25th; the first Sunday of October (Sydney)
    /// the 4th and of April the 5th; the second Sunday of March (New York) the 8th.
    @Test("a TZ rule gives the offset of any instant", arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", instant(2026, 3, 29, 0, 59, 59), 3600, "CET"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", instant(2026, 3, 29, 1), 7200, "CEST"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", instant(2026, 10, 25, 0, 59, 59), 7200, "CEST"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", instant(2026, 10, 25, 1), 3600, "CET"),
        ("EST5EDT,M3.2.0,M11.1.0", instant(2026, 3, 8, 7), 3600 * -4, "EDT"),
        ("EST5EDT,M3.2.0,M11.1.0", instant(2026, 3, 8, 6, 59, 59), 3600 * -5, "EST"),
        // The southern hemisphere: summer time over the new year.
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", instant(2026, 1, 1), 11 * 3600, "AEDT"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", instant(2026, 7, 1), 10 * 3600, "AEST"),
        // 2026-10-04 02:00 AEST is 2026-10-03 16:00 UTC.
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", instant(2026, 10, 3, 16), 11 * 3600, "AEDT"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", instant(2026, 10, 3, 15, 59, 59), 10 * 3600, "AEST"),
        // Half and three-quarter hours, names in angle brackets.
        ("<+0530>-5:30", instant(2026, 6, 1), 19_800, "+0530"),
        ("<+0545>-5:45", instant(2026, 6, 1), 20_700, "+0545"),
        ("NST3:30NDT,M3.2.0,M11.1.0", instant(2026, 7, 1), -9000, "NDT"),
        // Negative times of day (RFC 8536 §3.3.1): Nuuk changes at 23:00 the Saturday before
        // the last Sunday of March, -02 → -01, so at 2026-03-29 01:00 UTC.
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", instant(2026, 3, 29, 0, 59, 59), -7200, "-02"),
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", instant(2026, 3, 29, 1), -3600, "-01"),
        // Dublin: standard time is summer's IST, winter's GMT the "daylight" one.
        ("IST-1GMT0,M10.5.0,M3.5.0/1", instant(2026, 1, 15), 0, "GMT"),
        ("IST-1GMT0,M10.5.0,M3.5.0/1", instant(2026, 7, 15), 3600, "IST"),
        // Daylight saving all year (RFC 8536 §3.3.1's example).
        ("EST5EDT,0/0,J365/25", instant(2026, 1, 1), -14_400, "EDT"),
        ("EST5EDT,0/0,J365/25", instant(2026, 7, 1), -14_400, "EDT"),
        ("EST5EDT,0/0,J365/25", instant(2028, 12, 31, 12), -14_400, "EDT"),
        // Julian days skip 29 February; zero-based days count it. 2028 is a leap year:
        // J60 is 1 March, 59 is 29 February; the change is at 02:00 local, 01:00 UTC.
        ("AAA-1BBB,J60,J300", instant(2028, 3, 1, 0, 59, 59), 3600, "AAA"),
        ("AAA-1BBB,J60,J300", instant(2028, 3, 1, 1), 7200, "BBB"),
        ("AAA-1BBB,59,300", instant(2028, 2, 29, 0, 59, 59), 3600, "AAA"),
        ("AAA-1BBB,59,300", instant(2028, 2, 29, 1), 7200, "BBB"),
        // The fifth week is the last: October 2026 has four Saturdays from the 3rd, the
        // last the 31st.
        ("AAA0BBB,M3.1.0,M10.5.6/0", instant(2026, 10, 30, 22, 59, 59), 3600, "BBB"),
        ("AAA0BBB,M3.1.0,M10.5.6/0", instant(2026, 10, 30, 23), 0, "AAA"),
    ] as [(String, Int64, Int, String)])
    func offsets(rule: String, at: Int64, seconds: Int, abbreviation: String) throws {
        let read = try #require(try PosixZoneRule.read(ArraySlice(rule.utf8)))
        let offset = read.offset(at: at)
        #expect(offset.seconds == seconds, "\(rule) at \(at)")
        #expect(offset.abbreviation == abbreviation, "\(rule) at \(at)")
    }

    @Test("a TZ rule that does not read is refused at its byte", arguments: [
        ("CE-1", PosixZoneRule.Refusal.name(at: 0)),
        ("CET", .offset(at: 3)),
        ("CET-25", .offset(at: 3)),
        ("CET-1:60", .offset(at: 3)),
        ("CET-1CEST", .noDates),
        ("CET-1CE,M3.5.0,M10.5.0", .name(at: 5)),
        ("<+05-5", .name(at: 0)),
        ("<+5>-5", .name(at: 0)),
        ("CET-1CEST,M13.1.0,M10.5.0", .day(at: 10)),
        ("CET-1CEST,M3.6.0,M10.5.0", .day(at: 10)),
        ("CET-1CEST,M3.5.7,M10.5.0", .day(at: 10)),
        ("CET-1CEST,J0,M10.5.0", .day(at: 10)),
        ("CET-1CEST,366,M10.5.0", .day(at: 10)),
        ("CET-1CEST,M3.5.0,M10.5.0/168", .time(at: 25)),
        ("CET-1CEST,M3.5.0", .day(at: 16)),
        ("CET-1CEST,M3.5.0,M10.5.0 ", .trailing(at: 24)),
        ("CET-1 ", .name(at: 5)),
        (String(repeating: "A", count: 300), .tooLong(300)),
    ] as [(String, PosixZoneRule.Refusal)])
    func refusals(rule: String, refusal: PosixZoneRule.Refusal) {
        #expect(throws: refusal) { try PosixZoneRule.read(ArraySlice(rule.utf8)) }
    }

    @Test("an empty rule says nothing is known after the table")
    func empty() throws {
        #expect(try PosixZoneRule.read([]) == nil)
    }
}

struct ZoneRulesTests {
    /// A zone of two offsets, CET and CEST, changing at two instants, with Berlin's rule.
    static let berlin = tzifBytes(transitions: [instant(2025, 3, 30, 1), instant(2025, 10, 26, 1)], indices: [1, 0],
                                  types: [(3600, 0, 0), (7200, 1, 4)], characters: "CET\0CEST\0",
                                  footer: "CET-1CEST,M3.5.0,M10.5.0/3")

    @Test("a TZif file's table and rule give the offsets, before, within and after the table")
    func table() throws {
        let rules = try ZoneRules(tzif: Self.berlin)
        #expect(rules.offset(at: instant(2000, 1, 1)).abbreviation == "CET")
        #expect(rules.offset(at: instant(2025, 3, 30, 0, 59, 59)).seconds == 3600)
        #expect(rules.offset(at: instant(2025, 3, 30, 1)) == ZoneOffset(seconds: 7200, abbreviation: "CEST", isDaylightSaving: true))
        #expect(rules.offset(at: instant(2025, 10, 26, 1)).abbreviation == "CET")
        // After the table, the rule: summer 2026 and 2400.
        #expect(rules.offset(at: instant(2026, 7, 1)).abbreviation == "CEST")
        #expect(rules.offset(at: instant(2400, 7, 1)).abbreviation == "CEST")
        #expect(rules.offset(at: instant(2400, 12, 1)).abbreviation == "CET")
        #expect(!rules.isFixed)
    }

    @Test("a version 1 file is read from its 32-bit block, with no rule after it")
    func versionOne() throws {
        let bytes = tzifBytes(version: 0, transitions: [1_000_000], indices: [1], types: [(0, 0, 0), (-18_000, 0, 4)],
                              characters: "UTC\0EST\0")
        let rules = try ZoneRules(tzif: bytes)
        #expect(rules.offset(at: 999_999).abbreviation == "UTC")
        #expect(rules.offset(at: 1_000_000).seconds == -18_000)
        #expect(rules.offset(at: instant(3000, 1, 1)).abbreviation == "EST")
    }

    @Test("Berlin's local times: once, in the spring gap with both readings, twice in the autumn")
    func localTimes() throws {
        let rules = try ZoneRules(tzif: Self.berlin)
        let cet = try #require(ZoneOffset(seconds: 3600, abbreviation: "CET", isDaylightSaving: false))
        let cest = try #require(ZoneOffset(seconds: 7200, abbreviation: "CEST", isDaylightSaving: true))
        // 2026-03-29 02:30 does not exist: read as CET it is 01:30 UTC, as CEST 00:30 UTC.
        #expect(rules.reading(local: instant(2026, 3, 29, 2, 30)) ==
            .gap(before: ZoneReading(instant: instant(2026, 3, 29, 1, 30), offset: cet),
                 after: ZoneReading(instant: instant(2026, 3, 29, 0, 30), offset: cest)))
        // 2026-10-25 02:30 occurs as CEST (00:30 UTC) and then as CET (01:30 UTC).
        #expect(rules.reading(local: instant(2026, 10, 25, 2, 30)) ==
            .overlap(earlier: ZoneReading(instant: instant(2026, 10, 25, 0, 30), offset: cest),
                     later: ZoneReading(instant: instant(2026, 10, 25, 1, 30), offset: cet)))
        // The edges: 02:00 is in the gap, 03:00 is CEST; in autumn 02:00 twice, 03:00 once.
        #expect(rules.reading(local: instant(2026, 3, 29, 1, 59, 59)) == .unique(ZoneReading(instant: instant(2026, 3, 29, 0, 59, 59), offset: cet)))
        guard case .gap = rules.reading(local: instant(2026, 3, 29, 2)) else { Issue.record("02:00 exists"); return }
        #expect(rules.reading(local: instant(2026, 3, 29, 3)) == .unique(ZoneReading(instant: instant(2026, 3, 29, 1), offset: cest)))
        guard case .overlap = rules.reading(local: instant(2026, 10, 25, 2)) else { Issue.record("02:00 once"); return }
        #expect(rules.reading(local: instant(2026, 10, 25, 3)) == .unique(ZoneReading(instant: instant(2026, 10, 25, 2), offset: cet)))
        // Within the table too: 2025-03-30 02:30.
        guard case .gap = rules.reading(local: instant(2025, 3, 30, 2, 30)) else { Issue.record("2025 gap"); return }
    }

    @Test("fixed offsets: UTC and +05:30 read every local time once")
    func fixed() throws {
        let india = try #require(ZoneRules.fixed(seconds: 19_800))
        #expect(india.isFixed)
        #expect(india.offset(at: 0).abbreviation == "+05:30")
        #expect(india.reading(local: instant(2026, 1, 1, 5, 30)) == .unique(ZoneReading(instant: instant(2026, 1, 1), offset: india.offset(at: 0))))
        #expect(ZoneRules.utc.offset(at: instant(2026, 7, 1)).abbreviation == "UTC")
        #expect(ZoneRules.fixed(seconds: 100_000) == nil)
    }

    @Test("an offset's text", arguments: [(19_800, "+05:30"), (-28_800, "-08:00"), (0, "+00:00"), (20_700, "+05:45"), (3208, "+00:53:28"), (-9000, "-02:30")])
    func offsetText(seconds: Int, text: String) {
        #expect(ZoneOffset(seconds: seconds, abbreviation: "", isDaylightSaving: false)?.text == text)
    }

    @Test("instants beyond the calendar are read as its nearest end, without a trap")
    func extremes() throws {
        let rules = try ZoneRules(tzif: Self.berlin)
        for instant in [Int64.min, Int64.max, Int64.min + 1, Int64.max - 1, 0] {
            _ = rules.offset(at: instant)
            _ = rules.reading(local: instant)
        }
    }
}

struct TZifRefusalTests {
    static let types: [(offset: Int32, daylight: UInt8, abbreviation: UInt8)] = [(0, 0, 0)]

    @Test("a file that is no zone is refused saying why", arguments: [
        ("not TZif", Array("TZiF2".utf8) + Array(repeating: 0, count: 60), TZifRefusal.notTZif),
        ("version 5", tzifBytes(version: 0x35, types: types, characters: "UTC\0"), .version(0x35)),
        ("leap seconds", tzifBytes(types: types, characters: "UTC\0", leapCount: 1), .leapSeconds),
        ("no types", tzifBytes(types: [], characters: "UTC\0"), .count("type", 0)),
        ("no characters", tzifBytes(types: types, characters: ""), .count("character", 0)),
        ("unordered", tzifBytes(transitions: [10, 5], indices: [0, 0], types: types, characters: "UTC\0"), .transitionOrder(index: 1)),
        ("repeated", tzifBytes(transitions: [10, 10], indices: [0, 0], types: types, characters: "UTC\0"), .transitionOrder(index: 1)),
        ("far transition", tzifBytes(transitions: [Int64.max], indices: [0], types: types, characters: "UTC\0"), .transitionOrder(index: 0)),
        ("type index", tzifBytes(transitions: [10], indices: [1], types: types, characters: "UTC\0"), .typeIndex(index: 0)),
        ("offset", tzifBytes(types: [(100_000, 0, 0)], characters: "UTC\0"), .offset(100_000)),
        ("offset −2³¹", tzifBytes(types: [(Int32.min, 0, 0)], characters: "UTC\0"), .offset(Int(Int32.min))),
        ("flag", tzifBytes(types: [(0, 2, 0)], characters: "UTC\0"), .daylightFlag(2)),
        ("abbreviation index", tzifBytes(types: [(0, 0, 4)], characters: "UTC\0"), .abbreviation(index: 0)),
        ("no NUL", tzifBytes(types: types, characters: "UTC"), .abbreviation(index: 0)),
        ("control character", tzifBytes(types: types, characters: "U\u{1B}C\0"), .abbreviation(index: 0)),
        ("no footer", tzifBytes(types: types, characters: "UTC\0", footer: nil), .truncated),
        ("footer without newline", tzifBytes(types: types, characters: "UTC\0", footer: nil) + Array("\nUTC0".utf8), .footer),
        ("footer rule", tzifBytes(types: types, characters: "UTC\0", footer: "U0"), .rule(.name(at: 0))),
        ("too large", Array(repeating: 0, count: ZoneRules.maximumFileSize + 1), .tooLarge),
    ] as [(String, [UInt8], TZifRefusal)])
    func refusals(name: String, bytes: [UInt8], refusal: TZifRefusal) {
        #expect(throws: refusal, "\(name)") { try ZoneRules(tzif: bytes) }
    }

    @Test("a count beyond its cap is refused before it is used")
    func hugeCount() {
        var bytes = tzifBytes(types: Self.types, characters: "UTC\0")
        // The first header's transition count (bytes 32…35) set to 2³² − 1.
        bytes.replaceSubrange(32..<36, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: TZifRefusal.count("transition", UInt32.max)) { try ZoneRules(tzif: bytes) }
    }

    /// Every prefix of real files, and random corruptions of them: each either reads or is
    /// refused, and what reads answers every query without a trap.
    @Test("truncated and corrupted zone files never trap")
    func corrupted() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/zoneinfo")
        var files: [[UInt8]] = []
        for name in ["fat/Europe/Berlin", "slim/Australia/Sydney", "slim/America/Nuuk", "fat/Pacific/Apia"] {
            files.append(Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        for file in files {
            for length in 0..<file.count {
                #expect(throws: TZifRefusal.self) { try ZoneRules(tzif: Array(file[..<length])) }
            }
            #expect(throws: Never.self) { try ZoneRules(tzif: file) }
        }
        var random = SeededGenerator(seed: 41)
        var read = 0
        for round in 0..<differentialCases(full: 4000) {
            var bytes = files[round % files.count]
            for _ in 0...random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[at] ^= 1 << UInt8(random.below(8))
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                }
            }
            guard let rules = try? ZoneRules(tzif: bytes) else { continue }
            read += 1
            for _ in 0..<8 {
                let t = Int64(bitPattern: random.next()) >> UInt64(random.below(40))
                _ = rules.offset(at: t)
                _ = rules.reading(local: t)
            }
        }
        #expect(read > 0)
    }
}

struct ZoneNameTests {
    @Test("names of the database are names", arguments: [
        "Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5", "Etc/GMT-14", "America/Port-au-Prince",
        "EST5EDT", "europe/berlin", "America/Argentina/ComodRivadavia",
    ])
    func valid(name: String) throws {
        #expect(try ZoneName(validating: name).text == name)
    }

    @Test("hostile names are refused before any file is touched", arguments: [
        ("", ZoneName.Refusal.empty),
        ("..", .character(".", at: 0)),
        ("../etc/passwd", .character(".", at: 0)),
        ("Europe/../../etc/passwd", .character(".", at: 7)),
        ("/etc/passwd", .part(at: 0)),
        ("Europe//Berlin", .part(at: 7)),
        ("Europe/", .part(at: 7)),
        ("Etc/+5", .part(at: 4)),
        ("_x", .part(at: 0)),
        ("Europe/Ber\u{0}lin", .character("\u{0}", at: 10)),
        ("Europe/Ber\nlin", .character("\n", at: 10)),
        ("Europe/Berlin ", .character(" ", at: 13)),
        ("Europe\\Berlin", .character("\\", at: 6)),
        ("Europe/Zürich", .character("ü", at: 8)),
        ("tzdata.zi", .character(".", at: 6)),
        (String(repeating: "A", count: 65), .tooLong(65)),
        (String(repeating: "A/", count: 100_000), .tooLong(200_000)),
    ] as [(String, ZoneName.Refusal)])
    func hostile(name: String, refusal: ZoneName.Refusal) {
        #expect(throws: refusal) { try ZoneName(validating: name) }
    }

    @Test("UTC and offsets need no database; a name does", arguments: [
        ("UTC", ZoneDesignation.utc), ("utc", .utc), ("+05:30", .offset(19_800)), ("-08:00", .offset(-28_800)),
        ("+14", .offset(50_400)), ("-00:30", .offset(-1800)), ("+18:00", .offset(64_800)),
        ("Europe/Berlin", .named(try! ZoneName(validating: "Europe/Berlin"))),
        ("GMT", .named(try! ZoneName(validating: "GMT"))),
    ] as [(String, ZoneDesignation)])
    func designations(text: String, designation: ZoneDesignation) throws {
        #expect(try ZoneDesignation(text) == designation)
    }

    @Test("offsets out of range are not offsets", arguments: ["+18:30", "+19:00", "+5:30", "+05:60", "+0530", "05:30"])
    func badOffsets(text: String) {
        #expect(throws: ZoneName.Refusal.self) { try ZoneDesignation(text) }
    }

    @Test("a table database gives its zones and refuses the others; UTC and offsets never ask it")
    func table() throws {
        let database = ZoneTable(["Europe/Berlin": ZoneRulesTests.berlin, "Bad/Zone": Array("not a zone file at all".utf8)])
        #expect(try Zone.designated(ZoneDesignation("Europe/Berlin"), in: database).rules.offset(at: instant(2026, 7, 1)).abbreviation == "CEST")
        let missing = try ZoneName(validating: "Mars/Olympus")
        #expect(throws: ZoneRefusal.unknown(missing)) { try Zone.designated(.named(missing), in: database) }
        let bad = try ZoneName(validating: "Bad/Zone")
        #expect(throws: ZoneRefusal.unreadable(bad, .notTZif)) { try Zone.designated(.named(bad), in: database) }
        let empty = ZoneTable([:])
        #expect(try Zone.designated(.utc, in: empty).name == "UTC")
        #expect(try Zone.designated(.offset(-28_800), in: empty).name == "-08:00")
    }
}

struct FirstShownTests {
    /// A day's first time on a zone's clocks, in seconds after its midnight: Santiago's
    /// clocks skip 2026-09-06 00:00 to 01:00 (Python's zoneinfo on the fixture database:
    /// 00:00 fold 0 is 04:00 UTC, shown 01:00 -03); Berlin's skip 02:00, not midnight; a
    /// change at 23:30 put forward an hour starts the next day at 00:30.
    @Test("the first time of a day the clocks show", arguments: [
        ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", 2026, 9, 6, 3600),
        ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", 2026, 9, 5, 0),
        ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", 2026, 4, 5, 0),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 2026, 3, 29, 0),
        ("XST0XDT,M3.5.0/23:30,M10.5.0/3", 2026, 3, 30, 1800),
        ("XST0XDT,M3.5.0/23:30,M10.5.0/3", 2026, 3, 29, 0),
    ])
    func firstShown(rule: String, year: Int, month: Int, day: Int, seconds: Int64) throws {
        let rules = try #require(ZoneRules.posix(rule))
        let dayNumber = CalendarDate.dayNumber(year: year, month: month, day: day)
        #expect(rules.firstShown(onDay: dayNumber) - instant(year, month, day) == seconds)
    }
}
