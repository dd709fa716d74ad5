import Foundation
import Testing
import TestSupport

/// `per sheet` on real files: answers written beside statements, `--check`, `--stdout`,
/// the file's mode and bytes, and files that cannot be read or written.
final class SheetFileTests {
    /// The directories this test made, removed when it ends.
    private var made: [URL] = []

    deinit {
        for url in made {
            // A test may have taken the write bits away.
            chmod(url.path, 0o700)
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// A fresh directory for one test's sheets.
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("per-sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.append(url)
        return url
    }

    private func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

    private func read(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    private static let groceries = """
        # Groceries
        milk: 2 * 1.19
        bread: 2.10
        pasta 1.5 kg: 2.49 per 500 g * 1.5 kg
        total
        * 1.19

        ## Drinks
        water: 6 * 0.49
        juice: 2.29
        sum

        """

    @Test("sheet writes the answers; check then finds none changed; an edited price is named")
    func roundTrip() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("groceries.per")
        try write(Self.groceries, to: sheet)
        let written = try per(["sheet", sheet.path], home: home)
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        #expect(try read(sheet) == """
            # Groceries
            milk: 2 * 1.19                         # = 2.38
            bread: 2.10                            # = 2.1
            pasta 1.5 kg: 2.49 per 500 g * 1.5 kg  # = 7.47
            total                                  # = 11.95
            * 1.19                                 # = 14.2205

            ## Drinks
            water: 6 * 0.49  # = 2.94
            juice: 2.29      # = 2.29
            sum              # = 5.23

            """)
        let check = try per(["sheet", "--check", sheet.path], home: home)
        #expect(check.status == 0)
        #expect(check.stdout.isEmpty)
        // Running it again changes nothing.
        let before = try Data(contentsOf: sheet)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try Data(contentsOf: sheet) == before)
        // An edited price: --check names the line and the total, and exits 1.
        try write(try read(sheet).replacingOccurrences(of: "bread: 2.10", with: "bread: 2.30"), to: sheet)
        let edited = try Data(contentsOf: sheet)
        let changed = try per(["sheet", "--check", sheet.path], home: home)
        #expect(changed.status == 1)
        #expect(changed.stdout == """
            \(sheet.path):3: was 2.1, now 2.3
            \(sheet.path):5: was 11.95, now 12.15
            \(sheet.path):6: was 14.2205, now 14.4585

            """)
        // Neither --check nor --stdout touches the file.
        let printed = try per(["sheet", "--stdout", sheet.path], home: home)
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("bread: 2.30                            # = 2.3\n"))
        #expect(try Data(contentsOf: sheet) == edited)
    }

    @Test("a refused total ends its block, and a line going on from a total is none of the next block's")
    func totalsEndBlocks() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("blocks.per")
        // 2 + 3 = 5: the failed line was the first block's; 10 alone: 330 was the first total's.
        try write("a: 1/0\ntotal\nb: 2\nq: 3\ntotal\nx: 100\ny: 200\ntotal\n* 1.1\nz: 10\ntotal\n", to: sheet)
        let run = try per(["sheet", "--stdout", sheet.path], home: home)
        #expect(run.status == 1)
        let answers = run.stdout.split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(answers.count == 11)
        #expect(Array(answers.suffix(9)) == [" = 2", " = 3", " = 5", " = 100", " = 200", " = 300", " = 330", " = 10", " = 10"])
        #expect(run.stderr.contains("\(sheet.path):2: error: cannot total: line 1 above failed"))
        #expect(!run.stderr.contains(":5: error"))
    }

    @Test("a sheet never writes saved sets: save, forget and new are refused, with --check, --stdout and writing")
    func savedSetsUntouched() throws {
        let home = try directory()
        #expect(try per(["-e", "kept = 5", "-e", "save keepme", "-e", "other = 7", "-e", "save other"], home: home).status == 0)
        let saved = home.appendingPathComponent("saved.json")
        let before = try Data(contentsOf: saved)
        let sheet = home.appendingPathComponent("README.md")
        try write("# Notes\n\n```per\nforget keepme\ny = 1\nsave other --replace\nsave fresh\nnew\nrecall keepme\nkept\n```\n", to: sheet)
        for mode in [["--check"], ["--stdout"], []] {
            let run = try per(["sheet"] + mode + [sheet.path], home: home)
            #expect(run.status == 1, "\(mode)")
            #expect(try Data(contentsOf: saved) == before, "\(mode) changed saved.json")
        }
        let written = try read(sheet)
        #expect(written.contains("forget keepme         # ! error: a sheet does not change saved sets"))
        #expect(written.contains("save other --replace  # ! error: a sheet does not change saved sets"))
        #expect(written.contains("new                   # ! error: new works in the interactive shell"))
        // Reading them is fine.
        #expect(written.contains("kept                  # = 5\n"))
        #expect(try per(["-e", "recall keepme", "-e", "kept"], home: home).stdout.hasSuffix("\n5\n"))
        #expect(try per(["-e", "recall other", "-e", "other"], home: home).stdout.hasSuffix("\n7\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("last") }.isEmpty)
    }

    @Test("check compares values: a recorded 2.0 is an answer of 2, unchanged")
    func checkComparesValues() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("values.per")
        try write("1 + 1  # = 2.0\n0.5 * 5 kg  # = 2.50 kg\n3  # = 3.5\n", to: sheet)
        let check = try per(["sheet", "--check", sheet.path], home: home)
        #expect(check.status == 1)
        #expect(check.stdout == "\(sheet.path):3: was 3.5, now 3\n")
    }

    @Test("a line without a recorded answer is reported as new; failures are written as # ! error")
    func newLinesAndFailures() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("new.per")
        try write("1 + 1\n2 *\n3\ntotal\n", to: sheet)
        let check = try per(["sheet", "--check", sheet.path], home: home)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("\(sheet.path):1: new: 2\n\(sheet.path):2: new: error: "))
        let written = try per(["sheet", sheet.path], home: home)
        #expect(written.status == 1)
        #expect(written.stderr.hasPrefix("\(sheet.path):2: error: "))
        #expect(try read(sheet) == """
            1 + 1  # = 2
            2 *    # ! error: expected a number or name after '*'
            3      # = 3
            total  # ! error: cannot total: line 2 above failed; fix it, or start a new block with a blank line

            """)
        #expect(try per(["sheet", "--check", sheet.path], home: home).status == 0)
    }

    @Test("the file keeps its mode, its line ends and a missing last newline")
    func modeAndEnds() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("crlf.per")
        try write("a: 1\r\nb: 2\r\n\r\ntotal", to: sheet)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: sheet.path)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try read(sheet) == "a: 1  # = 1\r\nb: 2  # = 2\r\n\r\ntotal  # = 0")
        let mode = try FileManager.default.attributesOfItem(atPath: sheet.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["crlf.per"])
    }

    @Test("a byte-order mark stays before the first line")
    func byteOrderMark() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("bom.per")
        try Data([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2\ntotal\n".utf8)).write(to: sheet)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try Data(contentsOf: sheet) == Data([0xEF, 0xBB, 0xBF] + Array("a: 1   # = 1\nb: 2   # = 2\ntotal  # = 3\n".utf8)))
    }

    @Test("in a Markdown file only ```per blocks are computed")
    func markdown() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("README.md")
        let prose = "# Costs\n\nThe milk: 2 * 1.19 is prose.\n\n```per\nmilk: 2 * 1.19\nbread: 2.10\ntotal\n```\n\n```sh\n1 + 1\n```\n"
        try write(prose, to: sheet)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try read(sheet) == prose.replacingOccurrences(
            of: "milk: 2 * 1.19\nbread: 2.10\ntotal\n",
            with: "milk: 2 * 1.19  # = 2.38\nbread: 2.10     # = 2.1\ntotal           # = 4.48\n"))
        #expect(try per(["sheet", "--check", sheet.path], home: home).status == 0)
    }

    @Test("a sheet that cannot be read, or is not UTF-8, is reported, left as it is, and the others still run")
    func badFiles() throws {
        let home = try directory()
        let good = home.appendingPathComponent("good.per"), binary = home.appendingPathComponent("binary.per")
        try write("1 + 1\n", to: good)
        let bytes = Data([0x31, 0x20, 0x2B, 0x20, 0xFF, 0xFE, 0x0A])
        try bytes.write(to: binary)
        let missing = home.appendingPathComponent("missing.per").path
        let run = try per(["sheet", missing, binary.path, good.path], home: home)
        #expect(run.status == 66)
        #expect(run.stderr == """
            per: cannot read '\(missing)': No such file or directory
            per: '\(binary.path)' is not UTF-8 text; it was left as it is

            """)
        #expect(try Data(contentsOf: binary) == bytes)
        #expect(try read(good) == "1 + 1  # = 2\n")
    }

    @Test("a sheet that is no regular file, or larger than 64 MB, is refused at once and not read")
    func notRegularOrTooLarge() throws {
        let home = try directory()
        let fifo = home.appendingPathComponent("fifo.per"), large = home.appendingPathComponent("large.per")
        #expect(try runTool(["mkfifo", fifo.path]) == 0)
        // Sparse: 64,000,001 bytes of zeros that take no room on the disk.
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: 64_000_001)
        try handle.close()
        for (path, reason) in [("/dev/zero", "it is not a regular file"), (fifo.path, "it is not a regular file"),
                               (large.path, "it is larger than 64 MB, the most per reads")] {
            for mode in [["--check"], ["--stdout"], []] {
                let run = try runPerProcess(["sheet"] + mode + [path], environment: ["PER_HOME": home.path], scratch: home, timeout: 10)
                #expect(run.status == 66, "\(path) \(mode)")
                #expect(run.stderr == "per: cannot read '\(path)': \(reason)\n")
            }
        }
    }

    @Test("a line too long is written as a failure with its line number")
    func longLine() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("long.per")
        try write("1\n" + String(repeating: "1", count: 100_001) + "\nz: 2\ntotal\n", to: sheet)
        let run = try per(["sheet", "--check", sheet.path], home: home)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(sheet.path):2: new: error: line too long"))
        // It fails its block's total, as a failed statement does, and does not push the
        // block's answers out to its width.
        #expect(run.stdout.contains("\(sheet.path):4: new: error: cannot total: line 2 above failed"))
        let written = try per(["sheet", "--stdout", sheet.path], home: home).stdout
        #expect(written.contains("\nz: 2   # = 2\n"))
    }

    @Test("a sheet in a directory per cannot write to is reported with status 74 and left as it is",
          .enabled(if: getuid() != 0, "root writes anywhere"))
    func unwritable() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("locked.per")
        try write("1 + 1\n", to: sheet)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: home.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path) }
        let run = try per(["sheet", sheet.path], home: home)
        #expect(run.status == 74)
        #expect(try read(sheet) == "1 + 1\n")
    }

    @Test("a read-only sheet is left as it is, with status 74; --check and --stdout still read it")
    func readOnly() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("kept.per")
        try write("1 + 1\n", to: sheet)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sheet.path)
        let run = try per(["sheet", sheet.path], home: home)
        #expect(run.status == 74)
        #expect(run.stderr == "per: '\(sheet.path)' is read-only; it was left as it is (per sheet --stdout prints it with its answers)\n")
        #expect(try read(sheet) == "1 + 1\n")
        #expect(try permissions(sheet) == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["kept.per"])
        #expect(try per(["sheet", "--stdout", sheet.path], home: home).stdout == "1 + 1  # = 2\n")
        #expect(try per(["sheet", "--check", sheet.path], home: home).status == 1)
        // One already up to date needs no writing, and is no failure.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: sheet.path)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sheet.path)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try read(sheet) == "1 + 1  # = 2\n")
    }

    @Test("the temporary files a killed per sheet left beside a sheet are removed when it is next written; others stay")
    func leftovers() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("list.per")
        try write("1 + 1\n", to: sheet)
        let leftovers = [".list.per.per-1a2b3c4d", ".list.per.per-0"]
        let others = [".list.per.per-xyz", ".list.per.per-123456789", ".other.per.per-1a2b3c4d", "list.per.per-1a2b3c4d"]
        for name in leftovers + others { try write("partial", to: home.appendingPathComponent(name)) }
        #expect(try per(["sheet", "--check", sheet.path], home: home).status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).count == 7)
        #expect(try per(["sheet", sheet.path], home: home).status == 0)
        #expect(try read(sheet) == "1 + 1  # = 2\n")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: home.path)) == Set(others + ["list.per"]))
    }

    @Test("a sheet edited while per computes is left as the editor wrote it, with status 74")
    func changedMeanwhile() throws {
        let home = try directory()
        let sheet = home.appendingPathComponent("busy.per")
        // Long enough that the edit below comes while per is still computing.
        try write(String(repeating: "1 + 1\n", count: 300_000), to: sheet)
        let process = Process()
        process.executableURL = TranscriptCase.binary
        process.arguments = ["sheet", sheet.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["PER_HOME": home.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        usleep(200_000)
        let edited = try read(sheet) + "2 + 2\n"
        try write(edited, to: sheet)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message == "per: '\(sheet.path)' changed while per was computing; it was left as it is (run per sheet again)\n")
        #expect(try read(sheet) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["busy.per"])
    }

    @Test("usage: per sheet needs a file and takes --check or --stdout")
    func usage() throws {
        #expect(try per(["sheet"]).status == 64)
        #expect(try per(["sheet", "--check", "--stdout", "x"]).status == 64)
        #expect(try per(["sheet", "--json", "x"]).status == 64)
    }

    /// A random sheet: labels, blank lines, comments, headings, totals, continuing lines
    /// and failures, without blanks at the ends of lines (which an answer replaces).
    private static func randomSheet(_ random: inout SeededGenerator) -> String {
        var lines: [String] = []
        for _ in 0..<(1 + random.below(25)) {
            let number = "\(random.below(1000)).\(random.below(100))"
            switch random.below(12) {
            case 0: lines.append("")
            case 1: lines.append("# a note: \(number)")
            case 2: lines.append("## Heading \(random.below(9))")
            case 3: lines.append(random.pick(["total", "sum", "average", "count"]))
            case 4: lines.append(random.pick(["* 1.19", "+ -10%", "/ 2", "^ 2"]))
            case 5: lines.append(random.pick(["2 *", "1/0", "1 kg + 1 l", "milk:"]))
            case 6: lines.append("item \(random.below(50)): \(number)")
            case 7: lines.append("\(number) * \(random.below(9) + 1)  # each")
            case 8: lines.append("€\(number)")
            case 9: lines.append("x = \(number)")
            default: lines.append(number)
            }
        }
        return lines.joined(separator: "\n") + (random.below(2) == 0 ? "\n" : "")
    }

    /// The sheet without the answers per wrote: from a line's first ` # = ` or ` # ! `.
    private static func stripped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let marks = [line.range(of: " # = "), line.range(of: " # ! ")].compactMap { $0 }
            guard let first = marks.min(by: { $0.lowerBound < $1.lowerBound }) else { return String(line) }
            var content = line[..<first.lowerBound]
            while content.last == " " { content = content.dropLast() }
            return String(content)
        }.joined(separator: "\n")
    }

    @Test("500 random sheets: sheet twice gives what sheet once gives, and taking the answers off gives the original")
    func property() throws {
        let home = try directory()
        var random = SeededGenerator(seed: 28)
        var originals: [(URL, String)] = []
        for index in 0..<500 {
            let sheet = home.appendingPathComponent("sheet\(index).per")
            let text = Self.randomSheet(&random)
            try write(text, to: sheet)
            originals.append((sheet, text))
        }
        let paths = originals.map(\.0.path)
        // Their failures fill standard error, which nobody reads here.
        let once = try per(["sheet"] + paths, home: home, stderrPath: "/dev/null")
        #expect(once.status == 0 || once.status == 1)
        let afterOnce = try originals.map { try read($0.0) }
        let twice = try per(["sheet"] + paths, home: home, stderrPath: "/dev/null")
        #expect(twice.status == once.status)
        let check = try per(["sheet", "--check"] + paths, home: home)
        #expect(check.status == 0)
        for (index, (sheet, original)) in originals.enumerated() {
            #expect(try read(sheet) == afterOnce[index], "\(sheet.lastPathComponent) changed the second time")
            #expect(Self.stripped(afterOnce[index]) == original, "\(sheet.lastPathComponent): \(original)")
        }
    }
}
