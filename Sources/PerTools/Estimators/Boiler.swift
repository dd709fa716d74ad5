import PerNumbers
import PerUnits
import PerLanguage

/// `boiler`: chemicals and water balance of a steam boiler (`help boiler`, after the WTP
/// chemical estimator). Flows in kg/h, concentrations in ppm (mg/kg), products in kg.
public enum Boiler: Estimator {
    public static let name = "boiler"
    public static let summary = "steam-boiler blowdown and treatment chemicals"
    public static let example = "boiler steam=10000 tds=300 maxtds=3000 condensate=60%"
    public static let examples = ["boiler steam=10000 boiler_conductivity=3000 feed_conductivity=300",
                                  "boiler steam=10000 tds=300 makeup_conductivity=500 condensate_conductivity=20 feed_conductivity=200",
                                  "boiler summer_steam=8000 winter_steam=12000 tds=300",
                                  "boiler steam=10000 tds=300 pressure=10 barg makeup_temp=15 fuel_price=€0.05 per kWh",
                                  "boiler steam=10000 tds=300 makeup_temp=15 da_pressure=0.34 barg vent_flow=20 kg/h"]

    package static let kilogramsPerHour = UnitTable.compound("kg/h")!
    package static let ppm = UnitTable.compound("ppm")!
    package static let hoursPerDay = UnitTable.compound("h/day")!
    package static let kilogramsPerDay = UnitTable.compound("kg/day")!

    package static let sulphiteInputs = PlanningBlock.productInputs("sulphite", what: "sulphite")
    package static let internalInputs = PlanningBlock.productInputs("internal", what: "internal treatment")
    package static let amineInputs = PlanningBlock.productInputs("amine", what: "amine")
    package static let productInputs = [sulphiteInputs, internalInputs, amineInputs]
    package static let products = productInputs.map(\.key)

    /// The inputs, each declared once; the estimate reads them through these, never by a string.
    package enum Input {
        package static let steam = InputSpec("steam", .quantity(kilogramsPerHour), "steam output", range: .above(0))
        package static let tds = InputSpec("tds", .quantity(ppm), "make-up water TDS", range: .above(0))
        package static let maxtds = InputSpec("maxtds", .quantity(ppm), "boiler water TDS limit", default: .number(3000), range: .above(0))
        package static let condensate = InputSpec("condensate", .percent, "share of the steam returned as condensate", default: .number(0),
            range: .from(0, below: 100))
        package static let o2 = InputSpec("o2", .quantity(ppm), "dissolved oxygen in the feedwater", default: .number(2), range: .atLeast(0))
        package static let sulphiteResidual = InputSpec("sulphite_residual", .quantity(ppm), "sulphite residual kept in the boiler water, as Na2SO3", alias: "sulphite",
            default: .number(30), range: .atLeast(0))
        package static let sulphiteStrength = InputSpec("sulphite_strength", .percent, "Na2SO3 in the sulphite product", default: .number(100),
            range: .above(0, upTo: 100))
        package static let internalResidual = InputSpec("internal_residual", .quantity(ppm), "internal treatment (phosphate/polymer) residual in the boiler water",
            alias: "internal",
            default: .number(40), range: .atLeast(0))
        package static let internalStrength = InputSpec("internal_strength", .percent, "active content of the internal treatment product",
            default: .number(100), range: .above(0, upTo: 100))
        package static let amineDose = InputSpec("amine_dose", .quantity(ppm), "condensate-line amine, on steam", alias: "amine", default: .number(0),
            range: .atLeast(0))
        package static let hours = InputSpec("hours", .quantity(hoursPerDay), "hours of steaming a day", default: .number(24), range: .above(0, upTo: 24))
        package static let summerSteam = InputSpec("summer_steam", .quantity(kilogramsPerHour), "steam output in the summer (with winter_steam, instead of steam)",
            range: .above(0), optional: true)
        package static let winterSteam = InputSpec("winter_steam", .quantity(kilogramsPerHour), "steam output in the winter (with summer_steam, instead of steam)",
            range: .above(0), optional: true)
        package static let boilerConductivity = InputSpec("boiler_conductivity", .quantity(Conductivity.unit),
            "conductivity of the boiler water (with feed_conductivity, measures the cycles instead of tds and maxtds)",
            range: .above(0), optional: true)
        package static let feedConductivity = InputSpec("feed_conductivity", .quantity(Conductivity.unit), "conductivity of the feedwater",
            range: .above(0), optional: true)
        package static let makeupConductivity = InputSpec("makeup_conductivity", .quantity(Conductivity.unit),
            "conductivity of the make-up (with condensate_conductivity and feed_conductivity, measures the condensate return)",
            range: .above(0), optional: true)
        package static let condensateConductivity = InputSpec("condensate_conductivity", .quantity(Conductivity.unit), "conductivity of the returned condensate",
            range: .atLeast(0), optional: true)
        package static let sewerPrice = InputSpec("sewer_price", .price(plain: .cubicMetre), "price of discharging blowdown per m3", range: .atLeast(0), optional: true)
        package static let pressure = InputSpec("pressure", .pressure,
            "drum pressure (the ABMA/ASME boiler-water limits of its band; with makeup_temp: the heat the blowdown takes)", optional: true)
        package static let makeupTemp = InputSpec("makeup_temp", .quantity(UnitTable.compound("°C")!), "make-up water temperature (with pressure or da_pressure)",
            range: .from(0, to: 99), optional: true)
        package static let fuelPrice = InputSpec("fuel_price", .price(plain: .kilowattHour), "price of fuel per kWh (with pressure: the blowdown's fuel cost)",
            range: .atLeast(0), optional: true)
        package static let efficiency = InputSpec("efficiency", .percent, "the boiler's efficiency, fuel to steam (with fuel_price)", default: .number(85),
            range: .above(0, upTo: 100))
    }

