/// Reads a command's arguments word by word: expressions, units and quantities such as
/// `500 g`, `500g`, `6x250 g` or `(3 * 1.99)`, each error pointing at its word.
struct Arguments {
    let source: StatementSource
    let words: [StatementSource.Word]
    /// The command's name as written, for messages.
    let commandName: String
    /// Where the command's name is, for errors about missing arguments.
    let commandRange: Range<Int>
    /// Evaluates expressions against the variables as they were when the command began.
    /// (It holds the evaluator, not the session, so that changing the session's list or
    /// inputs never copies them.)
    private let evaluator: Evaluator

    init(_ source: StatementSource, command: String, commandRange: Range<Int>, evaluator: Evaluator) {
        self.source = source
        self.commandName = command
        self.words = source.words
        self.commandRange = commandRange
        self.evaluator = evaluator
    }

    /// Where the end of the statement is, for "missing …" errors.
    var endRange: Range<Int> { source.scalars.endIndex..<(source.scalars.endIndex + 1) }

    func value(of range: Range<Int>) throws(Diagnostic) -> Number {
        try Parser.expression(source.slice(range), builder: evaluator).value
    }

    /// The currency symbol written on a price's literals, if any; two different ones are
    /// an error.
    func currency(in range: Range<Int>) throws(Diagnostic) -> Currency? {
        var found: Currency? = nil
        for token in Lexer.tokens(of: source.slice(range)) {
            guard case .number(let symbol?) = token.kind else { continue }
            let currency = Currency(symbol: Character(symbol), isPrefix: source.scalars[token.range.lowerBound] == symbol)
            if let found, found.symbol != Character(symbol) {
                throw Diagnostic("one price, two currencies: \(found.symbol) and \(symbol)", at: token.range)
            }
            found = currency
        }
        return found
    }

    /// The unit named by the words from `index` (trying three, two, then one word), and
    /// how many words it took.
    func unit(at index: Int) -> (unit: Unit, wordCount: Int)? {
        for count in stride(from: min(UnitTable.longestName, words.count - index), through: 1, by: -1) {
            let group = words[index..<(index + count)]
            guard group.allSatisfy({ !$0.isQuoted }) else { continue }
            if let unit = UnitTable.unit(named: group.map(\.text).joined(separator: " ")) {
                return (unit, count)
            }
        }
        return nil
    }

    /// Like `unit(at:)`, but every remaining word must belong to the unit.
    func requiredUnit(at index: Int) throws(Diagnostic) -> Unit {
        guard index < words.count else { throw Diagnostic("expected a unit, as in kg, ml or items", at: endRange) }
        guard let (unit, count) = unit(at: index) else { throw unknownUnit(words[index]) }
        try expectEnd(after: index + count)
        return unit
    }

    func unknownUnit(_ word: StatementSource.Word) -> Diagnostic {
        let hint = UnitTable.likelyMisspelling(word.text).map { "; did you mean '\($0)'?" } ?? " (units: g, kg, oz, lb, ml, L, fl oz, gal, items, …)"
        return Diagnostic("unknown unit '\(word.text)'" + hint, at: word.range)
    }

    /// A quantity word: an expression, optionally a multipack `6x330` (or `6×330`) and an
    /// attached unit (`500g`, `6x330ml`).
    func quantity(_ word: StatementSource.Word) throws(Diagnostic) -> (packs: Int?, amount: Number, unit: Unit?) {
        var range = word.range
        var packs: Int? = nil
        if let cross = multipackSign(in: range) {
            let count = try value(of: range.lowerBound..<cross)
            guard let whole = count.exactInteger, whole >= 1, whole <= EnteredQuantity.maxPacks else {
                throw Diagnostic(ShoppingError.packsNotWhole.message, at: range.lowerBound..<cross)
            }
            packs = whole
            range = (cross + 1)..<range.upperBound
        }
        if let (amountRange, unit) = attachedUnit(in: range) {
            return (packs, try value(of: amountRange), unit)
        }
        return (packs, try value(of: range), nil)
    }

    /// The `x` or `×` of a multipack, between a digit (or `)`) and a digit, `.` or `(`.
    private func multipackSign(in range: Range<Int>) -> Int? {
        var depth = 0
        for index in range where index > range.lowerBound && index < range.upperBound - 1 {
            let scalar = source.scalars[index]
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth -= 1 }
            guard depth == 0, scalar == "x" || scalar == "X" || scalar == "×" else { continue }
            let before = source.scalars[index - 1], after = source.scalars[index + 1]
            let digitBefore = before.properties.numericType != nil || before == ")"
            let digitAfter = after.properties.numericType != nil || after == "." || after == "("
            if digitBefore && digitAfter { return index }
        }
        return nil
    }

    /// A unit written right after the number (`500g`): the longest trailing name that is a
    /// unit and leaves a valid expression before it.
    private func attachedUnit(in range: Range<Int>) -> (Range<Int>, Unit)? {
        for start in range where start > range.lowerBound {
            let scalar = source.scalars[start], before = source.scalars[start - 1]
            let startsName = Lexer.isNameStart(scalar) || scalar == "°"
            guard startsName, !Lexer.isNameStart(before), before != "°" else { continue }
            let name = StatementSource.string(source.scalars[start..<range.upperBound])
            guard let unit = UnitTable.unit(named: name) else { continue }
            let amountRange = range.lowerBound..<start
            if (try? SyntaxTree.expression(source.slice(amountRange))) != nil { return (amountRange, unit) }
        }
        return nil
    }

    /// A whole quantity from `index`: the quantity word and its unit, attached or in the
    /// next words; a missing unit means items unless `unitRequired`. Also says whether a
    /// unit was written, and returns the index after what it read.
    func enteredQuantity(at index: Int, unitRequired: Bool) throws(Diagnostic) -> (EnteredQuantity, unitWritten: Bool, next: Int) {
        guard index < words.count else { throw Diagnostic("expected a quantity, as in 500 g", at: endRange) }
        let (packs, amount, attached) = try quantity(words[index])
        if let attached { return (EnteredQuantity(packs: packs, amount: amount, unit: attached), true, index + 1) }
        // Where the unit may be left out (`add 4.20 12 Eggs`), a unit no list compares
        // starts the name instead: `add 5.99 8 C batteries` is 8 items.
        if let (unit, count) = unit(at: index + 1), unitRequired || unit.dimension.isShoppable {
            return (EnteredQuantity(packs: packs, amount: amount, unit: unit), true, index + 1 + count)
        }
        if unitRequired {
            guard index + 1 < words.count else {
                throw Diagnostic("expected a unit after the quantity, as in 500 g", at: endRange)
            }
            throw unknownUnit(words[index + 1])
        }
        return (EnteredQuantity(packs: packs, amount: amount, unit: UnitTable.items), false, index + 1)
    }

    func expectEnd(after index: Int) throws(Diagnostic) {
        guard index < words.count else { return }
        if index == 0 { throw Diagnostic("\(commandName) takes no arguments", at: words[0].range) }
        throw Diagnostic("unexpected '\(words[index].text)'", at: words[index].range)
    }
}
