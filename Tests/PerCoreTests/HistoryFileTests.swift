import Foundation
import Testing
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The history file's format and merging (SPEC §7).
struct HistoryFileTests {
    @Test("entries are written one a line, with backslashes and line breaks escaped", arguments: [
        (["1+1", "x = 2"], "1+1\nx = 2\n"),
        ([#"name a\b"#], "name a\\\\b\n"),
        (["two\nlines"], "two\\nlines\n"),
        ([#"\n"#], "\\\\n\n"),
        (["€ 中 ×"], "€ 中 ×\n"),
        // Control characters never reach the file raw: ESC, tab, DEL, CSI (C1) in octal.
        (["\u{1B}]0;pwned\u{7}", "a\tb\u{7F}", "x\u{9B}2J"], "\\033]0;pwned\\007\na\\011b\\177\nx\\302\\2332J\n"),
        ([#"\033 typed"#], "\\\\033 typed\n"),
        ([], ""),
    ])
    func encode(_ entries: [String], _ text: String) {
        let bytes = HistoryFile.encode(entries)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F })
        #expect(HistoryFile.decode(HistoryFile.encode(entries)) == entries)
    }

    @Test("reading", arguments: [
        ("a\n\nb\n", ["a", "b"]),
        ("no final line feed", ["no final line feed"]),
        (#"a lone \ and \t stay"# + "\n", [#"a lone \ and \t stay"#]),
        ("ends in a backslash \\", ["ends in a backslash \\"]),
        // libedit's own file, from earlier versions of per.
        ("_HiStOrY_V2_\nx\\040=\\0401\\040+\\0402\n\\134n\\^[\\M-C\\M-)\n", ["x = 1 + 2", "\\n\u{1B}é"]),
        ("_HiStOrY_V2_\n", []),
    ])
    func decode(_ text: String, _ entries: [String]) {
        #expect(HistoryFile.decode(Array(text.utf8)) == entries)
    }

    @Test("a line that is not UTF-8 is skipped, the others kept")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("good\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("ca".utf8) + [0xC3] + [0x0A] + Array("also good\n".utf8)
        #expect(HistoryFile.decode(bytes) == ["good", "also good"])
        // An escape that makes bytes that are not UTF-8, from a libedit file.
        #expect(HistoryFile.decode(Array("_HiStOrY_V2_\n\\377\nok\n".utf8)) == ["ok"])
    }

    @Test("a line longer than a statement may be is skipped")
    func longLine() {
        let long = String(repeating: "1", count: ParserLimits.maxLineLength + 1)
        #expect(HistoryFile.decode(HistoryFile.encode(["a", long, "b"])) == ["a", "b"])
    }

    @Test("only the end of a long file is read: a tail cut within a line gives the same entries as the whole file")
    func tail() {
        let many = (1...20_000).map { "x = \($0) + " + String(repeating: "1", count: $0 % 300) }
        let whole = HistoryFile.encode(many)
        for tailCount in [whole.count, 400_000, 300_001, 299_999] {
            let tail = Array(whole.suffix(tailCount))
            let read = HistoryFile.decode(tail: tail, head: Array(whole.prefix(HistoryFile.headBytes)), cut: tailCount < whole.count)
            #expect(read == Array(many.suffix(1000)), "tail of \(tailCount) bytes")
        }
        // A libedit file keeps its format when only its end is read.
        let libedit = Array(("_HiStOrY_V2_\n" + many.map { $0.replacingOccurrences(of: " ", with: "\\040") }.joined(separator: "\n") + "\n").utf8)
        let read = HistoryFile.decode(tail: Array(libedit.suffix(300_000)), head: Array(libedit.prefix(HistoryFile.headBytes)), cut: true)
        #expect(read == Array(many.suffix(1000)))
        // A tail too short for 1,000 entries gives the whole ones it holds, never a partial line.
        let short = HistoryFile.decode(tail: Array(whole.suffix(1000)), head: Array(whole.prefix(HistoryFile.headBytes)), cut: true)
        #expect(!short.isEmpty && short == Array(many.suffix(short.count)))
    }

    @Test("the last 1,000 entries are kept, reading and merging")
    func limit() {
        let many = (1...1500).map { "x = \($0)" }
        #expect(HistoryFile.decode(HistoryFile.encode(many)) == Array(many.suffix(1000)))
        let merged = HistoryFile.merge(Array(many.prefix(999)), adding: ["a", "b"])
        #expect(merged.count == 1000 && merged.first == "x = 2" && merged.suffix(2) == ["a", "b"])
    }
}
