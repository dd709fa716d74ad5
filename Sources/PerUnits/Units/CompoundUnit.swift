import PerNumbers

/// A unit as written and combined: units with integer powers (`kg`, `m3/h`, `€/kg`,
/// `m/s²`), and a scale for a basis such as `per 100 g` (the unit `1/(100 g)`). No terms
/// is a plain number.
///
/// Its parts sit in one immutable box (nil for a plain number), so a quantity is a number
/// and one reference to copy: plain arithmetic, which copies values at every step, stays
/// as cheap as it was before units.
public struct CompoundUnit: Sendable, Hashable {
    // What the evaluator's arithmetic asks of every value (is it plain, which one unit is
    // it) is inlinable, so that the layers above ask it without a call.
    @usableFromInline final class Parts: Sendable {
        @usableFromInline let terms: [Term]
        @usableFromInline let scale: Rational?

        @usableFromInline init(terms: [Term], scale: Rational?) {
            self.terms = terms
            self.scale = scale
        }
    }

    @usableFromInline var parts: Parts?

    @usableFromInline init(parts: Parts?) {
        self.parts = parts
    }

    @inlinable public static func == (a: CompoundUnit, b: CompoundUnit) -> Bool {
        if a.parts === b.parts { return true }
        // Term by term: an array's `==` went through its generic witnesses, every `to UNIT`.
        let x = a.terms, y = b.terms
        guard x.count == y.count else { return false }
        for index in x.indices where x[index].exponent != y[index].exponent || x[index].atom != y[index].atom { return false }
        return a.scale == b.scale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(terms)
        hasher.combine(scale)
    }

    /// Whether two units are made of the very same definitions to the same powers, with
    /// the same scale: stricter than `==`, which goes by name, while a unit of one's own
    /// defined again keeps its name with another factor.
    @inlinable package func isIdentical(to other: CompoundUnit) -> Bool {
        if parts === other.parts { return true }
        guard let a = parts, let b = other.parts, a.terms.count == b.terms.count else { return false }
        for index in a.terms.indices {
            guard a.terms[index].exponent == b.terms[index].exponent,
                  a.terms[index].atom.definition === b.terms[index].atom.definition else { return false }
        }
        return a.scale == b.scale
    }

    public struct Term: Sendable, Hashable {
        public let atom: Unit
        public var exponent: Int8

        package init(atom: Unit, exponent: Int8) {
            self.atom = atom
            self.exponent = exponent
        }
    }

    /// In the order written; no two with the same atom, none with exponent 0.
    public package(set) var terms: [Term] {
        @inlinable get { parts?.terms ?? [] }
        set { self = CompoundUnit(terms: newValue, scale: scale) }
    }

    /// What one of this unit is, besides its terms: `1/100` in `per 100 g`.
    public package(set) var scale: Rational? {
        @inlinable get { parts?.scale }
        set { self = CompoundUnit(terms: terms, scale: newValue) }
    }

    @inlinable public init(terms: [Term] = [], scale: Rational? = nil) {
        parts = terms.isEmpty && scale == nil ? nil : Parts(terms: terms, scale: scale)
    }

    public init(_ atom: Unit) {
        parts = Parts(terms: [Term(atom: atom, exponent: 1)], scale: nil)
    }

    @inlinable public static var none: CompoundUnit { CompoundUnit(parts: nil) }

    @inlinable public var isNone: Bool { parts == nil }

    /// The one unit this is, to the first power and without a scale.
    @inlinable public var atom: Unit? {
        guard let parts, parts.terms.count == 1, parts.scale == nil else { return nil }
        let term = parts.terms[0]
        return term.exponent == 1 ? term.atom : nil
    }

    public var dimension: Dimension {
        guard let parts else { return .none }
        var result = Dimension.none
        for index in parts.terms.indices {
            let term = parts.terms[index]
            // A first unit to the first power, as most units start with, is its own
            // dimension to start from: no product.
            if index == 0, term.exponent == 1 {
                result = term.atom.dimension
                continue
            }
            result = result.multiplying(by: term.atom.dimension, power: Int(term.exponent)) ?? result
        }
        return result
    }

    /// Base units in one of this unit, exactly (temperature points by their scale's degree).
    public var factor: Rational {
        // One unit to one power, as most are: its own factor to it (`per L`: 1/L's).
        guard let parts else { return .one }
        if parts.terms.count == 1, parts.scale == nil { return parts.terms[0].atom.factor.power(Int(parts.terms[0].exponent)) }
        var result = scale ?? .one
        for term in terms { result = result * term.atom.factor.power(Int(term.exponent)) }
        return result
    }

    /// The power of π in one of this unit besides `factor`: -1 for `rad`, 2 for `1/rad²`.
    public var piPower: Int {
        var power = 0
        for term in terms { power += Int(term.atom.piPower) * Int(term.exponent) }
        return power
    }

    /// The temperature scale of a unit that is one temperature point (`°C`, `K`).
    public var temperaturePoint: Unit? {
        guard let atom, atom.isTemperaturePoint else { return nil }
        return atom
    }

    /// The date unit, when this unit is it alone: a day on the calendar.
    public var isDate: Bool { atom?.isDatePoint == true }

    /// Gauge or absolute, when a term is a pressure that says which (`barg`, `psia`).
    public var pressureReference: Unit.PressureReference? {
        for term in terms { if let reference = term.atom.pressureReference { return reference } }
        return nil
    }

