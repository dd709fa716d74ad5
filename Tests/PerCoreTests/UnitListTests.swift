import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §13: quantities of one dimension side by side add (`2 h 30 min`), and `to lb oz`
/// shows a value as whole parts of each unit but the last, the rest in the last.
struct UnitListTests {
    @Test("lists out and mixed units in", arguments: [
        ("5.5 kg to lb oz", "≈ 12 lb 2.00679072269 oz"), ("5.5 kg to lb;oz", "≈ 12 lb 2.00679072269 oz"),
        ("9000 s to h min s", "2 h 30 min 0 s"), ("90 min to h min s", "1 h 30 min 0 s"), ("-1.5 h to h min", "-1 h 30 min"),
        ("2 m to ft inch", "≈ 6 ft 6.74015748031 inch"), ("100 days to weeks days", "14 weeks 2 days"),
        ("1 lb to lb oz", "1 lb 0 oz"), ("0.5 lb to lb oz", "8 oz"), ("0 s to h min", "0 min"),
        ("x = 1.75 h to h min", "1 h 45 min"),
        ("2 h 30 min", "2.5 h"), ("1 lb 4 oz", "1.25 lb"), ("1 day 6 h to h", "30 h"), ("5 ft 3 inch to cm", "160.02 cm"),
        ("-2 h 30 min", "-2.5 h"), ("2 h 30 min * 2", "5 h"), ("2 h 30 min 15 s to min s", "150 min 15 s"),
        ("5.5 kg to oz lb", .problem(.quantity(.unitList(.order(example: "to lb oz"))), column: 11)),
        ("5.5 kg to lb lb", .problem(.quantity(.unitList(.order(example: "to lb lb"))), column: 11)),
        ("20 °C to K °C", .problem(.quantity(.unitList(.temperaturePoint)), column: 10)),
        ("5 kg to lb l", .problem(.quantity(.conversion(from: .mass, to: .volume)), column: 9)),
        ("2 h 30 kg", .problem(.syntax(.operatorExpected(before: "'30'")), column: 5)),
    ] as [(String, Seen)])
    func examples(_ line: String, _ expected: Seen) {
        #expect(result(of: line) == expected)
    }

    /// Every whole part is a whole number and less than one of the unit before it, the last
    /// is less than one of the unit before it, and the parts add back to the value exactly.
    @Test("2,000 random values: the parts add back exactly")
    func partsAddBack() throws {
        var generator = SeededGenerator(seed: 13)
        let lists = [["lb", "oz"], ["h", "min", "s"], ["ft", "inch"], ["week", "day", "h"], ["kg", "g"], ["m", "cm", "mm"], ["gal", "qt", "pt"]]
        for _ in 0..<differentialCases(full: 2000) {
            let names = generator.pick(lists)
            let units = names.map { UnitTable.compound($0)! }
            let value = Rational(BigInt(generator.below(10_000_000)) - BigInt(2_000_000), BigInt(generator.pick([1, 3, 7, 100, 1000, 4096])))
            let q = Quantity(.exact(value), units[generator.below(units.count)])
            let (negative, parts) = try UnitParts.split(q, into: units, rates: Rates())
            var sum = Quantity(0, units.last!)
            for (index, part) in parts.enumerated() {
                guard case .exact(let amount) = part.amount else { Issue.record("\(q) gave an approximate part"); break }
                #expect(!amount.isNegative)
                if index < parts.count - 1 { #expect(amount.isInteger, "\(q): part \(index) is \(amount)") }
                if index > 0 {
                    let one = try QuantityMath.convert(Quantity(1, units[index - 1]), to: units[index], rates: Rates())
                    #expect(Number.exact(amount) < one.magnitude, "\(q): part \(index) is a whole \(names[index - 1]) or more")
                }
                sum = try QuantityMath.add(sum, Quantity(part.amount, part.unit), subtracting: false, rates: Rates())
            }
            let back = try QuantityMath.convert(q, to: units.last!, rates: Rates())
            #expect((negative ? -sum.magnitude.nearestRational : sum.magnitude.nearestRational) == back.magnitude.nearestRational,
                    "\(q) to \(names.joined(separator: " ")): parts \(parts)")
        }
    }
}
