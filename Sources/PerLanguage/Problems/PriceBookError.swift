import PerNumbers
import PerUnits

/// Why a price-book command is refused.
public enum PriceBookError: Error, Sendable, Equatable {
    case observation(ObservationError)
    /// A name the book has no price of, and a close one it has.
    case unknownName(String, suggestion: String?)
    /// `forget seen Barilla 2026-01-01` with no price that day.
    case noPriceOn(name: String, date: String)
    /// `add Barilla @Rewe` with no price of it seen there.
    case noPriceAt(name: String, store: String)
    /// The shell did not open the book (no place for per's files).
    case notOpen
    /// `seen 2.49 500 g @Lidl Barilla`: the name after the store, date or deal.
    case nameAfterMarker
    /// `seen 2.49 1 kg Milk@Lidl`: a word of the name with an @ inside, where a store was meant.
    case storeInName(String, name: String, store: String)
    case storeMissing
    /// `@Lidl @Rewe`, two dates.
    case givenTwice(String)
    /// `30.10.2026`.
    case dateFormat(String)
    /// A price seen after today.
    case futureDate(String)

    public var message: String {
        switch self {
        case .observation(let error): return error.message
        case .unknownName(let name, let suggestion):
            return "the price book has no '\(VisibleText.visible(name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'prices' lists what it has")
        case .noPriceOn(let name, let date): return "the price book has no price of \(name) on \(date)"
        case .noPriceAt(let name, let store): return "the price book has no price of \(name) at \(store)"
        case .notOpen: return "cannot reach the price book: set PER_HOME, XDG_DATA_HOME or HOME"
        case .nameAfterMarker: return "the name comes first, then @STORE, the date and deal DEAL, as in seen 2.49 500 g Barilla @Lidl 2026-10-30 deal -20%"
        case .storeInName(let word, let name, let store):
            return "'\(VisibleText.visible(word))' holds an @: a store goes after a blank, as in \(VisibleText.visible(name)) @\(VisibleText.visible(store))"
                + " (quote a name that holds @)"
        case .storeMissing: return "@ takes a store's name, as in @Lidl or @\"Corner shop\""
        case .givenTwice(let what): return "a price is seen at one \(what); this is a second"
        case .dateFormat(let text): return "'\(VisibleText.visible(text))' looks like a date: write it YYYY-MM-DD, as in 2026-10-30"
        case .futureDate(let date): return "\(date) is after today: record a price once it is seen"
        }
    }
}

/// Why a price cannot go into the book, whether typed (`seen`) or read from a file.
public enum ObservationError: Error, Sendable, Equatable {
    case negativePrice
    case notPositiveAmount
    case notDecimal(what: String)
    case tooManyDigits(what: String)
    case tooLong(what: String)
    case controlCharacter(what: String)
    case notShoppable(unit: String)
    /// `1 l` of a name seen in grams before.
    case unitDoesNotFit(name: String, unit: String, dimension: String, earlier: String)
    case currencyDoesNotFit(name: String, currency: String, earlier: String)
    case missing(what: String)
    case unknownCurrency(String)
    case badDate(String)
    case noSuchDate(String)
    case unclosedQuote
    case notUTF8(what: String)
    case fieldCount(Int, header: Int)
    /// A name, store or deal a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`).
    case formula(what: String)
    /// A packs field that is no whole number of packs.
    case notPacks

    /// Longest store, name or deal (`Observation.maxTextLength`).
    public static let maxTextLength = 100
    /// Most digits a price or an amount keeps (`Observation.maxDigits`).
    public static let maxDigits = 18

    public var message: String {
        switch self {
        case .negativePrice: return "a price is 0 or more"
        case .notPositiveAmount: return "a quantity is more than 0"
        case .notDecimal(let what): return "the \(what) is not a decimal number (the book keeps decimals, as a receipt shows them)"
        case .tooManyDigits(let what): return "the \(what) has more than \(ObservationError.maxDigits) digits"
        case .tooLong(let what): return "the \(what) has more than \(ObservationError.maxTextLength) characters"
        case .controlCharacter(let what): return "the \(what) cannot hold control characters"
        case .notShoppable(let unit): return "\(unit) is not a unit prices are compared in (mass, volume, count, length or area)"
        case .unitDoesNotFit(let name, let unit, let dimension, let earlier):
            return "\(name) was seen by \(earlier) before, and \(unit) is a \(dimension): give it another name"
        case .currencyDoesNotFit(let name, let currency, let earlier):
            return "\(name) was seen in \(earlier) before, not \(currency)"
        case .missing(let what): return "the \(what) is missing"
        case .unknownCurrency(let text): return "\(text) is not a currency per knows (a code such as EUR or USD)"
        case .badDate(let text): return "'\(VisibleText.visible(text))' is not a date written YYYY-MM-DD"
        case .noSuchDate(let why): return why
        case .unclosedQuote: return "a quote is not closed"
        case .notUTF8(let what): return "the \(what) is not UTF-8 text"
        case .fieldCount(let count, let header): return "it has \(count == 1 ? "1 field" : "\(count) fields"); the header has \(header)"
        case .notPacks: return "the packs are not a whole number of packs (2 for 2 x 500 g), nor empty for one"
        case .formula(let what): return "the \(what) cannot start with =, +, - or @: a spreadsheet opening the price book would run it as a formula"
        }
    }
}

/// Why a whole file is not read as a price book.
public enum BookRefusal: Error, Sendable, Equatable {
    case notText
    /// The columns missing from the header, and all a book has (`PriceBookCSV.header`).
    case header(missing: [String], columns: String)
    /// Past `largest` bytes, where a line's place no longer fits its index.
    case tooLarge

    /// The most bytes a price book holds (`PriceBookFile.largest`).
    package static let largest = Int(Int32.max)

    public var message: String {
        switch self {
        case .notText: return "it is not a text file (a price book is CSV)"
        case .tooLarge: return "it is larger than \(BookRefusal.largest / 1_000_000_000) GB, the most a price book holds"
        case .header(let missing, let columns):
            return "its first line is not a price book's header: it needs the columns \(columns)"
                + " (missing: \(missing.joined(separator: ", ")))"
        }
    }
}

