import Testing
@testable import PerTools
import PerLanguage

/// `NAME at STORE`, read as `@STORE` by `add` and `seen` alike: only a last word after a
/// last `at`, starting with a letter or quoted; every other name keeps its words.
@Suite("Store in words")
struct StoreInWordsTests {
    @Test("which names end in at STORE, and what is left of the name", arguments: [
        ("Barilla at Aldi", "Barilla", "Aldi"),
        ("Whole wheat Penne AT Lidl", "Whole wheat Penne", "Lidl"),
        ("Barilla at \"Corner shop\"", "Barilla", "Corner shop"),
        ("Cafe at the Park", nil, nil),
        ("Salt at 5%", nil, nil),
        ("at Aldi", nil, nil),
        ("\"Barilla at Aldi\"", nil, nil),
        ("Barilla \"at\" Aldi", nil, nil),
        ("Barilla at", nil, nil),
    ] as [(String, String?, String?)])
    func reading(_ text: String, _ name: String?, _ store: String?) throws {
        let source = StatementSource(text)
        let reading = try StoreInWords.read(source.words, in: source)
        #expect(reading.map { source.text($0.name) } == name)
        #expect(reading?.store == store)
    }

    @Test("a name that could be either is refused with both readings, at `at STORE`")
    func twoWays() throws {
        let source = StatementSource("Penne at home")
        let reading = try #require(try StoreInWords.read(source.words, in: source))
        let whole = 0..<13
        #expect(throws: Never.self) { try reading.refuseIfTwoWays(whole: whole, in: source, known: false, marked: nil) }
        do {
            try reading.refuseIfTwoWays(whole: whole, in: source, known: true, marked: nil)
            Issue.record("not refused")
        } catch {
            #expect(error.range == 6..<13)
            #expect(error.message.contains("\"Penne at home\" or Penne @home"))
        }
        #expect(throws: Diagnostic.self) { try reading.refuseIfTwoWays(whole: whole, in: source, known: false, marked: "Lidl") }
    }
}
