/// `boiler`: chemicals and water balance of a steam boiler (README, "boiler", after the WTP
/// chemical estimator). Flows in kg/h, concentrations in ppm (mg/kg), products in kg.
public enum Boiler: Estimator {
    public static let name = "boiler"
    public static let summary = "steam-boiler blowdown and treatment chemicals"
    public static let example = "boiler steam=10000 tds=300 maxtds=3000 condensate=60%"

    static let kilogramsPerHour = UnitTable.compound("kg/h")!
    static let ppm = UnitTable.compound("ppm")!
    static let hoursPerDay = UnitTable.compound("h/day")!

    public static let inputs: [InputSpec] = [
        InputSpec("steam", .quantity(kilogramsPerHour), "steam output", range: .above(0)),
        InputSpec("tds", .quantity(ppm), "make-up water TDS", range: .above(0)),
        InputSpec("maxtds", .quantity(ppm), "boiler water TDS limit", default: .number(3000), range: .above(0)),
        InputSpec("condensate", .percent, "share of the steam returned as condensate", default: .number(0),
                  range: .from(0, below: 100)),
        InputSpec("o2", .quantity(ppm), "dissolved oxygen in the feedwater", default: .number(2), range: .atLeast(0)),
        InputSpec("sulphite", .quantity(ppm), "sulphite residual kept in the boiler water, as Na2SO3",
                  default: .number(30), range: .atLeast(0)),
        InputSpec("sulphite_strength", .percent, "Na2SO3 in the sulphite product", default: .number(100),
                  range: .above(0, upTo: 100)),
        InputSpec("internal", .quantity(ppm), "internal treatment (phosphate/polymer) residual in the boiler water",
                  default: .number(40), range: .atLeast(0)),
        InputSpec("internal_strength", .percent, "active content of the internal treatment product",
                  default: .number(100), range: .above(0, upTo: 100)),
        InputSpec("amine", .quantity(ppm), "condensate-line amine, on steam", default: .number(0), range: .atLeast(0)),
        InputSpec("hours", .quantity(hoursPerDay), "hours of steaming a day", default: .number(24), range: .above(0, upTo: 24)),
    ]

    /// The water balance, all in kg/h except the ratios.
    public struct Balance: Sendable, Equatable {
        /// Bd = S(1−c)·tds/(maxtds − tds): the blowdown that holds the boiler at its limit.
        public let blowdown: Number
        /// F = S + Bd.
        public let feedwater: Number
        /// M = S(1−c) + Bd: the water that has to be made up.
        public let makeup: Number
        /// Feedwater TDS = M·tds/F, ppm.
        public let feedTDS: Number
        /// Cycles of concentration, COC = F/Bd.
        public let cycles: Number
        /// Blowdown as % of feedwater = 100·Bd/F.
        public let blowdownPercent: Number
    }

    /// The boiler balance (README, "boiler"), with S steam (kg/h), c the condensate fraction and TDS in ppm.
    public static func balance(steam s: Number, condensate c: Number, tds: Number, maxTDS: Number) throws(ArithmeticError) -> Balance {
        let freshSteam = try s * (1 - c)
        let blowdown = try freshSteam * tds / (maxTDS - tds)
        let feedwater = try s + blowdown
        let makeup = try freshSteam + blowdown
        return Balance(blowdown: blowdown, feedwater: feedwater, makeup: makeup,
                       feedTDS: try makeup * tds / feedwater, cycles: try feedwater / blowdown,
                       blowdownPercent: try 100 * blowdown / feedwater)
    }

    /// Sulphite dose on feedwater, ppm Na2SO3: 7.88 per ppm of O₂ (the stoichiometric
    /// 2 Na2SO3 + O2 → 2 Na2SO4 ratio, 252.08/32 = 7.88) plus the residual diluted by the cycles.
    public static func sulphiteDose(oxygen: Number, residual: Number, cycles: Number) throws(ArithmeticError) -> Number {
        try .decimal("7.88") * oxygen + residual / cycles
    }

