/// Water hardness bands for laundry dosing (README, "dose", after DETERGO), in mmol/L:
/// soft < 1.5 ≤ medium ≤ 2.5 < hard ≤ 3.8 < very hard.
public enum HardnessBand: String, Sendable, CaseIterable {
    case soft, medium, hard, veryHard = "very-hard"

    public init(millimolesPerLitre value: Number) {
        if value < .decimal("1.5") { self = .soft }
        else if value <= .decimal("2.5") { self = .medium }
        else if value <= .decimal("3.8") { self = .hard }
        else { self = .veryHard }
    }

    /// The dose multiplier: soft 0.8, medium 1, hard 1.25, very hard 1.5.
    public var factor: Number {
        switch self {
        case .soft: return .decimal("0.8")
        case .medium: return 1
        case .hard: return .decimal("1.25")
        case .veryHard: return .decimal("1.5")
        }
    }
}

/// `dose`: laundry detergent for one wash (README, "dose", after the DETERGO dosing guide).
public enum Dose: Estimator {
    public static let name = "dose"
    public static let summary = "laundry detergent for one wash"
    public static let positionalInput: String? = "form"
    public static let example = "dose liquid load=full drum=9 soil=heavy water=20gpg"

    static let kilogram = UnitTable.compound("kg")!
    static let millimolesPerLitre = UnitTable.compound("mmol/l")!
    /// The load a pack's dose is written for, kg.
    static let referenceLoad = Number.decimal("4.5")
    static let fillLevels: [String: Number] = ["quarter": .decimal("0.25"), "half": .decimal("0.5"),
                                               "three-quarters": .decimal("0.75"), "full": 1]
    static let soilFactors: [String: Number] = ["light": .decimal("0.75"), "normal": 1, "heavy": .decimal("1.5")]

    public static let inputs: [InputSpec] = [
        InputSpec("form", .choice(["liquid", "powder", "pods"]), "detergent form"),
        InputSpec("load", .quantityOrChoice(kilogram, choices: ["quarter", "half", "three-quarters", "full"]),
                  "dry laundry, or how full the drum is", default: .quantity(Quantity(referenceLoad, kilogram)),
                  range: .above(0, upTo: 50)),
        InputSpec("drum", .quantity(kilogram), "drum capacity", default: .quantity(Quantity(7, kilogram)), range: .from(1, to: 20)),
        InputSpec("soil", .choice(["light", "normal", "heavy"]), "how dirty the laundry is", default: .word("normal")),
        InputSpec("water", .quantityOrChoice(millimolesPerLitre, choices: HardnessBand.allCases.map(\.rawValue)),
                  "water hardness", default: .word("medium"), range: .from(0, to: 20)),
        InputSpec("base", .oneOf([UnitTable.compound("ml")!, UnitTable.compound("g")!]), "the pack's dose for 4.5 kg, medium water, normal soil",
                  default: .number(75), range: .above(0, upTo: 1000)),
        InputSpec("scoop", .quantity(UnitTable.compound("g")!), "grams in one scoop of powder", range: .above(0, upTo: 1000), optional: true),
    ]

    /// Liquid or powder, in ml or g: base × max(0.5, load/4.5) × soil × water, before
    /// rounding. Soil: light 0.75, normal 1, heavy 1.5; water: `HardnessBand.factor`.
    static func unroundedAmount(base: Number, loadKg: Number, soil: Number, band: HardnessBand) throws(ArithmeticError) -> Number {
        let loadFactor = max(Number.decimal("0.5"), try loadKg / referenceLoad)
        return try base * loadFactor * soil * band.factor
    }

