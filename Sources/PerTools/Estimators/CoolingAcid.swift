import PerNumbers
import PerUnits
import PerLanguage

/// Sulphuric acid fed to a cooling tower (`help cooling`) to hold the tower water at a
/// target alkalinity, or at the alkalinity that gives a target Langelier index: the dose,
/// the product a day, the tower water's pH and LSI with it, and the cycles the other limits
/// then allow (the acid takes alkalinity off the list).
public enum CoolingAcid {
    /// Standard atomic weights (IUPAC, abridged to the figures water-treatment tables use):
    /// H 1.008, C 12.011, O 15.999, S 32.06, Ca 40.078.
    /// H₂SO₄ = 2 × 1.008 + 32.06 + 4 × 15.999 = 98.072 g/mol.
    public static let sulphuricAcid = Number.decimal("98.072")
    /// CaCO₃ = 40.078 + 12.011 + 3 × 15.999 = 100.086 g/mol.
    public static let calciumCarbonate = Number.decimal("100.086")

    /// H₂SO₄ a ppm of alkalinity as CaCO₃ removed: H₂SO₄ + Ca(HCO₃)₂ → CaSO₄ + 2 CO₂ + 2 H₂O,
    /// a mole of acid for the two equivalents a mole of CaCO₃ stands for, so 98.072/100.086
    /// = 0.97988 (the 0.98 water-treatment handbooks give).
    public static var acidPerAlkalinity: Number {
        get throws(ArithmeticError) { try sulphuricAcid / calciumCarbonate }
    }

    /// The alkalinity (ppm as CaCO₃) the acid must take from each m³ of make-up for the tower
    /// water to hold `target` at `cycles`: the make-up brings alkalinity × M, bleed and drift
    /// carry target × M/cycles out, the acid the rest.
    public static func alkalinityRemoved(makeup alkalinity: Number, target: Number, cycles: Number) throws(ArithmeticError) -> Number {
        try alkalinity - target / cycles
    }

    /// The least alkalinity (ppm as CaCO₃) an acid target may hold: at 1 ppm Puckorius's pH
    /// is 4.54 (log₁₀ 1 = 0), about the methyl-orange end point (pH 4.5) at which the total
    /// alkalinity is titrated away; below it the correlation goes on to pHs of water that
    /// holds none, and below pH 0 under 0.0008 ppm.
    public static let leastAlkalinity: Number = 1

    /// The tower water's pH at an alkalinity (ppm as CaCO₃): Puckorius's equilibrium pH of
    /// cooling water, pHeq = 1.465·log₁₀(alkalinity) + 4.54 (Puckorius and Brooke 1991), the
    /// one the Puckorius index takes.
    public static func equilibriumPH(alkalinity: Number, in context: EvaluationContext = .standard) throws(ArithmeticError) -> Number {
        try .decimal("1.465") * alkalinity.logarithm(base: 10, in: context) + .decimal("4.54")
    }

    /// The alkalinity (ppm as CaCO₃) at which water at `cycles` of a make-up with this
    /// calcium and TDS, at `celsius`, has a Langelier index `lsi` at its equilibrium pH:
    /// LSI = pHeq − pHs = 1.465·L + 4.54 − (9.3 + A + B − (log₁₀(Ca·c) − 0.4) − L) with
    /// L = log₁₀ alkalinity (Carrier's pHs, `Cooling.saturation`), so
    /// L = (LSI − 4.54 + 9.3 + A + B − log₁₀(Ca·c) + 0.4)/2.465 and the alkalinity is 10^L.
    public static func alkalinity(forLSI lsi: Number, calcium: Number, tds: Number, celsius: Number, cycles: Number,
                                  in context: EvaluationContext = .standard) throws(ArithmeticError) -> Number {
        // pHs at an alkalinity of 1 ppm (L = 0) is 9.3 + A + B − C.
        let pHsAtOne = try Cooling.saturation(ph: 0, calcium: try calcium * cycles, alkalinity: 1, tds: try tds * cycles,
                                              celsius: celsius, in: context).pHs
        let logAlkalinity = try (lsi - .decimal("4.54") + pHsAtOne) / .decimal("2.465")
        return try (logAlkalinity * Number(10).ln(in: context)).exp(in: context)
    }
}

