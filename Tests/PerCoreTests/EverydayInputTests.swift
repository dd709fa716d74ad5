import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §12: what people type is read as they meant it, or refused with the fix; never
/// read as another calculation without a word.
struct EverydayInputTests {
    /// What a statement gives in a fresh session after `setup`: an added product as its
    /// quantity and name, anything else as `result(of:after:)` sees it.
    static func seen(_ line: String, after setup: [String] = []) -> Seen {
        var session = Session()
        for earlier in setup { _ = session.run(line: earlier) }
        guard let last = session.run(line: line).last else { return "<nothing>" }
        switch last.outcome {
        case .failure(let diagnostic): return Seen(diagnostic)
        case .success(.productAdded(let product, _, _, _, _)): return .text("\(product.quantity.text) \(product.name)")
        default: return result(of: line, after: setup)
        }
    }

    @Test("each row of SPEC §12's table that this round reads or refuses", arguments: [
        // The spaced multipack, either way round.
        ("add 3.49 6 x 330 ml Cola", "6×330 ml Cola"),
        ("add 3.49 6 X 330ml Cola", "6×330 ml Cola"),
        ("add 3.49 500 g x 2 Pasta", "2×500 g Pasta"),
        ("6 x 330 ml to l", "1.98 L"),
        ("500 g x 2.5", .problem(.shopping(.packsNotWhole), column: 9)),
        // A decimal comma is never split into a number and a name.
        ("add 1 2,5 kg Rice", .problem(.arguments(.decimalCommaNumber("2,5")), column: 7)),
        ("add 1,99 1 kg Rice", .problem(.arguments(.decimalCommaNumber("1,99")), column: 5)),
        // GNU units' list of units is one statement: the list lb oz (UnitListTests).
        ("5.5 kg to lb;oz", "≈ 12 lb 2.00679072269 oz"),
        ("x = 1;y = 2", "2"),
        // Words in the wrong place get the statement they belong in.
        ("add 2 for 5 1 l Juice", .problem(.arguments(.dealBeforeProduct(example: "add 5 1 l Juice deal 2 for 5")), column: 5)),
        ("convert 1 kg lb", .problem(.arguments(.convertWithoutTo(example: "convert 1 kg to lb")), column: 14)),
        // Notation that reads two ways, and logarithms with no real value.
        ("3!!", .problem(.syntax(.doubleFactorial), column: 2)),
        ("(3!)!", "720"),
        ("log(8, -2)", .problem(.quantity(.arithmetic(.notReal("a logarithm to a base ≤ 0"))), column: 1)),
        ("log(8, 2)", "3"),
        // A rate is never made up.
        ("rate € = $", .problem(.arguments(.rateAmountsMissing), column: 6)),
        ("rate 1 € = $", .problem(.arguments(.rateAmountsMissing), column: 12)),
    ] as [(String, Seen)])
    func row(_ line: String, _ expected: Seen) {
        #expect(Self.seen(line) == expected)
    }
}
