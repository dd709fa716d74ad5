import PerNumbers
import PerLanguage

/// What the make-up's analysis tells about a cooling tower (`help cooling`): the cycles
/// each limit in the circulating water allows, the Puckorius and Larson-Skold indices,
/// and the cycles measured by more than one conservative constituent.
extension Cooling {
    /// The analysis inputs beyond the scaling ones, and the limits in the tower water.
    /// The default limits are those of Palo Alto's cooling-tower code (Municipal Code
    /// 16.14.350), in mg/l (ppm), as CaCO₃ for calcium and alkalinity.
    package enum Analysis {
        package static let silica = InputSpec("silica", .quantity(ppm), "silica in the make-up, as SiO2", range: .above(0), optional: true)
        package static let chloride = InputSpec("chloride", .quantity(ppm), "chloride in the make-up", range: .above(0), optional: true)
        package static let sulphate = InputSpec("sulphate", .quantity(ppm), "sulphate in the make-up", range: .above(0), optional: true)
        package static let limitCalcium = InputSpec("limit_calcium", .quantity(ppm), "calcium limit in the tower water, as CaCO3",
                                            default: .number(600), range: .above(0))
        package static let limitAlkalinity = InputSpec("limit_alkalinity", .quantity(ppm), "alkalinity limit in the tower water, as CaCO3",
                                               default: .number(500), range: .above(0))
        package static let limitSilica = InputSpec("limit_silica", .quantity(ppm), "silica limit in the tower water, as SiO2",
                                           default: .number(150), range: .above(0))
        package static let limitChloride = InputSpec("limit_chloride", .quantity(ppm), "chloride limit in the tower water",
                                             default: .number(300), range: .above(0))
        package static let limitConductivity = InputSpec("limit_conductivity", .quantity(Conductivity.unit), "conductivity limit in the tower water",
                                                 default: .number(3300), range: .above(0))
        package static let towerChloride = InputSpec("tower_chloride", .quantity(ppm), "chloride in the tower water (with chloride: cycles by chloride)",
                                             range: .above(0), optional: true)
        package static let towerSilica = InputSpec("tower_silica", .quantity(ppm), "silica in the tower water (with silica: cycles by silica)",
                                           range: .above(0), optional: true)

        package static let inputs = [silica, chloride, sulphate, limitCalcium, limitAlkalinity, limitSilica, limitChloride, limitConductivity,
                             towerChloride, towerSilica]
    }

    /// A constituent of the make-up with a limit in the tower water: its name, its
    /// make-up input, its limit and the unit both are in.
    package struct Limit {
        package let constituent: Constituent
        package var name: String { constituent.rawValue }
        package let makeup: InputSpec
        package let limit: InputSpec
        package let unit: String
        /// `calcium_max_cycles`: the cycles this limit allows.
        package var result: ResultSpec { ResultSpec("\(name)_max_cycles", .plain, .table, "the cycles the \(name) limit allows") }
    }

    /// The constituents with a limit in the tower water.
    package enum Constituent: String, Sendable {
        case calcium, alkalinity, silica, chloride, conductivity
    }

    package static let limits = [
        Limit(constituent: .calcium, makeup: Input.calcium, limit: Analysis.limitCalcium, unit: "ppm as CaCO3"),
        Limit(constituent: .alkalinity, makeup: Input.alkalinity, limit: Analysis.limitAlkalinity, unit: "ppm as CaCO3"),
        Limit(constituent: .silica, makeup: Analysis.silica, limit: Analysis.limitSilica, unit: "ppm as SiO2"),
        Limit(constituent: .chloride, makeup: Analysis.chloride, limit: Analysis.limitChloride, unit: "ppm"),
        Limit(constituent: .conductivity, makeup: Input.makeupConductivity, limit: Analysis.limitConductivity, unit: "µS/cm"),
    ]

    /// A conservative constituent measured in the tower and the make-up: cycles are their ratio.
    package struct Measure {
        package let name: String
        package let tower: InputSpec
        package let makeup: InputSpec
        package let result: ResultSpec
    }

    package static let measures = [
        Measure(name: "conductivity", tower: Input.towerConductivity, makeup: Input.makeupConductivity,
                result: ResultSpec("cycles_by_conductivity", .plain, .table, "cycles by conductivity (with another measure)")),
        Measure(name: "chloride", tower: Analysis.towerChloride, makeup: Analysis.chloride,
                result: ResultSpec("cycles_by_chloride", .plain, .table, "cycles by chloride, tower over make-up")),
        Measure(name: "silica", tower: Analysis.towerSilica, makeup: Analysis.silica,
                result: ResultSpec("cycles_by_silica", .plain, .table, "cycles by silica, tower over make-up")),
    ]

