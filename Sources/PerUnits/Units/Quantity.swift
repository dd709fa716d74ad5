import PerNumbers

/// The engine's value: an exact or approximate magnitude in a unit (`help units`).
/// A plain number is a quantity without a unit.
public struct Quantity: Sendable, Hashable {
    public var magnitude: Number
    public var unit: CompoundUnit

    @inlinable public init(_ magnitude: Number, _ unit: CompoundUnit = .none) {
        self.magnitude = magnitude
        self.unit = unit
    }

    public init(_ magnitude: Number, _ atom: Unit) {
        self.init(magnitude, CompoundUnit(atom))
    }

    public var dimension: Dimension { unit.dimension }
    @inlinable public var isPlain: Bool { unit.isNone }
    /// A percentage: a value in `%` alone (`8%`), however it was written.
    public var isPercentage: Bool { unit.atom == UnitTable.percentUnit }
}

/// Why quantities do not combine. Each case names what the user wrote, so the message
/// can say what to do.
public enum QuantityError: Error, Equatable, Sendable {
    case arithmetic(ArithmeticError)
    /// `1 kg + 1 l`: `operation` is "add" or "subtract".
    case mismatch(operation: String, Dimension, Dimension)
    /// `500 g to l`.
    case conversion(from: Dimension, to: Dimension)
    /// Two currencies without a rate between them.
    case noRate(CurrencyCode, CurrencyCode)
    /// `€2 * $3`.
    case twoCurrencies
    /// `2 * 20 °C`: a temperature point is not an amount.
    case scaledTemperature(String)
    /// `20 °C + 30 °C`.
    case sumOfTemperatures
    /// `20 °C to Δ°F`, or a point where a difference is the only reading.
    case pointAsDifference(String)
    /// Below 0 K.
    case belowAbsoluteZero
    /// `(2 kg)^0.5`, `(2 kg)^x` with x not whole.
    case fractionalPowerOfUnit(String)
    /// `m^100`.
    case powerTooHigh
    /// `sqrt(2 kg)`, `cbrt(2 m^2)`, `(2 kg)^0.5`: a root whose degree does not divide the
    /// unit's powers, by the unit and the root's degree.
    case fractionalRoot(String, degree: Int)
    /// `ln(2 kg)`: the function (or `!`) and the unit given.
    case needsPlainNumber(String, unit: String)
    /// `sin(2 kg)`.
    case needsAngle(String, unit: String)
    /// `sin(pi/6 rad)`, which divides by an angle: a unit binds tighter than `/`.
    case inverseAngle(String)
    /// `to oz lb`: a list of units that cannot split an amount.
    case unitList(UnitParts.Refusal)
    /// A date where it cannot be used (`help dates`).
    case date(DateRefusal)
    /// `2 barg to bara`: a gauge and an absolute pressure differ by the air's pressure; the
    /// units converted from and to, and the kind of each (nil: neither, as `MPa`).
    case gaugeAndAbsolute(from: String, Unit.PressureReference?, to: String, Unit.PressureReference?)
    /// `150% off $50`: a discount of more than the whole price.
    case discountBeyondWhole
    /// `5 m^(2^2)`: a unit raised to what is not a whole number written out.
    case unitPowerNotWritten(unit: String)

