import Foundation
import Testing

/// Text from scripts, saved sets and echoed input never reaches the terminal as a control
/// sequence; wide names line up (SPEC §7).
@Suite
struct TerminalSafetyTests {
    /// Names and words an attacker would plant: a title change, a clipboard write, a
    /// carriage return that overwrites a row, a bidi override, a C1 CSI.
    static let hostile = ["\u{1B}]2;PWNED\u{07}", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}", "ok\rEVIL", "abc\u{202E}fdp.exe",
                          "x\u{9B}31m", "tab\there", "\u{2066}iso\u{2069}"]

    /// Every byte a terminal would act on, outside the colour sequences per writes itself
    /// (`ESC [ digits ; m`).
    static func controlBytes(in text: String) -> [String] {
        var found: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                let sequence = scalars.prefix { $0 != "m" }
                if sequence.dropFirst().allSatisfy({ ("0"..."9").contains($0) || $0 == ";" }), sequence.count < scalars.count {
                    scalars = scalars.dropFirst(sequence.count + 1)
                    continue
                }
            }
            if scalar != "\n", VisibleTextReference.isHidden(scalar) { found.append(String(format: "U+%04X", scalar.value)) }
        }
        return found
    }

    func temporaryHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    @Test("hostile names and words in a script come out visible, with and without colour",
          arguments: ["never", "always"])
    func script(color: String) throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var lines: [String] = []
        for (index, name) in Self.hostile.enumerated() {
            lines += ["add \(index + 1) 1 kg \"\(name)\"", "name \(name)", "save \"\(name)\"", "help \(name)",
                      "\(name)", "convert 1 kg to \(name)", "recall \(name)"]
        }
        lines += ["add 1 1 kg plain", "compare", "best", "need 2 kg", "draft", "vars", "saved"]
        let result = try per(["--color", color], input: lines.joined(separator: "\n") + "\n", home: home)
        #expect(Self.controlBytes(in: result.stdout) == [])
        #expect(Self.controlBytes(in: result.stderr) == [])
        // Each refusal names the character visibly.
        #expect(result.stderr.contains("a name cannot hold the control character ^["))
        #expect(result.stderr.contains("a name cannot hold the control character \\u202E"))
        #expect(result.stderr.contains("no help for '^[]2'"))
    }

    @Test("a hostile word after a number is an unknown unit shown visibly; a 10,000-letter one is refused")
    func unknownUnitWords() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let words = Self.hostile + ["st\u{1B}[2Jone", "\u{202E}enots", String(repeating: "a", count: 10_000),
                                    String(repeating: "stone", count: 2_000)]
        let result = try per([], input: words.map { "5 \($0)" }.joined(separator: "\n") + "\n", home: home)
        #expect(Self.controlBytes(in: result.stderr) == [], "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("error: unknown unit 'aaaa"))
        #expect(result.stderr.contains("error: unknown unit 'stonestone"))
    }

    @Test("a script file's name is shown visibly in its errors")
    func fileName() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.appendingPathComponent("evil\u{1B}]2;T\u{07}.per").path
        try Data("1/0\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try per([path, path + "-missing"], input: "", home: home)
        #expect(Self.controlBytes(in: result.stderr) == [], "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("evil^[]2;T^G.per"))
    }

    @Test("names from a crafted saved.json never reach the terminal")
    func savedFile() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let evil = "\\u001b]2;PWNED\\u0007\\r\\u202e"
        let file = """
            {"format": "per saved sets", "version": 1, "sets": [{"name": "s\(evil)", "saved_at": "2026-11-20T22:40:05+0000",
             "digits": 12, "variables": {}, "inputs": {}, "last_estimator": null, "headline": null,
             "list": {"type": null, "basis": null, "currency": null, "next_id": 1, "products": [],
                      "draft": {"price": null, "currency": null, "amount": null, "packs": null, "unit": null, "name": null}}},
             {"name": "plain", "saved_at": "2026-11-21T22:40:05+0000",
             "digits": 12, "variables": {}, "inputs": {}, "last_estimator": null, "headline": "h\(evil)",
             "list": {"type": "mass", "basis": null, "currency": null, "next_id": 2,
                      "products": [{"id": 1, "name": "p\(evil)", "price": "1", "packs": null, "amount": "1", "unit": "kg"}],
                      "draft": {"price": null, "currency": null, "amount": null, "packs": null, "unit": null, "name": "d\(evil)"}}}]}
            """
        try Data(file.utf8).write(to: home.appendingPathComponent("saved.json"))
        let result = try per(["--color", "always"], input: "saved\nrecall plain\ncompare\ndraft\nbest\n", home: home)
        #expect(Self.controlBytes(in: result.stdout) == [], "\(result.stdout.debugDescription)")
        #expect(Self.controlBytes(in: result.stderr) == [], "\(result.stderr.debugDescription)")
        // Such names are never typed, so the sets holding them are left out, said visibly.
        #expect(result.stderr.contains("set 1 cannot be read (a saved set's name cannot hold control characters)"))
        #expect(result.stdout.hasPrefix("no saved sets\n"))
        let json = try per(["--json"], input: "saved\nrecall plain\ncompare\n", home: home)
        #expect(Self.controlBytes(in: json.stdout) == [])
    }

    @Test("CJK and emoji names line up in compare and saved")
    func wideNames() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let input = "add 1 1 kg 中文麺\nadd 2 1 kg plain\nadd 3 1 kg 🍝 pasta\ncompare\nsave 麺\nsaved\n"
        let lines = try per([], input: input, home: home).stdout.split(separator: "\n").map(String.init)
        let table = lines.drop { !$0.hasPrefix("rank") }.prefix(4)
        // The price column ends at the same terminal column on every row.
        let ends = table.map { line -> Int in
            let upToPrice = line.range(of: " 1.00") ?? line.range(of: " 2.00") ?? line.range(of: " 3.00") ?? line.range(of: "price")!
            return width(String(line[..<upToPrice.upperBound]))
        }
        #expect(Set(ends).count == 1, "\(table.joined(separator: "\n"))")
    }

    /// Terminal columns, counted independently of per: CJK and emoji are two.
    func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + ((0x4E00...0x9FFF).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value) ? 2 : 1)
        }
    }
}

/// What a terminal acts on, written out here so the test does not trust per's own table.
enum VisibleTextReference {
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
    }
}
