import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The user's own units (`unit NAME = QUANTITY`, SPEC §17): exact conversions against
/// fractions worked by hand, plurals, refusals naming what was wrong, hostile names, and
/// saved sets that bring them back.
@Suite struct UserUnitTests {
    /// Definitions, an expression, and its exact value and unit: the fractions by hand
    /// (a pound is 45359237/100000000 kg; a mile 1609.344 m; a US gallon 3.785411784 L).
    static let conversions: [(definitions: [String], expression: String, value: Rational, unit: String)] = [
        (["unit bottle = 0.5 L", "unit crate = 20 bottle"], "2 crates to L", Rational(20), "L"),
        (["unit bottle = 0.5 L", "unit crate = 20 bottle"], "25 L to crates", Rational(5, 2), "crates"),
        (["unit lbt = (1/3) lb"], "1 lbt to g", Rational(45_359_237, 300_000), "g"),
        (["unit lbt = (1/3) lb"], "3 lbts to lb", Rational(1), "lb"),
        (["unit shift = 8 h"], "1 shift + 30 min", Rational(17, 16), "shifts"),
        (["unit sack = 25 kg", "unit pallet = 40 sack"], "1 pallet to lb", Rational(100_000_000_000, 45_359_237), "lb"),
        (["unit box = 12 items"], "36 items to boxes", Rational(3), "boxes"),
        (["unit gross2 = 144 items"], "2 gross2 to items", Rational(288), "items"),
        (["unit drum = 55 gal"], "1 drum to L", Rational(208_197_648_12, 100_000_000), "L"),
        (["unit flux = 2 kg/h"], "3 fluxes * 2 h to kg", Rational(12), "kg"),
        (["unit tile = 0.25 m*m"], "8 tiles to m2", Rational(2), "m²"),
        (["unit step = 5 ΔK"], "3 steps to ΔK", Rational(15), "ΔK"),
        // Forgetting a unit leaves the units made with it as they were.
        (["unit bottle = 0.5 L", "unit crate = 20 bottle", "forget unit bottle"], "1 crate to ml", Rational(10_000), "ml"),
        // Redefining one leaves what was computed in the old one at its value.
        (["unit bottle = 0.5 L", "x = 2 bottles", "unit bottle = 1 L"], "x to L", Rational(1), "L"),
    ]

    @Test("a unit of one's own converts exactly", arguments: conversions)
    func converts(definitions: [String], expression: String, value: Rational, unit: String) throws {
        var made = session(definitions)
        let results = made.run(line: expression)
        guard case .success = results.first?.outcome else { Issue.record("\(expression): \(results)"); return }
        let result = try #require(made.calculator.lastResult)
        #expect(result.magnitude == .exact(value), "\(expression)")
        #expect(result.unit.symbol == unit, "\(expression)")
    }

    static let plurals: [(String, String)] = [
        ("crate", "crates"), ("box", "boxes"), ("battery", "batteries"), ("tray", "trays"), ("bus", "buses"),
        ("batch", "batches"), ("dish", "dishes"), ("gross2", "gross2"), ("TEU", "TEUs"), ("shift", "shifts"),
        // English's own plurals, not the rule's (found trying §17 as a new user: 3 sheeps).
        ("sheep", "sheep"), ("fish", "fish"), ("series", "series"), ("person", "people"), ("child", "children"),
        ("leaf", "leaves"), ("mouse", "mice"), ("tomato", "tomatoes"),
    ]

    @Test("a name reads in the singular and in its plural", arguments: plurals)
    func plural(name: String, plural: String) throws {
        #expect(UserUnits.plural(of: name) == plural)
        var made = session(["unit \(name) = 2 kg"])
        for written in [name, plural] {
            let results = made.run(line: "3 \(written) to kg")
            guard case .success = results.first?.outcome else { Issue.record("3 \(written): \(results)"); continue }
            #expect(made.calculator.lastResult?.magnitude == .exact(Rational(6)), "\(written)")
        }
    }