    /// The currency of the money in this unit, if any.
    public var currency: CurrencyCode? {
        terms.lazy.compactMap(\.atom.currency).first
    }

    /// The money unit in it, as written (`€` before the number, `EUR`).
    public var moneyAtom: Unit? {
        terms.first { $0.atom.currency != nil && $0.exponent == 1 }?.atom
    }

    /// The unit a price per quantity is quoted per: `kg` for `€/kg` or `1/kg`, with the
    /// money unit if there is one. Nil for any other unit.
    public var pricePer: (money: Unit?, per: Unit, scale: Rational?)? {
        // One term is a price per only as `1/kg`: most units are told apart without a list.
        let terms = self.terms
        if terms.count == 1, terms[0].exponent != -1 { return nil }
        // At most one money unit, to the first power, and exactly one other, to the -1st.
        var money: Unit? = nil, per: Unit? = nil
        for term in terms {
            if term.atom.currency != nil {
                guard money == nil, term.exponent == 1 else { return nil }
                money = term.atom
            } else {
                guard per == nil, term.exponent == -1 else { return nil }
                per = term.atom
            }
        }
        guard let per else { return nil }
        return (money, per, scale.map { $0.reciprocal })
    }

    /// This unit with temperature points read as differences (inside a compound such as
    /// `per K`, a temperature is always a difference).
    package var withDifferences: CompoundUnit {
        guard terms.contains(where: { $0.atom.isTemperaturePoint }) else { return self }
        var copy = self
        copy.terms = terms.map { Term(atom: $0.atom.asDifference, exponent: $0.exponent) }
        return copy
    }

    /// This unit without a scale.
    var unscaled: CompoundUnit { CompoundUnit(terms: terms) }

    // MARK: Showing

    private static let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]

    private static func power(_ exponent: Int8) -> String {
        let magnitude = Int(exponent.magnitude)
        if magnitude == 1 { return "" }
        if magnitude < 10 { return String(superscripts[magnitude]) }
        return "^\(magnitude)"
    }

    private static func product(_ terms: [Term], amount: Number?) -> String {
        terms.map { term in
            let alone = term.exponent == 1 && terms.count == 1
            let name = alone ? amount.map(term.atom.name(for:)) ?? term.atom.symbol : term.atom.singular
            return name + power(term.exponent)
        }.joined(separator: "·")
    }

    /// The unit as a symbol: `kg`, `m3/h`, `€/kg`, `m/s²`, `kg/(m·s)`, `1/h`, `/100 g`.
    public var symbol: String { text(for: nil) }

    /// The unit as shown after an amount (singular where it is one: `1 pod`).
    func text(for amount: Number?) -> String {
        // One unit to the first power, as most are: its name or symbol, as `product` gives it.
        if let atom { return amount.map(atom.name(for:)) ?? atom.symbol }
        let up = terms.filter { $0.exponent > 0 }, down = terms.filter { $0.exponent < 0 }
        var text = up.isEmpty ? (down.isEmpty ? "" : "1") : CompoundUnit.product(up, amount: down.isEmpty ? amount : nil)
        if !down.isEmpty {
            let below = CompoundUnit.product(down, amount: nil)
            let scaled = scale.map { NumberDisplay.display(.exact($0.reciprocal), digits: 12).text + " " }
            text += "/" + (scaled ?? "") + (down.count > 1 && scaled == nil ? "(\(below))" : below)
        }
        return text
    }
}

extension CompoundUnit {
    /// The unit written `a·b` (or `a/b`), term by term as written: a unit that appears on
    /// both sides adds its powers; different units of one dimension stay as written
    /// (`kg/g`).
    package func multiplied(by other: CompoundUnit, dividing: Bool) throws(QuantityError) -> CompoundUnit {
        // The terms are worked on in one array and made into a unit once: each change of
        // a unit's `terms` makes a new unit.
        var terms = self.terms
        terms.reserveCapacity(terms.count + other.terms.count)
        let sign = dividing ? -1 : 1
        for term in other.terms {
            let exponent = Int(term.exponent) * sign
            if let index = terms.firstIndex(where: { $0.atom == term.atom }) {
                let sum = Int(terms[index].exponent) + exponent
                guard Dimension.holds(sum) else { throw .powerTooHigh }
                terms[index].exponent = Int8(sum)
            } else {
                terms.append(Term(atom: term.atom, exponent: Int8(exponent)))
            }
        }
        terms.removeAll { $0.exponent == 0 }
        var currency: CurrencyCode? = nil
        for term in terms {
            guard let code = term.atom.currency else { continue }
            if let currency, currency != code { throw .twoCurrencies }
            currency = code
        }
        var scale = self.scale
        if let other = other.scale { scale = (scale ?? .one) * (dividing ? other.reciprocal : other) }
        let result = CompoundUnit(terms: terms, scale: scale)
        if terms.count > 1 || terms.first.map({ $0.exponent != 1 }) == true {
            return result.withDifferences
        }
        return result
    }

    /// This unit to a whole power; nil beyond the powers units keep.
    package func raised(to power: Int) -> CompoundUnit? {
        guard power != 1 else { return self }
        var result = self
        for index in result.terms.indices {
            let exponent = Int(result.terms[index].exponent) * power
            guard Dimension.holds(exponent) else { return nil }
            result.terms[index].exponent = Int8(exponent)
        }
        result.terms.removeAll { $0.exponent == 0 }
        result.scale = scale.map { $0.power(power) }
        return result.withDifferences
    }
}
