import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// Tab completion (`help shell`), from the same catalogue `help` reads: command names at the
/// start of a statement, then what each command takes — estimator keys (`boiler st⇥` →
/// `steam=`) and their words, units of the dimension that fits where the cursor is (after
/// `add PRICE QTY`: the list's; after `to`: the value's; after `steam=4`: mass flows),
/// `type` and `basis` arguments, saved-set names after `recall` and `forget` — and
/// variable and function names inside expressions.
public enum Completion {
    /// Characters that end the word being completed; the shell's line editor uses the same.
    public static let wordBreaks: Set<Character> = [" ", "\t", ";", "=", "(", ")", ","]

    /// The candidates for the word that ends at the end of `line` (the text up to the
    /// cursor), sorted, each a whole replacement for that word.
    public static func candidates(for line: String, in session: Session, savedSets: [String] = []) -> [String] {
        let statement = String(line.split(separator: ";", omittingEmptySubsequences: false).last ?? "")
        let word = String(statement.reversed().prefix { !wordBreaks.contains($0) }.reversed())
        let before = statement.dropLast(word.count)
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let options = Set(choices(words: words, justBefore: before.last, in: session, savedSets: savedSets))
        // A quoted name (`"Corner oats"`, `@"Corner shop"`) matches without its quotes.
        let unquoted = word.filter { $0 != "\"" }
        let matches = options.filter { $0.hasPrefix(word) || $0.contains("\"") && $0.filter { $0 != "\"" }.hasPrefix(unquoted) }
        guard matches.isEmpty, !word.isEmpty else { return matches.sorted() }
        // No symbol fits the word: the units' spelt-out names might (`pou` → `pound`).
        let dimensions = Set(options.compactMap { UnitTable.unit(named: $0)?.dimension })
        return Set(dimensions.flatMap(UnitTable.spelledOutNames)).filter { $0.hasPrefix(word) }.sorted()
    }

    private static func choices(words: [String], justBefore: Character?, in session: Session, savedSets: [String]) -> [String] {
        if let units = unitsAfterTo(words: words, in: session) { return units }
        guard let command = words.first else {
            return CommandCatalogue.allNames + expressionNames(session) + ["let"]
        }
        guard let info = CommandCatalogue.command(named: command) else {
            // After a number in an expression: a unit, of any name the catalogue knows.
            let afterNumber = justBefore == " " && words.last?.first.map { ("0"..."9").contains($0) } == true
            let own = session.calculator.units.entries.flatMap { [$0.name, $0.plural] }
            // No call follows a number without an operator: `5 ps⇥` is a unit, not `pstdev(`.
            return afterNumber ? expressionNames(session).filter { !$0.hasSuffix("(") } + UnitTable.completionNames() + own
                : expressionNames(session)
        }
        // Names and stores from the price book, which the shell reads for these commands.
        let quoted = { (text: String) in text.contains(" ") ? "\"\(text)\"" : text }
        let bookNames = session.priceBook?.names.map(quoted) ?? []
        let bookStores = session.priceBook?.stores.map { "@" + quoted($0) } ?? []
        let listUnits = (session.list.dimension.map { UnitTable.names(for: $0) }
            ?? Dimension.shoppable.flatMap { UnitTable.names(for: $0) }) + userUnits(session, of: session.list.dimension.map { [$0] } ?? Dimension.shoppable)
        // `forget seen ` completes as its variant does.
        let variant = words.count >= 2 ? info.variant(of: StatementSource(words[1])) : nil
        let forms = { (units: [String]) in units + userUnits(session, of: Set(units.compactMap { UnitTable.unit(named: $0)?.dimension })) }
        switch variant?.completion ?? info.completion {
        case .nothing: return []
        case .expression: return expressionNames(session)
        case .first(let choices): return words.count == 1 ? choices : []
        case .helpTopics: return words.count == 1 ? HelpText.topics : []
        case .anywhere(let choices): return choices
        // An input's value is an expression: in its parentheses, the names (`calcium=mean(lab.⇥`).
        case .estimator where justBefore == "(" || justBefore == ",", .sweep where justBefore == "(" || justBefore == ",":
            return expressionNames(session)
        case .estimator(let command):
            return estimatorChoices(command.estimator, lastWord: words.count > 1 ? words.last : nil, afterEquals: justBefore == "=", units: forms)
        case .sweep: return sweepChoices(words: words, justBefore: justBefore, units: forms)
        case .solve: return solveChoices(words: words, justBefore: justBefore, in: session, units: forms)
        case .savedSets: return savedSets + (words.count == 1 ? ["seen", "unit"] : [])
        case .save:
            let withInputs = Set(session.estimates.inputs.keys.map { String($0.prefix { $0 != "." }) })
            return (words.count >= 2 ? EstimatorCommand.allCases.map(\.rawValue).filter(withInputs.contains) : []) + ["--replace"]
        case .listNames: return words.count == 1 ? session.shelf.names.filter { $0 != session.shelf.currentName }.map(quoted) : []
        case .userUnits: return words.count == 2 ? session.calculator.units.entries.map(\.name) : []
        case .bookNames: return bookNames
        case .bookStores: return bookStores
        case .observation: return words.count >= 3 ? (words.count == 3 ? listUnits : []) + bookNames + bookStores : []
        case .listUnits(let first): return (words.count == 1 ? first : []) + listUnits
        case .add: return words.count >= 3 ? listUnits : bookNames + (words.count == 2 ? bookStores : [])
        case .deal: return words.count == 2 ? Deal.words : []
        case .variables:
            return Array(session.calculator.variables.keys) + Array(session.calculator.listVariables.keys)
                + Array(session.estimates.inputs.keys) + Array(session.calculator.functions.keys)
        case .convert: return words.count >= 3 ? [Keywords.to, Keywords.in] : expressionNames(session)
        }
    }

