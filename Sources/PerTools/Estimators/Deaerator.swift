import PerNumbers
import PerUnits
import PerLanguage

/// A deaerator ahead of a boiler (`help boiler`): the make-up and the returned condensate,
/// each at its own temperature, are heated to saturation at the deaerator's pressure by
/// steam at that pressure, which condenses into them; the vent carries the stripped gases
/// out with a little steam. Steam properties by IAPWS-IF97 (`Steam`); enthalpies in kJ/kg,
/// pressures in MPa absolute, temperatures in K, flows in kg/h.
public enum Deaerator: Sendable {
    /// What the deaerator's energy balance comes to.
    public struct Figures: Sendable, Equatable {
        /// Ts at the deaerator's pressure, K.
        public let saturation: Number
        /// The heating steam, kg/h.
        public let steam: Number
        /// The heat the vent's steam takes over the make-up that replaces it, kW.
        public let ventHeat: Number
    }

    /// The energy balance at `pressure` MPa absolute, with `makeup` and `condensate` kg/h
    /// entering at `makeupKelvin` and `condensateKelvin` (as liquids at the deaerator's
    /// pressure, IF97 region 1) and `vent` kg/h leaving as saturated steam (region 2).
    /// Heat in equals heat out, with h′ and h″ saturated water and steam at the pressure:
    /// M·hM + C·hC + D·h″ = (M + C + D − V)·h′ + V·h″, so the steam is
    /// D = (M·(h′ − hM) + C·(h′ − hC)) / (h″ − h′) + V.
    /// The vent's heat is V·(h″ − hM)/3600 kW. Preconditions: the pressure lies on region
    /// 1's saturation line, and both temperatures are below Ts there.
    public static func figures(pressure: Number, makeup: Number, makeupKelvin: Number, condensate: Number,
                               condensateKelvin: Number, vent: Number) throws(ArithmeticError) -> Figures {
        let saturation = try Steam.saturationTemperature(megapascals: pressure)
        let water = try Steam.liquidEnthalpy(kelvin: saturation, megapascals: pressure)
        let steam = try Steam.vapourEnthalpy(kelvin: saturation, megapascals: pressure)
        let makeupWater = try Steam.liquidEnthalpy(kelvin: makeupKelvin, megapascals: pressure)
        let condensateWater = try Steam.liquidEnthalpy(kelvin: condensateKelvin, megapascals: pressure)
        let heating = try (makeup * (water - makeupWater) + condensate * (water - condensateWater)) / (steam - water) + vent
        return Figures(saturation: saturation, steam: heating, ventHeat: try vent * (steam - makeupWater) / 3600)
    }

    /// The sulphite that takes up the oxygen a deaerator leaves, ppm Na₂SO₃ on the feedwater:
    /// 2 Na₂SO₃ + O₂ → 2 Na₂SO₄, so 2 × 126.04 / 32.00 = 7.88 ppm a ppm of oxygen (IUPAC
    /// atomic weights; DuPont's Tech Fact "The Removal of Oxygen and Chlorine from Water",
    /// 45-D01463-en, gives the same reaction and at least 7.87 mg a mg), plus the residual
    /// kept in the boiler water, over the cycles (`Boiler.sulphiteDose`).
    public static func sulphiteDose(oxygenLeft: Number, residual: Number, cycles: Number) throws(ArithmeticError) -> Number {
        try Boiler.sulphiteDose(oxygen: oxygenLeft, residual: residual, cycles: cycles)
    }
}

extension Boiler.Input {
    package static let daPressure = InputSpec("da_pressure", .pressure,
        "the deaerator's pressure, typically 0.34 barg (with makeup_temp: its steam and vent, and the sulphite for the oxygen it leaves)",
        optional: true)
    package static let condensateTemp = InputSpec("condensate_temp", .quantity(UnitTable.compound("°C")!),
        "temperature of the returned condensate (with da_pressure)", default: .number(Deaerator.Usual.condensateCelsius), range: .from(0, to: 99))
    package static let vent = InputSpec("vent", .percent, "the deaerator's vent, % of the feedwater (with da_pressure)",
        default: .number(Deaerator.Usual.ventPercent), range: .from(0, to: 10))
    package static let ventFlow = InputSpec("vent_flow", .quantity(Boiler.kilogramsPerHour),
        "the deaerator's vent as a flow (instead of vent; at most 10% of the feedwater, as vent is)", range: .atLeast(0), optional: true)
    package static let daO2 = InputSpec("da_o2", .quantity(Boiler.ppm),
        "dissolved oxygen the deaerator leaves in the feedwater (with da_pressure: the sulphite takes it for o2)",
        default: .number(Deaerator.Usual.oxygenLeft), range: .atLeast(0))
}

