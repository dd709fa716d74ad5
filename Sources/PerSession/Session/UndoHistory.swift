import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The statements that changed a session, so `undo` can take them back and `redo` put
/// them back. Each step keeps the session as it was before the statement (values share
/// their storage until changed, so a step costs what the statement changed).
public struct UndoHistory: Sendable {
    /// Steps kept; older ones are forgotten.
    public static let limit = ShellCommand.undoLimit

    struct Step: Sendable {
        /// The statement as written, to say what was taken back.
        let statement: String
        /// The session on the other side of the statement.
        let session: Session
        /// What the statement changed in the price book, which the shell's file holds:
        /// such a step leaves the session as it is and has the shell change the file.
        var bookChange: PriceBookChange? = nil
    }

    /// The steps `undo` takes back, newest last; only the last `limit` count. Older ones
    /// are dropped in batches, so recording a step does not move all the others.
    private var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []

    mutating func record(_ statement: String, before: Session, bookChange: PriceBookChange? = nil) {
        undoSteps.append(Step(statement: statement, session: before, bookChange: bookChange))
        if undoSteps.count >= 2 * Self.limit { forgetOldSteps() }
        redoSteps.removeAll()
    }

    private mutating func forgetOldSteps() {
        if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
    }

    /// Takes the newest step off the side `undoing` names.
    mutating func popStep(undoing: Bool) -> Step? {
        guard undoing else { return redoSteps.popLast() }
        forgetOldSteps()
        return undoSteps.popLast()
    }

    /// Puts a step on the other side of the one just taken.
    mutating func pushStep(_ step: Step, undoing: Bool) {
        if undoing { redoSteps.append(step) } else { undoSteps.append(step) }
    }
}

/// `undo`, `redo` and `new`.
extension Session {
    /// The session without its history, as a step keeps it.
    var withoutHistory: Session {
        var copy = self
        copy.history = nil
        // Without the block `total` reads: the copy would share its results, and the next
        // value would copy them all. Undo ends the block.
        copy.block = Block()
        copy.priceBook = nil
        return copy
    }

    /// Whether the statement just run changed what the session keeps: variables,
    /// estimator inputs, the list and its settings, the digits.
    func changed(since before: Session) -> Bool {
        !state.hasSameInputs(as: before.state) || estimates.lastEstimate?.estimator != before.estimates.lastEstimate?.estimator
    }

    /// Takes the contents of a step, keeping the history and counting a change.
    mutating func restore(_ step: Session, history: UndoHistory) {
        let next = revision + 1
        let book = priceBook
        self = step
        self.history = history
        priceBook = book
        revision = next
    }

    /// Records a change to the price book, once the shell has written it, as a step
    /// `undo` can take back. The session itself does not change.
    public mutating func recordBookChange(_ statement: String, _ change: PriceBookChange) {
        guard change.inverse != nil else { return }
        let before = withoutHistory
        history?.record(statement, before: before, bookChange: change)
    }

    /// Empties the session for `new`, as one step `undo` can take back.
    public mutating func startNew(statement: String) {
        let before = withoutHistory
        var fresh = Session()
        fresh.history = history
        fresh.priceBook = priceBook
        fresh.history?.record(statement, before: before)
        fresh.revision = revision + 1
        self = fresh
    }
}