    public static let inputs: [InputSpec] = [
        Input.steam, Input.tds, Input.maxtds, Input.condensate, Input.o2, Input.sulphiteResidual,
        Input.sulphiteStrength, Input.internalResidual, Input.internalStrength, Input.amineDose, Input.hours,
    ] + ([
        // Planning, measurement and scaling: quiet until given.
        Input.steamRating, Input.summerSteam, Input.winterSteam, Input.boilerConductivity, Input.feedConductivity,
        Input.makeupConductivity, Input.condensateConductivity, Input.pressure, Input.makeupTemp, Input.fuelPrice, Input.efficiency,
        LimitInput.silica, LimitInput.alkalinity, Input.daPressure, Input.condensateTemp, Input.vent, Input.ventFlow, Input.daO2,
        Input.flashPressure, Input.hxApproach,
    ] + PlanningBlock.yearInputs + [
        Input.sewerPrice,
    ] + productInputs.flatMap(\.all) + pumps.map(\.pump)).map(\.quiet)

    /// The products' feed pumps, each with its product's inputs.
    package static let sulphitePump = FeedPump(sulphiteInputs, what: "sulphite")
    package static let internalPump = FeedPump(internalInputs, what: "internal treatment")
    package static let aminePump = FeedPump(amineInputs, what: "amine")
    package static let pumps = [sulphitePump, internalPump, aminePump]

    public static let notes = PlanningBlock.notes(products: products, seasons: "summer_steam with winter_steam")
        + ["Measured cycles: boiler_conductivity with feed_conductivity replace tds and maxtds; condensate return:",
           "makeup_conductivity, condensate_conductivity and feed_conductivity replace condensate.",
           "Blowdown heat: pressure (barg; a plain number is bar gauge; bara and psia are absolute) and makeup_temp give",
           "the saturation temperature, the heat leaving with the blowdown and the flash steam at the air's pressure;",
           "fuel_price per kWh (with efficiency, default 85%) its fuel a year. Steam properties by IAPWS-IF97.",
           "Limits: pressure checks the boiler water against the ABMA/ASME limits of its drum-pressure band (below):",
           "the cycles and maxtds (which defaults to the band's TDS), and the make-up's silica and alkalinity, or",
           "boiler_conductivity, concentrated in the boiler; the lowest max cycles and every limit passed are told.",
           "Feed pumps: PRODUCT_pump= a metering pump's maximum (L/h, ml/min) gives the product's flow and the pump's",
           "stroke, at PRODUCT_density (kg/L, default 1); a stroke below 10% or above 90% is warned.",
           "Deaerator: da_pressure (gauge, typically 0.34 barg) with makeup_temp gives the steam that heats the make-up and",
           "the condensate (condensate_temp, default 80 °C) to its saturation and the vent (vent, % of feedwater, default",
           "0.1%, or vent_flow in kg/h), by an IAPWS-IF97 energy balance; the sulphite takes da_o2 (default 0.007 ppm) for o2.",
           "Flash recovery: flash_pressure (gauge, below pressure) gives the blowdown's flash steam recovered there and the",
           "residual's heat into the make-up through a heat exchanger it leaves hx_approach (default 10 K) above makeup_temp;",
           "with fuel_price the fuel that saves a year (days × hours, at efficiency).",
           "Rating: steam= a power in boiler horsepower (steam=300 bhp) is the steam it makes, 34.5 lb/h from and at 212 °F a bhp.",
           "Units: with the steam in lb/h or bhp, flows show in lb/h, products in lb/day and the saturation in °F; units us or",
           "units metric chooses for every estimate (help units). ESTIMATOR.RESULT and JSON stay in kg/h and kg/day."]

