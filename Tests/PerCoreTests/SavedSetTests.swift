import Testing
import TestSupport
import Foundation
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// A session's state after `lines`.
func state(_ lines: [String]) -> SessionState { session(lines).state }

func set(_ name: String, _ lines: [String], at time: String = "2026-11-21T10:00:00+0000") -> SavedSet {
    let made = session(lines)
    return SavedSet(name: name, savedAt: time, state: made.state, headline: made.estimates.lastEstimate?.headline)
}

let everything = [
    "x = 1/3", "y = sqrt(2)", "price_total = $3 * 1.99",
    "add $2.49 500 g Barilla", "add 4.99 6x250 g 'Multi pack'", "basis 100 g",
    "price 3", "qty 2x1 kg", "name Dra\"ft",
    "boiler steam=4t/h tds=300 condensate=60%", "dose liquid water=14dH soil=heavy", "digits 15",
    "area(w, h) = w * h", "gross(p) = p + 20%", "twice(p) = 2 * gross(p)",
]

struct SavedSetTests {
    @Test("the file format round-trips every kind of value")
    func roundTrip() throws {
        let sets = [set("everything", everything), set("empty", []), set("names \"quoted\" ünïcode", ["z = -2.5e-30"])]
        let decoded = try SavedSetsFile.decode(SavedSetsFile.encode(sets)).sets
        #expect(decoded == sets)
        #expect(decoded[0].state.list.products.map(\.name) == ["Barilla", "Multi pack"])
        #expect(decoded[0].state.variables["y"]?.magnitude.isExact == false)
        #expect(decoded[0].state.inputs["boiler.steam"] == .quantity(Quantity(4, UnitTable.compound("t/h")!)))
        #expect(decoded[0].headline == "dose: 115 ml liquid")
    }

    @Test("a restored set behaves like the session it came from")
    func restore() throws {
        let saved = set("everything", everything)
        var fresh = Session()
        guard case .recalled(_, let shown, _) = fresh.recall(try SavedSetsFile.decode(SavedSetsFile.encode([saved])).sets[0]) else {
            Issue.record("recall shows the set"); return
        }
        guard case .estimate(let estimate) = shown else { Issue.record("the last estimate is shown again"); return }
        #expect(estimate.headline == "dose: 115 ml liquid")
        #expect(fresh.state.hasSameInputs(as: saved.state))
        #expect(fresh.run(line: "add 1 1 kg; compare")[1].outcome.isSuccess)
        #expect(fresh.list.products.last?.id == 3)
    }

    @Test("the session kept between runs comes back whole, rates included")
    func restoreKeptSession() {
        let kept = state(everything + ["rate 1 € = 1.08 $"])
        var next = Session()
        next.restore(kept)
        #expect(next.state.hasSameInputs(as: kept))
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
        #expect(sets.count == 1 && sets[0].state.variables["x"] == Quantity(1))
        sets = try SavedSets.save(set("rice", ["x = 2"]), into: sets, replace: false)
        #expect(throws: SavedSetError.unknown("ryce", suggestion: "rice")) { try SavedSets.forget("ryce", in: sets) }
        #expect(try SavedSets.forget("rice", in: sets).map(\.name) == ["pasta"])
    }