extension Cooling.Input {
    package static let targetAlkalinity = InputSpec("target_alkalinity", .quantity(Cooling.ppm),
        "alkalinity to hold in the tower water with sulphuric acid, as CaCO3 (with alkalinity; from 1 ppm, "
        + "where Puckorius's pH is 4.54)", range: .atLeast(1), optional: true)
    package static let targetLSI = InputSpec("target_lsi", .quantity(.none),
        "Langelier index to hold in the tower water with sulphuric acid (with the scaling inputs)", range: .from(-3, to: 3), optional: true)
    package static let acidStrength = InputSpec("acid_strength", .percent, "H2SO4 in the sulphuric acid product (93% or 98% commonly; acid=sulphuric 93% names it)", alias: "acid",
        default: .number(93), range: .above(0, upTo: 100), product: sulphuric)
    /// Sulphuric acid by either spelling; the acids cooling towers are also fed, refused.
    package static let sulphuric = NamedProduct(names: ["sulphuric", "sulfuric", "h2so4"],
        others: ["hydrochloric", "muriatic", "hcl", "nitric", "phosphoric", "citric", "sulfamic", "sulphamic", "acetic", "formic", "oxalic"],
        kind: "acid")
    package static let acidDensity = InputSpec("acid_density", .quantity(UnitTable.compound("kg/L")!),
        "density of the acid product (93–98% sulphuric acid is about 1.83 kg/L)", default: .number(.decimal("1.83")), range: .above(0, upTo: 3))
}

extension Cooling {
    /// The acid's pack and price for the plan of the year, with its density, which its
    /// litres a day already take.
    package static let acidInputs = PlanningBlock.productInputs("acid", what: "acid product", density: Input.acidDensity)

    /// Refuses the acid's pack, price or pump without a target, which sets the acid fed.
    package static func checkAcidTarget(_ inputs: ResolvedInputs) throws(EstimateError) {
        guard !inputs.isGiven(Input.targetAlkalinity), !inputs.isGiven(Input.targetLSI),
              let first = [acidInputs.pack, acidInputs.price, acidPump.pump].first(where: inputs.isGiven) else { return }
        throw .rule(key: first, message: "\(first.key) needs target_alkalinity= or target_lsi=, which set the acid fed (help cooling)")
    }

    package enum AcidOutput {
        package static let dose = ResultSpec("acid_dose", json: "acid_ppm", .unit(ppm), .line("acid dose"), "H2SO4 on the make-up (with target_alkalinity or target_lsi)")
        package static let product = ResultSpec("acid", json: "acid_kg_day", .unit(UnitTable.compound("kg/day")!), .line("acid"), "acid product a day")
        package static let volume = ResultSpec("acid_volume", json: "acid_l_day", .unit(UnitTable.compound("L/day")!), .note(of: product.name),
                                               "acid product a day, by volume")
        package static let alkalinity = ResultSpec("tower_alkalinity", .unit(ppm), .line("alkalinity"), "the tower water's alkalinity with acid, as CaCO3")
        package static let ph = ResultSpec("ph_acid", .plain, .line("pH with acid"), "the tower water's pH with acid")
        package static let lsi = ResultSpec("lsi_acid", .plain, .line("LSI with acid"), "the tower water's Langelier index with acid")
        package static let maxCycles = ResultSpec("acid_max_cycles", .plain, .line("cycles allowed"),
                                                  "the most cycles the limits other than alkalinity allow, with acid")

        package static let all = [dose, product, volume, alkalinity, ph, lsi, maxCycles]
    }

