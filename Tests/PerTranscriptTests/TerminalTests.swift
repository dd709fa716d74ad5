import Foundation
import Testing

/// Where a tool is on PATH, if it is.
func executable(_ name: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a command and returns its standard output (and its status).
@discardableResult
func shell(_ arguments: [String], input: String? = nil) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    if let input {
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
    } else {
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// In CI every tool the tests drive is installed (`.ci/run`), so a missing one fails there;
/// on a developer's machine those tests are skipped.
let requireTools = ProcessInfo.processInfo.environment["CI"] != nil

/// The real binary in a real terminal, driven through tmux as a person would: type keys,
/// read the screen (SPEC §7).
@Suite(.serialized, .enabled(if: requireTools || executable("tmux") != nil, "tmux is not installed"))
final class TerminalTests {
    /// A tmux server of this test's own, so the tests never touch a person's sessions; a
    /// new one for each start, since a server just killed may still hold its socket.
    var socket = TerminalTests.newSocket()
    let name = "per"
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-terminal-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit {
        endServer()
        try? FileManager.default.removeItem(at: home)
    }

    /// Ends this test's tmux server and removes its socket, which tmux leaves behind. per,
    /// hung up, keeps its session on the way out: the server's end waits for per's (up
    /// to 5 s), so that the session is not written into a home already removed.
    func endServer() {
        let panes = ((try? tmux("list-panes", "-a", "-F", "#{pane_pid}")) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        // per itself, or the children of the `sh -c` that runs it.
        let children = panes.flatMap { pane in
            ((try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { pid_t($0) }
        }
        let pids = panes + children
        _ = try? tmux("kill-server")
        for pid in pids {
            for _ in 0..<500 where kill(pid, 0) == 0 { usleep(10_000) }
        }
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Runs tmux through `system`: a tmux server outlives the client that starts it and
    /// keeps the client's descriptors, so Foundation's `Process`, which waits for those to
    /// close, would wait for the server. The server also inherits the signal mask of the
    /// thread that starts it, and test threads block signals, so the mask is cleared first:
    /// a server that never sees SIGCHLD never notices that per has exited.
    func tmux(_ arguments: String...) throws -> String { try tmux(list: arguments) }

    func tmux(list arguments: [String]) throws -> String {
        let output = home.appendingPathComponent("tmux-output").path
        let quoted = (["tmux", "-u", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var none = sigset_t(), saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        let status = system(quoted.joined(separator: " ") + " > '\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw TmuxFailure(command: arguments.joined(separator: " "), output: text) }
        return text
    }

    static func newSocket() -> String { "per-test-\(UUID().uuidString.prefix(8))" }

    struct TmuxFailure: Error {
        let command: String
        let output: String
    }

    /// Starts per in a new pane of a new server (ending the one before, if any); with
    /// `showStatus`, a shell around it prints per's exit status when it ends.
    func start(term: String, lang: String = "C.UTF-8", showStatus: Bool = false, options: String = "",
               columns: Int = 100, directory: URL? = nil) throws {
        endServer()
        socket = TerminalTests.newSocket()
        var command = "env -u LC_ALL -u LC_CTYPE -u NO_COLOR LANG=\(lang) PER_HOME='\(home.path)' TERM=\(term) '\(TranscriptCase.binary.path)' \(options)"
        // The shell ignores Ctrl-\\ (SIGQUIT goes to the whole process group); per sets its own.
        if showStatus { command = "sh -c \"trap '' QUIT; \(command); echo per exited with \\$?; sleep 30\"" }
        _ = try tmux(list: ["new-session", "-d", "-s", name, "-x", String(columns), "-y", "40"]
                     + (directory.map { ["-c", $0.path] } ?? []) + [command])
        _ = try tmux("set-option", "-w", "-t", name, "remain-on-exit", "on")
        try waitFor("per>")
    }

    func type(_ keys: String...) throws {
        for key in keys { _ = try tmux("send-keys", "-t", name, key) }
    }

    func typeLine(_ text: String) throws {
        _ = try tmux("send-keys", "-t", name, "-l", "--", text)
        try type("Enter")
    }

    func screen() throws -> String {
        try tmux("capture-pane", "-p", "-t", name)
    }

    /// Waits until per has exited: its pane is dead, or the server has gone with it.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<100 {
            guard let dead = try? tmux("list-panes", "-t", name, "-F", "#{pane_dead}") else { return }
            if dead.hasPrefix("1") { return }
            usleep(50_000)
        }
        Issue.record("per did not exit:\n\(try screen())", sourceLocation: sourceLocation)
    }

    /// Waits until the screen shows `text` (the `count`-th time), or fails after 10 s (CI
    /// runs these beside the other suites on two cores). The
    /// screen as tmux captures it has no trailing blanks, so neither should `text`.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var shown = ""
        for _ in 0..<200 {
            shown = try screen()
            if shown.components(separatedBy: text).count - 1 >= count { return shown }
            usleep(50_000)
        }
        Issue.record("the screen never showed \(text.debugDescription) \(count) time(s):\n\(shown)", sourceLocation: sourceLocation)
        return shown
    }

    @Test("with libedit: prompt, results, caret, history, completion, Ctrl-C, quit")
    func lineEditing() throws {
        try start(term: "xterm")
        try typeLine("3*1.99")
        try waitFor("5.97")
        try typeLine("1/0")
        let caret = try waitFor("error: division by zero")
        #expect(caret.contains("per> 1/0\n      ^\n"))
        // Up twice recalls 3*1.99.
        try type("Up", "Up")
        try waitFor("per> 3*1.99", count: 2)
        try type("Enter")
        try waitFor("5.97", count: 2)
        // Tab completes a command, then an estimator key.
        try type("b", "o", "i", "Tab")
        try waitFor("per> boiler")
        try type("s", "t", "e", "Tab")
        try waitFor("per> boiler steam=")
        try typeLine("10000 tds=300 condensate=60%")
        try waitFor("sulphite            4.27  kg/day")
        // Ctrl-C abandons the line; the next one works.
        try type("1", "2", "+")
        // On the screen before the Ctrl-C, or a loaded machine could send it first.
        try waitFor("per> 12+")
        try type("C-c")
        // Keys typed before the new prompt are echoed by the terminal on the abandoned line
        // (as in any shell), so wait for it as a person would.
        try waitFor("per> 12+\nper>")
        try typeLine("2+3")
        let afterInterrupt = try waitFor("\n5\n").components(separatedBy: "per> 12+").last ?? ""
        #expect(afterInterrupt.hasPrefix("\nper> 2+3\n5\n"))
        try typeLine("quit")
        try waitForExit()
        // libedit's history file encodes blanks as \040.
        let history = try String(contentsOf: home.appendingPathComponent("history"), encoding: .utf8)
            .replacingOccurrences(of: "\\040", with: " ")
        for line in ["3*1.99", "1/0", "boiler steam=10000 tds=300 condensate=60%", "2+3", "quit"] {
            #expect(history.contains(line + "\n"), "history holds \(line)")
        }
        #expect(!history.contains("12+"))
    }

    @Test("typed Unicode reaches per unchanged, in results, the list and the history",
          arguments: [("xterm", "C.UTF-8"), ("xterm", "C"), ("xterm", "POSIX"), ("dumb", "C.UTF-8"), ("dumb", "C")])
    func typedUnicode(term: String, lang: String) throws {
        try start(term: term, lang: lang)
        try typeLine("−5 + 2")
        try waitFor("\n-3\n")
        try typeLine("2 × 3 ÷ 4")
        try waitFor("\n1.5\n")
        try typeLine("add 2.49€ 500 g Pâtes")
        try waitFor("added #1 Pâtes: 2.49€ for 500 g, 4.98€ per kg")
        try typeLine("add 1.99€ 250 g 中文麺")
        try waitFor("added #2 中文麺: 1.99€ for 250 g, 7.96€ per kg")
        try typeLine("quit")
        try waitForExit()
        guard term != "dumb" else { return }
        // The next shell recalls the lines as typed.
        try start(term: term, lang: lang)
        // Up past `quit` and the CJK line.
        try type("Up", "Up", "Up")
        try waitFor("per> add 2.49€ 500 g Pâtes")
    }

    @Test("compare fits the window: one line a row, bars dropped, then compact, and names cut when it is narrow",
          arguments: [160, 60, 40])
    func compareFitsWindow(columns: Int) throws {
        try start(term: "xterm", columns: columns)
        try typeLine("add 2.49 500 g Barilla Spaghetti No. 5 from the Italian shop")
        try typeLine("add 3.99 1 kg Store brand spaghetti in a big bag")
        try typeLine("add 4.99 6x250 g Multipack")
        try typeLine("compare")
        let shown = try waitFor(columns == 40 ? "+49.7%\n" : "+49.7% vs best")
        let rows = shown.split(separator: "\n").filter { columns == 40 ? $0.first?.isNumber == true && $0.contains("  ") : $0.hasPrefix("   ") }
        #expect(rows.count == 3, "one line a row in \(columns) columns:\n\(shown)")
        if columns == 40 {
            #expect(rows == ["3  Multip…   4.99  6×250 g  3.33  best",
                             "2  Store …   3.99  1 kg     3.99  +19.9%",
                             "1  Barill…   2.49  500 g    4.98  +49.7%"], "\(shown)")
        } else if columns == 60 {
            #expect(rows == ["   1  3  Multipack    4.99  6×250 g     3.33  best",
                             "   2  2  Store bra…   3.99  1 kg        3.99  +19.9% vs best",
                             "   3  1  Barilla S…   2.49  500 g       4.98  +49.7% vs best"], "\(shown)")
        } else {
            #expect(rows.allSatisfy { $0.contains("█") }, "a wide window keeps the bars:\n\(shown)")
            #expect(shown.contains("Barilla Spaghetti No. 5 from the Italian shop   2.49"), "\(shown)")
        }
        try typeLine("quit")
        try waitForExit()
    }

    @Test("the session is restored at the next start; --fresh starts empty and keeps it as a saved set")
    func keptSession() throws {
        try start(term: "xterm")
        try typeLine("x = 2")
        try typeLine("add 2.49 500 g Pâtes")
        try waitFor("added #1 Pâtes")
        try typeLine("quit")
        try waitForExit()
        try start(term: "xterm")
        try waitFor("restored the session of ")
        try waitFor(": 1 variable, 1 product")
        try typeLine("compare")
        try waitFor("   1  1  Pâtes   2.49  500 g       4.98")
        try typeLine("quit")
        try waitForExit()
        try start(term: "xterm", options: "--fresh")
        try waitFor("started empty; the last session is saved as 'last session'")
        try typeLine("vars")
        try waitFor("no variables")
        try typeLine("recall \"last session\"")
        try waitFor("recalled 'last session'")
    }

    @Test("an answer that breaks a rule is asked again, keeping the others", arguments: ["xterm", "dumb"])
    func guidedPromptRule(term: String) throws {
        try start(term: term)
        try typeLine("boiler maxtds=500")
        try waitFor("steam?")
        try typeLine("1000")
        try waitFor("tds?")
        try typeLine("600")
        let refused = try waitFor("tds?", count: 2)
        #expect(refused.contains("  tds? 600\n       ^~~\n"), "the caret is under the answer: \(refused)")
        #expect(refused.contains("error: tds (600 ppm) must be below maxtds (500 ppm)"), "\(refused)")
        #expect(refused.components(separatedBy: "steam?").count == 2, "steam is asked once: \(refused)")
        try typeLine("300")
        let shown = try waitFor("feedwater")
        #expect(shown.contains("boiler: steam 1000 kg/h, tds 300 ppm, maxtds 500 ppm"), "\(shown)")
    }

    @Test("at an input's prompt recall NAME, quit and Ctrl-C work, and the prompt says so", arguments: ["xterm", "dumb"])
    func promptStatements(term: String) throws {
        try start(term: term)
        try typeLine("cooling recirc=500 dt=6 cycles=5; save t1 cooling; unset cooling.recirc")
        try waitFor("saved 't1': cooling inputs")
        try typeLine("cooling")
        let asked = try waitFor("recirc?")
        #expect(asked.contains("(an empty line or Ctrl-C cancels; recall NAME and quit work here too)"), "\(asked)")
        try typeLine("recall t1")
        let recalled = try waitFor("make-up", count: 2)
        // The statement typed runs in the estimate's place: nothing was cancelled.
        #expect(recalled.contains("recirc? recall t1\nrecalled 't1'") && !recalled.contains("cancelled"), "\(recalled)")
        try typeLine("unset cooling.recirc; cooling")
        try waitFor("recirc?", count: 2)
        try type("C-c")
        try waitFor("cancelled")
        try typeLine("cooling")
        try waitFor("recirc?", count: 3)
        try typeLine("quit")
        try waitForExit()
    }

    @Test("Tab completes after typed non-ASCII text", arguments: ["C.UTF-8", "C"])
    func unicodeCompletion(lang: String) throws {
        try start(term: "xterm", lang: lang)
        try typeLine("x = 1; save Pâtes été")
        try waitFor("saved 'Pâtes été'")
        try typeLine("y = 2; save 中文")
        try waitFor("saved '中文'")
        _ = try tmux("send-keys", "-t", name, "-l", "--", "recall Pâ")
        try type("Tab")
        try waitFor("per> recall Pâtes été")
        try type("Enter")
        try waitFor("recalled 'Pâtes été'")
        _ = try tmux("send-keys", "-t", name, "-l", "--", "recall 中")
        try type("Tab")
        try waitFor("per> recall 中文")
    }

    @Test("Tab completes the book's names when one needs quotes, and never offers file names")
    func bookNameCompletion() throws {
        // Started in a folder with a file: libedit's own completion would offer its name.
        let folder = home.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("marker-file.txt").path, contents: Data()))
        try start(term: "xterm", directory: folder)
        try typeLine("seen 2.29 0.5 kg Barilla @Aldi 2026-11-01")
        try waitFor("the first price of Barilla")
        try typeLine("seen 2.79 0.5 kg Barilla integrale @Aldi 2026-11-01")
        try waitFor("the first price of Barilla integrale")
        // `Barilla` and `"Barilla integrale"` share Barilla, which Tab writes.
        _ = try tmux("send-keys", "-t", name, "-l", "--", "history Ba")
        try type("Tab")
        try waitFor("per> history Barilla")
        try type("Enter")
        try waitFor("Barilla: 1 price")
        _ = try tmux("send-keys", "-t", name, "-l", "--", "worth ")
        try type("Tab", "Tab")
        _ = try tmux("send-keys", "-t", name, "-l", "--", "2")
        let shown = try waitFor("per> worth 2")
        #expect(!shown.contains("marker-file"))
        try type("Enter")
        try typeLine("quit")
        try waitForExit()
    }

    @Test("colour only on a terminal that is not dumb", arguments: [("xterm", true), ("dumb", false)])
    func colourByTerminal(term: String, coloured: Bool) throws {
        try start(term: term)
        try typeLine("1/0")
        try waitFor("division by zero")
        let screen = try tmux("capture-pane", "-e", "-p", "-t", name)
        #expect(screen.contains("\u{1B}[") == coloured, "\(screen.debugDescription)")
    }

    @Test("Ctrl-\\ ends the shell quietly, with the terminal as it was")
    func quitSignal() throws {
        try start(term: "xterm", showStatus: true)
        try typeLine("2+2")
        try waitFor("\n4\n")
        try type("C-\\")
        let shown = try waitFor("per exited with 0")
        #expect(!shown.contains("Crash") && !shown.contains("Backtrace") && !shown.contains("Thread"), "\(shown)")
    }

    @Test("Ctrl-\\ at once after a statement still keeps it in the session")
    func quitKeepsSession() throws {
        try start(term: "xterm", showStatus: true)
        // The second comes within half a second of the first's write: kept at the end.
        try typeLine("x = 5; y = 1")
        try typeLine("x = 6")
        try waitFor("x = 6\nper>")
        try type("C-\\")
        try waitFor("per exited with 0")
        try start(term: "xterm")
        try typeLine("x")
        try waitFor("per> x\n6\n")
    }

    @Test("Ctrl-C cancels a long computation: it shows it is working past half a second, then 'cancelled', the prompt, the session as it was", arguments: ["xterm", "dumb"])
    func cancelComputation(term: String) throws {
        try start(term: term)
        // f12(1) works out exp of a 100,000-digit value 4,096 times: half a minute of work
        // in a release build, within the limit on function calls.
        let functions = (1...12).map { "f\($0)(t) = f\($0 - 1)(t) + f\($0 - 1)(t + 1)" }.joined(separator: "; ")
        try typeLine("x = 1; f0(t) = exp(230000 + t/7); " + functions)
        try waitFor("f12(t) = f11(t) + f11(t + 1)")
        // At the prompt, as a person types: a line typed ahead is echoed before the
        // prompt, which the progress line then covers.
        try waitFor("per>", count: 2)
        try typeLine("x = f12(1) + 1")
        try waitFor("working… ")
        #expect(try screen().contains(" s (Ctrl-C stops)"))
        try type("C-c")
        try waitFor("cancelled")
        try waitFor("per>", count: 3)
        #expect(!(try screen()).contains("working…"), "the progress line is cleared")
        #expect(!(try screen()).contains("error"))
        try typeLine("x")
        try waitFor("x\n1\n")
    }

    @Test("without line editing (TERM=dumb) the same session still evaluates lines")
    func plainReader() throws {
        try start(term: "dumb")
        try typeLine("6*7")
        try waitFor("42")
        try typeLine("1/0")
        let caret = try waitFor("error: division by zero")
        #expect(caret.contains("per> 1/0\n      ^\n"))
        try type("9", "9", "C-c")
        try typeLine("2+3")
        try waitFor("\n5\n")
        try typeLine("boiler")
        try waitFor("steam?")
        try typeLine("-5")
        try waitFor("error: steam must be more than 0 kg/h, not -5 kg/h")
        try typeLine("4t/h")
        try waitFor("tds?")
        try typeLine("300")
        try waitFor("blowdown")
        try type("C-d")
        try waitForExit()
        // The plain reader keeps the history too (the answers to prompts are not in it).
        let history = try String(contentsOf: home.appendingPathComponent("history"), encoding: .utf8)
        #expect(history == "6*7\n1/0\n2+3\nboiler\n")
    }
}

