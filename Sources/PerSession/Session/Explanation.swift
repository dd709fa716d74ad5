import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `explain STATEMENT` (`help explain`): how per reads a statement, one line per step that
/// computes something, each rule that changes the arithmetic named with the way to write
/// the other reading (`80 + 10% is shop percent: 80 × (1 + 10%) = 88; write 80 + 0.1 to add
/// 0.1`). The statement runs through the evaluator as it always does, so the explanation
/// is of what per really computes; nothing in the session changes.
struct ExplainingBuilder: ExpressionBuilder {
    typealias Value = Evaluator.Operand
    let evaluator: Evaluator
    var vocabulary: any Vocabulary.Type { evaluator.vocabulary }
    /// A value as the session shows it, `≈` included.
    let show: (Quantity) -> String
    /// A range as the session shows it, `≈` included.
    let showRange: (QuantityRange) -> String
    /// A list as the session shows it, `≈` included.
    let showList: (QuantityList) -> String
    /// `= 88`, or `≈ 7.05479238992 lb` for a value shown rounded.
    func equals(_ q: Quantity) -> String {
        let shown = show(q)
        return shown.hasPrefix("≈") ? shown : "= " + shown
    }
    /// An operand as shown: a range as one (`12 ± 0.5 kg`), else its value.
    func show(_ operand: Value) -> String {
        if let bounds = operand.bounds { return showRange(bounds) }
        if let list = operand.list { return showList(list) }
        let showQuantity: (Quantity) -> String = show
        return showQuantity(operand.quantity)
    }
    func equals(_ operand: Value) -> String {
        let shown = show(operand)
        return shown.hasPrefix("≈") ? shown : "= " + shown
    }
    let steps = Steps()

    /// The lines so far, at most `limit` of them.
    final class Steps {
        static let limit = 40
        private(set) var lines: [String] = []
        private(set) var omitted = 0
        /// The value the last line computed.
        var lastValue: Quantity?

        func add(_ line: String, value: Quantity? = nil) {
            lastValue = value
            if lines.count < Steps.limit { lines.append(line) } else { omitted += 1 }
        }
    }

    var notation: InputNotation { evaluator.notation }
    func isVariable(_ name: String) -> Bool { evaluator.isVariable(name) }
    func userUnit(named name: String) -> CompoundUnit? { evaluator.userUnit(named: name) }
    func userUnitNames() -> [String] { evaluator.userUnitNames() }
    func userFunction(named name: String) -> UserFunction? { evaluator.userFunction(named: name) }
    static func dimension(of value: Value) -> Dimension? { Evaluator.dimension(of: value) }

    func number(_ value: consuming Number, money: Unit?, range: Range<Int>) throws(Diagnostic) -> Value {
        evaluator.number(value, money: money, range: range)
    }

