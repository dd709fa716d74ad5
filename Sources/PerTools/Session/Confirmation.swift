import PerNumbers
import PerUnits
import PerLanguage

/// The line that confirms what a command did (`removed #2 Pasta`, `saved 'tower A': …`), as
/// a value: a test or a renderer tells them apart without reading English, and each is
/// worded once, in `message`.
public enum Confirmation: Sendable, Equatable {
    /// `undo`, `redo`: the statement taken back or made again.
    case undone(statement: String, redone: Bool)
    /// `club`: whether club prices count.
    case clubPrices(on: Bool)
    /// `clear`: the list emptied; its basis, which stays.
    case listCleared(basis: Basis?)
    /// `type`: the list's kind of quantity, nil before it has one.
    case listType(Dimension?)
    /// `type volume`: the kind set, and the basis it brings.
    case listTypeSet(Dimension, basis: Basis)
    /// `basis`: the basis shown, nil when the list has none and follows its first product.
    case basis(Basis?)
    /// `basis QTY`, `basis auto`: the basis set; nil for the list's type's own.
    case basisSet(Basis?)
    /// `remove N`: the product taken off.
    case removed(id: Int, name: String)
    /// `deal N …`: a product's deal, as `dealSummary` words it; nil when taken off.
    case deal(id: Int, name: String, summary: String?)
    /// `save NAME`: the set kept, with what it holds (`SessionState.contents`).
    case saved(name: String, contents: String)
    /// `new`: the session before it, kept as a saved set.
    case startedNew(savedAs: String)
    /// `forget NAME`: the saved set removed.
    case forgot(name: String)
    /// `unit crate = 20 bottle`: the unit, what it is in built-in units, and the definition
    /// it replaced, if any.
    case unitDefined(name: String, written: String, value: String, replaced: String?)
    /// `forget unit crate`.
    case unitForgotten(name: String, written: String)
    /// `forget seen NAME [DATE]`: the prices taken out of the book.
    case forgotPrices(count: Int, name: String, on: CalendarDate?)
    /// `prices import FILE`: the prices added, those already in the book, and the lines
    /// skipped (each named in a warning).
    case imported(count: Int, path: String, alreadyThere: Int, skipped: Int)
    /// `prices export FILE`: the prices written.
    case exported(count: Int, path: String)
    /// `list NAME`: the list now current (`started` when new) with what it holds, and what
    /// became of the one before.
    case listSwitched(ListSwitch)
    /// `need none`: the list's kept need forgotten.
    case needCleared(list: String)
    /// `include FILE`: the file run (its path from where per runs) and its statements.
    case included(path: String, statements: Int)
    /// `load FILE.csv`: the file read (its path from where per runs), its rows, and each
    /// list it made, with what it holds (`118 values in mg/L`).
    case loaded(path: String, rows: Int, lists: [LoadedList])
    /// `rates import FILE`: the rates new to `rates.csv` (or changing a day's), those it had
    /// already, the lines skipped (each named in a warning), and the codes of currencies
    /// per does not know, left out.
    case ratesImported(count: Int, path: String, unchanged: Int, skipped: Int, unknown: [String])

    public var message: String {
        switch self {
        case .listSwitched(let change): return change.message
        case .needCleared(let list): return "list \(list) needs nothing now"
        case .undone(let statement, let redone): return "\(redone ? "redid" : "undid"): \(statement)"
        case .clubPrices(let on): return "club prices are " + (on ? "on" : "off")
        case .listCleared(let basis?) where !basis.isDose:
            // The basis gives way to the first product of another kind (`ShoppingList.add`).
            let kind = basis.unit.dimension.rawValue
            return "the list is empty; prices stay \(basis.perText) while it compares \(kind == "mass" ? "masses" : kind + "s")"
                + " (a product of another kind brings its own)"
        case .listCleared(let basis): return "the list is empty" + (basis.map { "; prices stay \($0.perText)" } ?? "")
        case .listType(let dimension): return dimension.map { "the list compares \($0.rawValue)" } ?? "the list has no type yet"
        case .listTypeSet(let dimension, let basis): return "the list compares \(dimension.rawValue); prices are compared \(basis.perText)"
        case .basis(let basis): return basis.map { "prices are compared \($0.perText)" } ?? "the list has no basis yet: it follows the first product"
        case .basisSet(let basis):
            return basis.map { "prices are compared \($0.perText)" } ?? "prices are compared per kg, per L or per item, as the list's type"
        // A product without a name is called by its number: `removed #1`, not `removed #1 #1`.
        case .removed(let id, let name): return name == "#\(id)" ? "removed #\(id)" : "removed #\(id) \(name)"
        case .deal(let id, let name, let summary): return summary.map { "deal on #\(id) \(name): \($0)" } ?? "no deal on #\(id) \(name)"
        case .saved(let name, let contents): return "saved '\(name)': \(contents)"
        case .startedNew(let name): return "started a new session; the one before is saved as '\(name)' (undo brings it back)"
        case .forgot(let name): return "forgot '\(name)'"
        case .unitDefined(let name, let written, let value, let replaced):
            let plural = UserUnits.plural(of: name)
            let shown = written == value ? written : "\(written) = \(value)"
            let reads = plural == name ? "" : " (2 \(plural))"
            return "unit \(name) = \(shown)\(reads)" + (replaced.map { "; it replaces \(name) = \($0), and what was computed in that keeps its value" } ?? "")
        case .unitForgotten(let name, let written):
            return "forgot the unit \(name) = \(written); values and units made with it keep their value"
        case .forgotPrices(let count, let name, let day):
            return "forgot \(Self.prices(count)) of \(name)" + (day.map { " on \($0.text)" } ?? "") + " (undo brings \(count == 1 ? "it" : "them") back)"
        case .imported(let count, let path, let alreadyThere, let skipped):
            return "imported \(Self.prices(count)) from \(path)" + (alreadyThere == 0 ? "" : "; \(alreadyThere) already in the book")
                + (skipped == 0 ? "" : "; skipped \(skipped), each named in a warning")
        case .exported(let count, let path): return "exported \(Self.prices(count)) to \(path)"
        case .included(let path, let statements):
            return "included \(VisibleText.visible(path)): \(statements == 1 ? "1 statement" : "\(statements) statements")"
        case .loaded(let path, let rows, let lists):
            return "loaded \(VisibleText.visible(path)), \(NumberDisplay.grouped(String(rows))) row\(rows == 1 ? "" : "s"): "
                + lists.map(\.description).joined(separator: ", ")
        case .ratesImported(let count, let path, let unchanged, let skipped, let unknown):
            var parts = ["imported \(count == 1 ? "1 rate" : "\(count) rates") from \(VisibleText.visible(path)) into \(RateBook.fileName)"]
            if unchanged > 0 { parts.append("\(unchanged) already there") }
            if skipped > 0 { parts.append("\(skipped) \(skipped == 1 ? "line" : "lines") skipped") }
            if !unknown.isEmpty {
                let named = unknown.prefix(12).joined(separator: " ") + (unknown.count > 12 ? " …" : "")
                parts.append("\(unknown.count) \(unknown.count == 1 ? "currency" : "currencies") per does not know left out (\(named))")
            }
            return parts.joined(separator: "; ")
        }
    }

