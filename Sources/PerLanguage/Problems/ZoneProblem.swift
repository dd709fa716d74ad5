import PerNumbers
import PerUnits

/// Why a time in a zone, or a conversion to one, was refused (`help dates`): the zone
/// could not be had, or the local time is not one instant there.
public enum ZoneProblem: Sendable, Equatable {
    /// The name is no zone's name as written (a character or a part no name has).
    case name(ZoneName.Refusal)
    /// The database could not give the zone; `suggestion` is a close name it has.
    case refused(ZoneRefusal, suggestion: String?)
    /// The clocks of the zone skip this local time (put forward): its two readings (with
    /// the offset after the change and the one before), each as the clocks show it.
    case gap(written: String, zone: String, earlier: Reading, later: Reading)
    /// The clocks of the zone show it twice (put back): the first and the second time.
    case overlap(written: String, zone: String, earlier: Reading, later: Reading)
    /// A zone named where the session was given none: the shell gives the system's
    /// database then (`Problem.needsClock`); elsewhere there is none.
    case notGiven
    /// A time without a zone converted to one, with no local zone to read it in.
    case noLocalZone(UnknownLocalZone?)
    /// A time in a zone beside one without (`t - 9:00`, `t < now`): the second has no
    /// instant to compare.
    case mixed
    /// `min(t, u)`, `max(…)` of times in zones (the function's name).
    case unordered(String)
    /// `to ZONE` after a value that is no time.
    case notATime
    /// `18:00 EST`: an abbreviation, which the database does not name zones by and which
    /// names several (CST: Chicago, China, Cuba); `zone` is one place it is used, `offset`
    /// its offset from UTC there.
    case abbreviation(String, zone: String, offset: String)
    /// `18:00 UTC+5`: an offset of hours alone, which per reads only as `±hh:mm`.
    case offsetForm(String)
    /// A time converted to a zone (named) whose clocks show it on a day past the calendar's
    /// end (`later`) or before its start, within a day of either.
    case beyondCalendar(zone: String, later: Bool)

    /// The abbreviations people write after a time, a zone each is used in and its offset
    /// from UTC there (the summer forms, EDT and CEST, an hour ahead): the refusal names
    /// both.
    package static let abbreviations: [String: (zone: String, offset: String)] = [
        "EST": ("America/New_York", "-05:00"), "EDT": ("America/New_York", "-04:00"),
        "CST": ("America/Chicago", "-06:00"), "CDT": ("America/Chicago", "-05:00"),
        "MST": ("America/Denver", "-07:00"), "MDT": ("America/Denver", "-06:00"),
        "PST": ("America/Los_Angeles", "-08:00"), "PDT": ("America/Los_Angeles", "-07:00"),
        "AKST": ("America/Anchorage", "-09:00"), "HST": ("Pacific/Honolulu", "-10:00"),
        "GMT": ("Europe/London", "+00:00"), "BST": ("Europe/London", "+01:00"), "WET": ("Europe/Lisbon", "+00:00"),
        "CET": ("Europe/Berlin", "+01:00"), "CEST": ("Europe/Berlin", "+02:00"), "EET": ("Europe/Athens", "+02:00"),
        "EEST": ("Europe/Athens", "+03:00"), "MSK": ("Europe/Moscow", "+03:00"), "IST": ("Asia/Kolkata", "+05:30"),
        "JST": ("Asia/Tokyo", "+09:00"), "KST": ("Asia/Seoul", "+09:00"), "HKT": ("Asia/Hong_Kong", "+08:00"),
        "SGT": ("Asia/Singapore", "+08:00"), "AEST": ("Australia/Sydney", "+10:00"), "AEDT": ("Australia/Sydney", "+11:00"),
        "ACST": ("Australia/Adelaide", "+09:30"), "AWST": ("Australia/Perth", "+08:00"),
        "NZST": ("Pacific/Auckland", "+12:00"), "NZDT": ("Pacific/Auckland", "+13:00"),
    ]

    /// One reading of a local time: the time the zone's clocks show at that instant, the
    /// abbreviation and the offset.
    public struct Reading: Sendable, Equatable {
        public let time: String
        public let abbreviation: String
        public let offsetSeconds: Int

        public init(time: String, abbreviation: String, offsetSeconds: Int) {
            self.time = time
            self.abbreviation = abbreviation
            self.offsetSeconds = offsetSeconds
        }

        /// The offset as an offset is written: `+02:00`, `-03:30`.
        public var offsetText: String {
            ZoneOffset(seconds: offsetSeconds, abbreviation: "", isDaylightSaving: false)?.text ?? "+00:00"
        }

