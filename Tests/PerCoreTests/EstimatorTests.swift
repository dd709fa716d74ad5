import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The estimate a statement makes after `setup`, or its diagnostic.
func estimate(_ line: String, after setup: [String] = []) -> Result<Estimate, Diagnostic> {
    var session = session(setup)
    return session.run(line: line)[0].outcome.flatMap { outcome in
        guard case .estimate(let estimate) = outcome else {
            Issue.record("not an estimate: \(outcome)")
            return .failure(Diagnostic(ArgumentError.unexpected(line), at: 0..<0))
        }
        return .success(estimate)
    }
}

/// Expects a statement refused by the estimator for `key`, the caret at `column`.
func expectEstimateRefused(_ line: String, key: String, column: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .failure(let diagnostic) = estimate(line), case .estimate(let error) = diagnostic.problem else {
        Issue.record("not refused: \(line)", sourceLocation: sourceLocation); return
    }
    #expect(error.key == key, sourceLocation: sourceLocation)
    #expect(diagnostic.column == column, "\(line)", sourceLocation: sourceLocation)
}

/// A result field of an estimate, shown as the estimate shows numbers.
func field(_ estimate: Estimate, _ key: String) -> String {
    switch estimate.result.first(where: { $0.key == key })?.value {
    case .number(let value)?: return EstimateFormat.number(value)
    case .text(let text)?: return text
    case .none?: return "none"
    case nil: return "missing"
    }
}

/// The result fields `keys` of the estimate `line` makes after `setup`, or its problem.
func fields(_ line: String, _ keys: [String], after setup: [String] = []) -> [Seen] {
    switch estimate(line, after: setup) {
    case .success(let estimate): return keys.map { .text(field(estimate, $0)) }
    case .failure(let diagnostic): return [Seen(diagnostic)]
    }
}

struct DoseTests {
    @Test("amounts", arguments: [
        ("dose liquid", "75 ml medium"),
        ("dose liquid load=full drum=9 soil=heavy water=20gpg", "280 ml hard"),
        ("dose powder", "75 g medium"),
        ("dose liquid load=2kg", "40 ml medium"),
        ("dose liquid load=quarter", "40 ml medium"),
        ("dose liquid soil=light water=soft", "45 ml soft"),
        ("dose liquid water=very-hard load=9", "225 ml very-hard"),
        ("dose liquid base=60 load=6kg soil=heavy", "120 ml medium"),
        ("dose liquid load=10 lb", "75 ml medium"),
        ("dose pods", "1 pod medium"),
        ("dose pods soil=heavy", "2 pods medium"),
        ("dose pods water=hard", "2 pods hard"),
        ("dose pods load=6kg", "1 pod medium"),
        ("dose pods load=6.5kg", "2 pods medium"),
    ])
    func amounts(_ line: String, _ expected: String) {
        #expect(fields(line, ["amount", "unit", "band"]).map(\.description).joined(separator: " ") == expected)
    }

    @Test("hardness bands and their edges, in every unit", arguments: [
        ("water=1.4999", "soft"), ("water=1.5", "medium"), ("water=2.5", "medium"), ("water=2.5001", "hard"),
        ("water=3.8", "hard"), ("water=3.8001", "very-hard"), ("water=0", "soft"),
        ("water=250.21725ppm", "medium"), ("water=250.2173ppm", "hard"), ("water=14dH", "medium"),
        ("water=14.01dH", "medium"), ("water=14.02dH", "hard"), ("water=20fH", "medium"), ("water=15clark", "medium"), ("water=20gpg", "hard"),
        ("water=1.5mmol/l", "medium"), ("water=soft", "soft"),
    ])
    func bands(_ water: String, _ band: String) {
        #expect(fields("dose liquid \(water)", ["band"]) == [.text(band)])
    }

    @Test("scoops, to the nearest half")
    func scoops() throws {
        let made = try estimate("dose powder scoop=40 load=half").get()
        #expect(field(made, "amount") == "60")
        #expect(field(made, "scoops") == "1.5")
        #expect(fields("dose powder scoop=25 soil=heavy", ["amount", "scoops"]) == ["115", "4.5"])
    }

