import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §17, unknown words: a word after a number that is no unit says `unknown unit`, and
/// suggests only units within two edits (Damerau–Levenshtein, optimal string alignment) of
/// any dimension, those of the fitting dimension first. The expected names were worked out
/// by hand from the catalogue's names (and checked with a separate Python implementation
/// of the distance): `stoen` is one swap from `stone`, two edits from `stones` (the same
/// unit) and from `ton` (which reads several ways, so is no suggestion).
struct UnknownUnitWordTests {
    @Test("suggestions within the edits a word's length allows, none beyond, one per unit", arguments: [
        ("stoen", nil, ["stone"]), ("stne", nil, ["stone"]), ("miel", nil, ["mil", "mile"]), ("foo", nil, ["foot"]),
        // min, mins and mile are one edit from mine; min and mins are one unit.
        ("mine", nil, ["min", "mile"]), ("mine", .length, ["mile", "min"]), ("mine", .time, ["min", "mile"]),
        // miles one swap; mins and moles two edits: moles only after the closer ones.
        ("mlies", nil, ["miles"]),
        ("kilometrs", nil, ["kilometre"]), ("amperz", nil, ["ampere"]), ("voltz", nil, ["volt"]),
        ("gall", .volume, ["gal", "gill"]),
        // Nothing of the catalogue within two edits: no suggestion rather than a far one.
        ("zorkmid", nil, []), ("smoots", nil, []), ("qwertyzzz", nil, []), ("milessss", nil, []),
        ("milesss", nil, ["miles"]),
        // A word of four letters or fewer: one edit at most (mole is two from mioe).
        ("mioe", nil, ["mile"]), ("mioe", Dimension(substance: 1), ["mile"]),
        // One letter: any short unit is an edit away, so none.
        ("x", nil, []), ("q", .mass, []),
    ] as [(String, Dimension?, [String])])
    func suggestions(_ word: String, _ fitting: Dimension?, _ expected: [String]) {
        #expect(UnitTable.suggestions(for: word, fitting: fitting) == expected)
    }

    @Test("the fitting dimension first: lbz is an edit from lb (mass) and lbf (force)", arguments: [
        (nil, ["lb", "lbf"]), (.mass, ["lb", "lbf"]), (.force, ["lbf", "lb"]),
        // psy: psi (pressure) and PS (power); shorter first when nothing fits.
        (nil, ["PS", "psf", "psi"]),
    ] as [(Dimension?, [String])])
    func fittingFirst(_ fitting: Dimension?, _ expected: [String]) {
        let word = expected.contains("psi") ? "psy" : "lbz"
        #expect(UnitTable.suggestions(for: word, fitting: fitting) == expected)
    }

    @Test("at most three suggestions, and one for a word of two letters")
    func fewSuggestions() {
        // gm is one edit from g, gr, mg, cm, km, mm, m, gh, GJ, MG and gpm.
        #expect(UnitTable.suggestions(for: "gm", fitting: nil) == ["g"])
        #expect(UnitTable.suggestions(for: "gm", fitting: .mass) == ["g"])
        #expect(UnitTable.suggestions(for: "gm", fitting: .length) == ["m"])
        // cms is one edit from cm, cfs, cm2 (= cm²), cm3 (= ml), cmh and ms: the three that
        // start as it does, shortest first, then in alphabetical order.
        #expect(UnitTable.suggestions(for: "cms", fitting: nil) == ["cm", "cfs", "cm2"])
    }

    @Test("hostile words: no crash, no suggestion, and bounded work", arguments: [
        "\u{1}\u{7}\u{1B}[31m", String(repeating: "a", count: 10_000), String(repeating: "stone", count: 2_000), "\u{0}",
        "st\u{0}ne", "é\u{301}\u{301}\u{301}", "🙂🙂", String(repeating: "\u{301}", count: 5_000),
    ])
    func hostile(_ word: String) {
        let found = UnitTable.suggestions(for: word, fitting: nil)
        #expect(found.allSatisfy { UnitTable.unit(named: $0) != nil })
        #expect(word.utf8.count < 100 || found.isEmpty)
    }

