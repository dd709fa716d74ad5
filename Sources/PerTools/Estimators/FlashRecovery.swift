import PerNumbers
import PerUnits
import PerLanguage

/// Heat recovered from a boiler's blowdown (`help boiler`): the blowdown drops to a flash
/// vessel's pressure, where part of it flashes to steam that goes to the feed (the
/// deaerator or feed tank) in place of boiler steam, and the residual water passes a heat
/// exchanger that warms the make-up, leaving it `approach` above the make-up's temperature.
/// Steam properties by IAPWS-IF97 (`Steam`); enthalpies in kJ/kg, pressures in MPa absolute,
/// temperatures in K.
public enum FlashRecovery {
    /// What a kg of blowdown gives back.
    public struct Figures: Sendable, Equatable {
        /// Ts at the flash vessel's pressure, K.
        public let saturation: Number
        /// The share of the blowdown that flashes: (h′(boiler) − h′(flash)) / (h″(flash) − h′(flash)).
        public let flashFraction: Number
        /// The flash steam's heat over the make-up it replaces, kJ a kg of flash steam: h″(flash) − h(make-up).
        public let steamHeat: Number
        /// The heat the exchanger gives the make-up, kJ a kg of residual water: h′(flash) − h(make-up + approach).
        public let exchangerHeat: Number

        /// The heat recovered a kg of blowdown, kJ: the flash steam's and the exchanger's.
        public var perKilogram: Number {
            get throws(ArithmeticError) { try flashFraction * steamHeat + (1 - flashFraction) * exchangerHeat }
        }
    }

    /// The figures for a boiler at `boiler` MPa absolute blowing down to a flash vessel at
    /// `flash` MPa absolute, make-up at `makeup` K (a liquid at the standard atmosphere, as
    /// `BlowdownHeat` takes it) and the residual leaving the exchanger at `makeup + approach`
    /// K (a liquid at the flash pressure). Preconditions: both pressures lie on region 1's
    /// saturation line, the flash's below the boiler's, and the exchanger's outlet below Ts
    /// at the flash pressure.
    public static func figures(boiler: Number, flash: Number, makeup: Number, approach: Number) throws(ArithmeticError) -> Figures {
        let boilerWater = try Steam.liquidEnthalpy(kelvin: Steam.saturationTemperature(megapascals: boiler), megapascals: boiler)
        let saturation = try Steam.saturationTemperature(megapascals: flash)
        let flashWater = try Steam.liquidEnthalpy(kelvin: saturation, megapascals: flash)
        let flashSteam = try Steam.vapourEnthalpy(kelvin: saturation, megapascals: flash)
        let makeupWater = try Steam.liquidEnthalpy(kelvin: makeup, megapascals: Steam.atmosphere)
        let outlet = try Steam.liquidEnthalpy(kelvin: makeup + approach, megapascals: flash)
        return Figures(saturation: saturation, flashFraction: try (boilerWater - flashWater) / (flashSteam - flashWater),
                       steamHeat: try flashSteam - makeupWater, exchangerHeat: try flashWater - outlet)
    }
}

extension Boiler.Input {
    package static let flashPressure = InputSpec("flash_pressure", .pressure,
        "the flash vessel's pressure (with pressure and makeup_temp: the blowdown's flash steam recovered and the residual's heat into the make-up)",
        optional: true)
    package static let hxApproach = InputSpec("hx_approach", .temperatureDifference,
        "how far above makeup_temp the residual blowdown leaves the heat exchanger (with flash_pressure)", default: .number(10),
        range: .from(0, to: 100))
}

extension Boiler {
    /// The recovery's results, with flash_pressure.
    package enum RecoveryOutput {
        package static let steam = ResultSpec("recovered_steam", json: "recovered_steam_kg_h", .unit(kilogramsPerHour), .line("recovered steam"),
                                              "flash steam recovered at flash_pressure")
        package static let steamHeat = ResultSpec("recovered_steam_heat", json: "recovered_steam_kw", .unit(UnitTable.compound("kW")!),
                                                  .note(of: steam.name), "the recovered steam's heat over the make-up it replaces")
        package static let exchanger = ResultSpec("hx_heat", json: "hx_heat_kw", .unit(UnitTable.compound("kW")!), .line("into make-up"),
                                                  "heat the residual blowdown gives the make-up through the heat exchanger")
        package static let total = ResultSpec("recovered_heat", json: "recovered_heat_kw", .unit(UnitTable.compound("kW")!), .line("recovered"),
                                              "the heat recovered from the blowdown")
        package static let fuelSaved = ResultSpec("fuel_saved_year", .money, .line("fuel saved"), "the recovered heat's fuel a year (with fuel_price)")

        package static let all = [steam, steamHeat, exchanger, total, fuelSaved]
    }

