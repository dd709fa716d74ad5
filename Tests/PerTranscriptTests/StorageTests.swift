import Foundation
import Testing

/// Saved sets on disk, with real processes: concurrent saves, kills mid-write, corrupt,
/// crafted and future-version files, and storage that an attacker prepared: symbolic
/// links, FIFOs, leftover temporary files, directories of another user, a held lock
/// (SPEC §6).
@Suite(.serialized)
final class StorageTests {
    /// A fresh `PER_HOME` for each test, removed after it.
    let home: URL
    /// Beside `home`: the outputs of runs, and files an attacker points links at.
    let scratch: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("per-storage-\(UUID().uuidString)")
        home = base.appendingPathComponent("home")
        scratch = base.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        let base = home.deletingLastPathComponent()
        // A test may leave a directory that only its owner could enter.
        _ = chmod(home.path, 0o700)
        _ = chown(home.path, geteuid(), getegid())
        try? FileManager.default.removeItem(at: base)
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

    /// Runs `per ARGS` to its end (at most 30 s) with `PER_HOME` set to `home`.
    func run(_ arguments: [String], home: String? = nil, environment: [String: String?] = [:], directory: URL? = nil,
             umask: String? = nil, user: uid_t? = nil) throws -> ProcessRun {
        var environment = environment
        if environment.index(forKey: "PER_HOME") == nil { environment["PER_HOME"] = home ?? self.home.path }
        return try runPerProcess(arguments, environment: environment, scratch: scratch, directory: directory,
                                 umask: umask, user: user)
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
        // On a busy machine one may wait for the other's lock over half a second, and say
        // so; nothing else may be said.
        func said(_ pipe: Pipe) -> [Substring] {
            String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
                .filter { !$0.hasPrefix("warning: waiting for the lock on ") && !$0.hasPrefix("waiting for the lock on ") }
        }
        #expect(said(oneErrors) == [])
        #expect(said(twoErrors) == [])
        #expect(one.terminationStatus == 0 && two.terminationStatus == 0)
        let names = Set(try savedNames())
        #expect(names == Set((1...50).map { "a-\($0)" } + (1...50).map { "b-\($0)" }))
    }

