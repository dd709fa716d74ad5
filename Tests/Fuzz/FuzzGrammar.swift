// A grammar-based fuzz target: libFuzzer's bytes are read as choices that build
// statements from per's grammar — numbers of every form, units, operators, functions,
// user functions, estimators, the shopping list with deals, a sheet's labels, totals and
// continuing lines, dates and their moves, ranges, prices seen — so every input is a
// session of statements that mostly parse, and the search goes deep into evaluation
// instead of stopping at the lexer. It leans on what once crashed or hung per: powers of
// bases near 1, huge exact arguments to sin and cos, deals in bulk, machine integers'
// ends, a store written `@ Lidl`. Built by Tests/Fuzz/run.sh against the core compiled with
// -sanitize=fuzzer, not by SwiftPM.
import PerNumbers
import PerTools
import PerLanguage
import PerSession

/// Choices read from the fuzzer's bytes; when they run out every choice is the first.
struct Choices {
    let bytes: [UInt8]
    var position = 0

    mutating func below(_ count: Int) -> Int {
        guard position < bytes.count, count > 1 else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    mutating func pick(_ options: [String]) -> String { options[below(options.count)] }

    var exhausted: Bool { position >= bytes.count }
}

enum Grammar {
    static let units = ["", " kg", " g", " lb", " oz", " l", " ml", " fl oz", " gal", " m", " cm", " ft", " inch", " h", " min",
                        " s", " day", " items", " pods", " loads", " t/h", " kg/h", " m3/h", " gpm", " ppm", " °C", " °F", " K", " %"]
    static let functions = ["sqrt", "sin", "cos", "tan", "exp", "ln", "log", "abs", "round", "floor", "ceil", "tanh", "sinh",
                            "cosh", "asin", "acos", "atan", "cbrt"]
    static let money = ["$", "€", "£", ""]
    static let pasted = ["1_000", "0x1F", "0XfF_fF", "0b1011", "0o17", "0x" + String(repeating: "F", count: 300), "1,234.56",
                         "1 234 567", "1\u{2009}234.5", "$1,234,567", "0x", "0b102", "0x1.8", "1,2345", "(1,234.5)",
                         "max(1,234.5, 2)", "max(1,234)", "0x10kg", "1 234 5", "1\u{A0}000,000.5"]

    static func number(_ c: inout Choices) -> String {
        switch c.below(13) {
        // Machine integers' ends, which once trapped on a product or a negation.
        case 12: return c.pick(["9223372036854775807", "-9223372036854775808", "9223372036854775808", "768614336404564651",
                                "2147483648", "-(2^63)", "2^64"])
        case 0: return String(c.below(10))
        case 1: return "\(c.below(1000)).\(c.below(100))"
        case 2: return "1e\(c.pick(["", "-"]))\(c.below(4) == 0 ? 99999 : c.below(400))"
        // A base within a hair of 1, and exponents far beyond the range.
        case 3: return "(1\(c.pick(["+", "-"]))1e-\(c.pick(["30", "16", "60", "300"])))"
        case 4: return "2^\(c.pick(["128", "150", "200", "4000", "50000", "100000"]))"
        case 5: return "10^\(c.pick(["30", "40", "220", "99999"]))"
        case 6: return "tanh(\(c.below(40)))"
        case 7: return "7^\(c.pick(["1400", "1670", "3000"]))"
        case 8: return "\(c.below(100))/\(c.below(100) + 1)"
        // Numbers as people paste them: other bases, grouped thousands, and what is refused.
        // (Case 9 alone reads a further choice: no seed in GrammarSeeds/ reaches it before.)
        case 9: return c.pick(pasted)
        case 10: return "0.\(c.below(100_000))"
        default: return "\(c.below(3000))!"
        }
    }