    public var message: String {
        switch self {
        case .arithmetic(let error): return error.message()
        case .mismatch(let operation, let a, let b):
            return "cannot \(operation) \(a.withArticle) and \(b.withArticle)"
        case .conversion(let from, let to):
            return "cannot convert \(from.rawValue) to \(to.rawValue)" + Dimension.hint(given: from, wanted: to)
        case .noRate(let a, let b):
            // Today's rate is the user's to give: an example figure would be a made-up rate.
            return "no rate between \(a.code) and \(b.code): set today's, as in rate 1 \(a.symbol) = RATE \(b.symbol)"
        case .twoCurrencies:
            return "one value cannot hold two currencies; convert one first (set a rate with rate 1 € = 1.08 $)"
        case .scaledTemperature(let unit):
            if unit == "K" {
                return "a temperature in K is a point on a scale, not an amount: write an amount of kelvin as ΔK (10 ΔK), or subtract two temperatures"
            }
            return "a temperature in \(unit) is a point on a scale, not an amount: subtract two temperatures for a difference, or convert to K"
        case .sumOfTemperatures:
            return "cannot add two temperatures; subtract them for a difference, or add a difference (10 Δ°C)"
        case .pointAsDifference(let unit):
            return "\(unit) is a temperature, not a difference; a difference is written Δ°C, Δ°F or ΔK, or as one temperature minus another"
        case .belowAbsoluteZero:
            return "a temperature below absolute zero (0 K, −273.15 °C)"
        case .fractionalPowerOfUnit(let unit):
            return "a quantity in \(unit) can only be raised to a whole power"
        case .unitPowerNotWritten(let unit):
            return "a power of \(unit) is a whole number after ^, as in \(unit)^2 or \(unit)^-1; "
                + "a power of the whole quantity goes after parentheses, as in (5 \(unit))^2"
        case .powerTooHigh:
            return "unit power out of range (from -\(Dimension.maxExponent) to \(Dimension.maxExponent))"
        case .fractionalRoot(let unit, let degree):
            let root = degree == 2 ? "square root" : degree == 3 ? "cube root" : "root of degree \(degree)"
            let example = degree == 3 ? "cbrt(27 m^3)" : degree == 2 ? "sqrt(16 m^2)" : "root(16 m^4, 4)"
            return "the \(root) of a quantity in \(unit) would leave a fractional power of a unit; a root needs powers it divides, as in \(example)"
        case .needsPlainNumber(let function, let unit):
            return "\(function) needs a plain number, not a quantity in \(unit)"
        case .needsAngle(let function, let unit):
            return "\(function) needs an angle (30°, 0.5 rad) or a plain number of radians, not a quantity in \(unit)"
        case .inverseAngle(let function):
            return "\(function) needs an angle, not one divided by an angle: a unit binds tighter than /, so write (pi/6) rad, not pi/6 rad"
        case .unitList(.order(let example)): return "a list of units goes from the largest down, each unit once: \(example)"
        case .unitList(.temperaturePoint):
            return "a list of units splits an amount; a temperature on a scale is not one (a difference in K or Δ°C is)"
        case .unitList(.tooMany(let most)): return "a list takes at most \(most) units"
        case .date(let refusal): return refusal.message
        case .discountBeyondWhole:
            return "a discount takes at most 100% off; this one is more than the whole price"
        case .gaugeAndAbsolute(let from, let fromKind, let to, let toKind):
            // They differ by the air's pressure, which per does not assume.
            let air = "the air's pressure yourself (1.01325 bar at the standard atmosphere)"
            switch fromKind {
            case .gauge?: return "\(from) is a gauge pressure: convert to barg, psig or kPag, or add \(air)"
            case .absolute?: return "\(from) is an absolute pressure: convert to bara, psia or kPaa, or subtract \(air)"
            case nil:
                let (kind, units) = toKind == .absolute ? ("an absolute", "bara, psia or kPaa") : ("a gauge", "barg, psig or kPag")
                return "\(from) is neither gauge nor absolute, \(to) \(kind) pressure: write the pressure in \(units)"
            }
        }
    }
}

/// Quantity arithmetic: `+ −` within a dimension in the left operand's unit, `× ÷`
/// combining units and cancelling what cancels, conversions, temperatures as points.
/// Each computes in the context it is given (`EvaluationContext`): the evaluator's for a
/// statement, the standard one for the tools.
public enum QuantityMath {
    package static func run(_ body: () throws(ArithmeticError) -> Number) throws(QuantityError) -> Number {
        do {
            return try body()
        } catch {
            throw .arithmetic(error)
        }
    }

