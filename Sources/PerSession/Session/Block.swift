import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The results of the value statements since a block began, which `total`, `average` and
/// `count` read. A block begins at the start, after a blank line or a `##` heading (the
/// shell says so with `endBlock`), after `new`, and at the first value after a total: a
/// run of `total`, `average` and `count` lines reads one block.
struct Block: Sendable {
    /// A statement that failed in the block: its line (once the shell gives it) and its text.
    struct Failure: Sendable {
        var line: Int?
        let statement: String
    }

    /// The results: only the values, so that a line pays one append for them. A plain
    /// fraction of machine-sized parts (most results) is kept in two words, half a
    /// quantity's size; any other result is kept with its place among them all.
    private var fractions = PagedValues<PlainFraction>()
    private var others = PagedValues<PlacedQuantity>()
    /// A plain result whose parts fit in 64 bits.
    private struct PlainFraction: Sendable {
        let numerator: Int64
        let denominator: Int64
    }
    /// A result that is no plain machine-sized fraction, and its place in the block.
    private struct PlacedQuantity: Sendable {
        let place: Int
        let value: Quantity
    }
    /// The first failure since the block began, which refuses its total.
    private(set) var failure: Failure?
    /// Set by a total: the next statement starts a new block.
    private var closed = false
    /// The name of a total, average or count that was refused: a line that goes on from it
    /// (`* 1.19`) has no result to go on from.
    var refusedFigure: String?
    /// Whether a result was a range (`12 kg ± 0.5 kg`), which refuses a total and an average.
    private(set) var holdsRange = false
    /// Whether a result was a list (`[1, 2, 3]`), which refuses a total and an average.
    private(set) var holdsList = false
    /// How many results a block keeps: past them, only their count is kept, so that a
    /// script or a pipe of many lines with no blank line never fills memory.
    static let limit = 100_000
    /// Results past the limit, counted but not kept; while there are any, the block is too
    /// long to total.
    private(set) var uncounted = 0

    /// The units of the last results that had one, which a result of the identical unit
    /// shares rather than keeping a copy of its own: a run of `PRICE per QTY g to per kg`
    /// lines makes a new `per kg` each line, and a block keeps every result.
    private var recentUnits: [CompoundUnit] = []
    /// How many units `recentUnits` keeps, and where the next one goes when it is full.
    private static let recentUnitLimit = 16
    private var nextRecentUnit = 0

    /// Keeps a value statement's result.
    @inline(__always)
    mutating func record(_ value: Quantity) {
        if closed || valueCount >= Block.limit { return recordRarely(value) }
        append(value.isPlain ? value : sharingUnit(value))
    }

    @inline(__always)
    private mutating func append(_ value: Quantity) {
        if value.isPlain, let parts = value.magnitude.machineFraction {
            fractions.append(PlainFraction(numerator: parts.numerator, denominator: parts.denominator))
        } else {
            others.append(PlacedQuantity(place: valueCount, value: value))
        }
    }

    /// How many results are kept.
    private var valueCount: Int { fractions.count + others.count }

    /// The results kept, in order.
    var values: [Quantity] {
        var values: [Quantity] = []
        values.reserveCapacity(valueCount)
        var fractionValues = fractions.all.makeIterator()
        var otherValues = others.all.makeIterator()
        var nextOther = otherValues.next()
        while values.count < valueCount {
            if let other = nextOther, other.place == values.count {
                values.append(other.value)
                nextOther = otherValues.next()
            } else if let fraction = fractionValues.next() {
                values.append(Quantity(.exact(Rational(reduced: fraction.numerator, fraction.denominator))))
            } else {
                break
            }
        }
        return values
    }

    /// `value` with the unit of a recent result when it is the identical unit.
    private mutating func sharingUnit(_ value: Quantity) -> Quantity {
        for unit in recentUnits where unit.isIdentical(to: value.unit) { return Quantity(value.magnitude, unit) }
        if recentUnits.count < Block.recentUnitLimit {
            recentUnits.append(value.unit)
        } else {
            recentUnits[nextRecentUnit] = value.unit
            nextRecentUnit = (nextRecentUnit + 1) % Block.recentUnitLimit
        }
        return value
    }

