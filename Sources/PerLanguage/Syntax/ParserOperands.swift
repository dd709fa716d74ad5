import PerUnits

/// The operands `Parser.primary` reads that start with something other than a number:
/// names, parenthesized expressions, and the errors for tokens that start no operand. Kept
/// apart from numbers, which most operands are.
extension Parser {
    /// An operand that starts with a name, `token`, already read: a call, a variable, a
    /// unit (`kg`, `m²`) or a user's function written without its parentheses.
    package mutating func named(_ name: String, token: Token) throws(Diagnostic) -> Builder.Value {
        // `Europe/Berlin 18:00`, `UTC 9:00`: a zone before a time, glued to its `/` or offset,
        // or a word right before a time.
        if mayBeZoneBeforeTime(token), let end = zoneBeforeTimeEnd(token) { return try zonedTime(token, zoneEnd: end) }
        // `tomorrow 9:00`: a date with a time.
        if current.kind == .clock, let value = try dateWordWithTime(name, token: token) { return value }
        if current.kind == .leftParenthesis, !name.hasPrefix("°") { return try unitAfter(try call(name, nameToken: token)) }
        // `days until 2026-12-25`: a phrase, unless the word is the user's variable.
        if case .identifier(let word) = current.kind, word == "until" || word == "since", name == "days" || name == "weeks",
           !builder.isVariable(name) {
            return try dateCountPhrase(weeks: name == "weeks", token: token, until: word == "until")
        }
        if let function = Function.named(name), let value = try withoutParentheses(function, token: token) { return value }
        if token.isKeyword {
            throw Diagnostic(.keywordAsOperand(name), at: token.range)
        }
        // A variable or parameter first, then a unit, and only then the user's function
        // of that name, called without its parentheses.
        if builder.isVariable(name) || name == Names.lastResult { return try builder.name(name, range: token.range) }
        if let money = UnitTable.atom(named: name), money.currency != nil {
            // `EUR 2.49`, `USD 5`: a currency before a number, as a bank or a receipt writes it.
            if case .number(currency: nil) = current.kind, name.first?.isLetter == true {
                let literal = lexer.literal
                let range = token.range.lowerBound..<(try skip()).upperBound
                return try unitAfter(try builder.number(literal, money: money, range: range))
            }
            // `€-10`, `EUR -2.49`: a negative amount, not one euro less ten.
            if current.kind == .minus {
                var look = lexer
                if case .number(currency: nil) = look.next().kind {
                    let sign = try advance()
                    let literal = lexer.literal
                    let number = try skip()
                    let amount = try builder.number(literal, money: money, range: token.range.lowerBound..<number.upperBound)
                    return try unitAfter(try builder.negate(amount, range: sign.range))
                }
            }
        }
        if let (unit, range) = try unitWords(startingWith: token, filter: .any) {
            var powered = unit
            try power(of: &powered)
            return try builder.unit(powered, range: range.lowerBound..<previousEnd)
        }
        if let function = builder.userFunction(named: name) {
            throw Diagnostic(.functionWithoutParentheses(name, synopsis: function.signature), at: token.range)
        }
        return try builder.name(name, range: token.range)
    }

    /// `( expression )`, its `(` already read as `token`, and any unit after it.
    package mutating func parenthesized(_ token: Token) throws(Diagnostic) -> Builder.Value {
        try enter(token)
        defer { depth -= 1 }
        let inner = try expression()
        guard case .rightParenthesis = current.kind else {
            if case .invalid(let error) = current.kind { throw Diagnostic(error, at: current.range) }
            if case .comparison = current.kind { throw Diagnostic(.comparisonInside, at: current.range) }
            if current.kind == .end { throw Diagnostic(.openingNeverClosed, at: token.range) }
            throw Diagnostic(.operatorOrClosingExpected(before: quoted(current)), at: current.range)
        }
        _ = try advance()
        return try unitAfter(consume inner)
    }

    /// The error for a token that starts no operand, read after `previous`, the operator
    /// before it, if any.
    package func unexpectedOperand(_ token: Token, after previous: Range<Int>?) -> Diagnostic {
        switch token.kind {
        case .invalid(let error): Diagnostic(error, at: token.range)
        case .end: Diagnostic(.operandExpected(after: previous.map(quoted)), at: token.range)
        case .quoted: Diagnostic(.quotedOperand, at: token.range)
        default: Diagnostic(.operandExpectedFound(quoted(token)), at: token.range)
        }
    }
}

extension Parser {
    /// Whether a zone may start at the name `token`: glued to a `/` or a sign, or right
    /// before a time. One comparison or two for every other name.
    @inline(__always)
    func mayBeZoneBeforeTime(_ token: Token) -> Bool {
        switch current.kind {
        case .divide, .plus, .minus: return current.range.lowerBound == token.range.upperBound
        case .clock, .dateTime: return true
        default: return false
        }
    }

    /// Where a zone written at `token` ends, when a blank and then a time of day or a date
    /// with a time follow it; nil otherwise. (Apart, and the reading below too, so that the
    /// frame of `named`, on the path of every nested call, does not grow.)
    @inline(never)
    func zoneBeforeTimeEnd(_ token: Token) -> Int? {
        guard let end = lexer.zoneEnd(at: token.range.lowerBound, afterTime: true) else { return nil }
        var look = lexer
        look.index = end
        let next = look.next()
        return (next.kind == .clock || next.kind == .dateTime) && next.range.lowerBound > end ? end : nil
    }

    /// `Europe/Berlin 18:00`: the zone written at `token` up to `end`, then the time of day
    /// or date with a time after it, read as the time in that zone (a time of day on today's
    /// date), as `18:00 Europe/Berlin` is.
    @inline(never)
    mutating func zonedTime(_ token: Token, zoneEnd end: Int) throws(Diagnostic) -> Builder.Value {
        let start = token.range.lowerBound
        let zone = try skipZone(start..<end)
        let literal = lexer.literal
        let time = try advance()
        let value = try builder.number(literal, money: nil, range: time.range)
        let unit = CompoundUnit(time.kind == .clock ? UnitTable.clock : UnitTable.dateTime)
        return try builder.zoned(try builder.applying(unit, to: value, range: time.range), zone: zone, zoneRange: start..<end)
    }
}
