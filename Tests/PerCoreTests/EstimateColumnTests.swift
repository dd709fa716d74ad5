import Testing
@testable import PerNumbers
@testable import PerTools

/// An estimate's rows share one number of decimals, set by the size of the values (two
/// significant digits, at least two decimals), never by an exact value that happens to
/// end in its third decimal, nor by the digits an approximate value shows alone.
@Suite struct EstimateColumnTests {
    static let cases: [(values: [Number], exactInFull: Bool, expected: [String])] = [
        // A sulphite of exactly 4.812 kg/day among rounded rows: two decimals.
        ([.exact(Rational(1875, 2)), .exact(Rational(35, 3)), .decimal("4.812"), .decimal("0.9")], false, ["937.50", "11.67", "4.81", "0.90"]),
        // A value under 0.1 needs three decimals for two significant digits, exact or not.
        ([.decimal("4.59"), .decimal("0.025"), .exact(Rational(449, 400))], false, ["4.590", "0.025", "1.123"]),
        ([.exact(Rational(1, 30)), .decimal("12.5")], false, ["0.033", "12.500"]),
        // A row alone (an estimate's rows are each formatted alone): two decimals at least.
        ([.decimal("4.812")], false, ["4.81"]),
        ([.exact(Rational(35, 3))], false, ["11.67"]),
        ([10], false, ["10.00"]),
        ([.decimal("0.6")], false, ["0.60"]),
        ([.decimal("0.025")], false, ["0.025"]),
        ([.decimal("0.00018")], false, ["0.00018"]),
        // A sweep's column keeps its exact values in full.
        ([.decimal("9.18"), .decimal("6.885")], true, ["9.180", "6.885"]),
        ([.decimal("4.812"), .exact(Rational(35, 3))], true, ["4.812", "11.667"]),
    ]

    @Test(arguments: cases.indices) func decimals(_ index: Int) {
        let (values, exactInFull, expected) = Self.cases[index]
        #expect(EstimateFormat.column(values, exactInFull: exactInFull) == expected)
    }
}
