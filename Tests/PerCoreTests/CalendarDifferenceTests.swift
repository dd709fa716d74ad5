import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §18, calendar differences: `(a - b) to years months days` and `to months days`
/// against Python's dateutil `relativedelta(a, b)`: 1,000 pairs from 1600 to 2400, many at
/// a month's end or around 29 February, written once by `Fixtures/calendar_spans.py` into
/// `Fixtures/calendar_spans.tsv`. A fifth run by default, all with `PER_FULL_TESTS=1`.
struct CalendarDifferenceTests {
    typealias Row = (a: String, b: String, years: Int, months: Int, days: Int)

    static func rows() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/calendar_spans.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t").map(String.init)
            return (f[0], f[1], Int(f[2])!, Int(f[3])!, Int(f[4])!)
        }
    }

    /// The parts as per writes them: leading zero parts left out, the last always shown,
    /// the sign once, before the first (relativedelta's parts share one sign).
    static func written(_ counts: [(Int, String)]) -> String {
        var shown = Array(counts.drop { $0.0 == 0 })
        if shown.isEmpty { shown = [counts[counts.count - 1]] }
        let negative = counts.contains { $0.0 < 0 }
        return shown.enumerated().map { index, part in
            let n = abs(part.0)
            return (index == 0 && negative ? "-" : "") + "\(n) \(part.1)\(n == 1 ? "" : "s")"
        }.joined(separator: " ")
    }

    @Test("to years months days and to months days count as dateutil's relativedelta")
    func agreesWithDateutil() throws {
        let all = try Self.rows()
        #expect(all.count == 1000)
        var session = Session()
        for row in all.prefix(differentialCases(full: all.count)) {
            let checks = [
                ("(\(row.a) - \(row.b)) to years months days",
                 Self.written([(row.years, "year"), (row.months, "month"), (row.days, "day")])),
                ("(\(row.a) - \(row.b)) to months days", Self.written([(row.years * 12 + row.months, "month"), (row.days, "day")])),
            ]
            for (statement, expected) in checks {
                guard case .success(.value(let value, _)) = session.run(line: statement)[0].outcome else {
                    Issue.record("\(statement) was refused")
                    continue
                }
                // Whole counts, exact (issue 41: they were marked approximate).
                #expect(value.text == expected, "\(statement)")
                #expect(value.isExact, "\(statement)")
            }
        }
    }

    @Test("to years is the whole years, the months and days left a note, as relativedelta counts them")
    func yearsWithRest() throws {
        var session = Session()
        for row in try Self.rows().prefix(200) {
            let statement = "(\(row.a) - \(row.b)) to years"
            guard case .success(.value(let value, let note)) = session.run(line: statement)[0].outcome else {
                Issue.record("\(statement) was refused")
                continue
            }
            #expect(value.text == Self.written([(row.years, "year")]), "\(statement)")
            let rest = [(row.months, "month"), (row.days, "day")].filter { $0.0 != 0 }
                .map { "\(abs($0.0)) \($0.1)\(abs($0.0) == 1 ? "" : "s")" }.joined(separator: " ")
            let sign = row.months < 0 || row.days < 0 ? "less " : "and "
            #expect(note == (rest.isEmpty ? nil : sign + rest + ", counted on the calendar"), "\(statement)")
        }
    }

    /// Issue 41: dates with times, against relativedelta(a, b) of datetimes (months moved
    /// from b with its time of day, then the days, hours and minutes left), 300 pairs
    /// written by `Fixtures/calendar_spans.py` into `Fixtures/calendar_datetime_spans.tsv`.
    @Test("to years months days h min of two dates with times counts as dateutil's relativedelta")
    func dateTimesAgreeWithDateutil() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/calendar_datetime_spans.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count == 300)
        var session = Session()
        for f in rows {
            let (years, months, days, hours, minutes) = (Int(f[2])!, Int(f[3])!, Int(f[4])!, Int(f[5])!, Int(f[6])!)
            func written(_ counts: [(Int, String)]) -> String {
                // Units of time take no plural s: h and min.
                Self.written(counts.map { ($0.0, $0.1) }).replacingOccurrences(of: " hs", with: " h").replacingOccurrences(of: " mins", with: " min")
            }
            let checks = [
                ("(\(f[0]) - \(f[1])) to years months days h min",
                 written([(years, "year"), (months, "month"), (days, "day"), (hours, "h"), (minutes, "min")])),
                ("(\(f[0]) - \(f[1])) to months days h min",
                 written([(years * 12 + months, "month"), (days, "day"), (hours, "h"), (minutes, "min")])),
            ]
            for (statement, expected) in checks {
                guard case .success(.value(let value, _)) = session.run(line: statement)[0].outcome else {
                    Issue.record("\(statement) was refused")
                    continue
                }
                #expect(value.text == expected, "\(statement)")
                #expect(value.isExact, "\(statement)")
            }
        }
    }

    @Test("SPEC §18's examples", arguments: [
        ("(2026-12-24 - 2026-03-15) to months days", "9 months 9 days"),
        ("(2026-12-24 - 2026-03-15) to years months days", "9 months 9 days"),
        ("(2026-12-24 - 1990-05-17) to years", "36 years"),
        ("(2026-03-01 - 2026-01-02) to months", "1 month"),
        ("(2026-12-24 - 2026-03-15) to months weeks days", "9 months 1 week 2 days"),
        ("2027-03-15 - 2026-01-15 to years days", "1 year 59 days"), ("2026-03-01 - 2026-01-01 to years days", "59 days"),
        // Issue 41, by relativedelta(datetime(2026, 12, 24, 18), datetime(2026, 3, 15, 9)) and its like.
        ("(2026-12-24 18:00 - 2026-03-15 9:00) to months days h min", "9 months 9 days 9 h 0 min"),
        ("(2026-03-15 20:00 - 2026-02-14 9:00) to months days h", "1 month 1 day 11 h"),
        ("(2026-12-24 18:00 - 2026-03-15) to months days h", "9 months 9 days 18 h"),
        ("(2026-03-15 9:00 - 2026-12-24 18:00) to months days h", "-9 months 9 days 9 h"),
        ("(2026-12-24 18:00 - 2026-03-15 9:00) to months", "9 months"),
        ("(2026-04-15 - 2026-03-15) to months days", "1 month 0 days"),
        ("(2026-12-24 - 2026-03-15) to decades years months days", "9 months 9 days"),
        ("(2026-12-24 - 1990-05-17) to years months weeks days", "36 years 7 months 1 week 0 days"),
    ] as [(String, Seen)])
    func examples(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }
}
