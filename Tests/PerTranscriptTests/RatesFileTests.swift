import Foundation
import Testing

/// `rates.csv` on disk: private, written whole, read only when a statement needs a rate
/// no `rate` gave, and the files `rates import` reads held to the price book's rules.
@Suite(.serialized)
final class RatesFileTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("per-rates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    var rates: URL { home.appendingPathComponent("rates.csv") }

    func write(_ text: String, to name: String) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("the file is private and reads back; one another program made readable by others is replaced private")
    func privateFile() throws {
        let source = try write("date,currency,rate\n2026-11-27,USD,1.0812\n", to: "in.csv")
        #expect(try per(["-e", "rates import \(source)"], home: home).status == 0)
        var info = stat()
        #expect(stat(rates.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOf: rates, encoding: .utf8) == "date,currency,rate,source\n2026-11-27,USD,1.0812,in.csv\n")
        #expect(chmod(rates.path, 0o644) == 0)
        let more = try write("2026-11-26,USD,1.08\n", to: "more.csv")
        #expect(try per(["-e", "rates import \(more)"], home: home).status == 0)
        #expect(stat(rates.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let run = try per(["-e", "€10 to $"], home: home)
        #expect(run.stdout == "≈ $10.81\n", "\(run.stderr)")
    }

    @Test("per -e 1+1 and a typed rate never read rates.csv: a link there is refused only when a rate is wanted")
    func lazy() throws {
        let elsewhere = try write("date,currency,rate\n2026-11-27,USD,1.0812\n", to: "elsewhere.csv")
        #expect(symlink(elsewhere, rates.path) == 0)
        let plain = try per(["-e", "1+1", "-e", "rate 1 € = 2 $", "-e", "€1 to $"], home: home)
        #expect(plain.stdout == "2\n1 € = 2 $\n$2.00\n" && plain.stderr.isEmpty, "\(plain.stderr)")
        let wanted = try per(["-e", "€1 to $"], home: home)
        #expect(wanted.status == 1)
        #expect(wanted.stderr.contains("it is a symbolic link"), "\(wanted.stderr)")
    }

    @Test("import reads regular files only, up to the size the book may have", arguments: ["/dev/zero", "fifo", "large"])
    func importRefusals(source: String) throws {
        var path = source
        if source == "fifo" {
            path = home.appendingPathComponent("in.fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        } else if source == "large" {
            path = try write("date,currency,rate\n", to: "large.csv")
            #expect(truncate(path, 65 * 1024 * 1024) == 0)
        }
        let started = ContinuousClock.now
        let run = try per(["-e", "rates import \(path)"], home: home)
        #expect(ContinuousClock.now - started < .seconds(20), "a hang is a failure")
        #expect(run.status == 1)
        let why = source == "large" ? "it is larger than 64 MB" : "it is not a regular file"
        #expect(run.stderr.contains("cannot read '\(path)': \(why)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: rates.path))
    }

    @Test("a hostile rates.csv: its bad lines are named, and no control character or formula reaches the terminal")
    func hostile() throws {
        let text = "date,currency,rate,source\n2026-11-27,USD,1.0812,ecb\n2026-11-27,\u{1B}]0;pwned\u{07},1,x\n"
            + "=cmd|' /C calc'!A0,USD,1,x\n2026-11-27,GBP,0.8339,\u{1B}[2J=HYPERLINK(1)\n"
        try Data(text.utf8).write(to: rates)
        chmod(rates.path, 0o600)
        let run = try per(["-e", "rates", "-e", "€10 to £"], home: home)
        #expect(run.status == 0, "\(run.stderr)")
        for output in [run.stdout, run.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(output)")
            #expect(!output.contains("=cmd") && !output.contains("=HYPERLINK") && !output.contains("pwned"), "\(output)")
        }
        #expect(run.stderr.contains("rates.csv:3: skipped: the currency is not a code of three capital letters (USD)"))
        #expect(run.stderr.contains("rates.csv:4: skipped: not a date (YYYY-MM-DD)"))
        #expect(run.stdout.contains("1 € = 0.8339 £  (2026-11-27, __2J_HYPERLINK_1_)"), "\(run.stdout)")
    }
}
