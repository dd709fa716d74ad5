import PerNumbers
import PerUnits

/// The parser's reading of units: symbols and names, products, quotients and powers of
/// them, and the words that end a unit.
extension Parser {
    // MARK: Units

    /// A unit right after a number or `)`, binding tighter than any operator:
    /// `2.49 / 500 g` is `2.49 / (500 g)`. A name there is a unit when it is one, even if a
    /// variable has that name (`500 g` means grams).
    package mutating func unitAfter(_ value: consuming Builder.Value) throws(Diagnostic) -> Builder.Value {
        guard case .identifier = current.kind else { return value }
        let start = current
        guard let (unit, _) = try unitWords(startingWith: nil, filter: unitsAfterNumbers) else {
            if !current.isKeyword { wordAfterValue = current.range.lowerBound }
            return value
        }
        var compound = unit
        try power(of: &compound)
        // `/h`, `*h`, `·h`: a compound unit goes on while a unit (not a variable) follows.
        while current.kind == .divide || current.kind == .times {
            var look = lexer
            let next = look.next()
            guard case .identifier(let name) = next.kind, !builder.isVariable(name),
                  next.isKeyword ? next.word == .in && Parser.inchFollowed(by: look.next(), then: look)
                      : self.unit(named: name) != nil || Parser.startsMultiWordUnit(name) else { break }
            let op = try advance()
            guard let (more, _) = try unitWords(startingWith: nil, filter: .any) else {
                throw Diagnostic(.unitExpected(after: quoted(op), example: ""), at: current.range)
            }
            var term = more
            try power(of: &term)
            compound = try combine(compound, term, dividing: op.kind == .divide, at: op.range)
        }
        return try builder.applying(compound, to: value, range: start.range.lowerBound..<previousEnd)
    }

    /// `2 h 30 min`, `1 lb 4 oz`, `5 ft 3 inch`: quantities of one dimension side by side
    /// add, as a person writes them; of two dimensions (`2 h 30 kg`) they are refused at
    /// the second, as any two operands without an operator are.
    package mutating func mixedUnits(after first: consuming Builder.Value) throws(Diagnostic) -> Builder.Value {
        var sum = first
        while case .number(currency: nil) = current.kind {
            // `5 ft 1 1/2 in`: a mixed number before the next unit.
            if mixedNumberAhead() {
                let whole = current
                let part = try unitAfter(try mixedNumber())
                if let a = Builder.dimension(of: sum), let b = Builder.dimension(of: part), a != b {
                    throw Diagnostic(.operatorExpected(before: quoted(whole)), at: whole.range)
                }
                sum = try builder.binary(.add, sum, part, range: whole.range.lowerBound..<previousEnd)
                continue
            }
            var look = lexer
            let next = look.next()
            guard case .identifier(let name) = next.kind, !builder.isVariable(name),
                  next.isKeyword ? next.word == .in && Parser.inchFollowed(by: look.next(), then: look)
                      : self.unit(named: name) != nil || Parser.startsMultiWordUnit(name) else { break }
            // In a command's arguments a number before a unit of another kind starts the
            // next argument, or the name (`add 5 1 kg 2 pack Rice`).
            if signsStartArguments, let unit = self.unit(named: name), let a = Builder.dimension(of: sum),
               unit.dimension != a { break }
            let number = current
            let literal = lexer.literal
            _ = try advance()
            let part = try unitAfter(try builder.number(literal, money: nil, range: number.range))
            if let a = Builder.dimension(of: sum), let b = Builder.dimension(of: part), a != b {
                throw Diagnostic(.operatorExpected(before: quoted(number)), at: number.range)
            }
            sum = try builder.binary(.add, sum, part, range: number.range.lowerBound..<previousEnd)
        }
        return sum
    }

