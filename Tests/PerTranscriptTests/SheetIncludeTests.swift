import Foundation
import Testing
import TestSupport
@testable import PerShell

/// `include` on real files (how deep, how many, hostile names) and `per sheet --export`
/// read back by Python's csv module and a reader of Markdown tables.
final class SheetIncludeTests {
    private var made: [URL] = []

    deinit {
        for url in made { try? FileManager.default.removeItem(at: url) }
    }

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("per-include-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.append(url)
        return url
    }

    private func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

    @Test("includes nest 16 files deep at most; a chain of 20 is refused at the 17th, naming the limit")
    func depth() throws {
        let home = try directory()
        for index in 0..<20 { try write("x\(index): \(index)\ninclude f\(index + 1).per\n", to: home.appendingPathComponent("f\(index).per")) }
        try write("last: 20\n", to: home.appendingPathComponent("f20.per"))
        let run = try per(["sheet", "--stdout", home.appendingPathComponent("f0.per").path], home: home)
        #expect(run.status == 1)
        #expect(run.stderr.contains("f16.per:2: error: include leads more than 16 files deep"))
        // Depth 15 is fine: a chain of 16 files runs whole.
        try write("last: 16\n", to: home.appendingPathComponent("f16.per"))
        let shorter = try per(["sheet", "--stdout", home.appendingPathComponent("f0.per").path], home: home)
        #expect(shorter.status == 0, "\(shorter.stderr)")
    }

    @Test("one include runs at most 1,000 files in all, itself and its own includes counted")
    func count() throws {
        let home = try directory()
        try write("include many.per\n", to: home.appendingPathComponent("top.per"))
        try write(String(repeating: "include one.per\n", count: 1_001), to: home.appendingPathComponent("many.per"))
        try write("one: 1\n", to: home.appendingPathComponent("one.per"))
        let run = try per(["sheet", "--stdout", home.appendingPathComponent("top.per").path], home: home)
        #expect(run.status == 1)
        // many.per is the first file, and 999 of one.per the rest.
        #expect(run.stderr.contains("many.per:1000: error: include runs more than 1,000 files or 64 MB in all"))
        #expect(!run.stderr.contains("many.per:999:"))
        // The same 1,001 lines in the sheet itself are 1,001 includes of one file each. (Errors
        // go to a file: a pipe that fills while stdout is read would stop a per that failed.)
        let errors = home.appendingPathComponent("errors")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let flat = try per(["sheet", "--stdout", home.appendingPathComponent("many.per").path], home: home, stderrPath: errors.path)
        let written = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        #expect(flat.status == 0, "\(written.prefix(500))")
    }

