import Testing
@testable import PerTools
@testable import PerLanguage

/// `per sheet --export`: a line's row, CSV fields and Markdown cells.
struct SheetExportTests {
    @Test("a line's row: the label apart, the user's comment left out, a tab a blank, controls visible", arguments: [
        ("milk: 2 * 1.19", "milk", SheetText.Answer.value("2.38"), SheetExport.Row(label: "milk", statement: "2 * 1.19", answer: "2.38")),
        ("milk : 2  # each", "milk", .value("2"), SheetExport.Row(label: "milk", statement: "2", answer: "2")),
        ("pasta 1.5 kg: 2.49 per 500 g * 1.5 kg", "pasta 1.5 kg", .value("7.47"),
         SheetExport.Row(label: "pasta 1.5 kg", statement: "2.49 per 500 g * 1.5 kg", answer: "7.47")),
        ("* 1.19", nil, .value("5.33"), SheetExport.Row(label: "", statement: "* 1.19", answer: "5.33")),
        ("2 *", nil, .failure("expected a number"), SheetExport.Row(label: "", statement: "2 *", answer: "error: expected a number")),
        ("include rates.per", nil, nil, SheetExport.Row(label: "", statement: "include rates.per", answer: "")),
        ("a\tb: 1\t+ 1", "a\tb", .value("2"), SheetExport.Row(label: "a b", statement: "1 + 1", answer: "2")),
        ("x\u{1B}: 1", "x\u{1B}", .value("1"), SheetExport.Row(label: "x^[", statement: "1", answer: "1")),
        // A label that is not at the start stays in the statement.
        ("x = 1; milk: 2", "milk", .value("1; 2"), SheetExport.Row(label: "milk", statement: "x = 1; milk: 2", answer: "1; 2")),
    ] as [(String, String?, SheetText.Answer?, SheetExport.Row)])
    func row(_ content: String, _ label: String?, _ answer: SheetText.Answer?, _ expected: SheetExport.Row) {
        #expect(SheetExport.row(content: ArraySlice(content.utf8), label: label, answer: answer) == expected)
    }

    @Test("a CSV field is quoted when it must be (RFC 4180); one a spreadsheet would run gets a ' first", arguments: [
        ("2.38", "2.38"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), (" lead", "\" lead\""),
        ("trail ", "\"trail \""), ("two\nlines", "\"two\nlines\""), ("€18,000.00", "\"€18,000.00\""),
        ("+ -10%", "'+ -10%"), ("-5", "'-5"), ("=HYPERLINK(1)", "'=HYPERLINK(1)"), ("@SUM(1)", "'@SUM(1)"),
        ("'quoted", "''quoted"), ("* 1.19", "* 1.19"), ("=a,b", "\"'=a,b\""),
    ])
    func csvField(_ text: String, _ expected: String) {
        #expect(SheetExport.csvField(text) == expected)
    }

    @Test("a Markdown label escapes what Markdown or a table would read; a statement is a code span", arguments: [
        ("milk", "milk"), ("with_vat", "with\\_vat"), ("a|b", "a\\|b"), ("*x*", "\\*x\\*"), ("a\\b", "a\\\\b"),
        ("[x](y)", "\\[x\\](y)"), ("<b>", "\\<b\\>"), ("AT&T", "AT\\&T"), ("$5", "\\$5"),
    ])
    func markdownText(_ text: String, _ expected: String) {
        #expect(SheetExport.markdownText(text) == expected)
    }

    @Test("a Markdown code cell: backticks one more than inside, a blank beside one at an end, | escaped", arguments: [
        ("2 * 1.19", "`2 * 1.19`"), ("", ""), ("a | b", "`a \\| b`"), ("a`b", "``a`b``"), ("`x`", "`` `x` ``"),
        ("a``b`c", "```a``b`c```"),
    ])
    func markdownCode(_ text: String, _ expected: String) {
        #expect(SheetExport.markdownCode(text) == expected)
    }

    @Test("the table: a header, then a row a line")
    func table() {
        let rows = [SheetExport.Row(label: "milk", statement: "2 * 1.19", answer: "2.38"),
                    SheetExport.Row(label: "", statement: "x = \"a, b\"", answer: "error: text")]
        #expect(SheetExport.text(rows, as: .csv) == "label,statement,answer\nmilk,2 * 1.19,2.38\n,\"x = \"\"a, b\"\"\",error: text\n")
        #expect(SheetExport.text(rows, as: .md) == "| label | statement | answer |\n|---|---|---|\n"
                + "| milk | `2 * 1.19` | `2.38` |\n|  | `x = \"a, b\"` | `error: text` |\n")
    }
}
