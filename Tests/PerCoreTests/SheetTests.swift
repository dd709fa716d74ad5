import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Runs `lines` in one session, an empty line ending the block as the shell does, and gives
/// the last line's result as `result(of:after:)` does, a label shown before it.
private func sheetResult(_ lines: [String], lineNumbers: Bool = false) -> Seen {
    var session = Session()
    var last: StatementResult?
    for (index, line) in lines.enumerated() {
        if SheetText.endsBlock(utf8: ArraySlice(line.utf8)) { session.endBlock() }
        let results = session.run(line: line)
        if lineNumbers, results.contains(where: { if case .failure = $0.outcome { true } else { false } }) {
            session.placeFailure(line: index + 1)
        }
        last = results.last ?? last
    }
    guard let last else { return "<nothing>" }
    switch last.outcome {
    case .failure(let diagnostic): return Seen(diagnostic)
    case .success(.labelled(let label, .value(let value, _))): return .text(label + ": " + (value.isExact ? "" : "≈ ") + value.text)
    case .success(.value(let value, _)): return .text((value.isExact ? "" : "≈ ") + value.text)
    case .success(.productAdded(let product, _, _, _, _)): return .text("added " + product.name)
    case .success(let other): return .text("<not a value: \(other)>")
    }
}

/// The result of `line` run in `session`, as `sheetResult` gives it.
private func sheetResultAfter(_ session: inout Session, _ line: String) -> Seen {
    switch session.run(line: line).last?.outcome {
    case .failure(let diagnostic)?: return Seen(diagnostic)
    case .success(.assignment(_, let value, _))?: return .text(value.text)
    case .success(.removed(let names))?: return .text("removed " + names.joined(separator: ", "))
    case let other: return .text("<\(String(describing: other))>")
    }
}