    /// `record` after a total, or past the limit.
    private mutating func recordRarely(_ value: Quantity) {
        if closed { reset() }
        if uncounted > 0 || valueCount >= Block.limit {
            uncounted += valueCount + 1
            fractions.removeAll()
            others.removeAll()
        } else {
            append(value)
        }
    }

    /// Keeps a result that is a range, by its middle for `count`; its total is refused.
    mutating func recordRange(_ middle: Quantity) {
        record(middle)
        holdsRange = true
    }

    /// Keeps a result that is a list, by its first value for `count`; its total is refused.
    mutating func recordList(_ first: Quantity) {
        record(first)
        holdsList = true
    }

    /// How many results the block has had.
    var count: Int { valueCount + uncounted }

    /// Keeps a failed statement, which refuses the block's total; the first one is named.
    mutating func recordFailure(_ statement: StatementSource) {
        if closed { reset() }
        if failure == nil { failure = Failure(line: nil, statement: statement.text) }
    }

    /// Gives the failure just kept its line, when it has none yet.
    mutating func placeFailure(line: Int) {
        if failure != nil, failure?.line == nil { failure?.line = line }
    }

    /// After a total: what follows starts a new block.
    mutating func close() { closed = true }

    /// Whether a total closed the block: the next result starts a new one.
    var isClosed: Bool { closed }

    mutating func reset() {
        fractions.removeAll()
        others.removeAll()
        uncounted = 0
        failure = nil
        closed = false
        refusedFigure = nil
        holdsRange = false
        holdsList = false
    }
}

extension Session {
    /// Ends the block that `total` reads: the shell calls it at a blank line or a `##`
    /// heading (a sheet) or an empty line (the shell).
    public mutating func endBlock() { block.reset() }

    /// Whether a total, average or count has read the block: the next result starts a new
    /// one. A sheet lines up the answers of each block in a column of their own.
    public var isBlockTotalled: Bool { block.isClosed }

    /// A line too long to read, at `line`: it fails the block as a failed statement does, so a
    /// total below it is refused naming it.
    public mutating func recordUnreadLine(beginning: String, line: Int) {
        block.recordFailure(StatementSource(beginning))
        block.placeFailure(line: line)
    }

    /// Gives the line that just failed its number, so that a total below it can name it;
    /// the shell calls it for each failure of a numbered line (a script, a sheet).
    public mutating func placeFailure(line: Int) { block.placeFailure(line: line) }

    /// Whether a statement that starts with `first` may carry a label or continue from the
    /// last result; any other first character (a digit, `(`, `-`) needs neither check.
    @inline(__always)
    static func mayBeMarked(_ first: Unicode.Scalar) -> Bool {
        first.value >= 0x41 || first == "+" || first == "*" || first == "/"
    }

    /// Runs a statement that starts with a letter or an operator: a continuing line
    /// (`* 1.19` is `ans * 1.19`), a labelled one (`milk: 2 * 1.19`), a block command, or
    /// any other statement.
    mutating func attemptMarked(_ source: StatementSource, supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        let first = source.scalars[source.scalars.startIndex]
        if Self.continues(first) {
            guard calculator.lastResult != nil else {
                let diagnostic = Diagnostic(ArgumentError.nothingToContinue(first), at: source.offset..<(source.offset + 1))
                return recorded(.failure(diagnostic), source)
            }
            if block.isClosed { return continuingTotal(source, supplied: supplied, context: context) }
            return recorded(continuing(source, supplied: supplied, context: context), source)
        }
        guard Lexer.isLetter(first) else { return recorded(evaluate(source, supplied: supplied, context: context), source) }
        if let (label, rest) = Self.label(of: source) {
            return labelled(label, rest, of: source, supplied: supplied, context: context)
        }
        if let word = Self.commandAsLabel(source) {
            let name = StatementSource.string(source.scalars[word])
            return recorded(.failure(Diagnostic(ArgumentError.sheet(.labelIsCommand(name)), at: word)), source)
        }
        // A total's own failure is not a line of the block.
        if let outcome = figureAssignment(source, supplied: supplied, context: context) { return outcome }
        let result = evaluate(source, supplied: supplied, context: context)
        if case .failure = result, Self.readsBlock(source) { return result }
        return recorded(result, source)
    }

