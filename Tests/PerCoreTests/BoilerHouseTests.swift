import Foundation
import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The boiler house (README, `help boiler`): the boiler water against the ABMA/ASME limits
/// of its drum-pressure band, the feed pumps' settings, and the cooling indices at the
/// heat-exchanger wall. Expected values come from the published table written out again
/// here, the formulas written out here, or floating point; never from per's own tables.
@Suite("The boiler house")
struct BoilerHouseTests {
    static func q(_ n: Int, _ d: Int = 1) -> Number { .exact(Rational(BigInt(n), BigInt(d))) }

    /// The number of a result of an estimate, by its name.
    static func number(_ estimate: Estimate, _ name: String) -> Number? { estimate.result(name)?.number }

    /// The published bands: top in psig, label, ABMA cycles, ABMA TDS (ppm), ASME silica
    /// (ppm) — industrialwateradvisory.com's "ABMA Maximum CoC by Pressure" and the ASME/ABMA
    /// tables as the scribd copy of the ASME guidelines prints them.
    static let published: [(top: String, label: String, cycles: Int, tds: Int, silica: Int)] = [
        ("300", "0–300 psig", 70, 3500, 150), ("450", "301–450 psig", 60, 3000, 90), ("600", "451–600 psig", 50, 2500, 40),
        ("750", "601–750 psig", 40, 2000, 30), ("900", "751–900 psig", 25, 1500, 20), ("1000", "901–1000 psig", 20, 1250, 8),
        ("1500", "1001–1500 psig", 15, 1000, 2), ("2000", "1501–2000 psig", 10, 750, 1),
    ]

    /// Each band's top, in psig, and just above it; the tops in barg just under and just over
    /// (300 psig = 300 × 6894.757293168… Pa = 20.684271879505… barg, by Python's fractions
    /// with a psi of 0.45359237 kg × 9.80665 m/s² / 0.0254² m²), in kPa (gauge, as a plain
    /// kPa is) and in psia (the top plus 14.695948775513… psi of the standard atmosphere).
    static let edges: [(pressure: String, band: Int?)] = {
        let barg = ["20.684271879505", "31.026407819257", "41.368543759010", "51.710679698762", "62.052815638515",
                    "68.947572931683", "103.421359397525", "137.895145863367"]
        let kilopascals = ["2068.4271879505", "3102.6407819257", "4136.8543759010", "5171.0679698762", "6205.2815638515",
                           "6894.7572931683", "10342.1359397525", "13789.5145863367"]
        let psia = ["314.695948775513", "464.695948775513", "614.695948775513", "764.695948775513", "914.695948775513",
                    "1014.695948775513", "1514.695948775513", "2014.695948775513"]
        var cases: [(String, Int?)] = [("0 psig", 0), ("-5 psig", 0)]
        for (index, band) in published.enumerated() {
            let above = index + 1 < published.count ? index + 1 : nil
            // The psig figures are exact at the top, and 0.0001 psig over it is the next band.
            cases += [("\(band.top) psig", index), ("\(band.top).0001 psig", above), ("(\(band.top) psig to barg)", index)]
            // The decimals stop just under the top; one more in the last place is over it.
            cases += [("\(barg[index]) barg", index), ("\(bump(barg[index])) barg", above)]
            cases += [("\(kilopascals[index]) kPa", index), ("\(bump(kilopascals[index])) kPa", above)]
            cases += [("\(psia[index]) psia", index), ("\(bump(psia[index])) psia", above)]
        }
        return cases
    }()

    /// The decimal one unit higher in its last place (`20.684271879505` → `…506`).
    static func bump(_ decimal: String) -> String {
        var digits = Array(decimal)
        var index = digits.count - 1
        while digits[index] == "9" { digits[index] = "0"; index -= 1 }
        digits[index] = Character(String(digits[index].wholeNumberValue! + 1))
        return String(digits)
    }