    /// A statement after `setup`, the code it is refused with, and a word of its message.
    static let refusals: [(setup: [String], statement: String, code: ProblemCode, says: String)] = [
        ([], "unit kg = 2 lb", .reservedName, "'kg' is a built-in unit"),
        ([], "unit kilogram = 2 lb", .reservedName, "(kg, a mass)"),
        ([], "unit bag = 25 kg", .reservedName, "'bag' is a built-in unit (bags, a count)"),
        ([], "unit EUR = 5", .reservedName, "currency"),
        ([], "unit add = 5 kg", .reservedName, "a command"),
        ([], "unit dose = 5 ml", .reservedName, "a command"),
        ([], "unit sqrt = 5 ml", .reservedName, "a function"),
        ([], "unit e = 5 ml", .reservedName, "a constant"),
        ([], "unit to = 5 ml", .reservedName, "a keyword"),
        ([], "unit today = 5 ml", .reservedName, "a date"),
        (["twice(x) = 2 * x"], "unit twice = 5 ml", .reservedName, "a function of yours"),
        (["x = 5"], "unit x = 5 ml", .nameTaken, "'x' is a variable"),
        (["unit crate = 10 L"], "unit crates = 1 L", .nameTaken, "your unit 'crate'"),
        (["unit crates = 1 L"], "unit crate = 10 L", .nameTaken, "is your unit 'crates'"),
        ([], "unit x = 0 kg", .outOfRange, "0 kg"),
        ([], "unit x = -1 kg", .outOfRange, "-1 kg"),
        ([], "unit x = 5 °C", .temperaturePoint, "5 °C"),
        ([], "unit x = 300 K", .temperaturePoint, "300 K"),
        ([], "unit x = $5", .invalidArgument, "money"),
        ([], "unit x = €2/kg", .invalidArgument, "money"),
        ([], "unit x = 2026-01-01", .datePoint, "2026-01-01"),
        ([], "unit x = sqrt(2) kg", .needsExact, "approximate"),
        ([], "unit x = pi * 1 m", .needsExact, "approximate"),
        ([], "unit x = 1 kg ± 0.1 kg", .rangeRefused, "range"),
        ([], "unit 2x = 1 kg", .invalidArgument, "'2x'"),
        ([], "unit a-b = 1 kg", .invalidArgument, "'a-b'"),
        ([], "forget unit nothing", .unknownUnit, "'nothing'"),
        ([], "forget unit", .missingArgument, "forget unit NAME"),
    ]

