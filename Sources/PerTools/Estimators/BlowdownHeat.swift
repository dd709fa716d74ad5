import PerNumbers
import PerUnits
import PerLanguage

/// The heat a boiler's blowdown takes away (`help boiler`): the blowdown leaves as
/// saturated water at the boiler's pressure and is made up with cold water, and part of
/// it flashes to steam when it drops to the air's pressure. Steam properties by IAPWS-IF97
/// (`Steam`); enthalpies in kJ/kg, pressures in MPa absolute, temperatures in K.
public enum BlowdownHeat {
    /// h'' at the standard atmosphere, kJ/kg: saturated steam by IF97 region 2 at Ts(0.101325
    /// MPa), worked out once (the steam tables round it to 2675.5).
    package static let atmosphericSteamEnthalpy = try? Steam.vapourEnthalpy(kelvin: Steam.saturationTemperature(megapascals: Steam.atmosphere),
                                                                   megapascals: Steam.atmosphere)

    /// h' at the standard atmosphere, kJ/kg, worked out once.
    package static let atmosphericWater = try? Steam.liquidEnthalpy(kelvin: Steam.saturationTemperature(megapascals: Steam.atmosphere),
                                                            megapascals: Steam.atmosphere)

    /// What the blowdown's heat comes to.
    public struct Figures: Sendable, Equatable {
        /// Ts at the boiler's pressure, K.
        public let saturation: Number
        /// h' − h(make-up): the heat a kg of blowdown takes that its make-up must be given, kJ/kg.
        public let perKilogram: Number
        /// The share of the blowdown that flashes to steam at the air's pressure:
        /// (h'(p) − h'(atm)) / (h''(atm) − h'(atm)); 0 at or below the atmosphere.
        public let flashFraction: Number
    }

    /// The figures at `pressure` MPa absolute for make-up at `makeup` K (as a liquid at the
    /// standard atmosphere). Precondition: the pressure lies on region 1's saturation line
    /// (`Steam.triplePointPressure` to `Steam.liquidRegionPressure`).
    public static func figures(pressure: Number, makeup: Number) throws(ArithmeticError) -> Figures {
        let saturation = try Steam.saturationTemperature(megapascals: pressure)
        let saturatedWater = try Steam.liquidEnthalpy(kelvin: saturation, megapascals: pressure)
        let makeupWater = try Steam.liquidEnthalpy(kelvin: makeup, megapascals: Steam.atmosphere)
        var flash = Number(0)
        if pressure > Steam.atmosphere, let atmosphericWater, let atmosphericSteamEnthalpy {
            flash = try (saturatedWater - atmosphericWater) / (atmosphericSteamEnthalpy - atmosphericWater)
        }
        return Figures(saturation: saturation, perKilogram: try saturatedWater - makeupWater, flashFraction: flash)
    }

    /// The heat leaving with `blowdown` kg/h, kW: kg/h × kJ/kg ÷ 3600 s/h.
    public static func power(blowdown: Number, perKilogram: Number) throws(ArithmeticError) -> Number {
        try blowdown * perKilogram / 3600
    }

    /// The fuel a year's blowdown heat costs: `kilograms` of blowdown a year × kJ/kg ÷ 3600
    /// kJ/kWh ÷ the boiler's efficiency (a fraction) × the fuel's price per kWh.
    public static func fuelCost(kilograms: Number, perKilogram: Number, efficiency: Number,
                                pricePerKilowattHour: Number) throws(ArithmeticError) -> Number {
        try kilograms * perKilogram / 3600 / efficiency * pricePerKilowattHour
    }
}

/// The blowdown's heat in a boiler's estimate (`help boiler`): with pressure and makeup_temp.
extension Boiler {
    /// makeup_temp serves the blowdown's heat (pressure) or a deaerator (da_pressure): kept
    /// for a deaerator that o2 forgets, it goes with it.
    public static let servingInputs = [(input: Input.makeupTemp, serves: [Input.pressure, Input.daPressure])]

