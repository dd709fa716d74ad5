/// Tab completion (README, "The interactive shell"), from the same catalogue `help` reads: command names at the
/// start of a statement, then what each command takes — estimator keys (`boiler st⇥` →
/// `steam=`) and their words, units, `type` and `basis` arguments, saved-set names after
/// `recall` and `forget` — and variable and function names inside expressions.
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
        return options.filter { $0.hasPrefix(word) }.sorted()
    }

    private static func choices(words: [String], justBefore: Character?, in session: Session, savedSets: [String]) -> [String] {
        guard let command = words.first else {
            return CommandCatalogue.allNames + expressionNames(session) + ["let"]
        }
        let info = CommandCatalogue.command(named: command)
        if let estimator = Estimators.named(info?.name ?? "") {
            return estimatorChoices(estimator, lastWord: words.count > 1 ? words.last : nil, afterEquals: justBefore == "=")
        }
        switch info?.name {
        case "recall", "forget": return savedSets
        case "type": return words.count == 1 ? Dimension.allCases.filter(\.isShoppable).map(\.rawValue) : []
        case "basis": return words.count == 1 ? ["auto"] + unitNames : []
        case "help": return words.count == 1 ? HelpText.topics : []
        case "vars": return words.count == 1 ? Estimators.all.map { $0.name } : []
        case "unset": return Array(session.variables.keys) + Array(session.inputs.keys)
        case "unit": return unitNames
        case "add", "qty", "need", "convert", "price": return unitNames + (info?.name == "convert" ? ["to", "in"] : [])
        case "save": return ["--replace"]
        case nil: return expressionNames(session)
        default: return []
        }
    }

    /// After `boiler`: its keys as `key=`, and the positional words; after `key=`: the
    /// key's words and, for a quantity, its units.
    private static func estimatorChoices(_ estimator: any Estimator.Type, lastWord: String?, afterEquals: Bool) -> [String] {
        if afterEquals, let key = lastWord?.split(separator: "=").first.map(String.init), let spec = estimator.spec(key) {
            let units = spec.quantityUnit.map { unit in UnitTable.units.filter { $0.dimension == unit.dimension }.map(\.symbol) } ?? []
            return spec.choices + units
        }
        let positional = estimator.positionalInput.flatMap(estimator.spec)?.choices ?? []
        return estimator.inputs.map { $0.key + "=" } + positional
    }

    private static func expressionNames(_ session: Session) -> [String] {
        Array(session.variables.keys) + Function.allCases.map { $0.rawValue + "(" }
            + (session.lastResult == nil ? [] : [Names.lastResult])
    }

    /// Unit names as typed: symbols and the common spelt-out aliases of one word.
    private static var unitNames: [String] {
        UnitTable.units.map(\.symbol).filter { !$0.contains(" ") }
    }
}
