import PerNumbers
import PerUnits
import PerLanguage

/// The boiler water against the limits of its drum-pressure band (`BoilerWaterLimits`,
/// `help boiler`): with `pressure=`, the cycles, the TDS (maxtds), and with the make-up's
/// `silica=` and `alkalinity=`, or a measured `boiler_conductivity=`, those too.
extension Boiler {
    /// The make-up's analysis the limits check.
    package enum LimitInput {
        package static let silica = InputSpec("silica", .quantity(ppm), "silica in the make-up, as SiO2 (with pressure: the boiler water's, against the ASME limit)",
                                              range: .above(0), optional: true)
        package static let alkalinity = InputSpec("alkalinity", .quantity(ppm),
                                                  "total alkalinity of the make-up, as CaCO3 (with pressure: the boiler water's, against the ABMA limit)",
                                                  range: .above(0), optional: true)
    }

    /// The results of the check, in the order the text and JSON show them.
    package enum LimitOutput {
        package static let band = ResultSpec("pressure_band", .word, .table, "the drum-pressure band whose limits apply (with pressure)")
        package static let maxCycles = ResultSpec("max_cycles", .plain, .line("max cycles"),
                                                  "the most cycles every limit of the band allows (with pressure)")
        package static let maxCyclesBy = ResultSpec("max_cycles_by", .word, .note(of: maxCycles.name), "the limit that sets the max cycles")
        package static let boilerSilica = ResultSpec("boiler_silica", .unit(ppm), .table, "silica in the boiler water (with silica and pressure)")
        package static let boilerAlkalinity = ResultSpec("boiler_alkalinity", .unit(ppm), .table,
                                                         "total alkalinity in the boiler water (with alkalinity and pressure)")

        package static let all = [band, maxCycles, maxCyclesBy] + BoilerLimit.allCases.map(\.result) + [boilerSilica, boilerAlkalinity]
    }

    /// maxtds, when not given, is the ABMA TDS limit of the band of the pressure.
    public static let followingDefaults = [FollowingDefault(Input.maxtds, from: Input.pressure) { pressure in
        guard let psig = try? BoilerWaterLimits.psig(megapascals: pressure), let band = BoilerWaterLimits.band(psig: psig) else { return nil }
        return (Number(band.tds), "ABMA at \(band.label)")
    }]

    /// A constituent of the make-up in the boiler water, in the make-up's unit: the
    /// feedwater holds it at make-up/feedwater of the make-up's value (the condensate
    /// brings none), and the boiler concentrates the feedwater feedwater/blowdown times, so
    /// value × M/Bd. Total alkalinity is kept as bicarbonate turns to carbonate and hydroxide
    /// in the boiler (each step keeps its equivalents).
    public static func concentrated(_ makeupValue: Number, makeup: Number, blowdown: Number) throws(ArithmeticError) -> Number {
        try makeupValue * makeup / blowdown
    }

    /// The cycles a limit allows: the limit over the feedwater's value, which is the boiler
    /// water's over the cycles run, so cycles × limit / boiler-water value.
    public static func cyclesAllowed(cycles: Number, limit: Number, boilerValue: Number) throws(ArithmeticError) -> Number {
        try cycles * limit / boilerValue
    }

    /// One limit checked: the boiler water's value, the band's limit and the cycles it allows.
    package struct LimitCheck {
        package let limit: BoilerLimit
        package let boilerValue: Number
        package let limitValue: Number
        package let allows: Number

        package var isExceeded: Bool { boilerValue > limitValue }
    }

    /// What the check adds to an estimate.
    package struct LimitPart {
        package var results: [ResultValue] = []
        package var tables: [Estimate.Table] = []
        package var conventions: [String] = []
        package var warnings: [String] = []
        /// The limits passed by an input's value, which a sweep over it tells once.
        package var exceededLimits: [Estimate.ExceededLimit] = []
        /// The other warnings a sweep tells once for a run of rows.
        package var kindedWarnings: [Estimate.KindedWarning] = []
    }

    /// The boiler water's value of each kind of limit the inputs tell: the cycles always, the
    /// TDS (maxtds) unless the cycles were measured, silica and alkalinity with the make-up's,
    /// the conductivity when measured.
    package static func boilerWater(_ inputs: ResolvedInputs, water: Balance, measuredCycles: Bool) throws(EstimateError) -> [BoilerLimit: Number] {
        var values: [BoilerLimit: Number] = [.cycles: water.cycles]
        if !measuredCycles { values[.tds] = try inputs.number(Input.maxtds) }
        if measuredCycles { values[.conductivity] = try inputs.number(Input.boilerConductivity) }
        try formulas { () throws(ArithmeticError) in
            if let silica = inputs.optionalNumber(LimitInput.silica) {
                values[.silica] = try concentrated(silica, makeup: water.makeup, blowdown: water.blowdown)
            }
            if let alkalinity = inputs.optionalNumber(LimitInput.alkalinity) {
                values[.alkalinity] = try concentrated(alkalinity, makeup: water.makeup, blowdown: water.blowdown)
            }
        }
        return values
    }

