import Foundation
import Testing

/// per on a pseudo-terminal through `script` (util-linux), fed keys through a pipe: enough
/// for the history and for Ctrl-C, without a screen to read.
final class ScriptedTerminal {
    let process = Process()
    private let keys = Pipe()
    private let outputURL: URL

    /// Starts interactive per with `TERM=term` and `PER_HOME=home`.
    init(term: String, home: URL, scratch: URL) throws {
        outputURL = scratch.appendingPathComponent("terminal-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["TERM=\(term)", "PER_HOME=\(home.path)", "LANG=C.UTF-8",
                             "script", "-q", "-e", "-c", "'\(TranscriptCase.binary.path)'", "/dev/null"]
        process.standardInput = keys
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = process.standardOutput
        // Test threads block signals, and a child inherits the mask: per must see Ctrl-C.
        var none = sigset_t(), saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        try waitFor("per> ")
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything the terminal showed, line ends as `\n`.
    var output: String {
        String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    func type(_ text: String) {
        keys.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Types `line` and Enter, and waits for the next prompt.
    func enter(_ line: String) throws {
        let prompts = output.components(separatedBy: "per> ").count
        type(line + "\n")
        try waitFor("per> ", count: prompts)
    }

    /// Waits until the output holds `text` `count` times; fails after 10 s.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        for _ in 0..<1000 {
            let shown = output
            if shown.components(separatedBy: text).count - 1 >= count { return shown }
            usleep(10_000)
        }
        Issue.record("the terminal never showed \(text.debugDescription):\n\(output)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Types `quit` and waits for per to exit.
    func quit(sourceLocation: SourceLocation = #_sourceLocation) {
        type("quit\n")
        for _ in 0..<1000 where process.isRunning { usleep(10_000) }
        if process.isRunning { Issue.record("per did not exit:\n\(output)", sourceLocation: sourceLocation) }
    }
}

/// The history file (SPEC §7): per's own format, merged under a lock, written atomically,
/// never through a symbolic link; kept by the plain reader too.
@Suite(.serialized, .enabled(if: requireTools || executable("script") != nil, "script (util-linux) is not installed"))
final class HistoryTests {
    let home: URL
    let scratch: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("per-history-\(UUID().uuidString)")
        home = base.appendingPathComponent("home")
        scratch = base.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: home.deletingLastPathComponent())
    }

    var historyURL: URL { home.appendingPathComponent("history") }

    func history() throws -> [String] {
        try String(decoding: Data(contentsOf: historyURL), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// With libedit (xterm) and without (dumb).
    static let terms = ["dumb", "xterm"]

    @Test("each line is kept as it is entered, in a private file, with or without libedit", arguments: terms)
    func kept(_ term: String) throws {
        let shell = try ScriptedTerminal(term: term, home: home, scratch: scratch)
        try shell.enter("6*7")
        #expect(try history() == ["6*7"], "saved before the next prompt")
        try shell.enter(#"name a\b"#)
        try shell.enter("   ")
        shell.quit()
        #expect(try String(decoding: Data(contentsOf: historyURL), as: UTF8.self) == "6*7\nname a\\\\b\nquit\n")
        #expect(try permissions(historyURL) == 0o600)
    }

    @Test("two shells at once both keep their lines, in the order they were entered", arguments: terms)
    func twoShells(_ term: String) throws {
        try HistoryFileLines.write(["old 1", "old 2"], to: historyURL)
        let first = try ScriptedTerminal(term: term, home: home, scratch: scratch)
        let second = try ScriptedTerminal(term: term, home: home, scratch: scratch)
        try first.enter("a = 1")
        try second.enter("b = 2")
        try first.enter("a = 3")
        try second.enter("b = 4")
        first.quit()
        second.quit()
        #expect(try history() == ["old 1", "old 2", "a = 1", "b = 2", "a = 3", "b = 4", "quit", "quit"])
    }

    @Test("the history keeps the last 1,000 lines, and a libedit file carries over")
    func limitAndUpgrade() throws {
        let old = "_HiStOrY_V2_\n" + (1...1000).map { "x\\040=\\040\($0)\n" }.joined()
        try Data(old.utf8).write(to: historyURL)
        let shell = try ScriptedTerminal(term: "dumb", home: home, scratch: scratch)
        try shell.enter("y = 1")
        shell.quit()
        let lines = try history()
        #expect(lines.count == 1000)
        #expect(lines.first == "x = 3" && lines.suffix(3) == ["x = 1000", "y = 1", "quit"])
    }

    @Test("a symbolic link at the history is not followed: the file it points at is untouched", arguments: terms)
    func symbolicLink(_ term: String) throws {
        let victim = scratch.appendingPathComponent("victim")
        try Data("victim\n".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: historyURL, withDestinationURL: victim)
        let shell = try ScriptedTerminal(term: term, home: home, scratch: scratch)
        try shell.enter("1+1")
        shell.quit()
        #expect(try Data(contentsOf: victim) == Data("victim\n".utf8))
        #expect(isSymbolicLink(historyURL))
        #expect(shell.output.contains("warning: the history is not read: cannot read \(historyURL.path): it is a symbolic link"))
    }

    @Test("a full disk leaves the history whole", .enabled(if: runningAsRoot, "mounting a small file system needs root"))
    func fullDisk() throws {
        // A 64 KiB file system, filled up, with a history of one page.
        let mounted = home.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: false)
        guard try runTool(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", mounted.path]) == 0 else {
            Issue.record("cannot mount a tmpfs here, so a full disk cannot be simulated")
            return
        }
        defer { _ = try? runTool(["umount", mounted.path]) }
        let file = mounted.appendingPathComponent("history")
        try HistoryFileLines.write(Array(repeating: "1+1", count: 1000), to: file)
        let before = try Data(contentsOf: file)
        let filler = FileManager.default.createFile(atPath: mounted.appendingPathComponent("filler").path, contents: nil)
        #expect(filler)
        let handle = try FileHandle(forWritingTo: mounted.appendingPathComponent("filler"))
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()

        let term = FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libedit.so.2") ? "xterm" : "dumb"
        let shell = try ScriptedTerminal(term: term, home: mounted, scratch: scratch)
        try shell.enter("1" + String(repeating: "+1", count: 1500))
        shell.quit()
        #expect(try Data(contentsOf: file) == before)
        #expect(shell.output.contains("warning: the history is not saved: cannot write \(file.path).tmp-"))
        #expect(shell.output.contains("No space left on device"))
    }

    @Test("Ctrl-C cancels a wait for the lock, and the shell goes on",
          .enabled(if: requireTools || executable("flock") != nil, "flock (util-linux) is not installed"))
    func interruptedWait() throws {
        let lockPath = home.appendingPathComponent("saved.json.lock").path
        _ = FileManager.default.createFile(atPath: lockPath, contents: nil)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["flock", "--no-fork", lockPath, "sleep", "60"]
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        var tries = 0
        while try runTool(["flock", "-n", lockPath, "true"]) == 0 && tries < 200 {
            usleep(10_000)
            tries += 1
        }
        #expect(try runTool(["flock", "-n", lockPath, "true"]) != 0, "flock holds the lock")

        let shell = try ScriptedTerminal(term: "dumb", home: home, scratch: scratch)
        shell.type("save two\n")
        try shell.waitFor("warning: waiting for the lock on \(lockPath)")
        shell.type("\u{3}")
        let cancelled = try shell.waitFor("error: cancelled while waiting for the lock on \(lockPath)")
        // The terminal echoed ^C; the error starts on a line of its own, without a caret
        // (the warning stands between it and the statement).
        #expect(cancelled.contains("\n^C\nerror: cancelled"), "\(cancelled)")
        try shell.waitFor("per> ", count: 2)
        try shell.enter("1+1")
        #expect(shell.output.hasSuffix("\n2\nper> "))
        shell.quit()
    }
}

/// Writes a history in per's format, for tests that start from one.
enum HistoryFileLines {
    static func write(_ lines: [String], to url: URL) throws {
        try Data(lines.map { $0.replacingOccurrences(of: "\\", with: "\\\\") + "\n" }.joined().utf8).write(to: url)
        _ = chmod(url.path, 0o600)
    }
}
