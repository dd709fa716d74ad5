import PerNumbers
import PerUnits

/// Computes values as the parser reads an expression, against the session's variables.
/// Pure: it reads the variables, the last result and the rates, and changes nothing.
/// Public, so that its `Operand`'s hot accessors can be inlined into the layers above: a
/// `package` declaration is never inlined across modules.
public struct Evaluator: ExpressionBuilder {
    package let variables: [String: Quantity]
    package let lastResult: Quantity?
    package let rates: Rates
    /// Estimator inputs (`boiler.steam`) and results (`boiler.blowdown`), read-only here.
    package let inputs: [String: InputValue]
    package let results: [String: Quantity]
    /// The commands and estimators above the language, whose names it reserves and reads.
    package let vocabulary: any Vocabulary.Type
    /// What the statement is evaluated in: precision, values below the range, the memo and
    /// the interruption (`EvaluationContext`), passed to every number function it calls.
    package var context: EvaluationContext
    /// The user's functions and units, and the calls being run; nil while the session has
    /// neither, so that plain arithmetic carries one empty word for them, and a unit's name
    /// is looked up in the catalogue alone.
    package var scope: FunctionScope?
    /// The variables that hold a range (`x = 12 kg ± 0.5 kg`), and `ans` when the last
    /// result was one; `variables` holds their middles. Nil while there are none, so that
    /// plain arithmetic carries one empty word for them.
    package var ranges: [String: QuantityRange]?
    /// The sales-tax rate `vat 19%` set, which `€119 incl vat` and the name `vat` read.
    package var taxRate: Quantity? { seldom?.taxRate }
    /// The zones a statement may name and the local zone (`TimeZones`); nil where none
    /// were given, when a zone's name is refused as not given.
    package var zones: TimeZones? { seldom?.zones }
    /// The variables that hold a list (`lab = [1.2 kg, 1.5 kg]`), and `ans` when the last
    /// result was one; nil while there are none. They are no `variables`.
    package var lists: [String: QuantityList]? { seldom?.lists }
    /// The tax rate, the zones and the lists in a box of their own: few statements read
    /// any, and the evaluator, copied for every statement, keeps a word for all three
    /// (within 120 bytes).
    var seldom: Seldom?
    /// The local date's day number, for `today`; nil where none was given. (A day number,
    /// not the date: the evaluator is copied for every statement.)
    package var today: Int32?
    /// How numbers are written in the statement (`input dot|comma`). After `today`, in
    /// the bytes its Int32 leaves: the evaluator stays within 128 bytes, which are copied
    /// without a call to memcpy.
    package var notation: InputNotation
    /// The local time of day in minutes since midnight, for `now` with `today`;
    /// `Evaluator.noClock` where none was given. (Minutes, in the two bytes left after
    /// `notation`: `now` is to the minute.)
    package var minuteOfDay: UInt16

    package static var noClock: UInt16 { .max }
    /// The bit of `minuteOfDay` that marks `now` as the later of two readings, where the
    /// local clocks show its time twice (put back); without it, the earlier.
    package static var laterReading: UInt16 { 0x4000 }

    /// What few statements read (`seldom`).
    final class Seldom: Sendable {
        let taxRate: Quantity?
        let zones: TimeZones?
        let lists: [String: QuantityList]?

        /// The box of a tax rate, zones or lists; nil for none.
        static func made(taxRate: Quantity?, zones: TimeZones?, lists: [String: QuantityList]? = nil) -> Seldom? {
            taxRate == nil && zones == nil && lists == nil ? nil : Seldom(taxRate: taxRate, zones: zones, lists: lists)
        }

        private init(taxRate: Quantity?, zones: TimeZones?, lists: [String: QuantityList]?) {
            self.taxRate = taxRate
            self.zones = zones
            self.lists = lists
        }
    }

    /// The precision literals beyond the exact range are read at.
    package var precision: Int { context.precision }

