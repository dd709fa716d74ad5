import PerNumbers
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