    package enum AnalysisOutput {
        package static let maxCycles = ResultSpec("max_cycles", .plain, .line("max cycles"), "the most cycles every limit allows (with the make-up's analysis)")
        package static let maxCyclesBy = ResultSpec("max_cycles_by", .word, .note(of: maxCycles.name), "the constituent that sets the max cycles")
        package static let psi = ResultSpec("psi", .plain, .line("PSI"), "Puckorius index of the make-up (with the scaling inputs)")
        package static let psiCycled = ResultSpec("psi_cycled", .plain, .line("PSI cycled"), "Puckorius index at the cycles")
        package static let larsonSkold = ResultSpec("larson_skold", .plain, .line("Larson-Skold"), "Larson-Skold index (with chloride, sulphate, alkalinity)")

        package static let all = [maxCycles, maxCyclesBy, psi, psiCycled, larsonSkold] + limits.map(\.result) + measures.map(\.result)
    }

    /// The cycles a limit allows: the limit over the make-up's value.
    public static func maxCycles(limit: Number, makeup: Number) throws(ArithmeticError) -> Number { try limit / makeup }

    /// The Puckorius (practical scaling) index: PSI = 2·pHs − pHeq with the equilibrium pH
    /// pHeq = 1.465·log₁₀(alkalinity as CaCO₃) + 4.54 (Puckorius and Brooke 1991). Under 6
    /// scale-forming, 6 to 7 little scale or corrosion, over 7 corrosive.
    public static func puckorius(pHs: Number, alkalinity: Number,
                                 in context: EvaluationContext = .standard) throws(ArithmeticError) -> Number {
        try puckorius(pHs: pHs, logAlkalinity: alkalinity.logarithm(base: 10, in: context))
    }

    /// The same, from log₁₀ of the alkalinity.
    package static func puckorius(pHs: Number, logAlkalinity: Number) throws(ArithmeticError) -> Number {
        try 2 * pHs - (.decimal("1.465") * logAlkalinity + .decimal("4.54"))
    }

    /// The Larson-Skold index: (Cl⁻ + SO₄²⁻)/alkalinity in equivalents per million,
    /// chloride ÷ 35.453, sulphate ÷ 48.031, alkalinity as CaCO₃ ÷ 50.043, all in mg/l
    /// (Larson and Skold 1958). Conservative all three, it is the same at any cycles.
    public static func larsonSkold(chloride: Number, sulphate: Number, alkalinity: Number) throws(ArithmeticError) -> Number {
        try (chloride / .decimal("35.453") + sulphate / .decimal("48.031")) / (alkalinity / .decimal("50.043"))
    }

    package static func larsonSkoldReading(_ index: Number) -> String {
        if index < .decimal("0.8") { return "corrosion by chloride and sulphate unlikely" }
        return index <= .decimal("1.2") ? "corrosion by chloride and sulphate possible" : "corrosion by chloride and sulphate likely"
    }

    package static func puckoriusReading(_ index: Number) -> String {
        if index < 6 { return "scale-forming" }
        return index <= 7 ? "little scale or corrosion" : "corrosive"
    }

    /// What the analysis adds to an estimate run at `cycles`.
    package struct AnalysisPart {
        package var results: [ResultValue] = []
        package var tables: [Estimate.Table] = []
        package var conventions: [String] = []
        package var warnings: [String] = []
        package var exceededLimits: [Estimate.ExceededLimit] = []
    }

    /// Refuses a make-up value at or above its limit (no cycles keep the tower below it),
    /// and a tower value not above the make-up's (the tower concentrates the make-up).
    package static func checkLimits(_ inputs: ResolvedInputs) throws(EstimateError) {
        for measure in measures {
            guard let tower = inputs.optionalNumber(measure.tower), let makeup = inputs.optionalNumber(measure.makeup), tower <= makeup else { continue }
            throw .rule(key: measure.tower, message: "\(measure.tower.key) (\(inputs.text(measure.tower) ?? "")) must be above "
                        + "\(measure.makeup.key) (\(inputs.text(measure.makeup) ?? "")): the tower concentrates the make-up", others: [measure.makeup])
        }
        for limit in limits {
            guard let makeup = inputs.optionalNumber(limit.makeup) else { continue }
            let ceiling = try inputs.number(limit.limit)
            guard makeup < ceiling else {
                let f = EstimateFormat.number
                throw .rule(key: limit.makeup, message: "\(limit.makeup.key) \(f(makeup)) \(limit.unit) is not below \(limit.limit.key) "
                            + "\(f(ceiling)): no cycles keep the tower water under it; check the analysis or the limit",
                            others: [limit.limit])
            }
        }
    }