    @Test("a word after a number that is no unit is an unknown unit", arguments: [
        ("5 stoen", .problem(.syntax(.unknownUnit("stoen", suggestions: ["stone"])), column: 3)),
        ("5 zorkmid", .problem(.syntax(.unknownUnit("zorkmid", suggestions: [])), column: 3)),
        ("3 smoots", .problem(.syntax(.unknownUnit("smoots", suggestions: [])), column: 3)),
        ("5 Stoen", .problem(.syntax(.unknownUnit("Stoen", suggestions: ["stone"])), column: 3)),
        ("(2+3) stoen", .problem(.syntax(.unknownUnit("stoen", suggestions: ["stone"])), column: 7)),
        ("5 stoen + 1", .problem(.syntax(.unknownUnit("stoen", suggestions: ["stone"])), column: 3)),
        ("5stoen", .problem(.syntax(.unknownUnit("stoen", suggestions: ["stone"])), column: 2)),
        // After `to`, the value's dimension fits: the time first.
        ("5 mine to km", .problem(.syntax(.unknownUnit("mine", suggestions: ["mile", "min"])), column: 3)),
        ("5 mine to h", .problem(.syntax(.unknownUnit("mine", suggestions: ["min", "mile"])), column: 3)),
        ("1 kg to stoen", .problem(.syntax(.unknownUnit("stoen", suggestions: ["stone"])), column: 9)),
        ("1 h to mine", .problem(.syntax(.unknownUnit("mine", suggestions: ["min", "mile"])), column: 8)),
        ("2 kgs", "2 kg"), ("5 stone", "5 st"),
        // A name is no unit: a variable, a constant, a function stay what they were.
        // One letter reads as algebra (2x), where an operator is missing.
        ("2 x", .problem(.syntax(.operatorExpected(before: "'x'")), column: 3)),
        ("2 pi", .problem(.syntax(.operatorExpected(before: "'pi'")), column: 3)),
        ("2 sqrt(4)", .problem(.syntax(.operatorExpected(before: "'sqrt'")), column: 3)),
        ("2 ans", .problem(.syntax(.operatorExpected(before: "'ans'")), column: 3)),
    ] as [(String, Seen)])
    func afterNumber(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("a variable after a number stays an operand without an operator")
    func variableAfterNumber() {
        #expect(result(of: "2 x", after: ["x = 3"]) == .problem(.syntax(.operatorExpected(before: "'x'")), column: 3))
    }

    @Test("names in commands stay names: products near a unit are not refused", arguments: [
        "add 2.49 500 g Pasta", "add 1.09 1 l Milk", "add 1.09 1 l milk", "add 3 1 kg Miel",
    ])
    func namesInCommands(_ input: String) {
        #expect(!result(of: input).isProblem)
    }

    /// SPEC §17: a compound unit converts to its named equivalent. Expected values by hand:
    /// 1 kg × 9.81 m/s² = 9.81 N; 5 A × 230 V = 1150 W; 3 V / 2 A = 1.5 Ω; 1 kWh / 1 h = 1 kW.
    @Test("a compound unit converts to its named equivalent", arguments: [
        ("1 kg * 9.81 m/s^2 to N", "9.81 N"), ("kg*m/s^2 to N", "1 N"), ("5 A * 230 V to W", "1150 W"),
        ("5 A * 230 V to kW", "1.15 kW"), ("1 J/s to W", "1 W"), ("3 V / 2 A to ohm", "1.5 Ω"), ("1 kWh / 1 h to kW", "1 kW"),
        ("2 N * 3 m to J", "6 J"), ("10 N / 2 m^2 to Pa", "5 Pa"), ("2 A * 3 s to coulomb", "6 coulomb"),
        ("5 A * 230 V", "1150 A·V"),
    ] as [(String, Seen)])
    func namedEquivalent(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

}
