import PerNumbers
import PerUnits

/// What the parser makes of each piece of an expression. One grammar serves two ends: a
/// `TreeBuilder` makes syntax trees (for tests and for looking at an input's shape), and
/// the `Evaluator` computes values as it goes, which is what running a statement needs.
package protocol ExpressionBuilder {
    associatedtype Value
    /// A literal, with the money unit written on it (`$2.49`, `2.49€`).
    func number(_ value: consuming Number, money: Unit?, range: Range<Int>) throws(Diagnostic) -> Value
    func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value
    /// `December 24`: that day of this year, the year of the session's `today`; a day the
    /// month does not have is refused at `dayRange`.
    func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) throws(Diagnostic) -> Value
    /// A statement's value with a note on how it was read (`12/24/2026` divided though it
    /// looks like a date), where values carry notes.
    func noting(_ note: ValueNote, on value: Value) -> Value
    /// A unit written alone: one of it (`kg`, `lb to g`).
    func unit(_ unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value
    /// A unit after a number or a closing parenthesis: `500 g`, `(2+3) kg`. The value is
    /// taken, as the parser has no more use for it, so the result can be made of it.
    func applying(_ unit: CompoundUnit, to value: consuming Value, range: Range<Int>) throws(Diagnostic) -> Value
    func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value
    /// `left op right` made in `left`, as a chain (`1 + 2 + 3`) builds its value: a
    /// builder may change the value in place rather than make a new one.
    func combine(_ op: BinaryOperator, _ left: inout Value, _ right: Value, range: Range<Int>) throws(Diagnostic)
    /// `6x330 ml`, `6 × 330 ml`: a product that remembers its packs.
    /// `strict` for the `x` of `6x330`, which must count whole packs.
    func multipack(_ count: Value, _ each: Value, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Value
    func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func factorial(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value
    /// `[a, b, c]`: a list of the values, each written at `ranges[i]`, the whole at `range`.
    func list(_ elements: [Value], ranges: [Range<Int>], range: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to UNIT`.
    func convert(_ value: Value, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to lb oz`: whole parts of each unit but the last.
    func convert(_ value: Value, toParts units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Value
    /// `weeks until DATE`: a time in whole weeks and the rest, a part that is none left out.
    func inWeeks(_ value: Value, range: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to FORMAT`: `to fraction`, `to 2 dp`.
    func format(_ value: Value, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Value
    /// `14:30 Europe/Berlin`: a time of day or a date with a time in the zone written at
    /// `zoneRange` (`help dates`).
    func zoned(_ value: Value, zone: String, zoneRange: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to ZONE`: the same instant on the clocks of the zone written at `zoneRange`.
    func convert(_ value: Value, toZone zone: String, zoneRange: Range<Int>) throws(Diagnostic) -> Value
    /// `tomorrow 9:00`, `Dec 24 9:00`: a date written as a word or a month's name and a
    /// time of day after it, one date with a time, as `2026-12-24 18:00` is.
    func dateTime(_ date: Value, at time: Value, range: Range<Int>) throws(Diagnostic) -> Value
    /// Whether a value is a time of day or a date with a time, which `to` may take to a
    /// zone; false where the builder does not know.
    static func isTime(_ value: Value) -> Bool
    /// Whether a value is a time read in a zone; false where the builder does not know.
    static func isZoned(_ value: Value) -> Bool
    /// Whether a value is a time of day, on no date; false where the builder does not know.
    static func isTimeOfDay(_ value: Value) -> Bool
    /// Whether a value is known to be no date, time or date with a time (`days until 5`);
    /// false where the builder does not know.
    static func isNoPoint(_ value: Value) -> Bool
    /// Whether a name is a variable here (else it may be a unit).
    func isVariable(_ name: String) -> Bool
    /// The user's own unit a word names here (`crate`, `crates`), asked only of a word
    /// the catalogue does not know.
    func userUnit(named name: String) -> CompoundUnit?
    /// The names of the user's own units here, singular and plural, for suggestions.
    func userUnitNames() -> [String]
    /// The user's function of that name, if there is one.
    func userFunction(named name: String) -> UserFunction?
    /// A call of a user function; `depth` is the nesting the call is read at, which the
    /// body's own nesting adds to.
    func call(_ function: UserFunction, _ arguments: [Value], range: Range<Int>, depth: Int) throws(Diagnostic) -> Value
    /// What a value measures, when the builder knows (so a misspelt unit after `to` gets a
    /// suggestion of its dimension). It depends on the value alone.
    static func dimension(of value: Value) -> Dimension?
    /// How numbers are written in what is being read.
    var notation: InputNotation { get }
    /// The commands and estimators above the language, whose names the parser reserves.
    var vocabulary: any Vocabulary.Type { get }
    /// Significant bits kept in the bounds of a literal beyond the exact range.
    var precision: Int { get }
}

extension ExpressionBuilder {
    /// Zones are the evaluator's: a builder that computes nothing keeps the value.
    package func zoned(_ value: Value, zone: String, zoneRange: Range<Int>) throws(Diagnostic) -> Value { value }
    package func convert(_ value: Value, toZone zone: String, zoneRange: Range<Int>) throws(Diagnostic) -> Value { value }
    /// A builder that computes nothing keeps the two, as a sum.
    package func dateTime(_ date: Value, at time: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        try binary(.add, date, time, range: range)
    }
    package static func isTime(_ value: Value) -> Bool { false }
    /// A builder that computes nothing has weeks and days.
    package func inWeeks(_ value: Value, range: Range<Int>) throws(Diagnostic) -> Value {
        guard let week = UnitTable.atom(named: "weeks") else { return value }
        return try convert(value, toParts: [CompoundUnit(week), CompoundUnit(UnitTable.days)], range: range)
    }
    package static func isZoned(_ value: Value) -> Bool { false }
    package func combine(_ op: BinaryOperator, _ left: inout Value, _ right: Value, range: Range<Int>) throws(Diagnostic) {
        left = try binary(op, left, right, range: range)
    }
    package static func isTimeOfDay(_ value: Value) -> Bool { false }
    package static func isNoPoint(_ value: Value) -> Bool { false }
    package static func dimension(of value: Value) -> Dimension? { nil }
    package func noting(_ note: ValueNote, on value: Value) -> Value { value }
    package func userUnit(named name: String) -> CompoundUnit? { nil }
    package func userUnitNames() -> [String] { [] }
    package var notation: InputNotation { .dot }
    package var precision: Int { EvaluationContext.standardPrecision }
}

/// Builds `ExpressionNode` trees.
package struct TreeBuilder: ExpressionBuilder {
    package let vocabulary: any Vocabulary.Type

    package init(vocabulary: any Vocabulary.Type = EmptyVocabulary.self) { self.vocabulary = vocabulary }

    package func number(_ value: consuming Number, money: Unit?, range: Range<Int>) -> ExpressionNode {
        let node = ExpressionNode.number(value, range: range)
        return money.map { .quantity(node, CompoundUnit($0), range: range) } ?? node
    }
    package func name(_ name: String, range: Range<Int>) -> ExpressionNode { .name(name, range: range) }
    /// `December 24` is this year's, read when evaluated as `today` is: a name in the tree.
    package func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) -> ExpressionNode {
        .name("\(CalendarDate.monthNames[month - 1]) \(day)", range: range)
    }
    package func unit(_ unit: CompoundUnit, range: Range<Int>) -> ExpressionNode { .unit(unit, range: range) }
    package func applying(_ unit: CompoundUnit, to value: consuming ExpressionNode, range: Range<Int>) -> ExpressionNode {
        .quantity(value, unit, range: range)
    }
    package func negate(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .negate(operand, operatorRange: range) }
    package func binary(_ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode, range: Range<Int>) -> ExpressionNode {
        .binary(op, left, right, operatorRange: range)
    }
    package func multipack(_ count: ExpressionNode, _ each: ExpressionNode, strict: Bool, range: Range<Int>) -> ExpressionNode {
        .multipack(count, each, operatorRange: range)
    }
    package func percent(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .percent(operand, operatorRange: range) }
    package func factorial(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .factorial(operand, operatorRange: range) }
    package func call(_ function: Function, _ arguments: [ExpressionNode], range: Range<Int>) -> ExpressionNode {
        .call(function, arguments, nameRange: range)
    }
    package func list(_ elements: [ExpressionNode], ranges: [Range<Int>], range: Range<Int>) -> ExpressionNode {
        .list(elements, range: range)
    }
    package func convert(_ value: ExpressionNode, to unit: CompoundUnit, range: Range<Int>) -> ExpressionNode {
        .conversion(value, unit, range: range)
    }
    package func convert(_ value: ExpressionNode, toParts units: [CompoundUnit], range: Range<Int>) -> ExpressionNode {
        .parts(value, units, range: range)
    }
    package func isVariable(_ name: String) -> Bool { false }
    package func userFunction(named name: String) -> UserFunction? { nil }
    package func call(_ function: UserFunction, _ arguments: [ExpressionNode], range: Range<Int>, depth: Int) -> ExpressionNode {
        .userCall(function.name, arguments, nameRange: range)
    }
    package func format(_ value: ExpressionNode, as format: OutputFormat, range: Range<Int>) -> ExpressionNode {
        .formatted(value, format, range: range)
    }
}

/// Which units may follow a number: any, or only those a shopping list compares (after
/// `add`'s quantity, `add 5.99 8 C batteries` is 8 items named "C batteries").
package enum UnitsAfterNumbers: Sendable {
    case any
    case shoppable
}

/// A statement as parsed, with its expression built by a builder.
package enum ParsedStatement<Value> {
    case expression(Value)
    case assignment(name: String, nameRange: Range<Int>, value: Value)
    /// `f(x, y) = body`: the body unread, for the session to check and keep.
    case definition(FunctionDefinition)
    case command(Command, name: String, nameRange: Range<Int>, arguments: StatementSource)
}
