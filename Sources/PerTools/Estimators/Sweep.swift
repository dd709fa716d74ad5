import PerNumbers
import PerUnits
import PerLanguage

/// An estimator run for each value of one input, the others as kept: a row a value with
/// the estimate's main results (`help sweep`).
public struct Sweep: Sendable, Equatable {
    public static let maxRows = SweepRefusal.maxRows

    public let estimator: String
    public let key: String
    /// The inputs every row shares, as the estimate echoes them.
    public let inputs: [Estimate.UsedInput]
    /// The results shown, in order: their names, JSON keys and units; money's unit is
    /// empty, its cells carry the currency.
    public let columns: [(name: String, json: String, unit: String, isMoney: Bool)]
    /// The currency of the money columns.
    public var currency: Currency? = nil
    /// How the sweep is shown: a table, or as `--csv`, `--json` or `plot` asks.
    public var form: Form = .table

    /// How a sweep is shown, by the word that ends its statement.
    public enum Form: String, Sendable, CaseIterable {
        case table
        case csv = "--csv"
        case json = "--json"
        case plot
    }

    /// Most columns a plot draws.
    public static let mostPlotted = 3

    /// Where each limit the swept input passes lies on it, named (`calcium limit`): the
    /// plot's vertical lines.
    public var limits: [(name: String, at: Double)] = []
    /// Each row: the key's value as written, and its results (nil where a row has none).
    public let rows: [(value: Quantity, text: String, results: [Number?])]
    public let warnings: [String]
    /// What a table's dash means, once for each column that has one.
    public var notes: [String] = []
    /// Each column's unit as the estimate's text shows it (gpm, lb/h, °F where the inputs
    /// or `units us` ask) and the column's own; nil as computed.
    public var shownUnits: [(unit: CompoundUnit, own: CompoundUnit)?] = []

    /// The sweep as a terminal or a report shows it: each column in the unit the
    /// estimate's text shows (JSON keeps the computed units).
    public var inShownUnits: Sweep {
        guard shownUnits.contains(where: { $0 != nil }) else { return self }
        let columns = self.columns.indices.map { index in
            shownUnits.indices.contains(index) ? shownUnits[index].map { shown in
                (name: self.columns[index].name, json: self.columns[index].json, unit: shown.unit.label, isMoney: self.columns[index].isMoney)
            } ?? self.columns[index] : self.columns[index]
        }
        let rows = self.rows.map { row in
            (value: row.value, text: row.text, results: row.results.indices.map { index -> Number? in
                guard let value = row.results[index], shownUnits.indices.contains(index), let shown = shownUnits[index] else { return row.results[index] }
                return (try? QuantityMath.converted(value, from: shown.own, to: shown.unit, rates: Rates())) ?? value
            })
        }
        var sweep = Sweep(estimator: estimator, key: key, inputs: inputs, columns: columns, rows: rows, warnings: warnings)
        (sweep.currency, sweep.form, sweep.limits, sweep.notes) = (currency, form, limits, notes)
        return sweep
    }

    public static func == (a: Sweep, b: Sweep) -> Bool {
        a.estimator == b.estimator && a.key == b.key && a.inputs == b.inputs && a.columns.map(\.json) == b.columns.map(\.json)
            && a.rows.map(\.text) == b.rows.map(\.text) && a.rows.map(\.results) == b.rows.map(\.results)
    }

    /// The table a terminal shows: the key, the results, and a bar for the first result
    /// (the headline) as a share of the column's largest.
    public var table: Estimate.Table {
        let header = [key] + columns.map { $0.unit.isEmpty ? $0.name : "\($0.name) \($0.unit)" }
        // Each column with one number of decimals (`9.180` over `6.885`); a row without
        // the result shows a dash.
        let formatted = columns.indices.map { column in
            let values = rows.compactMap { $0.results[column] }
            var texts = (columns[column].isMoney ? values.map { EstimateFormat.money($0, currency: currency) }
                : EstimateFormat.column(values)).makeIterator()
            return rows.map { row in row.results[column] == nil ? "–" : texts.next() ?? "–" }
        }
        let cells = rows.indices.map { row in [rows[row].text] + columns.indices.map { formatted[$0][row] } }
        let firsts = rows.map { $0.results.first.flatMap { $0 }.map { abs($0.doubleValue) } ?? 0 }
        let largest = firsts.max() ?? 0
        return Estimate.Table(header: header, rows: cells, bars: largest > 0 ? firsts.map { $0 / largest } : [], labelColumns: 1)
    }
}

