import PerNumbers
import PerUnits
import PerLanguage

/// `cooling`: water balance and chemicals of an open recirculating cooling tower
/// (`help cooling`). Flows in m³/h, the range in °C (K), concentrations in ppm (g/m³).
public enum Cooling: Estimator {
    public static let name = "cooling"
    public static let summary = "cooling-tower evaporation, bleed, make-up and chemicals"
    public static let example = "cooling recirc=1000 dt=10 cycles=5 volume=500"
    public static let examples = ["cooling recirc=1000 dt=10 cycles=5 ph=7.8 calcium=200 alkalinity=150 tds=500 temp=30",
                                  "cooling recirc=1000 dt=10 cycles=5 calcium=140 silica=20 chloride=40 sulphate=60 alkalinity=100",
                                  "cooling recirc=1000 dt=10 tower_conductivity=2000 makeup_conductivity=400 tower_chloride=200 chloride=50",
                                  "cooling recirc=1000 dt=10 tower_conductivity=2000 makeup_conductivity=400",
                                  "cooling recirc=1000 dt=10 cycles=5 summer_load=100% winter_load=60%"]

    package static let cubicMetresPerHour = UnitTable.compound("m3/h")!
    package static let cubicMetres = UnitTable.compound("m3")!
    package static let ppm = UnitTable.compound("ppm")!
    package static let hoursPerDay = UnitTable.compound("h/day")!

    /// The inputs, each declared once; the estimate reads them through these, never by a string.
    package enum Input {
        package static let recirc = InputSpec("recirc", .quantity(cubicMetresPerHour), "recirculating flow", range: .above(0))
        package static let dt = InputSpec("dt", .temperatureDifference, "temperature range across the tower (18F means 18 °F)", range: .above(0, upTo: 100))
        package static let cycles = InputSpec("cycles", .quantity(.none), "cycles of concentration", default: .number(4), range: .above(1, upTo: 100))
        package static let driftPct = InputSpec("drift_pct", .percent, "drift loss, % of recirculation", alias: "drift", default: .number(.decimal("0.005")),
            range: .from(0, to: 10))
        package static let factor = InputSpec("factor", .quantity(UnitTable.compound("per K")!), "evaporation per degree of range (0.00153 per °C = 0.00085 per °F)",
            default: .number(.decimal("0.00153")), range: .above(0, upTo: Rational(decimal: "0.01")))
        package static let volume = InputSpec("volume", .quantity(cubicMetres), "water in the system", range: .above(0), optional: true)
        package static let inhibitorResidual = InputSpec("inhibitor_residual", .quantity(ppm), "inhibitor kept in the water", alias: "inhibitor", default: .number(100), range: .atLeast(0))
        package static let inhibitorStrength = InputSpec("inhibitor_strength", .percent, "active content of the inhibitor product", default: .number(100),
            range: .above(0, upTo: 100))
        package static let biocideDose = InputSpec("biocide_dose", .quantity(ppm), "biocide slug dose on the system volume", alias: "biocide", default: .number(50),
            range: .atLeast(0))
        package static let hours = InputSpec("hours", .quantity(hoursPerDay), "hours of operation a day", default: .number(24), range: .above(0, upTo: 24))
        package static let load = InputSpec("load", .percent,
            "average heat load, % of design: scales evaporation, bleed and make-up (a power, load=500 TR, is heat_load)", default: .number(100),
            range: .above(0, upTo: 200))
        package static let heatLoad = InputSpec("heat_load", .quantity(UnitTable.compound("kW")!),
            "heat the tower rejects, written load=500 TR (about 1.25 × a chiller's cooling load): gives recirc from dt", range: .above(0),
            optional: true)
        package static let summerLoad = InputSpec("summer_load", .percent, "heat load in the summer (with winter_load, instead of load)", range: .above(0, upTo: 200),
            optional: true)
        package static let winterLoad = InputSpec("winter_load", .percent, "heat load in the winter (with summer_load, instead of load)", range: .above(0, upTo: 200),
            optional: true)
        package static let towerConductivity = InputSpec("tower_conductivity", .quantity(Conductivity.unit),
            "conductivity of the tower water (with makeup_conductivity, measures the cycles)", range: .above(0), optional: true)
        package static let makeupConductivity = InputSpec("makeup_conductivity", .quantity(Conductivity.unit), "conductivity of the make-up", range: .above(0),
            optional: true)
        package static let ph = InputSpec("ph", .quantity(.none), "pH of the make-up (with calcium, alkalinity, tds and temp: scaling indices)",
            range: .from(0, to: 14), optional: true)
        package static let calcium = InputSpec("calcium", .quantity(ppm), "calcium hardness of the make-up, as CaCO3", range: .above(0), optional: true)
        package static let alkalinity = InputSpec("alkalinity", .quantity(ppm), "total alkalinity of the make-up, as CaCO3", range: .above(0), optional: true)
        package static let tds = InputSpec("tds", .quantity(ppm), "dissolved solids in the make-up", range: .above(0), optional: true)
        package static let temp = InputSpec("temp", .quantity(celsius), "water temperature for the scaling indices", range: .from(0, to: 100), optional: true)
        package static let biocideSlugs = InputSpec("biocide_slugs", .quantity(perWeek), "biocide slugs a week", default: .number(1), range: .above(0, upTo: 100))
        package static let sewerPrice = InputSpec("sewer_price", .price(plain: .cubicMetre), "price of discharging bleed per m3", range: .atLeast(0), optional: true)
    }

