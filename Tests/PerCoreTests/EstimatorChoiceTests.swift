import Testing
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The words an estimator's choice inputs accept are the spellings of their enums' cases:
/// the words typed, shown and kept in saved sets, which a renamed case must not change.
/// Expected words and factors are the product spec's (`dose` and `invest` inputs).
@Suite struct EstimatorChoiceTests {
    @Test(arguments: [
        ("dose", "form", ["liquid", "powder", "pods"]),
        ("dose", "load", ["quarter", "half", "three-quarters", "full"]),
        ("dose", "soil", ["light", "normal", "heavy"]),
        ("dose", "water", ["soft", "medium", "hard", "very-hard"]),
        ("invest", "compound", ["annually", "semiannually", "quarterly", "monthly", "daily", "1", "2", "4", "12", "365"]),
        ("invest", "timing", ["end", "start"]),
    ])
    func words(estimator: String, key: String, words: [String]) throws {
        let spec = try #require(Estimators.named(estimator)?.spec(key))
        #expect(spec.choices == words)
    }

    @Test func eachWordNamesItsChoice() {
        #expect(Dose.Form.allCases.map { Dose.Form(word: $0.word) } == Dose.Form.allCases)
        #expect(Dose.Fill(word: "three-quarters") == .threeQuarters)
        #expect(Dose.Fill.threeQuarters.share == .decimal("0.75"))
        #expect(Dose.Soil(word: "heavy")?.factor == .decimal("1.5"))
        #expect(Dose.Soil(word: "very") == nil)
        #expect(HardnessBand(word: "very-hard") == .veryHard)
        // `compound=12` is monthly, and the conventions name it so.
        #expect(Invest.Compounding(word: "12") == .monthly)
        #expect(Invest.Compounding(word: "365")?.name == "daily")
        #expect(Invest.Compounding(word: "semiannually")?.periodsPerYear == 2)
        #expect(Invest.Compounding(word: "3") == nil)
        #expect(Invest.Timing(word: "start") == .start)
    }

    /// A default is one of its input's words.
    @Test(arguments: [("dose", "soil", "normal"), ("dose", "water", "medium"), ("invest", "compound", "monthly"), ("invest", "timing", "end")])
    func defaults(estimator: String, key: String, word: String) throws {
        let spec = try #require(Estimators.named(estimator)?.spec(key))
        #expect(spec.defaultValue == .word(word))
    }
}