    @Test("every band at both edges, in psig, barg, kPa and psia: the band, its limits and the maxtds it gives", arguments: edges)
    func bandEdges(_ pressure: String, _ band: Int?) throws {
        let made = try estimate("boiler steam=10000 tds=300 pressure=\(pressure)").get()
        guard let band else {
            // Above 2000 psig: no band, and a warning says so; maxtds is the general default.
            #expect(made.result("pressure_band") == nil)
            #expect(made.warnings.contains { $0.contains("above the 2000 psig of the highest band") }, "\(made.warnings)")
            #expect(Self.number(made, "blowdown") == Self.q(10000 * 300, 3000 - 300))
            return
        }
        let expected = Self.published[band]
        #expect(field(made, "pressure_band") == expected.label, "\(pressure)")
        #expect(Self.number(made, "limit_cycles") == Self.q(expected.cycles))
        #expect(Self.number(made, "limit_tds") == Self.q(expected.tds))
        #expect(Self.number(made, "limit_silica") == Self.q(expected.silica))
        // maxtds follows the band: blowdown = S·tds/(maxtds − tds), exactly.
        #expect(Self.number(made, "blowdown") == Self.q(10000 * 300, expected.tds - 300), "\(pressure)")
        #expect(made.inputs.first { $0.key == "maxtds" }?.text == "\(expected.tds) ppm (ABMA at \(expected.label))")
        // At the band's own TDS no limit is passed (a low maxtds may still warn of a high blowdown).
        #expect(!made.warnings.contains { $0.contains("limit of") }, "\(made.warnings)")
    }

    @Test("the make-up's silica and alkalinity in the boiler water, and each limit passed", arguments: [
        // 40 barg is 580.15 psig: 451–600, maxtds 2500. Condensate 60%: Bd = 4000·300/2200 = 6000/11 kg/h,
        // M = 4000 + 6000/11 = 50000/11, so M/Bd = 25/3; cycles F/Bd = (10000 + 6000/11)/(6000/11) = 58/3.
        // Silica 5 ppm × 25/3 = 125/3 ppm, over 40: it allows 58/3 × 40/(125/3) = 2320/125 = 18.56 cycles, and
        // a make-up of at most 40 × 3/25 = 4.8 ppm.
        ("boiler steam=10000 tds=300 condensate=60% pressure=40 barg silica=5", "boiler_silica", q(125, 3), q(2320, 125),
         "5 ppm silica is above the 4.8 ppm that the 451–600 psig ASME silica limit allows: the boiler water would pass 40 ppm"),
        // Alkalinity 50 ppm × 25/3 = 1250/3 = 416.67 ppm, under 500: it allows 58/3 × 500/(1250/3) = 23.2 cycles;
        // the TDS, at 2500, allows the cycles run, 58/3.
        ("boiler steam=10000 tds=300 condensate=60% pressure=40 barg alkalinity=50", "boiler_alkalinity", q(1250, 3), q(58, 3), nil),
        // Alkalinity 70: 1750/3 = 583.33 ppm, over 500, allows 58/3 × 500 × 3/1750 = 116/7 = 16.57 cycles, and a
        // make-up of at most 500 × 3/25 = 60 ppm.
        ("boiler steam=10000 tds=300 condensate=60% pressure=40 barg alkalinity=70", "boiler_alkalinity", q(1750, 3), q(116, 7),
         "70 ppm alkalinity is above the 60 ppm that the 451–600 psig ABMA alkalinity limit allows: the boiler water would pass 500 ppm"),
    ] as [(String, String, Number, Number, String?)])
    func concentrated(_ line: String, _ name: String, _ boiler: Number, _ maxCycles: Number, _ warning: String?) throws {
        let made = try estimate(line).get()
        #expect(Self.number(made, name) == boiler)
        #expect(Self.number(made, "max_cycles") == maxCycles)
        #expect(made.warnings.first.map { String($0.prefix(warning?.count ?? 0)) } == warning, "\(made.warnings)")
    }

    @Test("limits passed by what is given: cycles, maxtds, a measured conductivity", arguments: [
        // tds 30 and maxtds 2500 at 451–600 psig: cycles (S + Bd)/Bd with Bd = S·30/2470, 2500/30 = 83.33, over 50.
        ("boiler steam=10000 tds=30 pressure=40 barg", "83.33 cycles are above the ABMA limit of 50 for 451–600 psig"),
        ("boiler steam=10000 tds=300 maxtds=3000 pressure=40 barg", "3000 ppm maxtds is above the 2,500 ppm that the 451–600 psig ABMA TDS limit allows"),
        // 6000/300 = 20 cycles measured; 6000 µS/cm is over the 5000 of 451–600 psig.
        ("boiler steam=10000 boiler_conductivity=6000 feed_conductivity=300 pressure=40 barg",
         "6000 µS/cm boiler_conductivity is above the 5,000 µS/cm that the 451–600 psig ABMA conductivity limit allows"),
        ("boiler steam=10000 tds=300 maxtds=2500 pressure=40 barg", nil),
    ] as [(String, String?)])
    func limitsPassed(_ line: String, _ warning: String?) throws {
        let made = try estimate(line).get()
        #expect(made.warnings.first.map { String($0.prefix(warning?.count ?? 0)) } == warning, "\(made.warnings)")
    }

