import PerNumbers
import PerUnits
import PerLanguage

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
                                         range: DisplayedRange(low: low.number, high: high.number, halfWidth: number), isMoney: low.isMoney)
            }
            return DisplayedQuantity(number: number, text: low.text + " to " + high.text, unit: low.unit,
                                     range: DisplayedRange(low: low.number, high: high.number, halfWidth: number), isMoney: low.isMoney)
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
                                 range: DisplayedRange(low: low, high: high, halfWidth: spread.number), isMoney: center.isMoney)
    }
}
