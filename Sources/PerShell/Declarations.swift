import PerTools
import PerLanguage
import PerSession

/// The environment variables per reads, each declared once with what it means: the
/// program reads them by these cases, and `per --man` lists them from here.
enum EnvironmentVariable: String, CaseIterable, Sendable {
    case perHome = "PER_HOME"
    case xdgDataHome = "XDG_DATA_HOME"
    case home = "HOME"
    case noColor = "NO_COLOR"
    case term = "TERM"
    case columns = "COLUMNS"
    case today = "PER_TODAY"
    case tzdir = "TZDIR"
    case tz = "TZ"

    var meaning: String {
        switch self {
        case .perHome: return "the directory of per's files"
        case .xdgDataHome: return "without PER_HOME, per's files are in $XDG_DATA_HOME/per when it is an absolute path"
        case .home: return "without either, per's files are in ~/.local/share/per"
        case .noColor: return "set and not empty: no colour unless --color always"
        case .term: return "dumb: no colour and no line editing"
        case .columns: return "the width tables fit when the output is not a terminal (a terminal's own width wins)"
        case .today: return "a date (2026-11-27) taken as today, its first minute as now, or a date and time (2026-11-27 09:30) as now, as --today does, so that sheets check the same any day"
        case .tzdir: return "the folder of the time-zone database zone names are read from (else /usr/share/zoneinfo), read only when a zone is named"
        case .tz: return "the local time zone (Europe/Berlin, else /etc/localtime), which today, now and a time written without a zone are read in"
        }
    }
}

/// The files per keeps in its directory, each declared once with what it holds: the
/// stores name their file by these cases, and `per --man` lists them from here.
enum KeptFile: CaseIterable, Sendable {
    case savedSets, session, history, priceBook, rates

    var name: String {
        switch self {
        case .savedSets: return "saved.json"
        case .session: return "session.json"
        case .history: return "history"
        case .priceBook: return "prices.csv"
        case .rates: return RateBook.fileName
        }
    }

    var meaning: String {
        switch self {
        case .savedSets: return "the saved sets ('help storage')"
        case .session: return "the interactive shell's kept session ('help session')"
        case .history: return "the shell's history, the last \(HistoryFile.limit) lines"
        case .priceBook: return "the price book: every price seen, one line each ('help prices')"
        case .rates: return "exchange rates read by rates import: date, currency, a euro's worth in it, source ('help rate')"
        }
    }
}