    /// `milk: 2 * 1.19`: the statement after the label, its outcome under the label. A label
    /// of one name names the result, and is refused, at its column, when the name is taken.
    private mutating func labelled(_ label: String, _ rest: StatementSource, of source: StatementSource,
                                   supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        guard !rest.scalars.isEmpty else {
            let colon = rest.offset - 1
            return recorded(.failure(Diagnostic(ArgumentError.labelWithoutStatement(label), at: colon..<(colon + 1))), source)
        }
        let name = Self.labelName(label)
        if let name, let clash = labelClash(name) {
            let range = source.offset..<(source.offset + name.unicodeScalars.count)
            return recorded(.failure(Diagnostic(ArgumentError.sheet(.labelTaken(name, by: clash)), at: range)), source)
        }
        let first = rest.scalars[rest.scalars.startIndex]
        var outcome: StatementOutcome
        var ofTotal = false
        if Self.continues(first) {
            if calculator.lastResult != nil, block.isClosed {
                outcome = continuingTotal(rest, supplied: supplied, context: context)
                ofTotal = true
            } else {
                outcome = calculator.lastResult == nil
                    ? .failure(Diagnostic(ArgumentError.nothingToContinue(first), at: rest.offset..<(rest.offset + 1)))
                    : continuing(rest, supplied: supplied, context: context)
            }
        } else {
            outcome = figureAssignment(rest, supplied: supplied, context: context) ?? evaluate(rest, supplied: supplied, context: context)
        }
        if let name, case .success(let result) = outcome, Self.namesResult(result) { self.name(label: name) }
        outcome = outcome.map { .labelled(label: label, $0) }
        // A total's own failure is not a line of the block, labelled or not.
        if case .failure = outcome, Self.readsBlock(rest) || Self.figureAssigned(in: rest) != nil { return outcome }
        return ofTotal ? outcome : recorded(outcome, source)
    }

    /// Whether a statement is `total`, `sum`, `average` or `count`.
    private static func readsBlock(_ source: StatementSource) -> Bool {
        guard let word = source.firstWord, case .blockFigure? = CommandCatalogue.command(named: word.text)?.command else { return false }
        return true
    }

    /// A failure is kept in the block, to refuse its total.
    @inline(__always)
    mutating func recorded(_ result: StatementOutcome, _ source: StatementSource) -> StatementOutcome {
        if case .failure = result { block.recordFailure(source) }
        return result
    }

    /// The operators a continuing line starts with; a leading `-` stays the unary minus.
    static func continues(_ first: Unicode.Scalar) -> Bool {
        first == "+" || first == "*" || first == "/" || first == "^" || first == "×" || first == "÷"
    }

    /// A continuing line right after a total (`total`, then `* 1.19`), or after such a line:
    /// it belongs to the run of totals, so its result is no result of the next block and a
    /// failure of it refuses no total; the block stays as the total left it, read by a
    /// `count` below and ended by the next result.
    private mutating func continuingTotal(_ source: StatementSource, supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        if let figure = block.refusedFigure {
            return .failure(Diagnostic(ArgumentError.continuesRefusedFigure(figure), at: source.offset..<(source.offset + 1)))
        }
        let run = block
        let result = continuing(source, supplied: supplied, context: context)
        block = run
        return result
    }

    /// `* 1.19` run as `ans * 1.19`: the statement is copied behind `ans `, and the columns
    /// of a failure are moved back to the line's (one in `ans` points at the operator).
    private mutating func continuing(_ source: StatementSource, supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        let prefix: [Unicode.Scalar] = ["a", "n", "s", " "]
        let shift = max(0, prefix.count - source.offset)
        let start = source.offset + shift - prefix.count
        var scalars = [Unicode.Scalar](repeating: " ", count: start)
        scalars += prefix
        scalars += source.scalars
        let shifted = StatementSource(scalars[start...])
        return evaluate(shifted, supplied: supplied, context: context).mapError { diagnostic in
            let low = max(source.offset, diagnostic.range.lowerBound - shift)
            let high = max(low + 1, diagnostic.range.upperBound - shift)
            return Diagnostic(diagnostic.problem, at: low..<high, missingInputs: diagnostic.missingInputs,
                              refusedInputs: diagnostic.refusedInputs)
        }
    }

