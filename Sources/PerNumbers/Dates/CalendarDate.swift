/// A day of the proleptic Gregorian calendar (the Gregorian rules carried back before
/// 1582), without a time of day or a time zone: what `2026-01-31`, `today` and date
/// arithmetic are made of (`help dates`).
///
/// per keeps a date as a point on a scale of days, like a temperature on its scale: the
/// quantity's magnitude is the day number (days since 1970-01-01, an exact integer) in the
/// unit `date`. So the difference of two dates is a number of days, and a date moved by
/// days is a date, with no calendar rule beyond the conversions below.
public struct CalendarDate: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a date may have: four digits, as a date is written.
    public static let years = 1...9999

    /// The day numbers of `years`: 0001-01-01 and 9999-12-31.
    public static let dayNumbers = dayNumber(year: 1, month: 1, day: 1)...dayNumber(year: 9999, month: 12, day: 31)

    /// Why a year, month and day make no date; `column` names the part at fault.
    public enum Refusal: Error, Sendable, Equatable {
        case year(Int)
        case month(Int)
        /// The day is past the month's end, which has `last` days.
        case day(Int, month: Int, year: Int, last: Int)
        /// The day part is 00.
        case dayZero

        public var message: String {
            switch self {
            case .year(let year):
                return "year \(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year) is not on the calendar: a date's year goes from 0001 to 9999"
            case .month(let month):
                return "month \(month) does not exist: a date is YYYY-MM-DD with a month from 01 to 12"
            case .day(let day, let month, let year, let last):
                return "\(CalendarDate.monthNames[month - 1]) \(year) has \(last) days, so day \(day) does not exist: write a day from 01 to \(last)"
            case .dayZero:
                return "day 00 does not exist: a date's day starts at 01"
            }
        }
    }

    /// The date, or why there is none.
    public static func checked(year: Int, month: Int, day: Int) throws(Refusal) -> CalendarDate {
        guard years.contains(year) else { throw .year(year) }
        guard (1...12).contains(month) else { throw .month(month) }
        guard day >= 1 else { throw .dayZero }
        let last = daysIn(month: month, year: year)
        guard day <= last else { throw .day(day, month: month, year: year, last: last) }
        return CalendarDate(year: year, month: month, day: day)
    }

    private init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Gregorian leap years: every fourth year, except centuries not divisible by 400.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: Day numbers

    /// Days since 1970-01-01, after Howard Hinnant's `days_from_civil` ("chrono-Compatible
    /// Low-Level Date Algorithms", public domain). The year is taken to start on 1 March,
    /// so the leap day ends it; it splits into 400-year eras of 146097 days, the year of
    /// the era, and the day of that year, whose months from March have 153 days in every
    /// five (the `(153 m + 2) / 5` step); 719468 is the day number of 0000-03-01.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day number of this date (`dayNumber(year:month:day:)`).
    public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    /// The date of a day number in `dayNumbers`, after Hinnant's `civil_from_days`: the
    /// inverse of `dayNumber`, by the same eras, years from March and 153-day runs of months.
    public init?(dayNumber: Int) {
        guard Self.dayNumbers.contains(dayNumber) else { return nil }
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    // MARK: Calendar

    public enum Weekday: Int, Sendable, CaseIterable {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

        public var name: String {
            switch self {
            case .monday: return "Monday"
            case .tuesday: return "Tuesday"
            case .wednesday: return "Wednesday"
            case .thursday: return "Thursday"
            case .friday: return "Friday"
            case .saturday: return "Saturday"
            case .sunday: return "Sunday"
            }
        }
    }

    /// The day of the week: 1970-01-01 was a Thursday, and weeks repeat every 7 days.
    public var weekday: Weekday {
        let fromMonday = ((dayNumber + 3) % 7 + 7) % 7
        return Weekday(rawValue: fromMonday + 1)!
    }

    /// The date `months` calendar months on (or back, below 0): the same day of the month,
    /// or the month's last day when it has fewer days. `clamped` is the day asked for when
    /// the month is too short. Nil beyond `years`.
    public func movingMonths(_ months: Int) -> (date: CalendarDate, clamped: Int?)? {
        // Bounded before any arithmetic: no move of more than the calendar's span.
        let span = Self.years.count * 12
        guard abs(months) <= span else { return nil }
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard Self.years.contains(newYear) else { return nil }
        let last = Self.daysIn(month: newMonth, year: newYear)
        return (CalendarDate(year: newYear, month: newMonth, day: Swift.min(day, last)), day > last ? day : nil)
    }

    /// `2026-01-31`: four digits of year, two of month and of day.
    public var text: String {
        // Every date per makes has a year of four digits: its ten bytes, written at once.
        if CalendarDate.years.contains(year), (1...12).contains(month), (1...31).contains(day) {
            func digits(_ n: Int) -> (UInt8, UInt8) { (0x30 + UInt8(n / 10), 0x30 + UInt8(n % 10)) }
            let (y1, y2) = digits(year / 100), (y3, y4) = digits(year % 100), (m1, m2) = digits(month), (d1, d2) = digits(day)
            let dash = UInt8(ascii: "-")
            return String(decoding: [y1, y2, y3, y4, dash, m1, m2, dash, d1, d2], as: UTF8.self)
        }
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]
}