    @Test("names", arguments: [
        ("42", SavedSetError.numericName), ("-3.5", .numericName), ("1e3", .numericName), ("", .missingName),
        ("   ", .missingName),
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
        ("save", .problem(.arguments(.setNameMissing(command: "save")), column: 1)),
        ("save 42", .problem(.savedSet(.numericName), column: 6)),
        ("save pasta --replace", "save pasta replace"),
        ("save \"my pasta\"", "save my pasta"),
        ("save my pasta", "save my pasta"),
        ("recall", .problem(.arguments(.setNameMissing(command: "recall")), column: 1)),
        ("forget old", "forget old"),
        // A last unquoted word naming an estimator is the estimator; its inputs must be there.
        ("save t1 cooling", .problem(.savedSet(.noInputs(estimator: "cooling", whole: "t1 cooling")), column: 9)),
        ("save \"t1 cooling\"", "save t1 cooling"),
        ("save cooling", "save cooling"),
        ("cooling recirc=500 dt=6 cycles=5\nsave t1 cooling", "save t1 only cooling"),
        ("cooling recirc=500 dt=6 cycles=5\nsave tower A cooling --replace", "save tower A only cooling replace"),
        ("cooling recirc=500 dt=6 cycles=5\nsave t1 \"cooling\"", "save t1 \"cooling\""),
        // The limit is the name's, not the name's with the estimator's word after it.
        ("cooling recirc=1 dt=1\nsave \(String(repeating: "a", count: 100)) cooling", .text("save \(String(repeating: "a", count: 100)) only cooling")),
        ("y = 1\nsave \"   \"", .problem(.savedSet(.missingName), column: 6)),
        ("saved now", .problem(.arguments(.takesNoArguments("saved")), column: 7)),
    ] as [(String, Seen)])
    func statements(_ line: String, _ expected: Seen) {
        var session = Session()
        let seen: Seen
        let lines = line.split(separator: "\n").map(String.init)
        for before in lines.dropLast() { _ = session.run(line: before) }
        switch session.run(line: lines.last!)[0].outcome {
        case .success(.storage(.save(let name, let state, _, let replace, _))):
            seen = .text("save \(name)" + (state.estimatorOnly.map { " only \($0)" } ?? "") + (replace ? " replace" : ""))
        case .success(.storage(.forget(let name))): seen = .text("forget \(name)")
        case .success(let other): seen = .text("<unexpected: \(other)>")
        case .failure(let diagnostic): seen = Seen(diagnostic)
        }
        #expect(seen == expected)
    }