struct SheetTests {
    @Test("a label is shown with the result", arguments: [
        (["milk: 2 * 1.19"], "milk: 2.38"),
        (["pasta 1.5 kg: 2.49 per 500 g * 1.5 kg"], "pasta 1.5 kg: 7.47"),
        (["Milch, 1 l: 1.19"], "Milch, 1 l: 1.19"),
        (["milk:2"], "milk: 2"),
        (["x = 2", "twice x: x * 2"], "twice x: 4"),
        // A statement that starts with a command has no label: the product is "Pasta: Barilla".
        (["add 2.49 500 g Pasta: Barilla"], "added Pasta: Barilla"),
        // Nothing after the label.
        (["milk:"], .problem(.arguments(.labelWithoutStatement("milk")), column: 5)),
        // The statement after the label fails at its own column.
        (["milk: 2 * "], .problem(.syntax(.operandExpected(after: "'*'")), column: 10)),
    ] as [([String], Seen)])
    func labels(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("a label of one name names its result below its line; a label of words only labels it", arguments: [
        (["milk: 2 * 1.19", "milk"], "2.38"),
        (["income: 2000", "rent: 800", "left: income - rent"], "left: 1200"),
        (["milk: 2.38", "bread: 2.10", "income: total", "rent: 1", "income * 2"], "8.96"),
        (["café: 2", "café * 2"], "4"),
        (["w2: €1,500.50", "w2 * 2"], "€3001.00"),
        // A continuing line and a labelled assignment name their results too.
        (["1", "2", "total", "taxed: * 1.5", "taxed"], "4.5"),
        (["x: y = 3", "x + y"], "6"),
        // A name a label gave may be given again: each week's milk.
        (["milk: 2", "", "milk: 3", "milk"], "3"),
        // Words only label; a table or a message names nothing.
        (["pasta 1.5 kg: 2", "pasta"], .problem(.arguments(.unknownVariable("pasta", suggestion: nil)), column: 1)),
    ] as [([String], Seen)])
    func labelsName(_ lines: [String], _ expected: Seen) {
        let seen = sheetResult(lines)
        // An unknown name's problem carries its suggestion: compare the code and column.
        if case .problem(let problem, let column) = expected, case .problem(let got, let gotColumn) = seen {
            #expect(got.code == problem.code && gotColumn == column)
        } else {
            #expect(seen == expected)
        }
    }

    @Test("a label whose name is taken is refused at its column, and changes nothing", arguments: [
        (["kg: 3"], .problem(.arguments(.sheet(.labelTaken("kg", by: .unit("kg")))), column: 1)),
        (["week: 5 * 8 h"], .problem(.arguments(.sheet(.labelTaken("week", by: .unit("weeks")))), column: 1)),
        (["x = 1; kg: 3"], .problem(.arguments(.sheet(.labelTaken("kg", by: .unit("kg")))), column: 8)),
        (["x = 2", "x: 5"], .problem(.arguments(.sheet(.labelTaken("x", by: .variable("2")))), column: 1)),
        (["milk: 2", "milk = 5", "milk: 3"], .problem(.arguments(.sheet(.labelTaken("milk", by: .variable("5")))), column: 1)),
        (["pi: 3"], .problem(.arguments(.sheet(.labelTaken("pi", by: .reserved("a constant")))), column: 1)),
        (["today: 3"], .problem(.arguments(.sheet(.labelTaken("today", by: .reserved("a date (today)")))), column: 1)),
        (["sqrt: 4"], .problem(.arguments(.sheet(.labelTaken("sqrt", by: .reserved("a function")))), column: 1)),
        (["ans: 4"], .problem(.arguments(.sheet(.labelTaken("ans", by: .reserved("the last result")))), column: 1)),
        (["area(w) = w", "area: 3"], .problem(.arguments(.sheet(.labelTaken("area", by: .userFunction))), column: 1)),
        (["unit crate = 20 L", "crate: 3"], .problem(.arguments(.sheet(.labelTaken("crate", by: .unit("crate")))), column: 1)),
        (["total: 5"], .problem(.arguments(.sheet(.labelIsCommand("total"))), column: 1)),
        (["vat : 19%"], .problem(.arguments(.sheet(.labelIsCommand("vat"))), column: 1)),
        // Refused, the label changed nothing: x is still 2.
        (["x = 2", "x: 5", "x"], "2"),
    ] as [([String], Seen)])
    func labelRefused(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("NAME = total keeps the block's figure; inside an expression a figure is refused", arguments: [
        (["1", "2", "income = total", "income * 2"], "6"),
        (["1", "2", "s = sum", "s"], "3"),
        (["1", "3", "m = average", "m"], "2"),
        (["1", "3", "n = count", "n"], "2"),
        (["1", "2", "x: y = total", "x + y"], "6"),
        // The figure ends its block as a total does.
        (["1", "2", "income = total", "5", "total"], "5"),
        // Refused for its name, it changes nothing: the block is still there.
        (["1", "2", "sqrt = total", "total"], "3"),
        (["1", "1/0", "x = total"], .problem(.arguments(.blockLineFailed(command: "total", line: nil, statement: "1/0")), column: 5)),
        // A refused figure ends its block, and is no failed line of the next.
        (["a: 1/0", "income = total", "b: 2", "total"], "2"),
        (["a: 1/0", "x: total", "b: 2", "z: 3", "total"], "5"),
        (["x = total * 2"], .problem(.arguments(.sheet(.figureInExpression("total"))), column: 5)),
        // sum is also the statistic, which takes its values after it.
        (["1", "y: 3 * sum"], .problem(.syntax(.functionWithoutParentheses("sum", synopsis: "sum(x, y, …) or sum(list)")), column: 8)),
    ] as [([String], Seen)])
    func figureAssigned(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("the names labels gave are kept in a saved set: after a recall a label may give them again")
    func labelledNamesSaved() throws {
        var session = Session()
        _ = session.run(line: "milk: 2")
        _ = session.run(line: "x = 5")
        let set = SavedSet(name: "week", savedAt: "2026-11-22T10:22:00", state: session.state, headline: nil)
        let text = String(decoding: SavedSetsFile.encode([set]), as: UTF8.self)
        #expect(text.contains("\"labels\""))
        let read = try SavedSetsFile.decode(Array(text.utf8))
        var fresh = Session()
        _ = fresh.recall(read.sets[0])
        #expect(!sheetResultAfter(&fresh, "milk: 3").isProblem)
        #expect(fresh.calculator.variables["milk"] == Quantity(Number(3)))
        #expect(sheetResultAfter(&fresh, "x: 3").isProblem)
        // unset takes the name off, so a file never names a label without its variable.
        _ = fresh.run(line: "unset milk")
        #expect(!fresh.calculator.labelled.contains("milk"))
        // A set whose label names no variable cannot be read.
        let broken = text.replacing("\"milk\"\n", with: "\"nothing\"\n")
        #expect(try SavedSetsFile.decode(Array(broken.utf8)).unreadable.count == 1)
    }

    @Test("total, sum, average and count read the block above", arguments: [
        (["2.38", "2.10", "7.47", "total"], "11.95"),
        (["2.38", "2.10", "7.47", "sum"], "11.95"),
        (["milk: 2.38", "bread: 2.10", "total"], "4.48"),
        (["1", "2", "6", "average"], "3"),
        (["1", "2", "6", "count"], "3"),
        // A blank line and a ## heading end the block; so does a total.
        (["100", "", "1", "2", "total"], "3"),
        (["100", "## Week 2", "1", "2", "total"], "3"),
        (["100", "total", "1", "2", "total"], "3"),
        // A run of total, average and count covers one block.
        (["1", "2", "total", "average"], "1.5"),
        (["1", "2", "total", "count"], "2"),
        // Assignments and commands are not results of the block.
        (["x = 5", "1", "2", "total"], "3"),
        // Money in one currency, quantities of one dimension.
        (["€2.38", "€2.10", "total"], "€4.48"),
        (["1 kg", "500 g", "total"], "1.5 kg"),
        (["rate 1 € = 1.10 $", "€10", "$11", "total"], "€20.00"),
        (["1 kg", "1 l", "total"], .problem(.arguments(.blockDoesNotAdd(command: "total", result: 2, value: "1 L",
                                                                   reason: "cannot add a mass and a volume")), column: 1)),
        // Nothing above: a total is 0, a count 0, an average an error.
        (["total"], "0"),
        (["count"], "0"),
        (["average"], .problem(.arguments(.nothingToAverage), column: 1)),
        (["total 2"], .problem(.arguments(.takesNoArguments("total")), column: 7)),
        // total sets ans.
        (["1", "2", "total", "ans * 2"], "6"),
    ] as [([String], Seen)])
    func totals(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("a variable kept before total was a command is still read, and an expression reads it")
    func keptVariableNamedTotal() throws {
        var session = Session()
        _ = session.run(line: "kept = 2")
        let set = SavedSet(name: "old", savedAt: "2026-11-22T10:22:00", state: session.state, headline: nil)
        let text = String(decoding: SavedSetsFile.encode([set]), as: UTF8.self).replacing("\"kept\"", with: "\"total\"")
        let read = try SavedSetsFile.decode(Array(text.utf8))
        var fresh = Session()
        _ = fresh.recall(read.sets[0])
        #expect(sheetResultAfter(&fresh, "y = total * 2") == "4")
        #expect(sheetResultAfter(&fresh, "unset total") == "removed total")
    }

    @Test("a block keeps at most its limit of results, and counts the rest")
    func blockLimit() {
        var block = Block()
        for _ in 0..<(2 * Block.limit + 5) { block.record(Quantity(Number(1))) }
        #expect(block.count == 2 * Block.limit + 5)
        #expect(block.values.count <= Block.limit)
        #expect(block.uncounted > 0)
        block.reset()
        #expect(block.count == 0)
    }

    @Test("a block of more results than one page of them totals, averages and counts them all, in order")
    func blockAcrossPages() {
        func numbers(_ count: Int) -> [String] { (1...count).map { "\($0)" } }
        for count in [4_096, 4_097, 9_000, 12_289] {
            #expect(sheetResult(numbers(count) + ["total"]) == Seen(stringLiteral: "\(count * (count + 1) / 2)"))
            #expect(sheetResult(numbers(count) + ["total", "count"]) == Seen(stringLiteral: "\(count)"))
        }
        // A long block, then a short one: the second reads only its own results.
        #expect(sheetResult(numbers(9_000) + ["", "1", "2", "3", "total"]) == "6")
        #expect(sheetResult(numbers(9_000) + ["total", "1", "2", "3", "average"]) == "2")
        // Results kept apart (a fraction beyond 64 bits, a quantity) keep their place
        // among the others.
        let mixed = numbers(5_000) + ["2^70", "1 kg", "1/3"] + numbers(10) + ["total"]
        #expect(sheetResult(mixed) == .problem(.arguments(.blockDoesNotAdd(
            command: "total", result: 5_002, value: "1 kg", reason: "cannot add a plain number and a mass")), column: 1))
        #expect(sheetResult(["2^70"] + numbers(5_000) + ["2^70", "total"])
                == "2361183241434835109348")  // 2 × 2^70 + 5,000 × 5,001 / 2, by Python
        // The result that does not add is named by its place, past the first pages.
        let lines = Array(repeating: "1 kg", count: 8_200) + ["1 l", "total"]
        #expect(sheetResult(lines) == .problem(.arguments(.blockDoesNotAdd(
            command: "total", result: 8_201, value: "1 L", reason: "cannot add a mass and a volume")), column: 1))
    }

    @Test("a block with a failed line refuses its total, naming the line")
    func failedLine() {
        #expect(sheetResult(["1", "2 *", "3", "total"], lineNumbers: true)
                == .problem(.arguments(.blockLineFailed(command: "total", line: 2, statement: "2 *")), column: 1))
        // In the shell, without line numbers, the statement is named.
        #expect(sheetResult(["1", "2 *", "average"])
                == .problem(.arguments(.blockLineFailed(command: "average", line: nil, statement: "2 *")), column: 1))
        // A blank line starts over.
        #expect(sheetResult(["2 *", "", "3", "total"]) == "3")
        // A total's own failure is no line of the next total's block.
        #expect(sheetResult(["total 1", "4", "total"]) == "4")
    }

    @Test("a total that fails ends its block as one that succeeds does", arguments: [
        // 2 + 3: the failed line belongs to the block the first total refused.
        (["a: 1/0", "total", "b: 2", "z: 3", "total"], "5"),
        (["1 kg", "1 l", "total", "2 kg", "500 g", "sum"], "2.5 kg"),
        (["average", "4", "6", "average"], "5"),
        // The run that failed still reads its one block.
        (["1", "2 *", "total", "count"], .problem(.arguments(.blockLineFailed(command: "count", line: nil, statement: "2 *")),
                                                  column: 1)),
        // A line that goes on from a refused total has nothing to go on from (it went on
        // from the last good result: 2 × 1.19), and neither has the next.
        (["a: 2", "b: 1/0", "total", "* 1.19"], .problem(.arguments(.continuesRefusedFigure("total")), column: 1)),
        (["a: 2", "b: 1/0", "total", "* 1.19", "+ 1"], .problem(.arguments(.continuesRefusedFigure("total")), column: 1)),
        (["p: €3", "q: $4", "sum", "+ 1"], .problem(.arguments(.continuesRefusedFigure("sum")), column: 1)),
        (["a: 2", "b: 1/0", "total", "* 1.19", "z: 3", "total", "* 2"], "6"),
    ] as [([String], Seen)])
    func failedTotalEndsBlock(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("a line that goes on from a total belongs to it: it is no result of the next block", arguments: [
        // 100 + 200 = 300, taxed 330; the next block is 10 alone.
        (["x: 100", "y: 200", "total", "* 1.1", "z: 10", "total"], "10"),
        (["1", "2", "total", "* 1.19", "+ -10%", "5", "6", "total"], "11"),
        (["1", "2", "total", "taxed: * 1.1", "5", "total"], "5"),
        (["1", "2", "total", "* x", "5", "total"], "5"),
        // A count after it still reads the block the total read.
        (["1", "2", "total", "* 1.19", "count"], "2"),
        (["1", "2", "6", "total", "/ 9", "average"], "3"),
        // It goes on from the last result, which a count sets: 2 × 1.19.
        (["10", "20", "total", "count", "* 1.19"], "2.38"),
        // Away from a total, a continuing line is a result of its block: 10 + 20.
        (["10", "* 2", "total"], "30"),
    ] as [([String], Seen)])
    func continuingFromTotal(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }

    @Test("a line that starts with an operator goes on from the last result", arguments: [
        (["10", "* 1.19"], "11.9"),
        (["10", "+ 5"], "15"),
        (["10", "/ 4"], "2.5"),
        (["3", "^ 2"], "9"),
        (["10", "× 3"], "30"),
        (["10", "÷ 4"], "2.5"),
        (["1", "2", "total", "* 1.19", "+ -10%"], "3.213"),
        (["200", "+ -10%"], "180"),
        // A leading minus stays unary.
        (["10", "-5"], "-5"),
        (["10", "with vat: * 1.19"], "with vat: 11.9"),
        // Columns of a failure are the line's.
        (["10", "* 2 *"], .problem(.syntax(.operandExpected(after: "'*'")), column: 6)),
        (["* 2"], .problem(.arguments(.nothingToContinue("*")), column: 1)),
        (["milk: * 2"], .problem(.arguments(.nothingToContinue("*")), column: 7)),
    ] as [([String], Seen)])
    func continuing(_ lines: [String], _ expected: Seen) {
        #expect(sheetResult(lines) == expected)
    }
}