    @Test("a sweep over maxtds or the make-up's silica tells the rows over a limit once", arguments: [
        ("sweep boiler steam=10000 tds=300 pressure=40 barg maxtds=2000..4000 step 500",
         "maxtds 3000–4000 ppm are above the 2,500 ppm that the 451–600 psig ABMA TDS limit allows: carryover and foaming; lower maxtds"),
        // M/Bd = 25/3 as above: a make-up silica over 40 × 3/25 = 4.8 ppm passes the limit.
        ("sweep boiler steam=10000 tds=300 condensate=60% pressure=40 barg silica=2..8",
         "silica 5–8 ppm are above the 4.8 ppm that the 451–600 psig ASME silica limit allows: the boiler water would pass 40 ppm; "
            + "more blowdown, or less silica in the make-up"),
    ])
    func sweepRuns(_ statement: String, _ warning: String) throws {
        var session = Session()
        let outcome = try session.run(line: statement)[0].outcome.get()
        guard case .sweep(let sweep) = outcome else { Issue.record("\(outcome)"); return }
        #expect(sweep.warnings == [warning])
    }

    @Test("a maxtds that follows the pressure is refused at the pressure when tds is not below it")
    func tdsAboveFollowingMaxTDS() {
        // 1800 psig: 1501–2000, maxtds 750.
        let seen = fields("boiler steam=10000 tds=800 pressure=1800 psig", ["blowdown"])
        #expect(seen.first?.isProblem == true)
        #expect(seen.first?.description.contains("maxtds (750 ppm, ABMA at 1501–2000 psig)") == true, "\(seen)")
        // Given, maxtds is kept, whatever the pressure.
        #expect(fields("boiler steam=10000 tds=300 maxtds=3000 pressure=1800 psig", ["limit_tds", "cycles"]) == ["750", "10"])
    }

    @Test("vars shows the maxtds the pressure gives")
    func varsFollowsThePressure() {
        var session = session(["boiler steam=1000 tds=300 pressure=40 barg"])
        let shown = session.run(line: "vars boiler")[0].outcome.map { outcome -> String in
            guard case .variables(let variables, _) = outcome else { return "" }
            return variables.first { $0.name == "boiler.maxtds" }.map { "\($0.text) \($0.isDefault)" } ?? ""
        }
        #expect((try? shown.get()) == "2500 ppm (ABMA at 451–600 psig) true")
    }

    /// A case of a feed pump: the statement, the product, the product's kg/h by the
    /// estimator's formula written out, its density in kg/L and the pump in L/h.
    struct PumpCase: CustomTestStringConvertible, Sendable {
        let line: String
        let product: String
        let kilogramsPerHour: Number
        let density: Number
        let pump: Number
        let warning: String?
        var testDescription: String { line }
    }