    package static let recoveryGroups = [
        InputGroup(members: [Input.flashPressure], needs: [Input.pressure, Input.makeupTemp], extras: [Input.hxApproach]),
    ]

    /// Refuses a flash vessel outside IF97's saturated liquid or not below the boiler's
    /// pressure, and an exchanger that would have to cool the residual below its make-up's
    /// approach: none of its heat could go to the make-up.
    package static func checkFlashVessel(_ inputs: ResolvedInputs) throws(EstimateError) {
        guard let flash = inputs.optionalNumber(Input.flashPressure), let boiler = inputs.optionalNumber(Input.pressure) else { return }
        let shown = inputs.text(Input.flashPressure) ?? ""
        guard flash >= Steam.triplePointPressure, flash < boiler else {
            throw .rule(key: Input.flashPressure, message: "flash_pressure \(shown) must be below the boiler's pressure "
                        + "\(inputs.text(Input.pressure) ?? "") and above -1.007 barg: the blowdown flashes as its pressure falls",
                        others: [Input.pressure])
        }
        let makeup = try inputs.number(Input.makeupTemp), approach = try inputs.number(Input.hxApproach)
        let boiling = try formulas { () throws(ArithmeticError) in try Steam.saturationTemperature(megapascals: flash) - .decimal("273.15") }
        let outlet = try formulas { () throws(ArithmeticError) in try makeup + approach }
        guard outlet < boiling else {
            throw .rule(key: Input.flashPressure, message: "at flash_pressure \(shown) the residual blowdown is at \(EstimateFormat.number(boiling)) °C, "
                        + "not above makeup_temp plus hx_approach (\(EstimateFormat.number(outlet)) °C): the heat exchanger gives the make-up nothing",
                        others: [Input.makeupTemp, Input.hxApproach])
        }
    }

    /// The flash steam recovered and the residual's heat into the make-up, for `blowdown`
    /// kg/h from a boiler at `pressure` MPa absolute; with fuel_price, its fuel a year over
    /// `kilogramsYear` of blowdown at the boiler's efficiency.
    package static func recoveryResults(_ inputs: ResolvedInputs, pressure: Number, flash: Number, blowdown: Number,
                                        kilogramsYear: Number) throws(EstimateError) -> (results: [ResultValue], conventions: [String]) {
        let f = EstimateFormat.number
        let kelvin = Number.decimal("273.15")
        let makeup = try inputs.number(Input.makeupTemp), approach = try inputs.number(Input.hxApproach)
        var fuel: (price: Price, efficiency: Number)?
        if let price = inputs.price(Input.fuelPrice) { fuel = (price, try inputs.fraction(Input.efficiency)) }
        return try formulas { () throws(ArithmeticError) in
            let figures = try FlashRecovery.figures(boiler: pressure, flash: flash, makeup: makeup + kelvin, approach: approach)
            let steam = try blowdown * figures.flashFraction, residual = try blowdown - steam
            let steamHeat = try steam * figures.steamHeat / 3600, exchanger = try residual * figures.exchangerHeat / 3600
            let total = try steamHeat + exchanger
            let mass = massFigures(inputs)
            var results = [
                RecoveryOutput.steam(steam, note: "\(f(try figures.flashFraction * 100))% of blowdown at "
                                     + "\(try mass.temperatureText(try figures.saturation - kelvin)), \(try mass.powerText(steamHeat)) over make-up",
                                     shown: try mass.flow(steam)),
                RecoveryOutput.steamHeat(steamHeat),
                RecoveryOutput.exchanger(exchanger, note: "\(try mass.flowText(residual)) of residual down to \(try mass.temperatureText(try makeup + approach))",
                                         shown: try mass.power(exchanger)),
                RecoveryOutput.total(total, note: "of the blowdown's heat over make-up", shown: try mass.power(total)),
            ]
            if let fuel {
                let saved = try BlowdownHeat.fuelCost(kilograms: kilogramsYear, perKilogram: figures.perKilogram,
                                                      efficiency: fuel.efficiency, pricePerKilowattHour: fuel.price.amount)
                results.append(RecoveryOutput.fuelSaved(saved, note: "at \(f(try fuel.efficiency * 100))% efficiency",
                                                        shown: Figure(.money(saved, perUnit: false), "a year")))
            }
            let conventions = ["recovery: the blowdown flashes at flash_pressure, fraction (h′(boiler) − h′(flash))/(h″ − h′ at flash), its steam "
                               + "worth h″ − h(make-up); the residual leaves the heat exchanger hx_approach above makeup_temp (IAPWS-IF97)"]
            return (results, conventions)
        }
    }
}
