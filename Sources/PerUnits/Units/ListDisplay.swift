import PerNumbers

/// A list as shown (`help lists`): each value as a value of its unit is shown (`1.2 kg`,
/// `$2.50`, `60%`), between brackets, in full while the whole fits `ListDisplay.width`
/// columns, else the first and last values that fit with `…` between them and the count
/// after (`[1, 2, 3, …, 98, 99, 100] (100 values)`). `≈` marks the whole when any value
/// is not exact.
public enum ListDisplay {
    /// The columns a list is shown in before its middle is left out.
    public static let width = 72

    /// How the values are shown: the display's digits, format and money rounding, and the
    /// separator between values (`, `; `; ` where `,` is the decimal comma).
    public struct Style: Sendable, Equatable {
        public let digits: Int
        public let format: OutputFormat?
        public let money: MoneyRounding
        public let separator: String

        public init(digits: Int, format: OutputFormat? = nil, money: MoneyRounding = .exact, separator: String = ", ") {
            self.digits = digits
            self.format = format
            self.money = money
            self.separator = separator
        }
    }

    public static func display(_ list: QuantityList, style: Style) -> DisplayedQuantity {
        let shownList = DisplayedList(list, style: style)
        guard !list.isEmpty else { return DisplayedQuantity(text: "[]", isExact: true, unit: nil, list: shownList) }
        let unit = shownList.value(at: 0).unit
        let separator = style.separator.unicodeScalars.count
        // In full while it fits: at most a width's worth of values is shown to find out.
        var shown: [String] = []
        var used = 2
        for index in list.magnitudes.indices {
            let text = shownList.value(at: index).text
            used += text.unicodeScalars.count + (index == 0 ? 0 : separator)
            if used > width { break }
            shown.append(text)
        }
        let isExact = shownList.isShownExactly
        if shown.count == list.count {
            return DisplayedQuantity(text: "[" + shown.joined(separator: style.separator) + "]", isExact: isExact, unit: unit, list: shownList)
        }
        return DisplayedQuantity(text: elided(shownList, style: style), isExact: isExact, unit: unit, list: shownList)
    }

    /// `[1, 2, 3, …, 98, 99, 100] (100 values)`: values from each end in turn while they fit,
    /// at least one of each.
    private static func elided(_ list: DisplayedList, style: Style) -> String {
        let separator = style.separator.unicodeScalars.count
        var head: [String] = [list.value(at: 0).text]
        var tail: [String] = [list.value(at: list.count - 1).text]
        // The brackets, the ellipsis and its two separators.
        var used = 3 + 2 * separator + head[0].unicodeScalars.count + tail[0].unicodeScalars.count
        var front = 1, back = list.count - 2
        while front <= back {
            let fromFront = head.count <= tail.count
            let text = list.value(at: fromFront ? front : back).text
            used += text.unicodeScalars.count + separator
            if used > width { break }
            if fromFront {
                head.append(text)
                front += 1
            } else {
                tail.insert(text, at: 0)
                back -= 1
            }
        }
        let values = head + ["…"] + tail
        return "[" + values.joined(separator: style.separator) + "] (\(NumberDisplay.decimal(list.count)) values)"
    }
}

/// A list's values as shown, for JSON's array of them. A class, so that a shown value
/// carries one word for it; each value is shown when asked, so that a list of a million
/// values shown as text shows only the few that fit.
public final class DisplayedList: Sendable, Equatable {
    public let list: QuantityList
    public let style: ListDisplay.Style

    package init(_ list: QuantityList, style: ListDisplay.Style) {
        self.list = list
        self.style = style
    }

    public var count: Int { list.count }

    /// The value at `index`, as shown alone.
    public func value(at index: Int) -> DisplayedQuantity {
        QuantityDisplay.display(list[index], digits: style.digits, format: style.format, money: style.money)
    }

    /// Every value, as shown alone.
    public var values: [DisplayedQuantity] { list.magnitudes.indices.map(value) }

    /// Whether every value is shown exactly: money rounded to its cents is not, nor
    /// 1/3. A number in a unit without money, a format or a date is shown exactly as the
    /// number alone is, which is asked without making the unit's text.
    var isShownExactly: Bool {
        guard list.isExact else { return false }
        let unit = list.unit
        if style.format == nil, unit.moneyAtom == nil, !unit.isDate {
            return list.magnitudes.allSatisfy { NumberDisplay.isShownExactly($0, digits: style.digits) }
        }
        return list.magnitudes.indices.allSatisfy { value(at: $0).isExact }
    }

    public static func == (a: DisplayedList, b: DisplayedList) -> Bool { a.list == b.list && a.style == b.style }
}
