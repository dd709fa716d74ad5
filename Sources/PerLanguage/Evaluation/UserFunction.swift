import PerNumbers
import PerUnits

/// A function the user defined: `f(x) = x^2 + 1`, `area(w, h) = w * h`. Its body is kept
/// as written and read again by the one grammar at every call, with the parameters bound
/// to the arguments (they shadow variables and units of the same name).
public struct UserFunction: Sendable, Equatable {
    public let name: String
    public let parameters: [String]
    /// The expression after `=`, as written (trimmed).
    public let body: String
    /// The user functions the body calls, by name: what the definition checks for a call
    /// back to itself.
    package let callees: Set<String>
    /// The names the body read as variables when it was defined: they stay names at a
    /// call, so an unset `k` is an unknown name there, not the unit K.
    package var globals: Set<String> = []

    package init(name: String, parameters: [String], body: String, callees: Set<String>, globals: Set<String> = []) {
        (self.name, self.parameters, self.body, self.callees, self.globals) = (name, parameters, body, callees, globals)
    }

    /// Two functions are the same when they are written the same; what the checks found
    /// out about the body follows from that.
    public static func == (a: UserFunction, b: UserFunction) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.body == b.body
    }

    /// `f(x, y)`: how `vars` and `fns` name it.
    public var signature: String { "\(name)(\(parameters.joined(separator: ", ")))" }

    /// How many calls one statement may make in all: functions that call others twice at
    /// each level (`f2(x) = f1(x) + f1(x)`, …) would otherwise take exponential time.
    public static let maxCallsPerStatement = 10_000
    /// Characters of bodies one statement may read in all: long bodies called often.
    public static let maxWorkPerStatement = 200_000
    /// Calls within calls: each takes far more stack than a parenthesis.
    public static let maxCallDepth = 32
    /// Parameters a function may take.
    public static let maxParameters = 16

    /// The function a definition makes, once its name, parameters and body pass the checks
    /// (against the session `evaluator` reads): each refusal points at what is wrong.
    /// `checksNames: false` for a definition read back from a file, whose names may have
    /// been unset since.
    /// `names`: words to read as names though no variable has them now (those a saved
    /// function read as variables when it was defined).
    package static func checked(_ definition: FunctionDefinition, evaluator: Evaluator, checksNames: Bool = true,
                        names: Set<String> = []) throws(Diagnostic) -> UserFunction {
        let name = definition.name
        if let reason = evaluator.vocabulary.reservation(of: name) ?? (Constant(rawValue: name) != nil ? "a constant" : nil) {
            throw Diagnostic(.reservedFunctionName(name, reason: reason), at: definition.nameRange)
        }
        // `°f` lexes as a unit word: a call of it could never be written.
        guard let first = name.unicodeScalars.first, Lexer.isNameStart(first) else {
            throw Diagnostic(.reservedFunctionName(name, reason: "not a name"), at: definition.nameRange)
        }
        var parameters: [String] = []
        for (parameter, range) in definition.parameters {
            if parameters.count == maxParameters { throw Diagnostic(.tooManyParameters(maxParameters), at: range) }
            if let reason = evaluator.vocabulary.reservation(of: parameter) { throw Diagnostic(.reservedName(parameter, reason: reason), at: range) }
            if parameters.contains(parameter) { throw Diagnostic(.parameterTwice(parameter), at: range) }
            parameters.append(parameter)
        }
        let trimmed = StatementSource.string(definition.body.scalars).trimmingBlanks
        let checker = FunctionBodyChecker(parameters: parameters, evaluator: evaluator, checksNames: checksNames, names: names,
                                          defining: UserFunction(name: name, parameters: parameters, body: trimmed, callees: []))
        try Parser.expression(definition.body, builder: checker)
        if let path = path(from: checker.callees.names, to: name, functions: evaluator.scope?.functions ?? [:]) {
            throw Diagnostic(.callsItself(name, through: path), at: definition.nameRange)
        }
        return UserFunction(name: name, parameters: parameters, body: trimmed, callees: checker.callees.names,
                            globals: checker.globals.names)
    }

    /// The functions through which `callees` reach `target` (empty when one of them is
    /// `target`), or nil when they never do.
    package static func path(from callees: Set<String>, to target: String, functions: [String: UserFunction]) -> [String]? {
        if callees.contains(target) { return [] }
        var visited: Set<String> = []
        var queue: [[String]] = callees.sorted().map { [$0] }
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard visited.insert(path.last!).inserted, let function = functions[path.last!] else { continue }
            if function.callees.contains(target) { return path }
            queue += function.callees.sorted().map { path + [$0] }
        }
        return nil
    }
}