    /// After `to` or `in`: units of the value's dimension; in an expression, the output
    /// formats too. After `to lb`: more units of it, for a list (`to lb oz`). Nil elsewhere.
    private static func unitsAfterTo(words: [String], in session: Session) -> [String]? {
        guard let keyword = words.lastIndex(where: { Keywords.to == $0 || Keywords.in == $0 }),
              words[(keyword + 1)...].allSatisfy({ UnitTable.unit(named: $0) != nil || session.calculator.units.entry(reading: $0) != nil }) else {
            return nil
        }
        let isCommand = CommandCatalogue.command(named: words[0]) != nil
        let expression = (isCommand ? words[1..<keyword] : words[..<keyword])
        let value = try? Parser.expression(StatementSource(expression.joined(separator: " ")), builder: session.evaluator(in: .standard))
        let formats = isCommand || value == nil || keyword < words.count - 1 ? [] : OutputFormat.words.sorted()
        let units = value.map { UnitTable.names(for: $0.quantity.dimension)
            + UnitTable.completionNames(of: $0.quantity.dimension, symbolsOnly: true) + userUnits(session, of: [$0.quantity.dimension]) } ?? []
        return units + formats
    }

    /// `sweep ` offers the estimators, then their keys; after `show`, the results that are
    /// numbers; after the range, `show` and the words that end a sweep.
    private static func sweepChoices(words: [String], justBefore: Character?, units forms: ([String]) -> [String]) -> [String] {
        guard words.count >= 2, let estimator = Estimators.named(words[1]) else {
            return words.count == 1 ? EstimatorCommand.allCases.map(\.rawValue) : []
        }
        // After show: the results that are numbers.
        if words.dropFirst(2).contains(where: { $0.lowercased() == "show" }), justBefore != "=" {
            return estimator.numberResults.map(\.jsonKey) + Sweep.Form.allCases.filter { $0 != .table }.map(\.rawValue)
        }
        // After the range: show and the words that end a sweep (`--csv`, `--json`, `plot`).
        let endings = justBefore != "=" && words.dropFirst(2).contains(where: { $0.contains("..") })
            ? ["show"] + Sweep.Form.allCases.filter { $0 != .table }.map(\.rawValue) : []
        return estimatorChoices(estimator, lastWord: words.count > 2 ? words.last : nil, afterEquals: justBefore == "=", units: forms)
            .filter { $0.hasSuffix("=") || justBefore == "=" } + endings
    }

