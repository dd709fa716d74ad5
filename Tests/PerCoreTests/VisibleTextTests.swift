import Testing
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

@Suite("Visible text and display width")
struct VisibleTextTests {
    @Test("hidden characters are written visibly", arguments: [
        ("plain", "plain"), ("\u{1B}]2;T\u{07}", "^[]2;T^G"), ("a\rb", "a^Mb"), ("a\tb", "a^Ib"), ("\u{7F}", "^?"),
        ("x\u{9B}y", "x\\u009By"), ("abc\u{202E}fdp", "abc\\u202Efdp"), ("\u{2066}i\u{2069}", "\\u2066i\\u2069"),
        (String(Unicode.Scalar(0xFDD0)!), "\\uFDD0"), (String(Unicode.Scalar(0x1FFFE)!), "\\u1FFFE"), ("Pâtes 中文 🍝", "Pâtes 中文 🍝"), ("e\u{301}", "e\u{301}"),
        // Every format character (Cf) but the joiners.
        ("\u{61C}abc", "\\u061Cabc"), ("a\u{200B}b", "a\\u200Bb"), ("\u{FEFF}x", "\\uFEFFx"), ("soft\u{AD}hyphen", "soft\\u00ADhyphen"),
        ("tag\u{E0041}", "tag\\uE0041"), ("👨‍👩‍👧", "👨‍👩‍👧"), ("می\u{200C}خواهم", "می\u{200C}خواهم"),
    ])
    func visible(input: String, shown: String) {
        #expect(VisibleText.visible(input) == shown)
        #expect(VisibleText.hasHidden(input) == (input != shown))
    }

    @Test("width in terminal columns", arguments: [
        ("abc", 3), ("", 0), ("中文麺", 6), ("🍝 pasta", 8), ("e\u{301}", 1), ("Pâtes", 5), ("가", 2), ("ｶ", 1),
        ("Ａ", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("a\u{200B}b", 8), ("\u{1B}", 2), ("a\u{202E}", 7), ("❤️", 2),
    ])
    func width(text: String, columns: Int) {
        #expect(VisibleText.width(text) == columns)
    }

    @Test("cut to a width with an ellipsis, whole characters only", arguments: [
        ("Barilla", 7, "Barilla"), ("Barilla", 6, "Baril…"), ("Barilla", 1, "…"), ("Barilla", 0, ""),
        ("中文麺条", 5, "中文…"), ("中文麺条", 4, "中…"), ("🍝 pasta", 4, "🍝 …"), ("e\u{301}tude", 3, "e\u{301}t…"),
    ])
    func cut(text: String, columns: Int, cut: String) {
        #expect(VisibleText.cut(text, toWidth: columns) == cut)
        #expect(VisibleText.width(VisibleText.cut(text, toWidth: columns)) <= columns)
    }
}