    public static let inputs: [InputSpec] = [
        Input.recirc, Input.dt, Input.cycles, Input.driftPct, Input.factor, Input.volume, Input.inhibitorResidual,
        Input.inhibitorStrength, Input.biocideDose, Input.hours,
    ] + ([
        // Planning, measurement and scaling: quiet until given.
        Input.load, Input.heatLoad, Input.summerLoad, Input.winterLoad, Input.towerConductivity, Input.makeupConductivity, Input.ph,
        Input.calcium, Input.alkalinity, Input.tds, Input.temp, Input.skinTemp, Input.biocideSlugs,
        Input.targetAlkalinity, Input.targetLSI, Input.acidStrength, Input.acidDensity,
    ] + Analysis.inputs + PlanningBlock.yearInputs + [
        Input.sewerPrice,
    // acid_density is among the acid's inputs above: its pack and price join the others'.
    ] + [inhibitorInputs, biocideInputs].flatMap(\.all) + [acidInputs.pack, acidInputs.price] + pumps.map(\.pump)).map(\.quiet)

    package static let gallonsPerMinute = UnitTable.compound("gpm")!
    /// US gallons in a m³: 1 US gal = 3.785411784 L exactly (NIST SP 811).
    package static let gallonsPerCubicMetre = Number.exact(cubicMetres.factor / UnitTable.compound("gal")!.factor)
    package static let celsius = UnitTable.compound("°C")!
    package static let perWeek = UnitTable.compound("per week")!
    package static let inhibitorInputs = PlanningBlock.productInputs("inhibitor", what: "inhibitor")
    package static let biocideInputs = PlanningBlock.productInputs("biocide", what: "biocide")
    package static let productInputs = [inhibitorInputs, biocideInputs, acidInputs]
    package static let products = productInputs.map(\.key)
    /// The inhibitor's and the acid's feed pumps: the biocide goes in as a slug, at no steady rate.
    package static let inhibitorPump = FeedPump(inhibitorInputs, what: "inhibitor")
    package static let acidPump = FeedPump(acidInputs, what: "acid")
    package static let pumps = [inhibitorPump, acidPump]

