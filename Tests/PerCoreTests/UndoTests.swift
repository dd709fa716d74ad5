import Testing
import TestSupport
@testable import PerUnits
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `undo` and `redo` over every statement that changes a session.
@Suite("Undo and redo")
struct UndoTests {
    /// A session with something of everything in it.
    static func prepared() -> Session {
        var session = Session(keepsHistory: true)
        for line in ["x = 2", "y = 3", "add 2.49 500 g Barilla", "add 3.99 1 kg Store", "price 1.5", "qty 2",
                     "boiler steam=1000 tds=300"] {
            _ = session.run(line: line)
        }
        return session
    }

    static let changing = [
        "x = 5", "let z = 1", "unset y", "digits 20", "add 4.99 6x250 g Multipack", "price 2", "qty 750", "unit g",
        "name Mine", "remove 1", "clear", "basis 100 g", "boiler steam=2000 tds=300", "dose liquid",
        "cooling recirc=100 dt=5", "invest years=1 rate=5%",
    ]

    @Test("undo takes a statement back and redo puts it back", arguments: changing)
    func undoRedo(statement: String) throws {
        var session = Self.prepared()
        let before = session.state
        let results = session.run(line: statement)
        guard case .success = results[0].outcome else { Issue.record("\(statement) failed: \(results)"); return }
        let after = session.state
        #expect(!after.hasSameInputs(as: before), "\(statement) changed nothing")
        #expect(session.run(line: "undo")[0].outcome == .success(.message(.undone(statement: "\(statement)", redone: false))))
        #expect(session.state.hasSameInputs(as: before))
        #expect(session.run(line: "redo")[0].outcome == .success(.message(.undone(statement: "\(statement)", redone: true))))
        #expect(session.state.hasSameInputs(as: after))
    }

    @Test("undo goes back exactly the last 200 steps, however many were recorded", arguments: [150, 200, 399, 400, 401, 1000])
    func stepLimit(statements: Int) {
        var session = Session(keepsHistory: true)
        for n in 1...statements { _ = session.run(line: "x = \(n)") }
        var undone = 0
        while case .success = session.run(line: "undo")[0].outcome { undone += 1 }
        #expect(undone == min(statements, UndoHistory.limit))
        // x as it was before the oldest step kept: unset, or the value from the step before.
        var expected = Session()
        if statements > undone { _ = expected.run(line: "x = \(statements - undone)") }
        #expect(session.state.variables == expected.state.variables)
        // Redo walks the same steps forward again.
        var redone = 0
        while case .success = session.run(line: "redo")[0].outcome { redone += 1 }
        #expect(redone == undone)
    }

    @Test("type on an empty list is a step too")
    func typeSwitch() {
        var session = Session(keepsHistory: true)
        _ = session.run(line: "type volume")
        #expect(session.list.dimension == .volume)
        #expect(session.run(line: "undo")[0].outcome == .success(.message(.undone(statement: "type volume", redone: false))))
        #expect(session.list.dimension == nil)
    }

    @Test("statements that change nothing are not steps", arguments: [
        "1+1", "vars", "compare", "best", "draft", "help", "x", "digits", "1/0", "nosuch", "add 1",
    ])
    func notSteps(statement: String) {
        var session = Self.prepared()
        _ = session.run(line: "x = 9")
        _ = session.run(line: statement)
        #expect(session.run(line: "undo")[0].outcome == .success(.message(.undone(statement: "x = 9", redone: false))))
    }

    @Test("undo is repeatable to the start, then says there is nothing left")
    func repeatable() {
        var session = Session(keepsHistory: true)
        for index in 1...150 { _ = session.run(line: "v\(index) = \(index)") }
        for _ in 1...150 { #expect(session.run(line: "undo")[0].outcome.isSuccess) }
        #expect(session.state.variables.isEmpty)
        guard case .failure(let diagnostic) = session.run(line: "undo")[0].outcome else { Issue.record("undo did not fail"); return }
        #expect(diagnostic.problem == .arguments(.nothingTo("undo")))
        for _ in 1...150 { #expect(session.run(line: "redo")[0].outcome.isSuccess) }
        #expect(session.state.variables.count == 150)
    }

    @Test("undo after clear brings the list back; a new change forgets what redo had")
    func clearAndBranch() {
        var session = Self.prepared()
        _ = session.run(line: "clear")
        #expect(session.list.products.isEmpty)
        _ = session.run(line: "undo")
        #expect(session.list.products.map(\.name) == ["Barilla", "Store"])
        _ = session.run(line: "x = 100")
        guard case .failure(let diagnostic) = session.run(line: "redo")[0].outcome else { Issue.record("redo did not fail"); return }
        #expect(diagnostic.problem == .arguments(.nothingTo("redo")))
    }

    @Test("without a history, undo says where it works")
    func batch() {
        var session = Session()
        _ = session.run(line: "x = 1")
        guard case .failure(let diagnostic) = session.run(line: "undo")[0].outcome else { Issue.record("undo did not fail"); return }
        #expect(diagnostic.problem == .arguments(.needsHistory(command: "undo")))
        #expect(session.calculator.variables["x"] == Quantity(1))
    }
}
