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

    init(low: DisplayedNumber, high: DisplayedNumber, halfWidth: DisplayedNumber) {
        self.low = low
        self.high = high
        self.halfWidth = halfWidth
    }

    public static func == (a: DisplayedRange, b: DisplayedRange) -> Bool {
        a.low == b.low && a.high == b.high && a.halfWidth == b.halfWidth
    }
}

extension Calculator {
    /// A range as this calculator shows it: `number` is its middle, `text` the whole.
    public func display(_ range: QuantityRange) -> DisplayedQuantity {
        guard let middle = try? range.midpoint(), let half = try? range.halfWidth() else {
            // Beyond the exact range the middle may not be computed: the ends show it.
            let low = display(range.lowQuantity), high = display(range.highQuantity)
            let number = DisplayedNumber(text: low.number.text, isExact: low.isExact && high.isExact)
            // Ends that show alike are closer together than the digits their bounds know.
            if low.text == high.text {
                return DisplayedQuantity(number: DisplayedNumber(text: low.number.text, isExact: false), text: low.text, unit: low.unit,
                                         range: DisplayedRange(low: low.number, high: high.number, halfWidth: number))
            }
            return DisplayedQuantity(number: number, text: low.text + " to " + high.text, unit: low.unit,
                                     range: DisplayedRange(low: low.number, high: high.number, halfWidth: number))
        }
        let center = display(middle), spread = display(half)
        let low = display(range.lowQuantity).number, high = display(range.highQuantity).number
        let isExact = center.isExact && spread.isExact
        let unitText = center.text.hasPrefix(center.number.text) ? center.text.dropFirst(center.number.text.count) : nil
        let spreadUnit = spread.text.hasPrefix(spread.number.text) ? spread.text.dropFirst(spread.number.text.count) : nil
        let text = unitText != nil && unitText == spreadUnit
            ? center.number.text + " ± " + spread.text
            : center.text + " ± " + spread.text
        return DisplayedQuantity(number: DisplayedNumber(text: center.number.text, isExact: isExact), text: text, unit: center.unit,
                                 range: DisplayedRange(low: low, high: high, halfWidth: spread.number))
    }
}
