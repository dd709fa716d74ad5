import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The state of one calculator session and the one way to change it: running statements.
///
/// Every statement either succeeds or changes nothing: each command computes and checks
/// everything it needs first and mutates the state only at its end.
///
/// Each tool keeps its own state and runs its own commands: the calculator (variables,
/// rates, digits), the shopping list, and the estimates. The session composes them, and
/// itself runs what spans them: statements, saved sets and the shell's commands.
public struct Session: Sendable {
    public internal(set) var calculator = Calculator()
    /// The products being compared, their settings and the draft.
    public internal(set) var list = ShoppingList()
    /// The other lists and the current one's name (`list NAME`).
    public internal(set) var shelf = ListShelf()
    public internal(set) var estimates = Estimates()
    /// The statements `undo` can take back; nil when the session keeps no history (batch
    /// runs, where a copy per statement would slow long scripts down).
    public internal(set) var history: UndoHistory?
    /// Counts the changes to what the session keeps, so the shell knows when to store it;
    /// counted only in a session that keeps a history.
    public internal(set) var revision = 0
    /// The local date, which `today`, `yesterday` and `tomorrow` read; the shell sets it
    /// from the system's clock (the core reads no clock), tests set it as they need.
    public var today: CalendarDate? = nil {
        didSet { todayNumber = today.map { Int32($0.dayNumber) } }
    }
    /// `today` as the evaluator keeps it, worked out when it is set, not per statement.
    private var todayNumber: Int32? = nil
    /// The local time of day in seconds since midnight, which `now` reads with `today`;
    /// the shell sets it from the system's clock with `today`; `now` reads its minutes.
    public var secondOfDay: Int32? = nil {
        didSet { minuteOfDay = Self.minuteOfDay(secondOfDay, isLaterReading: nowIsLaterReading) }
    }
    /// Whether the local clocks show `now` twice (put back) and it is the second time:
    /// the later reading, which sums and conversions of `now` then use (else the first).
    public var nowIsLaterReading = false {
        didSet { minuteOfDay = Self.minuteOfDay(secondOfDay, isLaterReading: nowIsLaterReading) }
    }
    /// The time of day as the evaluator keeps it: minutes, flagged as the later reading.
    private static func minuteOfDay(_ secondOfDay: Int32?, isLaterReading: Bool) -> UInt16 {
        guard let secondOfDay, (0..<86_400).contains(secondOfDay) else { return Evaluator.noClock }
        return UInt16(secondOfDay / 60) | (isLaterReading ? Evaluator.laterReading : 0)
    }
    /// `secondOfDay` as the evaluator keeps it (`Evaluator.minuteOfDay`), worked out when it
    /// is set, not per statement.
    private var minuteOfDay = Evaluator.noClock
    /// The time zones statements may name and the local zone; the shell gives the system's
    /// database with the clock, tests a table. Nil until then: a zone named is refused as
    /// not given (`Problem.needsClock`).
    public var zones: TimeZones? = nil
    /// Where `today`, `secondOfDay` and `zones` come from when a statement needs them and
    /// they have not been read (`clockIsRead`): the shell's clock and the system's zones,
    /// read only then, so that a statement that needs neither reads no file of them. Nil
    /// where they are set as needed (tests).
    public var clock: (@Sendable () -> Clock)? = nil
    /// Whether `clock` has been read; the shell clears it for each line it is given, so
    /// that `today` is the date the line is run.
    public var clockIsRead = false

    /// What the shell's clock tells.
    public struct Clock: Sendable {
        public var today: CalendarDate?
        public var secondOfDay: Int32?
        public var zones: TimeZones?
        /// Whether the local clocks show the time twice and it is the second time.
        public var isLaterReading: Bool

        public init(today: CalendarDate?, secondOfDay: Int32?, zones: TimeZones?, isLaterReading: Bool = false) {
            self.today = today
            self.secondOfDay = secondOfDay
            self.zones = zones
            self.isLaterReading = isLaterReading
        }
    }

    /// Reads `clock`, when there is one, unless it has been read.
    public mutating func readClockIfUnread() {
        guard !clockIsRead, let clock else { return }
        let read = clock()
        today = read.today
        nowIsLaterReading = read.isLaterReading
        secondOfDay = read.secondOfDay
        zones = read.zones
        clockIsRead = true
    }
    /// Whether the shell has read its rates file into the session (`useRates`): it reads it
    /// when a statement is refused for want of a rate (`Problem.needsRates`), and runs it
    /// again, so that a statement that needs no rate reads no file of them.
    public private(set) var ratesAreRead = false

