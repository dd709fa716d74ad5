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

    @Test("a session killed at any moment leaves a whole, restorable file and loses at most the last second (20 rounds)")
    func killed() throws {
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
            // Changes go in one at a time, each when the one before is answered; the kill
            // lands after a varying number of answers, at once or after a pause.
            let wanted = 5 + round * 3
            var answeredAt: [Date] = []
            var received = ""
            for step in 1...wanted {
                stdin.fileHandleForWriting.write(Data("v\(round) = \(step); add \(step) 1 kg P\(round)-\(step)\n".utf8))
                while received.components(separatedBy: "added #").count - 1 < step {
                    let chunk = stdout.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    received += String(decoding: chunk, as: UTF8.self)
                }
                answeredAt.append(Date())
            }
            let paused = round % 2 == 0
            if paused { usleep(1_200_000) }
            let killedAt = Date()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the kill landed")
            // The file parses and holds every change answered a second or more before the
            // kill; after a pause, every change.
            let variables = try keptVariables()
            let kept = Int(variables["v\(round)"] ?? "0") ?? 0
            let settled = answeredAt.filter { killedAt.timeIntervalSince($0) >= 1 }.count
            #expect(kept >= settled, "round \(round): \(kept) of \(settled) changes answered a second before the kill kept")
            if paused { #expect(kept == wanted, "round \(round): \(kept) of \(wanted) kept after a pause") }
            let restored = try per(["--session"], input: "v\(round)\n", home: home)
            // Nothing of this round kept leaves v unknown: an error, and no output.
            #expect(restored.stdout == (kept == 0 ? "" : "\(kept)\n"), "round \(round)")
        }
    }

    @Test("a long paste with --session costs about what it costs without: the session is not written per line")
    func pasteIsNotQuadratic() throws {
        // 3,000 products: before, the whole session was written after each line, and this
        // took over a minute of processor time in a release build.
        let adds = (1...3000).map { "add \($0 % 97 + 1).49 \($0 % 5 + 1) kg Product \($0)\n" }.joined()
        let run = try perWithinLimits(["--session"], input: adds, home: home, cpuSeconds: 60)
        #expect(!run.signalled, "per was stopped by its limits")
        #expect(run.stdout.hasSuffix("added #3000 Product 3000: 91.49 for 1 kg, 91.49 per kg\n"))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any]
        let list = (document?["sets"] as? [[String: Any]])?.first?["list"] as? [String: Any]
        #expect((list?["products"] as? [Any])?.count == 3000, "every product is kept at the end")
    }

    @Test("SIGHUP or SIGTERM: the session is kept, per ends by the signal, no temporary file is left", arguments: [SIGHUP, SIGTERM])
    func terminated(_ signal: Int32) throws {
        // A temporary file a writer killed earlier left behind is swept by the next write.
        let stale = home.appendingPathComponent("session.json.tmp-0123456789abcdef")
        #expect(FileManager.default.createFile(atPath: stale.path, contents: Data("{".utf8)))
        let shell = try LivePer(["--session"], home: home)
        shell.send("x = 7; 40 + 2")
        #expect(shell.waitFor("42\n"))
        kill(shell.process.processIdentifier, signal)
        shell.process.waitUntilExit()
        #expect(shell.process.terminationReason == .uncaughtSignal && shell.process.terminationStatus == signal)
        #expect(try keptVariables() == ["x": "7"])
        let left = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains(".tmp") }
        #expect(left == [])
    }

    @Test("two shells on one directory: the one that writes last keeps the other's session as a saved set")
    func twoShells() throws {
        let first = try LivePer(["--session"], home: home)
        first.send("a = 1; 40 + 2")
        #expect(first.waitFor("42\n"))
        // The first writes its session when it is idle, just after its answer.
        for _ in 0..<100 where (try? keptVariables()) != ["a": "1"] { usleep(50_000) }
        #expect(try keptVariables() == ["a": "1"])
        // The second starts from the first's session and changes it.
        let second = try LivePer(["--session"], home: home)
        second.send("b = 2; 40 + 3")
        #expect(second.waitFor("43\n"))
        let secondEnd = try second.finish()
        #expect(secondEnd.stderr.hasPrefix("restored the session of "))
        // The first goes on, unaware: its next write would replace the second's session.
        first.send("c = 3; 40 + 4")
        #expect(first.waitFor("44\n"))
        let firstEnd = try first.finish()
        let notice = try #require(firstEnd.stderr.firstMatch(of: /another shell's session \(2 variables\) is kept as the saved set '(session of [0-9: -]+)'\n/))
        #expect(try keptVariables() == ["a": "1", "c": "3"])
        let recalled = try per(["--session"], input: "recall \"\(notice.1)\"\nb\n", home: home)
        #expect(recalled.stdout.hasSuffix("\n2\n"), "\(recalled.stdout)")
        #expect(recalled.stderr.contains("sessions of other shells are kept as saved sets: '\(notice.1)' (recall NAME to use one, forget NAME when done)\n"))
    }
}

extension SessionTests {
    /// Waits (up to 5 s) until session.json holds `variables`.
    func waitForKept(_ variables: [String: String]) -> Bool {
        for _ in 0..<100 {
            if (try? keptVariables()) == variables { return true }
            usleep(50_000)
        }
        return false
    }

    /// The saved sets' names and variables, read independently of per.
    func savedSets() throws -> [String: [String: String]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: home.appendingPathComponent("saved.json"))) as? [String: Any]
        let sets = document?["sets"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: sets.map { ($0["name"] as? String ?? "", $0["variables"] as? [String: String] ?? [:]) })
    }

    @Test("two shells taking turns keep one saved set each for the other, updated, not one per turn")
    func shellsTakingTurns() throws {
        let first = try LivePer(["--session"], home: home)
        first.send("a = 1; 0")
        #expect(first.waitFor("0\n") && waitForKept(["a": "1"]))
        let second = try LivePer(["--session"], home: home)
        second.send("b = 2; 0")
        #expect(second.waitFor("0\n") && waitForKept(["a": "1", "b": "2"]))
        for turn in 1...3 {
            first.send("a = \(turn + 1); \(turn)")
            #expect(first.waitFor("\(turn)\n") && waitForKept(["a": "\(turn + 1)"]))
            second.send("b = \(turn + 2); \(turn)")
            #expect(second.waitFor("\(turn)\n") && waitForKept(["a": "1", "b": "\(turn + 2)"]))
        }
        _ = try first.finish()
        _ = try second.finish()
        // The first keeps the second's session, and the second the first's, each once.
        let sets = try savedSets()
        #expect(sets.count == 2, "\(sets)")
        #expect(Set(sets.values) == [["a": "1", "b": "4"], ["a": "4"]], "\(sets)")
        #expect(sets.keys.allSatisfy { $0.hasPrefix("session of ") })
    }
}

/// A `per` running beside the test, fed a line at a time.
final class LivePer {
    let process = Process()
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    private(set) var received = ""

    init(_ arguments: [String], home: URL) throws {
        process.executableURL = TranscriptCase.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PER_HOME"] = home.path
        process.environment = environment
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    func send(_ line: String) {
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Reads the output until it holds `text`; false if the output ends first.
    func waitFor(_ text: String) -> Bool {
        while !received.contains(text) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            received += String(decoding: chunk, as: UTF8.self)
        }
        return true
    }

    /// Ends the input and waits for per to end; what it wrote to stderr.
    func finish() throws -> (stdout: String, stderr: String) {
        try stdin.fileHandleForWriting.close()
        received += String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (received, errors)
    }
}
