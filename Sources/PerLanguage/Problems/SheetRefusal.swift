import PerNumbers

/// Why a sheet's statement is refused (`help sheets`): a label that cannot name its result,
/// a block's figure inside an expression, an `include` that would not end or cannot be run.
public enum SheetRefusal: Sendable, Equatable {
    /// How many files deep one `include` may lead (a sheet that includes one that includes…).
    public static let maxIncludeDepth = 16
    /// How many files one `include` may run in all, counting every file they include in turn.
    public static let maxIncludedFiles = 1_000

    /// `kg: 3`, `x: 5` after `x = 2`: the label is one name, and that name already means
    /// something, which the label would hide below.
    case labelTaken(String, by: LabelClash)
    /// `total: 5`: the label is a command's word, so the statement is that command.
    case labelIsCommand(String)
    /// `x = total * 2`, `total + 1` inside an expression: a block's figure is a line of its own.
    case figureInExpression(String)
    /// `include a.per` in a.per, or through others: the files, the first including the next,
    /// the last one again.
    case includeCycle([String])
    /// Includes nested deeper than `maxIncludeDepth`.
    case includeTooDeep(limit: Int)
    /// More files than `files` run by one `include`, counting those they include, or more
    /// than `megabytes` read in all.
    case includeTooMuch(files: Int, megabytes: Int)
    /// The included file ran, and some of its lines failed: the first, and how many.
    case includedLinesFailed(file: String, line: Int, count: Int)

    package var message: String {
        switch self {
        case .labelTaken(let label, let clash):
            let name = VisibleText.visible(label)
            return "the label '\(name)' cannot name its result: '\(name)' is already \(clash.description); "
                + Self.otherLabel(name)
        case .labelIsCommand(let label):
            let name = VisibleText.visible(label)
            return "'\(name)' is a command, so a line that starts with it runs it; " + Self.otherLabel(name)
        case .figureInExpression(let figure):
            return "\(figure) reads the block above on a line of its own: write \(figure) alone (or x = \(figure), x: \(figure)), "
                + "then use ans or x in an expression"
        case .includeCycle(let chain):
            return "include goes round in a circle: " + chain.map { VisibleText.visible($0) }.joined(separator: " → ")
        case .includeTooDeep(let limit):
            return "include leads more than \(limit) files deep: include the shared file from the sheet itself"
        case .includeTooMuch(let files, let megabytes):
            return "include runs more than \(NumberDisplay.grouped(String(files))) files or \(megabytes) MB in all: include each shared file once"
        case .includedLinesFailed(let file, let line, let count):
            let others = count > 1 ? " and \(count - 1) more line" + (count > 2 ? "s" : "") : ""
            return "line \(line) of \(VisibleText.visible(file))\(others) failed: fix \(count > 1 ? "them" : "it") there"
        }
    }

    /// What to write instead of the label `name`.
    private static func otherLabel(_ name: String) -> String {
        "write another label (my_\(name): names the result, my \(name): only labels it)"
    }

    package var code: ProblemCode {
        switch self {
        case .labelTaken, .labelIsCommand: return .nameTaken
        case .figureInExpression: return .reservedName
        case .includeCycle: return .recursion
        case .includeTooDeep, .includeTooMuch: return .limitExceeded
        case .includedLinesFailed: return .blockFailed
        }
    }
}

/// What a label's name already is, which keeps it from naming the label's result.
public enum LabelClash: Sendable, Equatable {
    /// A unit, as its symbol (`kg`).
    case unit(String)
    /// A word per gives a meaning: `a command`, `a function`, `a constant`, `a date (today)`.
    case reserved(String)
    /// A function the user defined.
    case userFunction
    /// A variable set otherwise than by a label (`x = 2`, a recalled set), with its value shown.
    case variable(String)

    package var description: String {
        switch self {
        case .unit(let symbol): return "a unit (\(VisibleText.visible(symbol)))"
        case .reserved(let what): return what
        case .userFunction: return "a function of yours"
        case .variable(let value): return "a variable (= \(VisibleText.visible(value)))"
        }
    }
}
