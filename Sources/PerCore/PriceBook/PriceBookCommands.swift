import PerNumbers
import PerUnits

/// The price book's commands (`help prices`).
public enum PriceBookCommand: String, CaseIterable, Sendable {
    case seen, history, worth, `where`, prices
}

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
