import Synchronization

/// The values of functions already computed while one statement runs, by function,
/// arguments and precision. A sweep, or an estimate over the corners of its tolerances,
/// runs one estimator many times on inputs that mostly stay the same: a cooling sweep over
/// the cycles takes the make-up's logarithms and indices once, not once a row.
///
/// A value is the one the function computes at that precision, so a result does not
/// depend on whether a memo is bound (`Real.remembering`).
final class FunctionMemo: Sendable {
    private struct Key: Hashable, Sendable {
        let function: String
        let arguments: [Number]
        let precision: Int
    }

    private let values = Mutex<[Key: any Sendable]>([:])

    /// `compute()`, the value of `function` at `arguments` and the current precision:
    /// remembered, or computed and remembered.
    func value<T: Sendable, Failure: Error>(of function: String, at arguments: [Number],
                                            _ compute: () throws(Failure) -> T) throws(Failure) -> T {
        let key = Key(function: function, arguments: arguments, precision: Real.precision)
        if let known = values.withLock({ $0[key] }) as? T { return known }
        // Computed outside the lock: the function may take a while, and nothing else waits.
        let computed = try compute()
        values.withLock { $0[key] = computed }
        return computed
    }
}

extension Real {
    /// The memo of the statement running, when it runs an estimator many times.
    @TaskLocal static var memo: FunctionMemo?

    /// `compute` with a fresh memo of function values bound for its run.
    package static func remembering<T, Failure: Error>(_ compute: () throws(Failure) -> T) throws(Failure) -> T {
        let result = $memo.withValue(FunctionMemo()) { () -> Result<T, Failure> in
            do throws(Failure) { return .success(try compute()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `compute()`, the value of `function` at `arguments`: from the statement's memo
    /// when one is bound, else computed.
    package static func remembered<T: Sendable, Failure: Error>(_ function: String, at arguments: [Number],
                                                        _ compute: () throws(Failure) -> T) throws(Failure) -> T {
        guard let memo else { return try compute() }
        return try memo.value(of: function, at: arguments, compute)
    }
}
