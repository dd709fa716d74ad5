import PerNumbers

/// Roots of quantities (`help units`): a root divides every power of the unit, as in
/// `sqrt(16 m^2) = 4 m` and `cbrt(27 m^3) = 3 m`. An area or volume written as one unit
/// (`9 m2`, `1 ha`, `1 cuft`) has the root of its dimension: a length, in the unit whose
/// square or cube it is (`ft` for `sq ft`), else in metres. Anything else would leave a
/// fractional power of a unit, and is refused saying so.
extension QuantityMath {
    /// The root of degree `degree` (2 or more) of `a`.
    public static func root(_ a: Quantity, degree: Int, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        let a = try plainIfPart(a, in: context)
        if a.isPlain {
            return Quantity(try run { () throws(ArithmeticError) in
                degree == 2 ? try a.magnitude.squareRoot(in: context) : try a.magnitude.root(Number(degree), in: context)
            })
        }
        guard a.unit.temperaturePoint == nil, let unit = try rootUnit(of: a.unit, degree: degree) else {
            throw .fractionalRoot(a.unit.symbol, degree: degree)
        }
        // In base units, where the root of the unit's factor is the new unit's factor.
        let base = try toBase(a, in: context)
        let root = try run { () throws(ArithmeticError) in
            degree == 2 ? try base.squareRoot(in: context) : try base.root(Number(degree), in: context)
        }
        let inUnit = try run { () throws(ArithmeticError) in try root.divided(by: .exact(unit.factor), in: context) }
        return Quantity(unit.piPower == 0 ? inUnit : try timesPi(inUnit, power: -unit.piPower, in: context), unit)
    }

    /// The unit of the root: every power divided, or a length's power for a unit that
    /// measures only a power of length; nil when neither divides.
    private static func rootUnit(of unit: CompoundUnit, degree: Int) throws(QuantityError) -> CompoundUnit? {
        if unit.terms.allSatisfy({ Int($0.exponent) % degree == 0 }) {
            return CompoundUnit(terms: unit.terms.map { CompoundUnit.Term(atom: $0.atom, exponent: $0.exponent / Int8(degree)) })
        }
        let dimension = unit.dimension, power = Int(dimension.length)
        guard dimension == Dimension(length: dimension.length), power % degree == 0 else { return nil }
        // The length whose power the unit is (`ft` for `sq ft`, `m` for `m3`), else the metre.
        let side = unit.atom.flatMap { atom in
            UnitTable.units.first { $0.dimension == .length && $0.factor.power(power) == atom.factor }
        } ?? UnitTable.defaultUnit(of: .length)!
        return CompoundUnit(terms: [CompoundUnit.Term(atom: side, exponent: try clamp(power / degree))])
    }
}