    /// Bd = S(1−c)·tds/(maxtds − tds), or S/(COC − 1): above 0 for any make-up TDS above 0,
    /// condensate below 100% and cycles above 1, as the inputs' ranges hold them.
    public static let aboveZero = Dictionary(uniqueKeysWithValues: [Output.blowdown, Output.blowdownPercent].map { spec in
        (spec.name, "the blowdown carries out the solids the make-up brings, so it is above 0 while the make-up holds any; "
            + "it only nears 0 as the cycles grow without end")
    })

    public static let groups: [InputGroup] = [
        InputGroup(members: [Input.steamRating], replaces: [Input.steam]),
        InputGroup(members: [Input.summerSteam, Input.winterSteam], replaces: [Input.steam],
                   extras: [PlanningBlock.summerMonths, PlanningBlock.summer]),
        InputGroup(members: [PlanningBlock.summer], replaces: [PlanningBlock.summerMonths]),
        InputGroup(members: [Input.boilerConductivity], needs: [Input.feedConductivity], replaces: [Input.tds, Input.maxtds]),
        InputGroup(members: [Input.makeupConductivity, Input.condensateConductivity], needs: [Input.feedConductivity],
                   replaces: [Input.condensate]),
        // makeup_temp serves the boiler's pressure or a deaerator's: checkPressure refuses it alone.
        InputGroup(members: [Input.makeupTemp], extras: [Input.efficiency]),
        InputGroup(members: [Input.fuelPrice], needs: [Input.pressure, Input.makeupTemp]),
        InputGroup(members: [LimitInput.silica], needs: [Input.pressure]),
        InputGroup(members: [LimitInput.alkalinity], needs: [Input.pressure]),
    ] + deaeratorGroups + recoveryGroups

    /// The water flows the plan shows a year, each declared once.
    package enum Flow {
        package static let makeup = PlanningBlock.Flow(key: "makeup", label: "make-up", price: PlanningBlock.waterPrice)
        package static let blowdown = PlanningBlock.Flow(key: "blowdown", label: "blowdown", price: Input.sewerPrice)
    }

