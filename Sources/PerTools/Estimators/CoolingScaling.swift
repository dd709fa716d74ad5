import PerNumbers
import PerUnits
import PerLanguage

/// The scaling indices of a cooling tower's water (`help planning`, `help cooling`): the
/// make-up's, at the cycles run, and at the heat exchanger's wall (`skin_temp=`), each by
/// the same saturation pH at its own temperature.
extension Cooling {
    /// The saturation pH and the scaling indices of a water (`help planning`):
    /// Langelier, LSI = pH − pHs, and Ryznar, RSI = 2·pHs − pH.
    public struct Saturation: Sendable, Equatable {
        public let pHs: Number
        public let lsi: Number
        public let rsi: Number

        /// LSI above 0 forms scale, below 0 dissolves it (Langelier 1936).
        public var lsiReading: String {
            let shown = NumberDisplay.fixed(lsi.nearestRational, decimals: 2)?.text ?? ""
            if shown == "0.00" || shown == "-0.00" { return "balanced" }
            return lsi.isNegative ? "corrosive" : "scale-forming"
        }

        /// The same water concentrated c times, TDS, calcium and alkalinity with it and the pH
        /// as measured, from log₁₀ c: A gains log₁₀ c/10 and C and D log₁₀ c each, so
        /// pHs falls by 1.9·log₁₀ c (`saturation`'s formula, its logarithms not taken again).
        package func concentrated(ph: Number, logCycles: Number) throws(ArithmeticError) -> Saturation {
            let pHs = try self.pHs - .decimal("1.9") * logCycles
            return Saturation(pHs: pHs, lsi: try ph - pHs, rsi: try 2 * pHs - ph)
        }

        /// RSI under 6 forms scale, 6 to 7 little of either, over 7 corrosive (Ryznar 1944).
        public var rsiReading: String {
            if rsi < 6 { return "scale-forming" }
            return rsi <= 7 ? "little scale or corrosion" : "corrosive"
        }
    }

    /// The make-up's saturation and Puckorius index, and log₁₀ of its alkalinity, which the
    /// indices at the cycles start from.
    package struct MakeupScaling: Sendable {
        package let saturation: Saturation
        package let psi: Number
        package let logAlkalinity: Number
    }

    /// pHs = (9.3 + A + B) − (C + D) with A = (log₁₀ TDS − 1)/10, B = −13.12·log₁₀(T in K)
    /// + 34.55, C = log₁₀ Ca − 0.4, D = log₁₀ alkalinity; TDS in mg/L, calcium and
    /// alkalinity in mg/L as CaCO₃, the temperature in °C (the Carrier form of Langelier's
    /// saturation pH, Carrier 1965, as Lenntech and Corrosion Doctors give it).
    /// Logarithms are taken in `context` (from its memo, in a sweep).
    public static func saturation(ph: Number, calcium: Number, alkalinity: Number, tds: Number, celsius: Number,
                                  in context: EvaluationContext = .standard) throws(ArithmeticError) -> Saturation {
        let a = try (tds.logarithm(base: 10, in: context) - 1) / 10
        let b = try .decimal("-13.12") * (celsius + .decimal("273.15")).logarithm(base: 10, in: context) + .decimal("34.55")
        let c = try calcium.logarithm(base: 10, in: context) - .decimal("0.4")
        let d = try alkalinity.logarithm(base: 10, in: context)
        let pHs = try (.decimal("9.3") + a + b) - (c + d)
        return Saturation(pHs: pHs, lsi: try ph - pHs, rsi: try 2 * pHs - ph)
    }

    /// The indices of the water at one temperature: the make-up's, and at the cycles (TDS,
    /// calcium and alkalinity times the cycles, pH as measured).
    package struct Indices: Sendable {
        package let makeup: Saturation
        package let cycled: Saturation
        package let psi: Number
        package let psiCycled: Number
    }