    /// `^2`, `^-1` or `²` after a unit.
    package mutating func power(of unit: inout CompoundUnit) throws(Diagnostic) {
        var exponent: Int? = nil
        let start = current.range
        if case .superscript(let value) = current.kind {
            _ = try advance()
            exponent = value
        } else if current.kind == .power {
            // `m^2`, `s^-1`, `m^(2)`, `s^(-1)`, and a chain read from the right as a
            // power is (`m^3^2` is m⁹): all of it raises the unit, never the quantity.
            var exponents: [Int] = []
            while current.kind == .power, let (whole, tokens) = wholeExponent() {
                for _ in 0..<tokens { _ = try advance() }
                exponents.append(whole)
            }
            // `m^(2^2)`, `m^(x)`: not read as the quantity's power, which `m^(2)` is not.
            var look = lexer
            if exponents.isEmpty, current.kind == .power, look.next().kind == .leftParenthesis {
                throw Diagnostic(QuantityError.unitPowerNotWritten(unit: unit.symbol), at: current.range)
            }
            guard var power = exponents.popLast() else { return }
            while let base = exponents.popLast() {
                guard let raised = Parser.whole(base, toThe: power) else {
                    throw Diagnostic(QuantityError.powerTooHigh, at: start.lowerBound..<previousEnd)
                }
                power = raised
            }
            exponent = power
        }
        guard let exponent else { return }
        guard let raised = unit.raised(to: exponent) else {
            throw Diagnostic(QuantityError.powerTooHigh, at: start.lowerBound..<previousEnd)
        }
        unit = raised
    }

    /// The whole number after the current `^` that raises a unit (`2`, `-1`, `(2)`, `(-1)`),
    /// and how many tokens the `^` and it take; nil, reading nothing, for anything else.
    private func wholeExponent() -> (Int, tokens: Int)? {
        var look = lexer
        var next = look.next()
        var tokens = 2
        let parenthesized = next.kind == .leftParenthesis
        if parenthesized { next = look.next(); tokens += 2 }
        var negative = false
        if next.kind == .minus { negative = true; next = look.next(); tokens += 1 }
        guard case .number = next.kind, case .exact(let r) = look.literal, r.isInteger,
              let whole = Number.exact(r).exactInteger else { return nil }
        if parenthesized, look.next().kind != .rightParenthesis { return nil }
        return (negative ? -whole : whole, tokens)
    }

    /// base^power for a unit's chained powers, nil past the powers a unit keeps.
    private static func whole(_ base: Int, toThe power: Int) -> Int? {
        guard power >= 0 else { return abs(base) == 1 ? (power % 2 == 0 ? 1 : base) : nil }
        var result = 1
        for _ in 0..<min(power, 64) {
            result *= base
            guard abs(result) <= 1_000 else { return nil }
        }
        return power > 64 && abs(base) > 1 ? nil : result
    }