    /// Refuses makeup_temp with neither the boiler's nor a deaerator's pressure, which it
    /// serves; a pressure outside IF97's saturated liquid, or, with makeup_temp, one at which
    /// water boils at or below the make-up's temperature: no heat leaves with the blowdown.
    package static func checkPressure(_ inputs: ResolvedInputs) throws(EstimateError) {
        if inputs.optionalNumber(Input.makeupTemp) != nil, inputs.optionalNumber(Input.pressure) == nil,
           inputs.optionalNumber(Input.daPressure) == nil {
            throw .rule(key: Input.makeupTemp, message: "makeup_temp serves pressure= (the blowdown's heat) or da_pressure= (a deaerator): give one of them")
        }
        if let pressure = inputs.optionalNumber(Input.pressure), pressure < Steam.triplePointPressure || pressure > Steam.liquidRegionPressure {
            throw .rule(key: Input.pressure, message: "pressure must be from -1.007 to 164.28 barg (0.000611657 to 16.5291643 MPa absolute: "
                        + "IAPWS-IF97's saturated liquid, from the triple point to 350 °C), not \(inputs.text(Input.pressure) ?? "")")
        }
        if let pressure = inputs.optionalNumber(Input.pressure), let makeup = inputs.optionalNumber(Input.makeupTemp),
           let boiling = try? Steam.saturationTemperature(megapascals: pressure), let celsius = try? boiling - .decimal("273.15"),
           celsius <= makeup {
            throw .rule(key: Input.pressure, message: "at pressure \(inputs.text(Input.pressure) ?? "") water boils at \(EstimateFormat.number(celsius)) °C, "
                        + "not above makeup_temp \(inputs.text(Input.makeupTemp) ?? ""): no heat leaves with the blowdown (pressure= is gauge)",
                        others: [Input.makeupTemp])
        }
    }

    /// The blowdown's heat at `pressure` MPa absolute (`BlowdownHeat`), refused outside
    /// the saturation line IF97's liquid region covers; its fuel a year with fuel_price.
    package static func heatResults(_ inputs: ResolvedInputs, pressure: Number, blowdown: Number,
                            kilogramsYear: Number) throws(EstimateError) -> [ResultValue] {
        let f = EstimateFormat.number
        let celsius = Number.decimal("273.15")
        let makeup = try inputs.number(Input.makeupTemp)
        // The efficiency is read only with a fuel price.
        var fuel: (price: Price, efficiency: Number)?
        if let price = inputs.price(Input.fuelPrice) { fuel = (price, try inputs.fraction(Input.efficiency)) }
        return try formulas { () throws(ArithmeticError) in
            let heat = try BlowdownHeat.figures(pressure: pressure, makeup: makeup + celsius)
            let flashPercent = try heat.flashFraction * 100
            let mass = massFigures(inputs), saturation = try heat.saturation - celsius
            // °F = °C × 9/5 + 32 (NIST SP 811), a point of temperature.
            let fahrenheit = try mass.temperature(saturation)
            let flash = try blowdown * heat.flashFraction
            let power = try BlowdownHeat.power(blowdown: blowdown, perKilogram: heat.perKilogram)
            var results = [
                Output.saturation(saturation, note: "at \(try mass.pressureText(pressure))", shown: fahrenheit),
                Output.blowdownHeat(power, note: "\(try mass.energyPerMassText(heat.perKilogram)) of blowdown over make-up at "
                                    + (try mass.temperatureText(makeup)), shown: try mass.power(power)),
                Output.flashSteam(flash, note: "\(f(flashPercent))% of blowdown, at the air's pressure", shown: try mass.flow(flash)),
                Output.flashPercent(flashPercent),
            ]
            if let fuel {
                let cost = try BlowdownHeat.fuelCost(kilograms: kilogramsYear, perKilogram: heat.perKilogram,
                                                     efficiency: fuel.efficiency, pricePerKilowattHour: fuel.price.amount)
                results.append(Output.fuelCost(cost, note: "at \(f(try fuel.efficiency * 100))% efficiency",
                                               shown: Figure(.money(cost, perUnit: false), "a year")))
            }
            return results
        }
    }
}
