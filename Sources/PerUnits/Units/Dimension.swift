/// What a quantity measures: exponents of the base dimensions (mass, length, time, count,
/// temperature, amount of substance, electric current, information) and of money in one currency. Units convert only
/// within one dimension; a volume is a length cubed, a price per kilogram is money per
/// mass.
public struct Dimension: Sendable, Hashable {
    var mass: Int8 = 0
    var length: Int8 = 0
    var time: Int8 = 0
    var count: Int8 = 0
    var temperature: Int8 = 0
    var substance: Int8 = 0
    package var money: Int8 = 0
    /// Plane angle: degrees (`30°`), which trigonometric functions read.
    var angle: Int8 = 0
    /// Electric current, the SI base the ampere measures (SI Brochure 9 Table 2): volts,
    /// ohms and siemens derive from it, and a water's conductivity (µS/cm) is S/m.
    var current: Int8 = 0
    /// Information, in bits (IEC 80000-13): the byte is 8 of them.
    var information: Int8 = 0
    /// The currency of the money exponent; nil when `money` is 0.
    var currency: CurrencyCode? = nil

    public static let none = Dimension()
    public static let mass = Dimension(mass: 1)
    public static let length = Dimension(length: 1)
    public static let area = Dimension(length: 2)
    public static let volume = Dimension(length: 3)
    public static let time = Dimension(time: 1)
    public static let count = Dimension(count: 1)
    public static let temperature = Dimension(temperature: 1)
    public static let angle = Dimension(angle: 1)
    /// Water hardness: amount of calcium carbonate per volume (mmol/L).
    public static let hardness = Dimension(length: -3, substance: 1)
    /// Mass per volume (mg/L), which a hardness input reads "as CaCO₃".
    public static let massConcentration = Dimension(mass: 1, length: -3)
    public static let massFlow = Dimension(mass: 1, time: -1)
    public static let volumeFlow = Dimension(length: 3, time: -1)
    /// Force per area: Pa = kg/(m·s²).
    public static let pressure = Dimension(mass: 1, length: -1, time: -2)
    /// J = kg·m²/s².
    public static let energy = Dimension(mass: 1, length: 2, time: -2)
    /// W = J/s.
    public static let power = Dimension(mass: 1, length: 2, time: -3)
    /// Electrical conductivity of water (µS/cm): S/m = A²·s³/(kg·m³).
    public static let conductivity = Dimension(mass: -1, length: -3, time: 3, current: 2)

    /// What a refusal adds when a time per length was given for a conductivity: `500 us/cm`
    /// is microseconds per cm, where the microsiemens of a water's conductivity was meant
    /// (µs and µS differ only in case); "" for any other pair.
    public static func hint(given: Dimension, wanted: Dimension?) -> String {
        given == Dimension(length: -1, time: 1) && wanted == .conductivity
            ? "; µs is a microsecond: a conductivity is written µS/cm or uS/cm" : ""
    }
    /// N = kg·m/s².
    public static let force = Dimension(mass: 1, length: 1, time: -2)
    public static let frequency = Dimension(time: -1)
    public static let information = Dimension(information: 1)
    /// Distance per volume (mpg, km/L): length⁻².
    public static let fuelEconomy = Dimension(length: -2)
    public static func money(_ currency: CurrencyCode) -> Dimension { Dimension(money: 1, currency: currency) }
    /// Money of no currency in particular.
    package static let anyMoney = Dimension(money: 1)
    /// Money, in any currency or none.
    package var isMoney: Bool { withCurrency(nil) == .anyMoney }

    /// The base dimension the unit catalogue names (`g | * mass`).
    static func base(named name: String) -> Dimension? {
        switch name {
        case "mass": return .mass
        case "length": return .length
        case "time": return .time
        case "count": return .count
        case "temperature": return .temperature
        case "substance": return Dimension(substance: 1)
        case "angle": return .angle
        case "current": return Dimension(current: 1)
        case "information": return .information
        default: return nil
        }
    }