    package static let acidGroups = [
        InputGroup(members: [Input.targetAlkalinity], needs: [Input.alkalinity], extras: [Input.acidStrength, Input.acidDensity]),
        InputGroup(members: [Input.targetLSI], needs: [Input.ph, Input.temp, Input.calcium, Input.alkalinity, Input.tds],
                   replaces: [Input.targetAlkalinity], extras: [Input.acidStrength, Input.acidDensity]),
    ]

    /// What the acid adds to an estimate: its results and conventions, and the limits the
    /// cycles pass with it (nil without acid; then the analysis's stand).
    package struct AcidPart {
        package var results: [ResultValue] = []
        package var conventions: [String] = []
        package var exceeded: [Estimate.ExceededLimit]?
        /// The product a day for each m³/h of make-up, kg: what the plan and the pump take.
        package var perMakeup: Number?
    }

    /// The acid's results at the tower's `cycles` and its make-up flow (m³/h).
    package static func acidResults(_ inputs: ResolvedInputs, cycles: Number, makeup: Number) throws(EstimateError) -> AcidPart {
        let byLSI = inputs.optionalNumber(Input.targetLSI)
        guard byLSI != nil || inputs.isGiven(Input.targetAlkalinity) else { return AcidPart() }
        let f = EstimateFormat.number
        let context = inputs.context
        let alkalinity = try inputs.number(Input.alkalinity), hours = try inputs.number(Input.hours)
        let strength = try inputs.fraction(Input.acidStrength), density = try inputs.number(Input.acidDensity)
        let scaling = inputs.optionalNumber(Input.calcium).flatMap { calcium in
            inputs.optionalNumber(Input.tds).flatMap { tds in inputs.optionalNumber(Input.temp).map { (calcium, tds, $0) } }
        }
        let target: Number
        if let byLSI, let (calcium, tds, celsius) = scaling {
            target = try formulas { () throws(ArithmeticError) in
                try CoolingAcid.alkalinity(forLSI: byLSI, calcium: calcium, tds: tds, celsius: celsius, cycles: cycles, in: context)
            }
        } else {
            target = try inputs.number(Input.targetAlkalinity)
        }
        if let byLSI, let (calcium, tds, celsius) = scaling, target < CoolingAcid.leastAlkalinity {
            // The LSI at the least alkalinity, at its pH: the smallest target that works.
            let least = try formulas { () throws(ArithmeticError) in
                let ph = try CoolingAcid.equilibriumPH(alkalinity: CoolingAcid.leastAlkalinity, in: context)
                return try Cooling.saturation(ph: ph, calcium: try calcium * cycles, alkalinity: CoolingAcid.leastAlkalinity,
                                              tds: try tds * cycles, celsius: celsius, in: context).lsi
            }
            throw .rule(key: Input.targetLSI, message: "target_lsi \(inputs.text(Input.targetLSI) ?? "") asks \(f(target)) ppm of alkalinity, "
                        + "under the \(f(CoolingAcid.leastAlkalinity)) ppm where Puckorius's pH is 4.54 and water still holds alkalinity: "
                        + "the smallest target_lsi here is \(f(least))")
        }
        let untreated = try formulas { () throws(ArithmeticError) in try alkalinity * cycles }
        guard target < untreated else {
            let key = byLSI == nil ? Input.targetAlkalinity : Input.targetLSI
            throw .rule(key: key, message: "at \(f(cycles)) cycles the tower water holds \(f(untreated)) ppm of alkalinity without acid, "
                        + "not above \(byLSI == nil ? "target_alkalinity" : "the \(f(target)) ppm target_lsi asks"): no acid is needed",
                        others: [Input.alkalinity])
        }
        let (results, perMakeup) = try formulas { () throws(ArithmeticError) in
            let removed = try CoolingAcid.alkalinityRemoved(makeup: alkalinity, target: target, cycles: cycles)
            let dose = try removed * CoolingAcid.acidPerAlkalinity
            // kg a day of product for each m³/h of make-up: g/m³ × h/day ÷ 1000 g/kg ÷ strength.
            let perMakeup = try dose * hours / 1000 / strength
            let product = try makeup * perMakeup
            let litres = try product / density
            let ph = try CoolingAcid.equilibriumPH(alkalinity: target, in: context)
            let mass = massFigures(inputs)
            let volume = try mass.gallons(litres, per: "day") ?? .number(litres, "L/day")
            var results = [AcidOutput.dose(dose, note: "H2SO4 on make-up, for \(f(removed)) ppm of its alkalinity"),
                           AcidOutput.product(product, note: "\(f(try strength * 100))% acid, \(Self.text(volume))", shown: try mass.daily(product)),
                           AcidOutput.volume(litres),
                           AcidOutput.alkalinity(target, note: "in the tower water, \(f(untreated)) ppm without acid"),
                           AcidOutput.ph(ph, note: "equilibrium pH at that alkalinity (Puckorius)")]
            if let (calcium, tds, celsius) = scaling {
                let water = try Cooling.saturation(ph: ph, calcium: try calcium * cycles, alkalinity: target, tds: try tds * cycles,
                                                   celsius: celsius, in: context)
                results.append(AcidOutput.lsi(water.lsi, note: "at \(f(cycles)) cycles: \(water.lsiReading)"))
            }
            return (results, perMakeup)
        }
        let allowed = try acidCycles(inputs, cycles: cycles)
        var exceeded = allowed.exceeded
        let ceiling = try inputs.number(Analysis.limitAlkalinity)
        if target > ceiling {
            exceeded.append(Estimate.ExceededLimit(input: byLSI == nil ? "target_alkalinity" : "the alkalinity target_lsi asks",
                                                   value: "\(f(target)) ppm", limit: "alkalinity", allowed: "\(f(ceiling)) ppm",
                                                   consequence: "the tower water would pass it; a lower target (more acid)", kind: .acidTarget))
        }
        let conventions = ["acid: 98.072/100.086 = 0.980 ppm H2SO4 a ppm of alkalinity as CaCO3; on the make-up, alkalinity − target/cycles, "
                           + "so the tower water holds the target; pH with acid 1.465·log10(alkalinity) + 4.54 (Puckorius), LSI at the cycles with it"]
        return AcidPart(results: results + allowed.results, conventions: conventions, exceeded: exceeded, perMakeup: perMakeup)
    }

