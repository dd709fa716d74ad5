import Foundation
import Testing
@testable import PerNumbers
@testable import PerShell

/// The shell's time-zone database reads a folder of TZif files when a zone is named:
/// here the zones `Fixtures/zones.py` copied from the system's database, and folders made
/// for a test.
struct SystemZoneDatabaseTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PerCoreTests/Fixtures/zoneinfo/fat")

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("per-zones-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a zone is read by its name, and by its name in another case, called as the database spells it")
    func named() throws {
        let database = SystemZoneDatabase(directory: Self.fixtures.path)
        let berlin = try database.zone(named: ZoneName(validating: "Europe/Berlin"))
        #expect(berlin.name == "Europe/Berlin")
        // 2026-07-01 00:00 UTC, day 20635.
        #expect(berlin.rules.offset(at: 20_635 * 86_400).abbreviation == "CEST")
        let folded = try database.zone(named: ZoneName(validating: "aMERICA/new_york"))
        #expect(folded.name == "America/New_York")
        #expect(folded.rules.offset(at: 20_635 * 86_400).seconds == -4 * 3600)
    }

    @Test("what is not a zone is refused, saying so")
    func refusals() throws {
        let database = SystemZoneDatabase(directory: Self.fixtures.path)
        for name in ["Mars/Olympus", "Europe", "Europe/Berlin/Mitte", "Etc"] {
            let zone = try ZoneName(validating: name)
            #expect(throws: ZoneRefusal.unknown(zone)) { try database.zone(named: zone) }
        }
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a zone".utf8).write(to: folder.appendingPathComponent("Text"))
        try Data(count: ZoneRules.maximumFileSize + 1).write(to: folder.appendingPathComponent("Huge"))
        let made = SystemZoneDatabase(directory: folder.path)
        #expect(throws: ZoneRefusal.unreadable(try ZoneName(validating: "Text"), .notTZif)) { try made.zone(named: ZoneName(validating: "Text")) }
        #expect(throws: ZoneRefusal.unreadable(try ZoneName(validating: "Huge"), .tooLarge)) { try made.zone(named: ZoneName(validating: "Huge")) }
    }

    @Test("without the database a name is refused with the path; UTC and offsets still work")
    func missing() throws {
        let path = "/nonexistent/per-zoneinfo"
        let database = SystemZoneDatabase(directory: path)
        #expect(throws: ZoneRefusal.databaseMissing(path: path)) { try database.zone(named: ZoneName(validating: "Europe/Berlin")) }
        #expect(ZoneRefusal.databaseMissing(path: path).message.contains(path))
        #expect(try Zone.designated(ZoneDesignation("+05:30"), in: database).rules.offset(at: 0).seconds == 19_800)
        #expect(try Zone.designated(ZoneDesignation("UTC"), in: database).name == "UTC")
    }

    @Test("a zone is read once a run: a second look-up needs no file")
    func kept() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Asia/Kolkata"), to: folder.appendingPathComponent("Kolkata"))
        let database = SystemZoneDatabase(directory: folder.path)
        let name = try ZoneName(validating: "Kolkata")
        #expect(try database.zone(named: name).rules.offset(at: 0).seconds == 19_800)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Kolkata"))
        #expect(try database.zone(named: name).rules.offset(at: 0).seconds == 19_800)
    }

    @Test("TZDIR names the database when set and not empty", arguments: [
        (String?.none, "/usr/share/zoneinfo"), ("", "/usr/share/zoneinfo"), ("/opt/zoneinfo", "/opt/zoneinfo"),
    ])
    func directory(tzdir: String?, expected: String) {
        #expect(SystemZoneDatabase.directory(tzdir: tzdir) == expected)
    }
}
