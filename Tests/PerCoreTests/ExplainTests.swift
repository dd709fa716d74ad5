import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §12: `explain STATEMENT` prints how per read a statement, percent rules included,
/// and changes nothing.
struct ExplainTests {
    private static func explained(_ line: String, after setup: [String] = []) -> [String] {
        var session = Session()
        for earlier in setup { _ = session.run(line: earlier) }
        switch session.run(line: line).last?.outcome {
        case .success(.explanation(let lines)): return lines
        case .failure(let diagnostic): return ["problem: \(diagnostic.message)"]
        default: return ["<no explanation>"]
        }
    }

    @Test("each step with its values, each rule with the other way to write it", arguments: [
        ("explain 80 + 10%", ["80 + 10% is shop percent: 80 × (1 + 10%) = 88; write 80 + 0.1 to add 0.1", "= 88"]),
        ("explain 2026-01-31 + 1 month", ["2026-01-31 + 1 month = 2026-02-28 (31 February is past the month's end: the month's last day)",
                                          "= 2026-02-28"]),
        ("explain 500 g < 1 lb", ["500 g < 1 lb, compared in one unit: false", "= false"]),
        ("explain weekday(2026-11-25)", ["weekday(2026-11-25) = 2026-11-25", "= Wednesday"]),
        ("explain 3.99 - 20%", ["3.99 − 20% is shop percent: 3.99 × (1 − 20%) = 3.192; write 3.99 − 0.2 to subtract 0.2", "= 3.192"]),
        ("explain 45.99 + tax", ["tax is your variable: 8%",
                                 "45.99 + 8% is shop percent: 45.99 × (1 + 8%) = 49.6692; write 45.99 + 0.08 to add 0.08", "= 49.6692"]),
        ("explain 15% * 200", ["15% × 200 = 30 (a percentage is its share here: 15% is 0.15)", "= 30"]),
        ("explain 10% + 80", ["10% + 80 = 80.1 (a percentage is its share here: 10% is 0.1)", "= 80.1"]),
        ("explain $2.49 + 0.50", ["$2.49 + 0.5 = $2.99 (a plain number beside money is that money)", "= $2.99"]),
        ("explain 20% off $50", ["20% off $50.00 is a discount: $50.00 − 20% = $40.00", "= $40.00"]),
        ("explain €119 incl 19% vat", ["€119.00 incl 19% vat is a gross price: net = €119.00 ÷ (1 + 19%) = €100.00", "= €100.00"]),
        ("explain -2^2", ["2 ^ 2 = 4", "−(4) = -4", "= -4"]),
        ("explain 3 kg + 200 g to lb", ["3 kg + 200 g = 3.2 kg (in the left operand's unit)", "3.2 kg to lb ≈ 7.05479238992 lb",
                                        "≈ 7.05479238992 lb"]),
        ("explain 6 x 330 ml", ["6 × 330 ml = 1980 ml: 6 packs of 330 ml", "= 1980 ml"]),
        // SPEC §17: a compound unit with a named equivalent is named by its dimension.
        ("explain 1 kg * 9.81 m/s^2 to N", ["1 kg × 9.81 m/s² = 9.81 kg·m/s² (a force: to N names it)",
                                            "9.81 kg·m/s² to N = 9.81 N (a force)", "= 9.81 N"]),
        ("explain 5 A * 230 V", ["5 A × 230 V = 1150 A·V (a power: to W names it)", "= 1150 A·V"]),
        ("explain 3 V / 2 A to ohm", ["3 V ÷ 2 A = 1.5 V/A (a resistance: to Ω names it)", "1.5 V/A to Ω = 1.5 Ω (a resistance)",
                                      "= 1.5 Ω"]),
        ("explain 2 m * 3 m", ["2 m × 3 m = 6 m²", "= 6 m²"]),
        ("explain y = sqrt(2)", ["sqrt(2) ≈ 1.41421356237", "then y ≈ 1.41421356237"]),
        ("explain add 3.49 6 x 330 ml Cola", ["add reads: price 3.49, quantity 6×330 ml (6 packs of 330 ml), name 'Cola'"]),
        ("explain add 2.49 500 g x 2 Pasta deal 3 for 2", ["add reads: price 2.49, quantity 2×500 g (2 packs of 500 g), name 'Pasta', deal 3 for 2, buy 3: 1.66 per kg (shelf 2.49)"]),
        ("explain 1/0", ["problem: division by zero"]),
        ("explain compare", ["problem: explain reads expressions, assignments and add; 'help compare' tells how compare reads what follows it"]),
        ("explain", ["problem: explain needs a statement, as in explain 80 + 10%"]),
    ])
    func steps(_ line: String, _ expected: [String]) {
        #expect(Self.explained(line, after: ["tax = 8%"]) == expected)
    }

    @Test("explain changes nothing: no variable, no product, no last result, no undo step")
    func changesNothing() {
        var session = Session(keepsHistory: true)
        _ = session.run(line: "7 * 6")
        let before = session.state, revision = session.revision, last = session.calculator.lastResult
        _ = session.run(line: "explain x = 5; explain add 1 1 kg Rice; explain 2 + 2")
        #expect(session.state == before && session.revision == revision && session.calculator.lastResult == last)
    }
}
