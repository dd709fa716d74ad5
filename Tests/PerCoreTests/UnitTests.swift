import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// An exact value for test tables, from a decimal, e-notation or fraction text (`"0.001"`,
/// `"-1.5"`, `"1e-7"`, `"5/9"`), read here without per's parser.
func dec(_ text: String) -> Rational {
    let parts = text.split(separator: "/")
    if parts.count == 2 { return dec(String(parts[0])) / dec(String(parts[1])) }
    let scientific = text.lowercased().split(separator: "e")
    if scientific.count == 2, let exponent = Int(scientific[1]) {
        let power = Rational(BigInt.powerOfTen(abs(exponent)))
        return Rational(decimal: String(scientific[0])) * (exponent < 0 ? power.reciprocal : power)
    }
    return Rational(decimal: text)
}

struct UnitTests {
    /// Every alias against its unit's legal definition, as a factor of a reference unit of
    /// its dimension (g, L, m, s, item, mmol/L, K, one part), written out here independently.
    static let definitions: [(String, String, String)] = [
        // Mass, in g.
        ("mg", "g", "0.001"), ("milligram", "g", "0.001"), ("g", "g", "1"), ("gram", "g", "1"), ("grammes", "g", "1"),
        ("kg", "g", "1000"), ("kilo", "g", "1000"), ("kilograms", "g", "1000"), ("KG", "g", "1000"),
        ("t", "g", "1000000"), ("tonne", "g", "1000000"), ("metric ton", "g", "1000000"),
        ("lb", "g", "453.59237"), ("lbs", "g", "453.59237"), ("pound", "g", "453.59237"),
        ("oz", "g", "28.349523125"), ("ounces", "g", "28.349523125"),
        // Volume, in L.
        ("ml", "l", "0.001"), ("cc", "l", "0.001"), ("millilitre", "l", "0.001"), ("cl", "l", "0.01"), ("dl", "l", "0.1"),
        ("l", "l", "1"), ("L", "l", "1"), ("lt", "l", "1"), ("litres", "l", "1"), ("liter", "l", "1"), ("hl", "l", "100"),
        ("m3", "l", "1000"), ("m³", "l", "1000"), ("cubic metre", "l", "1000"),
        ("gal", "l", "3.785411784"), ("us gal", "l", "3.785411784"), ("qt", "l", "0.946352946"),
        ("pt", "l", "0.473176473"), ("cup", "l", "0.2365882365"), ("fl oz", "l", "0.0295735295625"),
        ("floz", "l", "0.0295735295625"), ("fluid ounce", "l", "0.0295735295625"),
        ("imp gal", "l", "4.54609"), ("uk gal", "l", "4.54609"), ("imperial gallon", "l", "4.54609"),
        ("imp pt", "l", "0.56826125"), ("imp fl oz", "l", "0.0284130625"),
        ("µl", "l", "0.000001"), ("μl", "l", "0.000001"), ("ul", "l", "0.000001"), ("microlitres", "l", "0.000001"),
        ("cu ft", "l", "28.316846592"), ("ft3", "l", "28.316846592"), ("cuft", "l", "28.316846592"), ("cubic feet", "l", "28.316846592"),
        // Area, in m² (the acre is 43,560 square feet).
        ("m2", "m^2", "1"), ("sq m", "m^2", "1"), ("square metres", "m^2", "1"), ("cm2", "m^2", "0.0001"),
        ("km2", "m^2", "1000000"), ("ha", "m^2", "10000"), ("hectares", "m^2", "10000"), ("sqin", "m^2", "0.00064516"),
        ("square inch", "m^2", "0.00064516"), ("sqft", "m^2", "0.09290304"), ("ft2", "m^2", "0.09290304"),
        ("square feet", "m^2", "0.09290304"), ("acre", "m^2", "4046.8564224"), ("acres", "sqft", "43560"),
        // Length, in m.
        ("mm", "m", "0.001"), ("cm", "m", "0.01"), ("m", "m", "1"), ("km", "m", "1000"),
        ("inch", "m", "0.0254"), ("ft", "m", "0.3048"), ("feet", "m", "0.3048"),
        // Time, in s.
        ("s", "s", "1"), ("ms", "s", "0.001"), ("millisecond", "s", "0.001"), ("msec", "s", "0.001"), ("sec", "s", "1"), ("min", "s", "60"), ("h", "s", "3600"), ("hr", "s", "3600"),
        ("hours", "s", "3600"), ("day", "s", "86400"), ("week", "s", "604800"),
        ("year", "s", "31536000"), ("month", "s", "2628000"),
        // Counts, in items.
        ("item", "item", "1"), ("each", "item", "1"), ("ea", "item", "1"), ("ct", "item", "1"), ("pcs", "item", "1"),
        ("pods", "item", "1"), ("tab", "item", "1"), ("rolls", "item", "1"), ("sheet", "item", "1"),
        ("load", "item", "1"), ("bags", "item", "1"),
        // Hardness, in mmol/L (as CaCO₃ at 100.0869 mg/mmol).
        ("°dH", "mmol/l", "0.178325"), ("dH", "mmol/l", "0.178325"), ("°fH", "mmol/l", "0.0999132"),
        ("gpg", "mmol/l", "17.1181/100.0869"), ("°Clark", "mmol/l", "14.2538/100.0869"), ("clark", "mmol/l", "14.2538/100.0869"),
        ("°e", "mmol/l", "14.2538/100.0869"),
        // Temperature differences, in K.
        ("Δ°C", "δk", "1"), ("Δ°F", "δk", "5/9"), ("ΔK", "δk", "1"),
        // Parts of a whole.
        ("percent", "ppm", "10000"), ("ppm", "ppm", "1"), ("ppb", "ppm", "0.001"),
        // Flows.
        ("t/h", "kg/h", "1000"), ("tph", "kg/h", "1000"), ("lb/h", "kg/h", "0.45359237"), ("kg/s", "kg/h", "3600"),
        ("m3/h", "l/s", "1/3.6"), ("gpm", "l/min", "3.785411784"), ("lps", "l/s", "1"),
        // Conductance, for the conductivity of water.
        ("µS", "µS", "1"), ("μS", "µS", "1"), ("uS", "µS", "1"), ("microsiemens", "µS", "1"), ("µS/mm", "µS/cm", "10"),
        // Angles.
        ("deg", "°", "1"), ("degrees", "°", "1"),
        // Pressure (a psi is a pound-force, 0.45359237 kg × 9.80665 m/s², on a square inch),
        // gauge and absolute alike in size; energy and power.
        ("pascal", "Pa", "1"), ("kPa", "Pa", "1000"), ("MPa", "kPa", "1000"), ("bar", "kPa", "100"), ("barg", "bar", "1"),
        ("bara", "bar", "1"), ("psi", "Pa", "4.4482216152605/0.00064516"), ("psig", "psi", "1"), ("psia", "psi", "1"),
        ("joule", "J", "1"), ("kJ", "J", "1000"), ("MJ", "kJ", "1000"), ("kilowatt hour", "MJ", "3.6"), ("kWh", "kJ", "3600"), ("MWh", "kWh", "1000"), ("GJ", "MJ", "1000"),
        ("watt", "W", "1"), ("kW", "W", "1000"), ("MW", "kW", "1000"), ("kW", "J/s", "1000"),
        // Money.
        ("€", "EUR", "1"), ("eur", "EUR", "1"), ("$", "USD", "1"), ("£", "gbp", "1"), ("¥", "jpy", "1"),
    ]