    package static func analysis(_ inputs: ResolvedInputs, cycles: Number) throws(EstimateError) -> AnalysisPart {
        let f = EstimateFormat.number
        var part = AnalysisPart()
        // The cycles each limit allows, and the lowest.
        var allowed: [(limit: Limit, cycles: Number)] = []
        for limit in limits {
            guard let makeup = inputs.optionalNumber(limit.makeup) else { continue }
            let ceiling = try inputs.number(limit.limit)
            allowed.append((limit, try formulas { () throws(ArithmeticError) in try maxCycles(limit: ceiling, makeup: makeup) }))
        }
        if let lowest = allowed.min(by: { $0.cycles < $1.cycles }) {
            let name = lowest.limit.name
            part.results += [AnalysisOutput.maxCycles(lowest.cycles, note: "set by \(name): \(inputs.text(lowest.limit.limit) ?? "") limit"),
                             AnalysisOutput.maxCyclesBy.word(name)]
            part.results += allowed.map { $0.limit.result($0.cycles) }
            part.tables.append(Estimate.Table(header: ["limit", "make-up", "tower limit", "max cycles"], rows: allowed.map { entry in
                [entry.limit.name, inputs.text(entry.limit.makeup) ?? "", inputs.text(entry.limit.limit) ?? "", f(entry.cycles)]
            }, labelColumns: 1))
            part.conventions.append("max cycles: each limit in the tower water over the make-up's value; default limits of Palo Alto's "
                                    + "cooling-tower code (Municipal Code 16.14.350)")
            // Every limit the cycles pass, the lowest first, each once.
            for entry in allowed.sorted(by: { $0.cycles < $1.cycles }) where cycles > entry.cycles {
                let exceeded = Estimate.ExceededLimit(input: "cycles", value: f(cycles), limit: entry.limit.name, allowed: f(entry.cycles),
                                                      consequence: "the tower water would pass \(inputs.text(entry.limit.limit) ?? "its limit")",
                                                      bound: entry.cycles, kind: .towerLimit(entry.limit.constituent))
                part.warnings.append(exceeded.warning)
                part.exceededLimits.append(exceeded)
            }
        }
        // Cycles measured two ways or more must agree within 10%.
        var measured: [(measure: Measure, cycles: Number)] = []
        for measure in measures {
            guard let tower = inputs.optionalNumber(measure.tower), let makeup = inputs.optionalNumber(measure.makeup) else { continue }
            measured.append((measure, try formulas { () throws(ArithmeticError) in try tower / makeup }))
        }
        if measured.count > 1 || (measured.count == 1 && measured[0].measure.name != "conductivity") {
            part.results += measured.map { $0.measure.result($0.cycles, note: "by \($0.measure.name)") }
            part.tables.append(Estimate.Table(header: ["cycles by", "tower", "make-up", "cycles"], rows: measured.map { entry in
                [entry.measure.name, inputs.text(entry.measure.tower) ?? "", inputs.text(entry.measure.makeup) ?? "", f(entry.cycles)]
            }, labelColumns: 1))
            for (i, a) in measured.enumerated() {
                for b in measured[(i + 1)...] {
                    let low = min(a.cycles, b.cycles), high = max(a.cycles, b.cycles)
                    let difference = try formulas { () throws(ArithmeticError) in try (high - low) / low * 100 }
                    if difference > 10 {
                        part.warnings.append("cycles by \(a.measure.name) (\(f(a.cycles))) and by \(b.measure.name) (\(f(b.cycles))) differ by "
                                             + "\(f(difference))%: a sampling error, a leak, or a deposit")
                    }
                }
            }
        }
        // Larson-Skold: chloride and sulphate against the alkalinity.
        if let chloride = inputs.optionalNumber(Analysis.chloride), let sulphate = inputs.optionalNumber(Analysis.sulphate),
           let alkalinity = inputs.optionalNumber(Input.alkalinity) {
            let index = try formulas { () throws(ArithmeticError) in try larsonSkold(chloride: chloride, sulphate: sulphate, alkalinity: alkalinity) }
            part.results.append(AnalysisOutput.larsonSkold(index, note: larsonSkoldReading(index)))
            part.conventions.append("Larson-Skold = (chloride/35.453 + sulphate/48.031)/(alkalinity/50.043), in epm; the same at any cycles")
        }
        return part
    }
}
