/// Each estimate's results as quantities (`help estimators`), kept under the
/// read-only names `ESTIMATOR.RESULT` (`boiler.blowdown`), so a later expression can use
/// them: `boiler.sulphite * 1 year to kg`.
public enum EstimatorResults {
    /// For each estimator, each JSON result key with the result's name and unit.
    static let names: [String: [(key: String, name: String, unit: String)]] = [
        "dose": [("amount", "amount", ""), ("load_kg", "load", "kg"), ("hardness_mmol_l", "hardness", "mmol/L"),
                 ("scoops", "scoops", ""), ("cost_per_load", "cost_per_load", "money"), ("loads_per_pack", "loads_per_pack", ""),
                 ("cost_month", "cost_month", "money"), ("cost_year", "cost_year", "money")],
        "boiler": [("blowdown_kg_h", "blowdown", "kg/h"), ("blowdown_pct", "blowdown_pct", "percent"),
                   ("feedwater_kg_h", "feedwater", "kg/h"), ("makeup_kg_h", "makeup", "kg/h"), ("feed_tds", "feed_tds", "ppm"),
                   ("cycles", "cycles", ""), ("condensate_pct", "condensate", "percent"), ("sulphite_ppm", "sulphite_dose", "ppm"),
                   ("sulphite_kg_day", "sulphite", "kg/day"), ("internal_kg_day", "internal", "kg/day"), ("amine_kg_day", "amine", "kg/day")]
            + planning(water: ["makeup", "blowdown"], products: Boiler.products),
        "cooling": [("evaporation", "evaporation", "m3/h"), ("drift", "drift", "m3/h"), ("bleed", "bleed", "m3/h"),
                    ("makeup", "makeup", "m3/h"), ("inhibitor_kg_day", "inhibitor", "kg/day"), ("biocide_kg", "biocide", "kg"),
                    ("half_life_h", "half_life", "h"), ("cycles", "cycles", ""), ("lsi", "lsi", ""), ("rsi", "rsi", ""),
                    ("lsi_cycled", "lsi_cycled", ""), ("rsi_cycled", "rsi_cycled", "")]
            + planning(water: ["evaporation", "bleed", "makeup"], products: Cooling.products),
        "invest": [("balance", "balance", "money"), ("deposited", "deposited", "money"), ("interest", "interest", "money"),
                   ("fees", "fees", "money")],
    ]

    /// The planning block's results: water in m³ and each product's kg, packs and cost a
    /// year (`boiler.sulphite_year`), and the costs (`cooling.cost_year`).
    private static func planning(water: [String], products: [String]) -> [(key: String, name: String, unit: String)] {
        water.map { ("\($0)_m3_year", "\($0)_year", "m3") }
            + products.flatMap { product in
                [("\(product)_kg_year", "\(product)_year", "kg"), ("\(product)_packs_year", "\(product)_packs_year", ""),
                 ("\(product)_packs_order", "\(product)_packs_order", ""), ("\(product)_cost_year", "\(product)_cost_year", "money")]
            }
            + [("water_cost_year", "water_cost_year", "money"), ("sewer_cost_year", "sewer_cost_year", "money"),
               ("cost_year", "cost_year", "money"), ("cost_month", "cost_month", "money")]
    }

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