struct SheetTextTests {
    private func split(_ line: String) -> (content: String, recorded: SheetText.Answer?, ending: String) {
        let parts = SheetText.split(ArraySlice(line.utf8))
        return (String(decoding: parts.content, as: UTF8.self), parts.recorded, String(decoding: parts.ending, as: UTF8.self))
    }

    @Test("an answer comment is taken off the line, and only an answer comment", arguments: [
        ("milk: 2 * 1.19  # = 2.38", "milk: 2 * 1.19", SheetText.Answer.value("2.38"), ""),
        ("2 *   # ! error: expected a number", "2 *", .failure("expected a number"), ""),
        ("x * 2  # double  # = 6", "x * 2  # double", .value("6"), ""),
        ("1 + 1 # = 2\r", "1 + 1", .value("2"), "\r"),
        ("remove #2  # = removed", "remove #2", .value("removed"), ""),
        ("name \"a # = b\"  # = x", "name \"a # = b\"", .value("x"), ""),
    ] as [(String, String, SheetText.Answer?, String)])
    func splits(_ line: String, _ content: String, _ recorded: SheetText.Answer?, _ ending: String) {
        let parts = split(line)
        #expect(parts.content == content)
        #expect(parts.recorded == recorded)
        #expect(parts.ending == ending)
    }

