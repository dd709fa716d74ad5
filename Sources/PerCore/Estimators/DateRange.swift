/// The dates from one to another, both counted, as a number of days: what the inputs of
/// kind `.days` also take (`summer=2026-05-01..2026-09-30`, `help planning`).
struct DateRange {
    /// The first and the last day, as day numbers (`CalendarDate.dayNumber`).
    let first: Int
    let last: Int

    /// Days from the first to the last, both counted: `2026-05-01..2026-09-30` is 153.
    var days: Int { last - first + 1 }

    /// The range `word` writes; nil when it has no `..`. Refused, naming the input `name`,
    /// when a side is not a date (a date that does not exist, with the lexer's reason) or
    /// the range runs backwards.
    static func read(_ word: StatementSource.Word, in source: StatementSource, name: String) throws(Diagnostic) -> DateRange? {
        let scalars = source.scalars
        guard let dots = word.range.dropLast().first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) else { return nil }
        let notARange = Diagnostic(InputError.notADateRange(name: name, got: word.text), at: word.range)
        func date(_ range: Range<Int>) throws(Diagnostic) -> Int {
            var lexer = Lexer(source.slice(range))
            let token = lexer.next()
            if case .invalid(let error) = token.kind { throw Diagnostic(error, at: token.range) }
            guard token.kind == .date, lexer.next().kind == .end, let day = lexer.literal.exactInteger else { throw notARange }
            return day
        }
        let range = DateRange(first: try date(word.range.lowerBound..<dots), last: try date((dots + 2)..<word.range.upperBound))
        guard range.first <= range.last else {
            let first = StatementSource.string(scalars[word.range.lowerBound..<dots])
            let last = StatementSource.string(scalars[(dots + 2)..<word.range.upperBound])
            throw Diagnostic(InputError.backwardDates(name: name, first: first, last: last), at: word.range)
        }
        return range
    }
}