    /// `a + b` or `a − b`: in `a`'s unit. A plain number added to money or a count is
    /// that money or count (shop habit: `$2.49 + 0.50`); two currencies mix through a rate.
    public static func add(_ a: Quantity, _ b: Quantity, subtracting: Bool, rates: Rates,
                           in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        var (a, b) = (a, b)
        if a.isPlain && !b.isPlain && admitsPlainAddend(b.dimension) {
            a.unit = b.unit
        } else if b.isPlain && !a.isPlain && admitsPlainAddend(a.dimension) {
            b.unit = a.unit
        }
        if a.unit.isDate || b.unit.isDate { return try DateMath.add(a, b, subtracting: subtracting, rates: rates, in: context).0 }
        let operation = subtracting ? "subtract" : "add"
        if let pointA = a.unit.temperaturePoint {
            if let pointB = b.unit.temperaturePoint {
                guard subtracting else { throw .sumOfTemperatures }
                // Point − point: a difference on a's scale.
                let kelvinA = try kelvin(a.magnitude, pointA, in: context), kelvinB = try kelvin(b.magnitude, pointB, in: context)
                let difference = try run { () throws(ArithmeticError) in
                    try kelvinA.subtracting(kelvinB, in: context).divided(by: .exact(pointA.factor), in: context)
                }
                return Quantity(difference, pointA.asDifference)
            }
            guard b.dimension == .temperature else { throw .mismatch(operation: operation, a.dimension, b.dimension) }
            let shift = try converted(b.magnitude, from: b.unit.withDifferences, to: CompoundUnit(pointA.asDifference), rates: rates,
                                      in: context)
            let sum = try run { () throws(ArithmeticError) in
                subtracting ? try a.magnitude.subtracting(shift, in: context) : try a.magnitude.adding(shift, in: context)
            }
            let result = Quantity(sum, a.unit)
            try checkAboveAbsoluteZero(result, in: context)
            return result
        }
        if let pointB = b.unit.temperaturePoint {
            // A difference plus a point is that point moved; minus a point means nothing.
            guard !subtracting, a.dimension == .temperature else {
                if a.dimension == .temperature { throw .pointAsDifference(pointB.symbol) }
                throw .mismatch(operation: operation, a.dimension, b.dimension)
            }
            return try add(b, a, subtracting: false, rates: rates, in: context)
        }
        guard a.dimension.matchesIgnoringCurrency(b.dimension) else {
            throw .mismatch(operation: operation, a.dimension, b.dimension)
        }
        let right = try converted(b.magnitude, from: b.unit, to: a.unit, rates: rates, in: context)
        let value = try run { () throws(ArithmeticError) in
            subtracting ? try a.magnitude.subtracting(right, in: context) : try a.magnitude.adding(right, in: context)
        }
        return Quantity(value, a.unit)
    }

    package static func admitsPlainAddend(_ dimension: Dimension) -> Bool {
        dimension == .count || (dimension.money == 1 && dimension.withCurrency(nil) == Dimension(money: 1))
    }