    /// The dimensions a shopping list compares: the bases unit-pricing rules name (per kg,
    /// L, item, m and m²).
    public static let shoppable: [Dimension] = [.mass, .volume, .count, .length, .area]

    /// Whether a shopping list can compare products of this dimension.
    public var isShoppable: Bool { ShoppableDimension(self) != nil }

    public var isDimensionless: Bool { self == .none }

    /// The shoppable dimension `mass`, `volume`, `count`, `length` or `area` names (`type mass`).
    public init?(rawValue: String) {
        guard let found = Dimension.shoppable.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = found
    }

    init(mass: Int8 = 0, length: Int8 = 0, time: Int8 = 0, count: Int8 = 0, temperature: Int8 = 0,
         substance: Int8 = 0, money: Int8 = 0, angle: Int8 = 0, current: Int8 = 0, information: Int8 = 0,
         currency: CurrencyCode? = nil) {
        self.mass = mass
        self.length = length
        self.time = time
        self.count = count
        self.temperature = temperature
        self.substance = substance
        self.money = money
        self.angle = angle
        self.current = current
        self.information = information
        self.currency = money == 0 ? nil : currency
    }

    private static let named: [(Dimension, String)] = [
        (.none, "plain number"), (.mass, "mass"), (.length, "length"), (.area, "area"), (.volume, "volume"),
        (.time, "time"), (.count, "count"), (.temperature, "temperature"), (.angle, "angle"), (.hardness, "hardness"),
        (.massConcentration, "mass concentration"), (.massFlow, "mass flow"), (.volumeFlow, "volume flow"), (.conductivity, "conductivity"),
        (.pressure, "pressure"), (.energy, "energy"), (.power, "power"), (.force, "force"),
        (Dimension(length: 1, time: -1), "speed"), (.frequency, "frequency"), (Dimension(length: 1, time: -2), "acceleration"),
        (Dimension(current: 1), "electric current"), (Dimension(mass: 1, length: 2, time: -3, current: -1), "voltage"),
        (Dimension(mass: 1, length: 2, time: -3, current: -2), "resistance"),
        (Dimension(mass: -1, length: -2, time: 3, current: 2), "conductance"), (Dimension(time: 1, current: 1), "electric charge"),
        (.information, "information"), (Dimension(time: -1, information: 1), "data rate"),
        (.fuelEconomy, "fuel economy"), (Dimension(substance: 1), "amount of substance"),
    ]

    /// `mass`, `volume flow`, `money (€)`, `money (€) per mass`, `mass × time`.
    public var rawValue: String {
        if let name = Dimension.named.first(where: { $0.0 == self })?.1 { return name }
        if let currency, money == 1 {
            let rest = Dimension(mass: mass, length: length, time: time, count: count, temperature: temperature, substance: substance,
                                 angle: angle, current: current, information: information)
            let base = "money (\(currency.symbol))"
            if rest == .none { return base }
            return rest.isInverseOfNamed.map { "\(base) per \($0)" } ?? "\(base) × \(rest.rawValue)"
        }
        if let inverse = isInverseOfNamed { return "per \(inverse)" }
        let names = ["mass", "length", "time", "count", "temperature", "amount of substance", "money (\(currency?.symbol ?? "?"))", "angle",
                     "electric current", "information"]
        let parts = Array(zip(names, exponents))
        let up = parts.filter { $0.1 > 0 }.map { $0.1 == 1 ? $0.0 : "\($0.0)^\($0.1)" }
        let down = parts.filter { $0.1 < 0 }.map { $0.1 == -1 ? $0.0 : "\($0.0)^\(-$0.1)" }
        return (up.isEmpty ? "1" : up.joined(separator: " × ")) + (down.isEmpty ? "" : " per " + down.joined(separator: " × "))
    }

    /// The name of this dimension's inverse, when that is a named one (`mass` for 1/mass).
    private var isInverseOfNamed: String? {
        let inverse = Dimension.none.dividing(by: self)
        guard inverse != self, inverse != .none else { return nil }
        return Dimension.named.first(where: { $0.0 == inverse })?.1
    }