    /// The label a statement starts with, and the statement after it: words up to the
    /// first `:`, the first of them no command (`add 2.49 500 g Pasta: Barilla` names a
    /// product). Nil when there is no such label.
    static func label(of source: StatementSource) -> (label: String, rest: StatementSource)? {
        let scalars = source.scalars
        guard let colon = scalars.firstIndex(of: ":") else { return nil }
        // `x - 9:00`: a colon between digits is a time of day's.
        if colon > scalars.startIndex, colon + 1 < scalars.endIndex, scalars[colon - 1].value &- 48 < 10, scalars[colon + 1].value &- 48 < 10 { return nil }
        // A label is words: no assignment, call, quote or comparison before the colon.
        for scalar in scalars[..<colon] {
            switch scalar {
            case "=", "(", ")", "\"", "<", ">", ";": return nil
            default: continue
            }
        }
        let labelScalars = scalars[..<colon]
        var wordEnd = labelScalars.startIndex
        while wordEnd < colon, !StatementSource.isBlank(labelScalars[wordEnd]) { wordEnd += 1 }
        let firstWord = StatementSource.string(labelScalars[..<wordEnd])
        if CommandCatalogue.command(named: firstWord) != nil || firstWord == "let" { return nil }
        var end = colon
        while end > labelScalars.startIndex, StatementSource.isBlank(scalars[end - 1]) { end -= 1 }
        var restStart = colon + 1
        while restStart < scalars.endIndex, StatementSource.isBlank(scalars[restStart]) { restStart += 1 }
        return (StatementSource.string(scalars[..<end]), StatementSource(scalars[restStart...]))
    }

    /// `total`, `average` or `count` of the block above.
    mutating func blockFigure(_ figure: BlockFigure, named name: String, at range: Range<Int>,
                              arguments: StatementSource) throws(Diagnostic) -> Outcome {
        if let extra = arguments.firstWord {
            throw Diagnostic(ArgumentError.takesNoArguments(name), at: extra.range)
        }
        // Refused or not, the figure ends the block: the next result starts a new one.
        // Until it has its result, a line that goes on from it has none to go on from.
        defer { block.close() }
        block.refusedFigure = name
        // A failed line refuses the total, whichever figure is asked.
        if let failure = block.failure {
            throw Diagnostic(ArgumentError.blockLineFailed(command: name, line: failure.line, statement: failure.statement), at: range)
        }
        let values = block.values
        let result: Quantity
        switch figure {
        case .count:
            result = Quantity(Number(block.count))
        case .total, .average:
            if block.uncounted > 0 { throw Diagnostic(ArgumentError.blockTooLong(command: name, limit: Block.limit), at: range) }
            if block.holdsRange { throw Diagnostic(RangeRefusal.blockFigure(command: name), at: range) }
            if block.holdsList { throw Diagnostic(ListRefusal.blockFigure(command: name), at: range) }
            if figure == .average && block.count == 0 { throw Diagnostic(ArgumentError.nothingToAverage, at: range) }
            var sum: Quantity? = nil
            for (index, value) in values.enumerated() {
                guard let before = sum else {
                    sum = value
                    continue
                }
                do throws(QuantityError) {
                    sum = try QuantityMath.add(before, value, subtracting: false, rates: calculator.rates)
                } catch {
                    throw Diagnostic(ArgumentError.blockDoesNotAdd(command: name, result: index + 1, value: calculator.display(value).text,
                                                                   reason: error.message), at: range)
                }
            }
            var total = sum ?? Quantity(Number(0))
            if figure == .average {
                do throws(QuantityError) {
                    total = try QuantityMath.multiply(total, Quantity(Number(block.count)), dividing: true)
                } catch {
                    throw Diagnostic(error, at: range)
                }
            }
            result = total
        }
        calculator.lastResult = result
        block.refusedFigure = nil
        return .value(calculator.display(result))
    }
}
