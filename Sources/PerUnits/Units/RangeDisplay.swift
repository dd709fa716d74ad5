import PerNumbers

/// How a range is shown (`help tolerances`): its middle, `±` and half its width, with the
/// unit once when both read with the same one (`4 ± 0.166666666667 kg`, `10 ± 0.5%`), else
/// each with its own (`$12.00 ± $0.50`, `20 °C ± 0.5 Δ°C`). Each number follows the usual
/// rules, and the whole is marked `≈` when either is not shown exactly.
///
/// A class, so that every shown value carries one word for it: values are copied at each
/// step of showing a result, and few are ranges.
public final class DisplayedRange: Sendable, Equatable {
    /// The ends as shown, for JSON's `"low"` and `"high"`.
    public let low: DisplayedNumber
    public let high: DisplayedNumber
    /// Half the width, without its unit.
    public let halfWidth: DisplayedNumber

    package init(low: DisplayedNumber, high: DisplayedNumber, halfWidth: DisplayedNumber) {
        self.low = low
        self.high = high
        self.halfWidth = halfWidth
    }

    public static func == (a: DisplayedRange, b: DisplayedRange) -> Bool {
        a.low == b.low && a.high == b.high && a.halfWidth == b.halfWidth
    }
}
