import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The estimators' formulas called directly, against exact values worked out by hand (the
/// formula with the numbers put in, checked with Python's `fractions`), not by per.
@Suite("Estimator formulas, exactly")
struct EstimatorFormulaTests {
    /// n/d as an exact number.
    static func q(_ n: Int, _ d: Int = 1) -> Number { .exact(Rational(BigInt(n), BigInt(d))) }

    @Test("boiler balance: steam 10000 kg/h, tds 300, maxtds 3000, condensate 60%")
    func boilerBalance() throws {
        let balance = try Boiler.balance(steam: Self.q(10000), condensate: Self.q(3, 5), tds: Self.q(300), maxTDS: Self.q(3000))
        // Bd = 10000·0.4·300/2700 = 4000/9; F = 10000 + 4000/9; M = 4000 + 4000/9.
        #expect(balance.blowdown == Self.q(4000, 9))
        #expect(balance.feedwater == Self.q(94000, 9))
        #expect(balance.makeup == Self.q(40000, 9))
        // feed TDS = M·300/F = 6000/47; COC = F/Bd = 47/2; 100·Bd/F = 200/47 (4.26 %).
        #expect(balance.feedTDS == Self.q(6000, 47))
        #expect(balance.cycles == Self.q(47, 2))
        #expect(balance.blowdownPercent == Self.q(200, 47))
    }

    @Test("boiler chemicals: sulphite dose and kg/day")
    func boilerChemicals() throws {
        // 7.88·2 + 30/(47/2) = 15.76 + 60/47 = 20018/1175 ppm (17.04).
        let dose = try Boiler.sulphiteDose(oxygen: Self.q(2), residual: Self.q(30), cycles: Self.q(47, 2))
        #expect(dose == Self.q(20018, 1175))
        // F·dose·24/10⁶ = (94000/9)·(20018/1175)·24/10⁶ = 40036/9375 kg/day (4.27).
        #expect(try Boiler.productPerDay(flow: Self.q(94000, 9), ppm: dose, hours: Self.q(24), strength: Self.q(1))
                    == Self.q(40036, 9375))
        // Internal treatment on blowdown: (4000/9)·40·24/10⁶ = 32/75; at 40 % strength, (32/75)/0.4 = 16/15.
        #expect(try Boiler.productPerDay(flow: Self.q(4000, 9), ppm: Self.q(40), hours: Self.q(24), strength: Self.q(1)) == Self.q(32, 75))
        #expect(try Boiler.productPerDay(flow: Self.q(4000, 9), ppm: Self.q(40), hours: Self.q(24), strength: Self.q(2, 5)) == Self.q(16, 15))
    }

    @Test("cooling balance: recirc 1000 m³/h, dt 10 K, cycles 5, drift 0.005 %")
    func coolingBalance() throws {
        let balance = try Cooling.balance(recirc: Self.q(1000), range: Self.q(10), factor: Self.q(153, 100_000),
                                          cycles: Self.q(5), driftFraction: Self.q(5, 100_000))
        // E = 1000·10·0.00153 = 15.3; D = 0.05; B = 15.3/4 − 0.05 = 3.775; M = 19.125.
        #expect(balance.evaporation == Self.q(153, 10))
        #expect(balance.drift == Self.q(1, 20))
        #expect(balance.bleed == Self.q(151, 40))
        #expect(balance.makeup == Self.q(153, 8))
        #expect(!balance.driftLimited)
    }

    @Test("cooling: drift beyond what the cycles allow leaves no bleed")
    func driftLimited() throws {
        // E = 100·1·0.00153 = 0.153; E/(C−1) at 40 cycles = 0.00392…; D = 100·0.01 = 1 > that.
        let balance = try Cooling.balance(recirc: Self.q(100), range: Self.q(1), factor: Self.q(153, 100_000),
                                          cycles: Self.q(40), driftFraction: Self.q(1, 100))
        #expect(balance.driftLimited)
        #expect(balance.bleed == Self.q(0))
        #expect(balance.makeup == Self.q(1153, 1000))
    }

    @Test("dose amounts before rounding", arguments: [
        // 75 × max(0.5, 9/4.5) × 1.5 × 1.25 = 281.25 (the 280 ml example).
        (75, 9, 3, 2, HardnessBand.hard, 1125, 4),
        // 75 × max(0.5, 1/4.5) = 75 × 0.5 = 37.5: small loads take half a dose.
        (75, 1, 1, 1, .medium, 75, 2),
        // 60 × (6/4.5) × 1.5 = 120.
        (60, 6, 3, 2, .medium, 120, 1),
        // 75 × 1 × 0.75 × 0.8 = 45.
        (75, 9 / 2, 3, 4, .soft, 45, 1),
    ] as [(Int, Int, Int, Int, HardnessBand, Int, Int)])
    func doseAmount(base: Int, load: Int, soilN: Int, soilD: Int, band: HardnessBand, n: Int, d: Int) throws {
        let loadKg = load == 4 ? Self.q(9, 2) : Self.q(load)
        #expect(try Dose.unroundedAmount(base: Self.q(base), loadKg: loadKg, soil: Self.q(soilN, soilD), band: band) == Self.q(n, d))
    }

    @Test("pods: one, or two for heavy soil, hard water or a load over 6 kg", arguments: [
        (6, "normal", HardnessBand.medium, 1), (7, "normal", .medium, 2), (4, "heavy", .soft, 2),
        (4, "light", .hard, 2), (4, "normal", .veryHard, 2), (4, "light", .soft, 1),
    ] as [(Int, String, HardnessBand, Int)])
    func pods(load: Int, soil: String, band: HardnessBand, pods: Int) {
        #expect(Dose.pods(loadKg: Self.q(load), soil: soil, band: band) == pods)
    }

    @Test("savings growth against the closed form", arguments: [
        // No deposits, compounded annually: 100000 · 1.04^20 = 219112.3143…
        (20, 100_000.0, 0.0, 0.04, 1, 0.0, 219_112.314_303_342_08),
        // With a 1 % fee a year: 100000 · (1.04 · 0.99)^20 = 179213.48…
        (20, 100_000.0, 0.0, 0.04, 1, 0.01, 179_213.481_981_688_6),
        // Monthly deposits at the month's end, 6 % compounded monthly (i = 0.005):
        // 10000·1.005^120 + 500·(1.005^120 − 1)/0.005 = 100133.6…
        (10, 10_000.0, 500.0, 0.06, 12, 0.0, 100_133.640_743_551_89),
    ] as [(Int, Double, Double, Double, Int, Double, Double)])
    func invest(years: Int, initial: Double, monthly: Double, rate: Double, periods: Int, fee: Double, balance: Double) {
        func number(_ value: Double) -> Number { .exact(Rational(exactly: value)) }
        let growth = try! Invest.grow(months: years * 12, initial: number(initial), monthly: number(monthly), rate: number(rate),
                                      periodsPerYear: periods, fee: number(fee), depositAtStart: false)
        #expect(abs(growth.balance.doubleValue - balance) < 1e-9 * balance, "\(growth.balance)")
        #expect(growth.deposited.doubleValue == initial + monthly * Double(years * 12))
    }
}
