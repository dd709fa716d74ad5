import PerNumbers

/// How money amounts are shown (`help money`): the value always stays exact, only its text
/// is rounded, and a rounded text is marked `≈`.
///
/// - `cents` (the default): to the currency's minor unit, cents or whole yen (ISO 4217),
///   half away from zero: `$19.99 * 1.0825` is `≈ $21.64`.
/// - `exact`: every digit of an exact amount that has an end, the usual significant
///   digits otherwise: `$21.639175`.
/// - `cash STEP`: to a multiple of STEP, as cash registers round (0.05 for Swiss francs,
///   Dutch and Finnish cash); never finer than the currency's minor unit.
///
/// A price per quantity is not an amount paid and keeps the unit-price rule whatever the
/// mode. A non-zero amount that rounds to 0 is shown by its significant digits instead,
/// so a small value never reads as nothing.
public enum MoneyRounding: Sendable, Hashable {
    case cents
    case exact
    /// A step > 0 with a terminating decimal expansion (`0.05`).
    case cash(Rational)

    /// The setting as `money` shows it and saved sets keep it: `cents`, `exact`,
    /// `cash 0.05`.
    public var written: String {
        switch self {
        case .cents: return "cents"
        case .exact: return "exact"
        case .cash(let step): return "cash " + NumberDisplay.display(.exact(step), digits: NumberDisplay.digitsRange.upperBound).text
        }
    }

    /// A step a cash register can round to: more than 0, at most 1,000,000, and written
    /// with at most 6 decimals (so a shown amount has an end).
    public static func cashStep(_ step: Rational?) -> Rational? {
        guard let step, step.signum > 0, step <= Rational(1_000_000),
              BigInt.powerOfTen(maxStepDecimals) % step.denominator == .zero else { return nil }
        return step
    }

    /// The most decimals a cash step may have.
    public static let maxStepDecimals = 6

    /// An amount of a currency with `decimals` minor-unit decimals, as this mode shows it.
    func display(_ amount: Number, decimals: Int, digits: Int) -> DisplayedNumber {
        switch self {
        case .exact:
            return MoneyRounding.exactDisplay(amount, decimals: decimals, digits: digits)
        case .cents:
            // Exact in the currency's decimals, as most amounts are: every digit.
            if case .exact(let r) = amount, let shown = MoneyRounding.wholeMinorUnits(r, decimals: decimals) { return shown }
            return MoneyRounding.stepped(amount, step: Rational(.one, BigInt.powerOfTen(decimals)), decimals: decimals, digits: digits)
        case .cash(let step):
            let minor = Rational(.one, BigInt.powerOfTen(decimals))
            let step = step < minor ? minor : step
            return MoneyRounding.stepped(amount, step: step, decimals: max(decimals, MoneyRounding.decimalPlaces(step)), digits: digits)
        }
    }

    /// The amount as this mode shows it when its text is a multiple of the step (`€0.015`
    /// shows as `≈ €0.02`: 0.02; `€0.03` as 0.03); nil when it is shown by its significant
    /// digits instead (`€0.0009`, and every amount in `money exact`).
    package func shownOnStep(_ amount: Number, decimals: Int) -> Rational? {
        let minor = Rational(.one, BigInt.powerOfTen(decimals))
        switch self {
        case .exact:
            return nil
        case .cents:
            if case .exact(let r) = amount, MoneyRounding.wholeMinorUnits(r, decimals: decimals) != nil { return r }
            return MoneyRounding.roundedToStep(amount, step: minor)
        case .cash(let step):
            return MoneyRounding.roundedToStep(amount, step: step < minor ? minor : step)
        }
    }

    /// `money exact`: at least the currency's decimals when that is the whole value, the
    /// usual display otherwise.
    static func exactDisplay(_ amount: Number, decimals: Int, digits: Int) -> DisplayedNumber {
        if case .exact(let r) = amount, let shown = wholeMinorUnits(r, decimals: decimals) { return shown }
        return NumberDisplay.display(amount, digits: digits)
    }

    /// r in exactly `decimals` decimals when that is its whole value (its denominator
    /// divides 10^decimals) and the text is short enough to read.
    static func wholeMinorUnits(_ r: Rational, decimals: Int) -> DisplayedNumber? {
        guard abs(r.doubleValue) < 1e15, BigInt.powerOfTen(decimals) % r.denominator == .zero,
              let minor = NumberDisplay.fixed(r, decimals: decimals) else { return nil }
        return DisplayedNumber(text: minor.text, isExact: true)
    }

    /// The amount rounded to the nearest multiple of `step` (half away from zero), with
    /// `decimals` decimals; `≈` unless that is the value. An approximate amount rounds
    /// only when both its bounds round alike. Falls back to the usual display when the
    /// rounding cannot be decided, would show a non-zero amount as 0, or would write more
    /// digits than an exact result shows.
    static func stepped(_ amount: Number, step: Rational, decimals: Int, digits: Int) -> DisplayedNumber {
        let usual = { NumberDisplay.display(amount, digits: digits) }
        if amount.isZero { return DisplayedNumber(text: NumberDisplay.fixed(.zero, decimals: decimals)!.text, isExact: true) }
        guard let rounded = roundedToStep(amount, step: step),
              let shown = NumberDisplay.fixed(rounded, decimals: decimals) else { return usual() }
        let isExact = if case .exact(let r) = amount { r == rounded } else { false }
        return DisplayedNumber(text: shown.text, isExact: isExact)
    }

    /// A non-zero amount rounded to the nearest multiple of `step`, half away from zero; nil
    /// when its bounds round apart, it rounds to 0, or it is beyond what positional digits
    /// show (about 10^90).
    static func roundedToStep(_ amount: Number, step: Rational) -> Rational? {
        let (low, high) = switch amount {
        case .exact(let r): (r, r)
        case .approximate(let x): (x.lower, x.upper)
        }
        guard !amount.real(bits: EvaluationContext.standardPrecision).containsZero, high.log2Magnitude < 300, low.log2Magnitude < 300 else { return nil }
        let lowSteps = (low / step).rounded(.nearest), highSteps = (high / step).rounded(.nearest)
        guard lowSteps == highSteps, !lowSteps.isZero else { return nil }
        return Rational(lowSteps) * step
    }

    /// How many decimals a terminating decimal has: 2 for 0.05, 0 for 5.
    static func decimalPlaces(_ r: Rational) -> Int {
        var places = 0
        while !(r * Rational(BigInt.powerOfTen(places))).isInteger { places += 1 }
        return places
    }
}