    /// The check at `pressure` MPa absolute: the band's limits as results, a table of each
    /// limit the boiler water can be compared with, the lowest max cycles, and a warning for
    /// each limit passed. Above the highest band, a warning alone.
    package static func limitPart(_ inputs: ResolvedInputs, pressure: Number, water: Balance, measuredCycles: Bool) throws(EstimateError) -> LimitPart {
        let f = EstimateFormat.number
        var part = LimitPart()
        let psig = try formulas { () throws(ArithmeticError) in try BoilerWaterLimits.psig(megapascals: pressure) }
        let given = inputs.text(Input.pressure) ?? ""
        guard let band = BoilerWaterLimits.band(psig: psig) else {
            let tds = inputs.isGiven(Input.maxtds) || measuredCycles ? "" : "; maxtds is the general default, not a limit for this pressure"
            // Given in psig, the pressure is said once (it read "2001 psig is 2,001 psig").
            let written = inputs.unit(of: Input.pressure)?.symbol == "psig" ? "pressure \(given)" : "pressure \(given) is \(f(psig)) psig"
            let gist = "above the \(BoilerWaterLimits.highestPsig) psig of the highest band of the ABMA/ASME boiler-water limits"
            let remedy = "the boiler water is not checked against them\(tds)"
            part.warnings.append("\(written), \(gist): \(remedy)")
            part.kindedWarnings.append(.init(kind: .aboveBoilerBands, text: part.warnings[0], gist: gist, figure: nil, remedy: remedy))
            return part
        }
        let values = try boilerWater(inputs, water: water, measuredCycles: measuredCycles)
        var checks: [LimitCheck] = []
        for limit in BoilerLimit.allCases {
            guard let limitValue = band.number(of: limit), let boilerValue = values[limit] else { continue }
            let allows = limit == .cycles ? limitValue : try formulas { () throws(ArithmeticError) in
                try cyclesAllowed(cycles: water.cycles, limit: limitValue, boilerValue: boilerValue)
            }
            checks.append(LimitCheck(limit: limit, boilerValue: boilerValue, limitValue: limitValue, allows: allows))
        }
        let lowest = checks.min { $0.allows < $1.allows }!
        part.results = [LimitOutput.band.word(band.label),
                        LimitOutput.maxCycles(lowest.allows, note: "set by \(lowest.limit.name): \(limitText(lowest.limit, band)) at \(band.label)"),
                        LimitOutput.maxCyclesBy.word(lowest.limit.name)]
            + BoilerLimit.allCases.map { limit in limit.result(band.number(of: limit)) }
            + [LimitOutput.boilerSilica(values[.silica]), LimitOutput.boilerAlkalinity(values[.alkalinity])]
        // Every limit of the band, with the boiler water's value and the cycles it allows where known.
        var boilerColumn = EstimateFormat.column(checks.map(\.boilerValue)).makeIterator()
        part.tables.append(Estimate.Table(header: ["limits, \(band.label)", "boiler water", "limit", "max cycles"], rows: BoilerLimit.allCases.map { limit in
            guard let check = checks.first(where: { $0.limit == limit }) else { return [limit.name, "", limitText(limit, band), ""] }
            return [limit.name, boilerColumn.next()! + (limit.unit.isEmpty ? "" : " " + limit.unit), limitText(limit, band), f(check.allows)]
        }, labelColumns: 1))
        let converted = inputs.unit(of: Input.pressure) == BoilerWaterLimits.psigUnit ? "" : " is \(f(psig)) psig"
        part.conventions.append("limits at \(band.label) (pressure \(given)\(converted)): cycles, TDS, alkalinity and conductivity "
                                + "by ABMA, silica by ASME; the make-up's silica and alkalinity in the boiler water: × make-up/blowdown")
        for check in checks where check.isExceeded {
            if let exceeded = try exceededLimit(check, band: band, inputs: inputs, water: water) {
                part.warnings.append(exceeded.warning)
                part.exceededLimits.append(exceeded)
            } else {
                let remedy = "more blowdown, \(try fewerCycles(inputs, to: check.limitValue, measured: measuredCycles))"
                part.warnings.append("\(f(check.boilerValue)) cycles are above the \(check.limit.source) limit of \(f(check.limitValue)) for "
                                     + "\(band.label): \(remedy)")
                part.kindedWarnings.append(.init(kind: .boilerLimit(check.limit), text: part.warnings[part.warnings.count - 1],
                                                 gist: "the cycles are above the \(check.limit.source) limit",
                                                 figure: "\(f(check.boilerValue)) over \(f(check.limitValue)) at \(band.label)", remedy: remedy))
            }
        }
        return part
    }

