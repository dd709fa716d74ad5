import PerNumbers
import PerUnits

/// A statement's kind, read from its first tokens: an assignment, a function's
/// definition, a command or an expression (`Parser.statement`).
extension Parser {
    /// Parses one statement: an assignment, a command or an expression.
    package static func statement(_ source: StatementSource, builder: consuming Builder) throws(Diagnostic) -> ParsedStatement<Builder.Value> {
        // The first three tokens tell the kind of statement: `x = …`, `let x = …`, `add …`.
        var parser = Parser(source, builder: builder)
        guard case .identifier(let word) = parser.current.kind else {
            // An expression: read on from the token already read.
            return .expression(try parser.wholeExpression())
        }
        let first = parser.current
        var look = parser.lexer
        let second = look.next()
        // `solve (x + 1) = 3 for x`: a command's word, a blank and a parenthesis start the
        // command's arguments, not a definition of a function named like it.
        let commandArguments = second.range.lowerBound > first.range.upperBound && parser.builder.vocabulary.reservedCommand(word) != nil
        if second.kind == .leftParenthesis, !commandArguments,
           let definition = try functionDefinition(source, name: word, nameRange: first.range, notation: parser.builder.notation) {
            return .definition(definition)
        }
        var name = word, nameRange = first.range, equals = second
        if word == "let" {
            guard case .identifier(let target) = second.kind else {
                throw Diagnostic(.letNeedsName, at: second.range)
            }
            equals = look.next()
            guard equals.kind == .equals else { throw Diagnostic(.letNeedsEquals(target), at: equals.range) }
            name = target
            nameRange = second.range
        }
        if equals.kind == .equals {
            if let reason = parser.builder.vocabulary.reservation(of: name) {
                // `list =SUM(A1)`, `label =5 per kg`: a command's word, a blank and an `=`
                // glued to what follows are the command with an odd argument.
                if word != "let", commandArguments, equals.range.upperBound < source.scalars.endIndex,
                   !StatementSource.isBlank(source.scalars[equals.range.upperBound]) {
                    let arguments = StatementSource(source.scalars[equals.range.lowerBound...])
                    if let command = parser.builder.vocabulary.command(startingWith: name, arguments: arguments) {
                        return .command(command, name: name, nameRange: first.range, arguments: arguments)
                    }
                }
                throw Diagnostic(.reservedName(name, reason: reason), at: nameRange)
            }
            let value = source.slice(equals.range.upperBound..<source.scalars.endIndex)
            guard value.scalars.contains(where: { !StatementSource.isBlank($0) }) else {
                throw Diagnostic(.valueAfterEquals, at: value.scalars.endIndex..<(value.scalars.endIndex + 1))
            }
            return .assignment(name: name, nameRange: nameRange, value: try expression(value, builder: parser.builder))
        }
        // `sum(1, 2)`, `sum [1, 2]`, `count lab`: the statistic, not the block's figure.
        if let command = parser.builder.vocabulary.reservedCommand(name), !(command.isBlockFigure && callsStatistic(name, then: second)) {
            let rest = source.scalars[first.range.upperBound...].drop(while: StatementSource.isBlank)
            let arguments = StatementSource(rest)
            if let command = parser.builder.vocabulary.command(startingWith: name, arguments: arguments) {
                return .command(command, name: name, nameRange: first.range, arguments: arguments)
            }
        }
        // A name followed by an operand reads as a misspelt command: `ad 2.49 500 g`.
        switch second.kind {
        case .number, .date, .monthDay, .clock, .dateTime, .identifier, .quoted, .invalid:
            // A word of the grammar after a name (`ans to g`) reads as an expression.
            // `tomorrow 9:00` is a date with a time.
            if Function.named(name) == nil, !second.isKeyword, name != Names.lastResult,
               !Parser.isDateWord(name) || !Parser.isTimeOfDay(second.kind),
               let command = Suggestion.closest(to: name, among: parser.builder.vocabulary.commandNames, minimumLength: 2) {
                throw Diagnostic(.unknownCommand(name, suggestion: command), at: first.range)
            }
        default:
            break
        }
        return .expression(try parser.wholeExpression())
    }

    /// `name(a, b) = body` when the statement is one: the parameters up to the matching
    /// `)` and an `=` after it. Nil for anything else (`f(2) + 1` is a call).
    package static func functionDefinition(_ source: StatementSource, name: String, nameRange: Range<Int>,
                                   notation: InputNotation) throws(Diagnostic) -> FunctionDefinition? {
        var look = Lexer(source, notation: notation)
        _ = look.next()
        let open = look.next()
        var tokens: [Token] = []
        var nesting = 0
        while true {
            let token = look.next()
            if token.kind == .end { return nil }
            if token.kind == .leftParenthesis { nesting += 1 }
            if token.kind == .rightParenthesis {
                if nesting == 0 { break }
                nesting -= 1
            }
            tokens.append(token)
        }
        let equals = look.next()
        guard equals.kind == .equals else { return nil }
        // It is a definition: from here on, what does not fit is an error.
        var parameters: [(name: String, range: Range<Int>)] = []
        var expectName = true
        for token in tokens {
            if expectName, case .identifier(let parameter) = token.kind {
                parameters.append((parameter, token.range))
            } else if !expectName, token.kind == .comma {
                // The next parameter.
            } else {
                throw Diagnostic(.parameterExpected(function: name), at: token.range)
            }
            expectName.toggle()
        }
        if expectName, let last = tokens.last { throw Diagnostic(.parameterExpected(function: name), at: last.range) }
        if parameters.isEmpty { throw Diagnostic(.parameterExpected(function: name), at: open.range.lowerBound..<(open.range.upperBound + 1)) }
        let body = source.slice(equals.range.upperBound..<source.scalars.endIndex)
        guard body.scalars.contains(where: { !StatementSource.isBlank($0) }) else {
            throw Diagnostic(.valueAfterEquals, at: body.scalars.endIndex..<(body.scalars.endIndex + 1))
        }
        return FunctionDefinition(name: name, nameRange: nameRange, parameters: parameters, body: body)
    }
}