    /// The results, in the order the text and JSON show them.
    package enum Output {
        package static let blowdown = ResultSpec("blowdown", json: "blowdown_kg_h", .unit(kilogramsPerHour), .line("blowdown"), "blowdown")
        package static let blowdownPercent = ResultSpec("blowdown_pct", .percent, .note(of: blowdown.name), "blowdown as % of the feedwater")
        package static let feedwater = ResultSpec("feedwater", json: "feedwater_kg_h", .unit(kilogramsPerHour), .line("feedwater"), "feedwater")
        package static let makeup = ResultSpec("makeup", json: "makeup_kg_h", .unit(kilogramsPerHour), .line("make-up"), "make-up water")
        package static let feedTDS = ResultSpec("feed_tds", .unit(ppm), .line("feed TDS"), "TDS of the feedwater (not with measured cycles)")
        package static let cycles = ResultSpec("cycles", .plain, .line("cycles"), "cycles of concentration")
        package static let condensate = ResultSpec("condensate_pct", .percent, .line("condensate"),
                                           "condensate as % of steam (measured by conductivity only)")
        package static let sulphiteDose = ResultSpec("sulphite_dose", json: "sulphite_ppm", .unit(ppm), .line("sulphite dose"),
                                             "sulphite dose on feedwater")
        package static let sulphite = ResultSpec("sulphite", json: "sulphite_kg_day", .unit(kilogramsPerDay), .line("sulphite"),
                                         "sulphite product a day")
        package static let internalTreatment = ResultSpec("internal", json: "internal_kg_day", .unit(kilogramsPerDay), .line("internal"),
                                         "internal treatment product a day")
        package static let amine = ResultSpec("amine", json: "amine_kg_day", .unit(kilogramsPerDay), .line("amine"), "amine a day")
        package static let saturation = ResultSpec("saturation", json: "saturation_c", .unit(UnitTable.compound("°C")!), .line("saturation"),
                                           "saturation temperature at the pressure (with pressure and makeup_temp)")
        package static let blowdownHeat = ResultSpec("blowdown_heat", json: "blowdown_heat_kw", .unit(UnitTable.compound("kW")!), .line("blowdown heat"),
                                             "heat leaving with the blowdown, over its make-up")
        package static let flashSteam = ResultSpec("flash_steam", json: "flash_steam_kg_h", .unit(kilogramsPerHour), .line("flash steam"),
                                           "blowdown flashing to steam at the air's pressure")
        package static let flashPercent = ResultSpec("flash_pct", .percent, .note(of: flashSteam.name), "flash steam as % of the blowdown")
        package static let fuelCost = ResultSpec("fuel_cost_year", .money, .line("fuel cost"), "the blowdown heat's fuel a year (with fuel_price)")
    }

    public static let results = [Output.blowdown, Output.blowdownPercent, Output.feedwater, Output.makeup, Output.feedTDS,
                                 Output.cycles, Output.condensate, Output.sulphiteDose, Output.sulphite, Output.internalTreatment,
                                 Output.amine, Output.saturation, Output.blowdownHeat, Output.flashSteam, Output.flashPercent,
                                 Output.fuelCost] + RecoveryOutput.all + DeaeratorOutput.all + LimitOutput.all + pumps.flatMap { [$0.feed, $0.stroke] }
        + PlanningBlock.results(water: [Flow.makeup, Flow.blowdown], products: products)

    public static let sweepColumns = [Output.blowdown, Output.makeup, Output.sulphite, Output.cycles]

    public static func headline(of estimate: Estimate) -> String {
        headline(estimate, estimate.headlinePart(Output.blowdown), estimate.headlinePart(Output.sulphite))
    }

    /// The water balance, all in kg/h except the ratios.
    public struct Balance: Sendable, Equatable {
        /// Bd = S(1−c)·tds/(maxtds − tds), or S/(COC − 1) from measured cycles.
        public let blowdown: Number
        /// F = S + Bd.
        public let feedwater: Number
        /// M = S(1−c) + Bd: the water that has to be made up.
        public let makeup: Number
        /// Feedwater TDS = M·tds/F, ppm; nil when the cycles were measured.
        public let feedTDS: Number?
        /// Cycles of concentration, COC = F/Bd.
        public let cycles: Number
        /// Blowdown as % of feedwater = 100·Bd/F.
        public let blowdownPercent: Number
    }

    /// The boiler balance (`help boiler`), with S steam (kg/h), c the condensate fraction and TDS in ppm.
    public static func balance(steam s: Number, condensate c: Number, tds: Number, maxTDS: Number) throws(ArithmeticError) -> Balance {
        let freshSteam = try s * (1 - c)
        let blowdown = try freshSteam * tds / (maxTDS - tds)
        let feedwater = try s + blowdown
        let makeup = try freshSteam + blowdown
        return Balance(blowdown: blowdown, feedwater: feedwater, makeup: makeup,
                       feedTDS: try makeup * tds / feedwater, cycles: try feedwater / blowdown,
                       blowdownPercent: try 100 * blowdown / feedwater)
    }