    @Test("a recorded answer is the same as a new one of the same value, in the same words", arguments: [
        ("2.0", "2", true), ("2", "2.0", true), ("€15.40", "€15.4", true), ("2.50 kg", "2.5 kg", true),
        ("1,234.50", "1234.5", true), ("-0.50", "-0.5", true), ("1.5e3", "1500", true), ("≈ 0.330", "≈ 0.33", true),
        ("2.0", "2.01", false), ("2 kg", "2 g", false), ("≈ 2", "2", false), ("€2", "$2", false), ("12,5", "125", false),
        ("-2", "2", false), ("1 h 30 min", "1 h 31 min", false), ("removed", "removed", true), ("yes", "no", false),
        // Money in a sheet is grouped now; an answer recorded before, without grouping, is the same.
        ("€18000.00", "€18,000.00", true), ("€18,000.00", "€18000", true), ("€1234.50 per kg", "€1,234.50 per kg", true),
        ("≈ €33333.33", "≈ €33,333.33", true), ("-€1,234.00", "-€1234", true), ("€18,000.00", "€18,000.01", false),
        ("€18,000.00", "$18,000.00", false),
    ] as [(String, String, Bool)])
    func sameValue(_ recorded: String, _ now: String, _ same: Bool) {
        #expect(SheetText.Answer.value(recorded).isSame(as: .value(now)) == same)
    }

