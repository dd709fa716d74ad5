import PerNumbers
import PerUnits
import PerLanguage

/// Water hardness bands for laundry dosing (`help dose`, after DETERGO), in mmol/L:
/// soft < 1.5 ≤ medium ≤ 2.5 < hard ≤ 3.8 < very hard.
public enum HardnessBand: String, Sendable, CaseIterable, InputChoice {
    case soft, medium, hard, veryHard = "very-hard"

    public init(millimolesPerLitre value: Number) {
        if value < .decimal("1.5") { self = .soft }
        else if value <= .decimal("2.5") { self = .medium }
        else if value <= .decimal("3.8") { self = .hard }
        else { self = .veryHard }
    }

    /// The dose multiplier: soft 0.8, medium 1, hard 1.25, very hard 1.5.
    public var factor: Number {
        switch self {
        case .soft: return .decimal("0.8")
        case .medium: return 1
        case .hard: return .decimal("1.25")
        case .veryHard: return .decimal("1.5")
        }
    }
}

/// `dose`: laundry detergent for one wash (`help dose`, after the DETERGO dosing guide).
public enum Dose: Estimator {
    public static let name = "dose"
    public static let summary = "laundry detergent for one wash"
    public static let positionalInput: InputSpec? = Input.form
    public static let example = "dose liquid load=full drum=9 soil=heavy water=20gpg"
    public static let examples = ["dose liquid price=€12.99 per 2.95 l loads=4 per week"]

    package static let kilogram = UnitTable.compound("kg")!
    package static let millimolesPerLitre = UnitTable.compound("mmol/l")!
    package static let weeks = UnitTable.compound("weeks")!
    /// The load a pack's dose is written for, kg.
    package static let referenceLoad = Number.decimal("4.5")

    /// The detergent's form (`form=`, or the word after `dose`).
    package enum Form: String, InputChoice {
        case liquid, powder, pods

        /// The dimension its dose and pack are in: a liquid's a volume, a powder's a
        /// mass, pods a count.
        package var dimension: Dimension {
            switch self {
            case .liquid: return .volume
            case .powder: return .mass
            case .pods: return .count
            }
        }
    }

    /// How full the drum is (`load=half`), when the load is not given as a mass.
    package enum Fill: String, InputChoice {
        case quarter, half, threeQuarters = "three-quarters", full

        /// The share of the drum's capacity: 0.25, 0.5, 0.75 or 1.
        package var share: Number {
            switch self {
            case .quarter: return .decimal("0.25")
            case .half: return .decimal("0.5")
            case .threeQuarters: return .decimal("0.75")
            case .full: return 1
            }
        }
    }

    /// How dirty the laundry is (`soil=`).
    package enum Soil: String, InputChoice {
        case light, normal, heavy

        /// The dose multiplier: light 0.75, normal 1, heavy 1.5.
        package var factor: Number {
            switch self {
            case .light: return .decimal("0.75")
            case .normal: return 1
            case .heavy: return .decimal("1.5")
            }
        }
    }

    /// The inputs, each declared once; the estimate reads them through these, never by a string.
    package enum Input {
        package static let form = InputSpec("form", .choice(Form.words), "detergent form")
        package static let load = InputSpec("load", .quantityOrChoice(kilogram, choices: Fill.words),
            "dry laundry, or how full the drum is", default: .quantity(Quantity(referenceLoad, kilogram)),
            range: .above(0, upTo: 50))
        package static let drum = InputSpec("drum", .quantity(kilogram), "drum capacity", default: .quantity(Quantity(7, kilogram)), range: .from(1, to: 20))
        package static let soil = InputSpec("soil", .choice(Soil.words), "how dirty the laundry is", default: .choice(Soil.normal))
        package static let water = InputSpec("water", .quantityOrChoice(millimolesPerLitre, choices: HardnessBand.words),
            "water hardness", default: .choice(HardnessBand.medium), range: .from(0, to: 20))
        package static let base = InputSpec("base", .oneOf([UnitTable.compound("ml")!, UnitTable.compound("g")!]), "the pack's dose for 4.5 kg, medium water, normal soil",
            default: .number(75), range: .above(0, upTo: 1000))
        package static let scoop = InputSpec("scoop", .quantity(UnitTable.compound("g")!), "grams in one scoop of powder", range: .above(0, upTo: 1000), optional: true)
        package static let price = InputSpec("price", .price(plain: .pack), "price of the detergent: per pack (with pack=), or per l, kg or pod, as in €12.99 per 2.95 l",
            range: .atLeast(0), optional: true)
        package static let pack = InputSpec("pack", .oneOf([UnitTable.compound("ml")!, UnitTable.compound("g")!, UnitTable.compound("pods")!]),
            "what a pack holds", range: .above(0), optional: true)
        package static let loads = InputSpec("loads", .quantity(UnitTable.compound("per week")!),
            "washes a week, for the cost a month and a year (with price) and the weeks a pack lasts (with pack)",
            range: .above(0, upTo: 1000), optional: true)
    }

