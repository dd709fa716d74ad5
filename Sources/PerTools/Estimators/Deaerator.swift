import PerNumbers
import PerUnits
import PerLanguage

/// A deaerator ahead of a boiler (`help boiler`): the make-up and the returned condensate,
/// each at its own temperature, are heated to saturation at the deaerator's pressure by
/// steam at that pressure, which condenses into them; the vent carries the stripped gases
/// out with a little steam. Steam properties by IAPWS-IF97 (`Steam`); enthalpies in kJ/kg,
/// pressures in MPa absolute, temperatures in K, flows in kg/h.
public enum Deaerator {
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
        "temperature of the returned condensate (with da_pressure)", default: .number(80), range: .from(0, to: 99))
    package static let vent = InputSpec("vent", .percent, "the deaerator's vent, % of the feedwater (with da_pressure)",
        default: .number(.decimal("0.1")), range: .from(0, to: 10))
    package static let ventFlow = InputSpec("vent_flow", .quantity(Boiler.kilogramsPerHour),
        "the deaerator's vent as a flow (instead of vent)", range: .atLeast(0), optional: true)
    package static let daO2 = InputSpec("da_o2", .quantity(Boiler.ppm),
        "dissolved oxygen the deaerator leaves in the feedwater (with da_pressure: the sulphite takes it for o2)",
        default: .number(.decimal("0.007")), range: .atLeast(0))
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
    }

    package static let deaeratorGroups = [
        InputGroup(members: [Input.daPressure], needs: [Input.makeupTemp], replaces: [Input.o2],
                   extras: [Input.condensateTemp, Input.vent, Input.daO2]),
        // o2 is the feedwater's oxygen without a deaerator: giving it forgets the deaerator.
        InputGroup(members: [Input.ventFlow], needs: [Input.daPressure], replaces: [Input.vent, Input.o2]),
    ]

    /// Refuses a deaerator pressure outside IF97's saturated liquid, or one at which water
    /// boils at or below the make-up's or the condensate's temperature.
    package static func checkDeaerator(_ inputs: ResolvedInputs) throws(EstimateError) {
        guard let pressure = inputs.optionalNumber(Input.daPressure) else { return }
        guard pressure >= Steam.triplePointPressure, pressure <= Steam.liquidRegionPressure else {
            throw .rule(key: Input.daPressure, message: "da_pressure must be from -1.007 to 164.28 barg (IAPWS-IF97's saturated liquid), "
                        + "not \(inputs.text(Input.daPressure) ?? "")")
        }
        let boiling = try formulas { () throws(ArithmeticError) in try Steam.saturationTemperature(megapascals: pressure) - .decimal("273.15") }
        for input in [Input.makeupTemp, Input.condensateTemp] {
            guard let celsius = inputs.optionalNumber(input), celsius >= boiling else { continue }
            throw .rule(key: Input.daPressure, message: "at da_pressure \(inputs.text(Input.daPressure) ?? "") water boils at "
                        + "\(EstimateFormat.number(boiling)) °C, not above \(input.key) \(inputs.text(input) ?? ""): the deaerator "
                        + "must heat its water (da_pressure= is gauge)", others: [input])
        }
    }

    /// The deaerator's balance for this boiler: the make-up and condensate of the balance,
    /// the vent as given or as a share of the feedwater.
    package static func deaeratorResults(_ inputs: ResolvedInputs, pressure: Number, water: Balance,
                                         condensate: Number, steam: Number) throws(EstimateError) -> (results: [ResultValue], conventions: [String]) {
        let f = EstimateFormat.number
        let kelvin = Number.decimal("273.15")
        let makeupTemp = try inputs.number(Input.makeupTemp), condensateTemp = try inputs.number(Input.condensateTemp)
        let ventShare = inputs.optionalNumber(Input.ventFlow) == nil ? try inputs.fraction(Input.vent) : nil
        return try formulas { () throws(ArithmeticError) in
            let returned = try steam * condensate
            let vent = if let ventShare { try water.feedwater * ventShare } else { inputs.optionalNumber(Input.ventFlow) ?? 0 }
            let figures = try Deaerator.figures(pressure: pressure, makeup: water.makeup, makeupKelvin: makeupTemp + kelvin,
                                                condensate: returned, condensateKelvin: condensateTemp + kelvin, vent: vent)
            let share = try 100 * figures.steam / steam
            let results = [
                DeaeratorOutput.saturation(try figures.saturation - kelvin, note: "at \(f(pressure)) MPa absolute: the feedwater leaving it"),
                DeaeratorOutput.steam(figures.steam, note: "\(f(share))% of steam, heats make-up at \(f(makeupTemp)) °C"
                                      + (returned.isZero ? "" : " and condensate at \(f(condensateTemp)) °C")),
                DeaeratorOutput.vent(vent, note: "\(f(figures.ventHeat)) kW over make-up"),
                DeaeratorOutput.ventHeat(figures.ventHeat),
            ]
            let conventions = ["deaerator: make-up and condensate heated to saturation at da_pressure by steam at that pressure, "
                               + "which condenses into the feed; steam = (M·(h′ − hM) + C·(h′ − hC))/(h″ − h′) + vent (IAPWS-IF97); "
                               + (ventShare == nil ? "vent as given" : "vent as % of feedwater")]
            return (results, conventions)
        }
    }
}