    package func combine(_ a: CompoundUnit, _ b: CompoundUnit, dividing: Bool, at range: Range<Int>) throws(Diagnostic) -> CompoundUnit {
        do {
            return try a.multiplied(by: b, dividing: dividing)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// Whether `in` is the inch, as it is after a number where what follows it cannot start
    /// a conversion's target: the end, an operator, `)`, another number (`5 ft 10 in`), or
    /// `to` or `in` itself (`72 in to ft`, `1 in in cm`); not a unit or format word, `%`, or
    /// a count of digits (`2 dp`), where it converts (`5 kg in lb`). `rest` reads on after
    /// `next`.
    package static func inchFollowed(by next: Token, then rest: Lexer) -> Bool {
        switch next.kind {
        case .identifier: return next.word == .to || next.word == .in
        case .percent: return false
        case .number:
            var look = rest
            guard case .identifier(let word) = look.next().kind else { return true }
            return !OutputFormat.countWords.contains(word)
        default: return true
        }
    }

    /// The unit `head-word` names, with no blanks (`acre-ft`), read with its three tokens;
    /// nil, reading nothing, where the catalogue has no such name (`x-y` subtracts).
    package mutating func hyphenatedUnit(after head: String, filter: UnitsAfterNumbers) throws(Diagnostic) -> (CompoundUnit, Range<Int>)? {
        var look = lexer
        let minus = look.next()
        let tail = look.next()
        guard minus.kind == .minus, case .identifier(let second) = tail.kind, tail.range.lowerBound == minus.range.upperBound,
              let unit = UnitTable.unit(named: head + "-" + second),
              filter == .any || unit.dimension.isShoppable else { return nil }
        let start = current.range.lowerBound
        for _ in 0..<3 { _ = try advance() }
        return (unit, start..<tail.range.upperBound)
    }

    /// The unit a word names: the catalogue's, else one of the user's own.
    package func unit(named text: String) -> CompoundUnit? {
        UnitTable.unit(named: text) ?? builder.userUnit(named: text)
    }

    /// The suggestions for an unknown unit word with the user's own unit nearest it first
    /// (`bael`: bale), if one is near: a word of one's own is the likelier slip.
    func withUserUnits(_ suggestions: [String], for word: String) -> [String] {
        guard let own = Suggestion.closest(to: word, among: builder.userUnitNames()) else { return suggestions }
        return Array(([own] + suggestions.filter { $0 != own }).prefix(3))
    }

    /// Whether a word begins a unit of several words (`fl oz`, `imp gal`).
    package static func startsMultiWordUnit(_ word: String) -> Bool {
        UnitTable.word(word)?.startsLongerName == true
    }

    /// The unit named at the current token (or by `first`, already read, and what follows
    /// it): the longest run of up to three words that names one. Not a unit: a keyword, or a
    /// name followed by `=` (an estimator's `key=value`), or a unit `filter` leaves out.
    /// Reads the unit's words and returns it with their range.
    package mutating func unitWords(startingWith first: Token?, filter: UnitsAfterNumbers) throws(Diagnostic) -> (CompoundUnit, Range<Int>)? {
        // One word that starts no longer name, as most units are: looked up alone.
        // Not `first ?? current`: an optional token copied makes its metadata at run time.
        let read = first != nil
        var headToken = current
        if let first { headToken = first }
        guard case .identifier(var head) = headToken.kind else { return nil }
        if headToken.isKeyword {
            var look = lexer
            let next = read ? current : look.next()
            guard headToken.word == .in, Parser.inchFollowed(by: next, then: look) else { return nil }
            head = "inch"
        }
        // `acre-ft`, `kilowatt-hour`: a name with a hyphen, read as one where the catalogue has it.
        if !read, headToken.range.upperBound < source.scalars.endIndex, source.scalars[headToken.range.upperBound] == "-",
           let hyphenated = try hyphenatedUnit(after: head, filter: filter) {
            return hyphenated
        }
        let word = UnitTable.word(head)
        if word?.startsLongerName != true {
            guard let unit = word?.unit ?? builder.userUnit(named: head) else {
                // `ton`, unless the user made it a unit of their own.
                if word?.readsSeveralWays == true, case let readings = UnitTable.readings(of: head),
                   filter == .any || readings.contains(where: UnitTable.isShoppable(reading:)) {
                    throw Diagnostic(.unitReadsManyWays(head, readings: readings), at: headToken.range)
                }
                return nil
            }
            if filter == .shoppable, !unit.dimension.isShoppable { return nil }
            let equalsNext = read ? current.kind == .equals : lexer.nextIsEquals
            if equalsNext, unit.currency == nil { return nil }
            if !read { _ = try advance() }
            return (unit, headToken.range)
        }
        // Several words (`fl oz`, `imp fl oz`, `grains per gallon`): words are read while
        // what they make starts a longer name, and the longest that names a unit is taken.
        let start = headToken.range.lowerBound
        var text = head, words = 1
        var look = lexer
        var next = read ? current : look.next()
        var found: (unit: CompoundUnit, words: Int, end: Int, next: Token)? = word?.unit.map { ($0, 1, headToken.range.upperBound, next) }
        var startsLonger = true
        while startsLonger, words < UnitTable.longestName, case .identifier(let more) = next.kind {
            text += " "
            text += more
            words += 1
            let end = next.range.upperBound
            next = look.next()
            guard let longer = UnitTable.word(text) else { break }
            if let unit = longer.unit { found = (unit, words, end, next) }
            startsLonger = longer.startsLongerName
        }
        guard let found else {
            if case let readings = UnitTable.readings(of: head), !readings.isEmpty,
               filter == .any || readings.contains(where: UnitTable.isShoppable(reading:)) {
                throw Diagnostic(.unitReadsManyWays(head, readings: readings), at: headToken.range)
            }
            return nil
        }
        if filter == .shoppable, !found.unit.dimension.isShoppable { return nil }
        // The token after the unit: not `=` (then the word is an estimator's key;
        // money is never one: `rate 1 EUR = 1.08 USD`).
        if found.next.kind == .equals, found.unit.currency == nil { return nil }
        for _ in 0..<(found.words - (read ? 1 : 0)) { _ = try advance() }
        return (found.unit, start..<found.end)
    }

    /// A conversion target or a unit argument: `lb`, `°C`, `fl oz`, `per 100 g`, `per lb`,
    /// `kg/h`, `m³`, `€/kg`, `$`.
    /// An unknown word is suggested a unit of `fitting`, the converted value's dimension,
    /// asked for only then.
    package mutating func target(after keyword: Token?, fitting: () -> Dimension? = { nil }) throws(Diagnostic) -> CompoundUnit {
        var inverse = false
        if current.word == .per {
            _ = try advance()
            inverse = true
        }
        var scale: Rational? = nil
        if case .number = current.kind, inverse {
            guard case .exact(let amount) = lexer.literal, !amount.isZero, !amount.isNegative else {
                throw Diagnostic(.basisNotPositive, at: current.range)
            }
            scale = amount
            _ = try advance()
        }
        let found: (CompoundUnit, Range<Int>)?
        do {
            found = try unitWords(startingWith: nil, filter: .any)
        } catch {
            // `1 Ah to C`: of a word's readings, the one unit of the value's dimension is no guess.
            guard case .syntax(.unitReadsManyWays(_, let readings)) = error.problem, let dimension = fitting(),
                  case let fits = readings.compactMap(UnitTable.unit(reading:)).filter({ $0.dimension == dimension }),
                  fits.count == 1 else { throw error }
            _ = try advance()
            found = (fits[0], error.range)
        }
        guard let (first, _) = found else { throw noTarget(after: keyword, inverse: inverse, fitting: fitting) }
        var unit = first
        try power(of: &unit)
        while true {
            let dividing: Bool
            switch current.kind {
            case .divide: dividing = true
            case .times: dividing = false
            case .identifier where current.word == .per: dividing = true
            default: dividing = false
            }
            guard current.kind == .divide || current.kind == .times || current.word == .per else { break }
            let op = try advance()
            // `L/100 km`: a count before the unit divided by.
            var count: Rational? = nil
            if dividing, case .number = current.kind, case .exact(let amount) = lexer.literal, amount.signum > 0 {
                count = amount
                _ = try advance()
            }
            var term: CompoundUnit
            if count == nil, current.kind == .leftParenthesis {
                term = try unitGroup()
            } else {
                guard let (more, _) = try unitWords(startingWith: nil, filter: .any) else {
                    throw Diagnostic(.unitExpected(after: quoted(op), example: ""), at: current.range)
                }
                term = more
            }
            try power(of: &term)
            if let count { term.scale = (term.scale ?? .one) * count }
            unit = try combine(unit, term, dividing: dividing, at: op.range)
        }
        if inverse {
            unit = try combine(.none, unit, dividing: true, at: keyword?.range ?? 0..<0)
            if let scale { unit.scale = scale.reciprocal }
        }
        return unit
    }

    /// Why no unit is at the current token where `target` wants one: an unknown word
    /// (with the units nearest it), the end, a range test, or something else.
    private func noTarget(after keyword: Token?, inverse: Bool, fitting: () -> Dimension?) -> Diagnostic {
        let example = keyword.map { "\(source.text($0.range)) " } ?? ""
        if case .identifier(let word) = current.kind, !current.isKeyword {
            if let refusal = imperialQualifier(word) { return Diagnostic(refusal, at: current.range) }
            // Where the value's dimension is known, only its units fit (`1 kg to po`:
            // pound, never pc); a price or a plain number may take other units.
            let dimension = fitting()
            let fits = inverse || dimension?.money != 0 || dimension == Dimension.none ? nil : dimension
            let suggestions = fits.map { UnitTable.suggestions(for: word, converting: $0) } ?? UnitTable.suggestions(for: word)
            return Diagnostic(.unknownUnit(word, suggestions: withUserUnits(suggestions, for: word)), at: current.range)
        }
        if current.kind == .end {
            return Diagnostic(.unitExpected(after: keyword.map(quoted), example: example), at: current.range)
        }
        // `12:00 in 9:00..17:00`: a test of a value in a range, which per does not make.
        let scalars = source.scalars
        if let keyword, source.text(keyword.range).lowercased() == "in",
           (current.range.lowerBound..<(scalars.endIndex - 1)).contains(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) {
            return Diagnostic(.rangeMembership, at: current.range.lowerBound..<scalars.endIndex)
        }
        return Diagnostic(.unitExpectedFound(quoted(current), example: example), at: current.range)
    }

    /// `(m·K)` in a target's `W/(m·K)`: units joined by `*`, `·` and `/` in parentheses, as
    /// a unit after a number may be written (where they are arithmetic).
    mutating func unitGroup() throws(Diagnostic) -> CompoundUnit {
        let open = try advance()
        var unit = CompoundUnit.none
        var op: Token? = nil
        repeat {
            guard let (more, _) = try unitWords(startingWith: nil, filter: .any) else {
                if current.kind == .end { throw Diagnostic(.openingNeverClosed, at: open.range) }
                throw Diagnostic(.unitExpected(after: quoted(op ?? open), example: ""), at: current.range)
            }
            var term = more
            try power(of: &term)
            unit = try combine(unit, term, dividing: op?.kind == .divide, at: op?.range ?? open.range)
            guard current.kind == .divide || current.kind == .times else { break }
            op = try advance()
        } while true
        guard current.kind == .rightParenthesis else {
            if current.kind == .end { throw Diagnostic(.openingNeverClosed, at: open.range) }
            throw Diagnostic(.operatorOrClosingExpected(before: quoted(current)), at: current.range)
        }
        _ = try advance()
        return unit
    }

    package mutating func call(_ name: String, nameToken: Token) throws(Diagnostic) -> Builder.Value {
        let builtIn = Function.named(name)
        let userFunction = builtIn == nil ? builder.userFunction(named: name) : nil
        guard builtIn != nil || userFunction != nil else {
            // Function names are lower case; `SQRT(4)` is a slip, not a new function.
            let suggestion = Function.named(name.lowercased())?.rawValue
                ?? Suggestion.closest(to: name, among: Function.allCases.map(\.rawValue))
            throw Diagnostic(.notAFunction(name, suggestion: suggestion), at: nameToken.range)
        }
        let open = try advance()
        try enter(open)
        defer { depth -= 1 }
        var arguments: [Builder.Value] = []
        // Each argument's tokens are counted alone, as a list's values are: `mean(…)` of
        // many values is bounded by the line's length.
        let tokensBefore = tokenCount
        if current.kind != .rightParenthesis {
            while true {
                arguments.append(try expression())
                if current.kind == .comma {
                    _ = try advance()
                    tokenCount = tokensBefore + 1
                    continue
                }
                break
            }
        }
        guard current.kind == .rightParenthesis else {
            if case .invalid(let error) = current.kind { throw Diagnostic(error, at: current.range) }
            if current.kind == .end { throw Diagnostic(.openingNeverClosed, at: open.range) }
            throw Diagnostic(.commaOrClosingExpected(before: quoted(current)), at: current.range)
        }
        _ = try advance()
        if let userFunction {
            guard userFunction.parameters.count == arguments.count else {
                let takes = userFunction.parameters.count == 1 ? "1 argument" : "\(userFunction.parameters.count) arguments"
                throw Diagnostic(.arity(name, takes: takes, given: arguments.count), at: nameToken.range)
            }
            return try builder.call(userFunction, arguments, range: nameToken.range, depth: depth)
        }
        guard let function = builtIn else { throw Diagnostic(.notAFunction(name, suggestion: nil), at: nameToken.range) }
        guard function.arity.contains(arguments.count) else {
            throw Diagnostic(.arity(name, takes: function.arityDescription, given: arguments.count), at: nameToken.range)
        }
        return try builder.call(function, arguments, range: nameToken.range)
    }

    /// A token as the user wrote it, quoted for a message: `'*'`, `'×'`, `'x'`.
    package func quoted(_ token: Token) -> String {
        token.kind == .end ? "the end" : quoted(token.range)
    }

    package func quoted(_ range: Range<Int>) -> String { "'\(source.text(range))'" }
}