    /// The indices of a make-up of this analysis at `celsius`, and concentrated `cycles` times.
    package static func indices(ph: Number, calcium: Number, alkalinity: Number, tds: Number, celsius: Number, cycles: Number,
                                in context: EvaluationContext) throws(ArithmeticError) -> Indices {
        // The make-up's indices are the same in every row of a sweep over the cycles.
        let scaling = try context.remembered("make-up scaling", at: [ph, calcium, alkalinity, tds, celsius]) { () throws(ArithmeticError) in
            let makeup = try saturation(ph: ph, calcium: calcium, alkalinity: alkalinity, tds: tds, celsius: celsius, in: context)
            return MakeupScaling(saturation: makeup, psi: try puckorius(pHs: makeup.pHs, alkalinity: alkalinity, in: context),
                                 logAlkalinity: try alkalinity.logarithm(base: 10, in: context))
        }
        let logCycles = try cycles.logarithm(base: 10, in: context)
        let cycled = try scaling.saturation.concentrated(ph: ph, logCycles: logCycles)
        return Indices(makeup: scaling.saturation, cycled: cycled, psi: scaling.psi,
                       psiCycled: try puckorius(pHs: cycled.pHs, logAlkalinity: scaling.logAlkalinity + logCycles))
    }

    /// Scaling, with ph: the make-up's Langelier, Ryznar and Puckorius indices as it is, and
    /// concentrated by the cycles (pH as measured), and with skin_temp the cycled water's at
    /// the heat exchanger's wall; and how they were figured.
    package static func scalingResults(_ inputs: ResolvedInputs, cycles: Number) throws(EstimateError) -> (results: [ResultValue], conventions: [String]) {
        guard let ph = inputs.optionalNumber(Input.ph) else { return ([], []) }
        let calcium = try inputs.number(Input.calcium), alkalinity = try inputs.number(Input.alkalinity), tds = try inputs.number(Input.tds)
        let celsius = try inputs.number(Input.temp), skin = inputs.optionalNumber(Input.skinTemp)
        let f = EstimateFormat.number
        return try formulas { () throws(ArithmeticError) in
            let water = try indices(ph: ph, calcium: calcium, alkalinity: alkalinity, tds: tds, celsius: celsius, cycles: cycles, in: inputs.context)
            var results = [Output.lsi(water.makeup.lsi, note: "make-up: \(water.makeup.lsiReading)"),
                           Output.lsiCycled(water.cycled.lsi, note: "at \(f(cycles)) cycles: \(water.cycled.lsiReading)"),
                           Output.rsi(water.makeup.rsi, note: "make-up: \(water.makeup.rsiReading)"),
                           Output.rsiCycled(water.cycled.rsi, note: "at \(f(cycles)) cycles: \(water.cycled.rsiReading)"),
                           AnalysisOutput.psi(water.psi, note: "make-up: \(puckoriusReading(water.psi))"),
                           AnalysisOutput.psiCycled(water.psiCycled, note: "at \(f(cycles)) cycles: \(puckoriusReading(water.psiCycled))")]
            var conventions = ["LSI = pH − pHs, RSI = 2·pHs − pH, pHs = (9.3 + A + B) − (C + D) (Carrier); cycled: TDS, calcium and alkalinity times the cycles, pH as given",
                               "PSI = 2·pHs − pHeq, pHeq = 1.465·log10(alkalinity) + 4.54 (Puckorius)"]
            if let skin {
                let wall = try indices(ph: ph, calcium: calcium, alkalinity: alkalinity, tds: tds, celsius: skin, cycles: cycles, in: inputs.context)
                let at = "at the wall, \(f(skin)) °C, \(f(cycles)) cycles"
                results += [SkinOutput.lsi(wall.cycled.lsi, note: "\(at): \(wall.cycled.lsiReading)"),
                            SkinOutput.rsi(wall.cycled.rsi, note: "\(at): \(wall.cycled.rsiReading)"),
                            SkinOutput.psi(wall.psiCycled, note: "\(at): \(puckoriusReading(wall.psiCycled))")]
                conventions.append("skin: the same indices of the water at the cycles, at skin_temp (the heat-exchanger wall) for temp")
            }
            return (results, conventions)
        }
    }

    /// The indices at the heat exchanger's wall, with skin_temp.
    package enum SkinOutput {
        package static let lsi = ResultSpec("lsi_skin", .plain, .line("LSI skin"), "Langelier index at the cycles, at skin_temp (the heat-exchanger wall)")
        package static let rsi = ResultSpec("rsi_skin", .plain, .line("RSI skin"), "Ryznar index at the cycles, at skin_temp")
        package static let psi = ResultSpec("psi_skin", .plain, .line("PSI skin"), "Puckorius index at the cycles, at skin_temp")

        package static let all = [lsi, rsi, psi]
    }
}

extension Cooling.Input {
    package static let skinTemp = InputSpec("skin_temp", .quantity(Cooling.celsius),
                                            "temperature of the heat-exchanger wall (with the scaling inputs: the indices there, at the cycles)",
                                            range: .from(0, to: 100), optional: true)
}