    public static let notes = PlanningBlock.notes(products: products, seasons: "summer_load with winter_load",
                                                  plannedBy: ", biocide_slugs")
        + ["Measured cycles: tower_conductivity with makeup_conductivity replace cycles; with tower_chloride and chloride, or",
           "tower_silica and silica, the cycles by each are shown, with a warning when two differ by more than 10%.",
           "Scaling: ph, calcium, alkalinity, tds and temp of the make-up give the Langelier, Ryznar and Puckorius",
           "indices, as it is and cycled, and with skin_temp at the heat-exchanger wall; chloride, sulphate and alkalinity",
           "the Larson-Skold index.",
           "Limits: calcium, alkalinity, silica, chloride or makeup_conductivity of the make-up give the cycles each",
           "limit_* in the tower water allows (limit over make-up), the lowest, and a warning when cycles are above it.",
           "The default limits are those of Palo Alto's cooling-tower code (Municipal Code 16.14.350).",
           "Feed pump: inhibitor_pump= a metering pump's maximum (L/h, ml/min) gives the inhibitor's flow and the pump's",
           "stroke, at inhibitor_density (kg/L, default 1); a stroke below 10% or above 90% is warned.",
           "Acid: target_alkalinity (in the tower water, as CaCO3) or target_lsi gives the sulphuric acid on the make-up",
           "(0.98 ppm H2SO4 a ppm of alkalinity removed), the product a day at acid_strength (written acid=, default 93%) and",
           "acid_density (default 1.83 kg/L), the tower water's pH and LSI with it, and the cycles the other limits allow;",
           "acid_pack and acid_price put it in the plan of the year, acid_pump= gives its flow and the pump's stroke.",
           "Heat load: load= a power (load=500 TR, kW, BTU/h) is the heat the tower rejects, heat_load, in place of recirc:",
           "the circulation is Q/(cp·dt), water at 4.1868 kJ/(kg·K) = 1 BTU/(lb·°F) (NIST SP 811) and 1,000 kg/m3. A chiller's",
           "tower rejects about 1.25 × its cooling load (the compressor's work adds to the heat taken from the building):",
           "400 TR of cooling is about 500 TR at the tower.",
           "Units: flows show in the unit recirc was given in; with recirc in gpm or the heat load in TR or BTU/h, in gpm,",
           "gal/day and the inhibitor in lb/day; units us or units metric chooses for every estimate (help units)."]

    public static let readings = [InputReading(Input.load, as: Input.heatLoad, when: .power)]

    public static let groups: [InputGroup] = [
        InputGroup(members: [Input.heatLoad], replaces: [Input.recirc]),
        InputGroup(members: [Input.summerLoad, Input.winterLoad], replaces: [Input.load],
                   extras: [PlanningBlock.summerMonths, PlanningBlock.summer]),
        InputGroup(members: [PlanningBlock.summer], replaces: [PlanningBlock.summerMonths]),
        InputGroup(members: [Input.towerConductivity], needs: [Input.makeupConductivity], replaces: [Input.cycles]),
        // The make-up's calcium, alkalinity and conductivity also stand alone, against their limits.
        InputGroup(members: [Input.ph, Input.temp], needs: [Input.calcium, Input.alkalinity, Input.tds]),
        InputGroup(members: [Input.skinTemp], needs: [Input.ph, Input.temp, Input.calcium, Input.alkalinity, Input.tds]),
        InputGroup(members: [Analysis.towerChloride], needs: [Analysis.chloride]),
        InputGroup(members: [Analysis.towerSilica], needs: [Analysis.silica]),
    ] + acidGroups

    /// The water flows the plan shows a year, each declared once.
    package enum Flow {
        package static let evaporation = PlanningBlock.Flow(key: "evaporation", label: "evaporation", price: nil)
        package static let bleed = PlanningBlock.Flow(key: "bleed", label: "bleed", price: Input.sewerPrice)
        package static let makeup = PlanningBlock.Flow(key: "makeup", label: "make-up", price: PlanningBlock.waterPrice)
    }