    @Test("warnings", arguments: [
        ("dose liquid load=0.8", "too little laundry"), ("dose liquid load=1.5 drum=8", "too little laundry"),
        ("dose liquid load=8", "too much laundry"), ("dose liquid load=full", nil), ("dose liquid load=1.75", nil),
        ("dose liquid base=1", "the dose rounds to 0 ml: check the pack's base dose (base=1)"),
        // Without condensate, blowdown is tds/maxtds of the feedwater: over 20% warns.
        ("boiler steam=1000 tds=2999.99", "blowdown is 100.00% of the feedwater, over 20%: the make-up TDS (2,999.99 ppm) is close to maxtds (3,000 ppm); check both"),
        ("boiler steam=1000 tds=601", "blowdown is 20.03% of the feedwater, over 20%"), ("boiler steam=1000 tds=600", nil),
        ("boiler steam=1000 tds=300 condensate=50%", nil), ("boiler steam=1000 tds=500 maxtds=1500 condensate=50%", nil),
        ("boiler steam=1000 tds=501 maxtds=1500 condensate=50%", "blowdown is 20.05% of the feedwater, over 20%"),
        ("boiler steam=1000 boiler_conductivity=1000 feed_conductivity=250", "blowdown is 25% of the feedwater, over 20%: the measured cycles (4) are low; check the conductivities"),
    ] as [(String, String?)])
    func warnings(_ line: String, _ warning: String?) throws {
        let made = try estimate(line).get()
        #expect(made.warnings.first.map { String($0.prefix(warning?.count ?? 0)) } == warning)
    }

    @Test("the cooling note gives the factor per °F as 5/9 of the one given", arguments: [
        ("cooling recirc=100 dt=5", "(0.00085 per °F)"), ("cooling recirc=100 dt=5 factor=0.0018", "(0.001 per °F)"),
        ("cooling recirc=100 dt=5 factor=0.001", "(≈ 0.000556 per °F)"),
    ])
    func coolingFactorNote(_ line: String, _ shown: String) throws {
        #expect(try estimate(line).get().conventions[0].contains(shown))
    }