    @Test("in comma input a comma is the decimal separator and a dot groups", arguments: [
        ("2,0", "2", true), ("1.234,5", "1234,50", true), ("1,234", "1234", false),
    ] as [(String, String, Bool)])
    func sameValueInCommaInput(_ recorded: String, _ now: String, _ same: Bool) {
        #expect(SheetText.Answer.value(recorded).isSame(as: .value(now), notation: .comma) == same)
    }

    @Test("a failure is the same only as the same failure")
    func sameFailure() {
        #expect(SheetText.Answer.failure("x").isSame(as: .failure("x")))
        #expect(!SheetText.Answer.failure("2").isSame(as: .value("2")))
        #expect(!SheetText.Answer.value("2").isSame(as: .failure("2")))
    }

    @Test("lines without an answer stay whole", arguments: [
        "milk: 2 * 1.19", "# = 2.38", "  # = 2.38", "x # note", "x #= 5", "name \"a # = b\"", "", "   ",
    ])
    func keeps(_ line: String) {
        let parts = split(line)
        #expect(parts.content == line)
        #expect(parts.recorded == nil)
    }

    @Test("blank lines and ## headings end a block; other comments do not", arguments: [
        ("", true), ("   ", true), ("\r", true), ("## Week 2", true), ("  ## x", true),
        ("# note", false), ("1 + 1", false), ("#", false),
    ])
    func blockEnds(_ line: String, _ ends: Bool) {
        #expect(SheetText.endsBlock(utf8: ArraySlice(line.utf8)) == ends)
    }