extension Estimates {
    /// `sweep ESTIMATOR [KEY=VALUE…] KEY=FROM..TO [step S] [KEY=VALUE…] [show RESULT,…]`: the
    /// estimator for each value from FROM to TO (by S; by 1 between whole numbers, else in
    /// ten steps), with the inputs given inline and the others as kept. Changes nothing:
    /// each row runs on a copy, and the inline inputs are not kept.
    package func sweep(_ arguments: ArgumentReader, rates: Rates) throws(Diagnostic) -> Outcome {
        let statement = try Estimates.sweepStatement(arguments)
        let estimator = statement.estimator
        var spec = statement.spec
        var rangeReader = statement.range
        let written = try Estimates.sweptRange(spec, keyRange: statement.keyRange, &rangeReader)
        var from = written.from, to = written.to
        let at = written.at

        // The three in FROM's unit (a plain end takes the other's).
        if from.isPlain, !to.isPlain { from.unit = to.unit }
        if to.isPlain, !from.isPlain { to.unit = from.unit }
        // Plain ends are in the input's own unit, as one plain value is: with a step written
        // in a unit of that kind (`maxtds=1000..4000 step 500 ppm`) they say so, and the
        // step converts to it.
        if from.isPlain, to.isPlain, !spec.isPercent, let step = written.step, !step.isPlain, let own = spec.canonicalUnit,
           step.dimension == own.dimension {
            (from.unit, to.unit) = (own, own)
        }
        // A range of another dimension may be of another input, as one value is
        // (`load=400..600 TR` is the heat load).
        if let reading = estimator.readings.first(where: { $0.key == spec.key && $0.dimension == from.dimension }) {
            spec = reading.input
        }
        let key = spec.key
        // A percentage of plain numbers is that many percent, as the input alone reads it,
        // with the input's warning once for the range when it lies below 1 (`rate=0.02..0.08`).
        let percentWarning = Estimates.plainPercentWarning(spec, from: from, to: to)
        if spec.isPercent, from.isPlain, to.isPlain {
            from = Quantity(from.magnitude, UnitTable.percentUnit)
            to = Quantity(to.magnitude, UnitTable.percentUnit)
        }
        let low = from.magnitude, high = try Estimates.magnitude(to, in: from.unit, rates: rates, at: at)
        if low == high { throw Diagnostic(ArgumentError.sweep(.single(key: key, value: EstimateFormat.number(low))), at: at) }
        guard low < high else {
            throw Diagnostic(ArgumentError.sweep(.backwards(key: key, from: EstimateFormat.number(low), to: EstimateFormat.number(high))), at: at)
        }
        let (stride, count) = try Estimates.steps(key: key, from: low, to: high, step: written.step, unit: from.unit, rates: rates, at: at,
                                                  stepAt: written.stepAt)
        // An end outside the input's range is refused as written (`1e300`), not at the
        // first row past the range, whose value is a step's sum.
        for end in [from, to] { _ = try Estimates.resolve(.quantity(end), for: spec, rates: rates, named: key, at: at) }
        let made = try sweepRows(estimator, spec, from: low, to: high, stride: stride, count: count, unit: from.unit,
                                 fixed: statement.fixed, rates: rates, at: at)
        // A row the estimator refuses shows dashes; the sweep fails only when every row is refused.
        let estimates = made.compactMap { $0.1.estimate }
        guard let first = estimates.first else {
            if let refusal = made.first?.1.refusal { throw refusal }
            throw Diagnostic(ArgumentError.sweep(.rangeExpected(key: key)), at: at)
        }
        let rowEstimates = made.map(\.1.estimate)
        let specs = statement.shown ?? Estimates.sweptColumns(estimator, estimates)
        let columns = specs.map { (name: $0.name, json: $0.jsonKey, unit: $0.unit == .money ? "" : $0.unit.label, isMoney: $0.unit == .money) }
        let rows = made.map { q, row in
            (value: q, text: InputValue.quantity(q).text(for: spec), results: specs.map { row.estimate?.result($0.name)?.number })
        }
        let (limitWarnings, told) = Estimates.limitRuns(rowEstimates, rowTexts: rows.map(\.text), key: spec.key)
        let (kindWarnings, toldByKind) = Estimates.kindRuns(rowEstimates, rowTexts: rows.map(\.text), key: spec.key, told: told)
        let others = Set(estimates.flatMap(\.warnings)).subtracting(told).subtracting(toldByKind)
        let warnings = (percentWarning.map { [$0] } ?? []) + limitWarnings + kindWarnings + others.sorted()
        var sweep = Sweep(estimator: estimator.name, key: spec.key, inputs: first.inputs.filter { $0.key != spec.key },
                          columns: columns, rows: rows, warnings: warnings)
        sweep.currency = first.currency
        sweep.form = statement.form
        sweep.limits = Estimates.limitLines(estimates, key: spec.key)
        sweep.notes = Estimates.dashNotes(specs, estimates)
            + Estimates.refusalNotes(made.map(\.1.refusal), rowTexts: rows.map(\.text), key: spec.key)
        sweep.shownUnits = specs.map { Estimates.shownUnit($0, in: first) }
        return .sweep(sweep)
    }

