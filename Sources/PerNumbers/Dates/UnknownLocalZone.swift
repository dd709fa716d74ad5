/// Why the local time zone is not known, which a time without a zone would be read in.
public enum UnknownLocalZone: Error, Sendable, Equatable {
    /// `TZ` holds `value`, which is no POSIX rule, and the database gives no zone of that
    /// name (`refusal`: missing, no such zone, or unreadable; nil for text that is no
    /// zone's name at all).
    case variable(value: String, refusal: ZoneRefusal?)
    /// `TZ` is not set and the local-time file at `path` cannot be read as a zone.
    case localTime(path: String)

    /// `TZ is 'garbage', no zone's name or rule: …`; control characters of `TZ`'s value
    /// shown as `?`.
    public var message: String {
        switch self {
        case .variable(let value, let refusal):
            let shown = String(String.UnicodeScalarView(value.unicodeScalars.prefix(64).map { $0.value < 32 || $0.value == 127 ? "?" : $0 }))
            let why: String
            switch refusal {
            case .databaseMissing(let path)?: why = "no time-zone database at \(path) (TZDIR)"
            case .unknown?: why = "no zone of that name in the database, nor a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3"
            case let other?: why = other.message
            case nil: why = "no zone's name, nor a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3"
            }
            return "TZ is '\(shown)': " + why
        case .localTime(let path): return "TZ is not set and \(path) cannot be read"
        }
    }
}
