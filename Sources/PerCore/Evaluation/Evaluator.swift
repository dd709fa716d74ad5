/// Computes values as the parser reads an expression, against the session's variables.
/// Pure: it reads the variables and the last result, and changes nothing.
struct Evaluator: ExpressionBuilder {
    let variables: [String: Number]
    let lastResult: Number?

    /// A value with what the shop-percent rule needs to know about it: whether it was
    /// written as a percentage (`10%`), and where, for errors.
    struct Operand {
        let value: Number
        /// The source range of the value's own symbol (literal, name or operator).
        let range: Range<Int>
        /// For `p%`: p itself.
        var percentage: Number? = nil
    }

    func number(_ value: Number, range: Range<Int>) -> Operand {
        Operand(value: value, range: range)
    }

    func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Operand {
        Operand(value: try lookUp(name, at: range), range: range)
    }

    /// `-p%` stays a percentage, so `200 + -50%` is 100 as `200 - 50%` is.
    func negate(_ operand: Operand, range: Range<Int>) -> Operand {
        Operand(value: -operand.value, range: range, percentage: operand.percentage.map { -$0 })
    }

    /// Postfix `%`: the operand divided by 100.
    func percent(_ operand: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        let value = try checked(at: range) { () throws(ArithmeticError) in try operand.value / 100 }
        return Operand(value: value, range: range, percentage: operand.value)
    }

    func binary(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        let a = left.value, b = right.value
        // Two percentages add plainly: 1% + 2% is 3%.
        if op == .add || op == .subtract, let percentage = right.percentage, left.percentage == nil {
            return Operand(value: try shopPercent(a, op, percentage, at: right.range), range: range)
        }
        let value = try checked(at: range) { () throws(ArithmeticError) in
            switch op {
            case .add: return try a + b
            case .subtract: return try a - b
            case .multiply: return try a * b
            case .divide: return try a / b
            case .power: return try a.raised(to: b)
            }
        }
        return Operand(value: value, range: range)
    }

    /// Shop arithmetic (README, "Expressions" and "The number model"): `a + p%` is `a × (1 + p/100)` and `a - p%` is
    /// `a × (1 − p/100)`, so `80 + 10% = 88` and `3.99 - 20% = 3.192`.
    private func shopPercent(_ a: Number, _ op: BinaryOperator, _ percentage: Number,
                             at range: Range<Int>) throws(Diagnostic) -> Number {
        try checked(at: range) { () throws(ArithmeticError) in
            let share = try a * percentage / 100
            return op == .add ? try a + share : try a - share
        }
    }

    private func lookUp(_ name: String, at range: Range<Int>) throws(Diagnostic) -> Number {
        if let value = variables[name] { return value }
        if name == Names.lastResult {
            guard let lastResult else { throw Diagnostic("'ans' has no value yet: it is the last result", at: range) }
            return lastResult
        }
        let candidates = Array(variables.keys) + Function.allCases.map(\.rawValue)
            + (lastResult == nil ? [] : [Names.lastResult]) + CommandCatalogue.allNames
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            throw Diagnostic("unknown name '\(name)'; did you mean '\(suggestion)'?", at: range)
        }
        throw Diagnostic("unknown name '\(name)'", at: range)
    }

    func call(_ function: Function, _ arguments: [Operand], range: Range<Int>) throws(Diagnostic) -> Operand {
        let x = arguments[0].value
        var decimals = 0
        if function == .round, arguments.count == 2 {
            guard let count = arguments[1].value.exactInteger, Evaluator.roundingDecimals.contains(count) else {
                throw Diagnostic(
                    "round's second argument is a count of decimals, a whole number from "
                        + "\(Evaluator.roundingDecimals.lowerBound) to \(Evaluator.roundingDecimals.upperBound)",
                    at: arguments[1].range)
            }
            decimals = count
        }
        let value = try checked(at: range) { () throws(ArithmeticError) in
            switch function {
            case .sqrt: return try x.squareRoot()
            case .abs: return x.magnitude
            case .floor: return try x.rounded(.down)
            case .ceil: return try x.rounded(.up)
            case .round: return try x.rounded(.nearest, decimals: decimals)
            case .min: return arguments.map(\.value).min()!
            case .max: return arguments.map(\.value).max()!
            }
        }
        return Operand(value: value, range: range)
    }

    static let roundingDecimals = -30...30

    private func checked(at range: Range<Int>, _ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number {
        do {
            return try body()
        } catch {
            throw Diagnostic(error.message(), at: range)
        }
    }

    /// The value of a syntax tree: the tree replayed through this builder, so trees and
    /// statements are evaluated by the same rules.
    func evaluate(_ node: ExpressionNode) throws(Diagnostic) -> Number {
        try replay(node).value
    }

    private func replay(_ node: ExpressionNode) throws(Diagnostic) -> Operand {
        switch node {
        case .number(let value, let range): return number(value, range: range)
        case .name(let name, let range): return try self.name(name, range: range)
        case .negate(let operand, let range): return negate(try replay(operand), range: range)
        case .percent(let operand, let range): return try percent(try replay(operand), range: range)
        case .binary(let op, let left, let right, let range):
            return try binary(op, try replay(left), try replay(right), range: range)
        case .call(let function, let arguments, let range):
            var values: [Operand] = []
            for argument in arguments { values.append(try replay(argument)) }
            return try call(function, values, range: range)
        }
    }
}