    /// The unit an estimate's text shows a result in when it is not the result's own (a
    /// flow in gpm, a mass in lb/h, a temperature in °F), and the result's own; nil for
    /// the result's own unit.
    package static func shownUnit(_ spec: ResultSpec, in estimate: Estimate) -> (unit: CompoundUnit, own: CompoundUnit)? {
        guard case .unit(let own) = spec.unit, let figure = estimate.result(spec.name)?.figure,
              case .number = figure.value, figure.unit != own.label, let shown = UnitTable.compound(figure.unit),
              shown.dimension == own.dimension else { return nil }
        return (shown, own)
    }

    /// What a column's dash means, once for each column with one: the note the estimate
    /// gives where the result has no value (`nothing leaves the system`), else that the
    /// inputs give none, with what the result is.
    package static func dashNotes(_ specs: [ResultSpec], _ estimates: [Estimate]) -> [String] {
        specs.compactMap { spec in
            let missing = estimates.filter { $0.result(spec.name)?.number == nil }
            guard let first = missing.first else { return nil }
            if let note = first.result(spec.name)?.note, !note.isEmpty { return "– in \(spec.name): \(note)" }
            let rows = missing.count == estimates.count ? "these inputs" : "those rows' inputs"
            // A summary that names what the result takes (`(with volume)`) says it; else help does.
            let what = spec.summary.hasSuffix(")") && spec.summary.contains(" (with ")
                ? String(spec.summary.replacing(" (with ", with: ", with ").dropLast())
                : spec.summary + "; help \(first.estimator) says what it takes"
            return "– in \(spec.name): none at \(rows) (\(what))"
        }
    }

    /// A sweep's statement in its parts: the input swept, with its range; the inputs given
    /// inline for this sweep alone; the results `show` asks for.
    package struct SweepStatement {
        package let estimator: any Estimator.Type
        package let spec: InputSpec
        package let keyRange: Range<Int>
        /// A reader of the swept input's `FROM..TO [step S]`.
        package let range: ArgumentReader
        /// A reader of the statement with the swept input and `show` blanked out: the
        /// inputs given inline, each where it was written, so an error points at it.
        package let fixed: ArgumentReader
        /// The results `show` names, in its order; nil without `show`.
        package let shown: [ResultSpec]?
        /// `--csv`, `--json` or `plot` after the inputs; a table without.
        package let form: Sweep.Form
    }

