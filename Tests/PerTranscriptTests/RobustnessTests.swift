import Foundation
import Testing
import TestSupport

/// Runs per on standard input, with a time limit; returns stdout and how it ended.
func runPer(_ arguments: [String], input: String, home: URL, timeout: TimeInterval = 60) throws -> (stdout: String, status: Int32, reason: Process.TerminationReason) {
    let process = Process()
    process.executableURL = TranscriptCase.binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["PER_HOME"] = home.path
    process.environment = environment
    let inputURL = home.appendingPathComponent("input"), outputURL = home.appendingPathComponent("output")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try Data(input.utf8).write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        Issue.record("per did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    let output = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    return (output, process.terminationStatus, process.terminationReason)
}

/// per against `bc -l` on 2,000 generated expressions: they agree to 10 significant
/// digits (SPEC §10).
@Suite(.enabled(if: requireTools || executable("bc") != nil, "bc is not installed"))
struct DifferentialTests {
    static func expressions(count: Int) -> [String] {
        var random = SeededGenerator(seed: 2026)
        func number() -> String {
            let whole = String(random.below(1000))
            switch random.below(4) {
            case 0: return whole
            case 1: return whole + "." + String(random.below(100))
            case 2: return "(-" + whole + "." + String(random.below(1000)) + ")"
            default: return "0." + String(random.below(10_000))
            }
        }
        func expression(_ depth: Int) -> String {
            var text = depth > 0 && random.below(3) == 0 ? "(" + expression(depth - 1) + ")" : number()
            for _ in 0..<(1 + random.below(4)) {
                let op = random.pick(["+", "-", "*", "/", "+", "-", "*", "/", "^"])
                let operand = op == "^" ? String(random.below(4)) : (depth > 0 && random.below(3) == 0 ? "(" + expression(depth - 1) + ")" : number())
                text += " \(op) \(operand)"
            }
            return text
        }
        return (0..<count).map { _ in expression(2) }
    }

    static func value(_ text: Substring) -> Double? {
        Double(text.replacingOccurrences(of: "≈ ", with: ""))
    }

    @Test("Random expressions (2,000 in CI) agree with bc -l to 10 significant digits")
    func againstBC() throws {
        let expressions = Self.expressions(count: differentialCases(full: 2000))
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-differential-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let input = expressions.joined(separator: "\n") + "\n"
        let per = try runPer(["--json"], input: input, home: home).stdout.split(separator: "\n")

        let bc = Process()
        bc.executableURL = URL(fileURLWithPath: executable("bc") ?? "/usr/bin/bc")
        bc.arguments = ["-l"]
        bc.environment = ["BC_LINE_LENGTH": "0"]
        let bcInput = home.appendingPathComponent("bc-input"), bcOutput = Pipe()
        // bc works in fixed point: with -l's 20 decimals a tiny quotient keeps only a few
        // digits, and later products magnify the loss. 60 decimals keeps bc honest.
        // One result line per expression; a failed one (division by zero) prints 0.
        let guarded = "scale = 60\n" + expressions.map { "x = 0; x = \($0); x" }.joined(separator: "\n") + "\n"
        try Data(guarded.utf8).write(to: bcInput)
        bc.standardInput = try FileHandle(forReadingFrom: bcInput)
        bc.standardOutput = bcOutput
        bc.standardError = FileHandle.nullDevice
        try bc.run()
        let bcLines = String(decoding: bcOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        bc.waitUntilExit()

        #expect(per.count == expressions.count)
        #expect(bcLines.count == expressions.count)
        var compared = 0
        for (index, line) in per.enumerated() where index < bcLines.count {
            guard line.contains("\"ok\":true"), let start = line.range(of: "\"value\":\""),
                  let end = line[start.upperBound...].firstIndex(of: "\""),
                  let mine = Self.value(line[start.upperBound..<end]), let theirs = Self.value(bcLines[index]),
                  // Beyond a double's range (per goes to 1e100000) both read as infinity.
                  mine.isFinite, theirs.isFinite else { continue }
            compared += 1
            let scale = max(abs(mine), abs(theirs))
            #expect(abs(mine - theirs) <= scale * 1e-10 + 1e-15, "\(expressions[index]): per \(mine), bc \(theirs)")
        }
        #expect(compared * 20 > expressions.count * 19, "only \(compared) of \(expressions.count) expressions were compared")
    }
}

/// Random statements of every kind, including Unicode and control characters: no crash, no
/// hang, and one JSON object per statement (SPEC §10). A seeded generator stands in for a
/// coverage-guided fuzzer, so every run tries the same inputs and a failure repeats.
struct FuzzTests {
    static func statements(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        let atoms = ["0", "1", "2.5", ".5", "5.", "1_000", "1e3", "2.5E-4", "1e999", "1e-999", String(repeating: "9", count: 40),
                     "$3", "3€", "£2", "¥9", "x", "y", "ans", "pirce", "(", ")", "+", "-", "*", "/", "^", "%", "−", "×", "÷", "**",
                     ",", "=", "sqrt(", "round(", "min(", "max(", "abs(", "floor(", "ceil(", "2^2^40", "0^-1", "(-8)^(1/3)",
                     "g", "kg", "lb", "oz", "ml", "l", "fl oz", "imp gal", "gal", "pods", "6x330", "6×250", "t/h", "gpm", "18F",
                     "14dH", "20gpg", "°C", "\"Store brand\"", "'q", "\"", "to", "in", "steam=", "tds=", "water=", "load=full",
                     "soil=heavy", "rate=4%", "years=", "--replace", "é", "🙂", "\u{7}", "\u{0}", "\u{1B}[31m", "\u{200B}", "\t", " ", "  "]
        let commands = ["", "", "", "add", "price", "qty", "unit", "name", "draft", "compare", "list", "best", "need", "basis",
                        "type", "remove", "rm", "clear", "convert", "vars", "unset", "digits", "help", "dose", "boiler",
                        "cooling", "invest", "save", "saved", "recall", "forget", "let", "x ="]
        return (0..<count).map { _ in
            var statement = random.pick(commands)
            for _ in 0..<(1 + random.below(10)) { statement += random.pick(atoms) + (random.below(3) == 0 ? " " : "") }
            // One statement per line, and not an empty one: no newline, `;` or `#`, and
            // something that is not blank.
            statement = statement.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "%")
            return statement.trimmingCharacters(in: .whitespaces).isEmpty ? "1" : statement
        }
    }

    /// `PER_FUZZ_SEEDS=N` tries N seeds instead of three, for a longer search by hand.
    static let seeds: [UInt64] = (1...UInt64(ProcessInfo.processInfo.environment["PER_FUZZ_SEEDS"].flatMap(UInt64.init) ?? 3)).map { $0 }

    @Test("3,000 random statements: no crash, no hang, one JSON object each", arguments: seeds)
    func random(_ seed: UInt64) throws {
        let statements = Self.statements(count: 1000, seed: seed)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try runPer(["--json"], input: statements.joined(separator: "\n") + "\n", home: home)
        #expect(run.reason == .exit, "per was killed by signal \(run.status)")
        #expect(run.status == 0 || run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == statements.count)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["ok"] is Bool && object?["input"] is String, "not a JSON statement object: \(line.prefix(200))")
        }
    }
}

/// Inputs the statement fuzzer (Tests/Fuzz/FuzzStatements.swift) found too slow: values at
/// the ends of the range, huge exact arguments and long-running estimates. Each took
/// seconds (some minutes) before.
struct SlowInputTests {
    @Test("values at the ends of the range and long estimates finish quickly")
    func hugeValuesAreQuick() throws {
        let statements = [
            "5^88888+ + 1 + 0", "1e99999", "1e-99999", "1e99999*1.5", "sqrt(1e-99999)", "1/3^200000", "sin(1e99999)",
            "sin(7^1400)", "exp(200000)", "sqrt(2)^500000", "invest years=100 initial=10000 monthly=500 rate=6%",
            "invest years=71 initial=10000 monthly=500 rate=6%",
        ]
        // The limit is on processor time, which a busy machine does not eat into, at ten
        // times what the debug build `swift test` makes needs; before, the first alone
        // took minutes.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try perWithinLimits(["--json"], input: statements.joined(separator: "\n") + "\n", home: home, cpuSeconds: 400,
                                      memoryMB: 1000)
        #expect(!run.signalled, "per was stopped by its limits")
        #expect(run.stdout.split(separator: "\n").count == statements.count)
    }
}