    func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.name(name, range: range)
        let kind: String
        if evaluator.scope?.parameters[name] != nil {
            kind = "a parameter"
        } else if evaluator.variables[name] != nil || (name != Names.lastResult && evaluator.lists?[name] != nil) {
            kind = "your variable"
        } else if evaluator.results[name] != nil || evaluator.inputs[name] != nil {
            kind = "kept from an estimate"
        } else if name == Names.lastResult {
            kind = "the last result"
        } else if name == "vat" || name == "tax" {
            kind = "the rate set with vat"
        } else {
            kind = "the constant"
        }
        steps.add("\(name) is \(kind): \(show(value))")
        return value
    }

    func unit(_ unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value { evaluator.unit(unit, range: range) }

    func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) throws(Diagnostic) -> Value {
        try evaluator.date(month: month, day: day, range: range, dayRange: dayRange)
    }

    func noting(_ note: ValueNote, on value: Value) -> Value { evaluator.noting(note, on: value) }

    func applying(_ unit: CompoundUnit, to value: consuming Value, range: Range<Int>) throws(Diagnostic) -> Value {
        try evaluator.applying(unit, to: value, range: range)
    }

    func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.negate(operand, range: range)
        // `-2^2` is −(2^2): worth a line when the operand was computed, not for `-5`.
        if let last = steps.lastValue, last == operand.quantity { steps.add("−(\(show(operand))) \(equals(value))") }
        return value
    }

    func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value { try evaluator.percent(operand, range: range) }

    func factorial(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.factorial(operand, range: range)
        steps.add("\(show(operand))! \(equals(value))", value: value.quantity)
        return value
    }

    func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.binary(op, left, right, range: range)
        // A range is parenthesized as an operand: `(12 ± 0.5 kg) ÷ 3`.
        func operand(_ value: Value) -> String { value.bounds == nil ? show(value) : "(" + show(value) + ")" }
        let a = operand(left), b = operand(right)
        let (x, y) = (left.quantity, right.quantity)
        func share(_ q: Quantity) -> String { (try? QuantityMath.plainIfPart(q)).map(show) ?? show(q) }
        if op.isComparison {
            steps.add("\(a) \(op.rawValue) \(b), compared in one unit: \(value.quantity.magnitude.isZero ? "false" : "true")", value: value.quantity)
            return value
        }
        if x.unit.isDate || y.unit.isDate {
            let clamp = value.note.map { " (\($0.message): the month's last day)" } ?? ""
            steps.add("\(a) \(op == .add ? "+" : "−") \(b) \(equals(value))\(clamp)", value: value.quantity)
            return value
        }
        switch op {
        case .percentOff: steps.add("\(a) off \(b) is a discount: \(b) − \(a) \(equals(value))")
        case .percentOn: steps.add("\(a) on \(b) is a mark-up: \(b) + \(a) \(equals(value))")
        case .asPercentOf: steps.add("\(a) as % of \(b): \(a) ÷ \(b) \(equals(value))")
        case .wholeOf: steps.add("\(a) is \(b) of what: \(a) ÷ \(b) \(equals(value))")
        case .includingTax: steps.add("\(a) incl \(b) vat is a gross price: net = \(a) ÷ (1 + \(b)) \(equals(value))")
        case .excludingTax: steps.add("\(a) excl \(b) vat is a net price: gross = \(a) × (1 + \(b)) \(equals(value))")
        case .percentOf: steps.add("\(a) of \(b) is a share: \(share(x)) × \(b) \(equals(value))")
        case .add where y.isPercentage && !x.isPercentage, .subtract where y.isPercentage && !x.isPercentage:
            let sign = op == .add ? "+" : "−"
            steps.add("\(a) \(sign) \(b) is shop percent: \(a) × (1 \(sign) \(b)) \(equals(value)); write \(a) \(sign) \(share(y)) to \(op == .add ? "add" : "subtract") \(share(y))")
        default:
            let symbol = [.add: "+", .subtract: "−", .multiply: "×", .divide: "÷", .power: "^", .modulo: "mod"][op] ?? op.rawValue
            var line = "\(a) \(symbol) \(b) \(equals(value))"
            if x.isPercentage != y.isPercentage, op == .multiply || op == .divide || op == .power || x.isPercentage {
                let percentage = x.isPercentage ? x : y
                line += " (a percentage is its share here: \(show(percentage)) is \(share(percentage)))"
            } else if op == .add || op == .subtract, x.isPlain != y.isPlain, (x.isPlain ? y : x).unit.moneyAtom != nil {
                line += " (a plain number beside money is that money)"
            } else if (op == .add || op == .subtract), x.unit != y.unit, !x.isPlain, !y.isPlain {
                line += " (in the left operand's unit)"
            } else if op == .multiply || op == .divide, let named = Self.namedUnit(for: value.quantity.unit) {
                line += " (\(named.dimension.withArticle): to \(named.symbol) names it)"
            }
            steps.add(line)
        }
        steps.lastValue = value.quantity
        return value
    }

    func multipack(_ count: Value, _ each: Value, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.multipack(count, each, strict: strict, range: range)
        let packs = value.packs.map { "\($0.count) packs of \(show($0.each))" } ?? "a plain product, not packs"
        steps.add("\(show(count)) × \(show(each)) \(equals(value)): \(packs)", value: value.quantity)
        return value
    }

    func list(_ elements: [Value], ranges: [Range<Int>], range: Range<Int>) throws(Diagnostic) -> Value {
        try evaluator.list(elements, ranges: ranges, range: range)
    }

    func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value {
        let value = try evaluator.call(function, arguments, range: range)
        steps.add("\(function.rawValue)(\(arguments.map { show($0) }.joined(separator: ", "))) \(equals(value))", value: value.quantity)
        return value
    }

    func call(_ function: UserFunction, _ arguments: [Value], range: Range<Int>, depth: Int) throws(Diagnostic) -> Value {
        let value = try evaluator.call(function, arguments, range: range, depth: depth)
        steps.add("\(function.name)(\(arguments.map { show($0) }.joined(separator: ", "))) \(equals(value)), "
                  + "your function \(function.signature) = \(function.body)", value: value.quantity)
        return value
    }

    func convert(_ value: Value, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value {
        let converted = try evaluator.convert(value, to: unit, range: range)
        let named = Self.namedUnit(for: value.quantity.unit).map { " (\($0.dimension.withArticle))" } ?? ""
        steps.add("\(show(value)) to \(unit.symbol) \(equals(converted))\(named)", value: converted.quantity)
        return converted
    }

    /// The SI units with names of their own (SI Brochure 9, Table 4) that a product or
    /// quotient of units may come to: N, Pa, J, W, Hz and the electrical ones.
    private static let namedUnits: [(dimension: Dimension, symbol: String)] = ["N", "Pa", "J", "W", "Hz", "V", "Ω", "S", "coulomb"]
        .compactMap { symbol in UnitTable.unit(named: symbol).map { ($0.dimension, symbol) } }

    /// The named unit a compound unit (`kg·m/s²`, `A·V`) is another way to write, with its
    /// dimension; nil for a unit of one name (`N`, `kWh`) or a dimension without one.
    static func namedUnit(for unit: CompoundUnit) -> (dimension: Dimension, symbol: String)? {
        guard unit.atom == nil, !unit.terms.isEmpty else { return nil }
        return namedUnits.first { $0.dimension == unit.dimension }
    }

    func convert(_ value: Value, toParts units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Value {
        let converted = try evaluator.convert(value, toParts: units, range: range)
        steps.add("\(show(value)) to \(units.map(\.symbol).joined(separator: " ")): whole \(units.dropLast().map(\.symbol).joined(separator: ", ")) "
                  + "and the rest in \(units[units.count - 1].symbol)", value: converted.quantity)
        return converted
    }

    func format(_ value: Value, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Value {
        try evaluator.format(value, as: format, range: range)
    }
}

extension Session {
    /// `explain STATEMENT`: the steps of an expression or assignment, or what `add` reads
    /// as price, quantity and name; the session stays as it was.
    mutating func explain(_ source: StatementSource, commandRange: Range<Int>, context: EvaluationContext) throws(Diagnostic) -> Outcome {
        guard source.scalars.contains(where: { !StatementSource.isBlank($0) }) else {
            throw Diagnostic(ArgumentError.missing(command: "explain", what: "a statement", example: "explain 80 + 10%"),
                             at: commandRange.upperBound..<(commandRange.upperBound + 1))
        }
        let calculator = self.calculator
        func marked(_ shown: DisplayedQuantity) -> String { (shown.isExact ? "" : "≈ ") + shown.text }
        let evaluator = evaluator(in: context)
        let builder = ExplainingBuilder(evaluator: evaluator, show: { marked(calculator.display($0)) },
                                        showRange: { marked(calculator.display($0)) }, showList: { marked(calculator.display($0)) })
        var lines: [String]
        switch try Parser.statement(source, builder: builder) {
        case .expression(let operand):
            // True or false, and a weekday, are shown as such, not as the number behind them.
            let shown = operand.format.flatMap { $0 == .truth || $0 == .weekday ? calculator.display(operand.quantity, format: $0) : nil }
            lines = builder.steps.lines + [shown.map { ($0.isExact ? "= " : "≈ ") + $0.text } ?? builder.equals(operand)]
        case .assignment(let name, _, let operand):
            lines = builder.steps.lines + ["then \(name) \(builder.equals(operand))"]
        case .definition(let definition):
            lines = ["defines your function \(definition.name)(\(definition.parameters.map(\.name).joined(separator: ", "))), "
                     + "run at each call with the arguments given"]
        case .command(.add, let name, let nameRange, let arguments):
            var list = self.list
            let reader = ArgumentReader(arguments, command: name, commandRange: nameRange, evaluator: evaluator)
            guard case .productAdded(let product, _, _, let currency, let deal) = try list.runAdd(reader, rates: calculator.rates) else {
                return .explanation(["add adds a product"])
            }
            let each = EnteredQuantity.text(packs: nil, amount: product.quantity.amount, unit: product.quantity.unit)
            let packs = product.quantity.packs.map { " (\($0) packs of \(each))" } ?? ""
            lines = ["add reads: price \(Currency.format(product.price, currency: currency)), quantity \(product.quantity.text)\(packs), "
                     + "name '\(product.name)'" + (deal.map { ", deal \($0)" } ?? "")]
        case .command(.estimator(let command), let name, let nameRange, let arguments):
            // An estimate with its notes, whether printed before or not; nothing is kept.
            var estimates = self.estimates
            let reader = ArgumentReader(arguments, command: name, commandRange: nameRange, evaluator: evaluator)
            let explained = try estimates.run(command.estimator, reader, supplied: [:], rates: calculator.rates)
            if case .estimate(let estimate) = explained { noted(estimate) }
            return explained
        case .command(let command, _, let nameRange, _):
            throw Diagnostic(ArgumentError.explainsNot(command: command.name), at: nameRange)
        }
        if builder.steps.omitted > 0 { lines.insert("… \(builder.steps.omitted) more steps", at: lines.count - 1) }
        return .explanation(lines)
    }
}
