import PerUnits
import PerTools

/// What an `include` sets aside while its file runs, in the same session: the including
/// sheet's block and last result (the file's totals are its own, and a line after the
/// include goes on from the result before it), and the history, so that the file's
/// statements are one step `undo` takes back.
public struct IncludeMark: Sendable {
    fileprivate let block: Block
    fileprivate let lastResult: Quantity?
    fileprivate let lastRange: QuantityRange?
    fileprivate let history: UndoHistory?
    /// The session before the file ran, when it keeps a history.
    fileprivate let before: Session?
}

extension Session {
    /// Before an included file runs: its statements start a block of their own.
    public mutating func beginInclude() -> IncludeMark {
        let mark = IncludeMark(block: block, lastResult: calculator.lastResult, lastRange: calculator.lastRange, history: history,
                               before: history == nil ? nil : withoutHistory)
        history = nil
        block.reset()
        return mark
    }

    /// After it ran: the block and last result as before, and what the file changed one step
    /// of the history, named `statement`.
    public mutating func endInclude(_ mark: IncludeMark, statement: String) {
        block = mark.block
        calculator.lastResult = mark.lastResult
        calculator.lastRange = mark.lastRange
        guard let before = mark.before else { return }
        history = mark.history
        if changed(since: before) {
            revision += 1
            history?.record(statement, before: before)
        }
    }
}
