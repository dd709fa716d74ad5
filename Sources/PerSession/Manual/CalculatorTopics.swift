import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's calculator topics: numbers, variables, percentages, functions and formats.
extension ManualTopic {
    static let calculatorTopics: [ManualTopic] = [numbers, variables, lastResult, percent, functions, statistics, formats]

    static let numbers = ManualTopic("numbers", "Numbers and exactness", "exact fractions, ≈, digits, errors", [
        .paragraph("Every literal is exact: 12, 12.5, .5, 5., 1_000, 1e3, 2.5E-4, and whole numbers in other bases, 0x1F, "
            + "0o17, 0b1011. The decimal point is '.', or ',' after input comma; thousands may be grouped, 1,234.56 or "
            + "1 234 567 ('help input'). "
            + "+ − × ÷ and whole powers are computed exactly, as fractions whose numerator and denominator have up to "
            + "4,096 bits (about 1,200 digits). The operators, lowest first: to and in (conversion); ± (a range, 'help tolerances'); + -; * / × ÷ and mod; "
            + "unary - and +; ^ or ** (right-associative: 2^3^2 = 512, -2^2 = -4); postfix % and !; a unit after a number."),
        .example(["per> 0.1 + 0.2", "0.3", "per> 1/3*3", "1", "per> 2^64", "18446744073709551616",
                  "per> 765537710299 / 500", "1531075420.598"]),
        .paragraph("An exact result whose decimal expansion ends and has at most 100 significant digits prints in full. "
            + "Anything else prints rounded to 'digits' significant digits (12 unless set with digits N, 1 to 30) behind ≈, "
            + "which marks a text that differs from the value; zeros among those digits are shown (digits 3, then 500 g to lb "
            + "is ≈ 1.10 lb). Very large or small magnitudes use e notation, and a small value never shows as 0."),
        .example(["per> 1/3", "≈ 0.333333333333", "per> 2^100", "1267650600228229401496703205376", "per> 1e-20", "1e-20"]),
        .paragraph("Roots and fractional powers are exact when the answer is rational (sqrt(16) = 4, 8^(2/3) = 4). "
            + "Otherwise a value carries proven bounds on its error, and per shows only the digits the bounds agree on: "
            + "noise such as 0.30000000000000004, or 4.44e-16 for 0, never appears. Where the bounds cannot decide, per "
            + "says so instead of guessing. A result the bounds leave short of digits, or cannot tell from 0, is computed "
            + "again with more bits (pi + 1e-70 - pi is ≈ 1e-70); ≈ 0 is left for a value that is 0 as far as those tell "
            + "(sin(pi)). A term far below a sum's last digit rounds away (1 + exp(-300000) is ≈ 1)."),
        .example(["per> sqrt(2)^2 - 2", "0", "per> digits 30", "digits 30", "per> pi", "≈ 3.14159265358979323846264338328"]),
        .paragraph("Errors never crash per or silently fix anything: division by zero, unbalanced parentheses, an operator "
            + "where a number belongs, an unknown name (with a suggestion). Each names its column, and a statement that "
            + "fails changes nothing."),
        .example(["per> 3+*2", "       ^", "error: expected a number or name, found '*'"]),
    ])

    static let variables = ManualTopic("let", "Variables", "x = 3*1.99, let, vars, unset", [
        .paragraph("NAME = EXPR, or let NAME = EXPR, keeps a value under a name. A name starts with a letter or _, then "
            + "letters, digits and _; the names of commands and functions are taken. Assigning a name that is also a "
            + "unit says so in a note; right after a number a unit still means the unit (500 g is grams even when a "
            + "variable g exists)."),
        .example(["per> x = 3*1.99", "x = 5.97", "per> let pack = 6 * 2.49", "pack = 14.94", "per> vars",
                  "pack = 14.94", "x    = 5.97", "per> unset x", "removed x"]),
        .paragraph("vars lists the variables and your functions, unset NAME removes one, undo takes an assignment back."),
    ])