    @Test("answers line up in one column per block, two blanks after the widest statement")
    func layout() {
        var layout = SheetLayout()
        var output: [UInt8] = []
        let lines = [("milk: 2 * 1.19", SheetText.Answer.value("2.38")), ("total", .value("2.38"))]
        for (text, answer) in lines { layout.answer(SheetText.split(ArraySlice(text.utf8)), with: answer, newline: true) }
        layout.endBlock(into: &output)
        layout.keep(SheetText.split(ArraySlice("".utf8)), newline: true)
        layout.answer(SheetText.split(ArraySlice("2 *   ".utf8)), with: .failure("oops"), newline: false)
        layout.endBlock(into: &output)
        #expect(String(decoding: output, as: UTF8.self) == """
            milk: 2 * 1.19  # = 2.38
            total           # = 2.38

            2 *  # ! error: oops
            """)
    }

    @Test("in Markdown only lines inside ```per fences hold statements")
    func markdown() {
        let lines = ["# Title", "```per", "1 + 1", "```", "text", "```sh", "ls", "```", "~~~ per", "2", "~~~", "````per", "```", "3", "````"]
        var fences = MarkdownFences()
        let holding = lines.filter { fences.holdsStatements(ArraySlice($0.utf8)) }
        #expect(holding == ["1 + 1", "2", "```", "3"])
    }
}
