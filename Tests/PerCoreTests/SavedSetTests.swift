import Testing
@testable import PerCore

/// A session's state after `lines`.
func state(_ lines: [String]) -> SessionState { session(lines).state }

func set(_ name: String, _ lines: [String], at time: String = "2026-11-21T10:00:00+0000") -> SavedSet {
    let made = session(lines)
    return SavedSet(name: name, savedAt: time, state: made.state, headline: made.lastEstimate?.headline)
}

let everything = [
    "x = 1/3", "y = sqrt(2)", "price_total = $3 * 1.99",
    "add $2.49 500 g Barilla", "add 4.99 6x250 g 'Multi pack'", "basis 100 g",
    "price 3", "qty 2x1 kg", "name Dra\"ft",
    "boiler steam=4t/h tds=300 condensate=60%", "dose liquid water=14dH soil=heavy", "digits 15",
]

struct SavedSetTests {
    @Test("the file format round-trips every kind of value")
    func roundTrip() throws {
        let sets = [set("everything", everything), set("empty", []), set("names \"quoted\" ünïcode", ["z = -2.5e-30"])]
        let decoded = try SavedSetsFile.decode(SavedSetsFile.encode(sets))
        #expect(decoded == sets)
        #expect(decoded[0].state.list.products.map(\.name) == ["Barilla", "Multi pack"])
        #expect(decoded[0].state.variables["y"]?.isExact == false)
        #expect(decoded[0].state.inputs["boiler.steam"] == .number(4, unit: UnitTable.unit(named: "t/h")))
        #expect(decoded[0].headline == "dose: 115 ml liquid")
    }

    @Test("a restored set behaves like the session it came from")
    func restore() throws {
        let saved = set("everything", everything)
        var fresh = Session()
        guard case .recalled(_, let shown) = fresh.recall(try SavedSetsFile.decode(SavedSetsFile.encode([saved]))[0]) else {
            Issue.record("recall shows the set"); return
        }
        guard case .estimate(let estimate) = shown else { Issue.record("the last estimate is shown again"); return }
        #expect(estimate.headline == "dose: 115 ml liquid")
        #expect(fresh.state.hasSameInputs(as: saved.state))
        #expect(fresh.run(line: "add 1 1 kg; compare")[1].outcome.isSuccess)
        #expect(fresh.list.products.last?.id == 3)
    }

    @Test("equality ignores dates and results")
    func equality() {
        let morning = set("a", ["x = 2", "boiler steam=1 tds=2"], at: "2026-11-21T08:00:00+0000")
        let evening = set("b", ["x = 2", "boiler steam=1 tds=2", "boiler"], at: "2026-11-21T20:00:00+0000")
        #expect(morning.state.hasSameInputs(as: evening.state))
        #expect(!morning.state.hasSameInputs(as: set("c", ["x = 3", "boiler steam=1 tds=2"]).state))
        #expect(!morning.state.hasSameInputs(as: set("d", ["x = 2"]).state))
    }

    @Test("save, replace, forget and their refusals")
    func rules() throws {
        let pasta = set("pasta", ["add 2.49 500 g"])
        var sets = try SavedSets.save(pasta, into: [], replace: false)
        #expect(throws: SavedSetError.identical(to: "pasta")) { try SavedSets.save(set("again", ["add 2.49 500 g"]), into: sets, replace: false) }
        #expect(throws: SavedSetError.identical(to: "pasta")) { try SavedSets.save(pasta, into: sets, replace: false) }
        #expect(throws: SavedSetError.exists("pasta")) { try SavedSets.save(set("pasta", ["x = 1"]), into: sets, replace: false) }
        sets = try SavedSets.save(set("pasta", ["x = 1"]), into: sets, replace: true)
        #expect(sets.count == 1 && sets[0].state.variables["x"] == Number(1))
        sets = try SavedSets.save(set("rice", ["x = 2"]), into: sets, replace: false)
        #expect(throws: SavedSetError.unknown("ryce", suggestion: "rice")) { try SavedSets.forget("ryce", in: sets) }
        #expect(try SavedSets.forget("rice", in: sets).map(\.name) == ["pasta"])
    }

    @Test("names", arguments: [
        ("42", SavedSetError.numericName), ("-3.5", .numericName), ("1e3", .numericName), ("", .missingName),
        (String(repeating: "a", count: 101), .badName("has at most 100 characters")),
    ])
    func badNames(_ name: String, _ error: SavedSetError) {
        #expect(throws: error) { try SavedSets.validate(name: name) }
    }

    @Test("good names", arguments: ["pasta", "42nd street", "plant 2", "x1", "Käse"])
    func goodNames(_ name: String) throws {
        try SavedSets.validate(name: name)
    }

    @Test("save statements", arguments: [
        ("save", "error@1: a saved set needs a name, as in save pasta"),
        ("save 42", "error@6: a saved set needs a name, not a number"),
        ("save pasta --replace", "save pasta replace"),
        ("save \"my pasta\"", "save my pasta"),
        ("save my pasta", "save my pasta"),
        ("recall", "error@1: a saved set needs a name, as in recall pasta"),
        ("forget old", "forget old"),
        ("saved now", "error@7: saved takes no arguments"),
    ])
    func statements(_ line: String, _ expected: String) {
        var session = Session()
        let text: String
        switch session.run(line: line)[0].outcome {
        case .success(.storage(.save(let name, _, _, let replace))): text = "save \(name)" + (replace ? " replace" : "")
        case .success(.storage(.forget(let name))): text = "forget \(name)"
        case .success(let other): text = "\(other)"
        case .failure(let diagnostic): text = "error@\(diagnostic.column): \(diagnostic.message)"
        }
        #expect(text == expected)
    }

    @Test("unreadable files are refused, not guessed", arguments: [
        ("", SavedSetsFile.ReadError.corrupt("not JSON (unexpected end at byte 0)")),
        ("{\"format\": \"per saved sets\", \"version\": 1, \"sets\": [", .corrupt("not JSON (unexpected end at byte 52)")),
        ("{\"format\": \"something else\", \"version\": 1, \"sets\": []}", .corrupt("not a per saved-sets file")),
        ("{\"format\": \"per saved sets\", \"version\": 2, \"sets\": []}", .newerVersion(2)),
        ("{\"format\": \"per saved sets\", \"version\": 1, \"sets\": [{\"name\": 3}]}", .corrupt("set 1 cannot be read")),
        ("[1, 2", .corrupt("not JSON (unexpected end in an array at byte 5)")),
    ])
    func unreadable(_ text: String, _ error: SavedSetsFile.ReadError) {
        #expect(throws: error) { try SavedSetsFile.decode(Array(text.utf8)) }
    }

    @Test("JSON parsing and writing")
    func json() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null], "b": "x\"\\\n\u00e9\ud83d\ude00", "c": {}}"#
        let value = try JSON.parse(Array(text.utf8))
        #expect(value["b"] == .string("x\"\\\né😀"))
        #expect(try JSON.parse(Array(value.text().utf8)) == value)
        #expect(try JSON.parse(Array(value.text(indent: 2).utf8)) == value)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(String(repeating: "[", count: 500).utf8)) }
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array("{\"a\" 1}".utf8)) }
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array("\"\u{1}\"".utf8)) }
    }
}
