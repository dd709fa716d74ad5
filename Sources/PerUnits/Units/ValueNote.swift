import PerNumbers

/// What a value's working did that the result does not show: `2026-01-31 + 1 month` is
/// 2026-02-28 because February has no 31st; `30 mpg to L/100km` converted the reciprocal.
public enum ValueNote: Sendable, Equatable {
    case clamped(day: Int, month: Int)
    /// A fuel economy converted between distance per volume and volume per distance: the
    /// reciprocal of the value, from its unit to the target's (`perVolume`: the first is
    /// distance per volume).
    case reciprocal(from: String, to: String, perVolume: Bool)
    /// A mass per volume converted to moles per volume, or back: per reads moles as
    /// calcium carbonate's, the hardness of water (`help dose`).
    case asCalciumCarbonate

    public var message: String {
        switch self {
        case .clamped(let day, let month):
            return "\(day) \(CalendarDate.monthNames[month - 1]) is past the month's end"
        case .reciprocal(let from, let to, let perVolume):
            let (distance, volume) = perVolume ? (from, to) : (to, from)
            return "converted the reciprocal: \(distance) is distance per volume, \(volume) volume per distance"
        case .asCalciumCarbonate:
            return "moles of calcium carbonate, as water hardness is given (100.0869 mg per mmol)"
        }
    }
}

extension ValueNote {
    /// Whether converting `from` to `to` takes a mass per volume to moles per volume, or
    /// back, through calcium carbonate's molar mass (not a hardness degree, which is one).
    public static func convertsMolesAsCalciumCarbonate(_ from: CompoundUnit, _ to: CompoundUnit) -> Bool {
        // Most conversions name no moles: the terms tell without working out a dimension.
        let substance = Dimension(substance: 1)
        guard from.terms.contains(where: { $0.atom.dimension == substance }) || to.terms.contains(where: { $0.atom.dimension == substance })
        else { return false }
        let pair = (from.dimension, to.dimension)
        guard pair == (.massConcentration, .hardness) || pair == (.hardness, .massConcentration) else { return false }
        let moles = from.dimension == .hardness ? from : to
        return moles.terms.contains { $0.atom.dimension == Dimension(substance: 1) }
    }
}