    /// `1 price`, `3 prices`.
    private static func prices(_ count: Int) -> String { count == 1 ? "1 price" : "\(count) prices" }
}

/// What `list NAME` did: the list it went to and what it holds, and what became of the
/// list it left.
public struct ListSwitch: Sendable, Equatable {
    /// What became of the list left.
    public enum Left: Sendable, Equatable {
        /// It stays with its products (how many).
        case kept(name: String, products: Int)
        /// It was empty and is not kept.
        case dropped(name: String)
        /// Nothing to say: the list was the same, or the unnamed default list, empty.
        case unsaid
    }
    public let name: String
    public let started: Bool
    public let same: Bool
    public let products: Int
    /// `per kg`, nil before the list has a type.
    public let basis: String?
    /// The need kept with the list, `3 L`.
    public let need: String?
    public let left: Left

    package init(name: String, started: Bool, same: Bool, products: Int, basis: String?, need: String?, left: Left) {
        (self.name, self.started, self.same, self.products, self.basis, self.need, self.left) = (name, started, same, products, basis, need, left)
    }

    public var message: String {
        var text: String
        if started {
            text = "started list \(name)"
        } else {
            text = (same ? "already on list \(name): " : "switched to list \(name): ")
                + (products == 1 ? "1 product" : "\(products) products")
            if let basis { text += ", \(basis)" }
            if let need { text += ", need \(need)" }
        }
        switch left {
        case .kept(let left, let count): text += "; list \(left) keeps its " + (count == 1 ? "1 product" : "\(count) products")
        case .dropped(let left): text += "; list \(left) was empty and is not kept"
        case .unsaid: break
        }
        return text
    }
}

/// What per read a line as when it could have been taken otherwise, said beside the
/// answer (`note: …`) so the reading is never silent.
public enum ReadingNote: Sendable, Equatable {
    /// `seen 2.29 0.5 kg Barilla at Aldi`, `add 2.49 500 g Barilla at Aldi`: the words `at Aldi` read as the store.
    case storeAfterAt(name: String, store: String)
    /// A price of a day converted at a rate of the file well before that day (`ValueNote.rateBefore`).
    case rate(ValueNote)
    /// `plan @Rewe @Aldi` with nothing of the lists seen at Rewe: planned with the others.
    case storesUnseen([String])

    public var message: String {
        switch self {
        case .storeAfterAt(let name, let store):
            let marker = store.contains(" ") ? "@\"\(store)\"" : "@\(store)"
            return "read 'at \(store)' as \(marker) (quote the name to keep it: \"\(name) at \(store)\")"
        case .rate(let note):
            return note.message
        case .storesUnseen(let stores):
            return "no product of the lists was seen at " + stores.listed("or") + ": planned with the other stores"
        }
    }
}

/// A list `load` made: its name, how many values, and of what.
public struct LoadedList: Sendable, Equatable {
    public let name: String
    public let count: Int
    /// `mg/L`, `dates`, `times of day`, `dates with times`; nil for plain numbers.
    public let holds: String?

    package init(name: String, list: QuantityList) {
        self.name = name
        count = list.count
        let unit = list.unit
        if unit.atom == UnitTable.date {
            holds = "dates"
        } else if unit.atom == UnitTable.clock {
            holds = "times of day"
        } else if unit.atom == UnitTable.dateTime {
            holds = "dates with times"
        } else {
            holds = unit.isNone ? nil : unit.symbol
        }
    }

    /// One of a kind of points: `1 date`, not `1 dates`.
    private static func one(of kind: String) -> String {
        switch kind {
        case "dates": "date"
        case "times of day": "time of day"
        default: "date with a time"
        }
    }

    /// `lab.calcium (118 values in mg/L)`.
    public var description: String {
        let values = NumberDisplay.grouped(String(count))
        switch holds {
        case nil: return "\(name) (\(values) value\(count == 1 ? "" : "s"))"
        case let kind? where kind.hasPrefix("date") || kind.hasPrefix("times"):
            return "\(name) (\(values) \(count == 1 ? Self.one(of: kind) : kind))"
        case let unit?: return "\(name) (\(values) value\(count == 1 ? "" : "s") in \(unit))"
        }
    }
}
