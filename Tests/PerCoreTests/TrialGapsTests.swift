import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// What a new user's trial of the boiler and cooling estimators found odd: each as it reads
/// now (issue 43).
struct TrialGapsTests {
    /// The decimals of a figure as a table shows it (`€0.0400` has 4, `80,000` none).
    static func decimals(_ text: String) -> Int {
        guard let dot = text.lastIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].prefix { $0.isNumber }.count
    }

    @Test("above 1000 psig the alkalinity limit reads as no free hydroxide, not as 'none free ppm'")
    func noFreeHydroxide() throws {
        let made = try estimate("boiler steam=10000 tds=30 pressure=1600 psig").get()
        let limits = try #require(made.tables.first { $0.header.first?.hasPrefix("limits") == true })
        let row = try #require(limits.rows.first { $0.first == "alkalinity" })
        #expect(row[2] == "no free hydroxide (ABMA)", "\(row)")
    }

    @Test("measured cycles over the band's limit: the advice is the conductivity to hold, not maxtds, which is not used")
    func measuredCyclesAdvice() throws {
        // 1000/40 = 25 cycles, over the 10 of 1501–2000 psig: 10 × 40 = 400 µS/cm at most.
        let made = try estimate("boiler steam=10000 boiler_conductivity=1000 feed_conductivity=40 pressure=1600 psig").get()
        let warning = try #require(made.warnings.first { $0.hasPrefix("25 cycles") })
        #expect(!warning.contains("maxtds"), "\(warning)")
        #expect(warning.contains("boiler_conductivity at most 400 µS/cm"), "\(warning)")
        // Cycles from tds and maxtds still say maxtds.
        let given = try estimate("boiler steam=10000 tds=30 pressure=40 barg").get()
        #expect(given.warnings.first?.contains("a lower maxtds") == true, "\(given.warnings)")
    }

    @Test("a sweep column with a dash says once what the dash means")
    func dashExplained() throws {
        var session = Session()
        guard case .sweep(let sweep) = try session.run(line: "sweep cooling recirc=500 dt=6 calcium=200 cycles=2..4 show makeup,lsi_cycled")[0].outcome.get() else {
            Issue.record("not a sweep"); return
        }
        #expect(sweep.table.rows.allSatisfy { $0[2] == "–" })
        #expect(sweep.notes.count == 1, "\(sweep.notes)")
        #expect(sweep.notes.first?.hasPrefix("– in lsi_cycled:") == true, "\(sweep.notes)")
        guard case .sweep(let full) = try session.run(line: "sweep cooling recirc=500 dt=6 cycles=2..4 show makeup,bleed")[0].outcome.get() else {
            Issue.record("not a sweep"); return
        }
        #expect(full.notes.isEmpty, "\(full.notes)")
    }

    @Test("steps that miss the end are refused quoting the range they miss")
    func stepQuotesRange() throws {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: "sweep boiler steam=10000 tds=300 maxtds=1000..4000 step 700")[0].outcome else {
            Issue.record("ran"); return
        }
        #expect(diagnostic.message.contains("maxtds=1,000..4,000"), "\(diagnostic.message)")
    }

    @Test("a step in a unit the input does not take is refused at the step, not at the range", arguments: [
        ("sweep boiler steam=10000 tds=300 maxtds=1000..4000 step 1 kg", 57),
        ("sweep boiler steam=10000 tds=300 maxtds=1000..4000 step -500", 57),
    ])
    func stepBlamed(_ statement: String, _ column: Int) throws {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("ran"); return }
        #expect(diagnostic.column == column, "\(diagnostic.message)")
    }

    @Test("a range of plain numbers takes the unit its step is written in, when it is the input's kind", arguments: [
        ("sweep boiler steam=10000 tds=300 maxtds=1000..4000 step 500 ppm", 7),
        ("sweep cooling dt=6 recirc=500..1000 step 100 m3/h", 6),
    ])
    func plainRangeTakesStepUnit(_ statement: String, _ rows: Int) throws {
        var session = Session()
        guard case .sweep(let sweep) = try session.run(line: statement)[0].outcome.get() else { Issue.record("not a sweep"); return }
        #expect(sweep.rows.count == rows)
    }

    @Test("a blowdown of 0 cannot be reached: solve says so, without a range to try", arguments: [
        "solve boiler steam=10000 tds=300 maxtds for blowdown_pct = 0%",
        "solve boiler steam=10000 maxtds=3000 tds for blowdown = 0 kg/h",
        "solve boiler steam=10000 boiler_conductivity=3000 feed_conductivity for blowdown_pct = 0",
    ])
    func zeroBlowdown(_ statement: String) throws {
        var session = Session()
        guard case .failure(let diagnostic) = session.run(line: statement)[0].outcome else { Issue.record("solved"); return }
        #expect(diagnostic.message.contains("cannot be reached"), "\(diagnostic.message)")
        #expect(!diagnostic.message.contains(" in "), "\(diagnostic.message)")
    }

    @Test("each column of the plan's tables has one number of decimals", arguments: [
        "cooling recirc=1000 dt=10 cycles=5 volume=500 summer_load=100% winter_load=60% inhibitor_price=€2 per kg "
            + "biocide_price=€5 per kg water_price=€1.5 sewer_price=€0.8",
        "boiler tds=300 amine=2 sulphite_price=€1 per kg internal_price=€3 per kg amine_price=€7 per kg water_price=€2 days=300 "
            + "summer_steam=8000 winter_steam=12000",
    ])
    func planColumns(_ line: String) throws {
        let made = try estimate(line).get()
        let amounts = try #require(made.tables.first { $0.header.first == "water and products" })
        // The seasons add up to the year: summer, winter and year share their decimals.
        let figures = amounts.rows.flatMap { $0.dropFirst(2) }
        #expect(Set(figures.map(Self.decimals)).count == 1, "\(amounts.rows)")
        let costs = try #require(made.tables.first { $0.header.first == "cost" })
        for column in 1..<costs.header.count {
            #expect(Set(costs.rows.map { Self.decimals($0[column]) }).count == 1, "\(costs.header[column]): \(costs.rows.map { $0[column] })")
        }
    }
}
