/// Each estimate's results as quantities (README, "Estimator results"), kept under the
/// read-only names `ESTIMATOR.RESULT` (`boiler.blowdown`), so a later expression can use
/// them: `boiler.sulphite * 1 year to kg`.
public enum EstimatorResults {
    /// For each estimator, each JSON result key with the result's name and unit.
    static let names: [String: [(key: String, name: String, unit: String)]] = [
        "dose": [("amount", "amount", ""), ("load_kg", "load", "kg"), ("hardness_mmol_l", "hardness", "mmol/L"),
                 ("scoops", "scoops", "")],
        "boiler": [("blowdown_kg_h", "blowdown", "kg/h"), ("blowdown_pct", "blowdown_pct", "percent"),
                   ("feedwater_kg_h", "feedwater", "kg/h"), ("makeup_kg_h", "makeup", "kg/h"), ("feed_tds", "feed_tds", "ppm"),
                   ("cycles", "cycles", ""), ("sulphite_ppm", "sulphite_dose", "ppm"), ("sulphite_kg_day", "sulphite", "kg/day"),
                   ("internal_kg_day", "internal", "kg/day"), ("amine_kg_day", "amine", "kg/day")],
        "cooling": [("evaporation", "evaporation", "m3/h"), ("drift", "drift", "m3/h"), ("bleed", "bleed", "m3/h"),
                    ("makeup", "makeup", "m3/h"), ("inhibitor_kg_day", "inhibitor", "kg/day"), ("biocide_kg", "biocide", "kg"),
                    ("half_life_h", "half_life", "h")],
        "invest": [("balance", "balance", "money"), ("deposited", "deposited", "money"), ("interest", "interest", "money"),
                   ("fees", "fees", "money")],
    ]

    /// The result names of an estimator, in order (`blowdown`, `feedwater`, …).
    public static func resultNames(of estimator: String) -> [String] {
        names[estimator]?.map(\.name) ?? []
    }

    /// The results of an estimate, as `ESTIMATOR.RESULT` and quantity. `money` is the
    /// currency the estimate's amounts are in, if any.
    static func quantities(of estimate: Estimate, money: Currency?) -> [String: Quantity] {
        var results: [String: Quantity] = [:]
        let fields = Dictionary(estimate.result.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for entry in names[estimate.estimator] ?? [] {
            guard case .number(let value)? = fields[entry.key] else { continue }
            var unit = CompoundUnit.none
            if entry.unit == "money" {
                unit = money.map { CompoundUnit($0.unit) } ?? .none
            } else if entry.key == "amount", case .text(let written)? = fields["unit"] {
                unit = UnitTable.compound(written) ?? .none
            } else if !entry.unit.isEmpty {
                unit = UnitTable.compound(entry.unit)!
            }
            results["\(estimate.estimator).\(entry.name)"] = Quantity(value, unit)
        }
        return results
    }
}