    @Test("a file included twice, one after the other, is no circle; one that includes itself is")
    func circles() throws {
        let home = try directory()
        try write("include one.per\ninclude one.per\n", to: home.appendingPathComponent("twice.per"))
        try write("one: 1\n", to: home.appendingPathComponent("one.per"))
        try write("include ./self.per\n", to: home.appendingPathComponent("self.per"))
        #expect(try per(["sheet", "--stdout", home.appendingPathComponent("twice.per").path], home: home).status == 0)
        let run = try per(["sheet", "--stdout", home.appendingPathComponent("self.per").path], home: home)
        #expect(run.stderr.contains("include goes round in a circle: \(home.path)/self.per → \(home.path)/./self.per"))
        // Through a symbolic link it is the same file.
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("link.per"),
                                                   withDestinationURL: home.appendingPathComponent("linked.per"))
        try write("include link.per\n", to: home.appendingPathComponent("linked.per"))
        let linked = try per(["sheet", "--stdout", home.appendingPathComponent("linked.per").path], home: home)
        #expect(linked.stderr.contains("include goes round in a circle"))
    }

    @Test("hostile file names never print control characters, included or exported")
    func hostileNames() throws {
        let home = try directory()
        let folder = home.appendingPathComponent("d\u{7}ir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("esc\u{1B}: 1\ninclude \"b\u{1B}[31m.per\"\ninclude nowhere\u{9B}.per\ninclude ../c\u{1B}]0;x\u{7}.per\n",
                  to: folder.appendingPathComponent("s\u{1B}.per"))
        try write("x: 1/0\n", to: home.appendingPathComponent("c\u{1B}]0;x\u{7}.per"))
        let path = folder.appendingPathComponent("s\u{1B}.per").path
        // (--stdout prints the sheet's own bytes as they are, as cat would.)
        for arguments in [["sheet", "--check", path], ["sheet", "--export", "csv", path],
                          ["sheet", "--export", "md", path], [path]] {
            let run = try per(arguments, home: home)
            for text in [run.stdout, run.stderr] {
                let hidden = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
                #expect(hidden.isEmpty, "\(arguments): \(text.debugDescription)")
            }
            #expect(run.status == 1)
        }
    }

    /// A sheet's lines as (label, statement) with the line as written, for the round trip.
    private static let exported: [(label: String, statement: String, line: String)] = [
        ("milk, 1 l", "2 * 1.19", "milk, 1 l: 2 * 1.19"),
        ("", "\"quoted\" words: 3", "\"quoted\" words: 3"),
        ("pipe | here", "4", "pipe | here: 4"),
        ("back`tick", "5", "back`tick: 5"),
        ("under_score", "6 * 2", "under_score: 6 * 2   # a note, with a comma"),
        ("star*", "7", "star*: 7"),
        ("", "+ -10%", "+ -10%"),
        ("", "-5", "-5"),
        ("", "=x", "=x"),
        ("", "@x", "@x"),
        ("", "'apostrophe: 8", "'apostrophe: 8"),
        ("income", "€18000 + €0.5", "income: €18000 + €0.5"),
        ("tab here", "9", "tab\there: 9"),
        ("café & co $", "10", "café & co $: 10"),
        ("", "x = \"a, b\"", "x = \"a, b\""),
        ("esc^[", "11", "esc\u{1B}: 11"),
        ("", "include rates.per", "include rates.per"),
        ("", "rate_a * 2", "rate_a * 2"),
    ]

    /// Reads a CSV file, or a Markdown table, with Python: the rows as JSON, a leading `'`
    /// taken off a CSV field and the escapes off a Markdown cell.
    private static let reader = #"""
    import csv, json, re, sys
    kind, path = sys.argv[1], sys.argv[2]
    rows = []
    if kind == "csv":
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.reader(f):
                rows.append([field[1:] if field.startswith("'") else field for field in row])
    else:
        lines = open(path, encoding="utf-8").read().split("\n")
        for line in lines[2:]:
            if not line:
                continue
            cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
            row = []
            for index, cell in enumerate(cells):
                cell = cell.strip()
                if index == 0:
                    row.append(re.sub(r"\\(.)", r"\1", cell))
                    continue
                match = re.fullmatch(r"(`+) ?(.*?) ?\1", cell)
                row.append(match.group(2).replace("\\|", "|") if match else cell)
            rows.append(row)
    print(json.dumps(rows, ensure_ascii=False))
    """#

    @Test("--export csv and md read back, by Python, as each line's label, statement and answer", arguments: ["csv", "md"])
    func exportRoundTrip(_ format: String) throws {
        guard let python = executable("python3") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("python3 is missing") }
            return
        }
        let home = try directory()
        let sheet = home.appendingPathComponent("export.per")
        try write(Self.exported.map(\.line).joined(separator: "\n") + "\n", to: sheet)
        try write("rate_a: 3\n", to: home.appendingPathComponent("rates.per"))
        // The answers as the sheet writes them.
        let written = try per(["sheet", "--stdout", sheet.path], home: home).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let answers = written.prefix(Self.exported.count).map { line -> String in
            guard let mark = line.range(of: "  # = ") ?? line.range(of: "  # ! ") else { return "" }
            return String(line[mark.upperBound...])
        }
        let run = try per(["sheet", "--export", format, sheet.path], home: home)
        let table = home.appendingPathComponent("table." + format)
        try write(run.stdout, to: table)
        let read = try shell([python, "-c", Self.reader, format, table.path]).output
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String]], "\(read)")
        let body = format == "csv" ? Array(rows.dropFirst()) : rows
        if format == "csv" { #expect(rows.first == ["label", "statement", "answer"]) }
        #expect(body.count == Self.exported.count)
        for (index, row) in body.enumerated() where index < Self.exported.count {
            let expected = Self.exported[index]
            #expect(row == [expected.label, expected.statement, answers[index]], "line \(index + 1)")
        }
    }
}

/// Where an included file is read from.
struct IncludePathTests {
    @Test("an included path starts from the including file's folder; an absolute one is as written", arguments: [
        ("rates.per", nil, "rates.per"), ("rates.per", "trip.per", "rates.per"),
        ("rates.per", "sheets/trip.per", "sheets/rates.per"), ("../rates.per", "a/b/trip.per", "a/b/../rates.per"),
        ("/etc/rates.per", "a/trip.per", "/etc/rates.per"), ("rates.per", "/home/u/trip.per", "/home/u/rates.per"),
        ("sub/r.per", "./t.per", "./sub/r.per"),
    ] as [(String, String?, String)])
    func path(_ written: String, _ including: String?, _ expected: String) {
        #expect(Includes.path(written, from: including) == expected)
    }
}
