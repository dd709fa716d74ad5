import PerNumbers
import PerUnits
import PerLanguage

/// `deaerator`: a deaerator on its own (`help deaerator`), the one `boiler` figures with
/// `da_pressure=`: the steam that heats the feed to saturation, the vent, and the sulphite
/// for the oxygen it leaves. Flows in kg/h, temperatures in °C, concentrations in ppm.
extension Deaerator: Estimator {
    public static let name = "deaerator"
    public static let summary = "deaerator heating steam, vent and oxygen scavenger"
    public static let example = "deaerator feed=10 t/h condensate=60% makeup_temp=15"
    public static let examples = ["deaerator feed=10 t/h condensate=60% makeup_temp=15 pressure=0.5 vent_flow=20 kg/h"]

    /// The inputs, each declared once; the estimate reads them through these, never by a string.
    package enum Input {
        package static let feed = InputSpec("feed", .quantity(Boiler.kilogramsPerHour),
            "feedwater through the deaerator: the make-up and the returned condensate", range: .above(0))
        package static let condensate = InputSpec("condensate", .percent, "share of the feed that is returned condensate",
            default: .number(0), range: .from(0, to: 100))
        package static let makeupTemp = InputSpec("makeup_temp", .quantity(UnitTable.compound("°C")!), "make-up water temperature",
            range: .from(0, to: 99))
        package static let condensateTemp = InputSpec("condensate_temp", .quantity(UnitTable.compound("°C")!),
            "temperature of the returned condensate", default: .number(Usual.condensateCelsius), range: .from(0, to: 99))
        package static let pressure = InputSpec("pressure", .pressure, "the deaerator's pressure", default: .number(Usual.pressure))
        package static let vent = InputSpec("vent", .percent, "the vent, % of the feed", default: .number(Usual.ventPercent),
            range: .from(0, to: 10))
        package static let ventFlow = InputSpec("vent_flow", .quantity(Boiler.kilogramsPerHour), "the vent as a flow (instead of vent; at most 10% of the feed, as vent is)",
            range: .atLeast(0), optional: true)
        package static let o2 = InputSpec("o2", .quantity(Boiler.ppm), "dissolved oxygen the deaerator leaves in the feed, for the sulphite",
            default: .number(Usual.oxygenLeft), range: .atLeast(0))
        package static let sulphiteResidual = InputSpec("sulphite_residual", .quantity(Boiler.ppm),
            "sulphite residual kept in the deaerated feed, as Na2SO3 (a boiler's residual over its cycles)", alias: "sulphite",
            default: .number(0), range: .atLeast(0))
        package static let sulphiteStrength = InputSpec("sulphite_strength", .percent, "Na2SO3 in the sulphite product", default: .number(100),
            range: .above(0, upTo: 100))
        package static let hours = InputSpec("hours", .quantity(Boiler.hoursPerDay), "hours of running a day", default: .number(24),
            range: .above(0, upTo: 24))
    }

    public static let inputs: [InputSpec] = [
        Input.feed, Input.condensate, Input.makeupTemp, Input.condensateTemp, Input.pressure, Input.vent, Input.o2,
        Input.sulphiteResidual, Input.sulphiteStrength, Input.hours, Input.ventFlow.quiet,
    ]

    public static let groups = [InputGroup(members: [Input.ventFlow], replaces: [Input.vent])]

    public static let notes = [
        "The make-up (the feed less the condensate) at makeup_temp and the condensate at condensate_temp are heated to",
        "saturation at pressure (gauge, default 0.34 barg) by steam at that pressure, by an IAPWS-IF97 energy balance;",
        "the vent is vent % of the feed, or vent_flow in kg/h. The sulphite takes up o2 (default 0.007 ppm) at 7.88 ppm",
        "Na2SO3 a ppm, plus sulphite_residual. boiler da_pressure= gives the same deaerator inside a boiler's balance.",
    ]