    /// What running the user's functions needs, one box per call, and the user's own
    /// units (`unit crate = 20 bottle`), which a function's body reads too.
    package final class FunctionScope {
        package let functions: [String: UserFunction]
        package let units: UserUnits.Table?
        /// The functions being run, innermost last.
        package let running: [String]
        /// In a function's body: its parameters, bound to the arguments of this call (never
        /// the caller's), and the other names the body read as variables when it was
        /// defined. Only these read as names there; any other word reads as it did then.
        package let parameters: [String: Quantity]
        package let names: Set<String>
        /// Counts a statement's calls, shared by the scopes of nested calls.
        package let calls: CallCount

        package init(functions: [String: UserFunction], units: UserUnits.Table? = nil, running: [String] = [],
             parameters: [String: Quantity] = [:], names: Set<String> = [], calls: CallCount = CallCount()) {
            self.functions = functions
            self.units = units
            self.running = running
            self.parameters = parameters
            self.names = names
            self.calls = calls
        }

        package var isInBody: Bool { !running.isEmpty }
    }

    package final class CallCount {
        package var count = 0
        /// Characters of bodies read, so that long bodies called often are bounded too.
        package var work = 0
    }

    package func number(_ value: consuming Number, money: Unit?, range: Range<Int>) -> Operand {
        guard let money else { return Operand(quantity: Quantity(value), range: range) }
        return Operand(quantity: Quantity(value, CompoundUnit(money)), range: range)
    }

    package func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Operand {
        if let ranges, scope?.parameters[name] == nil, let bounds = ranges[name] { return try Operand(bounds: bounds, range: range) }
        if let lists, scope?.parameters[name] == nil, let list = lists[name] {
            return Operand(list: list, range: range, involvesPercent: list.unit.atom == UnitTable.percentUnit)
        }
        let value = try lookUp(name, at: range)
        var operand = Operand(quantity: value, range: range, involvesPercent: value.unit.atom == UnitTable.percentUnit)
        if name == "now", let why = zones?.unknownLocal { operand.note = .localZoneUnknown(why) }
        return operand
    }

    package func userFunction(named name: String) -> UserFunction? { scope?.functions[name] }

    /// Runs the body with the parameters bound to the arguments (they shadow variables of
    /// the same name). A problem in the body is reported at the call, naming the function.
    package func call(_ function: UserFunction, _ arguments: [Operand], range: Range<Int>, depth: Int) throws(Diagnostic) -> Operand {
        // Definitions refuse recursion; a saved set from elsewhere is checked here too.
        guard let scope else { throw Diagnostic(.notAFunction(function.name, suggestion: nil), at: range) }
        if arguments.contains(where: { $0.isRange }) {
            throw Diagnostic(RangeRefusal.unsupported("\(function.name), a function of your own,"), at: range)
        }
        if let list = arguments.first(where: { $0.isList }) {
            throw Diagnostic(ListRefusal.unsupported("\(function.name), a function of your own,"), at: list.range)
        }
        do { try context.checkInterruption() } catch { throw Diagnostic(error, at: range) }
        let running = scope.running, calls = scope.calls
        if let start = running.firstIndex(of: function.name) {
            throw Diagnostic(.callsItself(function.name, through: Array(running[(start + 1)...])), at: range)
        }
        guard running.count < UserFunction.maxCallDepth else {
            throw Diagnostic(.callsTooDeep(UserFunction.maxCallDepth), at: range)
        }
        calls.count += 1
        calls.work += function.body.unicodeScalars.count
        guard calls.count <= UserFunction.maxCallsPerStatement, calls.work <= UserFunction.maxWorkPerStatement else {
            throw Diagnostic(.tooManyCalls(UserFunction.maxCallsPerStatement), at: range)
        }
        var inner = self
        // Bodies are kept in dot input (`InputNotation.rewritten`).
        inner.notation = .dot
        inner.scope = FunctionScope(
            functions: scope.functions, units: scope.units, running: running + [function.name],
            parameters: Dictionary(zip(function.parameters, arguments.map(\.quantity)), uniquingKeysWith: { first, _ in first }),
            names: function.globals, calls: calls)
        let result: Operand
        do {
            result = try Parser.expression(StatementSource(function.body), builder: inner, depth: depth)
        } catch {
            switch error.problem {
            case .syntax(.nestedTooDeeply), .syntax(.tooManyCalls), .syntax(.callsTooDeep):
                // The whole statement's problem, not the body's.
                throw Diagnostic(error.problem, at: range)
            case let problem where problem.isCancellation:
                throw Diagnostic(problem, at: range)
            default:
                throw Diagnostic(.inFunction(function.name, error.problem), at: range)
            }
        }
        if result.isRange, let bounds = result.bounds { return try Operand(bounds: bounds, range: range) }
        if let list = result.list { return Operand(list: list, range: range, involvesPercent: result.involvesPercent) }
        var value = Operand(quantity: result.quantity, range: range, involvesPercent: result.involvesPercent)
        if let format = result.format { value.format = format }
        if result.showsSign { value.showsSign = true }
        return value
    }

