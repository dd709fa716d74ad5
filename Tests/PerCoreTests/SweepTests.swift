import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The results of cooling that a sweep can show, by JSON key, as `help cooling` lists them.
/// Every result cooling declares that is a number: show takes each (and lists them all).
private let sweptCoolingResults = Cooling.results.filter { $0.unit != .word }.map(\.jsonKey)

struct SweepTests {
    /// The sweep of `statement` after `setup`, or the failure.
    func sweep(_ statement: String, after setup: [String]) throws -> (Sweep, Session) {
        var session = Session()
        for line in setup { _ = try session.run(line: line)[0].outcome.get() }
        guard case .sweep(let sweep) = try session.run(line: statement)[0].outcome.get() else { throw Refused() }
        return (sweep, session)
    }
    struct Refused: Error {}

    @Test("each row is the estimate of its value given alone, and the sweep changes nothing", arguments: [
        ("cooling recirc=1000 dt=10", "sweep cooling cycles=2..8", ["2", "3", "4", "5", "6", "7", "8"]),
        ("boiler steam=10000 tds=300", "sweep boiler maxtds=2000..3500 step 500", ["2000 ppm", "2500 ppm", "3000 ppm", "3500 ppm"]),
        ("invest years=3 initial=1000 rate=5%", "sweep invest rate=2%..8% step 1%", ["2%", "3%", "4%", "5%", "6%", "7%", "8%"]),
        ("cooling recirc=1000 dt=10", "sweep cooling dt=5..6.5", ["5 K", "5.15 K", "5.3 K", "5.45 K", "5.6 K", "5.75 K", "5.9 K", "6.05 K", "6.2 K", "6.35 K", "6.5 K"]),
    ])
    func rowsAreEstimates(_ setup: String, _ statement: String, _ values: [String]) throws {
        let (sweep, after) = try sweep(statement, after: [setup])
        #expect(sweep.rows.map(\.text) == values)
        var before = Session()
        _ = try before.run(line: setup)[0].outcome.get()
        #expect(after.estimates == before.estimates, "a sweep keeps no input and replaces no result")
        for row in sweep.rows {
            var alone = before
            guard case .estimate(let estimate) = try alone.run(line: "\(sweep.estimator) \(sweep.key)=\(row.text)")[0].outcome.get() else {
                Issue.record("\(row.text)"); continue
            }
            #expect(row.results == sweep.columns.map { estimate.result($0.name)?.number }, "\(statement) at \(row.text)")
        }
    }

    @Test("a range that gives no rows or too many is refused at its column", arguments: [
        ("sweep cooling cycles=8..2", ArgumentError.sweep(.backwards(key: "cycles", from: "8", to: "2"))),
        ("sweep cooling cycles=2..2", ArgumentError.sweep(.single(key: "cycles", value: "2"))),
        ("sweep cooling cycles=1000...2000", ArgumentError.sweep(.rangeExpected(key: "cycles"))),
        ("sweep dose soil=light..heavy", ArgumentError.sweep(.choice(key: "soil", choices: ["light", "normal", "heavy"]))),
        ("sweep cooling summer=2026-05-01..2026-09-30", ArgumentError.sweep(.dates(key: "summer"))),
        // Times were refused as dates, "numbers of days" for an input of hours.
        ("sweep boiler steam=5000 hours=8:00..10:00", ArgumentError.sweep(.times(key: "hours", unit: "h/day"))),
        ("sweep cooling cycles=2..8 step 0.7", ArgumentError.sweep(.stepMissesEnd(step: "0.7", range: "cycles=2..8", span: "6"))),
        ("sweep cooling cycles=2..8 step -1", ArgumentError.sweep(.stepNotPositive)),
        ("sweep cooling cycles=2..2000 step 0.1", ArgumentError.sweep(.tooManyRows(19981))),
        ("sweep cooling cycles=5", ArgumentError.sweep(.rangeExpected(key: "cycles"))),
        ("sweep kettle x=1..2", ArgumentError.sweep(.estimatorExpected(names: ["dose", "boiler", "deaerator", "cooling", "invest"]))),
        ("sweep cooling dt=6 cycles=2..4 recirc=500..600", ArgumentError.sweep(.twoRanges(first: "cycles", second: "recirc"))),
        ("sweep cooling cycles=2..4 show", ArgumentError.sweep(.columnsExpected(names: sweptCoolingResults))),
        ("sweep cooling cycles=2..4 show makeup,blead",
         ArgumentError.sweep(.unknownColumn(name: "blead", suggestion: "bleed", names: sweptCoolingResults))),
    ])
    func refusals(_ statement: String, _ expected: ArgumentError) throws {
        var session = Session()
        _ = try session.run(line: "cooling recirc=1000 dt=10")[0].outcome.get()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("\(statement) ran"); return }
        #expect(diagnostic.problem == .arguments(expected), "\(statement): \(diagnostic.message)")
    }

    @Test("a range too wide for its input is refused by the input's own range, not by steps that cannot land")
    func beyondTheInput() throws {
        var session = Session()
        _ = try session.run(line: "cooling recirc=1000 dt=10")[0].outcome.get()
        guard case .failure(let diagnostic) = session.run(line: "sweep cooling cycles=2..10^100000")[0].outcome else {
            Issue.record("the sweep ran"); return
        }
        guard case .input(.outOfRange(let key, _, _)) = diagnostic.problem else {
            Issue.record("\(diagnostic.problem): \(diagnostic.message)"); return
        }
        #expect(key == "cycles")
    }
}