    /// `a × b` (or `a ÷ b` for `power` -1). Units of one dimension cancel into the left
    /// operand's (`9.5 m3/h * 1 day = 228 m3`); a part of a whole (`%`, `ppm`) stays only
    /// when it is the left operand's whole unit (`30% * 2 = 60%`, `200 * 15% = 30`); a
    /// plain number or money divided by a mass, volume, count, length or area is quoted
    /// per kg, L, item, m or m².
    public static func multiply(_ a: Quantity, _ b: Quantity, dividing: Bool,
                                in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        if a.isPlain && b.isPlain {
            return Quantity(try run { () throws(ArithmeticError) in
                dividing ? try a.magnitude.divided(by: b.magnitude, in: context) : try a.magnitude.multiplied(by: b.magnitude, in: context)
            })
        }
        if let point = a.unit.temperaturePoint ?? b.unit.temperaturePoint { throw .scaledTemperature(point.symbol) }
        if a.unit.isDate || b.unit.isDate { throw .date(.about(.scaled, a, b)) }
        let sign: Int8 = dividing ? -1 : 1
        var magnitude = try run { () throws(ArithmeticError) in
            dividing ? try a.magnitude.divided(by: b.magnitude, in: context) : try a.magnitude.multiplied(by: b.magnitude, in: context)
        }
        // What folds into the magnitude; the left operand's scale (`per 100 g`) stays.
        var scale = dividing ? (b.unit.scale ?? .one).reciprocal : (b.unit.scale ?? .one)
        var terms = a.unit.terms
        // Radians merged into degrees or back: the power of π that folds into the magnitude.
        var piPower = 0
        for term in b.unit.terms {
            let exponent = Int(term.exponent) * Int(sign)
            if let index = terms.firstIndex(where: { $0.atom == term.atom }) {
                terms[index].exponent = try clamp(Int(terms[index].exponent) + exponent)
            } else if let index = terms.firstIndex(where: { $0.atom.dimension == term.atom.dimension && $0.atom.kind == term.atom.kind
                                                            || ($0.atom.currency != nil && $0.atom.currency == term.atom.currency) }) {
                scale = scale * (term.atom.factor / terms[index].atom.factor).power(exponent)
                piPower += (Int(term.atom.piPower) - Int(terms[index].atom.piPower)) * exponent
                terms[index].exponent = try clamp(Int(terms[index].exponent) + exponent)
            } else {
                terms.append(CompoundUnit.Term(atom: term.atom, exponent: try clamp(exponent)))
            }
        }
        terms.removeAll { $0.exponent == 0 }
        var currency: CurrencyCode? = nil
        for term in terms {
            guard let code = term.atom.currency else { continue }
            if let seen = currency, seen != code { throw .twoCurrencies }
            currency = code
        }
        // Parts of a whole fold into the magnitude unless they are all the left's unit is.
        let keepsPart = terms.allSatisfy { $0.atom.dimension == .none } && a.unit.atom?.dimension == Dimension.none
        for term in terms where term.atom.dimension == .none && !(keepsPart && term.atom == a.unit.atom) {
            scale = scale * term.atom.factor.power(Int(term.exponent))
        }
        terms.removeAll { $0.atom.dimension == .none && !(keepsPart && $0.atom == a.unit.atom) }
        // `$0.12 per kWh * 5 A * 230 V * 8 h`: where all beside the money cancels (A·V·h/kWh
        // is a plain number), it folds into the amount, which is then plain money; without
        // money, units that cancel (`1 kW * 1 h / 1 kWh`) leave the plain number they are.
        if terms.count > 1, a.unit.scale == nil, b.unit.scale == nil,
           CompoundUnit(terms: terms).dimension == currency.map({ Dimension.money($0) }) ?? .none {
            for term in terms where term.atom.currency == nil {
                scale = scale * term.atom.factor.power(Int(term.exponent))
                piPower += Int(term.atom.piPower) * Int(term.exponent)
            }
            terms.removeAll { $0.atom.currency == nil }
        }
        var unit = CompoundUnit(terms: terms, scale: terms.isEmpty ? nil : a.unit.scale)
        if terms.isEmpty, let leftScale = a.unit.scale { scale = scale * leftScale }
        // A price per quantity is quoted per kg, L, item, m or m², or per m³ when written so
        // (water, `€2.10 per m3`): the bases unit-pricing rules name.
        if dividing, a.unit.scale == nil, a.unit.terms.allSatisfy({ $0.atom.currency != nil }), let per = unit.pricePer,
           let standard = UnitTable.defaultUnit(of: per.per.dimension), standard != per.per, per.per != UnitTable.cubicMetre {
            scale = scale * (standard.factor / per.per.factor)
            unit.terms = unit.terms.map { $0.atom == per.per ? CompoundUnit.Term(atom: standard, exponent: -1) : $0 }
        }
        if scale != .one {
            let factor = scale
            magnitude = try run { () throws(ArithmeticError) in try magnitude.multiplied(by: .exact(factor), in: context) }
        }
        if piPower != 0 { magnitude = try timesPi(magnitude, power: piPower, in: context) }
        return Quantity(magnitude, unit)
    }

    static func clamp(_ exponent: Int) throws(QuantityError) -> Int8 {
        guard Dimension.holds(exponent) else { throw .powerTooHigh }
        return Int8(exponent)
    }

    /// `a ^ b`: a whole power of a quantity, or any power of a plain number.
    public static func power(_ a: Quantity, _ b: Quantity, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        // Parts of a whole are plain numbers in a power: `10%^2` is 0.01, `2^3%` is 2^0.03.
        let (a, b) = (try plainIfPart(a, in: context), try plainIfPart(b, in: context))
        if a.unit.isDate || b.unit.isDate { throw .date(.about(.scaled, a, b)) }
        guard b.isPlain else { throw .fractionalPowerOfUnit(b.unit.symbol) }
        if a.isPlain { return Quantity(try run { () throws(ArithmeticError) in try a.magnitude.raised(to: b.magnitude, in: context) }) }
        if let point = a.unit.temperaturePoint { throw .scaledTemperature(point.symbol) }
        guard let n = b.magnitude.exactInteger else {
            // A fraction p/q is the q-th root to the power p: `(4 m^2)^(1/2)`, `(27 m^3)^(2/3)`.
            guard case .exact(let r) = b.magnitude, let p = r.numerator.int64Value, let q = r.denominator.int64Value,
                  q <= Dimension.maxExponent else {
                throw .fractionalPowerOfUnit(a.unit.symbol)
            }
            return try power(root(a, degree: Int(q), in: context), Quantity(Number(Int(p))), in: context)
        }
        guard Dimension.holds(n) else { throw .powerTooHigh }
        var unit = CompoundUnit.none
        for term in a.unit.terms {
            unit.terms.append(CompoundUnit.Term(atom: term.atom, exponent: try clamp(Int(term.exponent) * n)))
        }
        unit.terms.removeAll { $0.exponent == 0 }
        var magnitude = try run { () throws(ArithmeticError) in try a.magnitude.raised(to: b.magnitude, in: context) }
        if let scale = a.unit.scale {
            magnitude = try run { () throws(ArithmeticError) in try magnitude.multiplied(by: .exact(scale.power(n)), in: context) }
        }
        return Quantity(magnitude, unit)
    }