/// Checks a function body when it is defined: that it reads, names only what is known
/// (its parameters, variables, constants, estimator values, `ans`) and which user functions
/// it calls. Builds nothing.
package struct FunctionBodyChecker: ExpressionBuilder {
    package let parameters: [String]
    /// The session's evaluator: names are looked up as a call would look them up.
    package let evaluator: Evaluator
    /// Whether names must be known now.
    package let checksNames: Bool
    /// Words that read as names though no variable has them.
    package let names: Set<String>
    /// The function being defined, so that a call to itself parses and can be refused.
    package let defining: UserFunction
    package var vocabulary: any Vocabulary.Type { evaluator.vocabulary }
    /// The user functions the body calls, and the other names it reads.
    package let callees = NameCollector()
    package let globals = NameCollector()

    package final class NameCollector {
        package var names: Set<String> = []
    }

    package func number(_ value: consuming Number, money: Unit?, range: Range<Int>) {}
    package func name(_ name: String, range: Range<Int>) throws(Diagnostic) {
        if parameters.contains(name) { return }
        globals.names.insert(name)
        if !checksNames || name == Names.lastResult { return }
        do {
            _ = try evaluator.name(name, range: range)
        } catch {
            // An estimator's result may come later: `boiler` need not have run yet.
            if case .syntax(.noValueYet) = error.problem { return }
            throw error
        }
    }
    package func unit(_ unit: CompoundUnit, range: Range<Int>) {}
    package func date(month: Int, day: Int, range: Range<Int>, dayRange: Range<Int>) {}
    package func userUnit(named name: String) -> CompoundUnit? { evaluator.userUnit(named: name) }
    package func userUnitNames() -> [String] { evaluator.userUnitNames() }
    package func applying(_ unit: CompoundUnit, to value: consuming Void, range: Range<Int>) {}
    package func negate(_ operand: Void, range: Range<Int>) {}
    package func binary(_ op: BinaryOperator, _ left: Void, _ right: Void, range: Range<Int>) {}
    package func multipack(_ count: Void, _ each: Void, strict: Bool, range: Range<Int>) {}
    package func percent(_ operand: Void, range: Range<Int>) {}
    package func factorial(_ operand: Void, range: Range<Int>) {}
    package func call(_ function: Function, _ arguments: [Void], range: Range<Int>) {}
    package func list(_ elements: [Void], ranges: [Range<Int>], range: Range<Int>) {}
    package func call(_ function: UserFunction, _ arguments: [Void], range: Range<Int>, depth: Int) {
        callees.names.insert(function.name)
    }
    package func convert(_ value: Void, to unit: CompoundUnit, range: Range<Int>) {}
    package func convert(_ value: Void, toParts units: [CompoundUnit], range: Range<Int>) {}
    package func format(_ value: Void, as format: OutputFormat, range: Range<Int>) {}
    package func isVariable(_ name: String) -> Bool { parameters.contains(name) || names.contains(name) || evaluator.isVariable(name) }
    package func userFunction(named name: String) -> UserFunction? {
        name == defining.name ? defining : evaluator.userFunction(named: name)
    }
}