    /// Reads `ESTIMATOR`, then splits the rest at each `KEY=`: the one whose value holds
    /// `..` is swept (the first key when none does, which is then refused as no range),
    /// the others are fixed; `show` ends the inputs.
    package static func sweepStatement(_ arguments: ArgumentReader) throws(Diagnostic) -> SweepStatement {
        var arguments = arguments
        let names = EstimatorCommand.allCases.map(\.rawValue)
        guard let word = arguments.word(), let command = EstimatorCommand(rawValue: word.text.lowercased()) else {
            throw Diagnostic(ArgumentError.sweep(.estimatorExpected(names: names)),
                             at: arguments.nextWord?.range ?? arguments.endRange)
        }
        let estimator = command.estimator
        let scalars = arguments.source.scalars
        // Each `KEY=` with where its value starts and ends; where `show` starts.
        var keys: [(key: String, range: Range<Int>, value: Range<Int>)] = []
        var showAt: Int? = nil
        // The form's word ends the statement: `… show makeup plot`, `… --csv`.
        let formWord = arguments.words.last.flatMap { $0.isQuoted ? nil : Sweep.Form(rawValue: $0.text.lowercased()) }
            .flatMap { $0 == .table ? nil : $0 }.map { (form: $0, at: arguments.words.last!.range.lowerBound) }
        let statementEnd = formWord?.at ?? scalars.endIndex
        var probe = arguments
        for word in arguments.words where !word.isQuoted && word.range.lowerBound < statementEnd {
            if let last = keys.last, word.range.lowerBound < last.value.lowerBound { continue }
            if word.text.lowercased() == "show" {
                showAt = word.range.lowerBound
                break
            }
            probe.move(to: word.range.lowerBound)
            guard let (key, range, after) = probe.peekKey() else { continue }
            if let last = keys.popLast() { keys.append((last.key, last.range, last.value.lowerBound..<word.range.lowerBound)) }
            keys.append((key, range, after..<after))
        }
        let inputsEnd = showAt ?? statementEnd
        if let last = keys.popLast() { keys.append((last.key, last.range, last.value.lowerBound..<inputsEnd)) }
        // An input given twice, swept or fixed, is refused as an estimate refuses it: else
        // the swept value would silently win.
        var seen: Set<String> = []
        for entry in keys where !seen.insert(estimator.spec(entry.key)?.key ?? entry.key).inserted {
            throw Diagnostic(InputError.givenTwice(entry.key), at: entry.range)
        }
        func holdsRange(_ range: Range<Int>) -> Bool {
            range.count >= 2 && (range.lowerBound..<(range.upperBound - 1)).contains { scalars[$0] == "." && scalars[$0 + 1] == "." }
        }
        var ranged = keys.filter { holdsRange($0.value) }
        if ranged.count > 1 {
            // Dates from one to another (`days=`) or times of day (`hours=`) are one value.
            ranged = ranged.filter { !isSpan(estimator.spec($0.key), $0.value, arguments) }
        }
        if ranged.count > 1 {
            throw Diagnostic(ArgumentError.sweep(.twoRanges(first: ranged[0].key, second: ranged[1].key)), at: ranged[1].range)
        }
        guard let swept = ranged.first ?? keys.first else {
            throw Diagnostic(ArgumentError.sweep(.rangeExpected(key: "KEY")), at: arguments.nextWord?.range ?? arguments.endRange)
        }
        guard let spec = estimator.spec(swept.key) else {
            throw Diagnostic(InputError.unknownKey(estimator: estimator.name, key: swept.key,
                                                   suggestion: Suggestion.closest(to: swept.key, among: estimator.inputs.map(\.key), minimumLength: 2),
                                                   keys: Estimates.listedKeys(estimator)), at: swept.range)
        }
        if case .choice(let words) = spec.kind { throw Diagnostic(ArgumentError.sweep(.choice(key: swept.key, choices: words)), at: swept.range) }
        // The inline inputs: the statement with the swept input and `show …` blanked out.
        var rest = scalars
        for index in swept.range.lowerBound..<swept.value.upperBound { rest[index] = " " }
        for index in inputsEnd..<scalars.endIndex { rest[index] = " " }
        let fixed = ArgumentReader(StatementSource(rest).slice(arguments.position..<scalars.endIndex), command: estimator.name,
                                   commandRange: arguments.commandRange, evaluator: arguments.evaluator)
        let shown = try showAt.map { (at) throws(Diagnostic) in try Estimates.shownColumns(estimator, arguments.reader(at..<statementEnd),
                                                                                        formWord: formWord?.form.rawValue) }
        return SweepStatement(estimator: estimator, spec: spec, keyRange: swept.range,
                              range: arguments.reader(swept.value), fixed: fixed, shown: shown, form: formWord?.form ?? .table)
    }