    static func expression(_ c: inout Choices, depth: Int) -> String {
        if depth <= 0 || c.exhausted { return number(&c) }
        switch c.below(9) {
        case 0, 1: return number(&c) + c.pick(units)
        case 2: return "(" + expression(&c, depth: depth - 1) + ")^(" + expression(&c, depth: depth - 1) + ")"
        case 3: return c.pick(functions) + "(" + expression(&c, depth: depth - 1) + ")"
        case 4: return "sin(" + c.pick(["2^50000", "2^8000", "7^1400", "(7^1670)^36", "1e99999", "-(3^5000)"]) + ")"
        case 5: return expression(&c, depth: depth - 1) + c.pick([" + ", " - ", " * ", " / ", " × ", " ÷ ", " − ", "^"])
            + expression(&c, depth: depth - 1)
        case 6: return c.pick(["x", "y", "ans", "f(", "g("]) + (c.below(2) == 0 ? "" : "\(number(&c)))")
        case 7: return expression(&c, depth: depth - 1) + " to " + c.pick(["fraction", "kg", "lb", "g", "ml", "°C", "K", "h"])
        default: return c.pick(money) + number(&c)
        }
    }

    static func date(_ c: inout Choices) -> String {
        c.pick(["2026-01-31", "0001-01-01", "9999-12-31", "2024-02-29", "today", "tomorrow", "yesterday", "2026-02-30"])
    }

    static func deal(_ c: inout Choices) -> String {
        c.pick(["3 for 2", "2 for $5", "club 0.5", "-12.5%", "coupon 0.25", "2nd half", "bogo", "\(c.below(20)) for \(c.below(20))"])
    }

    /// `seen` as typed, with the stores, names and dates that once crashed or were misread
    /// (`@ Lidl`, `Milk@Lidl`, `%Off`, `=Pasta`).
    static func seen(_ c: inout Choices) -> String {
        let name = c.pick(["Milk", "Milk@Lidl", "%Off", "=Pasta", "\"=x\"", "-x", "Whole milk", "\"Corner oats\""])
        let store = c.pick(["", " @Lidl", " @ Lidl", " @", " @ ", " @\"Corner shop\"", " @ \"Corner shop\"", " @@SUM(1+1)", " @-x"])
        let date = c.pick(["", " 2026-10-01", " today", " yesterday", " 2026-02-30", " 1.10.2026"])
        return "\(c.pick(["seen", "worth"])) \(c.pick(money))\(number(&c)) \(number(&c))\(c.pick(units)) \(name)\(store)\(date)"
            + (c.below(3) == 0 ? " deal " + deal(&c) : "")
    }

    /// A list of values, or something made of one (`help lists`).
    static func list(_ c: inout Choices) -> String {
        let values = (0..<c.below(6)).map { _ in expression(&c, depth: 1) }
        let list = "[" + values.joined(separator: c.pick([", ", ",", "; "])) + "]" + c.pick(["", " kg", " %", " °C"])
        switch c.below(5) {
        case 0: return c.pick(["l = ", "x = ", ""]) + list
        case 1: return c.pick(["sum", "mean", "median", "min", "max", "stdev", "var", "pstdev", "pvar", "count", "sort"])
            + c.pick(["(", " "]) + c.pick([list, "l", "ans", values.joined(separator: ", ")]) + (c.below(2) == 0 ? ")" : "")
        case 2: return list + c.pick([" * ", " + ", " - ", " / ", " ^ ", " < ", " ± "]) + c.pick([list, number(&c), "l", "[[1], 2]", "[]"])
        case 3: return c.pick(functions) + "(" + list + ")" + c.pick(["", " to g", " to fraction", " to 2 dp"])
        default: return c.pick(["[", "]", "[1, 2", "[1 2]", "[,]", "[1,234]", "mean", "sum [", "count l"])
        }
    }