    static let pumpCases: [PumpCase] = {
        // Boiler 10000 kg/h, tds 300, maxtds 3000, condensate 60%: Bd = 4000·300/2700 = 4000/9, F = 94000/9,
        // cycles 23.5. Sulphite on feedwater 7.88·2 + 30/23.5 ppm; kg/h = F·dose/10⁶/strength.
        let feedwater = q(94000, 9), blowdown = q(4000, 9)
        let sulphite = (try! q(788, 100) * 2 + q(30) / q(47, 2))
        let boiler = "boiler steam=10000 tds=300 maxtds=3000 condensate=60%"
        return [
            PumpCase(line: "\(boiler) sulphite_pump=2.5 l/h", product: "sulphite",
                     kilogramsPerHour: try! feedwater * sulphite / 1_000_000, density: 1, pump: q(5, 2),
                     warning: "the sulphite pump runs at 7.12% of its maximum, below 10%"),
            // 20 ml/min is 1.2 L/h; half-strength product at 1.25 kg/L over 16 h a day: the same kg/h while it runs.
            PumpCase(line: "\(boiler) sulphite_strength=50% sulphite_density=1.25 sulphite_pump=20 ml/min hours=16", product: "sulphite",
                     kilogramsPerHour: try! feedwater * sulphite / 1_000_000 / q(1, 2), density: q(5, 4), pump: q(6, 5), warning: nil),
            // Internal treatment on the blowdown at 40 ppm.
            // 444.44 kg/h × 40 ppm = 0.0178 kg/h: 88.89% of 0.02 L/h, inside 10–90%.
            PumpCase(line: "\(boiler) internal_pump=0.02 l/h", product: "internal",
                     kilogramsPerHour: try! blowdown * 40 / 1_000_000, density: 1, pump: q(1, 50), warning: nil),
            PumpCase(line: "\(boiler) internal_pump=0.015 l/h", product: "internal",
                     kilogramsPerHour: try! blowdown * 40 / 1_000_000, density: 1, pump: q(3, 200),
                     warning: "the internal pump cannot feed 0.0178 L/h: that is 118.52% of its maximum"),
            PumpCase(line: "\(boiler) internal_pump=0.0197 l/h", product: "internal",
                     kilogramsPerHour: try! blowdown * 40 / 1_000_000, density: 1, pump: q(197, 10000),
                     warning: "the internal pump runs at 90.24% of its maximum, above 90%"),
            // Amine on the steam: 10000 kg/h × 2 ppm = 0.02 kg/h; 0.01 gal/h is 0.03785411784 L/h.
            PumpCase(line: "\(boiler) amine=2 amine_density=0.9 amine_pump=0.01 gal/h", product: "amine",
                     kilogramsPerHour: q(2, 100), density: q(9, 10), pump: q(3785411784, 100_000_000_000), warning: nil),
            // Cooling: bleed 3.775 + drift 0.05 m³/h at 100 g/m³ is 0.3825 kg/h of inhibitor.
            PumpCase(line: "cooling recirc=1000 dt=10 cycles=5 inhibitor_density=1.1 inhibitor_pump=1 l/h", product: "inhibitor",
                     kilogramsPerHour: q(3825, 10000), density: q(11, 10), pump: 1, warning: nil),
        ]
    }()

    @Test("feed pumps: flow = kg/h ÷ density, stroke = 100 × flow ÷ the pump, warned outside 10–90%", arguments: pumpCases)
    func feedPump(_ pump: PumpCase) throws {
        let made = try estimate(pump.line).get()
        let litresPerHour = try pump.kilogramsPerHour / pump.density
        #expect(Self.number(made, "\(pump.product)_feed") == litresPerHour)
        #expect(Self.number(made, "\(pump.product)_stroke") == (try 100 * litresPerHour / pump.pump))
        // The table shows the flow in ml/min too: L/h × 1000/60.
        let table = try #require(made.tables.first { $0.header.first == "feed pump" })
        let row = try #require(table.rows.first { $0.first == pump.product })
        #expect(row[1] == EstimateFormat.number(try litresPerHour * 1000 / 60))
        let pumpWarnings = made.warnings.filter { $0.contains("pump") }
        #expect(pumpWarnings.first.map { String($0.prefix(pump.warning?.count ?? 0)) } == pump.warning, "\(made.warnings)")
    }

    @Test("no pump, no row: a product's flow and stroke only with its pump")
    func pumpsOnlyWhenGiven() throws {
        let made = try estimate("boiler steam=10000 tds=300 sulphite_pump=2.5 l/h").get()
        #expect(made.result("sulphite_feed") != nil && made.result("internal_feed") == nil && made.result("amine_stroke") == nil)
        #expect(made.tables.first { $0.header.first == "feed pump" }?.rows.map { $0[0] } == ["sulphite"])
        // The density the flow is at is shown with the defaults.
        #expect(made.inputs.contains { $0.key == "sulphite_density" && $0.isDefault })
        let plain = try estimate("boiler steam=10000 tds=300").get()
        #expect(plain.tables.isEmpty && plain.result("sulphite_feed") == nil && !plain.inputs.contains { $0.key == "sulphite_density" })
    }