    /// How to bring the cycles down to `limit`: by maxtds when tds and maxtds set them; when
    /// they are measured (maxtds unused), the boiler water's conductivity to hold, `limit`
    /// times the feedwater's (cycles = boiler over feedwater conductivity).
    static func fewerCycles(_ inputs: ResolvedInputs, to limit: Number, measured: Bool) throws(EstimateError) -> String {
        guard measured else { return "(a lower maxtds)" }
        let f = EstimateFormat.number
        let feed = try inputs.number(Input.feedConductivity)
        let most = try formulas { () throws(ArithmeticError) in try limit * feed }
        return "for boiler_conductivity at most \(f(most)) µS/cm (\(f(limit)) × the feedwater's \(f(feed)))"
    }

    /// `150 ppm (ASME)`, `70 (ABMA)`; `no free hydroxide (ABMA)` for the alkalinity of the
    /// bands that allow none, which has no amount to put a unit to.
    static func limitText(_ limit: BoilerLimit, _ band: BoilerWaterLimits) -> String {
        guard let value = band.number(of: limit) else { return "no free hydroxide (\(limit.source))" }
        return EstimateFormat.number(value) + (limit.unit.isEmpty ? "" : " " + limit.unit) + " (\(limit.source))"
    }

    /// A limit passed, told by the input behind it, with the most that input may be for the
    /// boiler water to stay within the limit: maxtds and boiler_conductivity are the boiler
    /// water's own; the make-up's silica and alkalinity may be limit × blowdown/make-up (the
    /// inverse of `concentrated`). The cycles have no input behind them: nil. What passing it
    /// means holds for every row of a sweep over that input (the figures that move with it
    /// are in the table).
    static func exceededLimit(_ check: LimitCheck, band: BoilerWaterLimits, inputs: ResolvedInputs,
                              water: Balance) throws(EstimateError) -> Estimate.ExceededLimit? {
        let f = EstimateFormat.number
        let name = "\(check.limit.source) \(check.limit.name)", unit = " " + check.limit.unit
        let limit = "\(band.label) \(name)"
        var exceeded: Estimate.ExceededLimit
        switch check.limit {
        case .cycles:
            return nil
        case .tds:
            exceeded = .init(input: Input.maxtds.key, value: inputs.text(Input.maxtds) ?? "", limit: limit, allowed: f(check.limitValue) + unit,
                             consequence: "carryover and foaming; lower maxtds")
        case .conductivity:
            exceeded = .init(input: Input.boilerConductivity.key, value: inputs.text(Input.boilerConductivity) ?? "", limit: limit,
                             allowed: f(check.limitValue) + unit, consequence: "carryover and foaming; more blowdown")
        case .silica, .alkalinity:
            let input = check.limit == .silica ? LimitInput.silica : LimitInput.alkalinity
            let allowed = try formulas { () throws(ArithmeticError) in try check.limitValue * water.blowdown / water.makeup }
            // Cycles allowed below 1: the make-up alone is over the limit, and blowdown cannot dilute it.
            let beyondBlowdown = check.allows < 1
            let remedy = beyondBlowdown ? "less \(input.key) in the make-up: no blowdown keeps the boiler water under the limit"
                : "more blowdown, or less \(input.key) in the make-up"
            let consequence = beyondBlowdown
                ? "the make-up alone is above the \(f(check.limitValue))\(unit) limit, so no blowdown keeps the boiler water under it; "
                    + "make-up \(input.key) at most \(f(allowed))\(unit) at these cycles"
                : "the boiler water would pass \(f(check.limitValue))\(unit); \(remedy)"
            exceeded = .init(input: input.key, value: inputs.text(input) ?? "", limit: limit, allowed: f(allowed) + unit, consequence: consequence)
            exceeded.remedy = remedy
            exceeded.kind = beyondBlowdown ? .makeupAboveBoilerLimit(check.limit) : .boilerLimit(check.limit)
        }
        (exceeded.kind, exceeded.kindName, exceeded.place) = (exceeded.kind ?? .boilerLimit(check.limit), name, band.label)
        return exceeded
    }
}
