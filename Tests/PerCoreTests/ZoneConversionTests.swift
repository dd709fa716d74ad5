import Foundation
import Synchronization
import Testing
@testable import PerNumbers
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `LOCAL FROM to TO` run by a session against Python's zoneinfo
/// (`Fixtures/zone_conversions.py`, `.tsv`): ten zones of both hemispheres, with half-hour
/// and 45-minute offsets, every local minute either side of each change of 2025 to 2027,
/// and random times from 1990 to 2060. A local time the clocks skip or show twice is
/// refused, as Python's fold tells.
struct ZoneConversionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func session(_ zones: [String]) throws -> Session {
        var files: [String: [UInt8]] = [:]
        for zone in zones {
            files[zone] = Array(try Data(contentsOf: fixtures.appendingPathComponent("zoneinfo/fat/\(zone)")))
        }
        var session = Session()
        session.zones = TimeZones(database: ZoneTable(files), local: nil)
        return session
    }

    @Test("conversions between zones agree with Python's zoneinfo; gaps and overlaps are refused", arguments: [
        "LOCAL FROM to TO",
        // The zone before the time reads the same (`Europe/Berlin 2026-03-29 03:30`).
        "FROM LOCAL to TO",
    ])
    func conversions(_ form: String) throws {
        let rows = try String(contentsOf: Self.fixtures.appendingPathComponent("zone_conversions.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count > 500)
        var session = try Self.session(Array(Set(rows.flatMap { [$0[0], $0[2]] })))
        var kinds: Set<String> = []
        for row in rows {
            let (from, local, to, expected) = (row[0], row[1], row[2], row[3])
            let statement = form.replacingOccurrences(of: "LOCAL", with: local).replacingOccurrences(of: "FROM", with: from)
                .replacingOccurrences(of: "TO", with: to)
            let outcome = session.execute(StatementSource(statement))
            switch (expected, outcome) {
            case ("gap", .failure(let diagnostic)):
                guard case .zone(.gap) = diagnostic.problem else { Issue.record("\(statement): \(diagnostic.message)"); continue }
                kinds.insert("gap")
            case ("overlap", .failure(let diagnostic)):
                guard case .zone(.overlap) = diagnostic.problem else { Issue.record("\(statement): \(diagnostic.message)"); continue }
                kinds.insert("overlap")
            case (_, .success(.value(let shown, let note))):
                let parts = expected.split(separator: " ").map(String.init)
                let zoneNote = ValueNote.zone(abbreviation: parts[2], name: to, offsetSeconds: Int(parts[3])!).message
                #expect(shown.text == parts[0] + " " + parts[1] && note == zoneNote,
                        "\(statement): \(shown.text) \(note ?? ""), Python \(expected)")
                kinds.insert("unique")
            default:
                Issue.record("\(statement): \(outcome), Python \(expected)")
            }
        }
        #expect(kinds == ["gap", "overlap", "unique"])
    }

    /// Counts the reads of a session's clock.
    final class Reads: Sendable {
        let count = Mutex(0)
    }

    @Test("the clock and the zones are read only for a statement that needs them, and once; the refusal that asked leaves no trace")
    func clockReadWhenNeeded() throws {
        let reads = Reads()
        let today = try CalendarDate.checked(year: 2026, month: 7, day: 1)
        var session = Session()
        session.clock = {
            reads.count.withLock { $0 += 1 }
            return Session.Clock(today: today, secondOfDay: 0, zones: TimeZones(database: ZoneTable([:]), local: nil))
        }
        for line in ["1+1", "x = 2 kg", "x * 3", "17:30 - 9:15", "2026-12-24 18:00 UTC to +01:00"] {
            guard case .success = session.execute(StatementSource(line)) else { Issue.record("\(line) failed"); continue }
        }
        #expect(reads.count.withLock { $0 } == 0)
        let outcome = session.execute(StatementSource("today + 1 day"))
        guard case .success(.value(let shown, _)) = outcome else { Issue.record("\(outcome)"); return }
        #expect(shown.text == "2026-07-02")
        _ = session.execute(StatementSource("now"))
        _ = session.execute(StatementSource("14:30 Europe/Berlin"))
        #expect(reads.count.withLock { $0 } == 1)
        // The refusal that asked for the clock is no failure of the block `total` reads.
        var fresh = Session()
        fresh.clock = session.clock
        for line in ["2 kg", "d = today + 1 day", "3 kg"] { _ = fresh.execute(StatementSource(line)) }
        guard case .success(.value(let total, _)) = fresh.execute(StatementSource("total")) else { Issue.record("total failed"); return }
        #expect(total.text == "5 kg")
    }

    /// By hand: from 2026-11-27 10:30 to 2026-12-25 18:00 are 28 days 7 h 30 min; the same
    /// 18:00 in Berlin (CET, UTC+1) is 17:00 UTC, and now read in UTC is 10:30 UTC, 28 days
    /// 6 h 30 min before it. To a date alone, the days from today.
    @Test("days until a date with a time counts from now, to the minute; one in a zone from now's instant",
          arguments: [("days until 2026-12-25 18:00", "28 days 7 h 30 min"),
                      ("days since 2026-11-26 18:00", "16 h 30 min"),
                      ("days until 2026-12-25 18:00 Europe/Berlin", "28 days 6 h 30 min"),
                      ("days until 2026-12-25", "28 days")])
    func daysUntilNow(_ line: String, _ expected: String) throws {
        var files: [String: [UInt8]] = [:]
        for zone in ["Europe/Berlin", "Etc/UTC"] {
            files[zone] = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("zoneinfo/fat/\(zone)")))
        }
        let zones = TimeZones(database: ZoneTable(files), local: try Zone.designated(.named(try ZoneName(validating: "Etc/UTC")), in: ZoneTable(files)))
        let today = try CalendarDate.checked(year: 2026, month: 11, day: 27)
        var session = Session()
        session.clock = { Session.Clock(today: today, secondOfDay: 10 * 3600 + 30 * 60, zones: zones) }
        guard case .success(.value(let shown, _)) = session.execute(StatementSource(line)) else {
            Issue.record("\(line): \(session.execute(StatementSource(line)))"); return
        }
        #expect(shown.text == expected, "\(line)")
    }
}
