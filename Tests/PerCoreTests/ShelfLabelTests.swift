import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// The shelf-label check (`label 5.20 per kg`): exact, with a label rounded to its last
/// decimal (never finer than the cent) a match. Figures worked by hand.
@Suite("Shelf labels")
struct ShelfLabelTests {
    static func check(_ lines: [String]) -> Result<ShelfLabelCheck, Diagnostic> {
        var session = Session()
        var last: StatementOutcome = .failure(Diagnostic(ArgumentError.unexpected(""), at: 0..<0))
        for line in lines { last = session.run(line: line)[0].outcome }
        return last.flatMap { outcome in
            guard case .shelfLabel(let check, _) = outcome else { return .failure(Diagnostic(ArgumentError.unexpected("\(outcome)"), at: 0..<0)) }
            return .success(check)
        }
    }

    @Test("the label against price ÷ size", arguments: [
        // 2.49 / 0.5 kg = 4.98 per kg; 5.20 / 4.98 = 1.04417…
        (["add 2.49 500 g Pasta label 5.20 per kg"], "the label says 5.20 per kg; price and size give 4.98 per kg: the label is 4.4% high", false, Rational(BigInt(2200), BigInt(498))),
        (["add 2.49 500 g Pasta", "label 4.98 per kg"], "#1 Pasta: the label says 4.98 per kg; price and size give 4.98 per kg: it matches", true, Rational(0)),
        // Per 100 g: 0.498; a label of 0.50 is that to the cent.
        (["add 2.49 500 g Pasta", "label 0.50 per 100 g"], "#1 Pasta: the label says 0.50 per 100 g; price and size give ≈ 0.50 per 100 g: it matches", true, Rational(BigInt(200), BigInt(498))),
        // Three decimals are rounded to a tenth of a cent: 0.399 is not 0.398 (3.99 / 1 kg per 100 g = 0.399).
        (["add 3.99 1 kg Rice", "label 0.398 per 100 g"], "#1 Rice: the label says 0.398 per 100 g; price and size give 0.399 per 100 g: the label is 0.3% low", false, Rational(BigInt(-100), BigInt(399))),
        // Money: 1.29 / 1.5 L = 0.86 per L; a label of €0.869 is half a cent off.
        (["add €1.29 1.5 l Cola label €0.86/l"], "the label says €0.86/l; price and size give €0.86/l: it matches", true, Rational(0)),
        (["add €1.29 1.5 l Cola label 0.89 per l"], "the label says €0.89 per l; price and size give €0.86 per l: the label is 3.5% high", false, Rational(BigInt(300), BigInt(86))),
        // A multipack: 2.34 / (6 × 1.5 L) = 0.26 per L.
        (["add 2.34 6x1.5 l Water label 0.26 per l"], "the label says 0.26 per l; price and size give 0.26 per l: it matches", true, Rational(0)),
    ] as [([String], String, Bool, Rational)])
    func checks(lines: [String], message: String, matches: Bool, percent: Rational) throws {
        let check = try Self.check(lines).get()
        #expect(check.message == message)
        #expect(check.matches == matches)
        #expect(check.percentOff == percent)
    }

    @Test("the tolerance: half a unit of the label's last decimal, half a cent when it shows cents or fewer", arguments: [
        // 2.49 / 500 g = 4.98 per kg exactly.
        ("add 2.49 500 g Pasta", "4.98", true), ("add 2.49 500 g Pasta", "4.980", true), ("add 2.49 500 g Pasta", "4.99", false),
        ("add 2.49 500 g Pasta", "4.975", false), ("add 2.49 500 g Pasta", "5", false), ("add 2.49 500 g Pasta", "4.9801", false),
        // 1.99 / 300 g = 6.6333… per kg: 6.63 is it to the cent, 6.64 is not; 6.633 to a tenth of a cent.
        ("add 1.99 300 g Tea", "6.63", true), ("add 1.99 300 g Tea", "6.64", false), ("add 1.99 300 g Tea", "6.633", true),
        ("add 1.99 300 g Tea", "6.634", false),
    ] as [(String, String, Bool)])
    func tolerance(add: String, label: String, matches: Bool) throws {
        #expect(try Self.check([add, "label \(label) per kg"]).get().matches == matches, "\(label)")
    }

    @Test("refusals at their column", arguments: [
        (["label 5.20 per kg"], ShoppingError.labelWithoutProduct, 7),
        (["add 2.49 500 g Pasta", "label"], .labelNotAPrice, 6),
        (["add 2.49 500 g Pasta", "label 5 per l"], .labelOfOtherKind(label: "5 per l", product: "500 g"), 7),
        (["add 2.49 500 g Pasta", "label -5 per kg"], .labelNotAPrice, 7),
    ] as [([String], ShoppingError, Int)])
    func refusals(lines: [String], error: ShoppingError, column: Int) {
        guard case .failure(let diagnostic) = Self.check(lines) else { Issue.record("accepted"); return }
        #expect(diagnostic.problem == .shopping(error))
        #expect(diagnostic.range.lowerBound + 1 == column)
    }

    @Test("where label starts on an add: the last unquoted label before a number or money")
    func labelWord() {
        #expect(Session.labelWord(in: StatementSource("add 2.49 500 g Pasta label 5.20 per kg"))?.lowerBound == 21)
        #expect(Session.labelWord(in: StatementSource("add 2.49 500 g Label Pasta")) == nil)
        #expect(Session.labelWord(in: StatementSource("add 2.49 500 g \"Pasta label\" label €5 per kg"))?.lowerBound == 29)
        #expect(Session.labelWord(in: StatementSource("add 2.49 500 g Pasta \"label\" 5")) == nil)
    }
}