    /// Pods: 1, or 2 when the soil is heavy, the water hard or very hard, or the load over 6 kg.
    static func pods(loadKg: Number, soil: String, band: HardnessBand) -> Int {
        soil == "heavy" || band == .hard || band == .veryHard || loadKg > 6 ? 2 : 1
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let form = inputs.word("form")!
        let drum = inputs.number("drum")
        let soil = inputs.word("soil")!
        let loadKg: Number = try formulas { () throws(ArithmeticError) in
            if let fill = inputs.word("load") { return try fillLevels[fill]! * drum }
            return inputs.number("load")
        }
        let hardness = inputs.optionalNumber("water")
        let band = hardness.map(HardnessBand.init(millimolesPerLitre:)) ?? HardnessBand(rawValue: inputs.word("water")!)!

        var lines: [Estimate.Line] = []
        var result: [Estimate.Field] = []
        let amount: Number, unit: String
        if form == "pods" {
            amount = Number(pods(loadKg: loadKg, soil: soil, band: band))
            unit = amount == 1 ? "pod" : "pods"
            let reasons = (soil == "heavy" ? ["heavy soil"] : []) + (band == .hard || band == .veryHard ? ["\(band.rawValue) water"] : [])
                + (loadKg > 6 ? ["over 6 kg"] : [])
            lines.append(.init("dose", EstimateFormat.number(amount), unit,
                               note: reasons.isEmpty ? "1 pod for a normal wash" : "2 pods for " + reasons.listed("and")))
        } else {
            unit = form == "liquid" ? "ml" : "g"
            let wanted: Dimension = form == "liquid" ? .volume : .mass
            if let given = inputs.unit(of: "base"), given.dimension != wanted {
                throw .baseDoseOfOtherKind(form: form, wanted: wanted, given: inputs.used.first { $0.key == "base" }?.text ?? given.symbol,
                                           is: given.dimension)
            }
            let exact = try formulas { () throws(ArithmeticError) in
                try unroundedAmount(base: inputs.number("base"), loadKg: loadKg, soil: soilFactors[soil]!, band: band)
            }
            amount = try formulas { () throws(ArithmeticError) in try exact.rounded(.nearest, step: 5) }
            lines.append(.init("dose", EstimateFormat.number(amount), unit,
                               note: "\(EstimateFormat.number(exact)) \(unit), to the nearest 5 \(unit)"))
            if form == "powder", let scoop = inputs.optionalNumber("scoop") {
                let scoops = try formulas { () throws(ArithmeticError) in try (exact / scoop).rounded(.nearest, step: .decimal("0.5")) }
                lines.append(.init("scoops", EstimateFormat.number(scoops), scoops == 1 ? "scoop" : "scoops",
                                   note: "of \(EstimateFormat.number(scoop)) g, to the nearest half"))
                result.append(.init("scoops", .number(scoops)))
            }
        }
        let fillNote = inputs.word("load").map { "\($0) drum of \(EstimateFormat.number(drum)) kg" } ?? ""
        lines.append(.init("load", EstimateFormat.number(loadKg), "kg", note: fillNote))
        lines.append(.init("water", hardness.map(EstimateFormat.number) ?? band.rawValue,
                           hardness == nil ? "" : "mmol/L", note: hardness == nil ? "" : band.rawValue))

        var warnings: [String] = []
        if loadKg > drum {
            warnings.append("too much laundry: \(EstimateFormat.number(loadKg)) kg in a \(EstimateFormat.number(drum)) kg drum; split it into two washes")
        } else if loadKg < 1 || (try? loadKg * 4 < drum) == true {
            warnings.append("too little laundry: \(EstimateFormat.number(loadKg)) kg is under 1 kg or a quarter of the drum; wait for a fuller load")
        }
        if amount.isZero {
            warnings.append("the dose rounds to 0 \(unit): check the pack's base dose (base=\(EstimateFormat.number(inputs.number("base"))))")
        }
        result = [.init("amount", .number(amount)), .init("unit", .text(unit)), .init("load_kg", .number(loadKg)),
                  .init("hardness_mmol_l", hardness.map { .number($0) } ?? .none), .init("band", .text(band.rawValue))] + result
        return Estimate(
            estimator: name, inputs: inputs.used, lines: lines,
            conventions: [
                "base dose for 4.5 kg of laundry, medium water and normal soil; scaled by load (never below half), soil (light 0.75, heavy 1.5) and water (soft 0.8, hard 1.25, very hard 1.5)",
                "hardness bands in mmol/L: soft < 1.5 ≤ medium ≤ 2.5 < hard ≤ 3.8 < very hard",
            ],
            warnings: warnings, table: nil, result: result,
            headline: "dose: \(EstimateFormat.number(amount)) \(unit) \(form == "pods" ? "" : form)".trimmingBlanks)
    }
}
