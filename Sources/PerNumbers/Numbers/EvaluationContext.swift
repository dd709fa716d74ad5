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
    /// Significant bits kept in each bound of an approximate value, constants and
    /// functions computed to as many: 192 bits are about 57 decimal digits, so that 30
    /// digits survive the cancellation of ordinary formulas.
    public var precision: Int
    /// Whether a result below the range (e^−300000) is kept as its sign rather than
    /// refused: while a statement's expression is evaluated (`Number.belowRange`).
    public var keepsValuesBelowRange: Bool
    /// The values of functions already computed, when the statement runs an estimator
    /// many times (`remembering()`).
    package var memo: FunctionMemo?
    /// How a long statement is stopped from outside (Ctrl-C in the shell).
    public var interruption: Interruption

    /// The precision every statement is first computed at.
    public static let standardPrecision = 192

    /// The precisions a statement is computed again with, in turn, when the standard
    /// precision leaves its result short of digits: 4 and 16 times as many bits.
    package static let sharperPrecisions = [4 * standardPrecision, 16 * standardPrecision]

    public init(precision: Int = EvaluationContext.standardPrecision, keepsValuesBelowRange: Bool = false,
                interruption: Interruption = .never) {
        self.precision = precision
        self.keepsValuesBelowRange = keepsValuesBelowRange
        self.memo = nil
        self.interruption = interruption
    }

    /// 192 bits, values below the range refused, no memo, never interrupted.
    public static let standard = EvaluationContext()

    /// Throws `.cancelled` when a stop was requested.
    @inlinable package func checkInterruption() throws(ArithmeticError) {
        try interruption.check()
    }

    /// This context with `bits` significant bits.
    package func with(precision bits: Int) -> EvaluationContext {
        var context = self
        context.precision = bits
        return context
    }

    /// This context with results below the range kept as their sign.
    package var keepingValuesBelowRange: EvaluationContext {
        var context = self
        context.keepsValuesBelowRange = true
        return context
    }

    /// This context with a fresh memo of function values, for a run of many estimates.
    package func remembering() -> EvaluationContext {
        var context = self
        context.memo = FunctionMemo()
        return context
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
