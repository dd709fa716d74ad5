import Foundation
import Testing
import TestSupport

/// The functions against references computed independently: Python's `decimal` at 80
/// digits (its own exp, ln, log10 and sqrt; series written here for trigonometry), and
/// `bc -l`. Every digit per shows must be right.
@Suite(.serialized)
struct ElementaryFunctionTests {
    /// A function, how per calls it, and its random arguments.
    struct Case: Sendable {
        let name: String
        let arguments: @Sendable (inout SeededGenerator) -> String
    }

    static func uniform(_ low: Double, _ high: Double, _ g: inout SeededGenerator) -> Double {
        low + (high - low) * Double(g.next() >> 11) / Double(1 << 53)
    }

    /// A decimal with 1 to 9 significant digits.
    static func decimal(_ value: Double, _ g: inout SeededGenerator) -> String {
        let digits = Int(g.next() % 9) + 1
        let text = String(format: "%.\(digits - 1)e", value)
        // per reads 1.5e-7 as written; keep the exponent form.
        return text.replacingOccurrences(of: "e+", with: "e")
    }

    static func magnitude(_ low: Double, _ high: Double, signed: Bool, _ g: inout SeededGenerator) -> String {
        let value = pow(10, uniform(low, high, &g)) * (signed && g.next() % 2 == 0 ? -1 : 1)
        return decimal(value, &g)
    }

    static let cases: [Case] = [
        Case(name: "sqrt") { magnitude(-20, 20, signed: false, &$0) },
        Case(name: "cbrt") { magnitude(-20, 20, signed: true, &$0) },
        Case(name: "exp") { decimal(uniform(-200, 200, &$0), &$0) },
        Case(name: "ln") { magnitude(-30, 30, signed: false, &$0) },
        Case(name: "log") { magnitude(-30, 30, signed: false, &$0) },
        Case(name: "log2") { magnitude(-30, 30, signed: false, &$0) },
        Case(name: "sin") { decimal(uniform(-1000, 1000, &$0), &$0) },
        Case(name: "cos") { decimal(uniform(-1000, 1000, &$0), &$0) },
        Case(name: "tan") { decimal(uniform(-100, 100, &$0), &$0) },
        Case(name: "asin") { decimal(uniform(-0.9999, 0.9999, &$0), &$0) },
        Case(name: "acos") { decimal(uniform(-0.9999, 0.9999, &$0), &$0) },
        Case(name: "atan") { magnitude(-10, 10, signed: true, &$0) },
        Case(name: "sinh") { decimal(uniform(-100, 100, &$0), &$0) },
        Case(name: "cosh") { decimal(uniform(-100, 100, &$0), &$0) },
        Case(name: "tanh") { decimal(uniform(-40, 40, &$0), &$0) },
        // Fractional powers: x^y.
        Case(name: "pow") { magnitude(-5, 5, signed: false, &$0) + ", " + decimal(uniform(-10, 10, &$0), &$0) },
    ]

    static let perArgument = differentialCases(full: 2000)
    /// Arguments for each function compared with bc.
    static let perFunctionAgainstBC = differentialCases(full: 500)