    /// kg/day of a product dosed at `ppm` into `flow` kg/h for `hours` a day, at `strength`
    /// (a fraction): flow·ppm·hours/10⁶/strength.
    public static func productPerDay(flow: Number, ppm: Number, hours: Number, strength: Number) throws(ArithmeticError) -> Number {
        try flow * ppm * hours / 1_000_000 / strength
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let steam = inputs.number("steam"), tds = inputs.number("tds"), maxTDS = inputs.number("maxtds")
        guard tds < maxTDS else {
            throw .rule(key: "tds", message: "tds (\(EstimateFormat.ungrouped(tds)) ppm) must be below maxtds (\(EstimateFormat.ungrouped(maxTDS)) ppm): no blowdown can hold the boiler at its limit")
        }
        let hours = inputs.number("hours")
        return try formulas { () throws(ArithmeticError) in
            let water = try balance(steam: steam, condensate: inputs.fraction("condensate"), tds: tds, maxTDS: maxTDS)
            let sulphitePPM = try sulphiteDose(oxygen: inputs.number("o2"), residual: inputs.number("sulphite"), cycles: water.cycles)
            let sulphite = try productPerDay(flow: water.feedwater, ppm: sulphitePPM, hours: hours,
                                             strength: inputs.fraction("sulphite_strength"))
            let internalTreatment = try productPerDay(flow: water.blowdown, ppm: inputs.number("internal"), hours: hours,
                                             strength: inputs.fraction("internal_strength"))
            let amine = try productPerDay(flow: steam, ppm: inputs.number("amine"), hours: hours, strength: 1)
            func daily(_ label: String, _ perDay: Number) throws(ArithmeticError) -> Estimate.Line {
                .init(label, EstimateFormat.number(perDay), "kg/day", note: "\(EstimateFormat.number(try perDay * 30)) kg per 30 days")
            }
            let f = EstimateFormat.number
            return Estimate(
                estimator: name, inputs: inputs.used,
                lines: [
                    .init("blowdown", f(water.blowdown), "kg/h", note: "\(f(water.blowdownPercent))% of feedwater"),
                    .init("feedwater", f(water.feedwater), "kg/h"),
                    .init("make-up", f(water.makeup), "kg/h"),
                    .init("feed TDS", f(water.feedTDS), "ppm"),
                    .init("cycles", f(water.cycles), "", note: "of concentration"),
                    .init("sulphite dose", f(sulphitePPM), "ppm", note: "on feedwater"),
                    try daily("sulphite", sulphite),
                    try daily("internal", internalTreatment),
                    try daily("amine", amine),
                ],
                conventions: [
                    "blowdown as % of feedwater; condensate as a share of steam",
                    "sulphite: 7.88 ppm Na2SO3 per ppm of oxygen, plus the boiler residual divided by the cycles",
                    "products per day at the strengths given, for \(f(hours)) h of steaming a day",
                ],
                warnings: water.cycles < 2
                    ? ["fewer than 2 cycles of concentration: the make-up TDS (\(f(tds)) ppm) is close to maxtds (\(f(maxTDS)) ppm), so most of the feedwater is blown down; check both"]
                    : [],
                table: nil,
                result: [
                    .init("blowdown_kg_h", .number(water.blowdown)), .init("blowdown_pct", .number(water.blowdownPercent)),
                    .init("feedwater_kg_h", .number(water.feedwater)), .init("makeup_kg_h", .number(water.makeup)),
                    .init("feed_tds", .number(water.feedTDS)), .init("cycles", .number(water.cycles)),
                    .init("sulphite_ppm", .number(sulphitePPM)), .init("sulphite_kg_day", .number(sulphite)),
                    .init("internal_kg_day", .number(internalTreatment)), .init("amine_kg_day", .number(amine)),
                ],
                headline: "boiler: blowdown \(f(water.blowdown)) kg/h, sulphite \(f(sulphite)) kg/day")
        }
    }
}
