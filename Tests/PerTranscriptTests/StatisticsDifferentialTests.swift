import Foundation
import Testing
import TestSupport

/// The statistics of lists (`help lists`) against Python's `statistics` module on
/// `fractions.Fraction`: its script below writes 1,000 random lists (a fifth by default;
/// all with `PER_FULL_TESTS=1`) of decimals and fractions, some in kg with values in g,
/// some empty or of one value, a few of thousands of values, and the statements that ask
/// per for each statistic of each, in its three spellings (`mean([…])`, `mean(a, b, …)`,
/// `mean lab`). per answers in `--json`; the script checks each answer: the exact
/// statistics (`to fraction`) equal to Python's Fraction, the standard deviations exact
/// (`to fraction`) when the variance is a square and otherwise within half a unit of the
/// 12th digit of the square root Python's `decimal` takes to 50 digits, the unit (`kg`, `kg²`), and a
/// refusal (too few values) where Python raises `StatisticsError`.
struct StatisticsDifferentialTests {
    static let reference = #"""
    import json, random, statistics, sys
    from decimal import Decimal, getcontext
    from fractions import Fraction
    from math import isqrt

    getcontext().prec = 50
    EXACT = ["sum", "mean", "median", "min", "max", "var", "pvar", "count", "sort"]
    ROOTS = {"stdev": "var", "pstdev": "pvar"}

    def value(rng):
        kind = rng.random()
        if kind < 0.6:
            places = rng.choice([0, 1, 2, 3])
            number = Fraction(rng.randint(-99999, 99999), 10 ** places)
            return number, str(number.numerator) if places == 0 else decimal_text(number, places)
        numerator, denominator = rng.randint(-50, 50), rng.randint(1, 12)
        return Fraction(numerator, denominator), f"{numerator}/{denominator}"

    def decimal_text(number, places):
        sign = "-" if number < 0 else ""
        scaled = abs(number.numerator) * 10 ** places // number.denominator
        whole, fraction = divmod(scaled, 10 ** places)
        return f"{sign}{whole}.{fraction:0{places}d}"

    def one_list(rng, index):
        size = rng.choice([0, 1, 2, 3, 5, 8, 13, 30]) if index % 97 else rng.choice([1500, 2500])
        with_units = rng.random() < 0.3
        values, texts = [], []
        for _ in range(size):
            number, text = value(rng)
            if with_units and rng.random() < 0.5:
                # Written in g, kept in kg (the list's unit, its first value's).
                values.append(number / 1000)
                texts.append(f"({text}) g")
            else:
                values.append(number)
                texts.append(f"({text}) kg" if with_units else text)
        if with_units and texts and texts[0].endswith(" g"):
            # The first value sets the unit: write it in kg.
            texts[0] = f"({values[0].numerator}/{values[0].denominator}) kg"
        return values, texts, with_units

    def python(function, values):
        if function == "count": return Fraction(len(values))
        if function == "sort": return sorted(values)
        if function == "sum": return sum(values, Fraction(0))
        if function in ("min", "max"):
            if not values: raise statistics.StatisticsError("empty")
            return min(values) if function == "min" else max(values)
        return {"mean": statistics.mean, "median": statistics.median, "var": statistics.variance,
                "pvar": statistics.pvariance}[function](values)

    def statements(count, seed):
        rng = random.Random(seed)
        out = []
        for index in range(count):
            values, texts, with_units = one_list(rng, index)
            written = "[" + ", ".join(texts) + "]"
            out.append((f"lab = {written}", None))
            for function in EXACT + list(ROOTS):
                spelling = rng.choice(["list", "arguments", "name"]) if texts else "list"
                call = {"list": f"{function}({written})", "arguments": f"{function}({', '.join(texts)})",
                        "name": f"{function} lab"}[spelling]
                exact = function in EXACT and function != "count" or function in ROOTS and rational_root(function, values)
                out.append((call + (" to fraction" if exact else ""), (function, values, with_units)))
        return out

