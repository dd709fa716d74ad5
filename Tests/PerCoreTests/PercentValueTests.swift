import Foundation
import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §2: a percentage is the value, however it was written — a literal, a variable, a
/// function's result or a parenthesised expression — and money takes the shop rule too.
struct PercentValueTests {
    @Test("the rules, each way a percentage is written", arguments: [
        ("45.99 + tax", "49.6692"), ("45.99 + 8%", "49.6692"), ("45.99 + same(8%)", "49.6692"), ("45.99 + (8%)", "49.6692"),
        ("$45.99 + tax", "≈ $49.67"), ("15% * 200", "30"), ("200 * 15%", "30"), ("2% * 3%", "0.0006"),
        ("10% + 80", "80.1"), ("10% to fraction", "1/10"), ("tax to fraction", "2/25"), ("1% + 2%", "3%"),
        ("80 + 10%", "88"), ("200 + -50%", "100"), ("15% / 3", "0.05"), ("15% * 2 kg", "0.3 kg"), ("50% of 50%", "25%"),
    ] as [(String, Seen)])
    func rules(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["tax = 8%", "same(x) = x"]) == expected)
    }

    @Test("percent phrases: off, on, as % of, is p% of what, change(old, new)", arguments: [
        ("20% off $50", "$40.00"), ("20% on $50", "$60.00"), ("$40 as % of $50", "80%"), ("$40 is 80% of what", "$50.00"),
        ("3 kg as % of 6 kg", "50%"), ("tax off 100", "92"), ("100 is tax of what", "1250"),
        ("5 off 3", .problem(.syntax(.percentPhrase(word: "off", example: "20% off $50")), column: 3)),
        ("150% off $50", .problem(.quantity(.discountBeyondWhole), column: 4)), ("100% off $50", "$0.00"),
        ("100.5% off 10", .problem(.quantity(.discountBeyondWhole), column: 6)), ("150% on $50", "$125.00"),
        ("2 as % 3", .problem(.syntax(.percentPhrase(word: "as", example: "$40 as % of $50")), column: 3)),
        ("40 is 80 of what", .problem(.syntax(.percentPhrase(word: "is", example: "$40 is 80% of what")), column: 4)),
        ("1 kg as % of 1 l", .problem(.quantity(.conversion(from: .mass, to: .volume)), column: 6)),
        // A change shows its sign: + up, - down, none for none.
        ("change($3.99, $4.49)", "≈ +12.5313283208%"), ("change(4, 3)", "-25%"), ("change(1 kg, 1500 g)", "+50%"),
        ("change(2, 2)", "0%"), ("change(4, 5) to 2 dp", "+25.00%"), ("x = change(4, 5)", "+25%"), ("-change(4, 5)", "-25%"),
        ("(change(4, 5))", "+25%"), ("pct(4, 5)", "+25%"),
        // What is made from a change, or kept from one, is a value of its own, without the sign.
        ("change(4, 5) * 2", "0.5"), ("change(4, 5) + 1%", "26%"), ("ans", "25%"),
        ("change(0, 3)", .problem(.quantity(.arithmetic(.divisionByZero)), column: 1)),
    ] as [(String, Seen)])
    func phrases(_ line: String, _ expected: Seen) {
        #expect(result(of: line, after: ["tax = 8%", "pct(a, b) = change(a, b)", "change(4, 5)"]) == expected)
    }

    @Test("VAT both ways: the value is the net of a price incl tax, the gross of one excl it")
    func vat() {
        #expect(result(of: "ans", after: ["€119 incl 19% vat"]) == "€100.00")
        #expect(result(of: "ans", after: ["€119 incl 19% VAT"]) == "€100.00")
        #expect(result(of: "ans", after: ["€100 excl 19% Tax"]) == "€119.00")
        #expect(result(of: "ans", after: ["€100 excl 19% vat"]) == "€119.00")
        #expect(result(of: "ans", after: ["tax = 8%", "100 excl tax tax"]) == "108")
        #expect(result(of: "€119 incl vat") == .problem(.arguments(.noTaxRate), column: 11))
        #expect(result(of: "ans", after: ["vat 19%", "€119 incl vat"]) == "€100.00")
        #expect(result(of: "ans", after: ["vat 7%", "100 excl tax"]) == "107")
        #expect(result(of: "€119 incl vat", after: ["vat 19%", "vat off"]) == .problem(.arguments(.noTaxRate), column: 11))
        #expect(result(of: "vat 5 kg").isProblem)
        #expect(result(of: "€119 incl 19%") == .problem(.syntax(.taxPhrase(word: "incl")), column: 6))
        #expect(result(of: "€119 excl 19 vat") == .problem(.syntax(.taxPhrase(word: "excl")), column: 6))
    }

    @Test("the shown net, tax and gross add up, however they round", arguments: [
        ("€0.03 incl 100% vat", "≈ 0.02", "≈ 0.01", "0.03"), ("€10.005 incl 19% vat", "≈ 8.41", "≈ 1.60", "≈ 10.01"),
        ("€119 incl 19% vat", "100.00", "19.00", "119.00"), ("€0.05 excl 7% vat", "0.05", "≈ 0.00", "≈ 0.05"),
        // A net below a cent is shown by its digits, and so is the tax beside it.
        ("€0.01 incl 900% vat", "0.001", "0.009", "0.01"), ("€0.01 incl 1000% vat", "≈ 0.000909090909091", "≈ 0.00909090909091", "0.01"),
    ])
    func vatAddsUp(_ line: String, _ net: String, _ tax: String, _ gross: String) throws {
        var session = Session()
        guard case .tax(_, let shownNet, let shownTax, let shownGross, _) = try session.run(line: line)[0].outcome.get() else {
            Issue.record("\(line) gave no breakdown"); return
        }
        let text = { (shown: DisplayedQuantity) in (shown.isExact ? "" : "≈ ") + shown.number.text }
        #expect([text(shownNet), text(shownTax), text(shownGross)] == [net, tax, gross])
    }

    @Test("in money cash 0.05 the lines add up too")
    func vatAddsUpInCash() throws {
        var session = Session()
        _ = session.run(line: "money cash 0.05")
        for (line, expected) in [("€0.03 incl 100% vat", ["0.015", "≈ 0.035", "≈ 0.05"]), ("€10 incl 19% vat", ["≈ 8.40", "≈ 1.60", "10.00"])] {
            guard case .tax(_, let net, let tax, let gross, _) = try session.run(line: line)[0].outcome.get() else {
                Issue.record("\(line) gave no breakdown"); return
            }
            #expect([net, tax, gross].map { ($0.isExact ? "" : "≈ ") + $0.number.text } == expected, "\(line)")
        }
    }

    @Test("2,000 random prices: the shown tax is the shown gross less the shown net")
    func vatAddsUpRandomly() throws {
        var generator = SeededGenerator(seed: 38)
        for _ in 0..<2_000 {
            let cents = Int.random(in: 1...50_000, using: &generator), rate = Int.random(in: 0...2_000, using: &generator)
            let phrase = Bool.random(using: &generator) ? "incl" : "excl"
            let line = "€\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100) \(phrase) \(rate / 10).\(rate % 10)% vat"
            var session = Session()
            guard case .tax(_, let net, let tax, let gross, _) = try session.run(line: line)[0].outcome.get() else {
                Issue.record("\(line) gave no breakdown"); return
            }
            let (n, t, g) = (Decimal(string: net.number.text), Decimal(string: tax.number.text), Decimal(string: gross.number.text))
            #expect(n != nil && t != nil && g != nil && n! + t! == g!, "\(line): \(net.text) + \(tax.text) ≠ \(gross.text)")
        }
    }

    @Test("the VAT rate is kept in saved sets, and a set from before it has none")
    func vatKept() throws {
        var made = Session()
        _ = made.run(line: "vat 19%")
        let written = SavedSetsFile.encode([SavedSet(name: "shop", savedAt: "2026-11-26T10:00:00+0000", state: made.state, headline: nil)])
        let read = try SavedSetsFile.decode(written).sets[0]
        #expect(read.state.taxRate == made.calculator.taxRate && read.state.taxRate != nil)
        var recalled = Session()
        _ = recalled.recall(read)
        #expect(recalled.run(line: "€119 incl vat").map(\.outcome) == made.run(line: "€119 incl vat").map(\.outcome))
        // A file without the key, as before vat came, reads with no rate.
        let old = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\"vat\"", with: "\"vat_unknown\"")
        #expect(try SavedSetsFile.decode(Array(old.utf8)).sets.first?.state.taxRate == nil)
    }

    /// `a OP p%` and `p% OP a`, the percentage written four ways, against the rule computed
    /// here with rationals: a ± p% is a·(1 ± p/100); times and over use p/100; a percentage
    /// before a plain number in a sum is p/100.
    @Test("2,000 random cases against the rule computed with rationals")
    func againstReference() throws {
        var generator = SeededGenerator(seed: 12)
        var session = Session()
        _ = session.run(line: "same(x) = x")
        func decimal() -> (text: String, value: Rational) {
            let whole = generator.below(1000), hundredths = generator.below(100)
            let negative = generator.below(5) == 0
            let value = Rational(BigInt(whole * 100 + hundredths), BigInt(100))
            return ((negative ? "-" : "") + "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)", negative ? -value : value)
        }
        for _ in 0..<differentialCases(full: 2000) {
            let (aText, a) = decimal()
            var (pText, p) = decimal()
            if p.isZero { (pText, p) = ("1.00", Rational.one) }
            let op = generator.pick(["+", "-", "*", "/"])
            let percentFirst = generator.below(4) == 0 && op != "/"
            _ = session.run(line: "p = \(pText)%")
            let written = generator.pick(["(\(pText)%)", "p", "same(\(pText)%)", "(p)"])
            let line = percentFirst ? "r = \(written) \(op) (\(aText))" : "r = (\(aText)) \(op) \(written)"
            guard case .success? = session.run(line: line).last?.outcome.map({ _ in () }) else {
                Issue.record("\(line) failed"); continue
            }
            let share = p / Rational(100)
            let expected: Rational
            switch (op, percentFirst) {
            case ("+", false): expected = a * (Rational.one + share)
            case ("-", false): expected = a * (Rational.one - share)
            case ("+", true): expected = share + a
            case ("-", true): expected = share - a
            case ("*", _): expected = a * share
            default: expected = a / share
            }
            #expect(session.calculator.variables["r"] == Quantity(.exact(expected)), "\(line)")
        }
    }
}
