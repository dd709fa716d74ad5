import PerNumbers
import PerUnits
import PerLanguage

/// The dates from one to another, both counted, as a number of days: what the inputs of
/// kind `.days` also take (`summer=2026-05-01..2026-09-30`, `help planning`).
package struct DateRange: Equatable {
    /// The first and the last day, as day numbers (`CalendarDate.dayNumber`).
    package let first: Int
    package let last: Int

    /// Days from the first to the last, both counted: `2026-05-01..2026-09-30` is 153.
    package var days: Int { last - first + 1 }

    /// The range `word` writes; nil when it has no `..`. Refused, naming the input `name`,
    /// when a side is not a date (a date that does not exist, with the lexer's reason) or
    /// the range runs backwards. A side that is no date as written is read by `evaluator`
    /// as an expression of a date (`today`, `tomorrow + 30 days`).
    package static func read(_ word: StatementSource.Word, in source: StatementSource, name: String,
                             evaluator: Evaluator) throws(Diagnostic) -> DateRange? {
        try read(word.range, in: source, name: name, evaluator: evaluator)
    }

    /// The range written at `range` of `source`, as `read` reads a word.
    package static func read(_ range: Range<Int>, in source: StatementSource, name: String,
                             evaluator: Evaluator) throws(Diagnostic) -> DateRange? {
        let scalars = source.scalars
        guard let dots = range.dropLast().first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) else { return nil }
        let word = (range: range, text: StatementSource.string(scalars[range]))
        let notARange = Diagnostic(InputError.notADateRange(name: name, got: word.text), at: word.range)
        func date(_ range: Range<Int>) throws(Diagnostic) -> Int {
            var lexer = Lexer(source.slice(range))
            let token = lexer.next()
            if case .invalid(let error) = token.kind { throw Diagnostic(error, at: token.range) }
            if token.kind == .date, lexer.next().kind == .end, let day = lexer.literal.exactInteger { return day }
            // `today`, `tomorrow + 30 days`: a date the evaluator reads; a statement refused for
            // want of the clock is run again with it.
            do throws(Diagnostic) {
                let value = try Parser.expression(source.slice(range), builder: evaluator)
                guard !value.isRange, !value.isList, value.quantity.unit.atom == UnitTable.date,
                      let day = value.quantity.magnitude.exactInteger else { throw notARange }
                return day
            } catch where error.problem.needsClock {
                throw error
            } catch {
                throw notARange
            }
        }
        let range = DateRange(first: try date(word.range.lowerBound..<dots), last: try date((dots + 2)..<word.range.upperBound))
        guard range.first <= range.last else {
            let first = StatementSource.string(scalars[word.range.lowerBound..<dots])
            let last = StatementSource.string(scalars[(dots + 2)..<word.range.upperBound])
            throw Diagnostic(InputError.backwardDates(name: name, first: first, last: last), at: word.range)
        }
        return range
    }

    /// The days both ranges hold; nil when they share none.
    package func intersection(_ other: DateRange) -> DateRange? {
        let first = Swift.max(self.first, other.first), last = Swift.min(self.last, other.last)
        return first <= last ? DateRange(first: first, last: last) : nil
    }
}

extension Estimates {
    /// A summer and an operating year both given as dates: the summer counts only the days
    /// within the year, and none is refused at the summer's column. The warning to give
    /// when the summer reaches outside the year, nil when it does not.
    package static func summerWithinDays(_ given: inout [String: (value: InputValue, range: Range<Int>)],
                                 source: StatementSource, evaluator: Evaluator) throws(Diagnostic) -> String? {
        let summerKey = PlanningBlock.summer.key, daysKey = PlanningBlock.days.key
        guard let summer = given[summerKey], let days = given[daysKey],
              let summerDates = try DateRange.read(summer.range, in: source, name: summerKey, evaluator: evaluator),
              let yearDates = try DateRange.read(days.range, in: source, name: daysKey, evaluator: evaluator) else { return nil }
        let summerText = StatementSource.string(source.scalars[summer.range]), daysText = StatementSource.string(source.scalars[days.range])
        guard let shared = summerDates.intersection(yearDates) else {
            throw Diagnostic(InputError.summerOutsideDays(summer: summerText, days: daysText), at: summer.range)
        }
        guard shared != summerDates else { return nil }
        given[summerKey] = (.quantity(Quantity(Number(shared.days), InputKind.dayUnit)), summer.range)
        return "summer=\(summerText) reaches outside days=\(daysText): only its \(shared.days) days within count"
    }
}