    /// Takes the rates of the shell's file (nil: there is none) for conversions no `rate`
    /// covers.
    public mutating func useRates(_ rates: ReferenceRates?) {
        calculator.rates.reference = rates
        ratesAreRead = true
    }

    /// Whether a statement lists the rates (`rates`), and so needs the file's read first.
    public static func listsRates(_ source: StatementSource) -> Bool {
        guard let word = source.firstWord, !word.isQuoted, word.text.lowercased() == "rates" else { return false }
        return true
    }

    /// The results `total` reads.
    var block = Block()
    /// The notes this session has printed, word for word: an estimate leaves out those it
    /// would print again (`explain ESTIMATOR …` and `help ESTIMATOR` print them; JSON always
    /// has them).
    private var printedNotes: Set<String> = []
    /// The price book, which the shell reads before a statement that needs it
    /// (`needsPriceBook`); no step of the history keeps it.
    public var priceBook: PriceBook? = nil

    public init(keepsHistory: Bool = false) {
        history = keepsHistory ? UndoHistory() : nil
    }

    /// How results show numbers (`group`, `input`), which the shell's text applies.
    public struct NumberStyle: Sendable, Equatable {
        public var groupsDigits = false
        public var notation = InputNotation.dot
        public init() {}
    }

    public var numberStyle: NumberStyle {
        var style = NumberStyle()
        style.groupsDigits = calculator.group
        style.notation = calculator.input
        return style
    }

    /// Sets the decimal separator of input and results, as `per --input` asks.
    public mutating func setInput(_ notation: InputNotation) { calculator.input = notation }

    /// Runs one statement. `supplied` carries estimator inputs that the statement left out
    /// and a terminal asked for; `context` is what its evaluation reads besides the session
    /// (the shell's interruption, in the interactive shell).
    public mutating func execute(_ source: StatementSource, supplied: [String: InputValue] = [:],
                                 context: EvaluationContext = .standard) -> StatementOutcome {
        // Only a session with a history counts its changes: batch runs skip the comparison,
        // and the copy of the whole session it needs.
        guard history != nil else { return attempt(source, supplied: supplied, context: context) }
        let before = withoutHistory
        let result = attempt(source, supplied: supplied, context: context)
        if case .success = result, revision == before.revision, changed(since: before) {
            revision += 1
            history?.record(source.text, before: before)
        }
        return result
    }

    private mutating func attempt(_ source: StatementSource, supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        // Only a statement that starts with a letter or an operator may be labelled or go on
        // from the last result: a plain calculation pays one comparison for both.
        if let first = source.scalars.first, Self.mayBeMarked(first) { return attemptMarked(source, supplied: supplied, context: context) }
        return recorded(evaluate(source, supplied: supplied, context: context), source)
    }

    /// Parses and runs a statement.
    mutating func evaluate(_ source: StatementSource, supplied: [String: InputValue], context: EvaluationContext) -> StatementOutcome {
        do throws(Diagnostic) {
            let statement = try calculator.statement(source, estimates: estimates, today: todayNumber, minuteOfDay: minuteOfDay, context: context,
                                                     zones: evaluationZones)
            // A value, as most statements are, is shown at once: one step fewer for the
            // statement to be moved through.
            switch consume statement {
            case .value(let operand):
                guard operand.isShort(of: calculator.digits) else { return .success(try value(operand)) }
                return .success(try perform(.expression(operand), source: source, supplied: supplied, context: context))
            case .other(let statement):
                return .success(try perform(statement, source: source, supplied: supplied, context: context))
            }
        } catch where error.problem.needsClock && !clockIsRead && clock != nil {
            // Refused for want of the clock, having changed nothing: run again with it.
            readClockIfUnread()
            return evaluate(source, supplied: supplied, context: context)
        } catch {
            return .failure(Self.hinted(error, source))
        }
    }

    /// A refusal with a hint where a shopper went astray: `per 100 g` alone is `basis 100 g`.
    static func hinted(_ diagnostic: Diagnostic, _ source: StatementSource) -> Diagnostic {
        guard diagnostic.range.lowerBound == 0, let first = source.firstWord, !first.isQuoted, first.text.lowercased() == "per" else { return diagnostic }
        let amount = source.rest(from: first.range.upperBound).trimmingBlanks
        guard let start = amount.unicodeScalars.first, ("0"..."9").contains(start) || start == "." else { return diagnostic }
        return Diagnostic(ArgumentError.perAlone(amount), at: first.range)
    }