    /// "a mass", "an area", "a plain number", for messages.
    public var withArticle: String {
        let name = rawValue
        return ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// The exponents in a fixed order: mass, length, time, count, temperature, substance, money, angle, current,
    /// information.
    private var exponents: [Int] { [mass, length, time, count, temperature, substance, money, angle, current, information].map(Int.init) }

    private init?(exponents e: [Int], currency: CurrencyCode?) {
        guard e.allSatisfy(Dimension.holds) else { return nil }
        self.init(mass: Int8(e[0]), length: Int8(e[1]), time: Int8(e[2]), count: Int8(e[3]), temperature: Int8(e[4]),
                  substance: Int8(e[5]), money: Int8(e[6]), angle: Int8(e[7]), current: Int8(e[8]), information: Int8(e[9]),
                  currency: currency)
    }

    /// The dimension of a product (of a quotient for `power` -1); nil when it would hold
    /// two currencies or an exponent beyond `maxExponent`.
    func multiplying(by other: Dimension, power: Int = 1) -> Dimension? {
        if let a = currency, let b = other.currency, a != b { return nil }
        // Field by field, with no arrays: units multiply on every quantity operation.
        var outOfRange = false
        func combined(_ mine: Int8, _ theirs: Int8) -> Int8 {
            let value = Int(mine) + Int(theirs) * power
            if !Dimension.holds(value) { outOfRange = true; return 0 }
            return Int8(value)
        }
        let result = Dimension(mass: combined(mass, other.mass), length: combined(length, other.length), time: combined(time, other.time),
                               count: combined(count, other.count), temperature: combined(temperature, other.temperature),
                               substance: combined(substance, other.substance), money: combined(money, other.money),
                               angle: combined(angle, other.angle), current: combined(current, other.current),
                               information: combined(information, other.information),
                               currency: currency ?? other.currency)
        return outOfRange ? nil : result
    }

    package func dividing(by other: Dimension) -> Dimension {
        multiplying(by: other, power: -1) ?? self
    }

    /// This dimension with every exponent times `power`; nil when one leaves the range
    /// units keep.
    func raised(to power: Int) -> Dimension? {
        guard Dimension.holds(power) else { return self == .none ? self : nil }
        return Dimension(exponents: exponents.map { $0 * power }, currency: currency)
    }

    /// This dimension's square root, when every exponent is even.
    var squareRoot: Dimension? {
        guard exponents.allSatisfy({ $0 % 2 == 0 }) else { return nil }
        return Dimension(exponents: exponents.map { $0 / 2 }, currency: currency)
    }

    /// The highest power a unit keeps (`m^20`).
    package static let maxExponent = 20

    /// Whether a unit power is one units keep: from -maxExponent to maxExponent. Compared
    /// without `abs`, which traps on the most negative machine integer.
    package static func holds(_ exponent: Int) -> Bool {
        (-maxExponent...maxExponent).contains(exponent)
    }

    /// The same dimension with money in another currency.
    func withCurrency(_ code: CurrencyCode?) -> Dimension {
        var copy = self
        if money != 0 { copy.currency = code }
        return copy
    }

    /// Equal but for the currency of its money.
    package func matchesIgnoringCurrency(_ other: Dimension) -> Bool {
        withCurrency(nil) == other.withCurrency(nil)
    }
}

/// A dimension a shopping list compares, each with the unit its prices are quoted per by
/// default: the bases unit-pricing rules name (per kg, L, item, m and m²).
public enum ShoppableDimension: Sendable, CaseIterable {
    case mass, volume, count, length, area

    public init?(_ dimension: Dimension) {
        switch dimension {
        case .mass: self = .mass
        case .volume: self = .volume
        case .count: self = .count
        case .length: self = .length
        case .area: self = .area
        default: return nil
        }
    }

    public var dimension: Dimension {
        switch self {
        case .mass: .mass
        case .volume: .volume
        case .count: .count
        case .length: .length
        case .area: .area
        }
    }
}
