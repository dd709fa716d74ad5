import Testing
import TestSupport
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// The cooling tower's sulphuric acid in the plan of the year and on a feed pump
/// (`acid_pack=`, `acid_price=`, `acid_pump=`), against the mass balance written out here.
struct AcidPlanTests {
    /// H2SO4 98.072 and CaCO3 100.086 g/mol from the IUPAC atomic weights (H 1.008, C 12.011,
    /// O 15.999, S 32.06, Ca 40.078): a ppm of alkalinity as CaCO3 takes 98.072/100.086 ppm of acid.
    static let acidPerAlkalinity = Rational(decimal: "98.072") / Rational(decimal: "100.086")

    /// By hand: recirc 1000 m3/h, dt 10 K, 5 cycles: evaporation 15.3, drift 0.05, bleed
    /// 15.3/4 − 0.05 = 3.775, make-up 19.125 m3/h. The make-up brings 100 ppm of alkalinity,
    /// the tower holds 150: the acid takes 100 − 150/5 = 70 ppm, as 98% product, kg a day.
    static func acidPerDay(makeup: Rational) -> Rational {
        makeup * Rational(70) * acidPerAlkalinity * Rational(24) / Rational(1000) / Rational(decimal: "0.98")
    }

    static let tower = "cooling recirc=1000 dt=10 cycles=5 alkalinity=100 target_alkalinity=150 acid=98% acid_density=1.84"

    @Test("the acid a year is its kg a day times the operating days; its cost at a price per kg, per litre or per pack")
    func acidYear() throws {
        let daily = Self.acidPerDay(makeup: Rational(decimal: "19.125"))
        let perKilogram = try estimate(Self.tower + " days=300 acid_price=€0.25 per kg").get()
        #expect(perKilogram.result("acid_year")?.number == .exact(daily * Rational(300)))
        #expect(perKilogram.result("acid_cost_year")?.number == .exact(daily * Rational(300) * Rational(1, 4)))
        let table = try #require(perKilogram.tables.first { $0.header.first == "water and products" })
        #expect(table.rows.contains { $0.first == "acid" }, "\(table.rows)")
        let costs = try #require(perKilogram.tables.first { $0.header.first == "cost" })
        #expect(costs.rows.contains { $0.first == "acid" }, "\(costs.rows)")
        // €0.46 a litre at 1.84 kg/L is €0.25 a kg.
        let perLitre = try estimate(Self.tower + " days=300 acid_price=€0.46 per l").get()
        #expect(perLitre.result("acid_cost_year")?.number == .exact(daily * Rational(300) * Rational(1, 4)))
        // 200 L drums of 368 kg, to order for 30 days.
        let packed = try estimate(Self.tower + " acid_pack=200 l").get()
        let year = daily * Rational(365)
        #expect(packed.result("acid_packs_year")?.number == .exact(Self.ceiling(year / Rational(368))))
        #expect(packed.result("acid_packs_order")?.number == .exact(Self.ceiling(daily * Rational(30) / Rational(368))))
    }

    @Test("with seasons the acid follows each season's make-up: at half the load, half the make-up")
    func acidSeasons() throws {
        let made = try estimate(Self.tower + " summer_load=100% winter_load=50% summer=100 days=300").get()
        let summer = Self.acidPerDay(makeup: Rational(decimal: "19.125"))
        let winter = Self.acidPerDay(makeup: Rational(decimal: "9.5625"))
        #expect(made.result("acid_year")?.number == .exact(summer * Rational(100) + winter * Rational(200)))
    }

    @Test("acid_pump: the acid's flow at acid_density and the pump's stroke")
    func acidPump() throws {
        let made = try estimate(Self.tower + " acid_pump=2 l/h").get()
        let litresPerHour = Self.acidPerDay(makeup: Rational(decimal: "19.125")) / Rational(24) / Rational(decimal: "1.84")
        #expect(made.result("acid_feed")?.number == .exact(litresPerHour))
        #expect(made.result("acid_stroke")?.number == .exact(Rational(100) * litresPerHour / Rational(2)))
        let table = try #require(made.tables.first { $0.header.first == "feed pump" })
        #expect(table.rows.map { $0[0] } == ["acid"])
        // A pump alone does not ask for a plan of the year.
        #expect(made.tables.first { $0.header.first == "water and products" } == nil)
    }

    @Test("the acid's pack, price and pump need a target that sets the acid", arguments: [
        ("cooling recirc=1000 dt=10 cycles=5 acid_pump=2 l/h", "acid_pump", 46),
        ("cooling recirc=1000 dt=10 cycles=5 acid_price=€0.25 per kg", "acid_price", 47),
        ("cooling recirc=1000 dt=10 cycles=5 acid_pack=200 l", "acid_pack", 46),
    ] as [(String, String, Int)])
    func acidNeedsTarget(_ line: String, _ key: String, _ column: Int) {
        expectEstimateRefused(line, key: key, column: column)
    }

    static func ceiling(_ value: Rational) -> Rational {
        Rational(value.rounded(.up))
    }
}
