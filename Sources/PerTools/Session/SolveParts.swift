import PerNumbers
import PerUnits
import PerLanguage

extension Calculator {
    /// The parts of `EXPR = EXPR for NAME [in A..B]`, found by the tokens at the top level.
    struct SolveParts {
        let left: StatementSource
        let right: StatementSource
        let name: String
        let nameRange: Range<Int>
        /// What follows `in`: the range's text.
        let range: Range<Int>?
    }

    /// `syntax` tells a side's syntax error, refused before the name is looked for in it.
    static func solveParts(_ source: StatementSource, commandRange: Range<Int>, notation: InputNotation,
                           syntax: (StatementSource) -> Diagnostic? = { _ in nil }) throws(Diagnostic) -> SolveParts {
        var lexer = Lexer(source, notation: notation)
        var tokens: [Token] = []
        var nesting = 0
        var equals: Int? = nil, forIndex: Int? = nil
        while true {
            let token = lexer.next()
            if token.kind == .end { tokens.append(token); break }
            switch token.kind {
            case .leftParenthesis: nesting += 1
            case .rightParenthesis: nesting -= 1
            case .equals where nesting == 0 && equals == nil: equals = tokens.count
            case .identifier(let word) where nesting == 0 && equals != nil && word.lowercased() == "for": forIndex = tokens.count
            default: break
            }
            tokens.append(token)
        }
        let end = source.scalars.endIndex
        let after = commandRange.upperBound..<(commandRange.upperBound + 1)
        guard let equals else {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "an equation with =")), at: tokens.count > 1 ? source.offset..<end : after)
        }
        guard let forIndex else {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "for NAME after the equation")), at: end..<(end + 1))
        }
        let nameToken = tokens[forIndex + 1]
        guard case .identifier(let name) = nameToken.kind else {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "a name after for")), at: tokens[forIndex].range)
        }
        let next = tokens[forIndex + 2]
        var range: Range<Int>? = nil
        if next.kind != .end {
            guard next.word == .in else {
                throw Diagnostic(ArgumentError.solve(.shape(missing: "in A..B after the name")), at: next.range)
            }
            range = trimmed(source.slice(next.range.upperBound..<end))
        }
        let left = source.slice(source.offset..<tokens[equals].range.lowerBound)
        let right = source.slice(tokens[equals].range.upperBound..<tokens[forIndex].range.lowerBound)
        if !left.scalars.contains(where: { !StatementSource.isBlank($0) }) || !right.scalars.contains(where: { !StatementSource.isBlank($0) }) {
            throw Diagnostic(ArgumentError.solve(.shape(missing: "an expression on each side of =")), at: tokens[equals].range)
        }
        let occurs = tokens[..<forIndex].contains { token in
            if case .identifier(let word) = token.kind { return word == name }
            return false
        }
        if !occurs {
            if let problem = syntax(left) ?? syntax(right) { throw problem }
            throw Diagnostic(ArgumentError.solve(.nameAbsent(name)), at: nameToken.range)
        }
        return SolveParts(left: left, right: right, name: name, nameRange: nameToken.range, range: range)
    }

    /// A part's range without its blanks, for a caret under what is written.
    static func trimmed(_ part: StatementSource) -> Range<Int> {
        let scalars = part.scalars
        guard let first = scalars.firstIndex(where: { !StatementSource.isBlank($0) }),
              let last = scalars.lastIndex(where: { !StatementSource.isBlank($0) }) else { return scalars.startIndex..<scalars.endIndex }
        return first..<(last + 1)
    }
}
