import Foundation
import Testing

/// Saved sets on disk, with real processes: concurrent saves, kills mid-write, corrupt,
/// future-version and unwritable storage (SPEC §6).
@Suite(.serialized)
final class StorageTests {
    /// A fresh `PER_HOME` for each test, removed after it.
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("per-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    struct Run {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// Starts `per ARGS` with `PER_HOME` set to `home`.
    func start(_ arguments: [String], home: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = TranscriptCase.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PER_HOME"] = home ?? self.home.path
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, errors)
    }

    func run(_ arguments: [String], home: String? = nil) throws -> Run {
        let (process, output, errors) = try start(arguments, home: home)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                   status: process.terminationStatus)
    }

    /// A script that saves `count` sets named `PREFIX-N`, each with different inputs.
    func script(_ prefix: String, count: Int) throws -> String {
        let path = home.appendingPathComponent("\(prefix).per").path
        let lines = (1...count).map { "\(prefix)_value = \($0); save \(prefix)-\($0)" }.joined(separator: "\n") + "\n"
        try Data(lines.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func savedNames() throws -> [String] {
        let data = try Data(contentsOf: home.appendingPathComponent("saved.json"))
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let sets = document?["sets"] as? [[String: Any]] ?? []
        return sets.compactMap { $0["name"] as? String }
    }

    @Test("two processes saving 50 sets each at once keep all 100")
    func concurrentSaves() throws {
        let first = try script("a", count: 50), second = try script("b", count: 50)
        let (one, _, oneErrors) = try start([first])
        let (two, _, twoErrors) = try start([second])
        one.waitUntilExit()
        two.waitUntilExit()
        #expect(String(decoding: oneErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
        #expect(String(decoding: twoErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
        #expect(one.terminationStatus == 0 && two.terminationStatus == 0)
        let names = Set(try savedNames())
        #expect(names == Set((1...50).map { "a-\($0)" } + (1...50).map { "b-\($0)" }))
    }

    @Test("a process killed while saving leaves a valid file, every time")
    func killedWhileSaving() throws {
        let path = try script("k", count: 400)
        for round in 0..<15 {
            let (process, _, _) = try start([path])
            usleep(useconds_t(20_000 + 15_000 * round))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let check = try run(["-e", "saved"])
            #expect(check.stderr == "", "round \(round): \(check.stderr)")
            #expect(check.status == 0)
            if FileManager.default.fileExists(atPath: home.appendingPathComponent("saved.json").path) {
                #expect(try savedNames().allSatisfy { $0.hasPrefix("k-") })
            }
            try? FileManager.default.removeItem(at: home.appendingPathComponent("saved.json"))
        }
    }

    @Test("a corrupt file is moved aside intact, with a warning")
    func corrupt() throws {
        let file = home.appendingPathComponent("saved.json")
        let garbage = Data("{\"format\": \"per saved sets\", \"vers".utf8)
        try garbage.write(to: file)
        let result = try run(["-e", "x = 1", "-e", "save fresh"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: \(file.path) was corrupt (not JSON (unterminated string at byte 34)); it was moved to \(file.path).corrupt-"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("saved.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: home.appendingPathComponent(aside[0])) == garbage)
        #expect(try savedNames() == ["fresh"])
    }

    @Test("a file from a newer version is refused and left untouched")
    func newerVersion() throws {
        let file = home.appendingPathComponent("saved.json")
        let future = Data("{\"format\": \"per saved sets\", \"version\": 9, \"sets\": [], \"extra\": true}\n".utf8)
        try future.write(to: file)
        let result = try run(["-e", "x = 1", "-e", "save new", "-e", "saved", "-e", "x + 1"])
        #expect(result.status == 1)
        #expect(result.stdout == "x = 1\n2\n")
        #expect(result.stderr == """
            -e:2:6: error: \(file.path) was written by a newer per (format 9; this one reads 1); it is left as it is
            -e:3:1: error: \(file.path) was written by a newer per (format 9; this one reads 1); it is left as it is

            """)
        #expect(try Data(contentsOf: file) == future)
    }

    @Test("an unwritable location is reported and the session goes on")
    func unwritable() throws {
        let blocker = home.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let result = try run(["-e", "save here", "-e", "1 + 1"], home: blocker.path + "/per")
        #expect(result.status == 1)
        #expect(result.stdout == "2\n")
        #expect(result.stderr == "-e:1:6: error: cannot create \(blocker.path)/per: Not a directory\n")
    }

    @Test("save in one process, recall and adjust in another")
    func acrossProcesses() throws {
        let first = try run(["-e", "boiler steam=10000 tds=300 condensate=60%", "-e", "add 2.49 500 g", "-e", "save plant"])
        #expect(first.status == 0)
        let second = try run(["--json", "-e", "recall plant", "-e", "boiler condensate=70%", "-e", "saved"])
        let lines = second.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"recalled\":\"plant\"") && lines[0].contains("\"sulphite_kg_day\":4.27050666667"))
        #expect(lines[1].contains("\"blowdown_kg_h\":333.333333333"))
        #expect(lines[2].contains("\"headline\":\"boiler: blowdown 444.44 kg/h, sulphite 4.27 kg/day\""))
    }
}