    package func userUnit(named name: String) -> CompoundUnit? { scope?.units?.unit(named: name) }
    package func userUnitNames() -> [String] { scope?.units?.names ?? [] }

    package func isVariable(_ name: String) -> Bool {
        if let scope, scope.isInBody { return scope.parameters[name] != nil || scope.names.contains(name) }
        return variables[name] != nil || results[name] != nil || inputs[name] != nil || lists?[name] != nil
    }

    package func unit(_ unit: CompoundUnit, range: Range<Int>) -> Operand {
        Operand(quantity: Quantity(1, unit), range: range, isBareUnit: true)
    }

    package func applying(_ unit: CompoundUnit, to value: consuming Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if value.isRange { return try rangeMapping(.applying(unit), of: value, range: range) }
        if value.isList { return try listMapping(value, range: range) { (x: Operand) throws(Diagnostic) in try applying(unit, to: x, range: range) } }
        // The operand taken becomes the result, without a copy.
        var result = value
        if result.quantity.isPlain {
            result.quantity = Quantity(result.quantity.magnitude, unit)
            try checked(at: range) { () throws(QuantityError) in try QuantityMath.checkAboveAbsoluteZero(result.quantity, in: context) }
        } else {
            let quantity = result.quantity
            result.quantity = try checked(at: range) { () throws(QuantityError) in
                try QuantityMath.multiply(quantity, Quantity(1, unit.withDifferences), dividing: false, in: context)
            }
        }
        result.isBareUnit = false
        return result
    }

    /// `-p%` stays a percentage, so `200 + -50%` is 100 as `200 - 50%` is.
    package func negate(_ operand: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if operand.quantity.unit.isDate { throw Diagnostic(QuantityError.date(.about(.scaled, operand.quantity)), at: range) }
        if operand.isRange {
            return try rangeMapping(.negation, of: operand, range: range)
        }
        if operand.isList { return try listMapping(operand, range: range) { (x: Operand) throws(Diagnostic) in try negate(x, range: range) } }
        var result = operand
        result.quantity.magnitude = -operand.quantity.magnitude
        result.isBareUnit = false
        // `-(a - b)` is `b - a`, counted on the calendar from the other end.
        if let span = operand.dateSpan { result.dateSpan = span.reversed }
        try checked(at: range) { () throws(QuantityError) in try QuantityMath.checkAboveAbsoluteZero(result.quantity, in: context) }
        return result
    }

    /// Postfix `%`: a percentage (`15%` is 15 of the unit `%`, which is 0.15); a date or a
    /// time, no amount, has none.
    package func percent(_ operand: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if operand.quantity.unit.isDate { throw Diagnostic(QuantityError.date(.about(.scaled, operand.quantity)), at: range) }
        if operand.isRange {
            return try rangeMapping(.percent, of: operand, range: range)
        }
        if operand.isList { return try listMapping(operand, range: range) { (x: Operand) throws(Diagnostic) in try percent(x, range: range) } }
        let q = operand.quantity
        let value: Quantity
        if q.isPlain {
            value = Quantity(q.magnitude, UnitTable.percentUnit)
        } else {
            value = Quantity(try checked(at: range) { () throws(QuantityError) in
                try QuantityMath.run { () throws(ArithmeticError) in try q.magnitude.divided(by: 100, in: context) }
            }, q.unit)
        }
        return Operand(quantity: value, range: range, involvesPercent: true)
    }