extension Boiler {
    /// The deaerator's results, with da_pressure.
    package enum DeaeratorOutput {
        package static let saturation = ResultSpec("da_saturation", json: "da_saturation_c", .unit(UnitTable.compound("°C")!), .line("deaerator"),
                                                   "saturation temperature at da_pressure (the feedwater leaving the deaerator)")
        package static let steam = ResultSpec("da_steam", json: "da_steam_kg_h", .unit(kilogramsPerHour), .line("deaerator steam"),
                                              "steam that heats the make-up and condensate to saturation at da_pressure")
        package static let vent = ResultSpec("vent_loss", json: "vent_loss_kg_h", .unit(kilogramsPerHour), .line("vent"),
                                             "steam leaving with the deaerator's vent")
        package static let ventHeat = ResultSpec("vent_heat", json: "vent_heat_kw", .unit(UnitTable.compound("kW")!), .note(of: vent.name),
                                                 "the vent's heat over the make-up that replaces it")

        package static let all = [saturation, steam, vent, ventHeat]
        package static let rows = Deaerator.Rows(saturation: saturation, steam: steam, vent: vent, ventHeat: ventHeat,
                                                 pressureKey: Input.daPressure.key)
    }

    package static let deaeratorGroups = [
        InputGroup(members: [Input.daPressure], needs: [Input.makeupTemp], replaces: [Input.o2],
                   extras: [Input.condensateTemp, Input.vent, Input.daO2]),
        // o2 is the feedwater's oxygen without a deaerator: giving it forgets the deaerator.
        InputGroup(members: [Input.ventFlow], needs: [Input.daPressure], replaces: [Input.vent, Input.o2]),
    ]

    /// Refuses a deaerator the boiler's water cannot go through (`Deaerator.check`), and
    /// one at or above the drum's pressure: the feed pump lifts the deaerated water from
    /// the deaerator into the drum.
    package static func checkDeaerator(_ inputs: ResolvedInputs) throws(EstimateError) {
        try Deaerator.check(inputs, pressure: Input.daPressure, temperatures: [Input.makeupTemp, Input.condensateTemp])
        guard let deaerator = inputs.optionalNumber(Input.daPressure), let boiler = inputs.optionalNumber(Input.pressure),
              deaerator >= boiler else { return }
        throw .rule(key: Input.daPressure, message: "da_pressure \(inputs.text(Input.daPressure) ?? "") must be below the boiler's pressure "
                    + "\(inputs.text(Input.pressure) ?? ""): the feed pump lifts the deaerated water into the drum", others: [Input.pressure])
    }

    /// The deaerator's balance for this boiler: the make-up and condensate of the balance,
    /// the vent as given or as a share of the feedwater.
    package static func deaeratorResults(_ inputs: ResolvedInputs, pressure: Number, water: Balance,
                                         condensate: Number, steam: Number) throws(EstimateError) -> (results: [ResultValue], conventions: [String]) {
        let makeupTemp = try inputs.number(Input.makeupTemp), condensateTemp = try inputs.number(Input.condensateTemp)
        let ventShare = inputs.optionalNumber(Input.ventFlow) == nil ? try inputs.fraction(Input.vent) : nil
        try Deaerator.checkVentFlow(inputs, ventFlow: Input.ventFlow, vent: Input.vent, feedwater: water.feedwater, named: "feedwater")
        return try formulas { () throws(ArithmeticError) in
            let plant = Deaerator.Plant(pressure: pressure, makeup: water.makeup, makeupCelsius: makeupTemp, condensate: try steam * condensate,
                                        condensateCelsius: condensateTemp, feedwater: water.feedwater, ventShare: ventShare,
                                        ventFlow: inputs.optionalNumber(Input.ventFlow) ?? 0)
            return try Deaerator.results(plant, rows: DeaeratorOutput.rows, share: steam, of: "steam", mass: massFigures(inputs))
        }
    }
}

extension Deaerator {
    /// The usual figures of a deaerator, the defaults of `boiler`'s deaerator and of `deaerator`.
    package enum Usual {
        /// The pressure most deaerators run at, barg.
        package static let pressure = Number.decimal("0.34")
        /// The returned condensate's temperature, °C.
        package static let condensateCelsius: Number = 80
        /// The vent, % of the feedwater.
        package static let ventPercent = Number.decimal("0.1")
        /// The dissolved oxygen a deaerator leaves in the feedwater, ppm.
        package static let oxygenLeft = Number.decimal("0.007")
    }

    /// What a deaerator is given, flows in kg/h, temperatures in °C: the make-up and the
    /// returned condensate it heats, which are the feedwater, and its vent.
    package struct Plant {
        /// The deaerator's pressure, MPa absolute.
        package let pressure: Number
        package let makeup: Number
        package let makeupCelsius: Number
        package let condensate: Number
        package let condensateCelsius: Number
        package let feedwater: Number
        /// The vent as a share of the feedwater (a fraction), or as a flow (kg/h) when nil.
        package let ventShare: Number?
        package let ventFlow: Number
    }