    @Test("unreadable files are refused, not guessed", arguments: [
        ("", SavedSetsFile.ReadError.corrupt("not JSON (unexpected end at byte 0)")),
        ("{\"format\": \"per saved sets\", \"version\": 1, \"sets\": [", .corrupt("not JSON (unexpected end at byte 52)")),
        ("{\"format\": \"something else\", \"version\": 1, \"sets\": []}", .corrupt("not a per saved-sets file")),
        ("{\"format\": \"per saved sets\", \"version\": 3, \"sets\": []}", .newerVersion("3")),
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

// MARK: Crafted files

/// `json` with the member at `path` (object keys, or array indices as text) replaced by
/// `value`, or removed when `value` is nil.
func replacing(_ json: JSON, at path: ArraySlice<String>, with value: JSON?) -> JSON {
    guard let key = path.first else { return value ?? .null }
    switch json {
    case .object(var members):
        if let index = members.firstIndex(where: { $0.0 == key }) {
            if path.count == 1, value == nil {
                members.remove(at: index)
            } else {
                members[index].1 = replacing(members[index].1, at: path.dropFirst(), with: value)
            }
        } else if let value {
            members.append((key, replacing(.object([]), at: path.dropFirst(), with: value)))
        }
        return .object(members)
    case .array(var values):
        guard let index = Int(key), values.indices.contains(index) else { return json }
        values[index] = replacing(values[index], at: path.dropFirst(), with: value)
        return .array(values)
    default:
        return json
    }
}

/// One way a file can hold a set that per never wrote: the member at `path` of the second
/// set ("bad") set to `value`.
struct CraftedSet: CustomTestStringConvertible, Sendable {
    let id: String
    let path: [String]
    let value: JSON?

    init(_ id: String, _ path: String, _ value: JSON?) {
        self.id = id
        self.path = path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        self.value = value
    }

    var testDescription: String { id }

    static let good = set("good", ["x = 1"])
    static let bad = set("bad", everything + ["invest years=10 rate=5%", "cooling recirc=100 dt=5 cycles=4"])

    /// A file holding `good` and `bad`, with `bad` changed.
    var bytes: [UInt8] {
        let document = try! JSON.parse(SavedSetsFile.encode([CraftedSet.good, CraftedSet.bad]))
        return Array(replacing(document, at: (["sets", "1"] + path)[...], with: value).text(indent: 2).utf8)
    }

    static let all: [CraftedSet] = [
        // Estimator inputs: every key, word, type and range as the estimator checks a typed one.
        CraftedSet("dose.soil an unknown word", "inputs/dose.soil", .object([("word", .string("filthy"))])),
        CraftedSet("dose.form an unknown word", "inputs/dose.form", .object([("word", .string("gel"))])),
        CraftedSet("dose.load an unknown word", "inputs/dose.load", .object([("word", .string("brimful"))])),
        CraftedSet("dose.water an unknown word", "inputs/dose.water", .object([("word", .string("wet"))])),
        CraftedSet("invest.compound an unknown word", "inputs/invest.compound", .object([("word", .string("hourly"))])),
        CraftedSet("boiler.steam a word", "inputs/boiler.steam", .object([("word", .string("lots"))])),
        CraftedSet("dose.soil a number", "inputs/dose.soil", .object([("quantity", .string("3"))])),
        CraftedSet("a unit to the power 0", "inputs/boiler.steam", .object([("quantity", .object([("number", .string("4")), ("units", .array([.array([.string("kg"), .number("0")]), .array([.string("h"), .number("-1")])]))]))])),
        CraftedSet("a unit to a power beyond 20", "inputs/boiler.steam", .object([("quantity", .object([("number", .string("4")), ("units", .array([.array([.string("kg"), .number("99")])]))]))])),
        CraftedSet("a unit to the most negative machine integer", "variables/x", .object([("number", .string("4")), ("units", .array([.array([.string("kg"), .number("-9223372036854775808")])]))])),
        CraftedSet("an approximate number's exponent the most negative machine integer", "variables/x", .string("~1.5e-9223372036854775808")),
        CraftedSet("a unit twice", "variables/x", .object([("number", .string("4")), ("units", .array([.array([.string("kg"), .number("1")]), .array([.string("kg"), .number("1")])]))])),
        CraftedSet("two currencies", "variables/x", .object([("number", .string("4")), ("units", .array([.array([.string("EUR"), .number("1")]), .array([.string("USD"), .number("-1")])]))])),
        CraftedSet("a temperature in a compound", "variables/x", .object([("number", .string("4")), ("units", .array([.array([.string("°C"), .number("1")]), .array([.string("h"), .number("-1")])]))])),
        CraftedSet("below absolute zero", "variables/x", .object([("number", .string("-300")), ("units", .array([.array([.string("°C"), .number("1")])]))])),
        CraftedSet("a scale of 0", "variables/x", .object([("number", .string("4")), ("units", .array([.array([.string("g"), .number("-1")])])), ("scale", .string("0"))])),
        CraftedSet("a rate of 0", "rates", .array([.object([("from", .string("EUR")), ("to", .string("USD")), ("rate", .string("0"))])])),
        CraftedSet("a rate between one currency", "rates", .array([.object([("from", .string("EUR")), ("to", .string("EUR")), ("rate", .string("1"))])])),
        CraftedSet("a rate in an unknown currency", "rates", .array([.object([("from", .string("XXX")), ("to", .string("EUR")), ("rate", .string("1"))])])),
        CraftedSet("boiler.tds with a unit", "inputs/boiler.tds", .object([("quantity", .object([("number", .string("300")), ("units", .array([.array([.string("kg"), .number("1")])]))]))])),
        CraftedSet("boiler.steam in kg", "inputs/boiler.steam", .object([("quantity", .object([("number", .string("4")), ("units", .array([.array([.string("kg"), .number("1")])]))]))])),
        CraftedSet("boiler.steam in an unknown unit", "inputs/boiler.steam", .object([("quantity", .object([("number", .string("4")), ("units", .array([.array([.string("furlong"), .number("1")])]))]))])),
        CraftedSet("boiler.steam negative", "inputs/boiler.steam", .object([("quantity", .string("-5"))])),
        CraftedSet("boiler.condensate 100%", "inputs/boiler.condensate", .object([("quantity", .string("100"))])),
        CraftedSet("invest.years 0", "inputs/invest.years", .object([("quantity", .string("0"))])),
        CraftedSet("an input key without a dot", "inputs/steam", .object([("quantity", .string("1"))])),
        CraftedSet("an unknown estimator", "inputs/kettle.size", .object([("quantity", .string("1"))])),
        CraftedSet("an unknown input key", "inputs/boiler.colour", .object([("quantity", .string("1"))])),
        CraftedSet("an input with a dot too many", "inputs/boiler.steam.x", .object([("quantity", .string("1"))])),
        CraftedSet("an input neither word nor number", "inputs/boiler.tds", .object([("colour", .string("red"))])),
        CraftedSet("an input word that is a number", "inputs/dose.soil", .object([("word", .number("3"))])),
        CraftedSet("an input number that is a JSON number", "inputs/boiler.tds", .object([("quantity", .number("300"))])),
        CraftedSet("inputs not an object", "inputs", .array([])),
        // The shopping list.
        CraftedSet("next_id Int.max", "list/next_id", .number("9223372036854775807")),
        CraftedSet("next_id beyond Int", "list/next_id", .number("99999999999999999999")),
        CraftedSet("next_id 0", "list/next_id", .number("0")),
        CraftedSet("next_id a string", "list/next_id", .string("3")),
        CraftedSet("product ids duplicated", "list/products/1/id", .number("1")),
        CraftedSet("a product id negative", "list/products/0/id", .number("-1")),
        CraftedSet("a product id 0", "list/products/0/id", .number("0")),
        CraftedSet("packs 0", "list/products/1/packs", .number("0")),
        CraftedSet("packs negative", "list/products/1/packs", .number("-3")),
        CraftedSet("packs beyond 32 bits", "list/products/1/packs", .number("2147483648")),
        CraftedSet("packs a string", "list/products/1/packs", .string("6")),
        CraftedSet("packs a fraction", "list/products/1/packs", .number("1.5")),
        CraftedSet("a product amount 0", "list/products/0/amount", .string("0")),
        CraftedSet("a product amount negative", "list/products/0/amount", .string("-500")),
        CraftedSet("a product price negative", "list/products/0/price", .string("-249/100")),
        CraftedSet("a product in litres on a mass list", "list/products/0/unit", .string("L")),
        CraftedSet("a product in an unknown unit", "list/products/0/unit", .string("parsec")),
        CraftedSet("a product without a name", "list/products/0/name", nil),
        CraftedSet("a product name that is a number", "list/products/0/name", .number("7")),
        CraftedSet("the list's type unknown", "list/type", .string("time")),
        CraftedSet("the list's type not shoppable", "list/type", .string("flow")),
        CraftedSet("a basis of 0 g", "list/basis", .object([("amount", .string("0")), ("unit", .string("g"))])),
        CraftedSet("a basis in litres on a mass list", "list/basis", .object([("amount", .string("1")), ("unit", .string("L"))])),
        CraftedSet("a currency of two symbols", "list/currency", .object([("unit", .string("$$"))])),
        CraftedSet("a currency that is a mass", "list/currency", .object([("unit", .string("kg"))])),
        CraftedSet("draft packs 0", "list/draft/packs", .number("0")),
        CraftedSet("draft price negative", "list/draft/price", .string("-1")),
        CraftedSet("draft price a JSON number", "list/draft/price", .number("3")),
        CraftedSet("draft unit unknown", "list/draft/unit", .string("parsec")),
        CraftedSet("draft name a number", "list/draft/name", .number("1")),
        CraftedSet("draft name with a line break", "list/draft/name", .string("a\nb")),
        CraftedSet("a product name with a line break", "list/products/0/name", .string("a\nb")),
        CraftedSet("products not an array", "list/products", .object([])),
        // Numbers.
        CraftedSet("an exact number beyond 4096 bits", "variables/x", .string("1" + String(repeating: "0", count: 1300))),
        CraftedSet("an exact denominator beyond 4096 bits", "variables/x", .string("1/1" + String(repeating: "0", count: 1300))),
        CraftedSet("approximate infinity", "variables/x", .string("~inf")),
        CraftedSet("approximate not a number", "variables/x", .string("~nan")),
        CraftedSet("a zero denominator", "variables/x", .string("1/0")),
        CraftedSet("a number with blanks", "variables/x", .string(" 1")),
        CraftedSet("a number that is a JSON number", "variables/x", .number("1")),
        // Names, digits, dates.
        CraftedSet("a variable named after a function", "variables/sqrt", .string("1")),
        CraftedSet("a variable named after a command", "variables/add", .string("1")),
        CraftedSet("a variable named ans", "variables/ans", .string("1")),
        CraftedSet("a variable name that is not a name", "variables/2x", .string("1")),
        CraftedSet("a variable name with a blank", "variables/a b", .string("1")),
        CraftedSet("an empty variable name", "variables/", .string("1")),
        CraftedSet("a set named by a number", "name", .string("42")),
        CraftedSet("a set name with an escape sequence", "name", .string("bad\u{1B}[2J")),
        CraftedSet("a set name that is a number", "name", .number("3")),
        CraftedSet("a set name too long", "name", .string(String(repeating: "b", count: 101))),
        CraftedSet("digits 0", "digits", .number("0")),
        CraftedSet("digits 31", "digits", .number("31")),
        CraftedSet("digits beyond Int", "digits", .number("1e400")),
        CraftedSet("saved_at not a date", "saved_at", .string("yesterday\u{1B}[2J")),
        CraftedSet("saved_at a number", "saved_at", .number("20261121")),
        CraftedSet("last_estimator unknown", "last_estimator", .string("kettle")),
        CraftedSet("last_estimator a number", "last_estimator", .number("1")),
        CraftedSet("a headline that is a number", "headline", .number("5")),
        CraftedSet("a headline with an escape sequence", "headline", .string("dose: \u{1B}]0;pwned\u{7}")),
        CraftedSet("a set that is not an object", "", .array([])),
        // Functions: read again as their definitions, so no file brings in what a session refuses.
        CraftedSet("a function named after a command", "functions/add", function(["x"], "x")),
        CraftedSet("a function named after a built-in one", "functions/sqrt", function(["x"], "x")),
        CraftedSet("a function name that is not a name", "functions/2f", function(["x"], "x")),
        CraftedSet("a function named as a variable is", "functions/y", function(["x"], "x")),
        CraftedSet("a function that calls itself", "functions/area", function(["w", "h"], "area(h, w)")),
        CraftedSet("functions that call each other", "functions", .object([("f", function(["x"], "g(x)")), ("g", function(["x"], "f(x)"))])),
        CraftedSet("a parameter twice", "functions/area", function(["w", "w"], "w")),
        CraftedSet("a parameter that is not a name", "functions/area", function(["w h"], "1")),
        CraftedSet("a parameter that is a number", "functions/area", .object([("parameters", .array([.number("1")])), ("body", .string("1"))])),
        CraftedSet("no parameters", "functions/area", function([], "1")),
        CraftedSet("a body with an escape sequence", "functions/area", function(["w", "h"], "w\u{1B}[2J")),
        CraftedSet("a body that does not read", "functions/area", function(["w", "h"], "w * * h")),
        CraftedSet("an empty body", "functions/area", function(["w", "h"], "")),
        CraftedSet("a body that is a definition", "functions/area", function(["w", "h"], "w) = (h")),
        CraftedSet("a body nested too deeply", "functions/area", function(["w"], String(repeating: "(", count: 300) + "w" + String(repeating: ")", count: 300))),
        CraftedSet("a call with the wrong number of arguments", "functions/twice", function(["p"], "gross(p, p)")),
        CraftedSet("functions that are not an object", "functions", .array([])),
        CraftedSet("group a number", "group", .number("1")),
        CraftedSet("a deal that does not lower the price", "list/products/0/deal", .string("3 for 300")),
        CraftedSet("a deal that is no deal", "list/products/0/deal", .string("fish")),
        CraftedSet("a deal with an escape sequence", "list/products/0/deal", .string("3 for 2\u{1B}[2J")),
        CraftedSet("a deal that is a number", "list/products/0/deal", .number("3")),
        CraftedSet("a deal too long", "list/products/0/deal", .string("2 for " + String(repeating: "1", count: 300))),
        CraftedSet("a deal naming a variable", "list/products/0/deal", .string("2 for x")),
        CraftedSet("club a word", "list/club", .string("on")),
        CraftedSet("group a word", "group", .string("on")),
        CraftedSet("a body that is not text", "functions/area", .object([("parameters", .array([.string("w")])), ("body", .number("1"))])),
    ]

    static func function(_ parameters: [String], _ body: String) -> JSON {
        .object([("parameters", .array(parameters.map(JSON.string))), ("body", .string(body))])
    }
}

struct CraftedFileTests {
    @Test("a crafted set is left out with its reason, and the others kept", arguments: CraftedSet.all)
    func crafted(_ crafted: CraftedSet) throws {
        let contents = try SavedSetsFile.decode(crafted.bytes)
        #expect(contents.sets.map(\.name) == ["good"])
        #expect(contents.unreadable.map(\.position) == [2])
        #expect(contents.unreadable.allSatisfy { !$0.reason.isEmpty && !$0.reason.unicodeScalars.contains { $0.value < 0x20 } })
        // Whatever is read can be recalled and used without a crash.
        guard contents.sets.map(\.name) == ["good"] else { return }
        for set in contents.sets { exercise(set) }
    }

    @Test("the set as written reads back and can be used")
    func untouched() throws {
        let contents = try SavedSetsFile.decode(CraftedSet("unchanged", "name", .string("bad")).bytes)
        #expect(contents == SavedSetsFile.Contents(sets: [CraftedSet.good, CraftedSet.bad]))
        for set in contents.sets { exercise(set) }
    }

    @Test("reasons", arguments: [
        ("inputs/dose.soil", JSON.object([("word", .string("filthy"))]), "set 2 ('bad'): dose.soil is light, normal or heavy, not filthy"),
        ("inputs/boiler.steam", .object([("word", .string("lots"))]), "set 2 ('bad'): boiler.steam is a number, not lots"),
        ("inputs/steam", .object([("quantity", .string("1"))]), "set 2 ('bad'): no estimator input 'steam'"),
        ("inputs/boiler.steam", .object([("quantity", .string("-5"))]),
         "set 2 ('bad'): boiler.steam must be more than 0 kg/h, not -5 kg/h"),
        ("list/products/1/packs", .number("0"),
         "set 2 ('bad'): the list: product 2: the number of packs must be a whole number from 1 to 2147483647, as in 6x330"),
        ("variables/sqrt", .string("1"), "set 2 ('bad'): 'sqrt' is a function and cannot be a variable name"),
        ("functions/area", CraftedSet.function(["w", "h"], "area(h, w)"),
         "set 2 ('bad'): the functions: area(w, h) = area(h, w): 'area' would call itself and never end: per has no conditions to stop a recursion"),
        ("functions/sqrt", CraftedSet.function(["x"], "x"),
         "set 2 ('bad'): the functions: sqrt(x) = x: 'sqrt' is a function and cannot be a function name"),
        ("name", .string("bad\u{1B}[2J"), "set 2: a saved set's name cannot hold control characters"),
        ("name", .string("bad\u{61C}"), "set 2: a saved set's name cannot hold control characters"),
        // Names are refused from a file as they are when typed.
        ("list/products/1/name", .string("Milk\u{1B}[2J"), "set 2 ('bad'): the list: product 2: its name holds control characters: Milk\\u{1B}[2J"),
        ("list/products/1/name", .string("Milk\u{202E}klim"), "set 2 ('bad'): the list: product 2: its name holds control characters: Milk\\u{202E}klim"),
        ("list/draft/name", .string("a\tb"), "set 2 ('bad'): the list: the draft: its name holds control characters: a\\u{9}b"),
        ("list/products/1/name", .string("Milk\u{61C}"), "set 2 ('bad'): the list: product 2: its name holds control characters: Milk\\u{61C}"),
        // Text from the file is shown, never obeyed, and cut short.
        ("inputs/dose.soil", .object([("word", .string("\u{1B}]0;x\u{7}\u{202E}"))]),
         "set 2 ('bad'): dose.soil is light, normal or heavy, not \\u{1B}]0;x\\u{7}\\u{202E}"),
        ("inputs/dose.soil", .object([("word", .string(String(repeating: "w", count: 500)))]),
         "set 2 ('bad'): " + String("dose.soil is light, normal or heavy, not \(String(repeating: "w", count: 500))".prefix(200)) + "…"),
    ])
    func reasons(_ path: String, _ value: JSON, _ expected: String) throws {
        let contents = try SavedSetsFile.decode(CraftedSet("", path, value).bytes)
        #expect(contents.unreadable.map { "\($0.label): \($0.reason)" } == [expected])
    }

    @Test("a product name with a soft hyphen or a zero-width space, which earlier versions took, still reads back")
    func olderHiddenCharacters() throws {
        for name in ["Soft\u{AD}ware", "Zero\u{200B}width", "Tag\u{E0041}"] {
            let contents = try SavedSetsFile.decode(CraftedSet("", "list/products/1/name", .string(name)).bytes)
            #expect(contents.unreadable == [], "\(name.debugDescription)")
            #expect(contents.sets.count == 2)
        }
    }

    @Test("values far beyond the exact range are kept in 55 digits, and read back holding the value")
    func hugeApproximateValues() throws {
        // Written as their bounds, they took seconds to write and could not be read back:
        // a kept session holding one was moved aside at the next start.
        let made = session(["y = exp(230000.5)", "w = 1e-99999", "v = -sqrt(2)*1e99999", "u = 1/exp(230000)"])
        let saved = SavedSet(name: "huge", savedAt: "2026-11-21T10:00:00+0000", state: made.state, headline: nil)
        let bytes = SavedSetsFile.encode([saved])
        #expect(bytes.count < 2000)
        let contents = try SavedSetsFile.decode(bytes)
        #expect(contents.unreadable == [])
        let back = try #require(contents.sets.first).state.variables
        #expect(back.count == 4)
        for (name, value) in made.state.variables {
            guard case .approximate(let original) = value.magnitude, case .approximate(let read)? = back[name]?.magnitude else {
                Issue.record("\(name) is not approximate both ways")
                continue
            }
            #expect(read.lower <= original.lower && original.upper <= read.upper, "\(name)")
            #expect(NumberDisplay.display(value.magnitude, digits: 30).text == NumberDisplay.display(back[name]!.magnitude, digits: 30).text)
        }
    }

    @Test("a second set of the same name is left out")
    func duplicateNames() throws {
        let contents = try SavedSetsFile.decode(SavedSetsFile.encode([CraftedSet.good, CraftedSet.bad, set("good", ["x = 2"])]))
        #expect(contents.sets == [CraftedSet.good, CraftedSet.bad])
        #expect(contents.unreadable.map { "\($0.label): \($0.reason)" } == ["set 3 ('good'): a set before it has the same name"])
    }

    @Test("every kind of state the core makes reads back whole", arguments: [
        ["x = 2^4000", "y = 1/3^2000", "z = -(2^4095)"],
        ["a = sqrt(2) * 1e300", "b = 1e-300 / 7", "c = -0.1 + 0.2"],
        ["add 3 12 items", "add $2 6x2 pods", "basis 3 pods"],
        ["type volume", "basis 100 ml", "add 1.5€ 750 ml Wine", "add 2€ 2x1 L"],
        ["price 0", "qty 5", "unit kg", "name Dräft 中"],
        ["qty 2147483647x1 g", "price £3"],
        ["add $2 1 kg", "rate 1 € = 1.08 $", "add €3 2 kg", "add (1/3) EUR 1 kg", "price 2 EUR"],
        ["dose pods load=three-quarters water=very-hard", "invest years=1.5 rate=-99.5% monthly=-1e300 compound=365 timing=start fee=99.99%"],
        ["boiler steam=1e-300 kg/s tds=1e300 maxtds=1e301 condensate=99.999% hours=1e-9", "cooling recirc=1 m3/h dt=100 cycles=100"],
        ["digits 1", "add 0 1 g", "add 0 2 g", "compare"],
        ["digits 30", "add 1 1 g", "remove 1", "add 2 1 g"],
        ["group on", "x = 1e6"],
        ["add 12.99 2.95 l Persil", "add 15.99 64 loads Pods", "dose liquid water=hard", "basis dose"],
        ["add $2 1 kg A deal 3 for 2", "add $3 2 kg B deal 2 for $5", "add $1 1 kg C deal club 0.5", "add $4 1 kg D deal -12.5%",
         "add $5 1 kg E deal coupon 0.25", "add $6 1 kg F deal 2nd half", "add $7 1 kg G deal bogo", "club off"],
        ["k = 5%", "f(x) = x * (1 + k)", "g(a, b) = f(a) + f(b) to fraction", "unset k"],
    ])
    func everyState(_ lines: [String]) throws {
        let made = session(lines)
        let saved = SavedSet(name: "all", savedAt: "2026-11-21T10:00:00+0000", state: made.state, headline: made.estimates.lastEstimate?.headline)
        let contents = try SavedSetsFile.decode(SavedSetsFile.encode([saved]))
        #expect(contents.unreadable == [])
        #expect(contents.sets == [saved])
    }
}

/// Inputs the saved-sets fuzzer (Tests/Fuzz/FuzzSavedSets.swift) found, minimized: each
/// once made a state that did not read back.
struct FuzzFindingTests {
    @Test("found by fuzzing: every set read, recalled and used, saves and reads back whole", arguments: [
        // A draft named "\n": `add` made a product whose name the reader refused.
        #"{"format":"per saved sets","version":1,"sets":[{"name":"s","saved_at":"2026-11-22T10:22:00","digits":1,"variables":{},"inputs":{},"list":{"type":"count","next_id":3,"products":[],"draft":{"price":"4","amount":"1","name":"\n"}}}]}"#,
    ])
    func finding(_ text: String) throws {
        let contents = try SavedSetsFile.decode(Array(text.utf8))
        for set in contents.sets {
            var session = Session()
            _ = session.recall(set)
            for line in ["vars", "add 1 1 kg", "compare", "best", "need 3 kg", "add", "dose", "boiler", "deaerator", "cooling", "invest"] {
                _ = session.run(line: line)
            }
            let again = SavedSet(name: set.name, savedAt: set.savedAt, state: session.state, headline: set.headline)
            #expect(try SavedSetsFile.decode(SavedSetsFile.encode([again])).sets == [again])
        }
    }
}

/// Recalls `set` into a fresh session and runs what a user would run next.
func exercise(_ set: SavedSet) {
    var session = Session()
    _ = session.recall(set)
    for line in ["vars", "add 1 1 kg", "add 2 3 kg", "compare", "best", "need 2 kg", "dose", "boiler", "deaerator", "cooling", "invest",
                 "vars dose", "vars boiler", "vars deaerator", "vars invest", "vars cooling", "add", "saved", "fns", "area(2, 3)", "twice(1)"] {
        _ = session.run(line: line)
    }
}

struct FileVersionTests {
    @Test("versions that are not whole numbers from 1 are not per's", arguments: ["0", "-1", "1.5", "1e1", "\"1\"", "null"])
    func badVersion(_ version: String) {
        let text = "{\"format\": \"per saved sets\", \"version\": \(version), \"sets\": []}"
        #expect(throws: SavedSetsFile.ReadError.self) { try SavedSetsFile.decode(Array(text.utf8)) }
        #expect((try? SavedSetsFile.decode(Array(text.utf8))) == nil)
        do {
            _ = try SavedSetsFile.decode(Array(text.utf8))
        } catch {
            guard case .corrupt = error else { Issue.record("\(error)"); return }
        }
    }


    @Test("a version too big for Int is a newer per's file, left alone", arguments: [
        "99999999999999999999", "18446744073709551616", "1000000000000000000000000000000000000000",
    ])
    func hugeVersion(_ version: String) {
        let text = "{\"format\": \"per saved sets\", \"version\": \(version), \"sets\": []}"
        do {
            _ = try SavedSetsFile.decode(Array(text.utf8))
            Issue.record("a file from a newer per was read")
        } catch {
            guard case .newerVersion(let read) = error else { Issue.record("\(error)"); return }
            #expect(read == version)
        }
    }
}

/// A `saved.json` written by per 0.1.0 (format version 1), kept to prove that later
/// formats read it without loss.
struct FormatUpgradeTests {
    /// The statements that made `Fixtures/saved-0.1.0.json`'s set `plant`.
    static let plantStatements = [
        "price_each = 1.99", "third = 1/3", "basis 100 g",
        "add €2.49 500 g Barilla", "add 3.99 1 kg \"Store brand\"", "add 4.99 6x250 g Multipack",
        "qty 750 g", "name Draft pasta",
        "boiler steam=4 t/h tds=300 condensate=60%", "dose liquid water=14dH load=5 soil=heavy",
    ]

    static func fixture(_ name: String) throws -> [UInt8] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test("a 0.1.0 file recalls the same session its statements make today")
    func version1() throws {
        let sets = try SavedSetsFile.decode(Self.fixture("saved-0.1.0.json")).sets
        #expect(sets.map(\.name) == ["plant"])
        var recalled = Session()
        _ = recalled.recall(sets[0])
        let made = session(Self.plantStatements)
        #expect(recalled.state.hasSameInputs(as: made.state))
        #expect(recalled.state == made.state)
        // And it goes on working as the session would (one that has printed the
        // estimators' notes, as the statements that made it did).
        var again = made
        for estimator in ["boiler", "dose"] { _ = recalled.run(line: estimator) }
        for line in ["compare", "boiler", "dose", "price_each * 3", "add"] {
            #expect(recalled.run(line: line).map(\.outcome) == again.run(line: line).map(\.outcome), "\(line)")
        }
    }
    @Test("a set kept before the residuals were renamed keeps them: boiler.sulphite is sulphite_residual")
    func renamedInputs() throws {
        var made = session(["boiler steam=1000 tds=300 sulphite=45 internal=20 amine=3"])
        let written = SavedSetsFile.encode([SavedSet(name: "old", savedAt: "2026-11-21T10:00:00+0000", state: made.state, headline: nil)])
        let renamed = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "_residual\"", with: "\"")
            .replacingOccurrences(of: "amine_dose\"", with: "amine\"")
        #expect(renamed.contains("\"boiler.sulphite\""))
        let sets = try SavedSetsFile.decode(Array(renamed.utf8)).sets
        var recalled = Session()
        _ = recalled.recall(sets[0])
        #expect(recalled.state.hasSameInputs(as: made.state))
        #expect(recalled.run(line: "boiler").map(\.outcome) == made.run(line: "boiler").map(\.outcome))
    }
}