    static func statement(_ c: inout Choices) -> String {
        // Case 14 stays seen: the choices in GrammarSeeds/ start with it.
        switch c.below(22) {
        case 14: return seen(&c)
        case 15: return c.pick(["add Milk", "add Milk@Lidl", "add Milk @Lidl", "add Milk @ Lidl", "history Milk", "where Milk", "prices",
                                "forget seen Milk", "compare --seen"])
        // Dates moved by any count of any calendar unit, and their differences.
        case 16: return date(&c) + c.pick([" + ", " - "]) + number(&c) + c.pick([" days", " weeks", " months", " years", " h", ""])
        case 17: return c.pick(["(\(date(&c)) - \(date(&c))) to ", "weekday(\(date(&c))) to ", "days(\(date(&c)), \(date(&c))) to "])
            + c.pick(["days", "weeks days", "months", "years days", "weekday", "fraction"])
        // Ranges: a tolerance of any size on any value, and arithmetic on them.
        case 18: return "(" + expression(&c, depth: 1) + c.pick([" ± ", " +- "]) + c.pick(["", "5%", "1e-300", "10^5000", number(&c)])
            + ")" + c.pick(["", " * 2", "^2", " / (1 ± 1)", " to lb", " to 0 dp", " < 3"])
        case 0, 1, 2: return expression(&c, depth: 3)
        case 3: return c.pick(["x", "y"]) + " = " + expression(&c, depth: 2)
        case 4: return c.pick(["f(t) = ", "g(a, b) = "]) + expression(&c, depth: 2)
        case 5: return "add \(c.pick(money))\(number(&c)) \(number(&c))\(c.pick(units)) P\(c.below(100))"
            + (c.below(2) == 0 ? " deal " + deal(&c) : "")
        // Deals in bulk: many products with deals in one line.
        case 6: return (0..<(1 + c.below(64))).map { "add \($0 % 9 + 1).49 \($0 % 4 + 1) kg P\($0) deal 3 for 2" }.joined(separator: "; ")
        case 7: return "deal \(c.below(70)) " + deal(&c)
        case 8: return c.pick(["compare", "best", "list", "need 10 kg", "undo", "redo", "clear", "vars", "remove 1", "club on"])
        case 9: return "digits \(c.below(32))"
        case 10: return "boiler steam=\(number(&c)) t/h tds=\(number(&c)) maxtds=\(number(&c))"
        case 11: return "cooling recirc=\(number(&c)) m3/h dt=\(number(&c)) cycles=\(number(&c))"
        case 12: return "invest years=\(c.below(101)) initial=\(number(&c)) monthly=\(number(&c)) rate=\(c.below(30))%"
        // A sheet's lines: labels, block figures, a blank line that ends the block, and lines
        // that go on from the last result (after a total they belong to it).
        case 13: return c.pick(["total", "sum", "average", "count", "", "total 1"])
        case 19: return c.pick(["item \(c.below(9)): ", "", "gross: "]) + c.pick(["* 1.19", "+ -10%", "/ 2", "^ 2", "× 3", "÷ 0"])
        // Lists: values of any kind, empty or nested, element by element and their statistics.
        case 20: return list(&c)
        default: return "dose \(c.pick(["pods", "liquid", "powder"])) load=\(c.pick(["full", "half"])) water=\(c.pick(["soft", "hard", "very-hard"]))"
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var choices = Choices(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var session = Session()
    // An empty price book, and a today, so `seen` reads all it is given.
    session.priceBook = PriceBook()
    session.today = try? CalendarDate.checked(year: 2026, month: 11, day: 26)
    // Ten statements at most: an `invest` of a century of months takes half a second in a
    // release build and several times that instrumented, and twenty of them would pass
    // the run's timeout without any statement hanging.
    for _ in 0..<10 where !choices.exhausted {
        let line = Grammar.statement(&choices)
        // As a sheet and the shell do: an empty line ends the block `total` reads.
        if line.isEmpty { session.endBlock() }
        _ = session.run(line: line)
    }
    return 0
}