    /// The results, in the order the text and JSON show them. Flows are kept in m³/h and
    /// shown in the unit the circulation was given in.
    package enum Output {
        package static let circulation = ResultSpec("circulation", .unit(cubicMetresPerHour), .line("circulation"),
                                                    "circulation the heat load takes (with heat_load)")
        package static let evaporation = ResultSpec("evaporation", .unit(cubicMetresPerHour), .line("evaporation"), "evaporation")
        package static let drift = ResultSpec("drift", .unit(cubicMetresPerHour), .line("drift"), "drift loss")
        package static let bleed = ResultSpec("bleed", .unit(cubicMetresPerHour), .line("bleed"), "bleed (blowdown)")
        package static let makeup = ResultSpec("makeup", .unit(cubicMetresPerHour), .line("make-up"), "make-up water")
        package static let inhibitor = ResultSpec("inhibitor", json: "inhibitor_kg_day", .unit(UnitTable.compound("kg/day")!), .line("inhibitor"),
                                          "inhibitor product a day")
        package static let measuredCycles = ResultSpec("measured_cycles", json: "cycles", .plain, .line("cycles"),
                                               "cycles measured by conductivity")
        package static let biocide = ResultSpec("biocide", json: "biocide_kg", .unit(UnitTable.compound("kg")!), .line("biocide"),
                                        "biocide product a slug (with volume)")
        package static let halfLife = ResultSpec("half_life", json: "half_life_h", .unit(UnitTable.compound("h")!), .line("half-life"),
                                         "half-life of a dose in the system (with volume)")
        package static let lsi = ResultSpec("lsi", .plain, .line("LSI"), "Langelier index of the make-up (with ph, calcium, alkalinity, tds, temp)")
        package static let lsiCycled = ResultSpec("lsi_cycled", .plain, .line("LSI cycled"), "Langelier index at the cycles")
        package static let rsi = ResultSpec("rsi", .plain, .line("RSI"), "Ryznar index of the make-up")
        package static let rsiCycled = ResultSpec("rsi_cycled", .plain, .line("RSI cycled"), "Ryznar index at the cycles")
    }

    public static let results = [Output.evaporation, Output.drift, Output.bleed, Output.makeup, Output.inhibitor,
                                 Output.measuredCycles, Output.biocide, Output.halfLife, Output.lsi, Output.lsiCycled,
                                 Output.rsi, Output.rsiCycled] + AnalysisOutput.all + SkinOutput.all + AcidOutput.all + pumps.flatMap { [$0.feed, $0.stroke] }
        + PlanningBlock.results(water: [Flow.evaporation, Flow.bleed, Flow.makeup], products: products) + [Output.circulation]

    public static let sweepColumns = [Output.makeup, Output.bleed, Output.inhibitor, Output.evaporation]

    public static func headline(of estimate: Estimate) -> String {
        headline(estimate, estimate.headlinePart(Output.makeup), estimate.headlinePart(Output.inhibitor))
    }

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

    /// The tower balance (`help cooling`): solids leave with bleed and drift together,
    /// E/(C−1) of them. Evaporation is in proportion to the heat load (a fraction of
    /// design); drift is not.
    public static func balance(recirc: Number, range dt: Number, factor: Number, cycles: Number,
                               driftFraction: Number, load: Number = 1) throws(ArithmeticError) -> Balance {
        let evaporation = try recirc * dt * factor * load
        let drift = try recirc * driftFraction
        let solidsRemoval = try evaporation / (cycles - 1)
        let bleed = try solidsRemoval - drift
        let driftLimited = bleed <= 0
        let kept = driftLimited ? Number(0) : bleed
        return Balance(evaporation: evaporation, drift: drift, bleed: kept,
                       makeup: try evaporation + kept + drift, driftLimited: driftLimited)
    }

    /// The water a heat load takes over a range, m³/h, from Q = m·cp·ΔT: `heat` kW, `range`
    /// K, with water's cp = 4.1868 kJ/(kg·K), 1 BTU_IT/(lb·°F) exactly (NIST SP 811,
    /// appendix B.8: 1 BTU_IT = 1055.05585262 J, 1 lb = 0.45359237 kg, 1 °F = 5/9 K), and
    /// 1,000 kg a m³. 500 TR (6,000,000 BTU/h) over 10 °F is 600,000 lb/h, 1198.26 US gpm; the
    /// rule of thumb, gpm = BTU/h / (500·ΔT °F), takes 8.33 lb a gallon and says 1,200.
    public static func circulation(heat: Number, range: Number) throws(ArithmeticError) -> Number {
        try heat * 3600 / (Number.decimal("4.1868") * range * 1000)
    }