    /// A statement's value short of the digits shown, computed again with more bits
    /// (`Evaluator.sharpened`).
    private func sharp(_ statement: ParsedStatement<Evaluator.Operand>, _ operand: Evaluator.Operand,
                       source: StatementSource, context: EvaluationContext) throws(Diagnostic) -> Evaluator.Operand {
        switch try evaluator(in: context).sharpened(source, digits: calculator.digits, first: .success(statement)) {
        case .expression(let sharper), .assignment(_, _, let sharper): return sharper
        case .definition, .command: return operand
        }
    }

    private mutating func perform(_ statement: ParsedStatement<Evaluator.Operand>, source: StatementSource,
                                  supplied: [String: InputValue], context: EvaluationContext) throws(Diagnostic) -> Outcome {
        switch statement {
        case .expression(let operand):
            // Passed on, not rebound: a copy of the operand costs as much as the check.
            guard !operand.isShort(of: calculator.digits) else { return try value(sharp(statement, operand, source: source, context: context)) }
            return try value(operand)
        case .assignment(let name, let nameRange, let operand):
            guard !operand.isShort(of: calculator.digits) else {
                return try assign(sharp(statement, operand, source: source, context: context), to: name, at: nameRange)
            }
            return try assign(operand, to: name, at: nameRange)
        case .definition(var definition):
            // Kept in dot input, so the body reads the same whichever input is set later.
            definition.body = try calculator.input.rewritten(definition.body, for: .dot)
            var evaluator = evaluator(in: context)
            evaluator.notation = .dot
            let function = try calculator.define(definition, evaluator: evaluator)
            return .definition(function)
        case .command(let command, let name, let nameRange, let arguments):
            do {
                return try run(command, named: name, at: nameRange, arguments: arguments, supplied: supplied, context: context)
            } catch where Self.stumblesOnEquals(error, arguments) {
                // `label =5 per kg`: the command's example says what it takes.
                let example = CommandCatalogue.command(named: name.lowercased())?.example ?? name
                throw Diagnostic(ArgumentError.commandWithEquals(command: name, example: example), at: error.range)
            }
        }
    }

    /// Whether a command's arguments start with `=` and were refused as a syntax error there.
    private static func stumblesOnEquals(_ error: Diagnostic, _ arguments: StatementSource) -> Bool {
        guard case .syntax = error.problem, let start = arguments.scalars.indices.first, arguments.scalars[start] == "=" else { return false }
        return error.range.lowerBound == start
    }

    /// An expression's value, kept as the last result and shown (`Calculator.value`), and
    /// in the block.
    private mutating func value(_ operand: Evaluator.Operand) throws(Diagnostic) -> Outcome {
        let outcome = try calculator.value(operand)
        // The calculator keeps a last range or list only when the value was one.
        if calculator.lastRange != nil {
            block.recordRange(operand.quantity)
        } else if calculator.lastList != nil {
            block.recordList(operand.quantity)
        } else {
            block.record(operand.quantity)
        }
        return outcome
    }

    /// `name = value`: kept as a variable and the last result.
    private mutating func assign(_ operand: Evaluator.Operand, to name: String, at nameRange: Range<Int>) throws(Diagnostic) -> Outcome {
        if calculator.functions[name] != nil { throw Diagnostic(.nameTaken(name, isFunction: true), at: nameRange) }
        try operand.checkStatementValue()
        let value = operand.quantity
        calculator.keep(operand, as: name)
        calculator.labelled.remove(name)
        let shadowing = (UnitTable.unit(named: name) ?? calculator.units.entry(reading: name)?.compound).map { unit in
            "'\(name)' is also a unit (\(unit.symbol)); after a number it still means the unit (500 \(name))"
        }
        let notes = [value.isZoned ? ValueNote.zoned(operand.note, value) : operand.note?.message, shadowing].compactMap { $0 }
        let note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        if operand.isRange, let bounds = operand.bounds { return .assignment(name: name, value: calculator.display(bounds), note: note) }
        if let list = operand.list { return .assignment(name: name, value: calculator.display(list, format: operand.format), note: note) }
        return .assignment(name: name, value: calculator.display(value, format: operand.format, showingSign: operand.showsSign,
                                                                 parts: operand.parts,
                                                                 counted: operand.parts == nil ? nil : operand.countedParts)
                                    .offset(from: operand.note), note: note)
    }

    /// The evaluator of a statement run in `context`.
    func evaluator(in context: EvaluationContext) -> Evaluator {
        calculator.evaluator(estimates: estimates, today: todayNumber, minuteOfDay: minuteOfDay, context: context, zones: evaluationZones)
    }