    static let lastResult = ManualTopic("ans", "The last result", "ans", [
        .paragraph("ans is the last result, and may be used like any variable."),
        .example(["per> 3 * 1.99", "5.97", "per> ans / 6", "0.995"]),
    ])

    static let percent = ManualTopic("percent", "Percentages", "15%, shop percent, 20% of 35", [
        .paragraph("15% is 0.15, a value in the unit %. A percentage is that value however it is written: a literal, "
            + "a variable holding one (tax = 8%), a function's result or an expression in parentheses. Times, over or "
            + "to the power of anything it is its plain share, in either order (15% * 200 = 200 * 15% = 30, "
            + "2% * 3% = 0.0006), and so it is before a plain number in a sum (10% + 80 = 80.1). 20% of 35 is 7; to % "
            + "shows any value as a percentage and to fraction a percentage as its share (10% to fraction is 1/10)."),
        .paragraph("Shop percent: when the right operand of + or - is a percentage and the left one is not, it is "
            + "relative to the left one, as on a shelf label, money included. Two percentages add plainly."),
        .example(["per> 80 + 10%", "88", "per> 3.99 - 20%", "3.192", "per> 200 + -50%", "100", "per> 1% + 2%", "3%",
                  "per> tax = 8%", "tax = 8%", "per> 45.99 + tax", "49.6692", "per> 15% * 200", "30",
                  "per> 20% of 35", "7", "per> 0.125 to %", "12.5%", "per> 10% to fraction", "1/10"]),
        .paragraph("Phrases: p% off x is x less p% (a discount), p% on x is x plus p% (a mark-up), a as % of b is the "
            + "percentage a is of b, and a is p% of what is the whole a is p% of. off and on are words of the grammar, "
            + "like of, and cannot be names."),
        .example(["per> 20% off $50", "$40.00", "per> 20% on $50", "$60.00", "per> $40 as % of $50", "80%",
                  "per> $40 is 80% of what", "$50.00"]),
        .paragraph("VAT and sales tax: PRICE incl RATE vat shows the net, the tax and the gross of a price that "
            + "includes the tax, and its value is the net; PRICE excl RATE vat does the same from a net price, and its "
            + "value is the gross. tax is the same word as vat; the rate is a percentage, a literal or a variable. "
            + "vat 19% sets a rate that PRICE incl vat then uses (vat off forgets it), kept in the session and saved sets."),
        .example(["per> €119 incl 19% vat", "net      €100.00", "vat 19%   €19.00", "gross    €119.00",
                  "per> ans", "€100.00"]),
        .paragraph("explain STATEMENT shows how per reads a statement, step by step, and names each percent rule it "
            + "applies with the other way to write it."),
        .example(["per> explain 80 + 10%", "80 + 10% is shop percent: 80 × (1 + 10%) = 88; write 80 + 0.1 to add 0.1", "= 88"]),
        .paragraph("Estimator inputs that are percentages take 60% or a plain 60 alike (boiler condensate=60)."),
    ])

