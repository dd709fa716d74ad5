import PerNumbers

/// A quantity as shown to a person: the magnitude's digits, the whole text with its unit
/// (`€4.98 per kg`, `500 g`, `60%`), and the unit alone as JSON gives it.
public struct DisplayedQuantity: Sendable, Equatable {
    /// The magnitude as shown (money with its decimals), without `≈` or unit.
    public internal(set) var number: DisplayedNumber
    /// Whether the value is money (`€18000.00`, `€4.98 per kg`), which a sheet shows with its
    /// thousands grouped. (Beside `daysLater`, in the bytes `number` leaves.)
    public let isMoney: Bool
    /// For a time of day past midnight (`01:00 (next day)`): the days it passed, negative
    /// for days before; 0 otherwise. (Here, in the bytes `number` leaves before `text`: every
    /// value shown carries it, and a wider value is copied at a cost on every line.)
    public var daysLater: Int32 = 0
    /// The magnitude with its unit, without `≈`.
    public let text: String
    /// The unit as JSON's `"unit"` gives it (`kg`, `per kg`, `€/kg`); nil for a plain number.
    public let unit: String?
    /// For a range (`12 kg ± 0.5 kg`): its ends and half its width; `number` is its middle.
    public var range: DisplayedRange? {
        if case .range(let range)? = shape { return range }
        return nil
    }
    /// For a list (`[1.2 kg, 1.5 kg]`): its values; `text` is the list as shown.
    public var list: DisplayedList? {
        if case .list(let list)? = shape { return list }
        return nil
    }
    /// A range or a list, in one word: few values are either.
    private let shape: Shape?

    private enum Shape: Sendable, Equatable {
        case range(DisplayedRange)
        case list(DisplayedList)
    }
    /// For a value in a list of units (`to st lb`): the parts the text shows, in order
    /// (`12 st`, `8.36980974790 lb`); empty otherwise.
    public var parts: [UnitParts.Shown] = []

    public var isExact: Bool { number.isExact }

    public init(number: DisplayedNumber, text: String, unit: String?, range: DisplayedRange? = nil, isMoney: Bool = false) {
        self.number = number
        self.isMoney = isMoney
        self.text = text
        self.unit = unit
        self.shape = range.map(Shape.range)
    }

    /// A list as shown: `text` the list, `number` its text with whether every value is exact.
    public init(text: String, isExact: Bool, unit: String?, list: DisplayedList) {
        self.number = DisplayedNumber(text: text, isExact: isExact)
        self.isMoney = false
        self.text = text
        self.unit = unit
        self.shape = .list(list)
    }

    /// A plain number.
    public init(_ number: DisplayedNumber) {
        self.init(number: number, text: number.text, unit: nil)
    }
}

/// How quantities are shown (`help units`): a unit after the number
/// (`500 g`, `1 pod`), a part of a whole right after it (`60%`), money with its currency
/// where it was written and at least its currency's decimals (`$7.50`, `¥500`), a price
/// per quantity as `per` (`4.98 per kg`, `€0.498 per 100 g`) with money by the unit-price
/// rule.
public enum QuantityDisplay {
    /// The quantity as shown; with a `format` (`to fraction`, `to 2 dp`), its number is
    /// written in that format and the unit as usual. `showingSign` puts `+` before the text
    /// of a value known to be above 0 (a change: `+12.5%`), not before its number, which
    /// JSON gives as a number.
    @inlinable
    public static func display(_ q: Quantity, digits: Int, format: OutputFormat? = nil,
                               money rounding: MoneyRounding = .exact, showingSign: Bool = false) -> DisplayedQuantity {
        let shown = unsigned(q, digits: digits, format: format, money: rounding)
        guard showingSign, q.magnitude.isPositive else { return shown }
        return DisplayedQuantity(number: shown.number, text: "+" + shown.text, unit: shown.unit, isMoney: shown.isMoney)
    }

    @usableFromInline
    static func unsigned(_ q: Quantity, digits: Int, format: OutputFormat?, money rounding: MoneyRounding) -> DisplayedQuantity {
        let unit = q.unit
        // A percentage is already written as one.
        let format = format == .percent && unit.atom?.symbol == "%" ? nil : format
        func shown(_ usual: @autoclosure () -> DisplayedNumber) -> DisplayedNumber {
            format.map { $0.text(of: q.magnitude, digits: digits) } ?? usual()
        }
        if unit.isNone { return DisplayedQuantity(shown(NumberDisplay.display(q.magnitude, digits: digits))) }
        if unit.isDate, let date = DateMath.date(of: q) {
            if format == .weekday {
                let name = date.weekday.name
                return DisplayedQuantity(number: DisplayedNumber(text: name, isExact: true), text: name, unit: "weekday")
            }
            return DisplayedQuantity(number: DisplayedNumber(text: date.text, isExact: true), text: date.text, unit: "date")
        }
        if unit.isDate, let shown = DateMath.timeText(of: q) {
            var displayed = DisplayedQuantity(number: DisplayedNumber(text: shown.iso, isExact: shown.isExact), text: shown.text,
                                              unit: unit.atom?.symbol)
            displayed.daysLater = Int32(clamping: shown.daysLater)
            return displayed
        }
        if let per = unit.pricePer {
            let basis = per.scale.map { NumberDisplay.display(.exact($0), digits: digits).text + " " } ?? ""
            let perText = "per " + basis + (per.scale == nil ? per.per.singular : per.per.symbol)
            if let money = per.money {
                let currency = Currency(money)
                let number = shown(moneyNumber(q.magnitude, unitPrice: true, digits: digits, decimals: currency.decimals))
                return DisplayedQuantity(number: number, text: currency.written(number.text) + " " + perText,
                                         unit: currency.symbol + "/" + basis + per.per.symbol, isMoney: true)
            }
            let number = shown(NumberDisplay.display(q.magnitude, digits: digits))
            return DisplayedQuantity(number: number, text: number.text + " " + perText, unit: perText)
        }
        if let money = unit.moneyAtom {
            let number = shown(moneyNumber(q.magnitude, unitPrice: false, digits: digits, decimals: Currency(money).decimals,
                                           rounding: rounding))
            let rest = CompoundUnit(terms: unit.terms.filter { $0.atom != money }, scale: unit.scale)
            let currency = Currency(money)
            let restText = rest.isNone ? "" : (rest.terms.allSatisfy { $0.exponent < 0 } ? "" : " ") + rest.symbol
            return DisplayedQuantity(number: number, text: currency.written(number.text) + restText,
                                     unit: currency.symbol + (rest.isNone ? "" : (restText.hasPrefix(" ") ? "·" : "") + rest.symbol),
                                     isMoney: true)
        }
        let number = shown(NumberDisplay.display(q.magnitude, digits: digits))
        let symbol = unit.text(for: q.magnitude)
        // A part of a whole and degrees of angle follow the number without a blank.
        let atomSymbol = unit.atom?.symbol
        let joined = atomSymbol == "%" || atomSymbol == "°" ? number.text + symbol : number.text + " " + symbol
        return DisplayedQuantity(number: number, text: joined, unit: unit.symbol)
    }

    /// Money with a currency of `decimals` minor-unit decimals: by the unit-price rule for
    /// a price per quantity, else as `rounding` shows amounts.
    static func moneyNumber(_ amount: Number, unitPrice: Bool, digits: Int, decimals: Int = 2,
                            rounding: MoneyRounding = .exact) -> DisplayedNumber {
        if unitPrice { return NumberDisplay.displayedUnitPrice(amount, minimumDecimals: decimals) }
        return rounding.display(amount, decimals: decimals, digits: digits)
    }
}
