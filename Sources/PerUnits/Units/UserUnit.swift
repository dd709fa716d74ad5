import PerNumbers

extension Unit {
    /// A unit the user defined (`unit crate = 20 bottle`): `amount` of `unit`, a compound of
    /// built-in units without a scale, so that it keeps its value whatever becomes of the
    /// units it was written in. `symbol` is how it shows (the plural, as `bags` does),
    /// `singular` its name; `key` tells it apart from every built-in unit and from another
    /// definition of the same name. A pressure read against the atmosphere or vacuum, or a
    /// temperature difference, stays one.
    package static func userDefined(symbol: String, singular: String, key: String, amount: Rational, of unit: CompoundUnit) -> Unit {
        let kind: Kind
        switch unit.atom?.kind {
        case .pressure(let reference)?: kind = .pressure(reference)
        case .temperatureDifference?: kind = .temperatureDifference
        default: kind = .plain
        }
        return Unit(Definition(symbol: symbol, singular: singular, key: key, dimension: unit.dimension, factor: amount * unit.factor,
                               piPower: Int8(clamping: unit.piPower), kind: kind))
    }
}
