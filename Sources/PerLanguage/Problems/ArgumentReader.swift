import PerNumbers
import PerUnits

/// Reads a command's arguments from left to right with the one grammar: an expression
/// (`3*1.99`, `€12.99`, `6x330 ml`), a unit (`kg`, `per 100 g`), a word, or the rest of
/// the line. Each read starts where the last ended, so `add 2.49 500 g Barilla` is a
/// price, a quantity and a name, and every error points at its own column.
package struct ArgumentReader {
    package let source: StatementSource
    /// The command's name as written, for messages.
    package let commandName: String
    /// Where the command's name is, for errors about missing arguments.
    package let commandRange: Range<Int>
    /// Evaluates expressions against the session as it was when the command began. (It
    /// holds the evaluator, not the session, so changing the session never copies it.)
    package let evaluator: Evaluator
    /// Where the next read starts.
    package private(set) var position: Int

    package init(_ source: StatementSource, command: String, commandRange: Range<Int>, evaluator: Evaluator) {
        self.source = source
        self.commandName = command
        self.commandRange = commandRange
        self.evaluator = evaluator
        self.position = source.scalars.startIndex
        skipBlanks()
    }

    private var end: Int { source.scalars.endIndex }

    private mutating func skipBlanks() {
        while position < end, StatementSource.isBlank(source.scalars[position]) { position += 1 }
    }

    package var atEnd: Bool { position >= end }

    /// Where the end of the statement is, for "missing …" errors.
    package var endRange: Range<Int> { end..<(end + 1) }

    /// What is left, as a source of its own.
    package var rest: StatementSource { source.slice(position..<end) }

    /// The expression that starts here; stops where the grammar cannot go on (at a name
    /// that is not a unit, a number after a complete operand, a quote, `key=`).
    package mutating func expression(units: UnitsAfterNumbers = .any) throws(Diagnostic) -> (Evaluator.Operand, range: Range<Int>) {
        let start = position
        let read = rest
        let (value, stop): (Evaluator.Operand, Int)
        do throws(Diagnostic) {
            (value, stop) = try Parser.leadingExpression(read, builder: evaluator, unitsAfterNumbers: units)
        } catch where error.problem.code == .tooSmall {
            // Again with values below the range kept, so a term far below a sum's last digit
            // rounds away; only an argument refused as too small pays for it. (No digits are
            // asked for: an argument is not computed again with more bits.)
            let evaluator = evaluator
            (value, stop) = try evaluator.sharpened(.failure(error), digits: nil, knownDigits: { _, limit in limit }) { context in
                do throws(Diagnostic) {
                    return .success(try Parser.leadingExpression(read, builder: evaluator.with(context: context), unitsAfterNumbers: units))
                } catch {
                    return .failure(error)
                }
            }
        }
        var high = stop
        while high > start, StatementSource.isBlank(source.scalars[high - 1]) { high -= 1 }
        position = stop
        skipBlanks()
        try value.checkStatementValue()
        if value.isRange { throw Diagnostic(RangeRefusal.commandArgument, at: start..<high) }
        if value.isList { throw Diagnostic(ListRefusal.commandArgument, at: start..<high) }
        return (value, start..<high)
    }

    /// The unit that starts here: `kg`, `fl oz`, `per 100 g`, `m3/h`, `°C`.
    package mutating func unit() throws(Diagnostic) -> (CompoundUnit, range: Range<Int>) {
        let (unit, range, stop) = try Parser.leadingUnit(rest, builder: evaluator)
        position = stop
        skipBlanks()
        return (unit, range)
    }

    /// The next blank-separated word (quoted text is one word), without reading it.
    package var nextWord: StatementSource.Word? { rest.firstWord }

    /// Reads the next word.
    package mutating func word() -> StatementSource.Word? {
        guard let word = nextWord else { return nil }
        position = word.range.upperBound
        skipBlanks()
        return word
    }

    /// Every word left, without reading them.
    package var words: [StatementSource.Word] { rest.words }

    /// The `key=` that starts here (blanks allowed around `=`), without reading it.
    package func peekKey() -> (key: String, range: Range<Int>, end: Int)? {
        var index = position
        guard index < end, Lexer.isNameStart(source.scalars[index]) else { return nil }
        while index < end, Lexer.isNameContinuation(source.scalars[index]) { index += 1 }
        let range = position..<index
        while index < end, StatementSource.isBlank(source.scalars[index]) { index += 1 }
        guard index < end, source.scalars[index] == "=" else { return nil }
        return (source.text(range).lowercased(), range, index + 1)
    }

    /// Where the value that starts here ends: before the next `key=`, or at the end.
    package var valueEnd: Int {
        var look = self
        _ = look.word()
        while let next = look.nextWord {
            if look.peekKey() != nil { return next.range.lowerBound }
            _ = look.word()
        }
        return end
    }

    /// The value from here to `valueEnd`, without blanks at its end, when it holds `..`
    /// (`days=24 Dec 2026..31 Dec 2026`, `hours=9:00..17:00`); nil otherwise.
    package var rangeValue: Range<Int>? {
        var upper = valueEnd
        while upper > position, StatementSource.isBlank(source.scalars[upper - 1]) { upper -= 1 }
        guard upper - position >= 2, nextWord?.isQuoted != true,
              (position..<(upper - 1)).contains(where: { source.scalars[$0] == "." && source.scalars[$0 + 1] == "." }) else { return nil }
        return position..<upper
    }

    /// The first `±` or `+-` from here to `limit`, outside quotes.
    package func plusMinus(before limit: Int) -> Range<Int>? {
        var index = position
        while index < limit {
            let scalar = source.scalars[index]
            if scalar == "±" { return index..<(index + 1) }
            if scalar == "+", index + 1 < limit, source.scalars[index + 1] == "-" { return index..<(index + 2) }
            if StatementSource.isQuote(source.scalars, at: index) { return nil }
            index += 1
        }
        return nil
    }

    /// A reader of part of the statement, with this one's command and evaluator.
    package func reader(_ range: Range<Int>) -> ArgumentReader {
        ArgumentReader(source.slice(range), command: commandName, commandRange: commandRange, evaluator: evaluator)
    }

    /// Goes on reading from `index`.
    package mutating func move(to index: Int) {
        position = index
        skipBlanks()
    }

    /// Reads a `key=` (an estimator input's name and its `=`).
    package mutating func key() -> (key: String, range: Range<Int>)? {
        guard let (key, range, after) = peekKey() else { return nil }
        position = after
        skipBlanks()
        return (key, range)
    }

    /// Reads one token's worth of text if it is exactly `symbol` (`=`).
    package mutating func take(_ symbol: Unicode.Scalar) -> Bool {
        guard position < end, source.scalars[position] == symbol else { return false }
        position += 1
        skipBlanks()
        return true
    }

    /// Refuses a word here that is one edit from a unit (`gm`, `kgg`, `mls`; with
    /// `dimensions`, from a unit of one of them): it was probably meant as the unit.
    package func refuseMisspeltUnit(among dimensions: [Dimension]? = nil, quoting: Bool = false) throws(Diagnostic) {
        // The likely misspelling first: it lets a name such as `item12` through at once.
        guard let word = nextWord, !word.isQuoted,
              let unit = UnitTable.likelyMisspelling(word.text, among: dimensions),
              UnitTable.unit(named: word.text) == nil else { return }
        if quoting {
            throw Diagnostic(ArgumentError.misspeltUnitOrName(word.text, unit: unit), at: word.range)
        }
        throw Diagnostic(ArgumentError.misspeltUnit(word.text, unit: unit), at: word.range)
    }

    /// `on` or `off` as the only argument (`group on`, `club off`); nil when there is none.
    package mutating func onOff(example: String) throws(Diagnostic) -> Bool? {
        guard let word = word() else { return nil }
        try expectEnd()
        switch word.text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw Diagnostic(ArgumentError.wrongKind(command: commandName, takes: "on or off", example: example), at: word.range)
        }
    }

    /// A product's number, `2` or `#2`, as `remove` and `deal` take it.
    package mutating func productNumber(example: String, missing: String = "a product number",
                                takes: String = "a product number") throws(Diagnostic) -> (id: Int, range: Range<Int>) {
        guard let word = word() else {
            throw Diagnostic(ArgumentError.missing(command: commandName, what: missing, example: example), at: endRange)
        }
        guard let id = Int(word.text.hasPrefix("#") ? String(word.text.dropFirst()) : word.text) else {
            throw Diagnostic(ArgumentError.wrongKind(command: commandName, takes: takes, example: example), at: word.range)
        }
        return (id, word.range)
    }

    /// The text of a range of the statement, as written.
    package func text(_ range: Range<Int>) -> String { StatementSource.string(source.scalars[range]) }

    /// Refuses a number read up to `range` that goes on with a decimal comma (`1,99`,
    /// `2,5 kg`): read as it is, the rest would become a name or a second value.
    package func refuseDecimalComma(after range: Range<Int>) throws(Diagnostic) {
        let scalars = source.scalars
        guard range.upperBound + 1 < end, scalars[range.upperBound] == ",",
              ("0"..."9").contains(scalars[range.upperBound + 1]) else { return }
        var digits = range.upperBound + 1
        while digits < end, ("0"..."9").contains(scalars[digits]) { digits += 1 }
        var number = range.upperBound
        while number > range.lowerBound, ("0"..."9").contains(scalars[number - 1]) || scalars[number - 1] == "." { number -= 1 }
        throw Diagnostic(ArgumentError.decimalCommaNumber(text(number..<digits)), at: number..<digits)
    }

    /// A quantity read up to `range` that runs into the name after it, which read as it is
    /// would be misread: `500 g %Off` (the `%` taken as percent: 5 g) or `500 g =Pasta`
    /// (`g =` taken as a key: 500 items of `g =Pasta`). What was written, the quantity
    /// meant, and where the name meant is; nil when the quantity ends cleanly.
    package func quantityRunningIntoName(_ range: Range<Int>) -> (written: Range<Int>, quantity: String, name: Range<Int>)? {
        let scalars = source.scalars
        guard !range.isEmpty else { return nil }
        func wordEnd(from index: Int) -> Int {
            var index = index
            while index < end, !StatementSource.isBlank(scalars[index]) { index += 1 }
            return index
        }
        let last = scalars[range.upperBound - 1]
        if last == "%" || last == "‰" {
            var quantityEnd = range.upperBound - 1
            while quantityEnd > range.lowerBound, StatementSource.isBlank(scalars[quantityEnd - 1]) { quantityEnd -= 1 }
            let nameEnd = wordEnd(from: range.upperBound)
            return (range.lowerBound..<nameEnd, text(range.lowerBound..<quantityEnd), (range.upperBound - 1)..<nameEnd)
        }
        if let key = peekKey(), UnitTable.unit(named: key.key) != nil {
            // `g= x`: the name goes on to the word after the blank.
            var nameStart = key.end
            while nameStart < end, StatementSource.isBlank(scalars[nameStart]) { nameStart += 1 }
            let nameEnd = wordEnd(from: nameStart)
            return (range.lowerBound..<nameEnd, text(range) + " " + text(key.range), (key.end - 1)..<nameEnd)
        }
        return nil
    }

    /// Refuses a quantity that runs into the name after it (`quantityRunningIntoName`).
    package func refuseQuantityRunningIntoName(_ range: Range<Int>) throws(Diagnostic) {
        guard let (written, quantity, name) = quantityRunningIntoName(range) else { return }
        throw Diagnostic(ArgumentError.quantityRunsIntoName(written: text(written), quantity: quantity, name: text(name)), at: written)
    }

    package func expectEnd() throws(Diagnostic) {
        guard let word = nextWord else { return }
        if word.text.hasPrefix(",") {
            throw Diagnostic(ArgumentError.decimalPoint, at: word.range)
        }
        if position == source.scalars.startIndex { throw Diagnostic(ArgumentError.takesNoArguments(commandName), at: word.range) }
        throw Diagnostic(ArgumentError.unexpected(word.text), at: word.range)
    }
}