    @Test("a process killed while saving leaves a valid file holding every set it acknowledged, every time")
    func killedWhileSaving() throws {
        let count = 400
        let path = try script("k", count: count)
        let file = home.appendingPathComponent("saved.json")
        var midRun = 0
        let rounds = 12
        for round in 0..<rounds {
            // Kill after a different number of acknowledgements each round, from 2 to 123.
            let target = 2 + (round * 11) % 122
            let (process, output, _) = try start([path])
            var received = Data()
            func acknowledged() -> [String] {
                String(decoding: received, as: UTF8.self).split(separator: "\n")
                    .filter { $0.hasPrefix("saved 'k-") }.map { String($0.dropFirst(7).prefix { $0 != "'" }) }
            }
            while acknowledged().count < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            kill(process.processIdentifier, SIGKILL)
            // What reached the pipe before the kill was acknowledged too.
            received.append(output.fileHandleForReading.readDataToEndOfFile())
            process.waitUntilExit()
            let acked = acknowledged()
            #expect(process.terminationReason == .uncaughtSignal || acked.count == count, "round \(round)")
            if !acked.isEmpty && acked.count < count { midRun += 1 }

            let check = try run(["-e", "saved"])
            #expect(check.stderr == "", "round \(round): \(check.stderr)")
            #expect(check.status == 0)
            let names = FileManager.default.fileExists(atPath: file.path) ? try savedNames() : []
            // Every acknowledged set is there, in order, and at most the one being saved besides.
            #expect(acked == (0..<acked.count).map { "k-\($0 + 1)" }, "round \(round)")
            #expect(Array(names.prefix(acked.count)) == acked, "round \(round): \(acked.count) acknowledged, \(names.count) kept")
            #expect(names.count <= acked.count + 1, "round \(round)")
            try? FileManager.default.removeItem(at: file)
        }
        // The kills landed while the script was saving, not before its first save or after its last.
        #expect(midRun >= rounds - 1, "only \(midRun) of \(rounds) kills came between the first and the last save")
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
            -e:2:6: error: \(file.path) was written by a newer per (format 9; this one reads 2); it is left as it is
            -e:3:1: error: \(file.path) was written by a newer per (format 9; this one reads 2); it is left as it is

            """)
        #expect(try Data(contentsOf: file) == future)
    }

    @Test("a version too big for a machine integer is a newer per's file, left untouched")
    func hugeVersion() throws {
        let file = home.appendingPathComponent("saved.json")
        let future = Data("{\"format\": \"per saved sets\", \"version\": 99999999999999999999, \"sets\": []}\n".utf8)
        try future.write(to: file)
        let result = try run(["-e", "x = 1", "-e", "save new"])
        #expect(result.status == 1)
        #expect(result.stderr == "-e:2:6: error: \(file.path) was written by a newer per (format 99999999999999999999; this one reads 2); it is left as it is\n")
        #expect(try Data(contentsOf: file) == future)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("saved.json.") && $0 != "saved.json.lock" } == [])
    }

    // MARK: Crafted files

    /// Saves `good` and `bad` (with dose, invest and boiler inputs and a list) in this home.
    func saveGoodAndBad() throws {
        let bad = try run(["-e", "dose liquid soil=heavy", "-e", "invest years=10 rate=5%", "-e", "boiler steam=10000 tds=300",
                           "-e", "add 2.49 500 g", "-e", "add 4.99 6x250 g", "-e", "save bad"])
        let good = try run(["-e", "y = 2", "-e", "save good"])
        #expect(bad.status == 0 && good.status == 0)
    }

    /// The file's JSON with the member at `path` of the set named `name` set to `value`.
    func craft(set name: String, path: [String], value: Any) throws {
        let file = home.appendingPathComponent("saved.json")
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        var sets = document["sets"] as! [[String: Any]]
        let index = sets.firstIndex { $0["name"] as? String == name }!
        func replace(_ object: Any, _ path: ArraySlice<String>) -> Any {
            guard let key = path.first else { return value }
            if var array = object as? [Any], let position = Int(key) {
                array[position] = replace(array[position], path.dropFirst())
                return array
            }
            var dictionary = object as? [String: Any] ?? [:]
            dictionary[key] = replace(dictionary[key] ?? [String: Any](), path.dropFirst())
            return dictionary
        }
        sets[index] = replace(sets[index], path[...]) as! [String: Any]
        document["sets"] = sets
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]).write(to: file)
    }

    static let crashingSets: [(String, String, String)] = [
        ("dose.soil an unknown word", "inputs/dose.soil", #"{"word": "filthy"}"#),
        ("invest.compound an unknown word", "inputs/invest.compound", #"{"word": "hourly"}"#),
        ("boiler.steam a word", "inputs/boiler.steam", #"{"word": "lots"}"#),
        ("an input key without a dot", "inputs/steam", #"{"number": "1", "unit": null}"#),
        ("next_id Int.max", "list/next_id", "9223372036854775807"),
        ("product ids duplicated", "list/products/1/id", "1"),
        ("packs 0", "list/products/1/packs", "0"),
        ("a huge number", "inputs/boiler.tds", #"{"number": "1\#(String(repeating: "0", count: 1500))", "unit": null}"#),
    ]

    @Test("a crafted set never crashes per: it is left out with a warning, the others are kept", arguments: crashingSets)
    func craftedSet(_ id: String, _ path: String, _ value: String) throws {
        try saveGoodAndBad()
        try craft(set: "bad", path: path.split(separator: "/").map(String.init),
                  value: JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed))
        let file = home.appendingPathComponent("saved.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try run(["-e", "recall bad", "-e", "vars", "-e", "add 1 1 kg", "-e", "compare", "-e", "dose", "-e", "invest",
                              "-e", "boiler", "-e", "saved"])
        #expect(result.status == 1, "\(id): exit \(result.status)")
        #expect(result.stderr.hasPrefix("warning: \(file): set 1 ('bad') cannot be read ("), "\(id): \(result.stderr)")
        #expect(result.stderr.contains("-e:1:8: error: no saved set 'bad'"), "\(id): \(result.stderr)")
        #expect(result.stdout.contains("good "), "\(id): saved lists the good set")
        // Reading changes nothing.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let good = try run(["-e", "recall good"])
        #expect(good.status == 0 && good.stdout.hasPrefix("recalled 'good'"), "\(id): \(good.stdout)\(good.stderr)")
    }

    @Test("saving over a file with a crafted set copies the file aside once, and keeps the other sets")
    func craftedSetCopiedAside() throws {
        try saveGoodAndBad()
        try craft(set: "bad", path: ["inputs", "dose.soil"], value: ["word": "filthy"])
        let file = home.appendingPathComponent("saved.json")
        let original = try Data(contentsOf: file)
        func copies() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("saved.json.corrupt-") }
        }
        let listed = try run(["-e", "saved"])
        #expect(listed.status == 0)
        let leftOut = "warning: \(file.path): set 1 ('bad') cannot be read (dose.soil is light, normal or heavy, not filthy); it is left out\n"
        #expect(listed.stderr == leftOut)
        #expect(try copies() == [])

        let saved = try run(["-e", "z = 3", "-e", "save new"])
        #expect(saved.status == 0)
        let aside = try copies()
        #expect(aside.count == 1)
        #expect(saved.stderr == leftOut + "warning: \(file.path) is saved without the sets that cannot be read; the file as it was is kept in \(home.path)/\(aside.first ?? "?")\n")
        #expect(try Data(contentsOf: home.appendingPathComponent(aside.first ?? "?")) == original)
        #expect(try savedNames() == ["good", "new"])

        let again = try run(["-e", "z = 4", "-e", "save newer"])
        #expect(again.status == 0 && again.stderr == "")
        #expect(try copies() == aside)
        #expect(try savedNames() == ["good", "new", "newer"])
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

    // MARK: Links, FIFOs and leftovers

    @Test("a symbolic link planted at the old temporary name is never written through")
    func plantedTemporaryLink() throws {
        let victim = scratch.appendingPathComponent("victim")
        try Data("victim\n".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("saved.json.tmp"), withDestinationURL: victim)
        let result = try run(["-e", "x = 1", "-e", "save one"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: victim) == Data("victim\n".utf8))
        #expect(!isSymbolicLink(home.appendingPathComponent("saved.json")))
        #expect(try savedNames() == ["one"])
    }

    @Test("files are 0600 whatever the umask, and a leftover 0666 temporary file passes nothing on")
    func modes() throws {
        let leftover = home.appendingPathComponent("saved.json.tmp")
        try Data("junk".utf8).write(to: leftover)
        _ = chmod(leftover.path, 0o666)
        let fresh = home.appendingPathComponent("fresh")
        let result = try run(["-e", "x = 1", "-e", "save one"], home: fresh.path, umask: "000")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try permissions(fresh) == 0o700)
        #expect(try permissions(fresh.appendingPathComponent("saved.json")) == 0o600)
        #expect(try permissions(fresh.appendingPathComponent("saved.json.lock")) == 0o600)

        // A umask that takes the owner's bits away changes nothing either.
        let strict = home.appendingPathComponent("strict")
        let underStrict = try run(["-e", "x = 1", "-e", "save one", "-e", "x = 2", "-e", "save two"], home: strict.path, umask: "277")
        #expect(underStrict.status == 0, "\(underStrict.stderr)")
        #expect(try permissions(strict) == 0o700)
        #expect(try permissions(strict.appendingPathComponent("saved.json")) == 0o600)
        #expect(try permissions(strict.appendingPathComponent("saved.json.lock")) == 0o600)

        let again = try run(["-e", "x = 2", "-e", "save two"], umask: "000")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try permissions(home.appendingPathComponent("saved.json")) == 0o600)
        // The leftover of a killed writer is cleared under the lock; no temporary file stays.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains(".tmp") } == [])
    }

    @Test("the lock file is never opened through a symbolic link")
    func lockLink() throws {
        let victim = scratch.appendingPathComponent("created-by-per")
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("saved.json.lock"), withDestinationURL: victim)
        let result = try run(["-e", "x = 1", "-e", "save one"])
        #expect(result.status == 1)
        #expect(result.stderr == "-e:2:6: error: cannot open \(home.path)/saved.json.lock: it is a symbolic link\n")
        #expect(!FileManager.default.fileExists(atPath: victim.path))
    }

    @Test("a FIFO at saved.json is refused at once, never waited on")
    func fifo() throws {
        let file = home.appendingPathComponent("saved.json")
        #expect(mkfifo(file.path, 0o600) == 0)
        let result = try run(["-e", "saved", "-e", "x = 1", "-e", "save one", "-e", "recall one"])
        #expect(result.status == 1)
        let refusal = "error: cannot read \(file.path): it is not a regular file"
        #expect(result.stderr == "-e:1:1: \(refusal)\n-e:3:6: \(refusal)\n-e:4:8: \(refusal)\n")
        var info = stat()
        #expect(lstat(file.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left as it is")
    }

    @Test("a saved.json or session.json over 64 MB is refused at once, naming the limit, and left as it is",
          arguments: ["saved.json", "session.json"])
    func oversized(_ name: String) throws {
        let file = home.appendingPathComponent(name)
        // Sparse: 64,000,001 bytes of which none is written.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(truncate(file.path, 64_000_001) == 0)
        let result = try run(name == "saved.json" ? ["-e", "saved"] : ["--session", "-e", "1 + 1"])
        let refusal = "cannot read \(file.path): it is larger than 64 MB, the most per reads"
        if name == "saved.json" {
            #expect(result.stderr == "-e:1:1: error: \(refusal)\n")
        } else {
            #expect(result.stdout == "2\n")
            #expect(result.stderr == "warning: \(refusal); this session is not kept\n")
            // Named once whatever the input: statements from standard input (here none),
            // and a -e statement that changes the session, which is then not written.
            for arguments in [["--session"], ["--session", "-e", "x = 1", "-e", "x"]] {
                #expect(try run(arguments).stderr == "warning: \(refusal); this session is not kept\n", "\(arguments)")
            }
        }
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_size == 64_000_001, "the file is left as it is")
    }

    @Test("saved.json as a symbolic link is refused, not followed")
    func savedLink() throws {
        let elsewhere = scratch.appendingPathComponent("elsewhere.json")
        try Data(#"{"format": "per saved sets", "version": 1, "sets": []}"#.utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("saved.json"), withDestinationURL: elsewhere)
        let result = try run(["-e", "saved", "-e", "x = 1", "-e", "save one"])
        #expect(result.status == 1)
        let refusal = "error: cannot read \(home.path)/saved.json: it is a symbolic link"
        #expect(result.stderr == "-e:1:1: \(refusal)\n-e:3:6: \(refusal)\n")
        #expect(isSymbolicLink(home.appendingPathComponent("saved.json")))
    }

    // MARK: Whose directory

    @Test("a PER_HOME writable by group or others is refused", arguments: [0o777, 0o770, 0o1777, 0o720])
    func writableByOthers(_ mode: Int) throws {
        _ = chmod(home.path, mode_t(mode))
        let result = try run(["-e", "x = 1", "-e", "save one", "-e", "saved"])
        #expect(result.status == 1)
        let refusal = "error: refusing to use \(home.path): it is writable by other users"
        #expect(result.stderr == "-e:2:6: \(refusal)\n-e:3:1: \(refusal)\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("saved.json").path))
    }

    @Test("a PER_HOME owned by another user is refused", .enabled(if: runningAsRoot, "only root can give a directory away"))
    func ownedByAnother() throws {
        _ = chmod(home.path, 0o700)
        _ = chown(home.path, otherUser, otherUser)
        let result = try run(["-e", "x = 1", "-e", "save one", "-e", "saved"])
        #expect(result.status == 1)
        let refusal = "error: refusing to use \(home.path): it is owned by another user"
        #expect(result.stderr == "-e:2:6: \(refusal)\n-e:3:1: \(refusal)\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("saved.json").path))
    }

    @Test("a symbolic link to the user's own private directory is followed")
    func linkToOwnDirectory() throws {
        _ = chmod(home.path, 0o700)
        let link = scratch.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: home)
        let result = try run(["-e", "x = 1", "-e", "save one", "-e", "saved"], home: link.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try savedNames() == ["one"])
    }

    @Test("a symbolic link to another user's directory, or another user's link, is refused",
          .enabled(if: runningAsRoot, "only root can give files away"))
    func linkOfAnother() throws {
        _ = chmod(home.path, 0o700)
        _ = chown(home.path, otherUser, otherUser)
        let link = scratch.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: home)
        let toTheirs = try run(["-e", "x = 1", "-e", "save one"], home: link.path)
        #expect(toTheirs.stderr == "-e:2:6: error: refusing to use \(link.path): it is owned by another user\n")

        let mine = scratch.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let theirLink = scratch.appendingPathComponent("their-link")
        try FileManager.default.createSymbolicLink(at: theirLink, withDestinationURL: mine)
        _ = lchown(theirLink.path, otherUser, otherUser)
        let throughTheirs = try run(["-e", "x = 1", "-e", "save one"], home: theirLink.path)
        #expect(throughTheirs.stderr == "-e:2:6: error: refusing to use \(theirLink.path): it is a symbolic link owned by another user\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == [])
    }

    @Test("a relative XDG_DATA_HOME is ignored, as the XDG specification says; an absolute one is used")
    func xdgDataHome() throws {
        let environment: [String: String?] = ["PER_HOME": nil, "HOME": home.path, "XDG_DATA_HOME": "relative-data"]
        let relative = try run(["-e", "x = 1", "-e", "save one"], environment: environment, directory: scratch)
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/per/saved.json").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("relative-data").path))

        let absolute = scratch.appendingPathComponent("data")
        let used = try run(["-e", "x = 2", "-e", "save two"], environment: ["PER_HOME": nil, "HOME": home.path, "XDG_DATA_HOME": absolute.path])
        #expect(used.status == 0, "\(used.stderr)")
        #expect(FileManager.default.fileExists(atPath: absolute.appendingPathComponent("per/saved.json").path))
    }

    // MARK: The lock

    @Test("reading needs no lock: a read-only PER_HOME without a lock file still lists and recalls")
    func readOnlyHome() throws {
        #expect(try run(["-e", "x = 1", "-e", "save one"]).status == 0)
        try FileManager.default.removeItem(at: home.appendingPathComponent("saved.json.lock"))
        _ = chmod(home.path, 0o500)
        // Root ignores file modes: the read-only run is another user's, in a home of theirs.
        let user: uid_t? = runningAsRoot ? otherUser : nil
        if let user {
            _ = chown(home.path, user, user)
            _ = chown(home.appendingPathComponent("saved.json").path, user, user)
        }
        let result = try run(["-e", "saved", "-e", "recall one"], user: user)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.contains("recalled 'one'"))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("saved.json.lock").path))
        let save = try run(["-e", "save two"], user: user)
        #expect(save.status == 1)
        #expect(save.stderr.hasPrefix("-e:1:6: error: cannot open \(home.path)/saved.json.lock: "))
    }

    @Test("a lock held by a stopped process: save gives up within 10 s with a notice, reading still works",
          .enabled(if: requireTools || executable("flock") != nil, "flock (util-linux) is not installed"))
    func heldLock() throws {
        #expect(try run(["-e", "x = 1", "-e", "save one"]).status == 0)
        let lockPath = home.appendingPathComponent("saved.json.lock").path
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // --no-fork: the process that holds the lock is the one stopped and killed.
        holder.arguments = ["flock", "--no-fork", lockPath, "sleep", "60"]
        holder.standardInput = FileHandle.nullDevice
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            kill(holder.processIdentifier, SIGCONT)
            holder.waitUntilExit()
        }
        // The lock is taken before anything is tried, then the holder is stopped.
        var held = false
        for _ in 0..<200 where !held {
            held = try runTool(["flock", "-n", lockPath, "true"]) != 0
            if !held { usleep(10_000) }
        }
        #expect(held, "flock holds the lock")
        kill(holder.processIdentifier, SIGSTOP)

        let save = try run(["-e", "x = 2", "-e", "save two"])
        #expect(save.status == 1)
        #expect(save.stderr == """
            warning: waiting for the lock on \(lockPath)
            -e:2:6: error: saved sets are locked by another per (\(lockPath)); try again

            """)
        // It waited for the lock before giving up (the harness's time limit guards a hang).
        #expect(save.seconds >= 4, "gave up after \(save.seconds) s")
        #expect(try runTool(["flock", "-n", lockPath, "true"]) != 0, "the lock was still held when per gave up")

        let read = try run(["-e", "saved", "-e", "recall one"])
        #expect(read.status == 0 && read.stderr == "")
        #expect(try savedNames() == ["one"])

        kill(holder.processIdentifier, SIGKILL)
        kill(holder.processIdentifier, SIGCONT)
        holder.waitUntilExit()
        let after = try run(["-e", "x = 2", "-e", "save two"])
        #expect(after.status == 0 && after.stderr == "")
        #expect(try savedNames() == ["one", "two"])
    }
}
