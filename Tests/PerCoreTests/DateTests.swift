import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §13: dates are calendar days (`2026-01-31`), date − date is days, days move a
/// date, months and years move the calendar and say when they clamp; every refusal names
/// its column.
struct DateTests {
    @Test("dates and their arithmetic", arguments: [
        ("2026-01-01", "2026-01-01"), ("2026 - 01 - 01", "2024"), ("2026-01-31", "2026-01-31"),
        ("2026-03-01 - 2026-01-01", "59 days"), ("2026-01-01 - 2026-03-01", "-59 days"),
        ("2026-01-01 + 30 days", "2026-01-31"), ("2026-01-01 + 2 weeks", "2026-01-15"), ("2 weeks + 2026-01-01", "2026-01-15"),
        ("30 days + 2026-01-01", "2026-01-31"), ("2026-01-31 - 30 days", "2026-01-01"),
        ("2026-01-31 + 1 month", "2026-02-28"), ("2024-01-31 + 1 month", "2024-02-29"), ("2026-03-31 - 1 month", "2026-02-28"),
        ("2024-02-29 + 1 year", "2025-02-28"), ("2024-02-29 + 4 years", "2028-02-29"), ("2026-01-15 - 13 months", "2024-12-15"),
        ("2026-01-01 + 48 h", "2026-01-03"), ("2026-03-01-2026-01-01", "59 days"),
        ("2026-03-01 - 2026-01-01 to weeks days", "8 weeks 3 days"), ("2026-03-01 - 2026-01-01 to weeks", "≈ 8.42857142857 weeks"),
        ("weekday(2026-11-25)", "Wednesday"), ("weekday(1970-01-01)", "Thursday"), ("2026-11-25 to weekday", "Wednesday"),
        ("days(2026-05-01, 2026-09-30)", "153 days"), ("days(2026-05-01, 2026-05-01)", "1 day"),
        ("min(2026-01-01, 2025-05-05)", "2025-05-05"), ("d = 2026-01-31", "2026-01-31"),
        ("0001-01-01 + 1 day", "0001-01-02"), ("9999-12-30 + 1 day", "9999-12-31"),
        ("(2026-03-15 - 2026-01-15) to months", "2 months"), ("2026-01-15 - 2026-02-15 to months", "-1 month"),
        ("2027-03-15 - 2026-01-15 to years months", "1 year 2 months"), ("2028-02-29 - 2024-02-29 to years", "4 years"),
        ("2027-01-15 - 2026-01-15 to years days", "1 year 0 days"), ("2026-01-01 - 2026-01-02", "-1 day"),
    ] as [(String, Seen)])
    func examples(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("refusals name their column", arguments: [
        ("2026-02-30", .problem(.syntax(.invalidDate(.day(30, month: 2, year: 2026, last: 28))), column: 9)),
        ("2026-13-01", .problem(.syntax(.invalidDate(.month(13))), column: 6)),
        ("0000-01-01", .problem(.syntax(.invalidDate(.year(0))), column: 1)),
        ("2026-01-00", .problem(.syntax(.invalidDate(.dayZero)), column: 9)),
        ("1 + 2025-02-29", .problem(.syntax(.invalidDate(.day(29, month: 2, year: 2025, last: 28))), column: 13)),
        ("2026-01-31 + 1.5 months", .problem(.quantity(.date(.partialMonth("months"))), column: 12)),
        ("2026-01-01 * 2", .problem(.quantity(.date(.scaled)), column: 12)),
        ("2 * 2026-01-01", .problem(.quantity(.date(.scaled)), column: 3)),
        ("2026-01-01 / 2", .problem(.quantity(.date(.scaled)), column: 12)),
        ("2026-01-01 ^ 2", .problem(.quantity(.date(.scaled)), column: 12)),
        ("-2026-01-01", .problem(.quantity(.date(.scaled)), column: 1)),
        ("sqrt(2026-01-01)", .problem(.quantity(.date(.scaled)), column: 6)),
        ("2026-01-01 + 2026-01-01", .problem(.quantity(.date(.sumOfDates)), column: 12)),
        ("2026-01-01 + 1 kg", .problem(.quantity(.date(.notTime(.mass))), column: 12)),
        ("2026-01-01 + 5", .problem(.quantity(.date(.plainAddend)), column: 12)),
        ("5 kg - 2026-01-01", .problem(.quantity(.date(.notTime(.mass))), column: 6)),
        ("30 days - 2026-01-01", .problem(.quantity(.date(.dateSubtracted)), column: 9)),
        ("2026-01-01 + 36 h", .problem(.quantity(.date(.partialDay)), column: 12)),
        ("9999-12-31 + 1 day", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("0001-01-01 - 1 month", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + (10^30) days", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + (10^9) years", .problem(.quantity(.date(.outOfRange)), column: 12)),
        // Machine-integer extremes: bounded before any product or negation.
        ("2026-01-01 + -9223372036854775808 days", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + -9223372036854775808 months", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + -9223372036854775808 years", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 - -9223372036854775808 days", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 - -9223372036854775808 months", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 - -9223372036854775808 years", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + 9223372036854775807 days", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 + 9223372036854775807 weeks", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-31 + 768614336404564651 years", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 - 9223372036854775807 years", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 - 9223372036854775807 months", .problem(.quantity(.date(.outOfRange)), column: 12)),
        ("2026-01-01 to days", .problem(.quantity(.date(.conversion)), column: 15)),
        ("2026-01-01 to fraction", .problem(.quantity(.date(.conversion)), column: 15)),
        ("2024-12-31 - 2024-01-01 to years days", .problem(.quantity(.date(.monthsBetween)), column: 28)),
        ("weekday(5)", .problem(.quantity(.date(.needsDate("weekday"))), column: 9)),
        ("5 to weekday", .problem(.quantity(.date(.needsDate("weekday"))), column: 6)),
        ("days(2026-01-01, 5)", .problem(.quantity(.date(.needsDate("days"))), column: 18)),
        ("today", .problem(.quantity(.date(.noToday)), column: 1)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a month's end clamps with a note, in a value and an assignment")
    func clampNote() {
        var session = Session()
        let results = session.run(line: "2026-01-31 + 1 month; d = 2026-03-31 + 1 month; 2026-01-15 + 1 month")
        #expect(results[0].outcome == .success(.value(DisplayedQuantity(number: DisplayedNumber(text: "2026-02-28", isExact: true),
                                                                      text: "2026-02-28", unit: "date"),
                                                     note: "31 February is past the month's end")))
        guard case .success(.assignment(_, _, let note)) = results[1].outcome else { Issue.record("\(results[1])"); return }
        #expect(note == "31 April is past the month's end; 'd' is also a unit (days); after a number it still means the unit (500 d)")
        guard case .success(.value(_, let none)) = results[2].outcome else { Issue.record("\(results[2])"); return }
        #expect(none == nil)
    }

    @Test("today, yesterday and tomorrow are the date the session is given")
    func relativeDates() {
        var session = Session()
        session.today = try! CalendarDate.checked(year: 2026, month: 3, day: 1)
        let shown = session.run(line: "today; yesterday; tomorrow; tomorrow - yesterday; today + 1 year").map { result -> String in
            guard case .success(.value(let value, _)) = result.outcome else { return "\(result.outcome)" }
            return value.text
        }
        #expect(shown == ["2026-03-01", "2026-02-28", "2026-03-02", "2 days", "2027-03-01"])
    }

    @Test("a date in a variable, ans and a saved set reads back")
    func savedDates() throws {
        #expect(result(of: "ans + 1 day", after: ["2026-01-31"]) == "2026-02-01")
        #expect(result(of: "d + 1 month", after: ["d = 2026-01-31"]) == "2026-02-28")
        var session = Session()
        _ = session.run(line: "d = 2026-01-31")
        let set = SavedSet(name: "dates", savedAt: "2026-11-26T12:00:00+0000", state: session.state, headline: nil)
        let read = try SavedSetsFile.decode(SavedSetsFile.encode([set]))
        var restored = Session()
        restored.restore(read.sets[0].state)
        guard case .success(.value(let value, _)) = restored.run(line: "d + 1 day")[0].outcome else { Issue.record("no value"); return }
        #expect(value.text == "2026-02-01")
    }

    @Test("a plain number reads as it did: four digits and a hyphen or a slash make a date, more digits and hyphens a date refused", arguments: [
        ("12.5", "12.5"), ("2026", "2026"), ("2026-1", "2025"), ("2026-01-001", "2024"), ("2026-01-011", "2014"),
        ("12026-01-01", .problem(.syntax(.invalidDate(.year(12026))), column: 1)), ("2026-01", "2025"), ("1_000-01-01", "998"),
        ("02026-01-01", "2024"), ("12026/01/01", "12026"),
    ] as [(String, Seen)])
    func notDates(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("the calendar: day numbers go both ways, leap years by the Gregorian rule")
    func calendar() throws {
        #expect(try CalendarDate.checked(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(try CalendarDate.checked(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CalendarDate.isLeap(2000) && !CalendarDate.isLeap(1900) && CalendarDate.isLeap(2024) && !CalendarDate.isLeap(2026))
        var day = CalendarDate.dayNumbers.lowerBound
        var previous: CalendarDate? = nil
        while day <= CalendarDate.dayNumbers.upperBound {
            let date = try #require(CalendarDate(dayNumber: day))
            #expect(date.dayNumber == day)
            if let previous, previous.year == date.year { #expect(previous.month < date.month || previous.day < date.day) }
            previous = date
            day += 997
        }
    }
}