    /// Whether `range`, an input's value holding `..`, is one value of the input `spec`:
    /// dates from one to another where days are asked for, times of day where hours a day are.
    private static func isSpan(_ spec: InputSpec?, _ range: Range<Int>, _ arguments: ArgumentReader) -> Bool {
        guard let spec else { return false }
        let value = arguments.reader(range)
        guard let span = value.rangeValue else { return false }
        let (source, evaluator) = (value.source, value.evaluator)
        if case .days = spec.kind { return ((try? DateRange.read(span, in: source, name: spec.key, evaluator: evaluator)) ?? nil) != nil }
        return spec.takesHoursADay && (try? ClockSpan.read(span, in: source, name: spec.key, evaluator: evaluator)) != nil
    }

    /// `show RESULT,RESULT…`: results of the estimator that are numbers, by name or JSON key:
    /// any it declares, on a line of their own, in a note or in the plan's tables.
    private static func shownColumns(_ estimator: any Estimator.Type, _ arguments: ArgumentReader,
                                     formWord: String?) throws(Diagnostic) -> [ResultSpec] {
        var arguments = arguments
        let showRange = arguments.word()?.range ?? arguments.endRange
        let numbers = estimator.numberResults
        let names = numbers.map(\.jsonKey)
        var shown: [ResultSpec] = []
        for word in arguments.words {
            if !word.isQuoted, let form = Sweep.Form(rawValue: word.text.lowercased()), form != .table {
                throw Diagnostic(ArgumentError.sweep(.misplacedForm(first: form.rawValue, second: formWord)), at: word.range)
            }
            var start = word.range.lowerBound
            for piece in word.text.split(separator: ",", omittingEmptySubsequences: false) {
                defer { start += piece.unicodeScalars.count + 1 }
                let name = piece.lowercased()
                if name.isEmpty { continue }
                guard let spec = numbers.first(where: { $0.jsonKey == name || $0.name.lowercased() == name }) else {
                    let range = start..<(start + piece.unicodeScalars.count)
                    throw Diagnostic(ArgumentError.sweep(.unknownColumn(name: String(piece), suggestion: Suggestion.closest(to: name, among: names, minimumLength: 2),
                                                                        names: names)), at: range)
                }
                if !shown.contains(where: { $0.name == spec.name }) { shown.append(spec) }
            }
        }
        guard !shown.isEmpty else { throw Diagnostic(ArgumentError.sweep(.columnsExpected(names: names)), at: showRange) }
        return shown
    }