        /// `03:30 CEST (UTC+2)`, `01:30 IST (UTC+5:30)`.
        public var text: String {
            let magnitude = abs(offsetSeconds)
            let minutes = magnitude / 60 % 60
            let offset = (offsetSeconds < 0 ? "−" : "+") + "\(magnitude / 3600)" + (minutes == 0 ? "" : ":" + (minutes < 10 ? "0" : "") + "\(minutes)")
            return time + " " + abbreviation + " (UTC" + (offsetSeconds == 0 ? "" : offset) + ")"
        }
    }

    /// That a local time occurs twice in a zone, with both readings and how to give the
    /// offset (`example`, the time written with the earlier one).
    public static func occursTwice(_ written: String, in zone: String, earlier: Reading, later: Reading, example: String) -> String {
        "\(written) occurs twice in \(zone): the clocks show it at \(earlier.text) and again at \(later.text) (put back); give the offset, as in \(example)"
    }

    public var message: String {
        switch self {
        case .name(let refusal): return refusal.message
        case .refused(let refusal, let suggestion):
            return refusal.message + (suggestion.map { "; did you mean \($0)?" } ?? "")
        case .gap(let written, let zone, let earlier, let later):
            return "\(written) does not exist in \(zone): the clocks skip it (put forward); it is either \(earlier.text) or \(later.text)"
        case .overlap(let written, let zone, let earlier, let later):
            return Self.occursTwice(written, in: zone, earlier: earlier, later: later, example: written + " UTC" + earlier.offsetText)
        case .notGiven: return "time zones are not known here: only UTC and offsets are, as in 14:30 UTC to UTC+05:30"
        case .noLocalZone(let why):
            return "the local time zone is not known here" + (why.map { " (\($0.message))" } ?? "")
                + ": give the time's zone, as in 14:30 Europe/Berlin to Asia/Tokyo"
        case .unordered(let function): return "\(function) does not take times in zones: compare them with < or >, which compare their instants"
        case .mixed: return "one time has a zone and the other none, so they are no two instants: give both a zone, as in (now to UTC) - t"
        case .notATime: return "only a time of day or a date with a time goes to a time zone, as in 14:30 Europe/Berlin to America/New_York"
        case .abbreviation(let word, let zone, let offset):
            return "\(word) is an abbreviation, which can name more than one zone: write the zone's name, as in \(zone), "
                + "or the offset, as in UTC\(offset)"
        case .offsetForm(let written):
            return "an offset from UTC is written as hours:minutes, as in \(written)+05:00 or \(written)-03:30"
        case .beyondCalendar(let zone, let later):
            return "in \(zone) that time is \(later ? "after 9999-12-31" : "before 0001-01-01"): dates go from 0001-01-01 to 9999-12-31 (years 1 to 9999)"
        }
    }

    public var code: ProblemCode {
        switch self {
        case .name: return .invalidName
        case .refused(.unknown, _): return .unknownName
        case .refused(.databaseMissing, _), .refused(.unreadable, _), .refused(.system, _): return .storageUnavailable
        case .refused(.offset, _): return .outOfRange
        case .gap, .overlap: return .invalidDate
        case .notGiven: return .storageUnavailable
        case .noLocalZone: return .missingValue
        case .mixed, .unordered: return .datePoint
        case .notATime: return .datePoint
        case .abbreviation, .offsetForm: return .invalidName
        case .beyondCalendar: return .outOfRange
        }
    }
}

extension ZoneProblem {
    /// Why a local time (`local`, seconds since 1970-01-01 00:00 on the zone's clocks) is
    /// no one instant of `zone`, as `reading` (`ZoneRules.reading(local:)`) found: the
    /// clocks skip it or show it twice, each reading as the clocks show its instant; nil
    /// where they show it once.
    package static func refusing(_ reading: LocalTimeReading, local: Int64, in zone: Zone) -> ZoneProblem? {
        func shown(_ reading: ZoneReading) -> Reading {
            let offset = zone.rules.offset(at: reading.instant)
            let secondOfDay = Int(((reading.instant + Int64(offset.seconds)) % 86_400 + 86_400) % 86_400)
            let time = ClockTime.text(ofDay: Rational(BigInt(secondOfDay), BigInt(86_400)))
            return Reading(time: time.text, abbreviation: offset.abbreviation, offsetSeconds: offset.seconds)
        }
        let day = Int((local - (local % 86_400 + 86_400) % 86_400) / 86_400)
        let fraction = Rational(BigInt(Int((local % 86_400 + 86_400) % 86_400)), BigInt(86_400))
        let written = ClockTime.text(dayNumber: day, fraction: fraction)?.text ?? ""
        switch reading {
        case .unique: return nil
        case .gap(let before, let after):
            let (earlier, later) = before.instant < after.instant ? (before, after) : (after, before)
            return .gap(written: written, zone: zone.name, earlier: shown(earlier), later: shown(later))
        case .overlap(let earlier, let later):
            return .overlap(written: written, zone: zone.name, earlier: shown(earlier), later: shown(later))
        }
    }
}
