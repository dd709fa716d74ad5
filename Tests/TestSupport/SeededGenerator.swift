import Foundation

/// A small deterministic random generator (SplitMix64), so generated test inputs are the
/// same on every run and a failure repeats.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }

    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// How many random cases a long differential test runs: the full count when
/// `PER_FULL_TESTS=1` (as `.ci/run` sets), a fifth of it otherwise, so `swift test` stays
/// quick on a developer's machine while CI checks every case.
public func differentialCases(full: Int) -> Int {
    ProcessInfo.processInfo.environment["PER_FULL_TESTS"] == "1" ? full : max(1, full / 5)
}