    /// Half-life of a dose in the system, hours: t½ = ln 2 · volume / (B + D).
    public static func halfLife(volume: Number, losses: Number) throws(ArithmeticError) -> Number {
        try .approximate(Real.ln(at: Rational(2), in: .standard)) * volume / losses
    }

    /// Biocide kg per operating day: a slug of volume·ppm/1000 kg, `slugs` a week.
    public static func biocidePerDay(volume: Number, ppm: Number, slugsPerWeek: Number) throws(ArithmeticError) -> Number {
        try volume * ppm / 1000 * slugsPerWeek / 7
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let f = EstimateFormat.number
        try PlanningBlock.checkPrices(inputs, products: productInputs)
        try checkLimits(inputs)
        let cycles = try cycles(inputs)
        let planned = inputs.isGiven(Input.summerLoad) || inputs.isGiven(Input.biocideSlugs)
            || PlanningBlock.isAsked(inputs, products: productInputs, sewerPrice: Input.sewerPrice, pumps: pumps)
        try checkBiocideVolume(inputs)
        try checkAcidTarget(inputs)
        let year = try OperatingYear.of(inputs, seasons: inputs.isGiven(Input.summerLoad))
        // The seasons' loads are read only when the summer's is given, the load only without.
        let loads = if inputs.isGiven(Input.summerLoad) {
            Seasonal(summer: try inputs.fraction(Input.summerLoad), winter: try inputs.fraction(Input.winterLoad))
        } else {
            Seasonal(try inputs.fraction(Input.load))
        }
        // Figures per hour and per day are at the higher season's load.
        let load = year.peak(loads)
        let tower = try Tower(inputs: inputs, cycles: cycles)
        let water = try formulas { () throws(ArithmeticError) in try tower.balance(at: load) }
        let inhibitor = try formulas { () throws(ArithmeticError) in try tower.inhibitor(water) }
        var results = try flowResults(inputs, water: water, inhibitor: inhibitor, cycles: cycles)
        let biocide = try biocideResults(inputs, water: water)
        results += biocide.results
        var conventions = try conventions(inputs, load: load, loads: loads)
        let scaling = try scalingResults(inputs, cycles: cycles)
        results += scaling.results
        conventions += scaling.conventions
        var analyzed = try analysis(inputs, cycles: cycles)
        results += analyzed.results
        conventions += analyzed.conventions
        let acid = try acidResults(inputs, cycles: cycles, makeup: water.makeup)
        (results, conventions) = (results + acid.results, conventions + acid.conventions)
        if let exceeded = acid.exceeded {
            // The acid holds the alkalinity: the limits left decide the cycles.
            analyzed.warnings.removeAll { warning in analyzed.exceededLimits.contains { $0.warning == warning } }
            (analyzed.exceededLimits, analyzed.warnings) = (exceeded, analyzed.warnings + exceeded.map(\.warning))
        }

        let acidDaily = try acid.perMakeup.map { (perMakeup) throws(EstimateError) in
            try formulas { () throws(ArithmeticError) in try water.makeup * perMakeup }
        }
        let pumped = try FeedPump.part(inputs, [(inhibitorPump, inhibitor)] + (acidDaily.map { [(acidPump, $0)] } ?? []),
                                       hours: try inputs.number(Input.hours), mass: massFigures(inputs))
        results += pumped.results
        var tables = analyzed.tables + pumped.tables
        if planned {
            let plan = try plan(inputs, tower: tower, loads: loads, year: year, biocideDaily: biocide.daily, acidPerMakeup: acid.perMakeup)
            tables += plan.tables
            results += plan.results
            conventions += plan.conventions
        }
        let warnings = (water.driftLimited
            ? ["drift limits the cycles: drift alone removes more water than \(f(cycles)) cycles need, so bleed is 0 and the cycles will be lower"]
            : []) + analyzed.warnings + pumped.warnings
        // A limit goes without saying unless its constituent is in the make-up's analysis.
        let unlimited = Set(limits.filter { !inputs.isGiven($0.makeup) }.map(\.limit.key))
        // The acid's strength and density, defaults or not, stand behind its results.
        let acidShown = acid.exceeded == nil ? [] : Set(acidGroups[0].extras)
        let kept = Set(PlanningBlock.shown(inputs.used, of: self, planned: planned, products: productInputs, pumps: pumps).map(\.key))
        let shown = inputs.used.filter { (kept.contains($0.key) || acidShown.contains($0.key)) && !($0.isDefault && unlimited.contains($0.key)) }
        var estimate = Estimate(self, inputs: massFigures(inputs).defaults(shown, of: self),
                                results: results, currency: inputs.estimateCurrency, conventions: conventions, warnings: warnings,
                                tables: tables)
        (estimate.exceededLimits, estimate.ownKindedWarnings) = (analyzed.exceededLimits, pumped.kinded)
        return estimate
    }

