/// What the parser makes of each piece of an expression. One grammar serves two ends: a
/// `TreeBuilder` makes syntax trees (for tests and for looking at an input's shape), and
/// the `Evaluator` computes values as it goes, which is what running a statement needs.
protocol ExpressionBuilder {
    associatedtype Value
    /// A literal, with the money unit written on it (`$2.49`, `2.49€`).
    func number(_ value: consuming Number, money: Unit?, range: Range<Int>) throws(Diagnostic) -> Value
    func name(_ name: String, range: Range<Int>) throws(Diagnostic) -> Value
    /// A unit written alone: one of it (`kg`, `lb to g`).
    func unit(_ unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value
    /// A unit after a number or a closing parenthesis: `500 g`, `(2+3) kg`.
    func applying(_ unit: CompoundUnit, to value: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func negate(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, range: Range<Int>) throws(Diagnostic) -> Value
    /// `6x330 ml`, `6 × 330 ml`: a product that remembers its packs.
    /// `strict` for the `x` of `6x330`, which must count whole packs.
    func multipack(_ count: Value, _ each: Value, strict: Bool, range: Range<Int>) throws(Diagnostic) -> Value
    func percent(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func factorial(_ operand: Value, range: Range<Int>) throws(Diagnostic) -> Value
    func call(_ function: Function, _ arguments: [Value], range: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to UNIT`.
    func convert(_ value: Value, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Value
    /// `EXPR to FORMAT`: `to fraction`, `to 2 dp`.
    func format(_ value: Value, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Value
    /// Whether a name is a variable here (else it may be a unit).
    func isVariable(_ name: String) -> Bool
    /// The user's function of that name, if there is one.
    func userFunction(named name: String) -> UserFunction?
    /// A call of a user function; `depth` is the nesting the call is read at, which the
    /// body's own nesting adds to.
    func call(_ function: UserFunction, _ arguments: [Value], range: Range<Int>, depth: Int) throws(Diagnostic) -> Value
}

/// Builds `ExpressionNode` trees.
struct TreeBuilder: ExpressionBuilder {
    func number(_ value: consuming Number, money: Unit?, range: Range<Int>) -> ExpressionNode {
        let node = ExpressionNode.number(value, range: range)
        return money.map { .quantity(node, CompoundUnit($0), range: range) } ?? node
    }
    func name(_ name: String, range: Range<Int>) -> ExpressionNode { .name(name, range: range) }
    func unit(_ unit: CompoundUnit, range: Range<Int>) -> ExpressionNode { .unit(unit, range: range) }
    func applying(_ unit: CompoundUnit, to value: ExpressionNode, range: Range<Int>) -> ExpressionNode {
        .quantity(value, unit, range: range)
    }
    func negate(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .negate(operand, operatorRange: range) }
    func binary(_ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode, range: Range<Int>) -> ExpressionNode {
        .binary(op, left, right, operatorRange: range)
    }
    func multipack(_ count: ExpressionNode, _ each: ExpressionNode, strict: Bool, range: Range<Int>) -> ExpressionNode {
        .multipack(count, each, operatorRange: range)
    }
    func percent(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .percent(operand, operatorRange: range) }
    func factorial(_ operand: ExpressionNode, range: Range<Int>) -> ExpressionNode { .factorial(operand, operatorRange: range) }
    func call(_ function: Function, _ arguments: [ExpressionNode], range: Range<Int>) -> ExpressionNode {
        .call(function, arguments, nameRange: range)
    }
    func convert(_ value: ExpressionNode, to unit: CompoundUnit, range: Range<Int>) -> ExpressionNode {
        .conversion(value, unit, range: range)
    }
    func isVariable(_ name: String) -> Bool { false }
    func userFunction(named name: String) -> UserFunction? { nil }
    func call(_ function: UserFunction, _ arguments: [ExpressionNode], range: Range<Int>, depth: Int) -> ExpressionNode {
        .userCall(function.name, arguments, nameRange: range)
    }
    func format(_ value: ExpressionNode, as format: OutputFormat, range: Range<Int>) -> ExpressionNode {
        .formatted(value, format, range: range)
    }
}

/// Which units may follow a number: any, or only those a shopping list compares (after
/// `add`'s quantity, `add 5.99 8 C batteries` is 8 items named "C batteries").
enum UnitsAfterNumbers: Sendable {
    case any
    case shoppable
}

/// A statement as parsed, with its expression built by a builder.
enum ParsedStatement<Value> {
    case expression(Value)
    case assignment(name: String, nameRange: Range<Int>, value: Value)
    /// `f(x, y) = body`: the body unread, for the session to check and keep.
    case definition(FunctionDefinition)
    case command(Command, name: String, nameRange: Range<Int>, arguments: StatementSource)
}

/// Recursive-descent parser for statements and expressions (README, "Expressions" and "The number model"), reading tokens from
/// the lexer as it goes.
///
/// Precedence, lowest to highest: `+ -`; `* /`; unary `- +`; `^` (right-associative, its
/// right operand may carry a sign: `2^-1`); postfix `%` and `!`. So `-2^2 = -4`, `2^3^2 = 512`,
/// `-3! = -6`. `mod` and `of` (`20% of 35`) bind like `*`.
/// Nesting is limited to `maxDepth` levels and statements to `maxTokens` tokens, so
/// hostile input is an error, never a stack overflow.
struct Parser<Builder: ExpressionBuilder> {
    private let source: StatementSource
    private var lexer: Lexer
    private let builder: Builder
    /// The token being looked at: the last one the lexer read, so when it is a number the
    /// lexer's `literal` is its value.
    private var current: Token
    private var tokenCount = 1
    private var depth = 0
    /// Where the last token read ended.
    private var previousEnd = 0
    private let unitsAfterNumbers: UnitsAfterNumbers
    /// Whether a sign glued to what follows, after a blank, starts another argument.
    private var signsStartArguments = false

    init(_ source: StatementSource, builder: consuming Builder, unitsAfterNumbers: UnitsAfterNumbers = .any) {
        self.source = source
        lexer = Lexer(source)
        current = lexer.next()
        self.builder = builder
        self.unitsAfterNumbers = unitsAfterNumbers
    }

    /// The words the grammar itself uses, which no variable may take.
    static var keywords: Set<String> { Keywords.all }

    // MARK: Statements

    /// Parses one statement: an assignment, a command or an expression.
    static func statement(_ source: StatementSource, builder: consuming Builder) throws(Diagnostic) -> ParsedStatement<Builder.Value> {
        // The first three tokens tell the kind of statement: `x = …`, `let x = …`, `add …`.
        var parser = Parser(source, builder: builder)
        guard case .identifier(let word) = parser.current.kind else {
            // An expression: read on from the token already read.
            return .expression(try parser.wholeExpression())
        }
        let first = parser.current
        var look = parser.lexer
        let second = look.next()
        if second.kind == .leftParenthesis, let definition = try functionDefinition(source, name: word, nameRange: first.range) {
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
            if let reason = Names.reservation(of: name) {
                throw Diagnostic(.reservedName(name, reason: reason), at: nameRange)
            }
            let value = source.slice(equals.range.upperBound..<source.scalars.endIndex)
            guard value.scalars.contains(where: { !StatementSource.isBlank($0) }) else {
                throw Diagnostic(.valueAfterEquals, at: value.scalars.endIndex..<(value.scalars.endIndex + 1))
            }
            return .assignment(name: name, nameRange: nameRange, value: try expression(value, builder: parser.builder))
        }
        if let info = CommandCatalogue.command(named: name) {
            let rest = source.scalars[first.range.upperBound...].drop(while: StatementSource.isBlank)
            return .command(info.command, name: name, nameRange: first.range, arguments: StatementSource(rest))
        }
        // A name followed by an operand reads as a misspelt command: `ad 2.49 500 g`.
        switch second.kind {
        case .number, .identifier, .quoted, .invalid:
            if Function.named(name) == nil,
               let command = Suggestion.closest(to: name, among: CommandCatalogue.allNames, minimumLength: 2) {
                throw Diagnostic(.unknownCommand(name, suggestion: command), at: first.range)
            }
        default:
            break
        }
        return .expression(try parser.wholeExpression())
    }

    /// `name(a, b) = body` when the statement is one: the parameters up to the matching
    /// `)` and an `=` after it. Nil for anything else (`f(2) + 1` is a call).
    private static func functionDefinition(_ source: StatementSource, name: String, nameRange: Range<Int>) throws(Diagnostic) -> FunctionDefinition? {
        var look = Lexer(source)
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

    /// Parses text that must be exactly one expression.
    static func expression(_ source: StatementSource, builder: consuming Builder, depth: Int = 0) throws(Diagnostic) -> Builder.Value {
        var parser = Parser(source, builder: builder)
        parser.depth = depth
        return try parser.wholeExpression()
    }

    /// The expression from here to the end of the statement.
    private mutating func wholeExpression() throws(Diagnostic) -> Builder.Value {
        let value = try expression()
        try expectEnd()
        return value
    }

    /// Parses the expression at the start of `source` and says where it ended: commands
    /// read their arguments this way (`add 2.49 500 g Barilla`: a price, a quantity, then
    /// the name), so every number and unit in per is read by this one grammar.
    static func leadingExpression(_ source: StatementSource, builder: Builder,
                                  unitsAfterNumbers: UnitsAfterNumbers = .any) throws(Diagnostic) -> (Builder.Value, end: Int) {
        var parser = Parser(source, builder: builder, unitsAfterNumbers: unitsAfterNumbers)
        parser.signsStartArguments = true
        let value = try parser.expression()
        if parser.current.kind == .rightParenthesis { throw Diagnostic(.unmatchedClosing, at: parser.current.range) }
        return (value, parser.current.kind == .end ? source.scalars.endIndex : parser.current.range.lowerBound)
    }

    /// Parses a unit at the start of `source` (`kg`, `fl oz`, `per 100 g`, `m3/h`) and
    /// says where it ended.
    static func leadingUnit(_ source: StatementSource, builder: Builder) throws(Diagnostic) -> (CompoundUnit, range: Range<Int>, end: Int) {
        var parser = Parser(source, builder: builder)
        let start = parser.current.range.lowerBound
        let unit = try parser.target(after: nil)
        return (unit, start..<parser.previousEnd, parser.current.kind == .end ? source.scalars.endIndex : parser.current.range.lowerBound)
    }

    // MARK: Grammar

    private mutating func advance() throws(Diagnostic) -> Token {
        previousEnd = current.range.upperBound
        if case .end = current.kind { return current }
        // The next token takes the current one's place, which is moved out, not copied.
        var token = lexer.next()
        swap(&token, &current)
        tokenCount += 1
        if tokenCount > ParserLimits.maxTokens {
            throw Diagnostic(.tooManyTokens, at: current.range)
        }
        return token
    }

    /// The last scalar before `offset` that is not a blank.
    private func previousNonBlank(before offset: Int) -> Unicode.Scalar? {
        var index = offset - 1
        while index >= source.scalars.startIndex, StatementSource.isBlank(source.scalars[index]) { index -= 1 }
        return index >= source.scalars.startIndex ? source.scalars[index] : nil
    }

    private func expectEnd() throws(Diagnostic) {
        let token = current
        switch token.kind {
        case .end: return
        case .identifier(let word) where UnitTable.unit(named: word) == nil && UnitTable.likelyMisspelling(word) != nil:
            throw Diagnostic(.unknownUnit(word, suggestion: UnitTable.likelyMisspelling(word)), at: token.range)
        case .rightParenthesis: throw Diagnostic(.unmatchedClosing, at: token.range)
        case .invalid(let error): throw Diagnostic(error, at: token.range)
        case .equals: throw Diagnostic(.strayEquals, at: token.range)
        case .comma:
            throw Diagnostic(.decimalComma, at: token.range)
        case .number where previousNonBlank(before: token.range.lowerBound) == "%":
            // `7 % 3`: a remainder meant, as in other languages.
            throw Diagnostic(.percentBeforeNumber, at: token.range)
        default: throw Diagnostic(.operatorExpected(before: quoted(token)), at: token.range)
        }
    }

    private mutating func enter(_ token: Token) throws(Diagnostic) {
        depth += 1
        if depth > ParserLimits.maxDepth {
            throw Diagnostic(.nestedTooDeeply, at: token.range)
        }
    }

    /// conversion: additive { (`to` | `in`) (unit | format) }
    mutating func expression() throws(Diagnostic) -> Builder.Value {
        var value = try additive()
        while case .identifier(let word) = current.kind, word == Keywords.to || word == Keywords.in {
            let token = try advance()
            let start = current.range.lowerBound
            if let format = try outputFormat() {
                value = try builder.format(value, as: format, range: start..<previousEnd)
                continue
            }
            let unit = try target(after: token)
            value = try builder.convert(value, to: unit, range: start..<previousEnd)
        }
        return value
    }

    /// An output format after `to` (`fraction`, `2 dp`, `%`); nil when a unit follows
    /// instead. A word that is a unit's name stays the unit.
    private mutating func outputFormat() throws(Diagnostic) -> OutputFormat? {
        switch current.kind {
        case .percent:
            _ = try advance()
            return .percent
        case .identifier(let word):
            guard let format = OutputFormat.words[word], UnitTable.unit(named: word) == nil else { return nil }
            _ = try advance()
            return format
        case .number:
            var look = lexer
            guard case .identifier(let word) = look.next().kind, OutputFormat.countWords.contains(word) else { return nil }
            // A count that is not a whole number is out of range.
            let count = lexer.literal.exactInteger ?? -1
            _ = try advance()
            _ = try advance()
            return word == "dp" ? .decimals(count) : .significant(count)
        default:
            return nil
        }
    }

    private mutating func additive() throws(Diagnostic) -> Builder.Value {
        var left = try multiplicative()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            // Among a command's arguments, `1 -5 g` is two: a sign with a blank before it
            // and none after starts the next argument.
            if signsStartArguments, current.range.lowerBound > source.scalars.startIndex,
               StatementSource.isBlank(source.scalars[current.range.lowerBound - 1]),
               current.range.upperBound < source.scalars.endIndex,
               !StatementSource.isBlank(source.scalars[current.range.upperBound]) {
                return left
            }
            let token = try advance()
            let right = try multiplicative(after: token.range)
            left = try builder.binary(op, left, right, range: token.range)
        }
    }

    /// `after` is the operator just read, if any, for the message when no operand follows.
    private mutating func multiplicative(after previous: Range<Int>? = nil) throws(Diagnostic) -> Builder.Value {
        var left = try unary(after: previous)
        while true {
            switch current.kind {
            case .times, .divide:
                let token = try advance()
                let right = try unary(after: token.range)
                left = try builder.binary(token.kind == .times ? .multiply : .divide, left, right, range: token.range)
            case .cross, .packs:
                let token = try advance()
                let right = try unary(after: token.range)
                left = try builder.multipack(left, right, strict: token.kind == .packs, range: token.range)
            case .identifier(Keywords.per), .identifier(Keywords.mod), .identifier(Keywords.of):
                let token = try advance()
                let right = try unary(after: token.range)
                let op: BinaryOperator
                switch token.kind {
                case .identifier(Keywords.mod): op = .modulo
                case .identifier(Keywords.of): op = .percentOf
                default: op = .divide
                }
                left = try builder.binary(op, left, right, range: token.range)
            default:
                return left
            }
        }
    }

    /// unary: (`-` | `+`) unary | power; power: postfix [`^` unary]; postfix: primary
    /// { `%` | `!` }. One function for the three levels, which every operand passes.
    private mutating func unary(after previous: Range<Int>?) throws(Diagnostic) -> Builder.Value {
        switch current.kind {
        case .minus, .plus:
            let token = try advance()
            try enter(token)
            defer { depth -= 1 }
            let operand = try unary(after: token.range)
            return token.kind == .minus ? try builder.negate(operand, range: token.range) : operand
        default:
            break
        }
        var base = try primary(after: previous)
        while current.kind == .percent || current.kind == .factorial {
            let token = try advance()
            base = token.kind == .percent ? try builder.percent(base, range: token.range) : try builder.factorial(base, range: token.range)
        }
        guard current.kind == .power else { return base }
        let token = try advance()
        try enter(token)
        defer { depth -= 1 }
        let exponent = try unary(after: token.range)
        return try builder.binary(.power, base, exponent, range: token.range)
    }

    private mutating func primary(after previous: Range<Int>?) throws(Diagnostic) -> Builder.Value {
        let literal = lexer.literal
        let token = try advance()
        switch token.kind {
        case .number(let symbol):
            var money: Unit? = nil
            if let symbol, let code = CurrencyCode.withSymbol(Character(symbol)) {
                money = UnitTable.money(code, source.scalars[token.range.lowerBound] == symbol ? .prefix : .suffix)
            }
            let value = try builder.number(literal, money: money, range: token.range)
            // Most numbers have no unit after them: no call for them.
            guard case .identifier = current.kind else { return value }
            return try unitAfter(value)
        case .identifier(let name):
            if current.kind == .leftParenthesis, !name.hasPrefix("°") { return try unitAfter(try call(name, nameToken: token)) }
            if let function = Function.named(name) {
                throw Diagnostic(.functionWithoutParentheses(name, synopsis: function.synopsis), at: token.range)
            }
            if Keywords.contains(name) {
                throw Diagnostic(.keywordAsOperand(name), at: token.range)
            }
            // A variable or parameter first, then a unit, and only then the user's function
            // of that name, called without its parentheses.
            if builder.isVariable(name) || name == Names.lastResult { return try builder.name(name, range: token.range) }
            if let (unit, range) = try unitWords(startingWith: token, filter: .any) {
                var powered = unit
                try power(of: &powered)
                return try builder.unit(powered, range: range.lowerBound..<previousEnd)
            }
            if let function = builder.userFunction(named: name) {
                throw Diagnostic(.functionWithoutParentheses(name, synopsis: function.signature), at: token.range)
            }
            return try builder.name(name, range: token.range)
        case .leftParenthesis:
            try enter(token)
            defer { depth -= 1 }
            let inner = try expression()
            guard current.kind == .rightParenthesis else {
                if case .invalid(let error) = current.kind { throw Diagnostic(error, at: current.range) }
                if current.kind == .end { throw Diagnostic(.openingNeverClosed, at: token.range) }
                throw Diagnostic(.operatorOrClosingExpected(before: quoted(current)), at: current.range)
            }
            _ = try advance()
            return try unitAfter(consume inner)
        case .invalid(let error):
            throw Diagnostic(error, at: token.range)
        case .end:
            throw Diagnostic(.operandExpected(after: previous.map(quoted)), at: token.range)
        case .quoted:
            throw Diagnostic(.quotedOperand, at: token.range)
        default:
            throw Diagnostic(.operandExpectedFound(quoted(token)), at: token.range)
        }
    }

    // MARK: Units

    /// A unit right after a number or `)`, binding tighter than any operator:
    /// `2.49 / 500 g` is `2.49 / (500 g)`. A name there is a unit when it is one, even if a
    /// variable has that name (`500 g` means grams).
    private mutating func unitAfter(_ value: consuming Builder.Value) throws(Diagnostic) -> Builder.Value {
        guard case .identifier = current.kind else { return value }
        let start = current
        guard let (unit, _) = try unitWords(startingWith: nil, filter: unitsAfterNumbers) else { return value }
        var compound = unit
        try power(of: &compound)
        // `/h`, `*h`, `·h`: a compound unit goes on while a unit (not a variable) follows.
        while current.kind == .divide || current.kind == .times {
            var look = lexer
            let next = look.next()
            guard case .identifier(let name) = next.kind, !builder.isVariable(name),
                  UnitTable.unit(named: name) != nil || Parser.startsMultiWordUnit(name) else { break }
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

    /// `^2`, `^-1` or `²` after a unit.
    private mutating func power(of unit: inout CompoundUnit) throws(Diagnostic) {
        var exponent: Int? = nil
        let start = current.range
        if case .superscript(let value) = current.kind {
            _ = try advance()
            exponent = value
        } else if current.kind == .power {
            var look = lexer
            var next = look.next()
            var negative = false
            if next.kind == .minus { negative = true; next = look.next() }
            guard case .number = next.kind, case .exact(let r) = look.literal, r.isInteger, let whole = Number.exact(r).exactInteger else {
                return
            }
            _ = try advance()
            if negative { _ = try advance() }
            _ = try advance()
            exponent = negative ? -whole : whole
        }
        guard let exponent else { return }
        guard let raised = unit.raised(to: exponent) else {
            throw Diagnostic(QuantityError.powerTooHigh, at: start.lowerBound..<previousEnd)
        }
        unit = raised
    }

    private func combine(_ a: CompoundUnit, _ b: CompoundUnit, dividing: Bool, at range: Range<Int>) throws(Diagnostic) -> CompoundUnit {
        do {
            return try a.multiplied(by: b, dividing: dividing)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// Whether a word begins a unit of several words (`fl oz`, `imp gal`).
    static func startsMultiWordUnit(_ word: String) -> Bool {
        UnitTable.multiWordStarts.contains(word.lowercased())
    }

    /// The unit named at the current token (or by `first`, already read, and what follows
    /// it): the longest run of up to three words that names one. Not a unit: a keyword, or a
    /// name followed by `=` (an estimator's `key=value`), or a unit `filter` leaves out.
    /// Reads the unit's words and returns it with their range.
    private mutating func unitWords(startingWith first: Token?, filter: UnitsAfterNumbers) throws(Diagnostic) -> (CompoundUnit, Range<Int>)? {
        // One word that starts no longer name, as most units are: looked up alone.
        let headToken = first ?? current
        guard case .identifier(let head) = headToken.kind, !Keywords.contains(head) else { return nil }
        let lowered = head.lowercased()
        let word = UnitTable.word(lowercased: lowered)
        if word?.startsLongerName != true {
            guard let unit = word?.unit else { return nil }
            if filter == .shoppable, !unit.dimension.isShoppable { return nil }
            let equalsNext = first == nil ? lexer.nextIsEquals : current.kind == .equals
            if equalsNext, unit.currency == nil { return nil }
            if first == nil { _ = try advance() }
            return (unit, headToken.range)
        }
        var words: [Token] = first.map { [$0] } ?? []
        var look = lexer
        var upcoming = current
        if first == nil {
            words.append(current)
            upcoming = look.next()
        }
        // Up to two more words, adjacent identifiers (`fl oz`, `imp fl oz`).
        var following: [Token] = []
        var after = upcoming
        while following.count < UnitTable.longestName - 1, case .identifier = after.kind {
            following.append(after)
            after = look.next()
        }
        for extra in stride(from: following.count, through: 0, by: -1) {
            let group = words + following.prefix(extra)
            let text = group.map { token -> String in
                if case .identifier(let word) = token.kind { return word }
                return ""
            }.joined(separator: " ")
            guard let unit = UnitTable.unit(named: text) else { continue }
            if filter == .shoppable, !unit.dimension.isShoppable { return nil }
            // The token after the unit: not `=` (then the word is an estimator's key;
            // money is never one: `rate 1 EUR = 1.08 USD`).
            let next = extra < following.count ? following[extra] : after
            if next.kind == .equals, unit.currency == nil { return nil }
            let consume = (first == nil ? 1 : 0) + extra
            for _ in 0..<consume { _ = try advance() }
            return (unit, group[0].range.lowerBound..<group[group.count - 1].range.upperBound)
        }
        return nil
    }

    /// A conversion target or a unit argument: `lb`, `°C`, `fl oz`, `per 100 g`, `per lb`,
    /// `kg/h`, `m³`, `€/kg`, `$`.
    mutating func target(after keyword: Token?) throws(Diagnostic) -> CompoundUnit {
        var inverse = false
        if case .identifier(Keywords.per) = current.kind {
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
        guard let (first, _) = try unitWords(startingWith: nil, filter: .any) else {
            let example = keyword.map { "\(source.text($0.range)) " } ?? ""
            if case .identifier(let word) = current.kind, !Keywords.contains(word) {
                throw Diagnostic(.unknownUnit(word, suggestion: UnitTable.likelyMisspelling(word)), at: current.range)
            }
            if current.kind == .end {
                throw Diagnostic(.unitExpected(after: keyword.map(quoted), example: example), at: current.range)
            }
            throw Diagnostic(.unitExpectedFound(quoted(current), example: example), at: current.range)
        }
        var unit = first
        try power(of: &unit)
        while true {
            let dividing: Bool
            switch current.kind {
            case .divide: dividing = true
            case .times: dividing = false
            case .identifier(Keywords.per): dividing = true
            default: dividing = false
            }
            guard current.kind == .divide || current.kind == .times || current.kind == .identifier(Keywords.per) else { break }
            let op = try advance()
            guard let (more, _) = try unitWords(startingWith: nil, filter: .any) else {
                throw Diagnostic(.unitExpected(after: quoted(op), example: ""), at: current.range)
            }
            var term = more
            try power(of: &term)
            unit = try combine(unit, term, dividing: dividing, at: op.range)
        }
        if inverse {
            unit = try combine(.none, unit, dividing: true, at: keyword?.range ?? 0..<0)
            if let scale { unit.scale = scale.reciprocal }
        }
        return unit
    }

    private mutating func call(_ name: String, nameToken: Token) throws(Diagnostic) -> Builder.Value {
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
        if current.kind != .rightParenthesis {
            while true {
                arguments.append(try expression())
                if current.kind == .comma { _ = try advance(); continue }
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
    private func quoted(_ token: Token) -> String {
        token.kind == .end ? "the end" : quoted(token.range)
    }

    private func quoted(_ range: Range<Int>) -> String { "'\(source.text(range))'" }
}

/// The limits that keep hostile input cheap.
public enum ParserLimits {
    public static let maxDepth = 200
    /// Statements longer than this many tokens are refused, which also bounds the height of
    /// left-associative chains (`1+1+1+…`) that the depth count does not see.
    public static let maxTokens = 4000
    /// Lines longer than this many bytes are refused whole, before anything reads them.
    public static let maxLineLength = 100_000

    /// The refusal of an over-long line, as a statement result (its input cut short).
    public static func checkLength(of line: String) -> StatementResult? {
        guard line.utf8.count > maxLineLength else { return nil }
        return tooLong(beginning: line)
    }

    /// The refusal of a line that was too long to keep, shown by its first characters.
    public static func tooLong(beginning: String) -> StatementResult {
        let shown = StatementSource(String(beginning.prefix(60)) + "…")
        return StatementResult(source: shown, outcome: .failure(Diagnostic(
            .lineTooLong, at: 0..<1)))
    }
}

/// Parsing into syntax trees, for tests and for looking at an input's shape.
public enum SyntaxTree {
    public static func statement(_ source: StatementSource) throws(Diagnostic) -> Statement {
        switch try Parser.statement(source, builder: TreeBuilder()) {
        case .expression(let node): return .expression(node)
        case .assignment(let name, let range, let node): return .assignment(name: name, nameRange: range, value: node)
        case .definition(let definition): return .definition(definition)
        case .command(_, let name, let range, let arguments): return .command(name: name, nameRange: range, arguments: arguments)
        }
    }

    public static func expression(_ source: StatementSource) throws(Diagnostic) -> ExpressionNode {
        try Parser.expression(source, builder: TreeBuilder())
    }
}