    public static let inputs: [InputSpec] = [
        Input.form, Input.load, Input.drum, Input.soil, Input.water, Input.base, Input.scoop,
    ] + [
        // Cost: quiet until given.
        Input.price, Input.pack, Input.loads,
    ].map(\.quiet)

    /// `loads=` needs a price or a pack: the estimate refuses it with neither, naming both.
    /// `price=€12.99 per 2.95 l` is a pack of 2.95 l (the estimate then gives its loads per pack).
    public static var pricedPacks: [(price: InputSpec, pack: InputSpec)] { [(Input.price, Input.pack)] }

    /// The results, in the order the text and JSON show them.
    package enum Output {
        package static let amount = ResultSpec("amount", .chosen, .line("dose"), "the dose, in ml, g or pods")
        package static let unit = ResultSpec("unit", .word, .note(of: amount.name), "the dose's unit")
        package static let scoops = ResultSpec("scoops", .plain, .line("scoops"), "scoops of powder (with scoop)")
        package static let load = ResultSpec("load_kg", .unit(kilogram), .line("load"), "the load of laundry")
        package static let hardness = ResultSpec("hardness", json: "hardness_mmol_l", .unit(millimolesPerLitre), .line("water"),
                                         "water hardness (when given as a hardness)")
        package static let band = ResultSpec("band", .word, .note(of: hardness.name), "the hardness band")
        package static let costPerLoad = ResultSpec("cost_per_load", .money, .line("cost"), "cost of one load's dose (with price)")
        package static let loadsPerPack = ResultSpec("loads_per_pack", .plain, .line("loads"), "whole loads a pack doses (with pack)")
        package static let costMonth = ResultSpec("cost_month", .money, .line("cost"), "cost a month (with loads)")
        package static let costYear = ResultSpec("cost_year", .money, .line("cost"), "cost a year (with loads)")
        package static let lastsWeeks = ResultSpec("lasts_weeks", .unit(weeks), .line("lasts"), "weeks a pack lasts (with pack and loads)")
        package static let currency = ResultSpec("currency", .word, .note(of: costPerLoad.name), "the currency of the costs")
    }

    public static let results = [Output.amount, Output.unit, Output.scoops, Output.load, Output.hardness, Output.band,
                                 Output.costPerLoad, Output.loadsPerPack, Output.costMonth, Output.costYear, Output.lastsWeeks,
                                 Output.currency]