    /// The cycles as given, or measured by conductivity (tower water over make-up), refused
    /// unless the tower's is above the make-up's.
    package static func cycles(_ inputs: ResolvedInputs) throws(EstimateError) -> Number {
        guard let tower = inputs.optionalNumber(Input.towerConductivity) else { return try inputs.number(Input.cycles) }
        let makeup = try inputs.number(Input.makeupConductivity)
        guard tower > makeup else {
            throw .rule(key: Input.towerConductivity, message: "tower_conductivity (\(EstimateFormat.ungrouped(tower)) µS/cm) must be above makeup_conductivity (\(EstimateFormat.ungrouped(makeup)) µS/cm): the tower concentrates the make-up", others: [Input.makeupConductivity])
        }
        return try formulas { () throws(ArithmeticError) in try Conductivity.cycles(concentrated: tower, source: makeup) }
    }

    /// Refuses a biocide pack, price or slugs without the system's volume, which sets the
    /// biocide a slug takes.
    package static func checkBiocideVolume(_ inputs: ResolvedInputs) throws(EstimateError) {
        let biocidePlanned = [biocideInputs.pack, biocideInputs.price, Input.biocideSlugs].filter(inputs.isGiven)
        if let first = biocidePlanned.first, inputs.optionalNumber(Input.volume) == nil {
            throw .rule(key: first, message: "\(first.key) needs volume=, the water in the system, which sets the biocide a slug takes")
        }
    }

    /// The tower of an estimate's inputs at a heat load: its balance, and the inhibitor
    /// that balance takes.
    package struct Tower {
        package let cycles: Number
        /// The circulation (m³/h), the range (°C), the evaporation factor and the drift (a fraction).
        let recirc: Number, range: Number, factor: Number, drift: Number
        /// The inhibitor's residual (ppm) and strength (a fraction), and the hours a day.
        let inhibitorResidual: Number, inhibitorStrength: Number, hours: Number

        init(inputs: ResolvedInputs, cycles: Number) throws(EstimateError) {
            self.cycles = cycles
            let range = try inputs.number(Input.dt)
            recirc = if let heat = inputs.optionalNumber(Input.heatLoad) {
                try formulas { () throws(ArithmeticError) in try Cooling.circulation(heat: heat, range: range) }
            } else {
                try inputs.number(Input.recirc)
            }
            self.range = range
            factor = try inputs.number(Input.factor)
            drift = try inputs.fraction(Input.driftPct)
            inhibitorResidual = try inputs.number(Input.inhibitorResidual)
            inhibitorStrength = try inputs.fraction(Input.inhibitorStrength)
            hours = try inputs.number(Input.hours)
        }

        package func balance(at load: Number) throws(ArithmeticError) -> Balance {
            try Cooling.balance(recirc: recirc, range: range, factor: factor, cycles: cycles, driftFraction: drift, load: load)
        }

        /// Inhibitor kg/day, kept at `inhibitor` ppm in what leaves with bleed and drift.
        package func inhibitor(_ water: Balance) throws(ArithmeticError) -> Number {
            try (water.bleed + water.drift) * inhibitorResidual * hours / 1000 / inhibitorStrength
        }
    }