    @Test("a definition that cannot be is refused, naming what was wrong", arguments: refusals)
    func refused(setup: [String], statement: String, code: ProblemCode, says: String) {
        var made = session(setup)
        let before = made.calculator.units
        guard case .failure(let diagnostic)? = made.run(line: statement).first?.outcome else {
            // `crate2` after `crates2` is a name the plural of which is taken: refused too.
            Issue.record("\(statement) was not refused"); return
        }
        if code != .invalidArgument || !says.isEmpty { #expect(diagnostic.problem.code == code, "\(statement): \(diagnostic.message)") }
        #expect(diagnostic.message.contains(says), "\(statement): \(diagnostic.message)")
        #expect(made.calculator.units == before)
    }

    /// Names with what a terminal acts on, or far too long: refused, the message readable.
    static let hostileNames: [String] = [
        "a\u{1B}[31mb", "a\u{0}b", "a\u{7}b", "\u{202E}evil", "a\u{200B}b", "ab\u{8}", String(repeating: "x", count: 10_000),
        String(repeating: "\u{1B}", count: 100), "a\u{85}b", "na\u{0301}me\u{1B}",
    ]

    @Test("a hostile name is refused and never reaches the terminal raw", arguments: hostileNames)
    func hostile(name: String) {
        var made = Session()
        guard case .failure(let diagnostic)? = made.run(line: "unit \(name) = 1 kg").first?.outcome else {
            Issue.record("a hostile name was taken"); return
        }
        #expect(!VisibleText.hasHidden(diagnostic.message))
        #expect(diagnostic.message.unicodeScalars.count < 300)
        #expect(made.calculator.units.isEmpty)
    }

    @Test("at most 1,000 units; the next is refused, a redefinition is not")
    func cap() {
        var made = Session()
        for index in 0..<UserUnits.maxCount {
            if case .failure(let diagnostic)? = made.run(line: "unit u\(index)x = \(index + 1) g").first?.outcome {
                Issue.record("\(index): \(diagnostic.message)"); return
            }
        }
        guard case .failure(let diagnostic)? = made.run(line: "unit onemore = 1 g").first?.outcome else {
            Issue.record("the 1,001st unit was taken"); return
        }
        #expect(diagnostic.problem.code == .limitExceeded)
        guard case .success? = made.run(line: "unit u0x = 2 g").first?.outcome else { Issue.record("a redefinition was refused"); return }
    }

    @Test("a saved set brings its units back, and a quantity in them, whatever the session defines")
    func savedSet() throws {
        let saved = set("beer", ["unit bottle = 0.5 L", "unit crate = 20 bottle", "x = 2 crates", "f(n) = n * 1 crate"])
        let read = try SavedSetsFile.decode(SavedSetsFile.encode([saved])).sets
        #expect(read == [saved])
        var restored = Session()
        restored.restore(try #require(read.first).state)
        _ = restored.run(line: "x to L")
        #expect(restored.calculator.lastResult?.magnitude == .exact(Rational(20)))
        _ = restored.run(line: "f(3) to L")
        #expect(restored.calculator.lastResult?.magnitude == .exact(Rational(30)))
        #expect(restored.calculator.units.entries.map(\.name) == ["bottle", "crate"])
    }

    /// Keys a crafted file might hold: each names no unit, and none crashes.
    static let badKeys: [String] = [
        "user:x|0|kg^1", "user:x|-1|kg^1", "user:x|1/0|kg^1", "user:\u{1B}x|1|kg^1", "user:x|1|user:y|1|kg^1^1", "user:x|1|nounit^1",
        "user:x|1|kg^0", "user:x|1|kg^99", "user:x|1|kg^1|kg^1", "user:x|1|date^1", "user:", "user:x", "user:x|",
        "user:x|" + String(repeating: "9", count: 5000) + "|kg^1", "user:2x|1|kg^1",
    ]

    @Test("a crafted key names no unit", arguments: badKeys)
    func badKey(key: String) {
        #expect(UserUnits.unit(key: key) == nil)
    }

    @Test("completion offers one's own units where it offers units of their dimension")
    func completion() {
        let made = session(["unit sack = 25 kg", "unit shift = 8 h"])
        #expect(Completion.candidates(for: "2 kg to s", in: made).contains("sack"))
        #expect(!Completion.candidates(for: "2 kg to s", in: made).contains("shift"))
        #expect(Completion.candidates(for: "add 12.99 2 s", in: made).contains("sacks"))
        #expect(Completion.candidates(for: "forget unit ", in: made) == ["sack", "shift"])
        // After a number in an expression, where every unit is offered (found by a new user).
        #expect(Completion.candidates(for: "5 sa", in: made).contains("sack"))
        #expect(Completion.candidates(for: "5 shi", in: made) == ["shift", "shifts"])
    }

    @Test("unit UNIT without = still sets the draft's unit")
    func draftUnit() {
        var made = session(["unit crate = 10 L", "price 12.99", "qty 2", "unit crates"])
        #expect(made.list.draft.unit?.symbol == "crates")
        _ = made.run(line: "unit kg")
        #expect(made.list.draft.unit?.symbol == "kg")
    }
}