    @Test("every alias against its exact definition", arguments: definitions)
    func factor(_ alias: String, _ reference: String, _ factor: String) throws {
        let unit = try #require(UnitTable.compound(alias), "\(alias) is a unit")
        let base = try #require(UnitTable.compound(reference))
        #expect(unit.dimension == base.dimension, "\(alias)")
        #expect(unit.factor / base.factor == dec(factor), "\(alias)")
    }

    @Test("the table's aliases are all covered above, one unit each")
    func coverage() {
        let tested = Set(Self.definitions.map { UnitTable.compound($0.0)!.symbol })
        for unit in UnitTable.units where unit.kind == .plain || unit.isTemperaturePoint == false {
            if case .money = unit.kind { continue }
            // The date has no name to write: only a date literal makes one (`DateTests`).
            if unit.isDatePoint { continue }
            // The radian's factor holds π, which no fraction does: `EverydayUnitTests` has it.
            #expect(tested.contains(CompoundUnit(unit).symbol) || ["mmol", "mol", "K", "rad"].contains(unit.symbol), "\(unit.symbol) untested")
        }
    }

    @Test("temperature scales are points", arguments: [
        ("0 °C to K", "273.15 K"), ("70 °F to °C", "≈ 21.1111111111 °C"), ("-40 °C to °F", "-40 °F"),
        ("212 °F to K", "373.15 K"), ("1 K to °C", "-272.15 °C"), ("50 F to °C", "10 °C"),
        ("30 °C - 20 °C", "10 Δ°C"), ("50 °F - 32 °F to K", "10 ΔK"), ("20 °C + 5 Δ°C", "25 °C"),
        ("20 °C + 9 Δ°F", "25 °C"), ("18 Δ°F to K", "10 ΔK"), ("(300 K - 290 K) to °C", "10 Δ°C"),
        ("20 °C + 20 °C", .problem(.quantity(.sumOfTemperatures), column: 7)),
        ("2 * 20 °C", .problem(.quantity(.scaledTemperature("°C")), column: 3)),
        ("20 °C to Δ°F", .problem(.quantity(.pointAsDifference("°C")), column: 10)),
        ("-300 °C", .problem(.quantity(.belowAbsoluteZero), column: 1)),
        ("0.00085 per °F to per K", "0.00153 per ΔK"),
    ] as [(String, Seen)])
    func temperature(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("units in expressions", arguments: [
        ("500g", "500 g"), ("500 g", "500 g"), ("4t/h", "4 t/h"), ("4 t/h", "4 t/h"), ("2 fl oz", "2 fl oz"),
        ("1 imp gal", "1 imp gal"), ("14 °dH", "14 °dH"), ("14°dH", "14 °dH"), ("2 m³", "2 m³"), ("2 m3", "2 m3"), ("2 m^3", "2 m³"),
        ("(2+3) kg", "5 kg"), ("kg", "1 kg"), ("1 pod", "1 pod"), ("3 pods", "3 pods"), ("m/s^2", "1 m/s²"),
        ("2.49 / 500 g", "4.98 per kg"), ("2.49/500g", .problem(.syntax(.fractionBeforeUnit(numerator: "2.49", denominator: "500", unit: "g", decimal: "0.00498")), column: 1)), ("500 g / 2", "250 g"), ("2 * 3 kg", "6 kg"),
        ("3 kg + 200 g", "3.2 kg"), ("200 g + 3 kg", "3200 g"), ("4 t/h * 24 h", "96 t"), ("500 g / 250 g", "2"),
        ("9.5 m3/h * 1 day", "228 m3"), ("1 kg / 500 g", "2"), ("(2 m)^2", "4 m²"), ("sqrt(16 m^2)", "4 m"),
        ("round(2.345 kg, 2)", "2.35 kg"), ("min(1 kg, 900 g)", "0.9 kg"), ("abs(-2 l)", "2 L"),
        ("1.20 / 1.5 l", "0.8 per L"), ("7.99 / 24 pods", "≈ 0.332916666667 per item"),
        ("6x330 ml", "1980 ml"), ("6×330 ml", "1980 ml"), ("6 × 330 ml", "1980 ml"), ("2.5 × 2", "5"),
        ("2.49 per 500 g", "4.98 per kg"), ("2.49 per 500 g to per 100 g", "0.498 per 100 g"),
        ("2.49 per 500 g to per lb", "2.2588900026 per lb"), ("3 kg + 200 g to lb", "≈ 7.05479238992 lb"),
        ("500 g to lb", "≈ 1.10231131092 lb"), ("500 g in lb", "≈ 1.10231131092 lb"), ("lb to g", "453.59237 g"),
        ("14 °dH to ppm", "249.871950195 ppm"), ("300 ppm to °dH", "≈ 16.8086093566 °dH"), ("1 mmol/l to mg/l", "100.0869 mg/L"),
        ("1 kg + 1 l", .problem(.quantity(.mismatch(operation: "add", .mass, .volume)), column: 6)),
        ("1 kg - 1 h", .problem(.quantity(.mismatch(operation: "subtract", .mass, .time)), column: 6)),
        ("500 g to l", .problem(.quantity(.conversion(from: .mass, to: .volume)), column: 10)),
        ("(2 kg)^0.5", .problem(.quantity(.fractionalRoot("kg", degree: 2)), column: 7)),
        ("sqrt(2 kg)", .problem(.quantity(.fractionalRoot("kg", degree: 2)), column: 1)),
        ("m^40", .problem(.quantity(.powerTooHigh), column: 2)),
        // Any case, except where a prefix's case tells two units apart: never misread.
        ("2 KG", "2 kg"), ("1 MW", "1 MW"), ("5 DAYS", "5 days"), ("10 MINS", "10 min"), ("2 HRS", "2 h"),
        // The prefix rule reads the case of a prefix as written: milliwatt, megagram, millisiemens.
        ("1 mW to W", "0.001 W"), ("1 Mg to kg", "1000 kg"), ("1.5 mS/cm to µS/cm", "1500 µS/cm"),
        // Words that read several ways are refused with their readings: ML is megalitres on a
        // plant's meter and millilitres on a label in capitals.
        ("500ML", .problem(.syntax(.unitReadsManyWays("ML", readings: ["megalitre", "millilitre (ml)"])), column: 4)),
        ("2 ML to m3", .problem(.syntax(.unitReadsManyWays("ML", readings: ["megalitre", "millilitre (ml)"])), column: 3)),
        ("20 C to °F", .problem(.syntax(.unitReadsManyWays("C", readings: ["coulomb", "°C"])), column: 4)),
        ("5 ton", .problem(.syntax(.unitReadsManyWays("ton", readings: ["short ton", "long ton", "tonne", "ton of refrigeration"])), column: 3)),
        ("5‰ to %", "0.5%"), ("5000 ppm to %", "0.5%"), ("1 permille", "1 ‰"),
        ("1 kN to N", "1000 N"), ("5 µs to ms", "0.005 ms"), ("3 ton of refrigeration to kW", "10.5505585262 kW"),
        ("1 ms", "1 ms"), ("250 ms to s", "0.25 s"), ("2 milliseconds * 3", "6 ms"), ("1 h to ms", "3600000 ms"),
        ("2 kg ^ -9223372036854775808", .problem(.quantity(.powerTooHigh), column: 6)),
        // Found by the grammar fuzzer: a base within a hair of 1 to the most negative power.
        ("(1+1e-30)^-9223372036854775808", "≈ 0.999999999991"),
        ("(8 m^3) ^ (-9223372036854775808/3)", .problem(.quantity(.powerTooHigh), column: 9)),
        ("500 g to smoots", .problem(.syntax(.unknownUnit("smoots", suggestions: [])), column: 10)), ("500 g to 3", .problem(.syntax(.unitExpectedFound("'3'", example: "to ")), column: 10)),
        ("500 g to gm", .problem(.syntax(.unknownUnit("gm", suggestions: ["g"])), column: 10)),
    ] as [(String, Seen)])
    func expressions(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }

    @Test("money and rates", arguments: [
        ("$2.49 * 3", [], "$7.47"), ("$2.49 + 0.50", [], "$2.99"), ("0.50 + $2.49", [], "$2.99"),
        ("€2.49 per 500 g", [], "€4.98 per kg"), ("2.49€ per 500 g", [], "4.98€ per kg"), ("2.49 EUR", [], "2.49 EUR"),
        // A currency before the number, as banks and receipts write it.
        // A minus after the currency makes a negative amount, not one unit of money less.
        ("€-10", [], "-€10.00"), ("$-5", [], "-$5.00"), ("€ -0.5", [], "-€0.50"), ("EUR -2.49", [], "-2.49 EUR"),
        ("EUR 2.49", [], "2.49 EUR"), ("EUR 2.49 per 500 g", [], "4.98 EUR per kg"), ("USD 5 + $2", [], "7.00 USD"),
        ("$16.9915", [], "≈ $16.99"), ("$7.5", [], "$7.50"), ("¥500", [], "¥500"), ("300 JPY", [], "300 JPY"),
        ("€0.0332 per g", [], "€33.20 per kg"), ("€45 per 25 kg", [], "€1.80 per kg"), ("€2.49 per 500 g to per g", [], "€0.00498 per g"),
        ("€1 + $1", [], .problem(.quantity(.noRate(.named("USD")!, .named("EUR")!)), column: 4)),
        ("€10 to $", ["rate 1 € = 1.08 $"], "$10.80"), ("€1 + $1.08", ["rate 1 € = 1.08 $"], "€2.00"),
        ("$10.80 to €", ["rate 1 € = 1.08 $"], "€10.00"), ("€2 * $3", [], .problem(.quantity(.twoCurrencies), column: 4)),
        ("rates", ["rate 1 € = 1.08 $", "rate 100 ¥ = 0.61 €"], "<rates>"),
        // Money to its currency's cents, ≈ when that rounds; the value stays exact.
        ("$19.99 * 1.0825", [], "≈ $21.64"), ("$19.99 * 1.0825 to 6 dp", [], "$21.639175"),
        ("€1 + $1", ["rate 1 € = 1.08 $"], "≈ €1.93"), ("¥500 / 3", [], "≈ ¥167"), ("-$10 / 3", [], "≈ -$3.33"),
        ("$0.005", [], "≈ $0.01"), ("$1 * pi", [], "≈ $3.14"), ("$1e-10 / 3", [], "≈ $3.33333333333e-11"),
        ("x = $19.99 * 1.0825; x * 10000", [], "$216391.75"),
        ("$19.99 * 1.0825", ["money exact"], "$21.639175"), ("$10 / 3", ["money exact"], "≈ $3.33333333333"),
        ("$19.99 * 1.0825", ["money cash 0.05"], "≈ $21.65"), ("$1.024", ["money cash 0.05"], "≈ $1.00"),
        ("$1.05", ["money cash 0.05"], "$1.05"), ("¥500 / 3", ["money cash 0.05"], "≈ ¥167"),
        ("$19.99 * 1.0825", ["money cash 0.05", "money cents"], "≈ $21.64"),
        ("money cash 0", [], .problem(.arguments(.cashStep(decimals: 6)), column: 12)),
        ("money cash 0.0000001", [], .problem(.arguments(.cashStep(decimals: 6)), column: 12)),
        // A unit price keeps its rule: 3 significant digits, at least the currency's decimals.
        ("¥500 per kg", [], "¥500 per kg"), ("¥1000 per 3 kg", [], "≈ ¥333 per kg"), ("¥5 per kg to per g", [], "¥0.00500 per g"),
        ("$1e-10 per kg", [], "$1.00e-10 per kg"), ("$1e-10 per 3 kg", [], "≈ $3.33e-11 per kg"),
    ] as [(String, [String], Seen)])
    func money(_ input: String, _ setup: [String], _ expected: Seen) {
        if expected == "<rates>" {
            var session = Session()
            for line in setup { _ = session.run(line: line) }
            guard case .success(.rates(let listing)) = session.run(line: input)[0].outcome else { Issue.record("not rates"); return }
            #expect(listing.lines == ["1 € = 1.08 $", "1 ¥ = 0.0061 €"])
            #expect(listing.rows.count == 2 && listing.rows.allSatisfy { $0.date == nil && $0.source == nil })
            return
        }
        #expect(result(of: input, after: setup) == expected)
    }

    @Test("names and units: a name after a number is a unit; elsewhere a variable first")
    func namesAndUnits() {
        #expect(result(of: "500 g", after: ["g = 3"]) == "500 g")
        #expect(result(of: "g", after: ["g = 3"]) == "3")
        #expect(result(of: "2 * g", after: ["g = 3"]) == "6")
        #expect(result(of: "4 t/h", after: ["h = 2"]) == "2 t")
        #expect(result(of: "s * 1.1", after: ["s = 4 t/h"]) == "4.4 t/h")
        var fresh = Session()
        guard case .success(.assignment(_, _, let note)) = fresh.run(line: "g = 3")[0].outcome else {
            Issue.record("an assignment"); return
        }
        #expect(note == "'g' is also a unit (g); after a number it still means the unit (500 g)")
        #expect(result(of: "per = 3") == .problem(.syntax(.reservedName("per", reason: "a keyword")), column: 1))
    }

    @Test("misspelt units get a suggestion; names do not", arguments: [
        ("gm", "g"), ("kgg", "kg"), ("mls", "ml"), ("lbz", "lb"), ("Eggs", nil), ("Round", nil),
        ("Milk", nil), ("x", nil), ("2kg", nil), ("AA", nil), ("XL", nil),
    ] as [(String, String?)])
    func misspellings(_ word: String, _ suggestion: String?) {
        #expect(UnitTable.likelyMisspelling(word) == suggestion)
    }

    @Test("convert", arguments: [
        ("convert 500 g to lb", "≈ 1.10231131092 lb"),
        ("convert 1 lb in g", "453.59237 g"),
        ("convert 16 oz to lb", "1 lb"),
        ("convert 1 gal to l", "3.785411784 L"),
        ("convert 128 fl oz to gal", "1 gal"),
        ("convert 1 imp gal to imp fl oz", "160 imp fl oz"),
        ("convert 1 imp pt to ml", "568.26125 ml"),
        ("convert 2 l in cup", "≈ 8.45350567546 cups"),
        ("convert 1.5kg to g", "1500 g"),
        ("convert 1 m3 to l", "1000 L"),
        ("convert 50 F to °C", "10 °C"),
        ("convert 1 K to °C", "-272.15 °C"),
    ])
    func convert(_ input: String, _ expected: String) {
        #expect(result(of: input) == .text(expected))
    }

    @Test("convert refusals", arguments: [
        ("convert 500 g to ml", .problem(.quantity(.conversion(from: .mass, to: .volume)), column: 18)),
        ("convert 500 g", .problem(.arguments(.convertUsage), column: 14)),
        ("convert 500 gm to lb", .problem(.arguments(.misspeltUnit("gm", unit: "g")), column: 13)),
        ("convert 5 to g", .problem(.quantity(.conversion(from: .none, to: .mass)), column: 14)),
    ] as [(String, Seen)])
    func convertRefusals(_ input: String, _ expected: Seen) {
        #expect(result(of: input) == expected)
    }
}

/// What went wrong, asserted as values rather than English.
struct UnitPriceExactnessTests {
    @Test("a unit price is exact exactly when its text, read back, is the value (3,000 random fractions)")
    func unitPriceExactness() {
        var generator = SeededGenerator(seed: 11)
        for round in 0..<3000 {
            let numerator = BigInt(Int64(generator.next() % 10_000_000) + 1)
            // Denominators of 2s and 5s (decimals that may end) and of anything.
            let denominator = round % 2 == 0 ? BigInt.powerOfTen(Int(generator.next() % 12)) * BigInt(Int64([1, 2, 4, 8, 5, 25][round % 6]))
                : BigInt(Int64(generator.next() % 100_000) + 1)
            let r = Rational(numerator, denominator)
            let shown = QuantityDisplay.moneyNumber(.exact(r), unitPrice: true, digits: 12)
            let parts = shown.text.split(separator: "e")
            let exponent = parts.count == 2 ? Int(parts[1])! : 0
            let scale = Rational(BigInt.powerOfTen(abs(exponent)))
            let readBack = Rational(decimal: String(parts[0])) * (exponent >= 0 ? scale : scale.reciprocal) == r
            #expect(shown.isExact == readBack, "\(r): \(shown.text)")
        }
    }
}

struct ProblemTests {
    static func problem(_ line: String, after setup: [String] = []) -> (Problem, Int)? {
        var session = Session()
        for earlier in setup { _ = session.run(line: earlier) }
        guard case .failure(let diagnostic) = session.run(line: line).last?.outcome else { return nil }
        return (diagnostic.problem, diagnostic.column)
    }