    /// Postfix `!`: the factorial of a plain whole number.
    package func factorial(_ operand: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        let q = operand.quantity
        if operand.isRange { throw Diagnostic(RangeRefusal.unsupported("!"), at: range) }
        if operand.isList { return try listMapping(operand, range: range) { (x: Operand) throws(Diagnostic) in try factorial(x, range: range) } }
        guard q.isPlain else { throw Diagnostic(QuantityError.needsPlainNumber("!", unit: q.unit.symbol), at: range) }
        do {
            return Operand(quantity: Quantity(try q.magnitude.factorial(in: context)), range: range)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// Plain numbers, the common case of a chain, are changed in place: no operand is
    /// made and dropped for each step.
    package func combine(_ op: BinaryOperator, _ left: inout Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) {
        guard left.isPlainNumber, right.isPlainNumber, let arithmetic = ArithmeticOperator(op) else {
            left = try binary(op, left, right, range: range)
            return
        }
        left.quantity.magnitude = try number(arithmetic, left.quantity.magnitude, right.quantity.magnitude, range: range)
        left.range = range
        left.isBareUnit = false
    }

    package func binary(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        // Plain numbers, the common case, go straight to the number model; the phrases
        // (`off`, `incl`, …) are read below, each with its rule.
        if left.isPlainNumber, right.isPlainNumber, let arithmetic = ArithmeticOperator(op) {
            return try plain(arithmetic, left.quantity.magnitude, right.quantity.magnitude, range: range)
        }
        // A list, element by element; a range, or `±` making one: the slow paths, which
        // ordinary values never take.
        if left.isList || right.isList { return try listBinary(op, left, right, range: range) }
        if op == .plusMinus || left.isRange || right.isRange { return try rangeBinary(op, left, right, range: range) }
        switch op {
        case .add: return try quantities(.add, left, right, range: range)
        case .subtract: return try quantities(.subtract, left, right, range: range)
        case .multiply: return try quantities(.multiply, left, right, range: range)
        case .divide: return try quantities(.divide, left, right, range: range)
        case .power: return try quantities(.power, left, right, range: range)
        case .modulo: return try quantities(.modulo, left, right, range: range)
        case .percentOf: return try percentOf(left, right, range: range)
        case .percentOff, .percentOn:
            // `20% off $50` is $50 − 20%, `20% on $50` is $50 + 20%: the shop rule.
            guard left.quantity.isPercentage else {
                throw Diagnostic(SyntaxError.percentPhrase(word: op.rawValue, example: "20% \(op.rawValue) $50"), at: range)
            }
            // More than 100% off would pay the shopper: refused, not shown as a negative price.
            if op == .percentOff, try share(left).quantity.magnitude.real(bits: context.precision).lower > Rational(1) {
                throw Diagnostic(QuantityError.discountBeyondWhole, at: left.range)
            }
            return try binary(op == .percentOff ? .subtract : .add, right, left, range: range)
        case .asPercentOf: return try asPercentOf(left, right, range: range)
        case .includingTax, .excludingTax: return try tax(including: op == .includingTax, left, right, range: range)
        case .wholeOf:
            // `$40 is 80% of what`: $40 ÷ 80%.
            guard right.quantity.isPercentage else {
                throw Diagnostic(SyntaxError.percentPhrase(word: "is", example: "$40 is 80% of what"), at: range)
            }
            return try binary(.divide, left, try share(right), range: range)
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual:
            return try compare(op, left, right, range: range)
        case .plusMinus:
            return try rangeBinary(op, left, right, range: range)
        }
    }

    /// Two plain numbers' arithmetic.
    @inline(__always)
    private func plain(_ op: ArithmeticOperator, _ a: Number, _ b: Number, range: Range<Int>) throws(Diagnostic) -> Operand {
        Operand(quantity: Quantity(try number(op, a, b, range: range)), range: range)
    }

    /// `a op b` of two plain numbers; an error is the operator's.
    private func number(_ op: ArithmeticOperator, _ a: Number, _ b: Number, range: Range<Int>) throws(Diagnostic) -> Number {
        do {
            switch op {
            case .add: return try a.adding(b, in: context)
            case .subtract: return try a.subtracting(b, in: context)
            case .multiply: return try a.multiplied(by: b, in: context)
            case .divide: return try a.divided(by: b, in: context)
            case .power: return try a.raised(to: b, in: context)
            case .modulo: return try a.modulo(b, in: context)
            }
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// Arithmetic of quantities (and dates): units converted, combined and cancelled;
    /// percentages as shares or as the shop's `80 + 10%`.
    private func quantities(_ op: ArithmeticOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        if left.quantity.unit.isDate || right.quantity.unit.isDate { return try dateBinary(op.binary, left, right, range: range) }
        var a = left.quantity, b = right.quantity
        let involvesPercent = left.involvesPercent || right.involvesPercent
        // A percentage is the value, however it was written (`8%`, a variable holding it, a
        // function's result). Times, over or to the power of anything, and before a plain
        // number in a sum, it is its plain share: `15% * 200` is 30, `10% + 80` is 80.1.
        let leftIsPercentage = a.isPercentage, rightIsPercentage = b.isPercentage
        let isSum = op == .add || op == .subtract
        if leftIsPercentage || rightIsPercentage,
           op == .multiply || op == .divide || op == .power || (isSum && leftIsPercentage && !rightIsPercentage) {
            return try binary(op.binary, try share(left), try share(right), range: range)
        }
        // Shop arithmetic: `80 + 10%` is 88; two percentages add plainly (1% + 2% is 3%).
        if isSum, rightIsPercentage, !leftIsPercentage {
            let percentage = b.magnitude
            let share = try checked(at: right.range) { () throws(QuantityError) in
                try QuantityMath.run { () throws(ArithmeticError) in
                    let factor = try Number(1).adding((op == .add ? percentage : -percentage).divided(by: 100, in: context), in: context)
                    return try a.magnitude.multiplied(by: factor, in: context)
                }
            }
            var result = a
            result.magnitude = share
            return Operand(quantity: result, range: range, involvesPercent: involvesPercent)
        }
        if left.isBareUnit { a.unit = a.unit.withDifferences }
        if right.isBareUnit { b.unit = b.unit.withDifferences }
        let (x, y) = (a, b)
        let value = try checked(at: range) { () throws(QuantityError) in
            switch op {
            case .add: return try QuantityMath.add(left.quantity, right.quantity, subtracting: false, rates: rates, in: context)
            case .subtract: return try QuantityMath.add(left.quantity, right.quantity, subtracting: true, rates: rates, in: context)
            case .multiply: return try QuantityMath.multiply(x, y, dividing: false, in: context)
            case .divide: return try QuantityMath.multiply(x, y, dividing: true, in: context)
            case .power: return try QuantityMath.power(x, y, in: context)
            case .modulo: return try QuantityMath.modulo(x, y, rates: rates, in: context)
            }
        }
        var result = Operand(quantity: value, range: range, isBareUnit: false, involvesPercent: involvesPercent)
        // `€1 + $1` at a rate of the file: its age, when old.
        if isSum, rates.reference != nil { result.note = ValueNote.rateAge(from: b.unit, to: a.unit, rates: rates, today: today) }
        return result
    }

    /// `6x330 ml`: the product, remembering 6 packs of 330 ml when the count is a whole
    /// number of packs (else `×` is a plain multiplication: `2.5 × 3`).
    package func multipack(_ count: Operand, _ each: Operand, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Operand {
        // A range or a list counts no packs: `(12 ± 0.5) × 3` is a product.
        if count.isList || each.isList {
            if strict { throw Diagnostic(ListRefusal.unsupported("a multipack's x"), at: range) }
            return try binary(.multiply, count, each, range: range)
        }
        if count.isRange || each.isRange {
            if strict { throw Diagnostic(RangeRefusal.unsupported("a multipack's x"), at: range) }
            return try binary(.multiply, count, each, range: range)
        }
        var result = try binary(.multiply, count, each, range: range)
        if count.quantity.isPlain, let whole = count.quantity.magnitude.exactInteger, whole >= 1,
           whole <= Operand.maxPacks, each.packs == nil {
            result.packs = (whole, each.quantity)
        } else if strict {
            // The count before the cross (`2.5x500 g`) or after it (`500 g x 2.5`).
            let blame = count.range.lowerBound < range.lowerBound ? count.range.lowerBound..<range.lowerBound : count.range
            throw Diagnostic(ShoppingError.packsNotWhole, at: blame)
        }
        return result
    }

    package static func dimension(of value: Operand) -> Dimension? { value.quantity.dimension }

    private func lookUp(_ name: String, at range: Range<Int>) throws(Diagnostic) -> Quantity {
        if let value = scope?.parameters[name] { return value }
        if let value = variables[name] { return value }
        if let value = results[name] { return value }
        if let input = inputs[name] {
            // An input as given; a plain number in its input's unit.
            switch input {
            case .word(let word): throw Diagnostic(.wordInput(name, word: word), at: range)
            case .quantity(let q):
                guard q.isPlain, let unit = vocabulary.inputUnit(named: name) else { return q }
                return Quantity(q.magnitude, unit)
            }
        }
        if name.contains(".") {
            let estimator = String(name.split(separator: ".")[0])
            let known = vocabulary.estimatorNames(of: estimator)
            guard !known.isEmpty else { throw Diagnostic(.unknownName(name, suggestion: nil), at: range) }
            if !known.contains(name) {
                throw Diagnostic(.unknownName(name, suggestion: Suggestion.closest(to: name, among: known)), at: range)
            }
            throw Diagnostic(.noValueYet(name, estimator: estimator), at: range)
        }
        if name == "vat" || name == "tax" {
            guard let taxRate else { throw Diagnostic(ArgumentError.noTaxRate, at: range) }
            return taxRate
        }
        if name == Names.lastResult {
            guard let lastResult else { throw Diagnostic(.noLastResult, at: range) }
            return lastResult
        }
        if let constant = Constant(rawValue: name) { return Quantity(constant.value(in: context)) }
        if let date = try relativeDate(name, at: range) { return date }
        // `x = total * 2`: a block's figure is a line of its own, which a name may keep.
        if case .blockFigure? = vocabulary.reservedCommand(name) {
            throw Diagnostic(ArgumentError.sheet(.figureInExpression(name)), at: range)
        }
        let candidates = Array(variables.keys) + Function.allCases.map(\.rawValue) + Constant.allCases.map(\.rawValue)
            + (lastResult == nil ? [] : [Names.lastResult]) + vocabulary.commandNames
        // The user's own names first: `cots` is more likely `cost` than `cos`.
        let suggestion = Suggestion.closest(to: name, among: Array(variables.keys)) ?? Suggestion.closest(to: name, among: candidates)
        throw Diagnostic(.unknownName(name, suggestion: suggestion ?? UnitTable.likelyMisspelling(name)),
                         at: range)
    }
}

extension Evaluator {
    /// An evaluator for the layers above. (In an extension, so that the memberwise
    /// initializer stays for `Evaluator.statement`.)
    package init(variables: [String: Quantity], lastResult: Quantity?, rates: Rates, inputs: [String: InputValue],
                 results: [String: Quantity], vocabulary: any Vocabulary.Type, context: EvaluationContext,
                 scope: FunctionScope? = nil, ranges: [String: QuantityRange]? = nil, taxRate: Quantity? = nil,
                 today: Int32? = nil, notation: InputNotation = .dot, minuteOfDay: UInt16 = Evaluator.noClock,
                 zones: TimeZones? = nil, lists: [String: QuantityList]? = nil) {
        self.variables = variables
        self.lastResult = lastResult
        self.rates = rates
        self.inputs = inputs
        self.results = results
        self.vocabulary = vocabulary
        self.context = context
        self.scope = scope
        self.ranges = ranges
        self.seldom = Seldom.made(taxRate: taxRate, zones: zones, lists: lists)
        self.today = today
        self.notation = notation
        self.minuteOfDay = minuteOfDay
    }
}
