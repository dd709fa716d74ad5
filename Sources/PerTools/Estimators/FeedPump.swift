import PerNumbers
import PerUnits
import PerLanguage

/// A metering pump feeding one product of `boiler` or `cooling` (`help boiler`): with
/// `PRODUCT_pump=` the pump's maximum (L/h, ml/min, gal/h), the product's flow and the
/// pump's setting, at the product's density (`PRODUCT_density=`, kg/L) and the strength
/// its daily amount already holds.
package struct FeedPump: Sendable {
    package let product: PlanningBlock.ProductInputs
    package let pump: InputSpec
    /// `sulphite_feed`: the product's flow, L/h.
    package let feed: ResultSpec
    /// `sulphite_stroke`: the flow as % of the pump's maximum.
    package let stroke: ResultSpec

    package init(_ product: PlanningBlock.ProductInputs, what: String) {
        self.product = product
        pump = InputSpec("\(product.key)_pump", .quantity(FeedPump.litresPerHour), "the most the \(what)'s metering pump feeds (with it: its flow and stroke)",
                         range: .above(0), optional: true)
        feed = ResultSpec("\(product.key)_feed", json: "\(product.key)_feed_l_h", .unit(FeedPump.litresPerHour), .table,
                          "\(what) product flow (with \(product.key)_pump)")
        stroke = ResultSpec("\(product.key)_stroke", json: "\(product.key)_stroke_pct", .percent, .table,
                            "the \(what) pump's setting, % of its maximum (with \(product.key)_pump)")
    }

    package static let litresPerHour = UnitTable.compound("L/h")!

    /// Below this % of its maximum a metering pump feeds unevenly, above it there is no margin:
    /// either is warned.
    package static let lowestPercent: Number = 10
    package static let highestPercent: Number = 90

    /// The product's flow, L/h: kg a day over the hours the plant runs a day (the pump
    /// feeds while it runs), over the density in kg/L.
    public static func flow(kilogramsPerDay: Number, hours: Number, density: Number) throws(ArithmeticError) -> Number {
        try kilogramsPerDay / hours / density
    }

    /// The pump's setting, % of its maximum: 100 × flow / maximum, both in L/h (a metering
    /// pump's output is in proportion to its stroke length).
    public static func stroke(flow: Number, maximum: Number) throws(ArithmeticError) -> Number {
        try 100 * flow / maximum
    }

    /// ml/min from L/h: × 1000 ml/L ÷ 60 min/h.
    public static func millilitresPerMinute(_ litresPerHour: Number) throws(ArithmeticError) -> Number {
        try litresPerHour * 1000 / 60
    }

    /// What the pumps add to an estimate.
    package struct Part {
        package var results: [ResultValue] = []
        package var tables: [Estimate.Table] = []
        package var warnings: [String] = []
        /// The warnings of a setting outside 10–90% of its pump, with their kind: a
        /// sweep tells a run of rows with one once.
        package var kinded: [Estimate.KindedWarning] = []
    }

    /// Each product with a pump given, with its kg a day (at the peak), over `hours` a day:
    /// a table of flows and settings, their results, and a warning for a setting outside
    /// 10–90% of the pump; flows in US gallons an hour where `mass` shows US units.
    package static func part(_ inputs: ResolvedInputs, _ pumps: [(pump: FeedPump, kilogramsPerDay: Number)], hours: Number,
                             mass: MassFigures) throws(EstimateError) -> Part {
        var part = Part()
        var rows: [(key: String, flow: Number, perMinute: Number, stroke: Number, pump: String)] = []
        for (pump, kilogramsPerDay) in pumps {
            guard let maximum = inputs.optionalNumber(pump.pump) else { continue }
            let density = try inputs.number(pump.product.density)
            let row = try formulas { () throws(ArithmeticError) in
                let flow = try flow(kilogramsPerDay: kilogramsPerDay, hours: hours, density: density)
                return (key: pump.product.key, flow: flow, perMinute: try millilitresPerMinute(flow),
                        stroke: try stroke(flow: flow, maximum: maximum), pump: inputs.text(pump.pump) ?? "")
            }
            rows.append(row)
            part.results += [pump.feed(row.flow), pump.stroke(row.stroke)]
            let shown = (try? mass.gallons(row.flow, per: "h")).flatMap { $0 } ?? .number(row.flow, "L/h")
            if let warning = warning(pump, stroke: row.stroke, flow: shown) {
                part.warnings.append(warning.text)
                if let kinded = warning.kinded { part.kinded.append(kinded) }
            }
        }
        guard !rows.isEmpty else { return part }
        // Each figure as the result reads (a pump's flow may be a hundred times another's).
        let f = EstimateFormat.number
        let hourly = try formulas { () throws(ArithmeticError) in
            try rows.map { row throws(ArithmeticError) in try mass.gallons(row.flow, per: "h").flatMap { figure -> Number? in
                if case .number(let value) = figure.value { value } else { nil }
            } ?? row.flow }
        }
        part.tables.append(Estimate.Table(header: ["feed pump", "ml/min", mass.isUS ? "gal/h" : "L/h", "stroke", "of"], rows: rows.indices.map { index in
            let row = rows[index]
            return [row.key, f(row.perMinute), f(hourly[index]), f(row.stroke) + "%", row.pump]
        }, labelColumns: 1))
        return part
    }

    /// Which side of 10–90% of its pump a setting lies: below, above, or beyond the
    /// pump's maximum.
    package enum StrokeFault: Hashable, Sendable {
        case below, above, beyond
    }

    /// A setting below 10% or above 90% of the pump, with what to do, and its kind; a pump
    /// given for a dose of 0, without one.
    static func warning(_ pump: FeedPump, stroke: Number, flow shown: Figure) -> (text: String, kinded: Estimate.KindedWarning?)? {
        let f = EstimateFormat.number
        guard case .number(let flow) = shown.value else { return nil }
        let key = pump.product.key
        if flow.isZero { return ("\(pump.pump.key) is given, but no \(key) is fed: its dose is 0", nil) }
        let (fault, gist, remedy): (StrokeFault, String, String)
        if stroke < lowestPercent {
            (fault, gist, remedy) = (.below, "the \(key) pump runs below \(f(lowestPercent))% of its maximum", "a smaller pump, or a weaker product")
        } else if stroke > 100 {
            (fault, gist, remedy) = (.beyond, "the \(key) pump cannot feed the flow asked, over its maximum", "a larger pump, or a stronger product")
        } else if stroke > highestPercent {
            (fault, gist, remedy) = (.above, "the \(key) pump runs above \(f(highestPercent))% of its maximum",
                                     "no margin; a larger pump, or a stronger product")
        } else {
            return nil
        }
        let text = switch fault {
        case .below: "the \(key) pump runs at \(f(stroke))% of its maximum, below \(f(lowestPercent))%: \(remedy)"
        case .beyond: "the \(key) pump cannot feed \(f(flow)) \(shown.unit): that is \(f(stroke))% of its maximum; \(remedy)"
        case .above: "the \(key) pump runs at \(f(stroke))% of its maximum, above \(f(highestPercent))%: \(remedy)"
        }
        return (text, Estimate.KindedWarning(kind: .pumpStroke(product: key, fault), text: text, gist: gist, figure: "\(f(stroke))%", remedy: remedy))
    }
}
