import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `deaerator` on its own (`help deaerator`) is the deaerator `boiler da_pressure=` figures:
/// the same plant gives the same rows, to the last digit. Its agreement with iapws is
/// `DeaeratorTests`' (the shared balance) and boiler-house.transcript's.
struct DeaeratorEstimatorTests {
    /// A random plant: a boiler with a deaerator, and the same deaerator given on its own,
    /// from the boiler's results (`boiler.feedwater`, its make-up, its cycles).
    static func plant(_ random: inout SeededGenerator) -> (boiler: String, deaerator: String) {
        let steam = 500 + random.below(50_000), tds = 20 + random.below(480), maxtds = 1500 + random.below(2000)
        let condensate = random.below(96), makeupTemp = "\(1 + random.below(60)).\(random.below(10))"
        let condensateTemp = 30 + random.below(70), pressure = "\(random.below(3)).\(5 + random.below(95))"
        let vent = random.below(3) == 0 ? "vent_flow=\(random.below(200)) kg/h" : "vent=0.\(random.below(50))%"
        let oxygen = "0.0\(random.below(30))", residual = 5 + random.below(60), strength = 20 + random.below(81), hours = 1 + random.below(24)
        let common = "\(vent) sulphite_strength=\(strength)% hours=\(hours) makeup_temp=\(makeupTemp) condensate_temp=\(condensateTemp)"
        let boiler = "boiler steam=\(steam) tds=\(tds) maxtds=\(maxtds) condensate=\(condensate)% da_pressure=\(pressure) "
            + "da_o2=\(oxygen) sulphite_residual=\(residual) \(common)"
        let deaerator = "deaerator feed=boiler.feedwater condensate=100*(boiler.feedwater - boiler.makeup)/boiler.feedwater "
            + "pressure=\(pressure) o2=\(oxygen) sulphite_residual=\(residual)/boiler.cycles \(common)"
        return (boiler, deaerator)
    }

    static func run(_ session: inout Session, _ line: String) throws -> Estimate {
        let outcome = try session.run(line: line)[0].outcome.get()
        guard case .estimate(let estimate) = outcome else { throw Failure(line: line) }
        return estimate
    }

    struct Failure: Error { let line: String }

    @Test("the standalone deaerator gives boiler da_pressure='s rows for the same plant, on random plants")
    func sameAsInBoiler() throws {
        var random = SeededGenerator(seed: 20_261_128_43)
        for _ in 0..<differentialCases(full: 100) {
            let (boilerLine, deaeratorLine) = Self.plant(&random)
            var session = Session()
            let boiler = try Self.run(&session, boilerLine)
            let alone = try Self.run(&session, deaeratorLine)
            let pairs = [("da_saturation", "outlet_temp"), ("da_steam", "steam"), ("vent_loss", "vent_loss"), ("vent_heat", "vent_heat"),
                         ("sulphite_dose", "sulphite_dose"), ("sulphite", "sulphite")]
            for (inBoiler, own) in pairs {
                let expected = try #require(boiler.result(inBoiler)?.number, "\(boilerLine): \(inBoiler)")
                #expect(alone.result(own)?.number == expected, "\(own) of \(deaeratorLine)\nafter \(boilerLine)")
            }
        }
    }

    @Test("refusals point at their input", arguments: [
        // Water boils at 81.97 °C at -0.5 barg: the make-up at 95 °C cannot be heated. Columns are the value's.
        ("deaerator feed=1000 makeup_temp=95 pressure=-0.5", "pressure", 45),
        ("deaerator feed=1000 makeup_temp=15 pressure=200", "pressure", 45),
        ("deaerator feed=1000 makeup_temp=15 condensate=50% condensate_temp=99 pressure=-0.5", "pressure", 79),
    ] as [(String, String, Int)])
    func refusals(_ line: String, _ key: String, _ column: Int) {
        expectEstimateRefused(line, key: key, column: column)
    }

    @Test("vent and vent_flow together are refused; the feed and makeup_temp are required")
    func groups() {
        #expect(fields("deaerator feed=1000 makeup_temp=15 vent=0.2% vent_flow=3", [])
            == [.problem(.input(.replaces(member: "vent_flow", replaced: "vent", group: ["vent_flow"])), column: 41)])
        guard case .failure(let missing) = estimate("deaerator condensate=50%") else {
            Issue.record("a deaerator without its feed ran"); return
        }
        #expect(missing.missingInputs.map(\.key) == ["feed", "makeup_temp"])
    }
}
