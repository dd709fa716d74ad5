/// How the program around the core stops a statement that runs too long (Ctrl-C in the
/// shell). The interactive shell sets `requested` for the run of each statement; long
/// loops (calls of functions, powers, an estimator's months, a list's products) ask
/// `check()` between their steps, so a statement is cancelled within one step and, like
/// any failed statement, changes nothing. Unset, as in batch runs, nothing is ever
/// interrupted.
public enum Interruption {
    /// Whether the statement being run should stop. Set and read only by the one thread
    /// that runs statements.
    nonisolated(unsafe) public static var requested: (@Sendable () -> Bool)?

    /// Throws `.cancelled` when a stop was requested.
    @inlinable package static func check() throws(ArithmeticError) {
        if let requested, requested() { throw .cancelled }
    }
}
