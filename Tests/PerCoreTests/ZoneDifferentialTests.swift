import Foundation
import Testing
import TestSupport
@testable import PerNumbers

/// Zones against Python's `zoneinfo`: 17 zones of both hemispheres, with half-hour
/// (Kolkata, Adelaide, St John's, Lord Howe's half-hour daylight saving), 45-minute
/// (Kathmandu), negative (Dublin) and two-hour (Troll) daylight saving, rule changes at
/// negative times (Nuuk) and a skipped day (Apia, 2011-12-30). `Fixtures/zones.py` wrote
/// their files into `Fixtures/zoneinfo` twice — as the system's database ships them
/// ("fat": transitions to 2037) and compiled `zic -b slim` (few transitions; the POSIX
/// rule after the table gives the rest) — and Python's answers into `Fixtures/zones.tsv`:
/// offsets and abbreviations at and one second before changes, at random instants and
/// far in the future, and the readings of local times at the edges of each gap and
/// overlap. Both files of a zone must give Python's answers.
struct ZoneDifferentialTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func rules(_ zone: String, _ kind: String) throws -> ZoneRules {
        try ZoneRules(tzif: Array(Data(contentsOf: fixtures.appendingPathComponent("zoneinfo/\(kind)/\(zone)"))))
    }

    static func rows(_ kind: String) throws -> [[String]] {
        try String(contentsOf: fixtures.appendingPathComponent("zones.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0[0] == kind }
    }

    @Test("offsets and abbreviations agree with Python's zoneinfo, from fat and slim files", arguments: ["fat", "slim"])
    func offsets(kind: String) throws {
        let rows = try Self.rows("offset")
        #expect(rows.count > 1500)
        var zones: [String: ZoneRules] = [:]
        for row in rows {
            let (zone, instant, seconds, abbreviation) = (row[1], Int64(row[2])!, Int(row[3])!, row[4])
            if zones[zone] == nil { zones[zone] = try Self.rules(zone, kind) }
            let offset = zones[zone]!.offset(at: instant)
            #expect(offset.seconds == seconds && offset.abbreviation == abbreviation,
                    "\(kind) \(zone) at \(instant): \(offset.seconds) \(offset.abbreviation), Python \(seconds) \(abbreviation)")
        }
        #expect(zones.count == 17)
    }

    @Test("local times read as Python reads them with fold 0 and 1: once, in a gap, in an overlap", arguments: ["fat", "slim"])
    func localTimes(kind: String) throws {
        let rows = try Self.rows("local")
        #expect(rows.filter { $0[3] == "gap" }.count > 300 && rows.filter { $0[3] == "overlap" }.count > 300)
        var zones: [String: ZoneRules] = [:]
        for row in rows {
            let (zone, local, expected, fold0, fold1) = (row[1], Int64(row[2])!, row[3], Int64(row[4])!, Int64(row[5])!)
            if zones[zone] == nil { zones[zone] = try Self.rules(zone, kind) }
            let reading = zones[zone]!.reading(local: local)
            let ok: Bool
            switch reading {
            case .unique(let one): ok = expected == "unique" && one.instant == fold0 && fold0 == fold1
            case .gap(let before, let after): ok = expected == "gap" && before.instant == fold0 && after.instant == fold1
            case .overlap(let earlier, let later): ok = expected == "overlap" && earlier.instant == fold0 && later.instant == fold1
            }
            #expect(ok, "\(kind) \(zone) local \(local): \(reading), Python \(expected) \(fold0) \(fold1)")
        }
    }
}

extension ZoneDifferentialTests {
    /// Every day of 1900 to 2037 whose midnight one of the 17 zones skips, with the first
    /// minute its clocks show that day, from `Fixtures/first_shown.py` (Python's zoneinfo
    /// reading each minute from midnight as an instant and back): Santiago's 01:00s, Apia's
    /// skipped day (none, so midnight), Tehran, Casablanca, St John's and others. The days
    /// either side, unless listed, start at midnight.
    @Test("a day's first time agrees with Python's zoneinfo, from fat and slim files", arguments: ["fat", "slim"])
    func firstShown(kind: String) throws {
        let rows = try String(contentsOf: Self.fixtures.appendingPathComponent("first_shown.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count > 100)
        let listed = Set(rows.map { $0[0] + " " + $0[1] })
        var zones: [String: ZoneRules] = [:]
        for row in rows {
            let (zone, day, seconds) = (row[0], Int(row[1])!, Int64(row[2])!)
            if zones[zone] == nil { zones[zone] = try Self.rules(zone, kind) }
            let rules = zones[zone]!
            #expect(rules.firstShown(onDay: day) - Int64(day) * 86_400 == seconds, "\(kind) \(zone) day \(day): Python \(seconds)")
            for other in [day - 1, day + 1] where !listed.contains(zone + " \(other)") {
                #expect(rules.firstShown(onDay: other) == Int64(other) * 86_400, "\(kind) \(zone) day \(other) starts at midnight")
            }
        }
    }
}