    /// The results, in the order the text and JSON show them.
    package enum Output {
        package static let outletTemp = ResultSpec("outlet_temp", json: "outlet_temp_c", .unit(UnitTable.compound("°C")!), .line("outlet"),
                                                   "saturation temperature at the pressure (the feed leaving the deaerator)")
        package static let steam = ResultSpec("steam", json: "steam_kg_h", .unit(Boiler.kilogramsPerHour), .line("heating steam"),
                                              "steam that heats the make-up and condensate to saturation")
        package static let vent = ResultSpec("vent_loss", json: "vent_loss_kg_h", .unit(Boiler.kilogramsPerHour), .line("vent"),
                                             "steam leaving with the vent")
        package static let ventHeat = ResultSpec("vent_heat", json: "vent_heat_kw", .unit(UnitTable.compound("kW")!), .note(of: vent.name),
                                                 "the vent's heat over the make-up that replaces it")
        package static let sulphiteDose = ResultSpec("sulphite_dose", json: "sulphite_ppm", .unit(Boiler.ppm), .line("sulphite dose"),
                                                     "sulphite dose on the feed")
        package static let sulphite = ResultSpec("sulphite", json: "sulphite_kg_day", .unit(Boiler.kilogramsPerDay), .line("sulphite"),
                                                 "sulphite product a day")

        package static let rows = Rows(saturation: outletTemp, steam: steam, vent: vent, ventHeat: ventHeat, pressureKey: Input.pressure.key)
    }

    public static let results = [Output.outletTemp, Output.steam, Output.vent, Output.ventHeat, Output.sulphiteDose, Output.sulphite]

    public static let sweepColumns = [Output.steam, Output.vent, Output.sulphiteDose, Output.sulphite]

    public static func headline(of estimate: Estimate) -> String {
        headline(estimate, estimate.headlinePart(Output.steam), estimate.headlinePart(Output.sulphite))
    }

    /// The deaerator's balance (`results`) on the feed F split into condensate C = F·c and
    /// make-up M = F − C; the sulphite on the feed, 7.88·o2 + residual ppm
    /// (`Deaerator.sulphiteDose` at one cycle: the residual is the feed's own), and its
    /// product F·dose·hours/10⁶/strength kg/day (`Boiler.productPerDay`).
    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        try check(inputs, pressure: Input.pressure, temperatures: [Input.makeupTemp, Input.condensateTemp])
        let feed = try inputs.number(Input.feed), share = try inputs.fraction(Input.condensate)
        let pressure = try inputs.number(Input.pressure)
        let makeupTemp = try inputs.number(Input.makeupTemp), condensateTemp = try inputs.number(Input.condensateTemp)
        let ventShare = inputs.optionalNumber(Input.ventFlow) == nil ? try inputs.fraction(Input.vent) : nil
        try checkVentFlow(inputs, ventFlow: Input.ventFlow, vent: Input.vent, feedwater: feed, named: "feed")
        let oxygen = try inputs.number(Input.o2), residual = try inputs.number(Input.sulphiteResidual)
        let strength = try inputs.fraction(Input.sulphiteStrength), hours = try inputs.number(Input.hours)
        let mass = MassFigures(us: inputs.showsUS(following: [Input.feed, Input.ventFlow]))
        let (results, conventions) = try formulas { () throws(ArithmeticError) in
            let condensate = try feed * share
            let plant = Plant(pressure: pressure, makeup: try feed - condensate, makeupCelsius: makeupTemp, condensate: condensate,
                              condensateCelsius: condensateTemp, feedwater: feed, ventShare: ventShare,
                              ventFlow: inputs.optionalNumber(Input.ventFlow) ?? 0)
            let balance = try Deaerator.results(plant, rows: Output.rows, share: feed, of: "feed", mass: mass)
            let dose = try sulphiteDose(oxygenLeft: oxygen, residual: residual, cycles: 1)
            let perDay = try Boiler.productPerDay(flow: feed, ppm: dose, hours: hours, strength: strength)
            let sulphite = [
                Output.sulphiteDose(dose, note: "on feed, for the \(inputs.text(Input.o2) ?? "") of oxygen left"),
                Output.sulphite(perDay, then: try mass.thirtyDays(perDay), shown: try mass.daily(perDay)),
            ]
            return (balance.results + sulphite, balance.conventions + [
                "sulphite: 7.88 ppm Na2SO3 per ppm of oxygen, plus the residual, on the feed",
                "sulphite a day at the strength given, for \(EstimateFormat.number(hours)) h a day",
            ])
        }
        return Estimate(self, inputs: mass.defaults(inputs.used, of: self), results: results, conventions: conventions)
    }
}