    /// `4.76 L/day`: a figure as a note says it.
    private static func text(_ figure: Figure) -> String {
        guard case .number(let value) = figure.value else { return figure.unit }
        return "\(EstimateFormat.number(value)) \(figure.unit)"
    }

    /// The cycles the limits other than alkalinity's allow, the acid holding alkalinity: the
    /// lowest of each limit over its make-up value, for those whose make-up value is given;
    /// and every one of those limits the cycles pass, the lowest first.
    package static func acidCycles(_ inputs: ResolvedInputs, cycles: Number) throws(EstimateError)
        -> (results: [ResultValue], exceeded: [Estimate.ExceededLimit]) {
        var allowed: [(limit: Limit, cycles: Number)] = []
        for limit in limits where limit.makeup.key != Input.alkalinity.key {
            guard let makeup = inputs.optionalNumber(limit.makeup) else { continue }
            let ceiling = try inputs.number(limit.limit)
            allowed.append((limit, try formulas { () throws(ArithmeticError) in try maxCycles(limit: ceiling, makeup: makeup) }))
        }
        guard let lowest = allowed.min(by: { $0.cycles < $1.cycles }) else { return ([], []) }
        let f = EstimateFormat.number
        let exceeded = allowed.sorted(by: { $0.cycles < $1.cycles }).filter { cycles > $0.cycles }.map { entry in
            Estimate.ExceededLimit(input: "cycles", value: f(cycles), limit: entry.limit.name, allowed: f(entry.cycles),
                                   consequence: "the tower water would pass \(inputs.text(entry.limit.limit) ?? "its limit"), acid or not",
                                   bound: entry.cycles, kind: .towerLimit(entry.limit.constituent))
        }
        return ([AcidOutput.maxCycles(lowest.cycles, note: "with acid: set by \(lowest.limit.name)")], exceeded)
    }
}