    /// How masses and the other plant figures show: in US units as `units` chose, or when the
    /// circulation or the heat load was given in one.
    package static func massFigures(_ inputs: ResolvedInputs) -> MassFigures {
        MassFigures(us: inputs.showsUS(following: [Input.recirc, Input.heatLoad]))
    }

    /// The flows, in the unit the circulation was given in and in m³ a day, the inhibitor,
    /// and the cycles when measured.
    package static func flowResults(_ inputs: ResolvedInputs, water: Balance, inhibitor: Number, cycles: Number) throws(EstimateError) -> [ResultValue] {
        let f = EstimateFormat.number
        let hours = try inputs.number(Input.hours)
        // Show flows in the unit the circulation was given in; from a heat load in TR or
        // BTU/h, in US gallons a minute; in gpm or a metric unit as `units` chose.
        let us = massFigures(inputs).isUS
        let given = inputs.unit(of: Input.recirc).flatMap { $0.dimension == .volumeFlow && UnitSystem.isUS($0) == us ? $0 : nil }
        let flowUnit = given ?? (us ? gallonsPerMinute : cubicMetresPerHour)
        let mass = MassFigures(us: us)
        // m³/h in the flow unit.
        let perFlowUnit = Number.exact(cubicMetresPerHour.factor / flowUnit.factor)
        /// A flow in the unit the circulation was given in, and a day's in m³ (US gallons in US units).
        func flow(_ spec: ResultSpec, _ value: Number, note: String = "") throws(ArithmeticError) -> ResultValue {
            let daily = us ? Figure.number(try value * hours * gallonsPerCubicMetre, "gal/day") : .number(try value * hours, "m3/day")
            return spec(value, note: note, then: daily, shown: .number(try value * perFlowUnit, flowUnit.symbol))
        }
        let circulation = inputs.isGiven(Input.heatLoad) ? try Tower(inputs: inputs, cycles: cycles).recirc : nil
        var results = try formulas { () throws(ArithmeticError) in
            var flows = [Output.circulation(nil)]
            if let circulation { flows = [try flow(Output.circulation, circulation, note: "heat_load over dt")] }
            return flows + [try flow(Output.evaporation, water.evaporation), try flow(Output.drift, water.drift),
                            try flow(Output.bleed, water.bleed), try flow(Output.makeup, water.makeup),
                            Output.inhibitor(inhibitor, shown: try mass.daily(inhibitor))]
        }
        if inputs.isGiven(Input.towerConductivity) {
            let tower = try inputs.number(Input.towerConductivity), makeup = try inputs.number(Input.makeupConductivity)
            results.append(Output.measuredCycles(cycles, note: "of concentration, measured: \(f(tower))/\(f(makeup)) µS/cm"))
        }
        return results
    }

    /// With the system's volume: the biocide a slug takes and a dose's half-life, and the
    /// biocide an operating day, for the plan.
    package static func biocideResults(_ inputs: ResolvedInputs, water: Balance) throws(EstimateError) -> (results: [ResultValue], daily: Number?) {
        guard let volume = inputs.optionalNumber(Input.volume) else { return ([Output.biocide(nil), Output.halfLife(nil)], nil) }
        let dose = try inputs.number(Input.biocideDose), slugs = try inputs.number(Input.biocideSlugs)
        return try formulas { () throws(ArithmeticError) in
            let losses = try water.bleed + water.drift
            let biocide = try volume * dose / 1000
            let halfLife = losses.isZero ? Output.halfLife(nil, note: "nothing leaves the system", shown: Figure(.text("none")))
                : Output.halfLife(try halfLife(volume: volume, losses: losses), note: "of a dose in the system")
            let daily = try biocidePerDay(volume: volume, ppm: dose, slugsPerWeek: slugs)
            return ([Output.biocide(biocide, note: "per slug", shown: try massFigures(inputs).amount(biocide)), halfLife], daily)
        }
    }

