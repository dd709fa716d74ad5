import PerNumbers
import PerUnits
import PerLanguage

/// What a successful statement produced, as a value; the shell renders it as text,
/// colour or JSON. Cases with large payloads are `indirect`, so the common ones (a value,
/// an assignment) stay small to copy.
public enum Outcome: Sendable, Equatable {
    /// The value of an expression, with a note on what it does not show (a calendar move
    /// that clamped to a month's end).
    case value(DisplayedQuantity, note: String? = nil)
    /// `€119 incl 19% vat`: the value (the net, or the gross for `excl`) and the three figures.
    indirect case tax(value: DisplayedQuantity, net: DisplayedQuantity, tax: DisplayedQuantity, gross: DisplayedQuantity,
                      rate: DisplayedQuantity)
    /// `name = value`, with a note when the name is also a unit's.
    case assignment(name: String, value: DisplayedQuantity, note: String?)
    /// `vars`: every variable, sorted by name, and the user's functions.
    case variables([Variable], functions: [UserFunction] = [])
    /// `fns`: the user's functions, sorted by name.
    case functions([UserFunction])
    /// `f(x) = …`: the function as defined.
    case definition(UserFunction)
    /// `unset`: the names removed.
    case removed([String])
    /// A setting shown or changed, such as `digits`.
    case setting(name: String, value: String)
    /// Lines of help.
    case help([HelpLine])
    /// `quit` or `exit`: stop reading statements.
    case quit
    /// `convert`: a quantity and the same in another unit.
    indirect case conversion(from: DisplayedQuantity, to: DisplayedQuantity)
    /// `rates`, or a `rate` set: each as a row, and as `1 € = 1.08 $`.
    case rates(RateListing)
    /// `units`: the user's own units, in the order defined, and the units the estimators'
    /// results are shown in (`us`, `metric` or `inputs`).
    case userUnits([UserUnitRow], system: String)
    /// `add`: the product as added, with its unit price on the list's basis.
    /// With a deal, `unitPrice` is the one paid with it and `deal` says what it makes of
    /// the price (`3 for 2, buy 3: 3.32 per kg (shelf 4.98)`).
    indirect case productAdded(Product, unitPrice: Number?, basis: Basis, currency: Currency?, deal: String? = nil)
    /// `price`, `qty`, `unit`, `name`, `draft`: the draft as it now stands.
    indirect case draft(Draft)
    /// `compare` or `list`.
    indirect case comparison(Comparison)
    /// `compare` or `list` on an empty list: nothing to rank, which is no error.
    case emptyComparison
    /// An answer with a note on how the line was read (`add Barilla at Aldi`).
    indirect case noted(Outcome, note: ReadingNote)
    /// `lists`: every list, in the order they were started.
    case lists([ListSummary])
    /// `compare all`: each list's ranking.
    case comparisons([NamedComparison])
    /// `best`.
    indirect case best(BestSummary)
    /// `need`.
    indirect case need(NeedPlan)
    /// `plan`: the cheapest trip at one store and split across stores.
    indirect case storePlan(StorePlan)
    /// A one-line confirmation or answer (`type`, `basis`, `remove`, `clear`).
    case message(Confirmation)
    /// `explain`: how a statement reads, step by step.
    case explanation([String])
    /// `dose`, `boiler`, `deaerator`, `cooling`, `invest`.
    indirect case estimate(Estimate)
    /// `sweep cooling cycles=2..8`: an estimate a row.
    indirect case sweep(Sweep)
    /// `solve x^3 - 2*x = 5 for x`: the roots found, each proven in its bracket.
    indirect case solution(Solution)
    /// `save`, `saved`, `recall`, `forget`: work for the storage outside the core, which
    /// the shell turns into one of the outcomes below.
    indirect case storage(StorageRequest)
    /// `include FILE`: the file, as written, for the shell to read and run, which turns it
    /// into `.message(.included)` or the file's failure.
    case include(path: String)
    /// `load FILE.csv [as NAME]`: the file, as written, and the name before its lists'
    /// (`lab` of `lab.calcium`), for the shell to read, which turns it into
    /// `.message(.loaded)` or the file's failure.
    case load(path: String, stem: String)
    /// `rates import FILE`: the file, as written, for the shell to read into `rates.csv`,
    /// which turns it into `.message(.ratesImported)` or the file's failure.
    case importRates(path: String)
    /// `label 5.20 per kg`, or `add … label …` (then with the add's outcome first).
    indirect case shelfLabel(ShelfLabelCheck, added: Outcome?)
    /// `seen`, `history`, `worth`, `where`, `prices`, `forget seen`: an answer, and the
    /// change the shell makes to the book's file before showing it.
    indirect case priceBook(PriceBookOutcome)
    /// `saved`: every set, in the order saved.
    case savedSets([SavedSet])
    /// `recall`: the set restored, its calculation shown again, and what it replaced.
    indirect case recalled(SavedSet, shown: Outcome, replaced: Replaced?)
    /// `milk: 2 * 1.19`: a statement's outcome under the label written before it. The
    /// label is shown with the result and is no variable.
    indirect case labelled(label: String, Outcome)