    def fraction(text):
        return Fraction(text)

    def is_square(r):
        return isqrt(r.numerator) ** 2 == r.numerator and isqrt(r.denominator) ** 2 == r.denominator

    def rational_root(function, values):
        """Whether the standard deviation is rational, which per then shows as a fraction."""
        try:
            return is_square(python(ROOTS[function], values))
        except statistics.StatisticsError:
            return False

    def check(function, values, with_units, answer):
        root = ROOTS.get(function)
        try:
            expected = python(root or function, values)
        except statistics.StatisticsError:
            if answer["ok"] or answer.get("code") != "too_few_values":
                return f"per answered {answer}, Python refuses"
            return None
        if not answer["ok"]:
            return f"per refused ({answer['error']}), Python {expected}"
        unit = answer.get("unit")
        wanted = None if not with_units or function == "count" else ("kg²" if function in ("var", "pvar") else "kg")
        if function == "sort" and not values: wanted = None
        if unit != wanted and not (wanted == "kg" and values == [] ):
            return f"unit {unit}, expected {wanted}"
        if function == "sort":
            got = [fraction(t) for t in answer["value"]]
            return None if got == expected and answer["exact"] else f"per {answer['value']}, Python {expected}"
        if root is None:
            got = fraction(answer["value"])
            return None if got == expected and answer["exact"] else f"per {answer['value']}, Python {expected}"
        # A standard deviation: the square root of Python's variance.
        if is_square(expected):
            # Asked `to fraction`: the exact root.
            exact = Fraction(isqrt(expected.numerator), isqrt(expected.denominator))
            return None if answer["exact"] and fraction(answer["value"]) == exact else f"per {answer}, Python √{expected} = {exact}"
        if answer["exact"]:
            return f"per says {answer['value']} is exact, Python's √{expected} is not rational"
        true = (Decimal(expected.numerator) / Decimal(expected.denominator)).sqrt()
        shown = Decimal(answer["value"])
        unit_of_last_digit = Decimal(10) ** (true.adjusted() - 11)
        return None if abs(shown - true) <= unit_of_last_digit / 2 else f"per {shown}, Python √{expected} ≈ {true}"

    mode, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    expected = statements(count, seed)
    if mode == "generate":
        sys.stdout.write("".join(text + "\n" for text, _ in expected))
        sys.exit(0)
    answers = [json.loads(line) for line in open(sys.argv[4], encoding="utf-8")]
    wrong = checked = 0
    for (text, case), answer in zip(expected, answers):
        if case is None:
            if not answer["ok"]:
                print(f"{text[:80]}: per refused it ({answer['error']})"); wrong += 1
            continue
        checked += 1
        problem = check(*case, answer)
        if problem:
            print(f"{text[:100]}: {problem}"); wrong += 1
    lists = sum(1 for _, case in expected if case is None)
    print(f"checked {checked} statistics of {lists} lists, {len(answers)} answers for {len(expected)} statements, {wrong} wrong")
    """#

    @Test("sum, mean, median, min, max, var, pvar, stdev, pstdev, count and sort agree with Python's statistics on Fraction")
    func againstPython() throws {
        guard let python = executable("python3") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("python3 is missing") }
            return
        }
        let count = differentialCases(full: 1000)
        let statements = try shell([python, "-c", Self.reference, "generate", String(count), "45"]).output
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-statistics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let answers = try runPer(["--json"], input: statements, home: home, timeout: 300).stdout
        let file = home.appendingPathComponent("answers")
        try Data(answers.utf8).write(to: file)
        let report = try shell([python, "-c", Self.reference, "check", String(count), "45", file.path]).output
            .split(separator: "\n")
        let lines = statements.split(separator: "\n").count
        #expect(report.last == "checked \(lines - count) statistics of \(count) lists, \(lines) answers for \(lines) statements, 0 wrong",
                "\(report.prefix(10).joined(separator: "\n"))")
    }
}
