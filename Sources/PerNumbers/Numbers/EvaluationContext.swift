/// What an evaluation reads besides its arguments, passed to it explicitly: the precision
/// of approximate values, whether a result below the range is kept, the memo of function
/// values of the statement running, and how the program around the core asks it to stop.
/// A result depends only on its arguments and this context (as fend's `Interrupt` and
/// precision are passed in, not read from a global).
///
/// The standard context (`EvaluationContext.standard`) is the one everything runs in
/// unless a statement asks for more: 192 bits, values below the range refused, no memo,
/// never interrupted. Number's operators (`try a * b`) compute in it.
public struct EvaluationContext: Sendable {
    // One word, as every statement's evaluator and parser carry a copy: what a context
    // holds lies behind one reference, which the standard context leaves nil.
    @usableFromInline let settings: Settings?

    /// What a context other than the standard one holds.
    @usableFromInline final class Settings: Sendable {
        let precision: Int
        let keepsValuesBelowRange: Bool
        let memo: FunctionMemo?
        @usableFromInline let interruption: Interruption

        init(precision: Int, keepsValuesBelowRange: Bool, memo: FunctionMemo?, interruption: Interruption) {
            self.precision = precision
            self.keepsValuesBelowRange = keepsValuesBelowRange
            self.memo = memo
            self.interruption = interruption
        }
    }

    /// Significant bits kept in each bound of an approximate value, constants and
    /// functions computed to as many: 192 bits are about 57 decimal digits, so that 30
    /// digits survive the cancellation of ordinary formulas.
    public var precision: Int { settings?.precision ?? EvaluationContext.standardPrecision }

    /// Whether a result below the range (e^−300000) is kept as its sign rather than
    /// refused: while a statement's expression is evaluated (`Number.belowRange`).
    public var keepsValuesBelowRange: Bool { settings?.keepsValuesBelowRange ?? false }

    /// The values of functions already computed, when the statement runs an estimator
    /// many times (`remembering()`).
    package var memo: FunctionMemo? { settings?.memo }

    /// How a long statement is stopped from outside (Ctrl-C in the shell).
    public var interruption: Interruption { settings?.interruption ?? .never }

    /// The precision every statement is first computed at.
    public static let standardPrecision = 192

    /// The precisions a statement is computed again with, in turn, when the standard
    /// precision leaves its result short of digits: 4 and 16 times as many bits.
    package static let sharperPrecisions = [4 * standardPrecision, 16 * standardPrecision]

    public init(precision: Int = EvaluationContext.standardPrecision, keepsValuesBelowRange: Bool = false,
                interruption: Interruption = .never) {
        self.init(precision: precision, keepsValuesBelowRange: keepsValuesBelowRange, memo: nil, interruption: interruption)
    }

    private init(precision: Int, keepsValuesBelowRange: Bool, memo: FunctionMemo?, interruption: Interruption) {
        let standard = precision == EvaluationContext.standardPrecision && !keepsValuesBelowRange && memo == nil
            && interruption.requested == nil
        settings = standard ? nil : Settings(precision: precision, keepsValuesBelowRange: keepsValuesBelowRange, memo: memo,
                                             interruption: interruption)
    }

    /// 192 bits, values below the range refused, no memo, never interrupted.
    @inlinable public static var standard: EvaluationContext { EvaluationContext(settings: nil) }

    @inlinable init(settings: Settings?) { self.settings = settings }

    /// Throws `.cancelled` when a stop was requested.
    @inlinable package func checkInterruption() throws(ArithmeticError) {
        if let settings { try settings.interruption.check() }
    }

    /// This context with `bits` significant bits.
    package func with(precision bits: Int) -> EvaluationContext {
        EvaluationContext(precision: bits, keepsValuesBelowRange: keepsValuesBelowRange, memo: memo, interruption: interruption)
    }

    /// This context with results below the range kept as their sign.
    package var keepingValuesBelowRange: EvaluationContext {
        EvaluationContext(precision: precision, keepsValuesBelowRange: true, memo: memo, interruption: interruption)
    }

    /// This context with a fresh memo of function values, for a run of many estimates.
    package func remembering() -> EvaluationContext {
        EvaluationContext(precision: precision, keepsValuesBelowRange: keepsValuesBelowRange, memo: FunctionMemo(),
                          interruption: interruption)
    }

    /// `compute()`, the value of `function` at `arguments` at this precision: from the
    /// memo when there is one, else computed.
    package func remembered<T: Sendable, Failure: Error>(_ function: String, at arguments: [Number],
                                                        _ compute: () throws(Failure) -> T) throws(Failure) -> T {
        guard let memo else { return try compute() }
        return try memo.value(of: function, at: arguments, precision: precision, compute)
    }
}

/// How the program around the core stops a statement that runs too long (Ctrl-C in the
/// shell). The interactive shell gives each statement's context one that reads its signal
/// flag; long loops (calls of functions, powers, an estimator's months, a list's products)
/// ask `check()` between their steps, so a statement is cancelled within one step and, like
/// any failed statement, changes nothing. `never`, as in batch runs, is never interrupted.
public struct Interruption: Sendable {
    /// Whether the statement being run should stop; nil for never.
    @usableFromInline let requested: (@Sendable () -> Bool)?

    /// An interruption that stops the statement once `requested` says so.
    public init(_ requested: @escaping @Sendable () -> Bool) { self.requested = requested }

    private init() { requested = nil }

    /// Never stops a statement.
    public static let never = Interruption()

    /// Throws `.cancelled` when a stop was requested.
    @inlinable package func check() throws(ArithmeticError) {
        if let requested, requested() { throw .cancelled }
    }
}