    /// `solve ` offers the estimators too; after one, its number inputs (bare, to solve for,
    /// or `key=` given inline), then `for`, then its results that are numbers.
    private static func solveChoices(words: [String], justBefore: Character?, in session: Session,
                                     units forms: ([String]) -> [String]) -> [String] {
        guard words.count >= 2, let estimator = Estimators.named(words[1]) else {
            return expressionNames(session) + (words.count == 1 ? EstimatorCommand.allCases.map(\.rawValue) : [])
        }
        if let forAt = words.firstIndex(where: { $0.lowercased() == "for" }) {
            return forAt == words.count - 1 ? estimator.numberResults.map(\.jsonKey) : []
        }
        let inline = estimatorChoices(estimator, lastWord: words.count > 2 ? words.last : nil, afterEquals: justBefore == "=", units: forms)
        if justBefore == "=" { return inline }
        let numbers = estimator.inputs.filter { if case .choice = $0.kind { false } else { true } }.map(\.key)
        if words.count > 2, let last = words.last, numbers.contains(last.lowercased()) { return ["for"] }
        return numbers + inline.filter { $0.hasSuffix("=") }
    }

    /// After `boiler`: its keys as `key=`, and the positional words; after `key=`: the
    /// key's words and units; after `key=NUMBER`: its units and the keys.
    /// `withOwn` adds the user's units of the dimensions of the built-in ones offered.
    private static func estimatorChoices(_ estimator: any Estimator.Type, lastWord: String?, afterEquals: Bool,
                                         units withOwn: ([String]) -> [String]) -> [String] {
        func units(_ key: Substring?) -> [String] {
            guard let key, let spec = estimator.spec(String(key)) else { return [] }
            switch spec.kind {
            case .oneOf(let units): return withOwn(units.flatMap { UnitTable.names(for: $0.dimension) })
            case .temperatureDifference: return UnitTable.names(for: .temperature)
            // A plain number (`cycles=`) takes no unit: `%`, `ppm` would change its value.
            case .quantity(let unit) where unit == .none: return []
            default: return withOwn(spec.canonicalUnit.map { UnitTable.names(for: $0.dimension) } ?? [])
            }
        }
        let keys = estimator.inputs.map { $0.key + "=" }
        if afterEquals, let key = lastWord?.split(separator: "=").first, let spec = estimator.spec(String(key)) {
            return spec.choices + units(key)
        }
        if let last = lastWord, let equals = last.firstIndex(of: "="), last.last?.isNumber == true {
            return units(last[..<equals]) + keys
        }
        let positional = estimator.positionalInput?.choices ?? []
        return keys + positional
    }

    /// The names of the user's own units of these dimensions, in the singular and the plural.
    private static func userUnits(_ session: Session, of dimensions: some Sequence<Dimension>) -> [String] {
        let entries = session.calculator.units.entries
        guard !entries.isEmpty else { return [] }
        let wanted = Set(dimensions)
        return entries.filter { wanted.contains($0.unit.dimension) }.flatMap { [$0.name, $0.plural] }
    }

    private static func expressionNames(_ session: Session) -> [String] {
        Array(session.calculator.variables.keys) + Array(session.calculator.listVariables.keys) + (Function.allCases.map(\.rawValue) + session.calculator.functions.keys.sorted()).map { $0 + "(" }
            + Constant.allCases.map(\.rawValue)
            + (session.calculator.lastResult == nil ? [] : [Names.lastResult])
    }
}

