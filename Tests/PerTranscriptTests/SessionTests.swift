import Foundation
import Testing

/// The session kept in `session.json` between runs: restored after `quit` and after a
/// kill, `--fresh`, `new`, and batch runs that leave it alone.
@Suite(.serialized)
final class SessionTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("per-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    var sessionFile: URL { home.appendingPathComponent("session.json") }

    /// The variables of the kept session, read independently of per.
    func keptVariables() throws -> [String: String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any]
        let set = (document?["sets"] as? [[String: Any]])?.first
        return set?["variables"] as? [String: String] ?? [:]
    }

    @Test("batch runs neither read nor write the session unless --session is given")
    func batchLeavesItAlone() throws {
        _ = try per([], input: "x = 1\nadd 1 1 kg A\n", home: home)
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
        _ = try per(["--session"], input: "x = 1\nadd 1 1 kg A\n", home: home)
        #expect(try keptVariables() == ["x": "1"])
        let again = try per([], input: "x\n", home: home)
        #expect(again.stderr == "<stdin>:1:1: error: unknown name 'x'\n")
        let kept = try per(["--session"], input: "x + 1\nundo\ncompare\n", home: home)
        #expect(kept.stdout.hasPrefix("2\n"))
        #expect(kept.stderr.hasPrefix("restored the session of "))
        #expect(kept.stderr.contains(": 1 variable, 1 product\n<stdin>:2:1: error: nothing to undo\n"))
    }

    @Test("--fresh with --session starts a script empty and keeps the last session as a set")
    func freshBatch() throws {
        _ = try per(["--session"], input: "x = 1\n", home: home)
        let result = try per(["--session", "--fresh"], input: "vars\nrecall \"last session\"\n", home: home)
        #expect(result.stderr == "started empty; the last session is saved as 'last session'\n")
        #expect(result.stdout.hasPrefix("no variables\nrecalled 'last session', saved "))
    }

    @Test("new keeps the old session as 'last session'; undo brings it back")
    func newSession() throws {
        let result = try per(["--session"], input: "x = 1\nnew\nvars\nrecall \"last session\"\nnew\nundo\nvars\n", home: home)
        #expect(result.stdout.contains("started a new session; the one before is saved as 'last session' (undo brings it back)\nno variables\n"))
        #expect(result.stdout.hasSuffix("x = 1\n"))
        #expect(try keptVariables() == ["x": "1"])
    }

    @Test("a session killed at any moment leaves a whole, restorable file (20 rounds)")
    func killed() throws {
        var midRun = 0
        for round in 1...20 {
            let process = Process()
            process.executableURL = TranscriptCase.binary
            process.arguments = ["--session"]
            var environment = ProcessInfo.processInfo.environment
            environment["PER_HOME"] = home.path
            process.environment = environment
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Changes go in one at a time; the kill lands after a varying number of answers.
            let wanted = 5 + round * 3
            var answered = 0
            var received = ""
            for step in 1...200 {
                stdin.fileHandleForWriting.write(Data("v\(round) = \(step); add \(step) 1 kg P\(round)-\(step)\n".utf8))
                if step <= wanted {
                    while received.components(separatedBy: "added #").count - 1 < step {
                        let chunk = stdout.fileHandleForReading.availableData
                        if chunk.isEmpty { break }
                        received += String(decoding: chunk, as: UTF8.self)
                    }
                    answered = step
                } else {
                    break
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the kill landed")
            if answered < 200 { midRun += 1 }
            // The file parses and holds at least every change that was answered.
            let variables = try keptVariables()
            let kept = Int(variables["v\(round)"] ?? "0") ?? 0
            #expect(kept >= answered, "round \(round): \(kept) of \(answered) answered changes kept")
            let restored = try per(["--session"], input: "v\(round)\n", home: home)
            #expect(restored.stdout == "\(kept)\n", "round \(round)")
        }
        #expect(midRun == 20)
    }
}