    /// How the balance and the inhibitor were figured, and at what load.
    package static func conventions(_ inputs: ResolvedInputs, load: Number, loads: Seasonal) throws(EstimateError) -> [String] {
        let f = EstimateFormat.number
        let factor = try inputs.number(Input.factor), hours = try inputs.number(Input.hours)
        let fahrenheitFactor = try formulas { () throws(ArithmeticError) in try perFahrenheit(factor) }
        var conventions = [
            "evaporation \(f(factor)) of the circulation per °C of range (\(fahrenheitFactor) per °F); drift as % of circulation",
            "bleed = evaporation/(cycles − 1) − drift; inhibitor on bleed and drift, per \(f(hours)) h day",
        ]
        if load != 1 || inputs.isGiven(Input.summerLoad) {
            let season = inputs.isGiven(Input.summerLoad) ? (loads.summer == load ? "the summer's " : "the winter's ") : ""
            let percent = try formulas { () throws(ArithmeticError) in try load * 100 }
            conventions.insert("per hour and per day at \(season.isEmpty ? "a " : season)load of \(f(percent))% of design: evaporation, bleed and make-up in proportion, drift not", at: 0)
        }
        if inputs.isGiven(Input.towerConductivity) { conventions.append("cycles measured: tower water over make-up conductivity") }
        if inputs.isGiven(Input.heatLoad) {
            conventions.insert("circulation from Q = m·cp·ΔT: water at 4.1868 kJ/(kg·K) (1 BTU per lb per °F) and 1,000 kg per m3; "
                               + "a chiller's tower rejects about 1.25 × its cooling load", at: 0)
        }
        return conventions
    }

    /// The plan of the year: evaporation, bleed and make-up and the inhibitor at each
    /// season's load, the biocide, the same every operating day, and the acid, kg a day
    /// per m³/h of each season's make-up.
    package static func plan(_ inputs: ResolvedInputs, tower: Tower, loads: Seasonal, year: OperatingYear,
                     biocideDaily: Number?, acidPerMakeup: Number?) throws(EstimateError) -> PlanningBlock.Output {
        let hours = try inputs.number(Input.hours), stockDays = try inputs.number(PlanningBlock.stock)
        let block = try formulas { () throws(ArithmeticError) in
            let summer = try tower.balance(at: loads.summer), winter = try tower.balance(at: loads.winter)
            func daily(_ value: (Balance) -> Number) throws(ArithmeticError) -> Seasonal {
                Seasonal(summer: try value(summer) * hours, winter: try value(winter) * hours)
            }
            var planProducts = [PlanningBlock.Product(inputs: inhibitorInputs, daily: Seasonal(summer: try tower.inhibitor(summer), winter: try tower.inhibitor(winter)))]
            if let biocideDaily { planProducts.append(.init(inputs: biocideInputs, daily: Seasonal(biocideDaily))) }
            if let acidPerMakeup {
                planProducts.append(.init(inputs: acidInputs, daily: Seasonal(summer: try summer.makeup * acidPerMakeup,
                                                                             winter: try winter.makeup * acidPerMakeup)))
            }
            return PlanningBlock(units: massFigures(inputs),
                year: year, stockDays: stockDays, products: planProducts,
                water: [.init(flow: Flow.evaporation, daily: try daily(\.evaporation)),
                        .init(flow: Flow.bleed, daily: try daily(\.bleed)),
                        .init(flow: Flow.makeup, daily: try daily(\.makeup))],
                makeupKey: Flow.makeup.key)
        }
        return try block.build(inputs)
    }

    /// The evaporation factor per °F, 5/9 of the factor per K, to 3 significant digits.
    package static func perFahrenheit(_ factor: Number) throws(ArithmeticError) -> String {
        let shown = NumberDisplay.display(try factor * .exact(Rational(5, 9)), digits: 3)
        return (shown.isExact ? "" : "≈ ") + shown.text
    }
}