    static var functions: ManualTopic {
        let width = Function.allCases.map(\.synopsis.count).max() ?? 0
        let callWidth = Function.allCases.map(\.example.call.count).max() ?? 0
        let resultWidth = Function.allCases.map(\.example.result.count).max() ?? 0
        let rows = Function.allCases.map {
            [HelpLine.pad($0.synopsis, width) + "  " + HelpLine.pad($0.example.call, callWidth) + " → "
                + HelpLine.pad($0.example.result, resultWidth), $0.summary]
        }
        return ManualTopic("functions", "Functions and constants", "sqrt, ln, sin …, pi, e, and your own", [
            .paragraph("Functions take radians, or degrees written with ° or deg (sin(30°)):"),
            .table(rows),
            .paragraph("Operators:"),
            .table([["n!", "20! → 2432902008176640000", "factorial of a whole number (up to 3000)"],
                    ["a mod b", "-7 mod 3 → 2", "remainder with the sign of b"],
                    ["p% of x", "20% of 35 → 7", "a percentage of a value"],
                    ["a < b", "500 g < 1 lb → false", "also <=, >, >=, == and !=: two values of one dimension, true or false; "
                        + "the lowest precedence, one to a statement"]]),
            .paragraph("Constants: " + Constant.allCases.map(\.rawValue).joined(separator: ", ")
                + " (a variable of the same name comes first)."),
            .paragraph("Answers are exact wherever they are rational: ln(1) = 0, log(1000) = 3, sin(30°) = 0.5, and square "
                + "roots stay exact through products, so sqrt(2)*sqrt(2) is 2 and ceil(sqrt(2)^2) is 2. Anything irrational "
                + "is computed with a proven bound on its error, shown with ≈ and only the digits known (digits N shows up "
                + "to 30). A value too close to a boundary to decide is refused with the reason, never guessed."),
            .example(["per> sqrt(16 m^2)", "4 m", "per> sqrt(2)*sqrt(2)", "2", "per> floor(exp(ln(3)))", "     ^",
                      "error: the value is too close to a rounding boundary to call"]),
            .paragraph("Your own: f(x) = x^2 + 1, area(w, h) = w * h; 'help fns' tells how they work."),
        ])
    }

    static let formats = ManualTopic("formats", "Output formats", "to fraction, to 2 dp, to hex …", [
        .paragraph("EXPR to FORMAT writes a result another way; the value itself (what ans and a variable keep) does not "
            + "change. After a unit conversion it writes the converted number."),
        .table([["to fraction", "an exact value as p/q", "0.75 to fraction is 3/4"],
                ["to mixed", "a whole part and a proper fraction", "-7/4 to mixed is -1 3/4"],
                ["to N dp", "exactly N decimals (0 to 30), halves away from 0", "1/3 to 4 dp is ≈ 0.3333"],
                ["to N sf", "N significant digits (1 to 30)", "1234567 to 3 sf is ≈ 1230000"],
                ["to sci", "one digit before the point and a power of ten", "1234 to sci is 1.234e3"],
                ["to %", "a plain number as a percentage", "0.125 to % is 12.5%"],
                ["to hex, oct, bin", "a whole number in base 16, 8 or 2", "255 to hex is 0xff"],
                ["to weekday", "a date as its day of the week", "2026-11-25 to weekday is Wednesday"]]),
        .example(["per> 1.5 to 3 dp", "1.500", "per> 2.49 per 500 g to per lb to 2 dp", "≈ 2.26 per lb",
                  "per> sqrt(2) to fraction", "                ^",
                  "error: 'to fraction' needs an exact value; this one is approximate"]),
        .paragraph("≈ marks a rounded text, as everywhere, and an approximate value shows no more digits than it knows. "
            + "A format that cannot hold the value says so: 2.5 to hex needs a whole number, 500 g to % a plain number. "
            + "group on shows results with thousands separators (off by default, so that a result pastes back as input; "
            + "never in JSON; estimator tables always group). With --json, \"value\" is the text in the format."),
    ])
}

