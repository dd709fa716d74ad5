import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// `load FILE.csv [as NAME]` (`help lists`): the session names the file and its lists; the
/// shell reads the file through the session's `columnReader` and hands the lists back to
/// `loaded`, which keeps them as one step `undo` takes back.
extension Session {
    /// The file for the shell to read, and the name before its lists': the one after `as`,
    /// else the file's name without its folder and extension, lower-cased, blanks and `-`
    /// made `_` (`Lab Results.csv` is `lab_results`).
    func load(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        let source = arguments.source
        let words = source.words.filter { $0.range.lowerBound >= arguments.position }
        var pathEnd = source.scalars.endIndex
        var given: StatementSource.Word? = nil
        if words.count >= 3, !words[words.count - 2].isQuoted, words[words.count - 2].text == "as" {
            given = words[words.count - 1]
            pathEnd = words[words.count - 2].range.lowerBound
        }
        let path = try ShoppingList.productName(in: StatementSource(source.scalars[..<pathEnd]), from: arguments.position)
        guard !path.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: "load", what: "a CSV file", example: "load lab.csv"), at: arguments.endRange)
        }
        let stem: String
        let blame: Range<Int>
        if let given {
            stem = given.text
            blame = given.range
            guard let first = stem.unicodeScalars.first, Lexer.isNameStart(first),
                  stem.unicodeScalars.allSatisfy(Lexer.isNameContinuation) else {
                throw Diagnostic(ArgumentError.columns(.stemNotAName(stem, why: nil)), at: blame)
            }
        } else {
            var name = Substring(path)
            if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
            blame = words.first.map { $0.range.lowerBound..<(words.last?.range.upperBound ?? $0.range.upperBound) } ?? arguments.endRange
            guard let made = CSVHeader.name(String(name)) else {
                throw Diagnostic(ArgumentError.columns(.stemNotAName(String(name), why: nil)), at: blame)
            }
            stem = made
        }
        if let reserved = CommandCatalogue.reservation(of: stem) {
            throw Diagnostic(ArgumentError.columns(.stemNotAName(stem, why: reserved)), at: blame)
        }
        return .load(path: path, stem: stem)
    }

    /// A reader of a CSV file's columns for lists named `stem.HEADER`, in this session's
    /// input notation and units; `size` is the file's, for the lists' room.
    package func columnReader(stem: String, size: Int) -> CSVColumnReader {
        let calculator = self.calculator
        return CSVColumnReader(stem: stem, notation: calculator.input, sizeHint: size, readUnit: { calculator.headerUnit($0) })
    }

    /// Keeps the lists a file made, in place of those an earlier load of `stem` made, as
    /// one step `undo` takes back; the confirmation names each.
    package mutating func loaded(_ loaded: CSVColumnReader.Loaded, stem: String, path: String, statement: String) -> Confirmation {
        let before = history == nil ? nil : withoutHistory
        let prefix = stem + "."
        for name in calculator.listVariables.keys where name.hasPrefix(prefix) { calculator.listVariables[name] = nil }
        for (name, list) in loaded.lists {
            calculator.variables[name] = nil
            calculator.listVariables[name] = list
        }
        if let before {
            revision += 1
            history?.record(statement, before: before)
        }
        return .loaded(path: path, rows: loaded.rows, lists: loaded.lists.map { LoadedList(name: $0.name, list: $0.list) })
    }
}
