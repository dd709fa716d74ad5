import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// Labels that name their results (`income: total`, then `left: income - rent`), and a
/// block's figure kept under a name (`income = total`). A label of one name names the
/// result below its line; a label of several words (`pasta 1.5 kg:`) only labels it.
extension Session {
    /// The name a label gives its statement's result: the label when it is one name
    /// (`income`, `rent_2026`), nil when it is words or holds other characters
    /// (`pasta 1.5 kg`, `Milch, 1 l`), which only label.
    static func labelName(_ label: String) -> String? {
        let scalars = label.unicodeScalars
        guard let first = scalars.first, Lexer.isNameStart(first), scalars.dropFirst().allSatisfy(Lexer.isNameContinuation) else {
            return nil
        }
        return label
    }

    /// What `name`, a label's, already is, which keeps it from naming the label's result;
    /// nil when it may. A name a label gave may be given again: each week's `milk:`.
    func labelClash(_ name: String) -> LabelClash? {
        if let reason = CommandCatalogue.reservation(of: name) { return .reserved(reason) }
        if Constant(rawValue: name) != nil { return .reserved("a constant") }
        if Self.dateWords.contains(name) { return .reserved("a date (\(name))") }
        if name == "tax" { return .reserved("the VAT rate (vat 19%)") }
        if let unit = UnitTable.unit(named: name) { return .unit(unit.symbol) }
        if let entry = calculator.units.entry(reading: name) { return .unit(entry.name) }
        if calculator.functions[name] != nil { return .userFunction }
        if !calculator.labelled.contains(name) {
            if let list = calculator.listVariables[name] { return .variable(calculator.display(list).text) }
            if let value = calculator.variables[name] {
                let shown = calculator.display(value)
                return .variable((shown.isExact ? "" : "≈ ") + shown.text)
            }
        }
        return nil
    }

    /// The words that read as a date or a time: a name would hide them.
    private static let dateWords: Set<String> = ["today", "yesterday", "tomorrow", "now"]

    /// Whether an outcome is a value a label names: a result, an assignment, a total, a
    /// conversion or a tax breakdown; tables, estimates and messages are labelled only.
    static func namesResult(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .value, .assignment, .tax, .conversion: return true
        default: return false
        }
    }

    /// Keeps the last result (a range with its ends, a list whole) as the variable `name`,
    /// as a label names it.
    mutating func name(label name: String) {
        guard calculator.lastResult != nil else { return }
        calculator.keepLastResult(as: name)
        calculator.labelled.insert(name)
    }

    /// The range of a label's word when the statement starts with a command's word and a
    /// colon (`total: 5`, `vat: 19%`): the line runs the command, so no label can be that word.
    static func commandAsLabel(_ source: StatementSource) -> Range<Int>? {
        let scalars = source.scalars
        var end = scalars.startIndex
        while end < scalars.endIndex, Lexer.isNameContinuation(scalars[end]) { end += 1 }
        var colon = end
        while colon < scalars.endIndex, StatementSource.isBlank(scalars[colon]) { colon += 1 }
        guard colon < scalars.endIndex, scalars[colon] == ":", end > scalars.startIndex,
              CommandCatalogue.command(named: StatementSource.string(scalars[..<end])) != nil else { return nil }
        return scalars.startIndex..<end
    }

    /// `income = total` (or `sum`, `average`, `count`): the block's figure, as its line
    /// would give it, kept as a variable. Nil for any other statement. Refused, it changes
    /// nothing but what a refused figure changes: the block ends.
    mutating func figureAssignment(_ source: StatementSource, supplied: [String: InputValue],
                                   context: EvaluationContext) -> StatementOutcome? {
        guard let (figure, word) = Self.figureAssigned(in: source) else { return nil }
        do throws(Diagnostic) {
            _ = try blockFigure(figure, named: StatementSource.string(source.scalars[word]), at: word, arguments: StatementSource(""))
        } catch {
            return .failure(error)
        }
        // `income = ans`, the word padded to its length so that columns stay where they were.
        var scalars = Array(source.scalars)
        let start = word.lowerBound - source.offset
        scalars.replaceSubrange(start..<(start + word.count), with: ["a", "n", "s"] + Array(repeating: " ", count: word.count - 3))
        let shifted = StatementSource(ArraySlice(Array(repeating: " ", count: source.offset) + scalars)[source.offset...])
        let keptBlock = block, keptCalculator = calculator
        let outcome = evaluate(shifted, supplied: supplied, context: context)
        if case .failure = outcome {
            block = keptBlock
            calculator = keptCalculator
        }
        return outcome
    }

    /// The figure and the range of its word when a statement is `NAME = FIGURE` and no more.
    static func figureAssigned(in source: StatementSource) -> (BlockFigure, Range<Int>)? {
        let scalars = source.scalars
        var index = scalars.startIndex
        func skipBlanks() { while index < scalars.endIndex, StatementSource.isBlank(scalars[index]) { index += 1 } }
        func name() -> Range<Int>? {
            let start = index
            guard index < scalars.endIndex, Lexer.isNameStart(scalars[index]) else { return nil }
            while index < scalars.endIndex, Lexer.isNameContinuation(scalars[index]) { index += 1 }
            return start..<index
        }
        guard name() != nil else { return nil }
        skipBlanks()
        guard index < scalars.endIndex, scalars[index] == "=" else { return nil }
        index += 1
        skipBlanks()
        guard let word = name() else { return nil }
        skipBlanks()
        guard index == scalars.endIndex,
              case .blockFigure(let figure)? = CommandCatalogue.command(named: StatementSource.string(scalars[word]))?.command else {
            return nil
        }
        return (figure, word)
    }
}
