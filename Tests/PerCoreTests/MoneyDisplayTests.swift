import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Money shown to its currency's cents, to a cash step, or in full (`help money`).
struct MoneyDisplayTests {
    /// ±n/d rounded half away from zero to a multiple of 1/10^decimals (scaled by
    /// `step`, a whole number of those), by plain integer arithmetic, and whether that is
    /// the value: the rule written out once more, independently of per's rounding.
    static func expected(_ n: Int64, _ d: Int64, decimals: Int, step: Int64) -> (text: String, isExact: Bool, isZero: Bool) {
        let scale = Int128((0..<decimals).reduce(Int64(1)) { value, _ in value * 10 })
        let units = Int128(n.magnitude) * scale, divisor = Int128(d) * Int128(step)
        var steps = units / divisor
        if (units % divisor) * 2 >= divisor { steps += 1 }
        let minor = steps * Int128(step)
        let whole = String(minor / scale), fraction = String(minor % scale)
        let text = (n < 0 ? "-" : "") + whole + (decimals > 0 ? "." + String(repeating: "0", count: decimals - fraction.count) + fraction : "")
        return (text, minor * Int128(d) == Int128(n.magnitude) * scale, minor == 0)
    }

    @Test("cents, whole yen and cash steps match exact rational rounding on random amounts", arguments: [
        (2, Int64(1), MoneyRounding.cents), (0, 1, .cents), (2, 5, .cash(Rational(1, 20))), (2, 10, .cash(Rational(1, 10))),
    ] as [(Int, Int64, MoneyRounding)])
    func differential(_ decimals: Int, _ step: Int64, _ rounding: MoneyRounding) {
        var generator = SeededGenerator(seed: 2026 + UInt64(decimals) * 7 + UInt64(step))
        for _ in 0..<differentialCases(full: 2000) {
            let n = Int64(generator.next() % 100_000_000) - 50_000_000
            // Denominators that end (prices times tax rates) and ones that do not.
            let d = generator.below(2) == 0 ? Int64(generator.pick([1, 2, 4, 8, 16, 10, 100, 1000, 10_000, 40, 125]))
                : Int64(generator.below(9999) + 1)
            let r = Rational(BigInt(n), BigInt(d))
            let shown = rounding.display(.exact(r), decimals: decimals, digits: 12)
            let (text, isExact, isZero) = Self.expected(n, d, decimals: decimals, step: step)
            if isZero && !r.isZero {
                // Rounds to nothing: shown by its significant digits instead.
                #expect(shown == NumberDisplay.display(.exact(r), digits: 12), "\(r)")
                continue
            }
            #expect(shown == DisplayedNumber(text: text, isExact: isExact), "\(n)/\(d) with \(rounding)")
        }
    }

    @Test("the mode is kept in saved sets; a set saved before it came shows cents", arguments: [
        ["money exact"], ["money cash 0.05"], ["money cash 1"], ["money cents"], [],
    ])
    func savedSets(_ lines: [String]) throws {
        let saved = set("money", lines + ["x = 1"])
        let read = try SavedSetsFile.decode(SavedSetsFile.encode([saved])).sets
        #expect(read == [saved])
        var restored = Session()
        restored.restore(read[0].state)
        #expect(restored.calculator.money == session(lines).calculator.money)
    }

    @Test("an old saved set without the mode reads as cents")
    func oldSet() throws {
        let old = #"{"format":"per saved sets","version":2,"sets":[{"name":"s","saved_at":"2026-11-22T10:22:00+0000","digits":12,"variables":{},"inputs":{},"list":{"type":null,"next_id":1,"products":[],"draft":{}}}]}"#
        let read = try SavedSetsFile.decode(Array(old.utf8))
        #expect(read.unreadable == [])
        #expect(read.sets.first?.state.money == .cents)
    }

    @Test("a mode the file cannot hold is refused, not guessed", arguments: [
        #"{"rounding":"cash","step":"0"}"#, #"{"rounding":"cash","step":"1/3"}"#, #"{"rounding":"cash"}"#, #"{"rounding":"dimes"}"#, #""cents""#,
    ])
    func badModes(_ money: String) throws {
        let file = #"{"format":"per saved sets","version":2,"sets":[{"name":"s","saved_at":"2026-11-22T10:22:00+0000","digits":12,"money":"#
            + money + #","variables":{},"inputs":{},"list":{"type":null,"next_id":1,"products":[],"draft":{}}}]}"#
        let read = try SavedSetsFile.decode(Array(file.utf8))
        #expect(read.sets == [])
        #expect(read.unreadable.count == 1)
    }

    @Test("money with no word shows the mode; each mode reads back as set", arguments: [
        ([], "cents"), (["money exact"], "exact"), (["money cash 0.05"], "cash 0.05"), (["money cash $0.1"], "cash 0.1"),
    ] as [([String], String)])
    func setting(_ setup: [String], _ shown: String) {
        var session = session(setup)
        #expect(session.run(line: "money")[0].outcome == .success(.setting(name: "money", value: shown)))
    }
}