    /// A part of a whole (`%`, `ppm`) as the plain number it is; any other quantity as it is.
    package static func plainIfPart(_ q: Quantity, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        guard !q.isPlain, q.dimension == .none, q.unit.terms.allSatisfy({ $0.atom.dimension == .none }) else { return q }
        return Quantity(try toBase(q, in: context))
    }

    /// a mod b = a − b·⌊a/b⌋ in a's unit (b converted to it): `7.5 kg mod 2 kg` is 1.5 kg.
    public static func modulo(_ a: Quantity, _ b: Quantity, rates: Rates, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        let (a, b) = (try plainIfPart(a, in: context), try plainIfPart(b, in: context))
        if let point = a.unit.temperaturePoint { throw .scaledTemperature(point.symbol) }
        if a.unit.isDate || b.unit.isDate { throw .date(.about(.scaled, a, b)) }
        let divisor = b.isPlain && !a.isPlain ? b.magnitude : try convert(b, to: a.unit, rates: rates, in: context).magnitude
        return Quantity(try run { () throws(ArithmeticError) in try a.magnitude.modulo(divisor, in: context) }, a.unit)
    }

    /// The magnitude in base units (not for temperature points).
    static func toBase(_ a: Quantity, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Number {
        let factor = a.unit.factor, piPower = a.unit.piPower
        let scaled = factor == .one ? a.magnitude
            : try run { () throws(ArithmeticError) in try a.magnitude.multiplied(by: .exact(factor), in: context) }
        return piPower == 0 ? scaled : try timesPi(scaled, power: piPower, in: context)
    }

    static func kelvin(_ magnitude: Number, _ point: Unit, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Number {
        guard case .temperaturePoint(let offset) = point.kind else { return magnitude }
        return try run { () throws(ArithmeticError) in
            try magnitude.multiplied(by: .exact(point.factor), in: context).adding(.exact(offset), in: context)
        }
    }

    package static func checkAboveAbsoluteZero(_ q: Quantity, in context: borrowing EvaluationContext = .standard) throws(QuantityError) {
        guard let point = q.unit.temperaturePoint else { return }
        if try kelvin(q.magnitude, point, in: context).isNegative { throw .belowAbsoluteZero }
    }

    /// How hardness, a mass concentration and a part of a whole relate, for water: as
    /// CaCO₃ at 100.0869 mg/mmol, and 1 mg/L = 1 ppm (a litre of water weighs a kilogram).
    /// Base units: mol/m³, g/m³, and 1.
    private static func equivalence(_ dimension: Dimension) -> Rational? {
        switch dimension {
        case .hardness: return UnitTable.caCO3          // g/m³ per mol/m³
        case .massConcentration: return .one
        case .none: return Rational(1_000_000)          // g/m³ per 1 (1 ppm = 1 g/m³)
        default: return nil
        }
    }

    /// A magnitude in `from` as a magnitude in `to`: same dimension (money through a
    /// rate; hardness, mg/L and ppm through their water equivalence when `water`),
    /// temperature points on their scales.
    public static func converted(_ magnitude: Number, from: CompoundUnit, to: CompoundUnit, rates: Rates,
                                 water: Bool = false, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Number {
        if from == to { return magnitude }
        if from.isDate || to.isDate { throw .date((from.isDate ? from : to).atom == UnitTable.clock ? .clockConversion : .conversion) }
        // A gauge or an absolute pressure converts only to its own kind: through a plain
        // `bar` it would turn into the other unsaid (`(10 bara to bar) to barg`).
        if from.pressureReference != to.pressureReference {
            throw .gaugeAndAbsolute(from: from.symbol, from.pressureReference, to: to.symbol, to.pressureReference)
        }
        if let pointFrom = from.temperaturePoint, let pointTo = to.temperaturePoint {
            guard case .temperaturePoint(let offset) = pointTo.kind else { return magnitude }
            let k = try kelvin(magnitude, pointFrom, in: context)
            return try run { () throws(ArithmeticError) in
                try k.subtracting(.exact(offset), in: context).divided(by: .exact(pointTo.factor), in: context)
            }
        }
        if from.temperaturePoint != nil && to.dimension == .temperature { throw .pointAsDifference(from.symbol) }
        let target = to.temperaturePoint != nil ? to.withDifferences : to
        var ratio = from.factor / target.factor
        let a = from.dimension, b = target.dimension
        if a != b {
            if a.matchesIgnoringCurrency(b), let ca = a.currency, let cb = b.currency {
                guard let rate = rates.rate(from: ca, to: cb) else { throw .noRate(ca, cb) }
                ratio = ratio * rate.power(Int(a.money))
            } else if water, let ea = equivalence(a), let eb = equivalence(b) {
                ratio = ratio * ea / eb
            } else if let turn = turn(from: from, a, to: target, b) {
                ratio = ratio * turn
            } else {
                throw .conversion(from: a, to: b)
            }
        }
        // Radians and degrees differ by π, which no ratio holds: it multiplies apart. Only
        // a unit with an angle in it can hold a radian, so no other conversion looks.
        let piPower = a.angle == 0 && b.angle == 0 ? 0 : from.piPower - target.piPower
        if ratio == .one && piPower == 0 { return magnitude }
        let factor = ratio
        let result = ratio == .one ? magnitude
            : try run { () throws(ArithmeticError) in try magnitude.multiplied(by: .exact(factor), in: context) }
        return piPower == 0 ? result : try timesPi(result, power: piPower, in: context)
    }

    /// Degrees per unit of `from`'s dimension in `to`'s, where one counts turns (`rpm`)
    /// and the other is the same times an angle (`rad/s`, `rev/min`): a revolution is
    /// 360° = 2π rad (SI Brochure 9 Table 8, the degree as π/180 rad). 360, 1/360, or nil.
    private static func turn(from: CompoundUnit, _ a: Dimension, to: CompoundUnit, _ b: Dimension) -> Rational? {
        func countsTurns(_ unit: CompoundUnit) -> Bool { unit.terms.contains { $0.atom.kind == .turns } }
        if a.multiplying(by: .angle) == b, countsTurns(from) { return Rational(360) }
        if b.multiplying(by: .angle) == a, countsTurns(to) { return .one / Rational(360) }
        return nil
    }

    /// `x × π^power`.
    static func timesPi(_ x: Number, power: Int, in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Number {
        try run { () throws(ArithmeticError) in
            var result = x
            let pi = Number.pi(in: context)
            for _ in 0..<abs(power) {
                result = power > 0 ? try result.multiplied(by: pi, in: context) : try result.divided(by: pi, in: context)
            }
            return result
        }
    }

    /// `q to unit`: the same quantity in another unit of its dimension.
    public static func convert(_ q: Quantity, to unit: CompoundUnit, rates: Rates,
                               in context: borrowing EvaluationContext = .standard) throws(QuantityError) -> Quantity {
        if q.isPlain && unit.dimension == .none {
            return Quantity(try converted(q.magnitude, from: q.unit, to: unit, rates: rates, in: context), unit)
        }
        // A difference asked for in a point's unit is a difference on that scale.
        var target = q.unit.temperaturePoint == nil && unit.temperaturePoint != nil ? unit.withDifferences : unit
        // A price keeps its money when the target names only the quantity: `€2.49 per 500 g to per 100 g`.
        if let money = q.unit.moneyAtom, target.currency == nil, target.dimension != .none, q.dimension.withCurrency(nil) == target.dimension.multiplying(by: Dimension(money: 1)) {
            target.terms.insert(CompoundUnit.Term(atom: money, exponent: 1), at: 0)
        }
        do throws(QuantityError) {
            return Quantity(try converted(q.magnitude, from: q.unit, to: target, rates: rates, water: true, in: context), target)
        } catch .gaugeAndAbsolute(let from, let fromKind, let to, let toKind) {
            // `14.7 psia to kPa`: a plain unit that has both kinds keeps the pressure's (kPaa);
            // asked only when the plain conversion is refused.
            guard let reference = q.unit.pressureReference, target.pressureReference == nil,
                  let kept = UnitTable.unit(target, keeping: reference) else { throw .gaugeAndAbsolute(from: from, fromKind, to: to, toKind) }
            return Quantity(try converted(q.magnitude, from: q.unit, to: kept, rates: rates, water: true, in: context), kept)
        }
    }
}
