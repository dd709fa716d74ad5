import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Dates against Python's `datetime` and `calendar.monthrange`: 5,000 dates and spans from
/// 1600 to 2400, a quarter of them at a month's end and some around 29 February, written
/// once by `Fixtures/dates.py` into `Fixtures/dates.tsv`. A fifth run by default, all with
/// `PER_FULL_TESTS=1`.
struct DateDifferentialTests {
    struct Case {
        let statement: String
        let expected: String
        let note: String?
    }

    static func cases() throws -> [Case] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let text = try String(contentsOf: directory.appendingPathComponent("dates.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            let (a, b, expected, clamped) = (fields[1], fields[2], fields[3], Int(fields[4])!)
            switch fields[0] {
            case "span": return Case(statement: "\(a) - \(b)", expected: abs(Int(expected)!) == 1 ? "\(expected) day" : "\(expected) days", note: nil)
            case "plusdays": return Case(statement: "\(a) + \(b) days", expected: expected, note: nil)
            case "minusdays": return Case(statement: "\(a) - \(b) days", expected: expected, note: nil)
            case "months":
                let n = Int(b)!
                let month = Int(expected.split(separator: "-")[1])!
                let note = clamped == 0 ? nil : "\(clamped) \(CalendarDate.monthNames[month - 1]) is past the month's end"
                return Case(statement: n < 0 ? "\(a) - \(-n) months" : "\(a) + \(n) months", expected: expected, note: note)
            default: return Case(statement: "weekday(\(a))", expected: expected, note: nil)
            }
        }
    }

    @Test("date − date, date ± days, date ± months and weekday agree with Python's datetime")
    func agreesWithPython() throws {
        let all = try Self.cases()
        #expect(all.count == 5000)
        var session = Session()
        for check in all.prefix(differentialCases(full: all.count)) {
            let outcome = session.run(line: check.statement)[0].outcome
            guard case .success(.value(let value, let note)) = outcome else {
                Issue.record("\(check.statement): \(outcome)")
                continue
            }
            #expect(value.text == check.expected, "\(check.statement)")
            #expect(note == check.note, "\(check.statement)")
        }
    }

    /// The fixture's month moves read backwards: from a date to the date Python moved it to
    /// by n months, the days between are n calendar months when no day was clamped (the
    /// same day of the month), with nothing left over.
    @Test("the days between two dates are calendar months exactly when Python moved one to the other's day")
    func monthsBetween() throws {
        let moves = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/dates.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0[0] == "months" }
        #expect(moves.count == 1000)
        var session = Session()
        for move in moves.prefix(differentialCases(full: moves.count)) where move[4] == "0" {
            let (from, months, to) = (move[1], Int(move[2])!, move[3])
            let statement = "\(to) - \(from) to months"
            let outcome = session.run(line: statement)[0].outcome
            guard case .success(.value(let value, let note)) = outcome else {
                Issue.record("\(statement): \(outcome)")
                continue
            }
            #expect(value.text == (abs(months) == 1 ? "\(months) month" : "\(months) months"), "\(statement)")
            #expect(note == nil, "\(statement)")
        }
    }
}
