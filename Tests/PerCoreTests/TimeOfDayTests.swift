import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §18, times of day: `9:00`, `17:30:15`, `9am`, `5:30 pm` on the 24-hour clock,
/// dates with a time, their sums and differences, exact; a time not on the clock refused
/// at the part at fault. Expected values worked by hand (minutes and seconds of a day).
struct TimeOfDayTests {
    @Test("times of day and dates with times, as written and in arithmetic", arguments: [
        ("9:00", "09:00"), ("17:30", "17:30"), ("9:00:15", "09:00:15"), ("9am", "09:00"), ("9 AM", "09:00"),
        ("5:30 pm", "17:30"), ("5:30pm", "17:30"), ("12am", "00:00"), ("12pm", "12:00"), ("12:05 am", "00:05"),
        ("9:00 + 8.5 h", "17:30"), ("17:30 - 9:15", "8 h 15 min"), ("9:15 - 17:30", "-8 h 15 min"),
        ("22:00 + 3 h", "01:00 (next day)"), ("22:00 + 50 h", "00:00 (3 days later)"), ("1:00 - 3 h", "22:00 (previous day)"),
        ("1:00 - 50 h", "23:00 (3 days earlier)"), ("22:00 + 3 h - 22:00", "3 h"), ("9:00:15 - 9:00", "15 s"),
        ("9:00 + 0.5 s", "09:00:00.5"), ("1 h + 9:00", "10:00"), ("9:00 + 90 min", "10:30"),
        ("9:00 < 17:30", "true"), ("9:00 == 9am", "true"), ("22:00 + 3 h > 23:00", "true"),
        ("2026-12-24 18:00", "2026-12-24 18:00"), ("2026-12-24T18:00", "2026-12-24 18:00"),
        ("24 Dec 2026 9:30 pm", "2026-12-24 21:30"), ("2026-12-24 18:00 + 8 h", "2026-12-25 02:00"),
        ("2026-01-31 18:00 + 1 month", "2026-02-28 18:00"), ("2026-12-24 18:00 - 1 day", "2026-12-23 18:00"),
        ("2026-12-25 18:00 - 2026-12-24 9:00", "1 day 9 h"), ("2026-12-24 18:00 - 2026-12-24", "18 h"),
        ("2026-12-24 18:00 > 2026-12-24", "true"), ("2026-12-24 00:00 == 2026-12-24", "true"),
    ] as [(String, Seen)])
    func times(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a time not on the clock is refused at the part at fault, never read otherwise", arguments: [
        ("25:00", .problem(.syntax(.invalidTime(.hour(25, twelveHour: false))), column: 1)),
        ("9:60", .problem(.syntax(.invalidTime(.minute(60))), column: 3)),
        ("9:00:60", .problem(.syntax(.invalidTime(.second(60))), column: 6)),
        ("9:5", .problem(.syntax(.invalidTime(.twoDigits("minutes"))), column: 3)),
        ("13pm", .problem(.syntax(.invalidTime(.hour(13, twelveHour: true))), column: 1)),
        ("0am", .problem(.syntax(.invalidTime(.hour(0, twelveHour: true))), column: 1)),
        ("123:00", .problem(.syntax(.invalidTime(.hourDigits)), column: 1)),
        ("99999999999999999999:00", .problem(.syntax(.invalidTime(.hourDigits)), column: 1)),
        ("2026-12-24 24:00", .problem(.syntax(.invalidTime(.hour(24, twelveHour: false))), column: 12)),
        ("9:00 + 1e30 h", .problem(.quantity(.date(.outOfRange)), column: 6)),
        ("9999-12-31 23:00 + 2 h", .problem(.quantity(.date(.outOfRange)), column: 18)),
        ("9:00 + 9:00", .problem(.quantity(.date(.sumOfTimes)), column: 6)),
        ("9:00 + 5", .problem(.quantity(.date(.clockMoves(nil))), column: 6)),
        ("9:00 + 1 month", .problem(.quantity(.date(.clockByCalendar("months"))), column: 6)),
        ("2026-12-24 - 9:00", .problem(.quantity(.date(.clockWithDate)), column: 12)),
        ("9:00 < 2026-12-24", .problem(.quantity(.date(.clockWithDate)), column: 6)),
        ("2 * 9:00", .problem(.quantity(.date(.clockScaled)), column: 3)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    @Test("a colon between digits is a time, not a label; labels are as before")
    func labels() {
        var session = Session()
        _ = session.run(line: "x = 9:00")
        guard case .success(.value(let value, _)) = session.run(line: "x + 30 min")[0].outcome else {
            Issue.record("x + 30 min")
            return
        }
        #expect(value.text == "09:30")
        #expect(EverydayInputTests.seen("milk: 2 * 1.19") != EverydayInputTests.seen("2 * 1.19"))
    }

    @Test("now is the date and time of day (to the minute) the shell gave, today, tomorrow and yesterday its dates", arguments: [
        ("now", "2026-11-27 09:30"), ("now - today", "9 h 30 min"), ("now + 1 day", "2026-11-28 09:30"),
        ("now > today", "true"), ("now < tomorrow", "true"), ("yesterday", "2026-11-26"), ("tomorrow - now", "14 h 30 min"),
    ] as [(String, Seen)])
    func now(_ line: String, _ expected: Seen) throws {
        var session = Session()
        session.today = try CalendarDate.checked(year: 2026, month: 11, day: 27)
        session.secondOfDay = (9 * 60 + 30) * 60 + 15
        let seen: Seen
        switch session.run(line: line)[0].outcome {
        case .success(.value(let value, _)): seen = .text(value.text)
        case .failure(let diagnostic): seen = Seen(diagnostic)
        default: seen = "<other>"
        }
        #expect(seen == expected)
    }

    @Test("now without a clock is refused as today is")
    func noClock() {
        #expect(result(of: "now") == .problem(.quantity(.date(.noToday)), column: 1))
    }
}