    /// `dose: 115 ml liquid`, `dose: 2 pods`.
    public static func headline(of estimate: Estimate) -> String {
        let form = estimate.inputs.first { $0.key == Input.form.key }?.text ?? ""
        return "\(name): " + [estimate.headlinePart(Output.amount, labelled: false), Form(word: form) == .pods ? "" : form]
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The price of one unit of a form's dose (one ml, one g or one pod): a price per L
    /// over 1000, per kg over 1000, per item as it is, or a pack's price over what the pack
    /// holds (in ml, g or pods). Nil when the price is per an amount of another kind.
    package static func pricePerDoseUnit(_ price: Price, form: Form, pack: Number?) throws(ArithmeticError) -> Number? {
        switch (price.basis, form.dimension) {
        case (.litre, .volume), (.kilogram, .mass): return try price.amount / 1000
        case (.cubicMetre, .volume): return try price.amount / 1_000_000
        case (.item, .count): return price.amount
        case (.pack, _): return try pack.map { (pack) throws(ArithmeticError) in try price.amount / pack }
        default: return nil
        }
    }

    /// Loads a week as loads a month (a twelfth of a 365-day year) and a year: ×365/84 and ×365/7.
    package static func loadsPerMonthAndYear(perWeek: Number) throws(ArithmeticError) -> (month: Number, year: Number) {
        (try perWeek * 365 / 84, try perWeek * 365 / 7)
    }

    /// The weeks a pack lasts: the whole loads it doses (what it holds over one load's dose,
    /// rounded down, as `loads_per_pack`) over the loads a week. Nil for a dose of zero.
    package static func weeksPackLasts(pack: Number, dose amount: Number, perWeek: Number) throws(ArithmeticError) -> Number? {
        guard !amount.isZero else { return nil }
        return try (pack / amount).rounded(.down) / perWeek
    }

    /// Liquid or powder, in ml or g: base × max(0.5, load/4.5) × soil × water, before
    /// rounding. Soil: light 0.75, normal 1, heavy 1.5; water: `HardnessBand.factor`.
    package static func unroundedAmount(base: Number, loadKg: Number, soil: Number, band: HardnessBand) throws(ArithmeticError) -> Number {
        let loadFactor = max(Number.decimal("0.5"), try loadKg / referenceLoad)
        return try base * loadFactor * soil * band.factor
    }

    /// Pods: 1, or 2 when the soil is heavy, the water hard or very hard, or the load over 6 kg.
    package static func pods(loadKg: Number, soil: Soil, band: HardnessBand) -> Int {
        soil == .heavy || band == .hard || band == .veryHard || loadKg > 6 ? 2 : 1
    }

    /// Pods for the word `soil=` was given as; a word that is none of its choices is normal.
    package static func pods(loadKg: Number, soil: String, band: HardnessBand) -> Int {
        pods(loadKg: loadKg, soil: Soil(word: soil) ?? .normal, band: band)
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let form = inputs.choice(Input.form, as: Form.self)!
        let drum = try inputs.number(Input.drum)
        let soil = inputs.choice(Input.soil, as: Soil.self)!
        let fill = inputs.choice(Input.load, as: Fill.self)
        let loadKg: Number = if let fill { try formulas { () throws(ArithmeticError) in try fill.share * drum } }
            else { try inputs.number(Input.load) }
        let hardness = inputs.optionalNumber(Input.water)
        let band = hardness.map(HardnessBand.init(millimolesPerLitre:)) ?? inputs.choice(Input.water, as: HardnessBand.self)!

        let dose = try doseResults(inputs, form: form, loadKg: loadKg, soil: soil, band: band)
        var results = dose.results
        let amount = dose.amount, unit = dose.unit
        let fillNote = fill.map { "\($0.word) drum of \(EstimateFormat.number(drum)) kg" } ?? ""
        results.insert(Output.unit.word(unit), at: 1)
        results += [Output.load(loadKg, note: fillNote),
                    Output.hardness(hardness, note: hardness == nil ? "" : band.rawValue,
                                    shown: hardness == nil ? Figure(.text(band.rawValue)) : nil),
                    Output.band.word(band.rawValue)]

        var warnings: [String] = []
        if loadKg > drum {
            warnings.append("too much laundry: \(EstimateFormat.number(loadKg)) kg in a \(EstimateFormat.number(drum)) kg drum; split it into two washes")
        } else if loadKg < 1 || (try? loadKg * 4 < drum) == true {
            warnings.append("too little laundry: \(EstimateFormat.number(loadKg)) kg is under 1 kg or a quarter of the drum; wait for a fuller load")
        }
        if amount.isZero {
            let base = try inputs.number(Input.base)
            warnings.append("the dose rounds to 0 \(unit): check the pack's base dose (base=\(EstimateFormat.number(base)))")
        }
        var conventions: [String] = []
        let price = inputs.price(Input.price)
        if inputs.optionalNumber(Input.loads) != nil, price == nil, inputs.optionalNumber(Input.pack) == nil {
            throw .rule(key: Input.loads, message: "loads= gives the cost a month with price= (price=€12.99 per 2.95 l), "
                        + "and the weeks a pack lasts with pack= (pack=2.95 l)", others: [])
        }
        if let price {
            results += try costResults(price, inputs: inputs, form: form, amount: amount, unit: unit)
            conventions.append("cost per load of the dose as rounded; a month is a twelfth of a 365-day year")
        }
        results += try lasting(inputs: inputs, form: form, amount: amount, unit: unit, hasPrice: price != nil)
        // A plain base dose is in the form's unit; pods have none.
        let used: [Estimate.UsedInput] = inputs.used.compactMap { input in
            guard input.key == Input.base.key, inputs.unit(of: Input.base) == nil else { return input }
            return form == .pods ? (input.isDefault ? nil : input) : .init(key: input.key, text: "\(input.text) \(unit)", isDefault: input.isDefault)
        }
        return Estimate(
            self, inputs: used, results: results, currency: inputs.estimateCurrency,
            // Pods are counted, not scaled: their row says why one or two.
            conventions: (form == .pods ? [] : [
                "base dose for 4.5 kg of laundry, medium water and normal soil; scaled by load (never below half), soil (light 0.75, heavy 1.5) and water (soft 0.8, hard 1.25, very hard 1.5)",
            ]) + [
                "hardness bands in mmol/L: soft < 1.5 ≤ medium ≤ 2.5 < hard ≤ 3.8 < very hard",
            ] + conventions,
            warnings: warnings)
    }

    /// The dose itself: pods, or millilitres or grams from the base dose scaled for the load,
    /// soil and water (with scoops of a powder), rounded as it is measured out.
    private static func doseResults(_ inputs: ResolvedInputs, form: Form, loadKg: Number, soil: Soil,
                                    band: HardnessBand) throws(EstimateError) -> (results: [ResultValue], amount: Number, unit: String) {
        var results: [ResultValue] = []
        let amount: Number, unit: String
        if form == .pods {
            amount = Number(pods(loadKg: loadKg, soil: soil, band: band))
            unit = amount == 1 ? "pod" : "pods"
            let reasons = (soil == .heavy ? ["heavy soil"] : []) + (band == .hard || band == .veryHard ? ["\(band.rawValue) water"] : [])
                + (loadKg > 6 ? ["over 6 kg"] : [])
            results.append(Output.amount(amount, note: reasons.isEmpty ? "1 pod for a normal wash" : "2 pods for " + reasons.listed("and"),
                                         shown: Figure(.count(amount), unit), unit: UnitTable.compound(unit)))
        } else {
            unit = form == .liquid ? "ml" : "g"
            let wanted = form.dimension
            if let given = inputs.unit(of: Input.base), given.dimension != wanted {
                throw .baseDoseOfOtherKind(form: form.rawValue, wanted: wanted, given: inputs.text(Input.base) ?? given.symbol,
                                           is: given.dimension)
            }
            let base = try inputs.number(Input.base)
            let exact = try formulas { () throws(ArithmeticError) in
                try unroundedAmount(base: base, loadKg: loadKg, soil: soil.factor, band: band)
            }
            amount = try formulas { () throws(ArithmeticError) in try exact.rounded(.nearest, step: 5) }
            // Whole by its rounding, like a count of pods.
            results.append(Output.amount(amount, note: "\(EstimateFormat.number(exact)) \(unit), to the nearest 5 \(unit)",
                                         shown: Figure(.count(amount), unit), unit: UnitTable.compound(unit)))
            if form == .powder, let scoop = inputs.optionalNumber(Input.scoop) {
                let scoops = try formulas { () throws(ArithmeticError) in try (exact / scoop).rounded(.nearest, step: .decimal("0.5")) }
                results.append(Output.scoops(scoops, note: "of \(EstimateFormat.number(scoop)) g, to the nearest half",
                                             shown: Figure(.count(scoops), scoops == 1 ? "scoop" : "scoops")))
            }
        }
        return (results, amount, unit)
    }

    /// With a pack and loads a week, the weeks the pack lasts (`lasts 9.75 weeks`); without
    /// a price, the loads a pack doses too (with one, the cost's lines give them).
    private static func lasting(inputs: ResolvedInputs, form: Form, amount: Number, unit: String,
                                hasPrice: Bool) throws(EstimateError) -> [ResultValue] {
        guard let pack = inputs.optionalNumber(Input.pack) else { return [] }
        try checkPack(inputs: inputs, form: form, unit: unit)
        guard let perWeek = inputs.optionalNumber(Input.loads),
              let weeks = try formulas({ () throws(ArithmeticError) in try weeksPackLasts(pack: pack, dose: amount, perWeek: perWeek) })
        else { return [] }
        let loads = try formulas { () throws(ArithmeticError) in try (pack / amount).rounded(.down) }
        let packText = inputs.text(Input.pack) ?? ""
        let lasts = Output.lastsWeeks(weeks, note: "\(EstimateFormat.number(loads)) loads of \(packText) at \(inputs.text(Input.loads) ?? "")",
                                      shown: Figure(.count(weeks), weeks == 1 ? "week" : "weeks"))
        return hasPrice ? [lasts] : [Output.loadsPerPack(loads, note: "of \(packText)", shown: Figure(.count(loads), "per pack")), lasts]
    }

    /// Refuses a pack of another kind than the form's dose (a pack in g of a liquid).
    private static func checkPack(inputs: ResolvedInputs, form: Form, unit: String) throws(EstimateError) {
        let wanted = form.dimension
        if let packUnit = inputs.unit(of: Input.pack), packUnit.dimension != wanted {
            let written = inputs.text(Input.pack) ?? packUnit.symbol
            throw .rule(key: Input.pack, message: "pack \(written) is \(packUnit.dimension.withArticle), but a pack of \(form.word) holds \(wanted.withArticle) (\(unit)): give pack= for \(form.word)", others: [Input.form])
        }
    }

    /// Cost per load, loads per pack, and with loads a week the cost a month and a year.
    private static func costResults(_ price: Price, inputs: ResolvedInputs, form: Form, amount: Number,
                                    unit: String) throws(EstimateError) -> [ResultValue] {
        let wanted = form.dimension
        try checkPack(inputs: inputs, form: form, unit: unit)
        let pack = inputs.optionalNumber(Input.pack)
        let given = inputs.text(Input.price) ?? ""
        let perUnit = try formulas { () throws(ArithmeticError) in try pricePerDoseUnit(price, form: form, pack: pack) }
        guard let perUnit else {
            if price.basis == .pack {
                throw .rule(key: Input.price, message: "price \(given) is a pack's: give pack= too (pack=2.95 l), or the price per \(wanted == .count ? "pod" : wanted == .mass ? "kg" : "l") (€12.99 per 2.95 l)")
            }
            throw .rule(key: Input.price, message: "a price of \(form.word) is per \(wanted == .count ? "pod" : wanted == .mass ? "kg" : "l") or per pack, not \(given)")
        }
        return try formulas { () throws(ArithmeticError) in
            let perLoad = try perUnit * amount
            var results = [Output.costPerLoad(perLoad, note: "\(EstimateFormat.number(amount)) \(unit) at \(given)\(price.basis == .pack ? " a pack" : "")",
                                              shown: Figure(.money(perLoad, perUnit: true), "per load"))]
            if let pack, !amount.isZero {
                let loads = try (pack / amount).rounded(.down)
                results.append(Output.loadsPerPack(loads, note: "of \(inputs.text(Input.pack) ?? "")",
                                                   shown: Figure(.count(loads), "per pack")))
            } else {
                results.append(Output.loadsPerPack(nil))
            }
            if let perWeek = inputs.optionalNumber(Input.loads) {
                let loads = try loadsPerMonthAndYear(perWeek: perWeek)
                let month = try perLoad * loads.month, year = try perLoad * loads.year
                results += [Output.costMonth(month, note: "\(EstimateFormat.number(loads.month)) loads", shown: Figure(.money(month, perUnit: false), "a month")),
                            Output.costYear(year, note: "\(EstimateFormat.number(loads.year)) loads", shown: Figure(.money(year, perUnit: false), "a year"))]
            }
            results.append(Output.currency.word(inputs.estimateCurrency?.code.code))
            return results
        }
    }
}
