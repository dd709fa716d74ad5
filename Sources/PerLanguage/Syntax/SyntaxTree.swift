import PerNumbers
import PerUnits

/// An expression as parsed. Each node keeps the source range that a diagnostic about it
/// points at: the literal or name itself, or the operator.
public indirect enum ExpressionNode: Sendable, Equatable {
    case number(Number, range: Range<Int>)
    case name(String, range: Range<Int>)
    case negate(ExpressionNode, operatorRange: Range<Int>)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode, operatorRange: Range<Int>)
    /// Postfix `%`: the operand divided by 100, or, as the right operand of `+`/`-`, a share
    /// of the left operand (`80 + 10% = 88`).
    case percent(ExpressionNode, operatorRange: Range<Int>)
    /// Postfix `!`.
    case factorial(ExpressionNode, operatorRange: Range<Int>)
    case call(Function, [ExpressionNode], nameRange: Range<Int>)
    /// A call of a function the user defined.
    case userCall(String, [ExpressionNode], nameRange: Range<Int>)
    /// A unit after a number or `)`: `500 g`; also money written on a number (`$2.49`).
    case quantity(ExpressionNode, CompoundUnit, range: Range<Int>)
    /// A unit written alone: `kg`.
    case unit(CompoundUnit, range: Range<Int>)
    /// `6x330 ml`.
    case multipack(ExpressionNode, ExpressionNode, operatorRange: Range<Int>)
    /// `EXPR to UNIT`.
    case conversion(ExpressionNode, CompoundUnit, range: Range<Int>)
    /// `EXPR to lb oz`.
    case parts(ExpressionNode, [CompoundUnit], range: Range<Int>)
    /// `EXPR to FORMAT`.
    case formatted(ExpressionNode, OutputFormat, range: Range<Int>)
    /// `[a, b, c]`, the brackets' range.
    case list([ExpressionNode], range: Range<Int>)
}

/// The words the grammar uses, which no variable may take: the reserved `GrammarWord`s,
/// as text for names and completion (the parser reads the lexer's `Token.word`).
public enum Keywords {
    /// Conversion: `500 g to lb`, `500 g in lb`.
    public static let to = GrammarWord.to.spelling
    public static let `in` = GrammarWord.in.spelling
    public static let all = Set(GrammarWord.allCases.filter(\.isReserved).map(\.spelling))

    public static func contains(_ word: String) -> Bool { all.contains(word) }
}

/// `f(x, y) = body` as written: the name, the parameters and the unread body, each with
/// where it stands in the statement.
public struct FunctionDefinition: Sendable, Equatable {
    public let name: String
    public let nameRange: Range<Int>
    public let parameters: [(name: String, range: Range<Int>)]
    public package(set) var body: StatementSource

    public static func == (a: FunctionDefinition, b: FunctionDefinition) -> Bool {
        a.name == b.name && a.nameRange == b.nameRange && a.body == b.body
            && a.parameters.map(\.name) == b.parameters.map(\.name) && a.parameters.map(\.range) == b.parameters.map(\.range)
    }
}

public enum BinaryOperator: String, Sendable, Equatable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", power = "^"
    /// `a mod b`: the remainder with the sign of b.
    case modulo = "mod"
    /// `20% of 35`: a percentage of a value.
    case percentOf = "of"
    /// `20% off $50`: the value less the percentage, $40.
    case percentOff = "off"
    /// `20% on $50`: the value marked up by the percentage, $60.
    case percentOn = "on"
    /// `$40 as % of $50`: what percentage the first is of the second, 80%.
    case asPercentOf = "as % of"
    /// `$40 is 80% of what`: the whole the first is that percentage of, $50.
    case wholeOf = "is % of what"
    /// `€119 incl 19% vat`: a gross price, of which the net (€100) is the value.
    case includingTax = "incl"
    /// `€100 excl 19% vat`: a net price, of which the gross (€119) is the value.
    case excludingTax = "excl"
    /// `12 kg ± 0.5 kg`, `10 t/h ± 5%`: a range, every value from 11.5 kg to 12.5 kg.
    case plusMinus = "±"
    /// Comparisons of two values of one dimension, at the lowest precedence: `500 g < 1 lb`.
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="

    /// Whether the operator compares two values, giving true or false.
    public var isComparison: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual: return true
        default: return false
        }
    }
}

/// The operators of arithmetic proper, which plain numbers and quantities compute.
package enum ArithmeticOperator {
    case add, subtract, multiply, divide, power, modulo

    /// The arithmetic a grammar's operator is, if it is one.
    @inline(__always)
    package init?(_ op: BinaryOperator) {
        switch op {
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .divide: self = .divide
        case .power: self = .power
        case .modulo: self = .modulo
        default: return nil
        }
    }

    /// The operator as the grammar reads it.
    package var binary: BinaryOperator {
        switch self {
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .power: return .power
        case .modulo: return .modulo
        }
    }
}

/// A statement: what one `;`-separated piece of a line asks for.
public enum Statement: Sendable, Equatable {
    case expression(ExpressionNode)
    /// `name = value` or `let name = value`.
    case assignment(name: String, nameRange: Range<Int>, value: ExpressionNode)
    /// `f(x, y) = body`.
    case definition(FunctionDefinition)
    /// A command word and the rest of the statement, which each command reads its own way.
    case command(name: String, nameRange: Range<Int>, arguments: StatementSource)
}

extension ExpressionNode: CustomStringConvertible {
    /// A compact prefix form for tests and debugging: `(+ 1 (* 2 3))`.
    public var description: String {
        switch self {
        case .number(let n, _): return NumberDisplay.display(n, digits: 12).text
        case .name(let name, _): return name
        case .negate(let operand, _): return "(- \(operand))"
        case .binary(let op, let left, let right, _): return "(\(op.rawValue) \(left) \(right))"
        case .percent(let operand, _): return "(% \(operand))"
        case .factorial(let operand, _): return "(! \(operand))"
        case .call(let function, let arguments, _):
            return "(\(function.rawValue)" + arguments.map { " \($0)" }.joined() + ")"
        case .userCall(let name, let arguments, _):
            return "(\(name)" + arguments.map { " \($0)" }.joined() + ")"
        case .quantity(let value, let unit, _): return "(\(value) \(unit.symbol))"
        case .unit(let unit, _): return unit.symbol
        case .multipack(let count, let each, _): return "(× \(count) \(each))"
        case .conversion(let value, let unit, _): return "(to \(value) \(unit.symbol))"
        case .parts(let value, let units, _): return "(to \(value)" + units.map { " " + $0.symbol }.joined() + ")"
        case .formatted(let value, let format, _): return "(\(format.written) \(value))"
        case .list(let elements, _): return "[" + elements.map(\.description).joined(separator: " ") + "]"
        }
    }

    /// The source range of the node's own symbol (a literal, a name or an operator).
    public var range: Range<Int> {
        switch self {
        case .number(_, let range), .name(_, let range): return range
        case .negate(_, let range), .binary(_, _, _, let range), .percent(_, let range), .factorial(_, let range): return range
        case .call(_, _, let range), .userCall(_, _, let range), .quantity(_, _, let range), .unit(_, let range), .conversion(_, _, let range): return range
        case .multipack(_, _, let range), .formatted(_, _, let range), .parts(_, _, let range), .list(_, let range): return range
        }
    }
}
