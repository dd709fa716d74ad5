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
        let (low, high) = switch amount {
        case .exact(let r): (r, r)
        case .approximate(let x): (x.lower, x.upper)
        }
        // Beyond what positional digits show (about 10^90), significant digits do.
        guard !amount.real.containsZero, high.log2Magnitude < 300, low.log2Magnitude < 300 else { return usual() }
        let lowSteps = (low / step).rounded(.nearest), highSteps = (high / step).rounded(.nearest)
        guard lowSteps == highSteps, !lowSteps.isZero else { return usual() }
        let rounded = Rational(lowSteps) * step
        guard let shown = NumberDisplay.fixed(rounded, decimals: decimals) else { return usual() }
        return DisplayedNumber(text: shown.text, isExact: amount.isExact && rounded == low)
    }

    /// How many decimals a terminating decimal has: 2 for 0.05, 0 for 5.
    static func decimalPlaces(_ r: Rational) -> Int {
        var places = 0
        while !(r * Rational(BigInt.powerOfTen(places))).isInteger { places += 1 }
        return places
    }
}