    @Test("indices at the skin temperature agree with the Carrier and Puckorius formulas in floating point")
    func skinTemperature() throws {
        var generator = SeededGenerator(seed: 43)
        for _ in 0..<differentialCases(full: 100) {
            func pick(_ range: ClosedRange<Int>, _ scale: Int = 1) -> String {
                let whole = Int.random(in: range, using: &generator)
                return scale == 1 ? "\(whole)" : String(format: "%.2f", Double(whole) / Double(scale))
            }
            let (ph, calcium, alkalinity, tds) = (pick(600...900, 100), pick(10...400), pick(10...300), pick(50...1500))
            let (temp, skin, cycles) = (pick(10...40), pick(30...90), pick(150...800, 100))
            let made = try estimate("cooling recirc=1000 dt=10 cycles=\(cycles) ph=\(ph) calcium=\(calcium) alkalinity=\(alkalinity) "
                                    + "tds=\(tds) temp=\(temp) skin_temp=\(skin)").get()
            let d = { (text: String) in Double(text)! }
            let c = d(cycles)
            // pHs = (9.3 + A + B) − (C + D) of the water at the cycles, at the skin temperature.
            let a = (log10(d(tds) * c) - 1) / 10, b = -13.12 * log10(d(skin) + 273.15) + 34.55
            let pHs = (9.3 + a + b) - (log10(d(calcium) * c) - 0.4 + log10(d(alkalinity) * c))
            let pHeq = 1.465 * log10(d(alkalinity) * c) + 4.54
            let expected = ["lsi_skin": d(ph) - pHs, "rsi_skin": 2 * pHs - d(ph), "psi_skin": 2 * pHs - pHeq]
            for (name, value) in expected {
                let got = try #require(Self.number(made, name), "\(name)")
                #expect(abs(got.doubleValue - value) < 1e-9, "\(name): \(got.doubleValue) vs \(value)")
            }
        }
    }

    @Test("at the bulk temperature the skin indices are the cycled ones")
    func skinAtBulkTemperature() throws {
        let made = try estimate("cooling recirc=1000 dt=10 cycles=5 ph=7.8 calcium=200 alkalinity=150 tds=500 temp=30 skin_temp=30").get()
        #expect(Self.number(made, "lsi_skin") == Self.number(made, "lsi_cycled"))
        #expect(Self.number(made, "rsi_skin") == Self.number(made, "rsi_cycled"))
        #expect(Self.number(made, "psi_skin") == Self.number(made, "psi_cycled"))
    }

    /// Money past 15 digits is written as other figures past them are (`1.00e600`), so a
    /// 600-digit fuel_price keeps the estimate's columns; below, in full with two decimals.
    @Test("huge money in e notation", arguments: [
        (Number.exact(Rational(BigInt.powerOfTen(600), .one)), "1.00e600"),
        (Number.exact(Rational(BigInt(123_456_789_012_345_678), .one)), "1.23e17"),
        (Number.exact(Rational(BigInt(-123_456_789_012_345_678), .one)), "-1.23e17"),
        (Number.exact(Rational(BigInt(99_999_999_999_999_999), BigInt(100))), "999,999,999,999,999.99"),
        (q(219_112_31, 100), "219,112.31"),
    ])
    func hugeMoney(value: Number, shown: String) {
        #expect(EstimateFormat.money(value) == shown)
    }

    @Test("a 600-digit fuel_price gives a fuel cost in e notation")
    func hugeFuelPrice() throws {
        let digits = String(repeating: "9", count: 600)
        let made = estimate("boiler steam=10000 tds=300 pressure=10 barg makeup_temp=20 fuel_price=€\(digits) per kWh")
        let lines = try made.get().lines
        let cost = try #require(lines.first { $0.label == "fuel cost" })
        #expect(cost.figures[0].value.count < 20, "\(cost.figures[0].value)")
        #expect(cost.figures[0].value.hasPrefix("€1.87e"))
    }

    @Test("a target_lsi that asks under 1 ppm of alkalinity is refused at its value")
    func targetLSIFloor() {
        expectEstimateRefused("cooling recirc=1000 dt=10 cycles=5 ph=7.8 calcium=2000 alkalinity=150 tds=1 temp=99 target_lsi=-3 limit_calcium=20000",
                              key: "target_lsi", column: 96)
    }
}