    @Test("refusals", arguments: [
        ("dose", .problem(.input(.missing(estimator: "dose", inputs: ["form (detergent form)"], example: "dose liquid load=full drum=9 soil=heavy water=20gpg")), column: 1)),
        ("dose gel", .problem(.input(.expectedKeyValue(estimator: "dose", first: "form", keys: ["form", "load", "drum", "soil", "water", "base", "scoop", "and more (help dose)"])), column: 6)),
        ("dose liquid drum=25", .problem(.input(.outOfRange(name: "drum", allowed: "from 1 to 20 kg", got: "25 kg")), column: 18)),
        ("dose liquid drum=0.5", .problem(.input(.outOfRange(name: "drum", allowed: "from 1 to 20 kg", got: "0.5 kg")), column: 18)),
        ("dose liquid soil=filthy", .problem(.input(.notAChoice(name: "soil", choices: ["light", "normal", "heavy"], got: "filthy")), column: 18)),
        ("dose liquid water=25", .problem(.input(.outOfRange(name: "water", allowed: "from 0 to 20 mmol/L", got: "25 mmol/L")), column: 19)),
        ("dose liquid water=3 t/h", .problem(.input(.wrongKind(name: "water", wanted: "a hardness (mmol/L, °dH, °fH, gpg, °Clark, ppm or mg/L as CaCO₃) or soft, medium, hard or very-hard", got: "a mass flow (3 t/h)")), column: 19)),
        ("dose liquid water=3kg", .problem(.input(.wrongKind(name: "water", wanted: "a hardness (mmol/L, °dH, °fH, gpg, °Clark, ppm or mg/L as CaCO₃) or soft, medium, hard or very-hard", got: "a mass (3 kg)")), column: 19)),
        ("dose liquid load=-1", .problem(.input(.outOfRange(name: "load", allowed: "more than 0 and up to 50 kg", got: "-1 kg")), column: 18)),
        ("dose liquid base=0", .problem(.input(.outOfRange(name: "base", allowed: "more than 0 and up to 1000 ml or g", got: "0")), column: 18)),
        ("dose powder base=75ml", .problem(.estimate(.baseDoseOfOtherKind(form: "powder", wanted: .mass, given: "75 ml", is: .volume)), column: 18)),
        ("dose liquid base=75 g", .problem(.estimate(.baseDoseOfOtherKind(form: "liquid", wanted: .volume, given: "75 g", is: .mass)), column: 18)),
        ("dose liquid liquid", .problem(.input(.expectedKeyValue(estimator: "dose", first: "form", keys: ["form", "load", "drum", "soil", "water", "base", "scoop", "and more (help dose)"])), column: 13)),
        ("dose liquid sol=heavy", .problem(.input(.unknownKey(estimator: "dose", key: "sol", suggestion: "soil", keys: ["form", "load", "drum", "soil", "water", "base", "scoop", "and more (help dose)"])), column: 13)),
        ("dose liquid soil=heavy soil=light", .problem(.input(.givenTwice("soil")), column: 24)),
        ("dose liquid soil=", .problem(.input(.needsValue(key: "soil", hint: ", as in soil=light")), column: 13)),
        ("boiler steam=", .problem(.input(.needsValue(key: "steam", hint: ": steam output (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)")), column: 8)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(fields(line, []) == [expected])
    }
}

struct BoilerTests {
    static let keys = ["blowdown_kg_h", "feedwater_kg_h", "makeup_kg_h", "cycles", "blowdown_pct", "sulphite_ppm", "sulphite_kg_day"]

    @Test("SPEC example and flow units", arguments: [
        ("boiler steam=10000 tds=300 maxtds=3000 condensate=60%", ["444.44", "10,444.44", "4,444.44", "23.5", "4.26", "17.04", "4.27"]),
        ("boiler steam=10 t/h tds=300 condensate=60", ["444.44", "10,444.44", "4,444.44", "23.5", "4.26", "17.04", "4.27"]),
        ("boiler steam=10t/h tds=300 condensate=0.6*100", ["444.44", "10,444.44", "4,444.44", "23.5", "4.26", "17.04", "4.27"]),
        ("boiler steam=2.777777777777777kg/s tds=300 condensate=60%", ["444.44", "10,444.44", "4,444.44", "23.5", "4.26", "17.04", "4.27"]),
        ("boiler steam=22046.2262184878lb/h tds=300 condensate=60%", ["444.44", "10,444.44", "4,444.44", "23.5", "4.26", "17.04", "4.27"]),
        ("boiler steam=1000 tds=100", ["34.48", "1,034.48", "1,034.48", "30", "3.33", "16.76", "0.416"]),
    ])
    func balance(_ line: String, _ expected: [String]) {
        #expect(fields(line, BoilerTests.keys) == expected.map(Seen.text))
    }

    @Test("product strengths, internal treatment, amine and hours")
    func products() {
        let line = "boiler steam=10000 tds=300 condensate=60% sulphite_strength=50% internal=40 internal_strength=25% amine=5 hours=12"
        #expect(fields(line, ["sulphite_kg_day", "internal_kg_day", "amine_kg_day"]) == ["4.27", "0.853", "0.6"])
    }

    @Test("a re-run keeps every other input")
    func rerun() {
        let first = "boiler steam=10000 tds=300 condensate=60%"
        #expect(fields("boiler condensate=70%", ["blowdown_kg_h", "cycles"], after: [first]) == ["333.33", "31"])
        #expect(fields("boiler", ["blowdown_kg_h"], after: [first]) == ["444.44"])
    }

    @Test("refusals", arguments: [
        ("boiler", .problem(.input(.missing(estimator: "boiler", inputs: ["steam (kg/h)", "tds (ppm)"], example: "boiler steam=10000 tds=300 maxtds=3000 condensate=60%")), column: 1)),
        ("boiler steam=4t/h", .problem(.input(.missing(estimator: "boiler", inputs: ["tds (ppm)"], example: "boiler steam=10000 tds=300 maxtds=3000 condensate=60%")), column: 1)),
        ("boiler steam=-5 tds=300", .problem(.input(.outOfRange(name: "steam", allowed: "more than 0 kg/h", got: "-5 kg/h")), column: 14)),
        ("boiler steam=0 tds=300", .problem(.input(.outOfRange(name: "steam", allowed: "more than 0 kg/h", got: "0 kg/h")), column: 14)),
        ("boiler steam=-5 t/h tds=300", .problem(.input(.outOfRange(name: "steam", allowed: "more than 0 kg/h", got: "-5 t/h")), column: 14)),
        ("boiler steam=5 tds=3000", .problem(.estimate(.rule(key: "tds", message: "tds (3000 ppm) must be below maxtds (3000 ppm): no blowdown can hold the boiler at its limit", others: ["maxtds"])), column: 20)),
        ("boiler steam=5 tds=300 maxtds=200", .problem(.estimate(.rule(key: "tds", message: "tds (300 ppm) must be below maxtds (200 ppm): no blowdown can hold the boiler at its limit", others: ["maxtds"])), column: 20)),
        ("boiler steam=5 tds=300 condensate=100%", .problem(.input(.outOfRange(name: "condensate", allowed: "from 0% to under 100%", got: "100%")), column: 35)),
        ("boiler steam=5 tds=300 hours=25", .problem(.input(.outOfRange(name: "hours", allowed: "more than 0 and up to 24 h/day", got: "25 h/day")), column: 30)),
        ("boiler steam=5 tds=300 sulphite_strength=0", .problem(.input(.outOfRange(name: "sulphite_strength", allowed: "more than 0% and up to 100%", got: "0%")), column: 42)),
        ("boiler steam=5°C tds=300", .problem(.input(.wrongKind(name: "steam", wanted: "a mass flow (kg/h, t/h, lb/h, kg/s)", got: "a temperature (5 °C)")), column: 14)),
        ("boiler steam=5 tds=300 kg", .problem(.input(.wrongKind(name: "tds", wanted: "a number in ppm (also mg/L)", got: "a mass (300 kg)")), column: 20)),
        ("boiler steam=5 tds=x", .problem(.syntax(.unknownName("x", suggestion: nil)), column: 20)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(fields(line, []) == [expected])
    }
}

struct CoolingTests {
    static let keys = ["evaporation", "drift", "bleed", "makeup", "inhibitor_kg_day", "biocide_kg", "half_life_h"]

    @Test("SPEC example and units", arguments: [
        ("cooling recirc=1000 dt=10 cycles=5 volume=500", ["15.3", "0.05", "3.775", "19.125", "9.18", "25", "90.61"]),
        ("cooling recirc=1000 dt=18F cycles=5 volume=500", ["15.3", "0.05", "3.775", "19.125", "9.18", "25", "90.61"]),
        ("cooling recirc=(1000/3.6) l/s dt=10 cycles=5 volume=500000l", ["15.3", "0.05", "3.775", "19.125", "9.18", "25", "90.61"]),
        ("cooling recirc=1000 dt=10", ["15.3", "0.05", "5.05", "20.4", "12.24", "none", "none"]),
    ])
    func balance(_ line: String, _ expected: [String]) {
        #expect(fields(line, CoolingTests.keys) == expected.map(Seen.text))
    }

    @Test("a flow in gpm or L/s gives the same balance as the same flow in m3/h")
    func flowUnits() {
        #expect(fields("cooling recirc=100gpm dt=10", CoolingTests.keys)
            == fields("cooling recirc=22.712470704 dt=10", CoolingTests.keys))
        #expect(fields("cooling recirc=10 l/s dt=10", CoolingTests.keys)
            == fields("cooling recirc=36 dt=10", CoolingTests.keys))
    }

    @Test("drift can limit the cycles")
    func driftLimited() throws {
        let made = try estimate("cooling recirc=100 dt=5 cycles=20 drift=0.5%").get()
        #expect(field(made, "bleed") == "0")
        #expect(field(made, "makeup") == "1.265")
        #expect(made.warnings.first?.hasPrefix("drift limits the cycles") == true)
    }

    @Test("refusals", arguments: [
        ("cooling", .problem(.input(.missing(estimator: "cooling", inputs: ["recirc (m3/h)", "dt (K)"], example: "cooling recirc=1000 dt=10 cycles=5 volume=500")), column: 1)),
        ("cooling recirc=1000 dt=10 cycles=1", .problem(.input(.outOfRange(name: "cycles", allowed: "more than 1 and up to 100", got: "1")), column: 34)),
        ("cooling recirc=1000 dt=10 volume=0", .problem(.input(.outOfRange(name: "volume", allowed: "more than 0 m3", got: "0 m3")), column: 34)),
        ("cooling recirc=1000 dt=10 drift=20%", .problem(.input(.outOfRange(name: "drift_pct", allowed: "from 0% to 10%", got: "20%")), column: 33)),
        ("cooling recirc=1000kg dt=10", .problem(.input(.wrongKind(name: "recirc", wanted: "a volume flow (m3/h, L/s, L/min, gpm)", got: "a mass (1000 kg)")), column: 16)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(fields(line, []) == [expected])
    }
}

struct InvestTests {
    @Test("SPEC examples and more", arguments: [
        ("invest years=20 initial=100000 rate=4% compound=annually", "219,112.31"),
        ("invest years=20 initial=100000 rate=4% compound=annually fee=1%", "179,213.48"),
        ("invest years=10 initial=10000 monthly=500 rate=6%", "100,133.64"),
        ("invest years=10 initial=10000 monthly=500 rate=6% compound=12", "100,133.64"),
        ("invest years=2 monthly=100 rate=0", "2,400.00"),
        ("invest years=1 initial=1200 monthly=-100 rate=0", "0.00"),
        ("invest years=1 monthly=100 rate=12% timing=start", "1,280.93"),
        ("invest years=1 monthly=100 rate=12% timing=end", "1,268.25"),
        ("invest years=1.5 initial=100 rate=0", "100.00"),
        ("invest years=1 initial=1000 rate=12% compound=daily", "1,127.47"),
        ("invest years=1 initial=1000 rate=-50% compound=annually", "500.00"),
        ("invest years=1 initial=1000 rate=-50%", "600.07"),
    ])
    func balances(_ line: String, _ balance: String) throws {
        let made = try estimate(line).get()
        #expect(made.lines[0].value == balance)
    }

    @Test("totals add up: balance = deposited + interest − fees")
    func totals() throws {
        let made = try estimate("invest years=5 initial=1000 monthly=50 rate=5% fee=0.5% timing=start").get()
        guard case .number(let balance) = made.result[0].value, case .number(let deposited) = made.result[1].value,
              case .number(let interest) = made.result[2].value, case .number(let fees) = made.result[3].value else {
            Issue.record("result fields are numbers"); return
        }
        #expect(deposited.doubleValue == 4000)
        #expect(abs(deposited.doubleValue + interest.doubleValue - fees.doubleValue - balance.doubleValue) < 1e-6)
        #expect(made.tables.first?.rows.count == 5)
        #expect(made.tables.first?.bars.last == 1)
    }

    @Test("withdrawals stop at an empty account")
    func withdrawals() throws {
        let made = try estimate("invest years=2 initial=1000 monthly=-150 rate=0").get()
        #expect(made.lines[0].value == "0.00")
        #expect(made.lines[1].value == "0.00")
        #expect(made.warnings == ["the withdrawals empty the account in year 1, month 7"])
    }

    @Test("refusals", arguments: [
        ("invest rate=4%", .problem(.input(.missing(estimator: "invest", inputs: ["years (years)"], example: "invest years=10 initial=10000 monthly=500 rate=6%")), column: 1)),
        ("invest years=0 rate=4%", .problem(.input(.outOfRange(name: "years", allowed: "more than 0 and up to 100 years", got: "0")), column: 14)),
        ("invest years=101 rate=4%", .problem(.input(.outOfRange(name: "years", allowed: "more than 0 and up to 100 years", got: "101")), column: 14)),
        ("invest years=1.1 rate=4%", .problem(.estimate(.rule(key: "years", message: "years must come to whole months (1.5 is 18 months; 1.1 is not whole)", others: [])), column: 14)),
        ("invest years=1 rate=-100%", .problem(.input(.outOfRange(name: "rate", allowed: "more than -100% and up to 1000%", got: "-100%")), column: 21)),
        ("invest years=1 rate=4% fee=100%", .problem(.input(.outOfRange(name: "fee", allowed: "from 0% to under 100%", got: "100%")), column: 28)),
        ("invest years=1 rate=4% initial=-5", .problem(.input(.outOfRange(name: "initial", allowed: "at least 0", got: "-5")), column: 32)),
        // A dimensionless unit is no plain number, and no hours a day.
        ("cooling recirc=1000 dt=10 hours=50%", .problem(.input(.wrongKind(name: "hours", wanted: "a number in h/day (also h, min/day)", got: "a percentage (50%)")), column: 33)),
        ("cooling recirc=1000 dt=10 cycles=500%", .problem(.input(.wrongKind(name: "cycles", wanted: "a plain number", got: "a percentage (500%)")), column: 34)),
        ("cooling recirc=1000 dt=10 ph=7 ppm calcium=1 alkalinity=1 tds=1 temp=20", .problem(.input(.wrongKind(name: "ph", wanted: "a plain number", got: "a number in ppm (7 ppm)")), column: 30)),
        ("invest years=1 rate=4% compound=hourly", .problem(.input(.notAChoice(name: "compound", choices: ["annually", "semiannually", "quarterly", "monthly", "daily", "1", "2", "4", "12", "365"], got: "hourly")), column: 33)),
    ] as [(String, Seen)])
    func refusals(_ line: String, _ expected: Seen) {
        #expect(fields(line, []) == [expected])
    }
}

/// Each estimator's results come from one declaration (`ResultSpec`): the text, the JSON,
/// `vars` and the names `ESTIMATOR.RESULT` are views of it.
struct ResultDeclarationTests {
    /// A statement for each estimator that gives every one of its results.
    static let everything: [String: String] = [
        "dose": "dose powder scoop=40 water=3 price=€12.99 per 2.95 kg pack=2.95 kg loads=4 per week",
        "boiler": "boiler steam=10000 tds=300 makeup_conductivity=500 condensate_conductivity=20 feed_conductivity=200 amine=5 "
            + "sulphite_pack=25 kg sulphite_price=€45 per 25 kg internal_pack=25 kg internal_price=€60 per 25 kg "
            + "amine_pack=25 kg amine_price=€80 per 25 kg water_price=€2 per m3 sewer_price=€1 per m3 "
            + "pressure=10 barg makeup_temp=15 fuel_price=€0.05 per kWh silica=4 alkalinity=40 sulphite_pump=1 l/h "
            + "internal_pump=1 l/h amine_pump=1 l/h da_pressure=0.34 flash_pressure=0.5",
        "deaerator": "deaerator feed=10 t/h condensate=60% makeup_temp=15",
        "cooling": "cooling load=7000 kW dt=10 tower_conductivity=2000 makeup_conductivity=400 volume=500 ph=7.8 calcium=200 "
            + "alkalinity=150 tds=500 temp=30 inhibitor_pack=25 kg inhibitor_price=€50 per 25 kg biocide_pack=25 kg "
            + "biocide_price=€90 per 25 kg water_price=€2 per m3 sewer_price=€1 per m3 "
            + "silica=20 chloride=50 sulphate=60 tower_chloride=250 tower_silica=90 skin_temp=50 inhibitor_pump=1 l/h target_alkalinity=200 "
            + "acid_pack=200 l acid_price=€0.25 per kg acid_pump=5 l/h",
        "invest": "invest years=3 initial=1000 rate=5%",
    ]

    @Test("no result shares a name with an input, and names and JSON keys are each used once")
    func namesApart() {
        for estimator in Estimators.all {
            // The names inputs are kept under; an alias (`sulphite=`) is only a way to write a key.
            let inputs = Set(estimator.inputs.map(\.key))
            let names = estimator.results.map(\.name)
            #expect(inputs.isDisjoint(with: names), "\(estimator.name): \(inputs.intersection(names).sorted())")
            #expect(Set(names).count == names.count, "\(estimator.name)")
            #expect(Set(estimator.results.map(\.jsonKey)).count == names.count, "\(estimator.name)")
        }
    }

    @Test("every result is in the text, the JSON and vars", arguments: Estimators.all.map { $0.name })
    func everyResultShown(_ name: String) throws {
        let estimator = try #require(Estimators.named(name))
        var session = Session()
        let made = try session.run(line: #require(Self.everything[name]))[0].outcome.get()
        guard case .estimate(let estimate) = made else { Issue.record("\(made)"); return }
        guard case .variables(let variables, _)? = try? session.run(line: "vars \(name)")[0].outcome.get() else {
            Issue.record("vars \(name)"); return
        }
        let json = Set(estimate.result.map(\.key))
        let labels = Set(estimate.lines.map(\.label))
        let cells = estimate.tables.flatMap { $0.rows.flatMap { $0 } }
        for spec in estimator.results {
            #expect(json.contains(spec.jsonKey), "\(name): \(spec.jsonKey) missing from the JSON")
            let value = try #require(estimate.result(spec.name), "\(name): \(spec.name) not given")
            if spec.isKept {
                #expect(variables.contains { $0.name == "\(name).\(spec.name)" }, "\(name).\(spec.name) missing from vars")
            }
            switch spec.reading {
            case .line(let label): #expect(labels.contains(label), "\(name): no line \(label)")
            case .note(of: let other):
                let line = estimator.results.first { $0.name == other }.flatMap { if case .line(let label) = $0.reading { label } else { nil } }
                #expect(line.map(labels.contains) == true, "\(name): \(spec.name) is read beside \(other), which has no line")
            case .table:
                guard case .number(let number)? = value.number.map({ Figure.Value.number($0) }) else { continue }
                let shown = spec.unit == .money ? EstimateFormat.money(number, currency: estimate.currency) : EstimateFormat.number(number)
                #expect(cells.contains { $0.contains(shown) }, "\(name): \(spec.name) (\(shown)) is in no table")
            }
        }
    }
}