    /// What a `recall` put aside: the session's contents before, and whether `undo` can
    /// bring them back.
    public struct Replaced: Sendable, Equatable {
        public let contents: String
        public let canUndo: Bool

        package init(contents: String, canUndo: Bool) {
            self.contents = contents
            self.canUndo = canUndo
        }
    }

    /// A unit of the user's own as `units` lists it: `crate (crates) = 20 bottle = 10 L`.
    public struct UserUnitRow: Sendable, Equatable {
        public let name: String
        public let plural: String
        /// The definition as written.
        public let definition: String
        /// What one is in built-in units.
        public let value: String
    }

    /// A variable or an estimator input, as `vars` lists it.
    public struct Variable: Sendable, Equatable {
        public let name: String
        /// `5.97`, `4 t/h`, `heavy` (without a `≈` marker).
        public let text: String
        public let isExact: Bool
        /// An estimator input not given yet, shown with its default.
        public let isDefault: Bool
        /// The unit as JSON gives it, for a quantity.
        public let unit: String?
        /// For a list, its values, which JSON gives as an array.
        public let list: DisplayedList?

        public init(name: String, text: String, isExact: Bool = true, isDefault: Bool = false, unit: String? = nil,
                    list: DisplayedList? = nil) {
            self.name = name
            self.text = text
            self.isExact = isExact
            self.isDefault = isDefault
            self.unit = unit
            self.list = list
        }
    }
}

/// One statement of a line and what came of it.
/// What a statement came to: its outcome, or the problem that stopped it. A type of its
/// own rather than the standard library's `Result<Outcome, Diagnostic>`: a generic type's
/// metadata is made at run time when a value of it is first copied or destroyed, and
/// making `Result`'s checks that `Diagnostic` is an `Error` by a scan of every conformance
/// in the program, which every statement's first answer paid for.
public enum StatementOutcome: Sendable, Equatable {
    case success(Outcome)
    case failure(Diagnostic)

    /// The outcome changed by `transform`; a problem as it is.
    public func map(_ transform: (Outcome) -> Outcome) -> StatementOutcome {
        if case .success(let outcome) = self { return .success(transform(outcome)) }
        return self
    }

    /// The problem changed by `transform`; an outcome as it is.
    public func mapError(_ transform: (Diagnostic) -> Diagnostic) -> StatementOutcome {
        if case .failure(let problem) = self { return .failure(transform(problem)) }
        return self
    }

    /// The outcome, or the problem thrown.
    public func get() throws(Diagnostic) -> Outcome {
        switch self {
        case .success(let outcome): return outcome
        case .failure(let problem): throw problem
        }
    }
}

public struct StatementResult: Sendable, Equatable {
    public let source: StatementSource
    public let outcome: StatementOutcome

    public init(source: StatementSource, outcome: StatementOutcome) {
        self.source = source
        self.outcome = outcome
    }

    /// The statement as written.
    public var input: String { source.text }
}

extension ParserLimits {
    /// The refusal of an over-long line, as a statement result (its input cut short).
    public static func checkLength(of line: String) -> StatementResult? {
        guard line.utf8.count > maxLineLength else { return nil }
        return tooLong(beginning: line)
    }

    /// The refusal of a line that was too long to keep, shown by its first characters.
    public static func tooLong(beginning: String) -> StatementResult {
        let shown = StatementSource(String(beginning.prefix(60)) + "…")
        return StatementResult(source: shown, outcome: .failure(Diagnostic(
            .lineTooLong, at: 0..<1)))
    }
}