    /// The Python reference: reads `name|args|digits|shown` lines, prints one line per
    /// disagreement and `checked N` at the end.
    static let reference = #"""
    import sys
    from decimal import Decimal as D, getcontext
    getcontext().prec = 80
    PI = D("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651")
    def sin_cos(x):
        x = x % (2 * PI)
        x2, term, s, n = x * x, x, x, 1
        while abs(term) > D("1e-90"):
            term = -term * x2 / ((2 * n) * (2 * n + 1)); s += term; n += 1
        term, c, n = D(1), D(1), 1
        while abs(term) > D("1e-90"):
            term = -term * x2 / ((2 * n - 1) * (2 * n)); c += term; n += 1
        return s, c
    def atan(x):
        if x < 0: return -atan(-x)
        if x > 1: return PI / 2 - atan(1 / x)
        for _ in range(3): x = x / (1 + (1 + x * x).sqrt())
        x2, term, s, n = x * x, x, x, 1
        while abs(term) > D("1e-90"):
            term = -term * x2; s += term / (2 * n + 1); n += 1
        return 8 * s
    def f(name, a):
        x = D(a[0])
        if name == "sqrt": return x.sqrt()
        if name == "cbrt": return (abs(x).ln() / 3).exp() * (1 if x > 0 else -1)
        if name == "exp": return x.exp()
        if name == "ln": return x.ln()
        if name == "log": return x.log10()
        if name == "log2": return x.ln() / D(2).ln()
        if name == "sin": return sin_cos(x)[0]
        if name == "cos": return sin_cos(x)[1]
        if name == "tan": s, c = sin_cos(x); return s / c
        if name == "asin": return x * PI / 2 if abs(x) == 1 else atan(x / (1 - x * x).sqrt())
        if name == "acos": return (1 - x) * PI / 2 if abs(x) == 1 else PI / 2 - atan(x / (1 - x * x).sqrt())
        if name == "atan": return atan(x)
        if name == "sinh": return (x.exp() - (-x).exp()) / 2
        if name == "cosh": return (x.exp() + (-x).exp()) / 2
        if name == "tanh": e = (2 * x).exp(); return (e - 1) / (e + 1)
        if name == "pow": return (D(a[1]) * x.ln()).exp()
    checked = 0
    for line in open(sys.argv[1], encoding="utf-8"):
        name, args, digits, shown = line.rstrip("\n").split("|", 3)
        ref = f(name, args.split(", "))
        digits = int(digits)
        try:
            mine = D(shown.replace("≈ ", ""))
        except Exception:
            print(f"{name}({args}) at digits {digits}: per wrote {shown!r}, reference {ref:.40e}"); continue
        # Every digit shown right: within half a unit of the N-th significant digit. A
        # value shown without ≈ claims to be exact (x^3 of a decimal): then it must be.
        unit = D(10) ** (ref.copy_abs().adjusted() - digits + 1)
        significant = len(shown.replace("≈ ", "").split("e")[0].replace("-", "").replace(".", "").lstrip("0"))
        if not shown.startswith("≈"):
            wrong = abs(mine - ref) > abs(ref) * D("1e-60")
        else:
            wrong = abs(mine - ref) > unit / 2 * (1 + D("1e-20")) or significant > digits
        if wrong:
            print(f"{name}({args}) at digits {digits}: per {shown}, reference {ref:.40e}")
        checked += 1
    print(f"checked {checked}")
    """#

    @Test("every function at digits 12 and 30 against Python's decimal, random arguments (2,000 each in CI)")
    func againstDecimal() throws {
        guard let python = executable("python3") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("python3 is missing") }
            return
        }
        var generator = SeededGenerator(seed: 2026)
        var calls: [(name: String, arguments: String)] = []
        for function in Self.cases {
            for _ in 0..<Self.perArgument { calls.append((function.name, function.arguments(&generator))) }
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-functions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var lines: [String] = []
        for digits in [12, 30] {
            let input = "digits \(digits)\n" + calls.map { call in
                call.name == "pow" ? "(\(call.arguments.replacingOccurrences(of: ", ", with: ")^(")))" : "\(call.name)(\(call.arguments))"
            }.joined(separator: "\n") + "\n"
            // 32,000 statements through the debug build, beside the rest of the suite: about
            // 40 s alone, more on a busy machine. The limit only guards against a hang.
            let output = try runPer(["--json"], input: input, home: home, timeout: 300).stdout.split(separator: "\n").dropFirst()
            #expect(output.count == calls.count)
            for (call, line) in zip(calls, output) {
                let shown = line.range(of: "\"value\":\"").flatMap { start in
                    line[start.upperBound...].firstIndex(of: "\"").map { String(line[start.upperBound..<$0]) }
                }.map { (line.contains("\"exact\":false") ? "≈ " : "") + $0 } ?? "error: \(line)"
                lines.append("\(call.name)|\(call.arguments)|\(digits)|\(shown)")
            }
        }
        // Through a file: a pipe this large would fill while Python writes its report.
        let checks = home.appendingPathComponent("checks")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: checks)
        let result = try shell([python, "-c", Self.reference, checks.path])
        let report = result.output.split(separator: "\n")
        #expect(report.last == "checked \(lines.count)", "\(report.suffix(3))")
        let disagreements = report.dropLast()
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(10).joined(separator: "\n"))")
    }

    @Test("bc -l agrees to 25 digits for l, e, s, c and a on random arguments (500 each in CI)")
    func againstBC() throws {
        guard let bc = executable("bc") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("bc is missing") }
            return
        }
        var generator = SeededGenerator(seed: 30)
        let functions: [(per: String, bc: String, argument: (inout SeededGenerator) -> String)] = [
            ("ln", "l", { Self.magnitude(-8, 8, signed: false, &$0) }),
            ("exp", "e", { Self.decimal(Self.uniform(-60, 60, &$0), &$0) }),
            ("sin", "s", { Self.decimal(Self.uniform(-100, 100, &$0), &$0) }),
            ("cos", "c", { Self.decimal(Self.uniform(-100, 100, &$0), &$0) }),
            ("atan", "a", { Self.magnitude(-6, 6, signed: true, &$0) }),
        ]
        var perInput = ["digits 30"], bcInput = ["scale = 30"]
        for function in functions {
            for _ in 0..<Self.perFunctionAgainstBC {
                let argument = function.argument(&generator)
                perInput.append("\(function.per)(\(argument))")
                // bc reads no e notation: write the argument out.
                let plain = NSDecimalNumber(string: argument).stringValue
                bcInput.append("\(function.bc)(\(plain))")
            }
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-bc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let mine = try runPer([], input: perInput.joined(separator: "\n") + "\n", home: home).stdout.split(separator: "\n").dropFirst()
        let program = home.appendingPathComponent("bc-input")
        try Data((bcInput.joined(separator: "\n") + "\nquit\n").utf8).write(to: program)
        let theirs = try shell([bc, "-l", program.path]).output
            .replacingOccurrences(of: "\\\n", with: "").split(separator: "\n")
        #expect(mine.count == functions.count * Self.perFunctionAgainstBC && theirs.count == mine.count)
        var disagreements: [String] = []
        for (index, (a, b)) in zip(mine, theirs).enumerated() {
            guard let x = Decimal(string: a.replacingOccurrences(of: "≈ ", with: "")), let y = Decimal(string: String(b)) else {
                disagreements.append("\(perInput[index + 1]): per \(a), bc \(b)"); continue
            }
            let scale = max(abs(y), 1)
            if abs(x - y) > scale * Decimal(string: "1e-25")! { disagreements.append("\(perInput[index + 1]): per \(a), bc \(b)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(5))")
    }
}
