import PerNumbers

/// What a value's working did that the result does not show: `2026-01-31 + 1 month` is
/// 2026-02-28 because February has no 31st; `30 mpg to L/100km` converted the reciprocal.
public enum ValueNote: Sendable, Equatable {
    case clamped(day: Int, month: Int)
    /// A fuel economy converted between distance per volume and volume per distance: the
    /// reciprocal of the value, from its unit to the target's (`perVolume`: the first is
    /// distance per volume).
    case reciprocal(from: String, to: String, perVolume: Bool)

    public var message: String {
        switch self {
        case .clamped(let day, let month):
            return "\(day) \(CalendarDate.monthNames[month - 1]) is past the month's end"
        case .reciprocal(let from, let to, let perVolume):
            let (distance, volume) = perVolume ? (from, to) : (to, from)
            return "converted the reciprocal: \(distance) is distance per volume, \(volume) volume per distance"
        }
    }
}
