/// A time of day on the 24-hour clock (`9:00`, `17:30:15`, `9am`, `5:30 pm`), without a
/// time zone, and a date with one (`2026-12-24 18:00`): `help dates`.
///
/// per keeps a time of day as the fraction of a day since midnight, and a date with a time
/// as its day number plus that fraction, both exact rationals on the same scale of days as
/// `CalendarDate`'s day numbers; so a difference of either is an exact number of days.
public enum ClockTime {
    /// Seconds in a day: 24 × 60 × 60.
    public static let secondsPerDay = 86_400

    /// Why hours, minutes and seconds make no time of day; each names the part at fault.
    public enum Refusal: Error, Sendable, Equatable {
        /// An hour past 23 (`25:00`), or on the 12-hour clock outside 1 to 12 (`13pm`).
        case hour(Int, twelveHour: Bool)
        /// More hour digits than an hour has (`123:00`).
        case hourDigits
        case minute(Int)
        case second(Int)
        /// Minutes or seconds not written with two digits (`9:5`).
        case twoDigits(String)

        public var message: String {
            switch self {
            case .hour(let hour, let twelveHour):
                return twelveHour
                    ? "hour \(hour) is not on a 12-hour clock: with am or pm write an hour from 1 to 12, or 24-hour time, as in 13:00"
                    : "hour \(hour) is not on the clock: a time of day goes from 00:00 to 23:59"
            case .hourDigits:
                return "a time of day has an hour of one or two digits, from 00:00 to 23:59; for a duration write hours, as in 100 h"
            case .minute(let minute):
                return "minute \(minute) is not on the clock: minutes go from 00 to 59"
            case .second(let second):
                return "second \(second) is not on the clock: seconds go from 00 to 59"
            case .twoDigits(let part):
                return "\(part) are written with two digits, as in " + (part == "seconds" ? "9:05:30" : "9:05")
            }
        }
    }

    /// The seconds since midnight of a time on the 24-hour clock, or why there are none.
    public static func seconds(hour: Int, minute: Int, second: Int) throws(Refusal) -> Int {
        guard (0...23).contains(hour) else { throw .hour(hour, twelveHour: false) }
        guard (0...59).contains(minute) else { throw .minute(minute) }
        guard (0...59).contains(second) else { throw .second(second) }
        return (hour * 60 + minute) * 60 + second
    }

    /// The hour on the 24-hour clock of an hour written with am or pm: 12 am is 0, 12 pm
    /// is 12, any other pm hour is 12 more.
    public static func hour(_ hour: Int, pm: Bool) throws(Refusal) -> Int {
        guard (1...12).contains(hour) else { throw .hour(hour, twelveHour: true) }
        return hour % 12 + (pm ? 12 : 0)
    }

    /// `17:30`, `09:00:15`, `09:00:15.5`: a time of day given as a fraction of a day in
    /// [0, 1), with seconds shown when there are any. `digits` bounds a fraction of a
    /// second that does not end (a third of a second): shown to milliseconds then, rounded
    /// down, and `isExact` false.
    public static func text(ofDay fraction: Rational) -> (text: String, isExact: Bool) {
        let seconds = fraction * Rational(secondsPerDay)
        let whole = seconds.rounded(.down)
        let total = Int(whole.int64Value ?? 0)
        let (hour, minute, second) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = two(hour) + ":" + two(minute)
        let part = seconds - Rational(whole)
        var isExact = true
        if second != 0 || !part.isZero { text += ":" + two(second) }
        if !part.isZero {
            // Up to nine decimals when the fraction ends there, else milliseconds.
            var decimals = "", rest = part
            for _ in 0..<9 where !rest.isZero {
                rest = rest * Rational(10)
                let digit = rest.rounded(.down)
                decimals += String(digit.int64Value ?? 0)
                rest = rest - Rational(digit)
            }
            if !rest.isZero {
                decimals = String(decimals.prefix(3))
                isExact = false
            }
            text += "." + decimals
        }
        return (text, isExact)
    }

    /// `2026-12-24 18:00`: a date with a time, given as a day number and a fraction of a
    /// day; nil off the calendar.
    public static func text(dayNumber: Int, fraction: Rational) -> (text: String, isExact: Bool)? {
        guard let date = CalendarDate(dayNumber: dayNumber) else { return nil }
        let time = text(ofDay: fraction)
        return (date.text + " " + time.text, time.isExact)
    }

    /// A day number and the fraction of the day after it, of days since 1970-01-01; nil
    /// for a count beyond a machine integer.
    public static func split(days: Rational) -> (day: Int, fraction: Rational)? {
        let whole = days.rounded(.down)
        guard let day = whole.int64Value, let small = Int(exactly: day) else { return nil }
        return (small, days - Rational(whole))
    }
}
