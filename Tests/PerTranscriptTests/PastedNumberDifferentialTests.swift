import Foundation
import Testing
import TestSupport

/// SPEC §17 "Numbers as people paste them" against Python: its script below writes random
/// hexadecimal, octal and binary literals (some with a digit of another base), numbers
/// grouped in threes by commas, blanks and thin spaces (some with a group of the wrong
/// length), with and without decimals and currency; per reads each alone on a line, and
/// the script checks what per answered against Python's `int(text, 0)`, or `Fraction` of
/// the text without its separators. 5,000 literals in CI, a fifth by default.
struct PastedNumberDifferentialTests {
    static let reference = #"""
    import random, sys, json
    from fractions import Fraction

    SEPARATORS = {"dot": [",", " ", "\u2009", "\u202f", "\u00a0"], "comma": [" ", "\u2009", "\u202f", "\u00a0"]}

    def radix(rng):
        base, letter = rng.choice([(16, "x"), (8, "o"), (2, "b")])
        alphabet = "0123456789abcdefABCDEF"[: base if base < 16 else 22]
        # Up to 160 bits: per shows every digit of an exact whole number up to 100 digits.
        count = rng.choice([1, 2, 5, 15, 16, 17, 40] + ([64, 120] if base == 2 else []))
        digits = "".join(rng.choice(alphabet) for _ in range(count))
        if count > 2 and rng.random() < 0.2:
            cut = rng.randrange(1, count)
            digits = digits[:cut] + "_" + digits[cut:]
        if rng.random() < 0.15:
            # A digit of a greater base: refused, as Python's int() refuses it.
            wrong = {2: "23456789", 8: "89"}.get(base, "")
            if wrong:
                at = rng.randrange(len(digits) + 1)
                digits = digits[:at] + rng.choice(wrong) + digits[at:]
        return "0" + (letter.upper() if rng.random() < 0.3 else letter) + digits

    def grouped(rng, notation):
        separator = rng.choice(SEPARATORS[notation])
        first = str(rng.randint(1, 999))
        groups = ["".join(rng.choice("0123456789") for _ in range(3)) for _ in range(rng.randint(1, 8))]
        good = True
        if rng.random() < 0.15:
            at = rng.randrange(len(groups))
            groups[at] = groups[at][: rng.choice([1, 2])] if rng.random() < 0.5 else groups[at] + rng.choice("0123456789")
            good = False
        text = first + "".join(separator + g for g in groups)
        point = "." if notation == "dot" else ","
        currency = rng.random() < 0.2
        if rng.random() < 0.5:
            text += point + "".join(rng.choice("0123456789") for _ in range(2 if currency else rng.randint(1, 12)))
        if currency:
            text = rng.choice(["$", "€", "£"]) + text
        return text, good

    def cases(count, seed, notation):
        rng = random.Random(seed)
        out = []
        for i in range(count):
            if i % 2 == 0:
                text = radix(rng)
                try:
                    out.append((text, Fraction(int(text, 0))))
                except ValueError:
                    out.append((text, None))
            else:
                text, good = grouped(rng, notation)
                plain = text.lstrip("$€£")
                for separator in SEPARATORS[notation]:
                    plain = plain.replace(separator, "")
                plain = plain.replace(",", ".")
                out.append((text, Fraction(plain) if good else None))
        return out

    mode, count, seed, notation = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    expected = cases(count, seed, notation)
    if mode == "generate":
        sys.stdout.write("".join(text + "\n" for text, _ in expected))
        sys.exit(0)
    answers = [json.loads(line) for line in open(sys.argv[5], encoding="utf-8")]
    wrong = 0
    for (text, value), answer in zip(expected, answers):
        if value is None:
            if answer["ok"]:
                print(f"{text!r}: per read {answer['value']}, Python refuses it"); wrong += 1
        elif not answer["ok"]:
            print(f"{text!r}: per refused it ({answer['error']}), Python reads {value}"); wrong += 1
        elif not answer["exact"] or Fraction(answer["value"].replace(",", ".")) != value:
            print(f"{text!r}: per {answer['value']}, Python {value}"); wrong += 1
    print(f"checked {min(len(expected), len(answers))} of {len(expected)}, {wrong} wrong")
    """#

    @Test("random pasted literals read as Python's int() and Fraction read them, in dot and comma input", arguments: [
        ("dot", 4000), ("comma", 1000),
    ])
    func againstPython(_ notation: String, _ full: Int) throws {
        guard let python = executable("python3") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("python3 is missing") }
            return
        }
        let count = differentialCases(full: full)
        let seed = notation == "dot" ? "17" : "29"
        let literals = try shell([python, "-c", Self.reference, "generate", String(count), seed, notation]).output
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("per-pasted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let answers = try runPer(["--json", "--input", notation], input: literals, home: home, timeout: 120).stdout
        let file = home.appendingPathComponent("answers")
        try Data(answers.utf8).write(to: file)
        let report = try shell([python, "-c", Self.reference, "check", String(count), seed, notation, file.path]).output
            .split(separator: "\n")
        #expect(report.last == "checked \(count) of \(count), 0 wrong", "\(report.prefix(10).joined(separator: "\n"))")
    }
}
