/// Fuel economy is written both ways: distance per volume (`mpg`, `km/L`: length⁻²) and
/// volume per distance (`L/100 km`: length², written with a volume over a length). Between
/// these two alone a conversion takes the reciprocal (`help units`); no other reciprocal is
/// converted.
public enum FuelEconomy {
    /// Whether converting a quantity of `from` to `to` means its reciprocal.
    public static func isReciprocal(_ from: CompoundUnit, _ to: CompoundUnit) -> Bool {
        (from.dimension == .fuelEconomy && isVolumePerDistance(to)) || (isVolumePerDistance(from) && to.dimension == .fuelEconomy)
    }

    /// `L/100 km`, `gal/mi`: an area written as a volume over a length, not `m²`.
    private static func isVolumePerDistance(_ unit: CompoundUnit) -> Bool {
        unit.dimension == .area && unit.terms.contains { $0.exponent < 0 && $0.atom.dimension == .length }
    }
}
