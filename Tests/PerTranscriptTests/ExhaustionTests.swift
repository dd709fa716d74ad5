import Foundation
import Testing

/// Runs a child `per` held to `cpuSeconds` of processor time and `memoryMB` of address
/// space (`ulimit -t`, `ulimit -v`): going beyond either ends it by a signal. The limits
/// are far above what the input needs in the debug build `swift test` makes, so they hold
/// on a slow machine; each input they are used with once crashed, took minutes or grew
/// past gigabytes.
func perWithinLimits(_ arguments: [String], input: String = "", home: URL? = nil, cpuSeconds: Int = 20,
                     memoryMB: Int = 300) throws -> (stdout: String, stderr: String, signalled: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -t \(cpuSeconds) && ulimit -v \(memoryMB * 1024) && exec \"$@\"", "sh",
                         TranscriptCase.binary.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    if let home { environment["PER_HOME"] = home.path }
    process.environment = environment
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("per-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let (inputFile, outputFile, errorFile) = (files.appendingPathComponent("in"), files.appendingPathComponent("out"),
                                              files.appendingPathComponent("err"))
    try Data(input.utf8).write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    return (String(decoding: try Data(contentsOf: outputFile), as: UTF8.self), String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
            process.terminationReason == .uncaughtSignal)
}

/// One statement run by `perWithinLimits`, its output and errors together.
func perWithinLimits(_ statement: String) throws -> (output: String, signalled: Bool) {
    let run = try perWithinLimits(["-e", statement])
    return (run.stdout + run.stderr, run.signalled)
}

/// Issue "No statement can crash, hang or stall per": every path to exp, ln and a power
/// bounds its result before computing it, and huge exact arguments to sin and cos are
/// refused instead of reduced for minutes.
struct ExhaustionTests {
    @Test("a power of a base near 1 answers or refuses, within a time and memory limit", arguments: [
        // Each crashed with SIGILL, aborted allocating terabytes, grew past 9 GB or took 8.7 s.
        ("(1+1e-30)^(2^200)", "-e:1:10: error: result too large (beyond ±1e100000)"),
        ("sqrt(1+1e-30)^(2^200)", "-e:1:14: error: result too large (beyond ±1e100000)"),
        ("tanh(19)^(10^220)", "-e:1:9: error: result too small to represent (below 1e-100000)"),
        ("(1+1e-30)^(2^150)", "-e:1:10: error: result too large (beyond ±1e100000)"),
        ("tanh(19)^(10^30)", "-e:1:9: error: result too small to represent (below 1e-100000)"),
        ("(1+1e-30)^(10^40)", "-e:1:10: error: result too large (beyond ±1e100000)"),
        ("(1+1e-30)^(2^128)", "-e:1:10: error: result too large (beyond ±1e100000)"),
        ("(1-1e-30)^(10^40)", "-e:1:10: error: result too small to represent (below 1e-100000)"),
        ("(1+1e-30)^(-(10^40))", "-e:1:10: error: result too small to represent (below 1e-100000)"),
        // Within the range they answer.
        ("(1+1e-30)^(10^29)", "≈ 1.10517091808"),
        // 1 − 5e-31, so its twelve digits are all shown: 1.00000000000.
        ("ln((1+1e-30)^(10^30))", "≈ 1.00000000000"),
        ("exp(230258)", "≈ 6.00916430678e99999"),
        ("exp(230260)", "-e:1:1: error: result too large (beyond ±1e100000)"),
        ("exp(-230260)", "-e:1:1: error: result too small to represent (below 1e-100000)"),
    ])
    func powersNearOne(_ statement: String, _ expected: String) throws {
        try expectWithinLimits(statement, expected)
    }

    /// `statement` answers `expected` (its output and errors together) within the limits.
    func expectWithinLimits(_ statement: String, _ expected: String) throws {
        let run = try perWithinLimits(statement)
        #expect(!run.signalled, "\(statement): per was stopped by its limits")
        #expect(run.output == expected + "\n", "\(statement)")
    }

    @Test("found by the grammar fuzzer: estimator inputs far beyond the exact range are refused at once", arguments: [
        // Took 5.8 s in a release build, a month at a time with bounds of 330,000 bits.
        ("invest years=100 initial=1e-99999 monthly=0 rate=0%", "-e:1:26: error: initial must be from 1e-1200 to 1e1200 in size, not ≈ 1e-99999"),
        ("boiler steam=1e1300 tds=300", "-e:1:14: error: steam must be from 1e-1200 to 1e1200 in size, not ≈ 1e1300 kg/h"),
    ])
    func hugeEstimatorInputs(_ statement: String, _ expected: String) throws {
        try expectWithinLimits(statement, expected)
    }

    @Test("sin and cos of huge values are refused at once, not reduced for minutes", arguments: [
        "sin(2^50000)", "sin(2^100000)", "cos((7^1670)^36)", "sin(1e99999)", "cos(-(3^5000))", "tan(2^9000)",
    ])
    func hugeTrigArguments(_ statement: String) throws {
        let run = try perWithinLimits(statement)
        #expect(!run.signalled, "\(statement): per was stopped by its limits")
        #expect(run.output.hasSuffix("error: result lost in rounding: it lies somewhere between about -1 and 1\n")
                || statement.hasPrefix("tan"), "\(statement): \(run.output)")
        #expect(run.output.contains("error: "), "\(statement): \(run.output)")
    }

    @Test("a statement per cannot tell from 0 is computed again with more bits within the limits: 1,111 sines of π")
    func manySinesNearZero() throws {
        // Each function calls the one before 10 times. k(1) is ≈ 0, so it is computed again
        // at 768 and 3,072 bits, where sin near its zero must not work for digits that the
        // bounds then lose.
        let sums = [("g", "f"), ("h", "g"), ("k", "h")].map { name, callee in
            "\(name)(x) = " + Array(repeating: "\(callee)(x)", count: 10).joined(separator: "+")
        }
        let calls = (["f(x) = sin(pi) + x*0"] + sums + ["k(1)"]).joined(separator: "\n") + "\n"
        let run = try perWithinLimits([], input: calls, cpuSeconds: 30)
        #expect(!run.signalled, "per was stopped by its limits")
        #expect(run.stdout.hasSuffix("\n≈ 0\n"), "\(run.stdout)\(run.stderr)")
    }

    @Test("deals cost the same for every product: 20,000 added with deals, saved and recalled")
    func manyDeals() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-deals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // Before, each deal looked its product up from the start of the list: 40,000 took
        // 86 s and a saved set of 50,000 stalled `saved` and `recall` for over 10 s.
        let adds = (1...20_000).map { "add \($0 % 97 + 1).49 \($0 % 5 + 1) kg P\($0) deal 3 for 2\n" }.joined()
        let made = try perWithinLimits([], input: adds + "save many\n", home: home, cpuSeconds: 20)
        #expect(!made.signalled, "per was stopped by its limits")
        #expect(made.stdout.hasSuffix("saved 'many': 20000 products\n"))
        let recalled = try perWithinLimits(["-e", "saved", "-e", "recall many", "-e", "remove 20000"], home: home, cpuSeconds: 20)
        #expect(!recalled.signalled, "per was stopped by its limits")
        #expect(recalled.stdout.contains("recalled 'many', saved "), "\(recalled.stdout.prefix(300))")
        #expect(recalled.stdout.hasSuffix("removed #20000 P20000\n"), "\(recalled.stdout.suffix(300))")
    }
}