    /// The balance from measured cycles (`help planning`): the feedwater's solids
    /// leave with the blowdown, so COC = F/Bd with F = S + Bd gives Bd = S/(COC − 1),
    /// whatever the condensate; M = S(1−c) + Bd.
    public static func balance(steam s: Number, condensate c: Number, cycles: Number) throws(ArithmeticError) -> Balance {
        let blowdown = try s / (cycles - 1)
        let feedwater = try s + blowdown
        return Balance(blowdown: blowdown, feedwater: feedwater, makeup: try s * (1 - c) + blowdown, feedTDS: nil,
                       cycles: cycles, blowdownPercent: try 100 / cycles)
    }

    /// Condensate return as a share of the feedwater, from conductivities (µS/cm): the
    /// feedwater is a mix of make-up and condensate, so r = (make-up − feed)/(make-up − condensate).
    public static func condensateReturn(makeup: Number, feed: Number, condensate: Number) throws(ArithmeticError) -> Number {
        try (makeup - feed) / (makeup - condensate)
    }

    /// The condensate as a share of the steam, c, from its share of the feedwater r: the
    /// condensate is c·S = r·F. With measured cycles F = S·COC/(COC − 1), so
    /// c = r·COC/(COC − 1); with k = tds/(maxtds − tds), F = S + S(1−c)·k, so
    /// c = r(1 + k)/(1 + r·k).
    public static func condensateShare(returnFraction r: Number, cycles: Number) throws(ArithmeticError) -> Number {
        try r * cycles / (cycles - 1)
    }

