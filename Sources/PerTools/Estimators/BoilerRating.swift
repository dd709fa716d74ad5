import PerNumbers
import PerUnits
import PerLanguage

extension Boiler.Input {
    package static let steamRating = InputSpec("rating", .quantity(UnitTable.compound("bhp")!),
        "the boiler's rating, written steam=300 bhp: 34.5 lb/h of steam from and at 212 °F a boiler horsepower", range: .above(0),
        optional: true)
}

extension Boiler {
    /// `steam=300 bhp` is the rating, read as the steam it makes.
    public static let readings = [InputReading(Input.steam, as: Input.steamRating, when: .power)]

    /// Steam a boiler horsepower makes, kg/h: 34.5 lb/h evaporated from and at 212 °F (the
    /// ABMA definition of the boiler horsepower; 33,475 BTU/h over water's 970.3 BTU/lb of
    /// latent heat at 212 °F), with 1 lb = 0.45359237 kg exactly (NIST SP 811, B.8):
    /// 34.5 × 0.45359237 = 15.648936765 kg/h.
    public static let steamPerBoilerHorsepower = Number.decimal("15.648936765")

    /// The steam of a rating in boiler horsepower, kg/h.
    public static func steam(rating: Number) throws(ArithmeticError) -> Number {
        try rating * steamPerBoilerHorsepower
    }

    /// What a rating in boiler horsepower was read as.
    package static func ratingConvention(_ inputs: ResolvedInputs, steam: Number) -> String? {
        guard inputs.isGiven(Input.steamRating), let rating = inputs.optionalNumber(Input.steamRating) else { return nil }
        let f = EstimateFormat.number, mass = massFigures(inputs)
        let shown = (try? mass.flow(steam)).flatMap { $0 }.map { figure in
            if case .number(let value) = figure.value { "\(f(value)) \(figure.unit)" } else { "" }
        } ?? "\(f(steam)) kg/h"
        return "steam \(f(rating)) bhp = \(shown): 34.5 lb/h from and at 212 °F a boiler horsepower (ABMA)"
    }
}