extension CommandManual {
    static let calculator: [Command: [ManualBlock]] = [
        .calculator(.fns): [
            .paragraph("NAME(PARAMETERS) = EXPR defines a function; call it as any other, in expressions and in command "
                + "arguments alike."),
            .example(["per> f(x) = x^2 + 1", "f(x) = x^2 + 1", "per> f(3)", "10", "per> area(w, h) = w * h",
                      "area(w, h) = w * h", "per> area(2 m, 3 m)", "6 m²", "per> unit_price(p, q) = p / q to per kg",
                      "unit_price(p, q) = p / q to per kg", "per> unit_price($2.49, 1 lb) to 2 dp", "≈ $5.49 per kg",
                      "per> fns", "area(w, h)       = w * h", "f(x)             = x^2 + 1",
                      "unit_price(p, q) = p / q to per kg"]),
            .list(["Parameters come first inside the body: h in area(w, h) is the parameter, not the hour, and a "
                    + "variable x is untouched by f(3); a function's parameters are its own, never seen by the functions "
                    + "it calls. Other names are read at each call, so f(x) = x * (1 + vat) uses the vat of the moment.",
                   "Every name must be known when the function is defined (a typo is caught then, with its caret), and "
                    + "a body keeps the meaning it had then: a word that was a unit stays that unit even if a variable "
                    + "takes its name later.",
                   "A function may call the functions defined before it. One that would reach itself is refused at "
                    + "once: per has no conditions, so a recursion could never end. Calls nest at most 32 deep, and a "
                    + "statement makes at most 10,000 calls. Constants and commands cannot be function names.",
                   "vars lists functions after the variables, unset f removes one, undo takes a definition back; "
                    + "saved sets and the kept session hold them. An error inside a function names it, and the "
                    + "functions that called it, with the caret at the call."]),
        ],
        .calculator(.money): ManualTopic.money.blocks,
        .calculator(.input): [
            .paragraph("input comma makes ',' the decimal separator, as written in much of Europe and South America: "
                + "1,5 is one and a half, and ';' separates a function's arguments inside parentheses (and statements "
                + "outside them). Dots may group thousands in threes before a decimal comma or in two groups or more "
                + "(1.234,5 and 1.234.567); 1.234 alone reads two ways, 1234 or 1,234, and is refused, as is a point "
                + "that groups nothing (1.5). Results, lists and tables show decimal commas, so a result pastes back; "
                + "JSON numbers keep the point. input dot goes back; in dot input, 1,5 is refused with a pointer here."),
            .example(["per> input comma", "input comma", "per> 1,5 + 2,3", "3,8", "per> round(2,345; 2)", "2,35",
                      "per> 1.234,5 * 2", "2469", "per> $19,99 * 3", "$59,97", "per> 1.234", "     ^",
                      "error: '1.234' reads two ways, 1234 or 1,234: write one of them", "per> input dot", "input dot"]),
            .paragraph("The session and saved sets keep the setting; per --input comma sets it for one run. Your "
                + "functions are kept with decimal points and shown in the notation of the moment, so they work in both."),
            .paragraph("Numbers as people paste them, in either input. 0x1F, 0o17 and 0b1011 (or 0X1F, 0O17, 0B1011) are "
                + "whole numbers in base 16, 8 and 2, with '_' between digits as in 1_000 (0xFF_FF), so a result shown "
                + "with to hex pastes back. A point in one (0x1.8) is refused, as is a character glued on that is no digit "
                + "of its base (0b102, 0x10kg: a unit needs a blank, 0x10 kg)."),
            .paragraph("Thousands may be grouped in threes after one to three digits, one kind of separator to a number: "
                + "a thin space (U+2009 or U+202F) anywhere; a space or a no-break space in an expression (1 234 567), but "
                + "not among a command's arguments, where a blank separates them (add 2 500 g is 2.00 for 500 g); and in "
                + "dot input a comma (1,234.56, $1,234,567), except in a function's parentheses, where a comma separates "
                + "arguments: max(1,234) is the larger of 1 and 234, and max(1,234.5, 2), which reads two ways, is refused. "
                + "A group of other than three digits (1,23, 1,2345, 1 23) is refused as before."),
            .example(["per> 255 to hex", "0xff", "per> 0xff + 0b1", "256", "per> 1,234.56 * 2", "2469.12",
                      "per> 1 234 567 / 1,000", "1234.567", "per> max(1,234)", "234", "per> max(1,234.5, 2)", "         ^",
                      "error: '1,234.5' reads two ways in a function's parentheses, 1234.5 or the arguments 1 and 234.5: "
                        + "write 1234.5, or a blank after each comma"]),
        ],
        .calculator(.rate): [
            .paragraph("A rate is written with an amount on each side: rate 1 € = 1.08 $, rate 100 ¥ = 0.62 €. 'help money' "
                + "tells how money and rates work."),
        ],
    ]
}
