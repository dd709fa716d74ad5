/// Computes the value of an expression against the session's variables. Pure: it reads the
/// variables and the last result, and changes nothing.
struct Evaluator {
    let variables: [String: Number]
    let lastResult: Number?

    func evaluate(_ node: ExpressionNode) throws(Diagnostic) -> Number {
        switch node {
        case .number(let value, _):
            return value
        case .name(let name, let range):
            return try lookUp(name, at: range)
        case .negate(let operand, _):
            return -(try evaluate(operand))
        case .percent(let operand, let range):
            let value = try evaluate(operand)
            return try checked(at: range) { () throws(ArithmeticError) in try value.divided(by: Number(100)) }
        case .binary(let op, let left, let right, let range):
            let a = try evaluate(left)
            if (op == .add || op == .subtract), case .percent(let share, let percentRange) = right {
                return try shopPercent(a, op, try evaluate(share), at: percentRange)
            }
            let b = try evaluate(right)
            return try checked(at: range) { () throws(ArithmeticError) in
                switch op {
                case .add: return try a.adding(b)
                case .subtract: return try a.subtracting(b)
                case .multiply: return try a.multiplied(by: b)
                case .divide: return try a.divided(by: b)
                case .power: return try a.raised(to: b)
                }
            }
        case .call(let function, let arguments, let range):
            var values: [Number] = []
            for argument in arguments { values.append(try evaluate(argument)) }
            return try call(function, values, arguments, at: range)
        }
    }

    /// Shop arithmetic (SPEC §2): `a + p%` is `a × (1 + p/100)` and `a - p%` is
    /// `a × (1 − p/100)`, so `80 + 10% = 88` and `3.99 - 20% = 3.192`.
    private func shopPercent(_ a: Number, _ op: BinaryOperator, _ percent: Number,
                             at range: Range<Int>) throws(Diagnostic) -> Number {
        try checked(at: range) { () throws(ArithmeticError) in
            let share = try a.multiplied(by: percent).divided(by: Number(100))
            return op == .add ? try a.adding(share) : try a.subtracting(share)
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

    private func call(_ function: Function, _ values: [Number], _ arguments: [ExpressionNode],
                      at range: Range<Int>) throws(Diagnostic) -> Number {
        let x = values[0]
        var decimals = 0
        if function == .round, values.count == 2 {
            guard let count = values[1].exactInteger, Evaluator.roundingDecimals.contains(count) else {
                throw Diagnostic(
                    "round's second argument is a count of decimals, a whole number from "
                        + "\(Evaluator.roundingDecimals.lowerBound) to \(Evaluator.roundingDecimals.upperBound)",
                    at: arguments[1].range)
            }
            decimals = count
        }
        return try checked(at: range) { () throws(ArithmeticError) in
            switch function {
            case .sqrt: return try x.squareRoot()
            case .abs: return x.magnitude
            case .floor: return try x.rounded(.down)
            case .ceil: return try x.rounded(.up)
            case .round: return try x.rounded(.nearest, decimals: decimals)
            case .min: return values.min()!
            case .max: return values.max()!
            }
        }
    }

    static let roundingDecimals = -30...30

    private func checked(at range: Range<Int>, _ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number {
        do {
            return try body()
        } catch {
            throw Diagnostic(error.message(), at: range)
        }
    }
}