    /// `FROM..TO [step S]` as written, each a quantity the input takes (a range of
    /// temperatures is of differences), with the range's place to blame, and the step's.
    package static func sweptRange(_ spec: InputSpec, keyRange: Range<Int>, _ arguments: inout ArgumentReader) throws(Diagnostic)
        -> (from: Quantity, to: Quantity, step: Quantity?, at: Range<Int>, stepAt: Range<Int>?) {
        let key = spec.key
        // The range runs to `step` or the end, blanks allowed: `1 L/s..2 L/s step 0.5 L/s`.
        let scalars = arguments.source.scalars
        let rangeEnd = arguments.words.first { $0.text.lowercased() == "step" }?.range.lowerBound ?? scalars.endIndex
        guard let dots = (arguments.position..<max(arguments.position, rangeEnd - 1)).first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }),
              dots + 2 >= rangeEnd || scalars[dots + 2] != "." else {
            throw Diagnostic(ArgumentError.sweep(.rangeExpected(key: key)), at: keyRange)
        }
        let at = arguments.position..<rangeEnd
        let reading = arguments
        func value(_ range: Range<Int>) throws(Diagnostic) -> Quantity {
            var reader = reading.reader(range)
            guard !reader.atEnd, case (.quantity(var q), _) = try Estimates.readValue(spec, from: &reader), reader.atEnd else {
                throw Diagnostic(ArgumentError.sweep(.rangeExpected(key: key)), at: at)
            }
            if q.unit.atom == UnitTable.clock || q.unit.atom == UnitTable.dateTime {
                throw Diagnostic(ArgumentError.sweep(.times(key: key, unit: spec.canonicalUnit?.symbol ?? "")), at: at)
            }
            if q.unit.isDate { throw Diagnostic(ArgumentError.sweep(.dates(key: key)), at: at) }
            // A range of temperatures is of differences (`dt=5..27 °F`), as the input reads one.
            if case .temperatureDifference = spec.kind, let point = q.unit.temperaturePoint { q.unit = CompoundUnit(point.asDifference) }
            return q
        }
        let from = try value(arguments.position..<dots), to = try value((dots + 2)..<rangeEnd)
        arguments.move(to: rangeEnd)
        var step: Quantity? = nil, stepAt: Range<Int>? = nil
        if arguments.nextWord?.text.lowercased() == "step" {
            _ = arguments.word()
            let start = arguments.nextWord?.range.lowerBound ?? arguments.position
            guard case (.quantity(var q), _) = try Estimates.readValue(spec, from: &arguments) else {
                throw Diagnostic(ArgumentError.sweep(.stepNotPositive), at: arguments.endRange)
            }
            if let point = q.unit.temperaturePoint { q.unit = CompoundUnit(point.asDifference) }
            step = q
            // The step as written, without the blanks after it.
            var end = max(arguments.position, start + 1)
            while end > start + 1, scalars.indices.contains(end - 1), scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
            stepAt = start..<end
        }
        try arguments.expectEnd()
        return (from, to, step, at, stepAt)
    }

    /// A quantity's magnitude in `unit` (a plain number's as it is).
    package static func magnitude(_ q: Quantity, in unit: CompoundUnit, rates: Rates, at: Range<Int>) throws(Diagnostic) -> Number {
        if q.isPlain || q.unit == unit { return q.magnitude }
        do throws(QuantityError) { return try QuantityMath.convert(q, to: unit, rates: rates).magnitude } catch {
            throw Diagnostic(error, at: at)
        }
    }

    /// The stride and the number of steps from `low` to `high`: by `step`, which must land
    /// on the end; by 1 between whole numbers; else ten steps. At most `Sweep.maxRows` rows.
    /// A step of another dimension, or not above 0, is refused at the step (`stepAt`).
    package static func steps(key: String, from low: Number, to high: Number, step: Quantity?, unit: CompoundUnit, rates: Rates,
                      at: Range<Int>, stepAt: Range<Int>? = nil) throws(Diagnostic) -> (stride: Number, count: Int) {
        let span = try Estimates.checked(at: at) { () throws(ArithmeticError) in try high - low }
        let whole = low.exactInteger != nil && high.exactInteger != nil && span <= Number(Sweep.maxRows - 1)
        if step == nil, !whole {
            // Ten steps land on the end by construction, even where the ends are known only
            // approximately (`cycles=2..10^100000`).
            return (try Estimates.checked(at: at) { () throws(ArithmeticError) in try span / 10 }, 10)
        }
        let stride = try step.map { (step) throws(Diagnostic) in try magnitude(step, in: unit, rates: rates, at: stepAt ?? at) } ?? 1
        guard stride > 0 else { throw Diagnostic(ArgumentError.sweep(.stepNotPositive), at: stepAt ?? at) }
        let steps = try Estimates.checked(at: at) { () throws(ArithmeticError) in try span / stride }
        guard case .exact(let exactSteps) = steps, exactSteps.isInteger, let count = Number.exact(exactSteps).exactInteger else {
            if steps > Number(Sweep.maxRows) {
                throw Diagnostic(ArgumentError.sweep(.tooManyRows(Int(min(steps.doubleValue, 1e9)) + 1)), at: at)
            }
            let f = EstimateFormat.number
            throw Diagnostic(ArgumentError.sweep(.stepMissesEnd(step: f(stride), range: "\(key)=\(f(low))..\(f(high))", span: f(span))), at: at)
        }
        guard count + 1 <= Sweep.maxRows else { throw Diagnostic(ArgumentError.sweep(.tooManyRows(count + 1)), at: at) }
        return (stride, count)
    }

    /// The estimate at each value, each on a copy of the estimates, as if given with the
    /// inline inputs alone.
    private func sweepRows(_ estimator: any Estimator.Type, _ spec: InputSpec, from low: Number, to high: Number, stride: Number,
                           count: Int, unit: CompoundUnit, fixed: ArgumentReader, rates: Rates,
                           at: Range<Int>) throws(Diagnostic) -> [(Quantity, SweptRow)] {
        // The values of functions of the inputs that stay put are computed once, not once a row.
        let context = fixed.evaluator.context.remembering()
        let fixed = ArgumentReader(fixed.source, command: estimator.name, commandRange: fixed.commandRange,
                                   evaluator: fixed.evaluator.with(context: context))
        var estimates: [(Quantity, SweptRow)] = []
        for index in 0...count {
            do throws(ArithmeticError) { try context.checkInterruption() } catch { throw Diagnostic(error, at: at) }
            let magnitude = index == count ? high
                : try Estimates.checked(at: at) { () throws(ArithmeticError) in try low + stride * Number(index) }
            let q = Quantity(magnitude, unit)
            var scratch = self
            let made: Outcome
            do throws(Diagnostic) {
                made = try scratch.run(estimator, fixed, supplied: [spec.key: .quantity(q)], rates: rates, showsTables: false)
            } catch {
                // An inline input's own error points at it; the rest at the range.
                let pointed = error.range != fixed.commandRange ? error : Diagnostic(error.problem, at: at)
                // The estimator's refusal of this row's inputs refuses the row alone.
                guard case .estimate = error.problem else { throw pointed }
                estimates.append((q, .refused(pointed)))
                continue
            }
            guard case .estimate(let estimate) = made else { continue }
            estimates.append((q, .made(estimate)))
        }
        return estimates
    }

    /// The results that move across the rows, the headline's first; the main ones when
    /// none does. At most four.
    package static func sweptColumns(_ estimator: any Estimator.Type, _ estimates: [Estimate]) -> [ResultSpec] {
        guard let first = estimates.first else { return [] }
        let lineResults = estimator.results.filter { if case .line = $0.reading { $0.unit != .word } else { false } }
        let candidates = estimator.sweepColumns + lineResults.filter { spec in !estimator.sweepColumns.contains { $0.name == spec.name } }
        let moving = candidates.filter { spec in
            guard let number = first.result(spec.name)?.number else { return false }
            return estimates.contains { $0.result(spec.name)?.number != number }
        }
        return Array((moving.isEmpty ? estimator.sweepColumns.filter { first.result($0.name)?.number != nil } : moving).prefix(4))
    }
}