    /// See `condensateShare(returnFraction:cycles:)`; `tds` and `maxTDS` in ppm.
    public static func condensateShare(returnFraction r: Number, tds: Number, maxTDS: Number) throws(ArithmeticError) -> Number {
        let k = try tds / (maxTDS - tds)
        return try r * (1 + k) / (1 + r * k)
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

    /// Above this share of the feedwater (%), blowdown wastes water and heat: a warning.
    package static let highBlowdownPercent: Number = 20

    /// The seasons' steam, when given, and the steam per hour: the higher season's, the
    /// rating's, or as given. The winter's steam is read only with the summer's, the steam
    /// only without them.
    private static func steam(_ inputs: ResolvedInputs, year: OperatingYear) throws(EstimateError) -> (Seasonal?, Number) {
        if let summer = inputs.optionalNumber(Input.summerSteam) {
            let seasons = Seasonal(summer: summer, winter: try inputs.number(Input.winterSteam))
            return (seasons, year.peak(seasons))
        }
        if let rating = inputs.optionalNumber(Input.steamRating) {
            return (nil, try formulas { () throws(ArithmeticError) in try Boiler.steam(rating: rating) })
        }
        return (nil, try inputs.number(Input.steam))
    }

    public static func estimate(_ given: ResolvedInputs) throws(EstimateError) -> Estimate {
        // maxtds left to its default follows the band of the pressure.
        let inputs = given.following(followingDefaults)
        try PlanningBlock.checkPrices(inputs, products: productInputs)
        let cycles = try measuredCycles(inputs)
        let condensate = try condensate(inputs, measuredCycles: cycles)
        // The seasons' steam; figures per hour and per day are at the higher one.
        let year = try OperatingYear.of(inputs, seasons: inputs.isGiven(Input.summerSteam))
        let (seasonSteam, steam) = try steam(inputs, year: year)
        let hours = try inputs.number(Input.hours)
        try checkPressure(inputs)
        try checkDeaerator(inputs)
        try checkFlashVessel(inputs)
        let water = try balance(inputs, steam: steam, condensate: condensate.share, measuredCycles: cycles)
        let products = try Products(inputs, water: water, steam: steam, hours: hours)
        var results = try balanceResults(inputs, water: water, products: products, measured: cycles != nil, condensate: condensate)
        var conventions = conventions(hours: hours, measuredCycles: cycles != nil, measuredReturn: condensate.measuredReturn != nil)
        if let rating = ratingConvention(inputs, steam: steam) { conventions.insert(rating, at: 0) }
        var kinded = try warnings(inputs, water: water, measuredCycles: cycles != nil)
        var warnings = kinded.map(\.text)
        var tables: [Estimate.Table] = []
        var exceededLimits: [Estimate.ExceededLimit] = []
        if let pressure = inputs.optionalNumber(Input.daPressure) {
            let deaerator = try deaeratorResults(inputs, pressure: pressure, water: water, condensate: condensate.share, steam: steam)
            (results, conventions) = (results + deaerator.results, conventions + deaerator.conventions)
        }
        if let pressure = inputs.optionalNumber(Input.pressure) {
            if inputs.optionalNumber(Input.makeupTemp) != nil {
                let kilogramsYear = try formulas { () throws(ArithmeticError) in
                    try year.total(share(of: seasonSteam, steam: steam).map { (fraction) throws(ArithmeticError) in
                        try fraction * water.blowdown * hours
                    })
                }
                results += try heatResults(inputs, pressure: pressure, blowdown: water.blowdown, kilogramsYear: kilogramsYear)
                conventions.append("blowdown heat: saturated water at the boiler's pressure over the make-up, flash at 101.325 kPa; "
                                   + "steam properties by IAPWS-IF97; fuel: the heat a year over the efficiency")
                if let flash = inputs.optionalNumber(Input.flashPressure) {
                    let recovery = try recoveryResults(inputs, pressure: pressure, flash: flash, blowdown: water.blowdown, kilogramsYear: kilogramsYear)
                    (results, conventions) = (results + recovery.results, conventions + recovery.conventions)
                }
            }
            let limits = try limitPart(inputs, pressure: pressure, water: water, measuredCycles: cycles != nil)
            (results, tables, conventions, warnings) = (results + limits.results, tables + limits.tables, conventions + limits.conventions,
                                                        warnings + limits.warnings)
            exceededLimits = limits.exceededLimits
            kinded += limits.kindedWarnings
        }
        let pumped = try FeedPump.part(inputs, [(sulphitePump, products.sulphite), (internalPump, products.internalTreatment),
                                                (aminePump, products.amine)], hours: hours, mass: massFigures(inputs))
        (results, tables, warnings) = (results + pumped.results, tables + pumped.tables, warnings + pumped.warnings)
        kinded += pumped.kinded
        let planned = seasonSteam != nil || PlanningBlock.isAsked(inputs, products: productInputs, sewerPrice: Input.sewerPrice, pumps: pumps)
        if planned {
            let plan = try plan(inputs, year: year, seasonSteam: seasonSteam, steam: steam, hours: hours, water: water, products: products)
            tables += plan.tables
            results += plan.results
            conventions += plan.conventions
            if let seasonSteam {
                let season = seasonSteam.summer == steam ? "summer" : "winter"
                conventions.insert("per hour and per day at the \(season) steam, \(EstimateFormat.number(steam)) kg/h: the higher season", at: 0)
            }
        }
        // A deaerator's defaults are figures its results rest on: they are shown.
        let shown = Set(PlanningBlock.shown(inputs.used, of: self, planned: planned, products: productInputs, pumps: pumps).map(\.key))
            .union(inputs.isGiven(Input.daPressure) ? deaeratorGroups[0].extras : [])
            .union(inputs.isGiven(Input.flashPressure) ? recoveryGroups[0].extras : [])
        var estimate = Estimate(self, inputs: massFigures(inputs).defaults(inputs.used.filter { shown.contains($0.key) }, of: self),
                                results: results, currency: inputs.estimateCurrency, conventions: conventions, warnings: warnings,
                                tables: tables)
        (estimate.exceededLimits, estimate.ownKindedWarnings) = (exceededLimits, kinded)
        return estimate
    }

    /// The balance at the measured cycles, or else at the cycles tds and maxtds allow
    /// (read only then: with conductivities they need not be given).
    static func balance(_ inputs: ResolvedInputs, steam: Number, condensate: Number,
                        measuredCycles cycles: Number?) throws(EstimateError) -> Balance {
        if let cycles {
            return try formulas { () throws(ArithmeticError) in try balance(steam: steam, condensate: condensate, cycles: cycles) }
        }
        let tds = try inputs.number(Input.tds), maxTDS = try inputs.number(Input.maxtds)
        return try formulas { () throws(ArithmeticError) in try balance(steam: steam, condensate: condensate, tds: tds, maxTDS: maxTDS) }
    }

    /// The chemicals at the peak: the sulphite dose on the feedwater (ppm), and kg a day
    /// of sulphite, of internal treatment on the blowdown and of amine on the steam.
    package struct Products {
        package let sulphiteDose: Number
        package let sulphite: Number
        package let internalTreatment: Number
        package let amine: Number

        package init(_ inputs: ResolvedInputs, water: Balance, steam: Number, hours: Number) throws(EstimateError) {
            // A deaerator leaves da_o2 of oxygen, which the sulphite takes up instead of o2.
            let oxygen = try inputs.optionalNumber(Input.daPressure) == nil ? inputs.number(Input.o2) : inputs.number(Input.daO2)
            let residual = try inputs.number(Input.sulphiteResidual)
            let sulphiteStrength = try inputs.fraction(Input.sulphiteStrength)
            let internalResidual = try inputs.number(Input.internalResidual), internalStrength = try inputs.fraction(Input.internalStrength)
            let amineDose = try inputs.number(Input.amineDose)
            (sulphiteDose, sulphite, internalTreatment, amine) = try formulas { () throws(ArithmeticError) in
                let dose = try Boiler.sulphiteDose(oxygen: oxygen, residual: residual, cycles: water.cycles)
                return (dose,
                        try productPerDay(flow: water.feedwater, ppm: dose, hours: hours, strength: sulphiteStrength),
                        try productPerDay(flow: water.blowdown, ppm: internalResidual, hours: hours, strength: internalStrength),
                        try productPerDay(flow: steam, ppm: amineDose, hours: hours, strength: 1))
            }
        }
    }

    /// The water balance's results and the chemicals', each a day and per 30 days.
    package static func balanceResults(_ inputs: ResolvedInputs, water: Balance, products: Products, measured: Bool,
                               condensate: Condensate) throws(EstimateError) -> [ResultValue] {
        let f = EstimateFormat.number
        let mass = massFigures(inputs)
        func daily(_ spec: ResultSpec, _ perDay: Number) throws(ArithmeticError) -> ResultValue {
            spec(perDay, then: try mass.thirtyDays(perDay), shown: try mass.daily(perDay))
        }
        // The conductivities are read only when they measured the cycles.
        var cyclesNote = "of concentration"
        if measured {
            let boiler = try inputs.number(Input.boilerConductivity), feed = try inputs.number(Input.feedConductivity)
            cyclesNote = "of concentration, measured: \(f(boiler))/\(f(feed)) µS/cm"
        }
        return try formulas { () throws(ArithmeticError) in
            var results: [ResultValue] = [
                Output.blowdown(water.blowdown, note: "\(f(water.blowdownPercent))% of feedwater", shown: try mass.flow(water.blowdown)),
                Output.blowdownPercent(water.blowdownPercent),
                Output.feedwater(water.feedwater, shown: try mass.flow(water.feedwater)),
                Output.makeup(water.makeup, shown: try mass.flow(water.makeup)), Output.feedTDS(water.feedTDS),
                Output.cycles(water.cycles, note: cyclesNote),
            ]
            if let measuredReturn = condensate.measuredReturn {
                results.append(Output.condensate(try condensate.share * 100, note: "of steam, measured: \(f(try measuredReturn * 100))% of feedwater"))
            }
            let oxygenLeft = inputs.optionalNumber(Input.daPressure) == nil ? nil : inputs.text(Input.daO2)
            results += [Output.sulphiteDose(products.sulphiteDose, note: "on feedwater" + (oxygenLeft.map { ", for the \($0) of oxygen the deaerator leaves" } ?? "")), try daily(Output.sulphite, products.sulphite),
                        try daily(Output.internalTreatment, products.internalTreatment)]
            // No amine is used unless its dose is given: no row of zeros for it.
            if products.amine != 0 { results.append(try daily(Output.amine, products.amine)) }
            return results
        }
    }

    /// The inputs whose units the results follow when `units` chose none: the steam's.
    /// A pressure in psig alone does not turn kg/h of steam into lb/h (the ABMA bands are
    /// written in psig wherever the boiler is).
    package static let unitInputs = [Input.steam, Input.steamRating, Input.summerSteam, Input.winterSteam]

    /// How the flows and the products a day are shown: in lb with `units us` or the steam
    /// given in US units (lb/h, bhp), else in kg.
    package static func massFigures(_ inputs: ResolvedInputs) -> MassFigures {
        MassFigures(us: inputs.showsUS(following: unitInputs))
    }

    /// How the balance and the products were figured.
    package static func conventions(hours: Number, measuredCycles: Bool, measuredReturn: Bool) -> [String] {
        var conventions = [
            "blowdown as % of feedwater; condensate as a share of steam",
            "sulphite: 7.88 ppm Na2SO3 per ppm of oxygen, plus the boiler residual divided by the cycles",
            "products per day at the strengths given, for \(EstimateFormat.number(hours)) h of steaming a day",
        ]
        if measuredCycles { conventions.append("cycles measured: boiler water over feedwater conductivity; blowdown = steam/(cycles − 1)") }
        if measuredReturn {
            conventions.append("condensate return measured: (make-up − feed)/(make-up − condensate) conductivity, a share of the feedwater")
        }
        return conventions
    }

    /// A blowdown above `highBlowdownPercent` of the feedwater, with its likely cause.
    package static func warnings(_ inputs: ResolvedInputs, water: Balance, measuredCycles: Bool) throws(EstimateError) -> [Estimate.KindedWarning] {
        guard water.blowdownPercent > highBlowdownPercent else { return [] }
        let f = EstimateFormat.number
        // The cause, and the same in words that hold for a sweep's rows whatever their figures.
        let cause: String, remedy: String
        if measuredCycles {
            cause = "the measured cycles (\(f(water.cycles))) are low; check the conductivities"
            remedy = "the measured cycles are low; check the conductivities"
        } else {
            let tds = try inputs.number(Input.tds), maxTDS = try inputs.number(Input.maxtds)
            cause = "the make-up TDS (\(f(tds)) ppm) is close to maxtds (\(f(maxTDS)) ppm); check both"
            remedy = "the make-up TDS (\(f(tds)) ppm) is close to maxtds; check both"
        }
        return [Estimate.KindedWarning(kind: .highBlowdown,
                                       text: "blowdown is \(f(water.blowdownPercent))% of the feedwater, over \(f(highBlowdownPercent))%: \(cause)",
                                       gist: "blowdown is over \(f(highBlowdownPercent))% of the feedwater",
                                       figure: "\(f(water.blowdownPercent))%", remedy: remedy)]
    }

    /// The plan of the year: make-up and blowdown in m³ (at 1000 kg/m³) and the products,
    /// each season's in proportion to its steam over the peak's.
    package static func plan(_ inputs: ResolvedInputs, year: OperatingYear, seasonSteam: Seasonal?, steam: Number, hours: Number,
                     water: Balance, products: Products) throws(EstimateError) -> PlanningBlock.Output {
        let stockDays = try inputs.number(PlanningBlock.stock)
        let block = try formulas { () throws(ArithmeticError) in
            let share = try share(of: seasonSteam, steam: steam)
            func seasonal(_ perDay: Number) throws(ArithmeticError) -> Seasonal {
                try share.map { (fraction) throws(ArithmeticError) in try fraction * perDay }
            }
            // m³/day of water from kg/h, at 1000 kg/m³.
            func cubicMetres(_ kilogramsPerHour: Number) throws(ArithmeticError) -> Seasonal {
                try seasonal(try kilogramsPerHour * hours / 1000)
            }
            return PlanningBlock(units: massFigures(inputs),
                year: year, stockDays: stockDays,
                products: [.init(inputs: sulphiteInputs, daily: try seasonal(products.sulphite)),
                           .init(inputs: internalInputs, daily: try seasonal(products.internalTreatment)),
                           .init(inputs: amineInputs, daily: try seasonal(products.amine))],
                water: [.init(flow: Flow.makeup, daily: try cubicMetres(water.makeup)),
                        .init(flow: Flow.blowdown, daily: try cubicMetres(water.blowdown))],
                makeupKey: Flow.makeup.key)
        }
        return try block.build(inputs)
    }

    /// Each season's steam as a share of the peak's (1 without seasons): every daily figure
    /// is in proportion to the steam.
    package static func share(of seasons: Seasonal?, steam: Number) throws(ArithmeticError) -> Seasonal {
        try seasons.map { (seasons) throws(ArithmeticError) in
            try seasons.map { (season) throws(ArithmeticError) in try season / steam }
        } ?? Seasonal(1)
    }
}
