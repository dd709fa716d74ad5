import Synchronization

/// The values of functions already computed while one statement runs, by function,
/// arguments and precision. A sweep, or an estimate over the corners of its tolerances,
/// runs one estimator many times on inputs that mostly stay the same: a cooling sweep over
/// the cycles takes the make-up's logarithms and indices once, not once a row.
///
/// A value is the one the function computes at that precision, so a result does not
/// depend on whether the context has a memo (`EvaluationContext.remembering()`).
package final class FunctionMemo: Sendable {
    private struct Key: Hashable, Sendable {
        let function: String
        let arguments: [Number]
        let precision: Int
    }

    private let values = Mutex<[Key: any Sendable]>([:])

    init() {}

    /// `compute()`, the value of `function` at `arguments` and `precision`: remembered, or
    /// computed and remembered.
    func value<T: Sendable, Failure: Error>(of function: String, at arguments: [Number], precision: Int,
                                            _ compute: () throws(Failure) -> T) throws(Failure) -> T {
        let key = Key(function: function, arguments: arguments, precision: precision)
        if let known = values.withLock({ $0[key] }) as? T { return known }
        // Computed outside the lock: the function may take a while, and nothing else waits.
        let computed = try compute()
        values.withLock { $0[key] = computed }
        return computed
    }
}