    @Test("problems are values", arguments: [
        ("1 kg + 1 l", Problem.quantity(.mismatch(operation: "add", .mass, .volume)), 6),
        ("500 g to l", .quantity(.conversion(from: .mass, to: .volume)), 10),
        ("€1 + $1", .quantity(.noRate(CurrencyCode.named("USD")!, CurrencyCode.named("EUR")!)), 4),
        ("20 °C + 20 °C", .quantity(.sumOfTemperatures), 7),
        ("2 * 20 °C", .quantity(.scaledTemperature("°C")), 3),
        ("3+*2", .syntax(.operandExpectedFound("'*'")), 3),
        ("500 g to gm", .syntax(.unknownUnit("gm", suggestions: ["g"])), 10),
        ("pirce", .syntax(.unknownName("pirce", suggestion: "price")), 1),
        ("1/0", .arithmetic(.divisionByZero), 2),
        ("add 1 0 x 250 g", .shopping(.packsNotWhole), 7),
        ("dose liquid soil=", .input(.needsValue(key: "soil", hint: ", as in soil=light")), 13),
        ("boiler steam=4 t/h tds=2 kg", .input(.wrongKind(name: "tds", wanted: "a number in ppm (also mg/L)", got: "a mass (2 kg)")), 24),
        ("cooling recirc=1 dt=283K", .input(.outOfRange(name: "dt", allowed: "more than 0 and up to 100 K", got: "283 K")), 21),
    ] as [(String, Problem, Int)])
    func values(_ line: String, _ expected: Problem, _ column: Int) throws {
        let (problem, at) = try #require(Self.problem(line))
        #expect(problem == expected)
        #expect(at == column)
    }
}