    /// The zones a statement is evaluated with: those read with the clock; none before it
    /// is read (a statement that needs them is run again with them); `clockless` in a
    /// session with no clock to read.
    var evaluationZones: TimeZones? { zones ?? (clock == nil ? .clockless : nil) }

    // MARK: Commands

    /// Runs a command, written as `name` (the command's name or an alias), by its tool.
    private mutating func run(_ command: Command, named name: String, at range: Range<Int>, arguments source: StatementSource,
                              supplied: [String: InputValue], context: EvaluationContext) throws(Diagnostic) -> Outcome {
        let arguments = ArgumentReader(source, command: name, commandRange: range, evaluator: evaluator(in: context))
        switch command {
        case .calculator(let command): return try calculator.run(command, arguments, estimates: &estimates)
        case .explain: return try explain(source, commandRange: range, context: context)
        case .blockFigure(let figure): return try blockFigure(figure, named: name, at: range, arguments: source)
        case .add:
            // `add … label 5.20 per kg`: the add, then the label checked against it.
            // A label that does not read takes the add back with it: the statement changes nothing.
            if let label = Self.labelWord(in: source) {
                let kept = self
                let added = try run(.add, named: name, at: range, arguments: StatementSource(source.scalars[..<label.lowerBound]),
                                    supplied: supplied, context: context)
                let rest = ArgumentReader(StatementSource(source.scalars[label.upperBound...]), command: "label", commandRange: label,
                                          evaluator: evaluator(in: context))
                do {
                    return try checkLabel(rest, added: added)
                } catch {
                    self = kept
                    throw error
                }
            }
            // `add NAME [@STORE]` with the name in the book; else a price and a quantity.
            if priceBook != nil, addsFromBook(arguments) { return try addFromBook(arguments) }
            do {
                return notingRateAge(try list.runAdd(arguments, rates: calculator.rates))
            } catch {
                throw pointingAtLists(error)
            }
        case .shopping(.unit) where Self.definesUnit(source): return try defineUnit(source, context: context)
        case .forgetUnit: return try forgetUnit(source, commandRange: range)
        case .shopping(let command):
            return try list.run(command, arguments, rates: calculator.rates, dose: estimates.result(Dose.Output.amount, of: Dose.self),
                                name: shelf.currentName)
        case .compareSeen: return try compareSeen(arguments)
        case .switchList: return try switchList(arguments)
        case .lists: return try showLists(arguments)
        case .shelfLabel: return try checkLabel(arguments)
        case .compareAll: return try compareAll(arguments)
        case .plan: return try plan(arguments)
        case .estimator(let command):
            return notingOnce(try estimates.run(command.estimator, arguments, supplied: supplied, rates: calculator.rates))
        case .sweep: return try estimates.sweep(arguments, rates: calculator.rates)
        case .solve where Solve.namesEstimator(source):
            return notingOnce(try calculator.solveEstimate(arguments, estimates: estimates))
        case .solve: return try calculator.solve(source, commandRange: range, evaluator: evaluator(in: context))
        case .savedSets(let command): return try savedSetCommand(command, arguments)
        case .include: return try include(arguments)
        case .load: return try load(arguments)
        case .forgetSeen: return try forgetSeen(arguments)
        case .priceBook(let command): return try priceBookCommand(command, arguments)
        case .shell(let command): return try shellCommand(command, arguments)
        }
    }
}

extension Session {
    /// An estimate without the notes the session printed before, word for word: the same
    /// notes on every run are noise, but a note whose figures changed with the inputs is new.
    mutating func notingOnce(_ outcome: Outcome) -> Outcome {
        if case .solution(var solution) = outcome, let estimate = solution.estimate {
            if case .estimate(let noted) = notingOnce(.estimate(estimate)) { solution.estimate = noted }
            return .solution(solution)
        }
        guard case .estimate(var estimate) = outcome else { return outcome }
        estimate.quietNotes = Set(estimate.conventions.filter(printedNotes.contains))
        noted(estimate)
        return .estimate(estimate)
    }

    /// At most this many notes are remembered; past it the session starts over, printing
    /// each again once.
    static let rememberedNotes = 10_000

    /// Marks an estimate's notes as printed (`explain ESTIMATOR …` prints them all).
    mutating func noted(_ estimate: Estimate) {
        if printedNotes.count + estimate.conventions.count > Self.rememberedNotes { printedNotes.removeAll() }
        printedNotes.formUnion(estimate.conventions)
    }
}