extension Estimates {
    /// The warning a percentage written as a plain number below 1 gets (`condensate=0.6`
    /// is 0.6%, perhaps meant as 60%), for one value or for a sweep's range; none for an
    /// input whose usual values are that small (drift, 0.005%).
    package static func plainPercentWarning(_ spec: InputSpec, from: Quantity, to: Quantity? = nil) -> String? {
        guard spec.isPercent, from.isPlain, to?.isPlain ?? true else { return nil }
        if case .quantity(let usual)? = spec.defaultValue, usual.magnitude > 0, usual.magnitude < 1 { return nil }
        let high = to?.magnitude ?? from.magnitude
        guard from.magnitude > 0, high < 1 else { return nil }
        func written(_ value: Number) -> String { EstimateFormat.number(value) }
        func meant(_ value: Number) -> String { EstimateFormat.number((try? value * 100) ?? value) }
        let shown = to.map { "\(written(from.magnitude))..\(written($0.magnitude))" } ?? written(from.magnitude)
        let percents = to.map { "\(written(from.magnitude))%..\(written($0.magnitude))%" } ?? "\(shown)%"
        let intended = to.map { "\(meant(from.magnitude))%..\(meant($0.magnitude))%" } ?? "\(meant(from.magnitude))%"
        return "\(spec.key)=\(shown) is \(percents); for \(intended) write \(spec.key)=\(intended)"
    }
}