/// The shell completion scripts in `completions/`. Each shell's tests run whenever that
/// shell is installed (bash always is), and in CI, which installs them all.
struct CompletionScriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("completions")

    @Test("bash completes options and --color values", .enabled(if: requireTools || executable("bash") != nil))
    func bash() throws {
        let script = "source '\(Self.folder.path)/per.bash'\n"
            + "COMP_WORDS=(per --col); COMP_CWORD=1; _per; echo \"${COMPREPLY[*]}\"\n"
            + "COMP_WORDS=(per --color ''); COMP_CWORD=2; _per; echo \"${COMPREPLY[*]}\"\n"
            + "COMP_WORDS=(per --json --no); COMP_CWORD=2; _per; echo \"${COMPREPLY[*]}\"\n"
            + "COMP_WORDS=(per --fr); COMP_CWORD=1; _per; echo \"${COMPREPLY[*]}\"\n"
            + "COMP_WORDS=(per --se); COMP_CWORD=1; _per; echo \"${COMPREPLY[*]}\"\n"
        let result = try shell(["bash", "--norc", "-c", script])
        #expect(result.output == "--color\nauto always never\n--no-history\n--fresh\n--session\n")
    }

    @Test("bash completes script files", .enabled(if: requireTools || executable("bash") != nil))
    func bashFiles() throws {
        let script = "cd '\(Self.folder.deletingLastPathComponent().path)/Tests/PerTranscriptTests/Transcripts/scripts'\n"
            + "source '\(Self.folder.path)/per.bash'\n"
            + "COMP_WORDS=(per pa); COMP_CWORD=1; _per; echo \"${COMPREPLY[*]}\"\n"
        #expect(try shell(["bash", "--norc", "-c", script]).output == "pack.per\n")
    }

    @Test("zsh and fish accept their scripts", arguments: [["zsh", "-n"], ["fish", "-n"]])
    func syntax(_ command: [String]) throws {
        guard requireTools || executable(command[0]) != nil else { return }
        let file = command[0] == "zsh" ? "_per" : "per.fish"
        let result = try shell(command + [Self.folder.appendingPathComponent(file).path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("fish offers the --color values", .enabled(if: requireTools || executable("fish") != nil))
    func fishValues() throws {
        let result = try shell(["fish", "--no-config", "-c", "source '\(Self.folder.path)/per.fish'; complete -C 'per --color '"])
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }.sorted() == ["always", "auto", "never"])
    }
}
