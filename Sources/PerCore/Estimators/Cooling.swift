/// `cooling`: water balance and chemicals of an open recirculating cooling tower
/// (README, "cooling"). Flows in m³/h, the range in °C (K), concentrations in ppm (g/m³).
public enum Cooling: Estimator {
    public static let name = "cooling"
    public static let summary = "cooling-tower evaporation, bleed, make-up and chemicals"
    public static let example = "cooling recirc=1000 dt=10 cycles=5 volume=500"

    static let cubicMetresPerHour = UnitTable.compound("m3/h")!
    static let cubicMetres = UnitTable.compound("m3")!
    static let ppm = UnitTable.compound("ppm")!
    static let hoursPerDay = UnitTable.compound("h/day")!

    public static let inputs: [InputSpec] = [
        InputSpec("recirc", .quantity(cubicMetresPerHour), "recirculating flow", range: .above(0)),
        InputSpec("dt", .temperatureDifference, "temperature range across the tower (18F means 18 °F)", range: .above(0, upTo: 100)),
        InputSpec("cycles", .quantity(.none), "cycles of concentration", default: .number(4), range: .above(1, upTo: 100)),
        InputSpec("drift", .percent, "drift loss, % of recirculation", default: .number(.decimal("0.005")),
                  range: .from(0, to: 10)),
        InputSpec("factor", .quantity(UnitTable.compound("per K")!), "evaporation per degree of range (0.00153 per °C = 0.00085 per °F)",
                  default: .number(.decimal("0.00153")), range: .above(0, upTo: Rational(decimal: "0.01"))),
        InputSpec("volume", .quantity(cubicMetres), "water in the system", range: .above(0), optional: true),
        InputSpec("inhibitor", .quantity(ppm), "inhibitor kept in the water", default: .number(100), range: .atLeast(0)),
        InputSpec("inhibitor_strength", .percent, "active content of the inhibitor product", default: .number(100),
                  range: .above(0, upTo: 100)),
        InputSpec("biocide", .quantity(ppm), "biocide slug dose on the system volume", default: .number(50),
                  range: .atLeast(0)),
        InputSpec("hours", .quantity(hoursPerDay), "hours of operation a day", default: .number(24), range: .above(0, upTo: 24)),
    ]

    /// The tower's water balance, m³/h.
    public struct Balance: Sendable, Equatable {
        /// E = recirc·dt·factor.
        public let evaporation: Number
        /// D = recirc·drift.
        public let drift: Number
        /// B = E/(C−1) − D, never below 0.
        public let bleed: Number
        /// M = E + B + D.
        public let makeup: Number
        /// Whether drift alone removes more solids than the cycles allow (B would be < 0).
        public let driftLimited: Bool
    }

    /// The tower balance (README, "cooling"): solids leave with bleed and drift together, E/(C−1) of them.
    public static func balance(recirc: Number, range dt: Number, factor: Number, cycles: Number,
                               driftFraction: Number) throws(ArithmeticError) -> Balance {
        let evaporation = try recirc * dt * factor
        let drift = try recirc * driftFraction
        let solidsRemoval = try evaporation / (cycles - 1)
        let bleed = try solidsRemoval - drift
        let driftLimited = bleed <= 0
        let kept = driftLimited ? Number(0) : bleed
        return Balance(evaporation: evaporation, drift: drift, bleed: kept,
                       makeup: try evaporation + kept + drift, driftLimited: driftLimited)
    }

    /// Half-life of a dose in the system, hours: t½ = ln 2 · volume / (B + D).
    public static func halfLife(volume: Number, losses: Number) throws(ArithmeticError) -> Number {
        try .approximate(Real.ln(at: Rational(2))) * volume / losses
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let recirc = inputs.number("recirc")
        // Show flows in the unit the circulation was given in.
        let flowUnit = inputs.unit(of: "recirc").flatMap { $0.dimension == .volumeFlow ? $0 : nil } ?? cubicMetresPerHour
        // m³/h in the flow unit.
        let perFlowUnit = Number.exact(cubicMetresPerHour.factor / flowUnit.factor)
        return try formulas { () throws(ArithmeticError) in
            let water = try balance(recirc: recirc, range: inputs.number("dt"), factor: inputs.number("factor"),
                                    cycles: inputs.number("cycles"), driftFraction: inputs.fraction("drift"))
            let losses = try water.bleed + water.drift
            let inhibitor = try losses * inputs.number("inhibitor") * inputs.number("hours") / 1000 / inputs.fraction("inhibitor_strength")
            let f = EstimateFormat.number
            func flow(_ label: String, _ value: Number) throws(ArithmeticError) -> Estimate.Line {
                .init(label, f(try value * perFlowUnit), flowUnit.symbol,
                      note: "\(f(try value * inputs.number("hours"))) m3/day")
            }
            var lines = [try flow("evaporation", water.evaporation), try flow("drift", water.drift),
                         try flow("bleed", water.bleed), try flow("make-up", water.makeup),
                         Estimate.Line("inhibitor", f(inhibitor), "kg/day")]
            var result: [Estimate.Field] = [
                .init("evaporation", .number(water.evaporation)), .init("drift", .number(water.drift)),
                .init("bleed", .number(water.bleed)), .init("makeup", .number(water.makeup)),
                .init("inhibitor_kg_day", .number(inhibitor)),
            ]
            if let volume = inputs.optionalNumber("volume") {
                let biocide = try volume * inputs.number("biocide") / 1000
                lines.append(.init("biocide", f(biocide), "kg", note: "per slug"))
                result.append(.init("biocide_kg", .number(biocide)))
                if losses.isZero {
                    lines.append(.init("half-life", "none", "", note: "nothing leaves the system"))
                    result.append(.init("half_life_h", .none))
                } else {
                    let halfLife = try halfLife(volume: volume, losses: losses)
                    lines.append(.init("half-life", f(halfLife), "h", note: "of a dose in the system"))
                    result.append(.init("half_life_h", .number(halfLife)))
                }
            } else {
                result += [.init("biocide_kg", .none), .init("half_life_h", .none)]
            }
            let warnings = water.driftLimited
                ? ["drift limits the cycles: drift alone removes more water than \(f(inputs.number("cycles"))) cycles need, so bleed is 0 and the cycles will be lower"]
                : []
            // The same factor per °F, 5/9 of it, to 3 significant digits (exact 0.00085 for the default).
            let shown = NumberDisplay.display(try inputs.number("factor") * .exact(Rational(5, 9)), digits: 3)
            let perFahrenheit = (shown.isExact ? "" : "≈ ") + shown.text
            return Estimate(
                estimator: name, inputs: inputs.used, lines: lines,
                conventions: [
                    "evaporation \(f(inputs.number("factor"))) of the circulation per °C of range (\(perFahrenheit) per °F); drift as % of circulation",
                    "bleed = evaporation/(cycles − 1) − drift; inhibitor on bleed and drift, per \(f(inputs.number("hours"))) h day",
                ],
                warnings: warnings, table: nil, result: result,
                headline: "cooling: make-up \(f(try water.makeup * perFlowUnit)) \(flowUnit.symbol), inhibitor \(f(inhibitor)) kg/day")
        }
    }
}
