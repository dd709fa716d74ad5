import Foundation
import Testing

/// `prices.csv` on disk: every answered `seen` survives a kill, a torn last line is
/// dropped with a warning, a book per cannot read is left as it is, and the file is private.
@Suite(.serialized)
final class PriceBookFileTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("per-prices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    var book: URL { home.appendingPathComponent("prices.csv") }

    func bookText() throws -> String { try String(contentsOf: book, encoding: .utf8) }

    @Test("a kill while seen lines go in never loses an answered one, and the book reads back (20 rounds)")
    func killed() throws {
        for round in 1...20 {
            let process = Process()
            process.executableURL = TranscriptCase.binary
            var environment = ProcessInfo.processInfo.environment
            environment["PER_HOME"] = home.path
            process.environment = environment
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Lines go in faster than they are answered; the kill lands after a varying
            // number of answers, while later lines are being appended.
            let wanted = 3 + round * 2
            // Prices end in 1, so the file writes them as typed.
            let lines = (1...(wanted + 20)).map { "seen \(round).\($0 < 10 ? "0" : "")\($0)1 1 kg R\(round) @S\($0 % 3)\n" }.joined()
            stdin.fileHandleForWriting.write(Data(lines.utf8))
            var received = ""
            while received.components(separatedBy: "per kg").count - 1 < wanted {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received += String(decoding: chunk, as: UTF8.self)
            }
            if round % 3 == 0 { usleep(useconds_t(round * 300)) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            received += String(decoding: stdout.fileHandleForReading.availableData, as: UTF8.self)
            let answered = received.components(separatedBy: "per kg").count - 1
            #expect(answered >= wanted, "round \(round)")
            // Every answered price is a line of the file.
            let text = try bookText()
            for step in 1...answered {
                let price = "\(round).\(step < 10 ? "0" : "")\(step)1"
                #expect(text.contains(",R\(round),\(price),"), "round \(round): the answered seen \(price) is in the file")
            }
            // The book reads back: every line of it, with at most a torn last line left out.
            let read = try per(["-e", "history R\(round)"], home: home)
            #expect(read.status == 0, "round \(round): \(read.stderr)")
            let rows = read.stdout.split(separator: "\n").count - 2
            #expect(rows >= answered, "round \(round): \(rows) rows for \(answered) answered")
        }
    }

    @Test("a torn last line is left out with a warning, and the next seen drops it")
    func tornLine() throws {
        try Data("date,store,name,price,currency,quantity,unit,deal\n2026-10-01,Lidl,Rice,3,,1,kg,\n2026-10-02,Li".utf8).write(to: book)
        let read = try per(["-e", "history Rice"], home: home)
        #expect(read.stderr.contains("its last line is cut off and left out: 2026-10-02,Li"))
        #expect(read.stdout.contains("Rice: 1 price"))
        let seen = try per(["-e", "seen 2.5 1 kg Rice 2026-10-03"], home: home)
        #expect(seen.stderr.contains("dropped its last line, cut off before it was written whole: 2026-10-02,Li"))
        #expect(try bookText() == "date,store,name,price,currency,quantity,unit,deal\n2026-10-01,Lidl,Rice,3,,1,kg,\n2026-10-03,,Rice,2.5,,1,kg,\n")
    }

    @Test("lines go into a book in the order of its own header; importing it again adds nothing twice")
    func ownColumnOrder() throws {
        try Data("name,price,quantity,unit,date,store,currency,deal,note\nBarilla,2.49,500,g,2026-10-01,Lidl,,,mine\n".utf8).write(to: book)
        _ = try per(["-e", "seen 2.29 500 g Barilla @Rewe 2026-10-02"], home: home)
        #expect(try bookText().hasSuffix("\nBarilla,2.29,500,g,2026-10-02,Rewe,,,\n"))
        let history = try per(["-e", "history Barilla"], home: home)
        #expect(history.stdout.hasPrefix("Barilla: 2 prices"), "\(history.stdout)\(history.stderr)")
        let copy = home.appendingPathComponent("copy.csv")
        try FileManager.default.copyItem(at: book, to: copy)
        let again = try per(["-e", "prices import \(copy.path)"], home: home)
        #expect(again.stdout == "imported 0 prices from \(copy.path); 2 already in the book\n")
    }

    @Test("a book with another header is left as it is, and nothing is appended to it")
    func wrongHeader() throws {
        let text = "when,what,cost\n2026-10-01,Rice,3\n"
        try Data(text.utf8).write(to: book)
        let seen = try per(["-e", "seen 2.5 1 kg Rice 2026-10-03"], home: home)
        #expect(seen.status == 1)
        #expect(seen.stderr.contains("cannot read \(book.path) as a price book: its first line is not a price book's header"))
        #expect(try bookText() == text)
    }

    @Test("the book is private, and a line per cannot read stays in the file when another is forgotten")
    func privateAndKept() throws {
        let text = "date,store,name,price,currency,quantity,unit,deal\n2026-02-30,Lidl,Oats,3,,1,kg,\n2026-10-01,Lidl,Oats,2,,1,kg,\n"
        try Data(text.utf8).write(to: book)
        let forget = try per(["-e", "forget seen oats"], home: home)
        #expect(forget.stderr.contains("prices.csv:2: skipped: February 2026 has 28 days"))
        #expect(try bookText() == "date,store,name,price,currency,quantity,unit,deal\n2026-02-30,Lidl,Oats,3,,1,kg,\n")
        try FileManager.default.removeItem(at: book)
        _ = try per(["-e", "seen 1 1 kg Rice"], home: home)
        #expect(try permissions(book) == 0o600)
    }

    @Test("export writes a new file that import reads back as the same book")
    func exportImport() throws {
        _ = try per(["-e", "seen 2.49 500 g Barilla @Lidl 2026-10-01", "-e", "seen €1.99 2 l \"Milk, whole\" @\"Corner shop\" 2026-10-02 deal 3 for 2"],
                    home: home)
        let exported = home.appendingPathComponent("out.csv")
        let export = try per(["-e", "prices export \(exported.path)"], home: home)
        #expect(export.stdout == "exported 2 prices to \(exported.path)\n")
        #expect(try String(contentsOf: exported, encoding: .utf8) == bookText())
        let again = try per(["-e", "prices export \(exported.path)"], home: home)
        #expect(again.stderr.contains("exists: per does not replace it"))
        let other = home.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let imported = try per(["-e", "prices import \(exported.path)", "-e", "prices"], home: other)
        #expect(imported.stdout.hasPrefix("imported 2 prices"))
        #expect(try String(contentsOf: other.appendingPathComponent("prices.csv"), encoding: .utf8) == bookText())
    }
    @Test("a whole last line without its newline is kept, and the next seen ends it before its own")
    func unterminatedWholeLine() throws {
        try Data("date,store,name,price,currency,quantity,unit,deal\n2026-10-01,Lidl,Rice,3,,1,kg,\n2026-10-02,Lidl,Rice,2,,1,kg,".utf8).write(to: book)
        let read = try per(["-e", "history Rice"], home: home)
        #expect(read.stderr == "", "\(read.stderr)")
        #expect(read.stdout.hasPrefix("Rice: 2 prices"), "\(read.stdout)")
        let seen = try per(["-e", "seen 2.5 1 kg Rice 2026-10-03"], home: home)
        #expect(seen.stderr == "", "\(seen.stderr)")
        #expect(try bookText() == "date,store,name,price,currency,quantity,unit,deal\n2026-10-01,Lidl,Rice,3,,1,kg,\n2026-10-02,Lidl,Rice,2,,1,kg,\n"
                + "2026-10-03,,Rice,2.5,,1,kg,\n")
    }

    @Test("seen makes a book another program left readable by others private")
    func madePrivate() throws {
        try Data("date,store,name,price,currency,quantity,unit,deal\n2026-10-01,Lidl,Rice,3,,1,kg,\n".utf8).write(to: book)
        chmod(book.path, 0o644)
        _ = try per(["-e", "seen 2.5 1 kg Rice 2026-10-03"], home: home)
        #expect(try permissions(book) == 0o600)
    }

    @Test("a CRLF book gets CRLF lines; a line with more fields than the header is skipped and named, as one with fewer")
    func crlfAndFieldCounts() throws {
        let text = "date,store,name,price,currency,quantity,unit,deal\r\n2026-10-01,Lidl,Rice,3,,1,kg,\r\n2026-10-02,Lidl,Rice,1,,1,kg,,x\r\n"
            + "2026-10-02,Lidl,Rice,1,,1,kg\r\n"
        try Data(text.utf8).write(to: book)
        let seen = try per(["-e", "seen 2.5 1 kg Rice 2026-10-03"], home: home)
        #expect(seen.stderr.contains("prices.csv:3: skipped: it has 9 fields; the header has 8"), "\(seen.stderr)")
        #expect(seen.stderr.contains("prices.csv:4: skipped: it has 7 fields; the header has 8"), "\(seen.stderr)")
        #expect(try bookText() == text + "2026-10-03,,Rice,2.5,,1,kg,\r\n")
        let history = try per(["-e", "history Rice"], home: home)
        #expect(history.stdout.hasPrefix("Rice: 2 prices"), "\(history.stdout)")
    }

    @Test("import reads regular files only, up to the size the book may have", arguments: ["/dev/zero", "fifo", "large"])
    func importRefusals(source: String) throws {
        var path = source
        if source == "fifo" {
            path = home.appendingPathComponent("in.fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        } else if source == "large" {
            path = home.appendingPathComponent("large.csv").path
            try Data("date,store,name,price,currency,quantity,unit,deal\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(truncate(path, 65 * 1024 * 1024) == 0)
        }
        let started = ContinuousClock.now
        let run = try per(["-e", "prices import \(path)"], home: home)
        #expect(ContinuousClock.now - started < .seconds(20), "a hang is a failure")
        #expect(run.status == 1)
        let why = source == "large" ? "it is larger than 64 MB" : "it is not a regular file"
        #expect(run.stderr.contains("cannot read '\(path)': \(why)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.path))
    }
}
