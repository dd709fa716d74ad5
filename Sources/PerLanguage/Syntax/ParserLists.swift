import PerUnits

/// Lists in the grammar (`help lists`): `[a, b, c]` where an operand may stand, and a
/// statistic written before a list or a name without parentheses (`mean lab`, `sum [1, 2]`).
extension Parser {
    /// `[ expression { , expression } ]` or `[]`, its `[` already read as `token`, and any
    /// unit after it (`[1.2, 1.5] kg`). Each value's tokens are counted alone: a list of
    /// many values is bounded by the line's length, each value as a statement is. (Apart,
    /// so the operand's frame, on the path of every nested parenthesis, does not grow.)
    @inline(never)
    package mutating func listLiteral(_ token: Token) throws(Diagnostic) -> Builder.Value {
        try enter(token)
        defer { depth -= 1 }
        var elements: [Builder.Value] = []
        var ranges: [Range<Int>] = []
        let tokensBefore = tokenCount
        if current.kind != .rightBracket {
            while true {
                let start = current.range.lowerBound
                elements.append(try expression())
                ranges.append(start..<previousEnd)
                guard current.kind == .comma else { break }
                if elements.count == QuantityList.maxCount {
                    throw Diagnostic(ListRefusal.tooLong(most: QuantityList.maxCount), at: current.range)
                }
                _ = try advance()
                tokenCount = tokensBefore + 1
            }
        }
        guard current.kind == .rightBracket else {
            if case .invalid(let error) = current.kind { throw Diagnostic(error, at: current.range) }
            if current.kind == .end { throw Diagnostic(.bracketNeverClosed, at: token.range) }
            if case .comparison = current.kind { throw Diagnostic(.comparisonInside, at: current.range) }
            throw Diagnostic(.commaOrBracketExpected(before: quoted(current)), at: current.range)
        }
        let close = try advance()
        let value = try builder.list(elements, ranges: ranges, range: token.range.lowerBound..<close.range.upperBound)
        return try unitAfter(value)
    }

    /// Whether the current token starts the operand of a statistic written without
    /// parentheses: a list's `[`, or a name that is a variable or no unit (`mean lab`,
    /// `sum sort(x)`); not a number, an operator, a keyword or a unit (`x = count`).
    package func startsStatisticOperand() -> Bool {
        switch current.kind {
        case .leftBracket: return true
        case .identifier(let word):
            if builder.isVariable(word) || word == Names.lastResult { return true }
            return !current.isKeyword && unit(named: word) == nil
        default: return false
        }
    }

    /// A function's name written without parentheses, `token`: a statistic before its
    /// operand, read as tightly as a call (`mean lab`, `mean lab * 2` is twice the mean);
    /// nil where the name reads as before the statistic came (a kept variable `mean`,
    /// `count` the unit of items); else refused. (Apart, so the frame of `named`, on the
    /// path of every nested call, does not grow.)
    @inline(never)
    package mutating func withoutParentheses(_ function: Function, token: Token) throws(Diagnostic) -> Builder.Value? {
        if function.isStatistic, startsStatisticOperand() {
            try enter(token)
            defer { depth -= 1 }
            let operand = try primary(after: token.range)
            return try builder.call(function, [operand], range: token.range)
        }
        let name = function.rawValue
        if function.yieldsToNames, builder.isVariable(name) || unit(named: name) != nil { return nil }
        throw Diagnostic(.functionWithoutParentheses(name, synopsis: function.synopsis), at: token.range)
    }

    /// Whether a statement that starts with `word`, a block command that is also a
    /// statistic (`sum`, `count`), followed by `second`, is the statistic (`sum(1, 2)`,
    /// `sum [1, 2]`, `count lab`) rather than the block's figure (`sum` alone).
    package static func callsStatistic(_ word: String, then second: Token) -> Bool {
        guard Function.named(word)?.isStatistic == true else { return false }
        switch second.kind {
        case .leftParenthesis, .leftBracket, .identifier: return true
        default: return false
        }
    }
}