    /// The results a deaerator's rows are: `boiler`'s da_* and `deaerator`'s own.
    package struct Rows {
        package let saturation: ResultSpec
        package let steam: ResultSpec
        package let vent: ResultSpec
        package let ventHeat: ResultSpec
        /// The key of the pressure input, for the conventions.
        package let pressureKey: String
    }

    /// The deaerator's rows and conventions for a plant: its energy balance (`figures`), the
    /// steam shown as a share of `share` kg/h (the boiler's steam, or the feed) named `of`;
    /// figures and notes in the units `mass` shows.
    package static func results(_ plant: Plant, rows: Rows, share: Number, of shareName: String, mass: MassFigures) throws(ArithmeticError)
        -> (results: [ResultValue], conventions: [String]) {
        let f = EstimateFormat.number
        let kelvin = Number.decimal("273.15")
        let vent = if let ventShare = plant.ventShare { try plant.feedwater * ventShare } else { plant.ventFlow }
        let figures = try Deaerator.figures(pressure: plant.pressure, makeup: plant.makeup, makeupKelvin: plant.makeupCelsius + kelvin,
                                            condensate: plant.condensate, condensateKelvin: plant.condensateCelsius + kelvin, vent: vent)
        let percent = try 100 * figures.steam / share
        let results = [
            rows.saturation(try figures.saturation - kelvin, note: "at \(try mass.pressureText(plant.pressure)): the feedwater leaving it",
                            shown: try mass.temperature(try figures.saturation - kelvin)),
            rows.steam(figures.steam, note: "\(f(percent))% of \(shareName)"
                       + (plant.makeup.isZero ? "" : ", heats make-up at \(try mass.temperatureText(plant.makeupCelsius))")
                       + (plant.condensate.isZero ? "" : (plant.makeup.isZero ? ", heats" : " and")
                          + " condensate at \(try mass.temperatureText(plant.condensateCelsius))"),
                       shown: try mass.flow(figures.steam)),
            rows.vent(vent, note: "\(try mass.powerText(figures.ventHeat)) over make-up", shown: try mass.flow(vent)),
            rows.ventHeat(figures.ventHeat),
        ]
        let conventions = ["deaerator: make-up and condensate heated to saturation at \(rows.pressureKey) by steam at that pressure, "
                           + "which condenses into the feed; steam = (M·(h′ − hM) + C·(h′ − hC))/(h″ − h′) + vent (IAPWS-IF97); "
                           + (plant.ventShare == nil ? "vent as given" : "vent as % of feedwater")]
        return (results, conventions)
    }

    /// Refuses a vent given as a flow over the most `vent` may be as a share of the
    /// feedwater (`feedwater` kg/h, called `name`): the same vent, given either way.
    package static func checkVentFlow(_ inputs: ResolvedInputs, ventFlow: InputSpec, vent: InputSpec, feedwater: Number,
                                      named name: String) throws(EstimateError) {
        guard let flow = inputs.optionalNumber(ventFlow), let top = vent.range?.upper else { return }
        let most = try formulas { () throws(ArithmeticError) in try feedwater * .exact(top) / 100 }
        guard flow > most else { return }
        let f = EstimateFormat.number
        throw .rule(key: ventFlow, message: "\(ventFlow.key) must be at most \(f(.exact(top)))% of the \(name) (\(f(most)) kg/h), "
                    + "as \(vent.key)= is; not \(inputs.text(ventFlow) ?? "")")
    }

    /// Refuses a deaerator pressure outside IF97's saturated liquid, or one at which water
    /// boils at or below the make-up's or the condensate's temperature.
    package static func check(_ inputs: ResolvedInputs, pressure key: InputSpec, temperatures: [InputSpec]) throws(EstimateError) {
        guard let pressure = inputs.optionalNumber(key) else { return }
        guard pressure >= Steam.triplePointPressure, pressure <= Steam.liquidRegionPressure else {
            throw .rule(key: key, message: "\(key.key) must be from -1.007 to 164.28 barg (IAPWS-IF97's saturated liquid), "
                        + "not \(inputs.text(key) ?? "")")
        }
        let boiling = try formulas { () throws(ArithmeticError) in try Steam.saturationTemperature(megapascals: pressure) - .decimal("273.15") }
        for input in temperatures {
            guard let celsius = inputs.optionalNumber(input), celsius >= boiling else { continue }
            throw .rule(key: key, message: "at \(key.key) \(inputs.text(key) ?? "") water boils at "
                        + "\(EstimateFormat.number(boiling)) °C, not above \(input.key) \(inputs.text(input) ?? ""): the deaerator "
                        + "must heat its water (\(key.key)= is gauge)", others: [input])
        }
    }
}
