import PerNumbers
import PerUnits
import PerLanguage

/// The time from one time of day to another, past midnight when the second is the earlier
/// (`hours=9:00..17:00` is 8 h a day, `hours=22:00..06:00` is 8 h): what an input of hours
/// a day also takes (`help planning`), as a shift is written.
package struct ClockSpan: Equatable {
    /// The length in hours: (last − first) × 24 h, a day added when the last is the
    /// earlier (the first and the last time of day are fractions of a day since midnight).
    package let length: Quantity

    private static let hour = UnitTable.compound("h")!

    static func length(from first: Number, to last: Number) throws(ArithmeticError) -> Quantity {
        var fraction = try last - first
        if fraction.isNegative { fraction = try fraction + Number(1) }
        return Quantity(try fraction * Number(24), hour)
    }

    /// The span written at `range` of `source` (it holds `..`), each side a time of day as
    /// written (`9:00`, `5:30 pm`) or an expression of one (`now`, `9:00 + 30 min`), read by
    /// `evaluator`. Refused, naming the input `name`, when a side is no time of day, or when
    /// both are the same time (no time, or a whole day: `name=24` says which).
    package static func read(_ range: Range<Int>, in source: StatementSource, name: String,
                             evaluator: Evaluator) throws(Diagnostic) -> ClockSpan {
        let scalars = source.scalars
        let dots = range.dropLast().first { scalars[$0] == "." && scalars[$0 + 1] == "." }!
        let written = StatementSource.string(scalars[range])
        let notASpan = Diagnostic(InputError.notAClockSpan(name: name, got: written), at: range)
        func time(_ side: Range<Int>) throws(Diagnostic) -> Number {
            var lexer = Lexer(source.slice(side))
            let token = lexer.next()
            if case .invalid(let error) = token.kind { throw Diagnostic(error, at: token.range) }
            if token.kind == .clock, lexer.next().kind == .end { return lexer.literal }
            do throws(Diagnostic) {
                let value = try Parser.expression(source.slice(side), builder: evaluator)
                guard !value.isRange, !value.isList, value.quantity.unit.atom == UnitTable.clock else { throw notASpan }
                return value.quantity.magnitude
            } catch where error.problem.needsClock {
                throw error
            } catch {
                throw notASpan
            }
        }
        let first = try time(range.lowerBound..<dots), last = try time((dots + 2)..<range.upperBound)
        let length = try Estimates.checked(at: range) { () throws(ArithmeticError) in try ClockSpan.length(from: first, to: last).magnitude }
        if length.isZero {
            let written = StatementSource.string(scalars[range.lowerBound..<dots]).trimmingBlanks
            throw Diagnostic(InputError.emptyClockSpan(name: name, time: written), at: range)
        }
        return ClockSpan(length: Quantity(length, hour))
    }
}
