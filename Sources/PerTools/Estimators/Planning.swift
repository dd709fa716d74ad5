import PerNumbers
import PerUnits
import PerLanguage

/// A price as given: money per pack, or per an amount of the product.
public struct Price: Sendable, Equatable {
    /// What the money buys: a pack, or one kg, litre, m³ or item, or a kWh of fuel.
    public enum Basis: Sendable, Equatable {
        case pack, kilogram, litre, cubicMetre, item, kilowattHour

        /// `kg`, `L`, `m3`, `item`; empty for a pack.
        package var unitSymbol: String {
            switch self {
            case .pack: return "pack"
            case .kilogram: return "kg"
            case .litre: return "L"
            case .cubicMetre: return "m3"
            case .item: return "item"
            case .kilowattHour: return "kWh"
            }
        }

        package var unit: CompoundUnit? { self == .pack ? nil : UnitTable.compound(unitSymbol) }
    }

    public let amount: Number
    public let basis: Basis
    public let currency: Currency?
}

/// The conductivity of water, in µS/cm, which measures how far it is concentrated.
public enum Conductivity {
    package static let unit = UnitTable.compound("µS/cm")!

    /// Cycles of concentration: the concentrated water's conductivity over that of the
    /// water it came from (boiler water over feedwater, tower water over make-up), both in
    /// µS/cm. The dissolved solids carry the current, so their ratio is the conductivities'.
    public static func cycles(concentrated: Number, source: Number) throws(ArithmeticError) -> Number {
        try concentrated / source
    }
}

/// A group of inputs that go together (`help planning`): giving one makes the
/// others needed, and the group stands in for the inputs it replaces.
/// Declared with the inputs themselves; kept as their keys, which is how a statement's
/// inputs are looked up.
public struct InputGroup: Sendable {
    /// Any of these given makes the group used, and all of them needed.
    package let members: [String]
    /// Also needed when the group is used (an input another group shares).
    package let needs: [String]
    /// Not used, and not needed, while the group is: a statement giving one of these
    /// forgets the group's kept members, and the other way round.
    package let replaces: [String]
    /// Used only with the group (their defaults mean nothing without it).
    package let extras: [String]

    package init(members: [InputSpec], needs: [InputSpec] = [], replaces: [InputSpec] = [], extras: [InputSpec] = []) {
        self.members = members.map(\.key)
        self.needs = needs.map(\.key)
        self.replaces = replaces.map(\.key)
        self.extras = extras.map(\.key)
    }
}

/// The operating year of a plant (`help planning`): `days` operating days a
/// year, split into a summer and a winter of the rest. The summer is `summer=` days as
/// given (or dated), else `summerMonths` months: `days × months/12` days. Without seasons
/// the summer is the whole year.
public struct OperatingYear: Sendable, Equatable {
    public let days: Number
    /// Nil without seasons, and when the summer's days are given.
    public let summerMonths: Number?
    /// The summer's operating days as given; nil without seasons or when set by months.
    public let givenSummerDays: Number?

    public init(days: Number, summerMonths: Number?, summerDays: Number? = nil) {
        self.days = days
        self.summerMonths = summerDays == nil ? summerMonths : nil
        self.givenSummerDays = summerDays
    }

    /// The year of an estimate's inputs; with `seasons`, the summer is `summer=` days
    /// when given (refused when more than `days=`), else `summer_months=` months.
    package static func of(_ inputs: ResolvedInputs, seasons: Bool) throws(EstimateError) -> OperatingYear {
        let days = try inputs.number(PlanningBlock.days)
        guard seasons else { return OperatingYear(days: days, summerMonths: nil) }
        guard let summer = inputs.optionalNumber(PlanningBlock.summer) else {
            return OperatingYear(days: days, summerMonths: try inputs.number(PlanningBlock.summerMonths))
        }
        guard summer <= days else {
            throw .rule(key: PlanningBlock.summer, message: "summer has \(EstimateFormat.number(summer)) days, more than the year's \(EstimateFormat.number(days)) operating days (days=)",
                        others: [PlanningBlock.days])
        }
        return OperatingYear(days: days, summerMonths: nil, summerDays: summer)
    }

    /// Whether the year is split into seasons.
    public var hasSeasons: Bool { summerMonths != nil || givenSummerDays != nil }

    /// Operating days in the summer: as given, or days × months/12.
    public var summerDays: Number { givenSummerDays ?? (try? days * (summerMonths ?? 12) / 12) ?? days }
    /// Operating days in the winter: the rest of the year's.
    public var winterDays: Number { (try? days - summerDays) ?? 0 }

    /// A yearly total from a figure per operating day in each season: summer × summer
    /// days + winter × winter days.
    public func total(_ daily: Seasonal) throws(ArithmeticError) -> Number {
        guard hasSeasons else { return try daily.summer * days }
        return try daily.summer * summerDays + daily.winter * winterDays
    }

    /// The highest daily figure of a season that has days: what stock is sized on.
    public func peak(_ daily: Seasonal) -> Number {
        guard hasSeasons else { return daily.summer }
        if summerDays.isZero { return daily.winter }
        if winterDays.isZero { return daily.summer }
        return max(daily.summer, daily.winter)
    }
}

/// A figure per operating day in the summer and in the winter (the same twice without
/// seasons).
public struct Seasonal: Sendable, Equatable {
    public let summer: Number
    public let winter: Number

    public init(summer: Number, winter: Number) {
        self.summer = summer
        self.winter = winter
    }

    public init(_ both: Number) { self.init(summer: both, winter: both) }

    /// Each season's figure through the same formula.
    package func map(_ transform: (Number) throws(ArithmeticError) -> Number) throws(ArithmeticError) -> Seasonal {
        Seasonal(summer: try transform(summer), winter: try transform(winter))
    }
}

/// Containers and cost of one product (`help planning`), in kg.
public enum ProductPlanning {
    /// Packs that hold `kilograms`, rounded up: ⌈kg / pack kg⌉.
    public static func packs(for kilograms: Number, packKilograms: Number) throws(ArithmeticError) -> Number {
        try (kilograms / packKilograms).rounded(.up)
    }

    /// kg in a pack: its mass, or its volume in litres × the density in kg/L.
    public static func packKilograms(size: Number, isVolume: Bool, density: Number) throws(ArithmeticError) -> Number {
        isVolume ? try size * density : size
    }

    /// Money per kg: a pack's (or an item's) price over the pack's kg, a price per litre
    /// over the density in kg/L, or the price per kg itself. Nil for a pack price without
    /// a pack size.
    public static func pricePerKilogram(_ price: Price, packKilograms: Number?, density: Number) throws(ArithmeticError) -> Number? {
        switch price.basis {
        case .kilogram: return price.amount
        case .litre: return try price.amount / density
        case .cubicMetre: return try price.amount / density / 1000
        // Money per item (`€45 per bag`) is per pack.
        case .pack, .item: return try packKilograms.map { (kg) throws(ArithmeticError) in try price.amount / kg }
        case .kilowattHour: return nil
        }
    }
}

/// The planning block of `boiler` and `cooling` (`help planning`): water and
/// products a year and per season, packs a year and to order, and the cost.
package struct PlanningBlock {
    /// A product dosed at a rate per operating day in each season (kg/day).
    package struct Product {
        package let inputs: ProductInputs
        package let daily: Seasonal

        package var key: String { inputs.key }
    }

    /// The planning inputs of one product: its pack, density and price.
    package struct ProductInputs: Sendable {
        package let key: String
        package let pack: InputSpec
        package let density: InputSpec
        package let price: InputSpec
        /// Whether giving the density asks for the plan; not for a density the product's
        /// own results already take (cooling's acid, in litres a day).
        package var densityAsksForPlan = true

        package var all: [InputSpec] { [pack, density, price] }
    }

    /// A water flow the plan shows, declared once: its key (`makeup` in
    /// `boiler.makeup_year`), its label in the table, and the price applied to it.
    package struct Flow: Sendable {
        package let key: String
        package let label: String
        /// `water_price` or the estimator's `sewer_price`, or nil when no price applies to this flow.
        package let price: InputSpec?
    }

    /// A water flow per operating day in each season (m³/day).
    package struct Water {
        package let flow: Flow
        package let daily: Seasonal

        package var key: String { flow.key }
        package var label: String { flow.label }
        package var price: InputSpec? { flow.price }
    }

    /// The units the tables show: US gallons and pounds, or m³ and kg.
    package var units = MassFigures(us: false)
    package let year: OperatingYear
    package let stockDays: Number
    package let products: [Product]
    package let water: [Water]
    /// The make-up water a year's cost is also shown per m³ of.
    package let makeupKey: String

    /// What `help` says about planning, for an estimator with these products and seasons.
    package static func notes(products: [String], seasons: String, plannedBy: String = "") -> [String] {
        ["A plan of the year (water and products a year and per season, packs, cost) is printed when any of",
         "days, stock, \(seasons), water_price, sewer_price\(plannedBy) or a PRODUCT_pack, _price or _density (without a _pump) is given;",
         "PRODUCT is \(products.listed("or")). Prices: €45 per 25 kg, €2.10 per l, or per pack with PRODUCT_pack=."]
    }

    /// Inputs that ask for the planning block: any given makes it.
    package static func inputs(products: [ProductInputs], sewerPrice: InputSpec) -> [InputSpec] {
        [days, stock, summerMonths, summer, waterPrice, sewerPrice] + products.flatMap(\.all)
    }

    /// Whether the inputs ask for the planning block: any of `inputs(products:sewerPrice:)`
    /// given, but a product's density only without its feed pump, which it is for then.
    package static func isAsked(_ given: ResolvedInputs, products: [ProductInputs], sewerPrice: InputSpec, pumps: [FeedPump]) -> Bool {
        let pumped = Set(pumps.filter { given.isGiven($0.pump) }.map(\.product.density.key))
            .union(products.filter { !$0.densityAsksForPlan }.map(\.density.key))
        return inputs(products: products, sewerPrice: sewerPrice).contains { !pumped.contains($0.key) && given.isGiven($0) }
    }

    /// The inputs an estimate echoes: without a plan, no quiet input's default; with one,
    /// a product's density only when it has a pack or a price.
    /// A product's density is shown too when its feed pump is given.
    package static func shown(_ used: [Estimate.UsedInput], of estimator: any Estimator.Type, planned: Bool,
                      products: [ProductInputs], pumps: [FeedPump] = []) -> [Estimate.UsedInput] {
        let pumped = pumps.filter { pump in used.contains { $0.key == pump.pump.key } }.map(\.product.density.key)
        let hidden = Set(planned
            ? products.filter { product in !used.contains { $0.key == product.pack.key || $0.key == product.price.key } }
                .map(\.density.key)
            : estimator.inputs.filter(\.isQuiet).map(\.key)).subtracting(pumped)
        return used.filter { !($0.isDefault && hidden.contains($0.key)) }
    }

    /// Refuses a price per pack (or per item) for a product whose pack size is not given:
    /// nothing says how much it buys.
    package static func checkPrices(_ inputs: ResolvedInputs, products: [ProductInputs]) throws(EstimateError) {
        for product in products {
            guard let price = inputs.price(product.price), price.basis == .pack || price.basis == .item,
                  inputs.optionalNumber(product.pack) == nil else { continue }
            let given = inputs.text(product.price) ?? ""
            throw .rule(key: product.price, message: "\(product.price.key) \(given) is a pack's price: give \(product.pack.key)= too (\(product.pack.key)=25 kg), or a price per kg or l (€45 per 25 kg)")
        }
    }

    /// The planning inputs every product takes: pack, density and price; `density` when the
    /// product's own inputs declare it (and it then does not ask for the plan).
    package static func productInputs(_ key: String, what: String, density: InputSpec? = nil) -> ProductInputs {
        ProductInputs(
            key: key,
            pack: InputSpec("\(key)_pack", .oneOf([UnitTable.compound("kg")!, UnitTable.compound("L")!]),
                      "pack size of the \(what) (kg, or l with \(key)_density)", range: .above(0), optional: true),
            density: density ?? InputSpec("\(key)_density", .quantity(UnitTable.compound("kg/L")!), "density of the \(what), for packs and prices by volume",
                      default: .number(1), range: .above(0, upTo: 25)),
            price: InputSpec("\(key)_price", .price(plain: .pack), "price of the \(what): per pack, or per kg or l", range: .atLeast(0),
                             optional: true),
            densityAsksForPlan: density == nil)
    }

    /// The inputs of the year and its costs, shared by `boiler` and `cooling`.
    package static let days = InputSpec("days", .days, "operating days a year", default: .number(365),
                  range: .above(0, upTo: 366))
    package static let summer = InputSpec("summer", .days, "operating days in the summer, or its dates; the winter is the rest of days",
                  range: .from(0, to: 366), optional: true)
    package static let summerMonths = InputSpec("summer_months", .quantity(.none), "months of the year that are summer, with the seasons' inputs",
                  default: .number(6), range: .from(0, to: 12))
    package static let stock = InputSpec("stock", .quantity(UnitTable.compound("days")!), "days of stock to order, at the higher season's rate",
                  default: .number(30), range: .above(0, upTo: 3660))
    package static let waterPrice = InputSpec("water_price", .price(plain: .cubicMetre), "price of make-up water per m3", range: .atLeast(0),
                                      optional: true)
    package static let yearInputs = [days, summerMonths, summer, stock, waterPrice]

    /// One product's year: kg, and packs and cost when a pack or a price is given.
    package struct ProductYear {
        package let key: String
        package let kilograms: Number
        package let packText: String?
        package let packsYear: Number?
        package let packsOrder: Number?
        package let cost: Number?
    }

    /// Everything the block shows, as tables, results, conventions and warnings.
    package struct Output {
        package var tables: [Estimate.Table] = []
        package var results: [ResultValue] = []
        package var conventions: [String] = []
    }

    /// A water flow a year: `boiler.makeup_year`, m³.
    package static func waterYear(_ key: String) -> ResultSpec {
        ResultSpec("\(key)_year", json: "\(key)_m3_year", .unit(cubicMetres), .table, "\(key) water a year")
    }

    /// A product's kg a year, packs a year and to order, and cost a year.
    package static func productYear(_ key: String) -> (kilograms: ResultSpec, packs: ResultSpec, order: ResultSpec, cost: ResultSpec) {
        (ResultSpec("\(key)_year", json: "\(key)_kg_year", .unit(kilograms), .table, "\(key) a year"),
         ResultSpec("\(key)_packs_year", .plain, .table, "packs of \(key) a year (with \(key)_pack)"),
         ResultSpec("\(key)_packs_order", .plain, .table, "packs of \(key) to order for the stock days"),
         ResultSpec("\(key)_cost_year", .money, .table, "\(key) cost a year (with \(key)_price)"))
    }

    /// The cost a year of a priced flow (`water`, `sewer`).
    package static func flowCost(_ name: String) -> ResultSpec {
        ResultSpec("\(name)_cost_year", .money, .table, "\(name) cost a year (with \(name)_price)")
    }

    package static let costYear = ResultSpec("cost_year", .money, .table, "the cost a year")
    package static let costMonth = ResultSpec("cost_month", .money, .table, "the cost a month")
    package static let currency = ResultSpec("currency", .word, .table, "the currency of the costs")

    /// Every result the block can give, in the order it gives them.
    package static func results(water: [Flow], products: [String]) -> [ResultSpec] {
        let years = products.map(productYear)
        return water.map { waterYear($0.key) } + years.flatMap { [$0.kilograms, $0.packs, $0.order] } + years.map(\.cost)
            + [flowCost("water"), flowCost("sewer"), costYear, costMonth, currency]
    }

    package static let cubicMetres = UnitTable.compound("m3")!
    package static let kilograms = UnitTable.compound("kg")!

    /// The block's output; each product's density read first, as every product's year takes it.
    package func build(_ inputs: ResolvedInputs) throws(EstimateError) -> Output {
        var densities: [Number] = []
        for product in products { densities.append(try inputs.number(product.inputs.density)) }
        return try formulas { () throws(ArithmeticError) in try build(inputs, densities: densities) }
    }

    /// The block's output, with `densities` the products' in order (kg/L).
    private func build(_ inputs: ResolvedInputs, densities: [Number]) throws(ArithmeticError) -> Output {
        var output = Output()
        // Water and products a year, and per season.
        var amounts = Amounts(year: year, units: units)
        var waterYear: [String: Number] = [:]
        for flow in water {
            let total = try amounts.row(flow.label, "m3", flow.daily, result: PlanningBlock.waterYear(flow.key).name)
            waterYear[flow.key] = total
            output.results.append(PlanningBlock.waterYear(flow.key)(total))
        }
        var years: [ProductYear] = []
        for (product, density) in zip(products, densities) {
            // A product not used (boiler's amine at 0 ppm), with no pack or price, has no row.
            let unused = product.daily.summer.isZero && product.daily.winter.isZero
                && !inputs.isGiven(product.inputs.pack) && !inputs.isGiven(product.inputs.price)
            let kilograms = unused ? 0 : try amounts.row(product.key, "kg", product.daily, result: PlanningBlock.productYear(product.key).kilograms.name)
            let planned = try productYear(product, kilograms: kilograms, density: density, inputs: inputs)
            years.append(planned)
            let specs = PlanningBlock.productYear(product.key)
            output.results += [specs.kilograms(planned.kilograms), specs.packs(planned.packsYear), specs.order(planned.packsOrder)]
        }
        output.tables.append(amounts.table)
        let packed = years.filter { $0.packsYear != nil }
        if !packed.isEmpty {
            let f = EstimateFormat.number
            output.tables.append(Estimate.Table(
                header: ["packs", "size", "a year", "to order"],
                rows: packed.map { [$0.key, $0.packText ?? "", f($0.packsYear!), f($0.packsOrder!)] },
                bars: [], labelColumns: 2))
        }
        let costed = try costs(inputs, years: years, waterYear: waterYear, into: &output)
        output.conventions += try conventions(packed: !packed.isEmpty, costed: costed)
        return output
    }

    /// The table of water and products a year, and per season with seasons: a row for
    /// each flow and product, each column of amounts with one number of decimals.
    package struct Amounts {
        package let year: OperatingYear
        package let units: MassFigures
        package var labels: [[String]] = []
        package var amounts: [[Number]] = []
        package var results: [Estimate.RowResult?] = []

        /// Adds a row for a figure per operating day in m³ or kg (`unit`), the result `result`
        /// a year, and gives its total a year; shown in US gallons or pounds in US units.
        package mutating func row(_ label: String, _ unit: String, _ daily: Seasonal, result: String) throws(ArithmeticError) -> Number {
            let total = try year.total(daily)
            let seasonal = year.hasSeasons ? [try daily.summer * year.summerDays, try daily.winter * year.winterDays] : []
            let (shownUnit, factor): (String, Number) = !units.isUS ? (unit, 1)
                : unit == "m3" ? ("gal", Cooling.gallonsPerCubicMetre) : ("lb", units.factor)
            labels.append([label, shownUnit])
            amounts.append(try (seasonal + [total]).map { (value) throws(ArithmeticError) in try value * factor })
            results.append(Estimate.RowResult(result, factor: factor))
            return total
        }

        package var table: Estimate.Table {
            let header = ["water and products", ""] + (year.hasSeasons ? ["summer", "winter", "year"] : ["a year"])
            // The seasons add up to the year: every amount with one number of decimals, at
            // least two as an estimate's lines have, whatever the values of this run.
            let width = amounts.first?.count ?? 0
            let shown = EstimateFormat.column(amounts.flatMap { $0 }, exactInFull: false)
            let rows = labels.indices.map { index in labels[index] + shown[(index * width)..<((index + 1) * width)] }
            return Estimate.Table(header: header, rows: rows, bars: [], labelColumns: 2, rowResults: results)
        }
    }

    /// A product's year: its packs a year and to order for the stock days at the peak, with
    /// a pack size, and its cost, with a price.
    package func productYear(_ product: Product, kilograms: Number, density: Number, inputs: ResolvedInputs) throws(ArithmeticError) -> ProductYear {
        let packKilograms = try inputs.optionalNumber(product.inputs.pack).map { (size) throws(ArithmeticError) in
            try ProductPlanning.packKilograms(size: size, isVolume: inputs.unit(of: product.inputs.pack)?.dimension == .volume,
                                              density: density)
        }
        let price = inputs.price(product.inputs.price)
        let perKilogram = try price.flatMap { (price) throws(ArithmeticError) in
            try ProductPlanning.pricePerKilogram(price, packKilograms: packKilograms, density: density)
        }
        let packsYear = try packKilograms.map { (kg) throws(ArithmeticError) in try ProductPlanning.packs(for: kilograms, packKilograms: kg) }
        let packsOrder = try packKilograms.map { (kg) throws(ArithmeticError) in
            try ProductPlanning.packs(for: stockDays * year.peak(product.daily), packKilograms: kg)
        }
        return ProductYear(key: product.key, kilograms: kilograms, packText: inputs.text(product.inputs.pack),
                           packsYear: packsYear, packsOrder: packsOrder,
                           cost: try perKilogram.map { (rate) throws(ArithmeticError) in try kilograms * rate })
    }

    /// The cost: products, water on make-up, sewer on blowdown or bleed, as results and a
    /// table a year, a month and per m³ of make-up; whether there was any.
    package func costs(_ inputs: ResolvedInputs, years: [ProductYear], waterYear: [String: Number],
               into output: inout Output) throws(ArithmeticError) -> Bool {
        var costs: [(label: String, amount: Number, result: String)] = []
        for product in years {
            guard let cost = product.cost else { continue }
            costs.append((product.key, cost, PlanningBlock.productYear(product.key).cost.name))
            output.results.append(PlanningBlock.productYear(product.key).cost(cost))
        }
        // Water on make-up first, then sewer.
        for flow in water.filter({ $0.price?.key == PlanningBlock.waterPrice.key }) + water.filter({ $0.price?.key != PlanningBlock.waterPrice.key }) {
            guard let spec = flow.price, let price = inputs.price(spec), let volume = waterYear[flow.key] else { continue }
            let perCubicMetre = price.basis == .litre ? try price.amount * 1000 : price.amount
            let cost = try volume * perCubicMetre
            let name = String(spec.key.dropLast("_price".count))
            costs.append((name, cost, PlanningBlock.flowCost(name).name))
            output.results.append(PlanningBlock.flowCost(name)(cost))
        }
        guard !costs.isEmpty else { return false }
        let currency = inputs.estimateCurrency
        func money(_ value: Number) -> String { EstimateFormat.money(value, currency: currency) }
        var total: Number = 0
        for cost in costs { total = try total + cost.amount }
        // Per m³ of make-up, or per 1,000 US gallons in US units.
        let makeup = try waterYear[makeupKey].map { (m3) throws(ArithmeticError) in units.isUS ? try m3 * Cooling.gallonsPerCubicMetre / 1000 : m3 } ?? 0
        let all = costs + [("total", total, PlanningBlock.costYear.name)]
        // Per m³ of make-up, as a column of one number of decimals.
        var perCubicMetre = Array(repeating: "", count: all.count)
        if !makeup.isZero {
            var prices: [Number] = []
            for cost in all { prices.append(try cost.amount / makeup) }
            perCubicMetre = EstimateFormat.unitPriceColumn(prices, currency: currency)
        }
        var rows: [[String]] = []
        for (index, cost) in all.enumerated() {
            rows.append([cost.label, money(cost.amount), money(try cost.amount / 12), perCubicMetre[index]])
        }
        output.tables.append(Estimate.Table(header: ["cost", "a year", "a month", units.isUS ? "per 1000 gal of make-up" : "per m3 of make-up"], rows: rows,
                                            bars: [], labelColumns: 1, rowResults: all.map { Estimate.RowResult($0.2) }))
        output.results += [PlanningBlock.costYear(total), PlanningBlock.costMonth(try total / 12),
                           PlanningBlock.currency.word(currency?.code.code)]
        return true
    }

    /// The operating year, and how packs and costs were figured when there are any.
    package func conventions(packed: Bool, costed: Bool) throws(ArithmeticError) -> [String] {
        let f = EstimateFormat.number
        var days = "\(f(year.days)) operating days a year"
        if let months = year.summerMonths {
            days += ": summer \(f(months)) months (\(f(year.summerDays)) days), winter \(f(try 12 - months)) months (\(f(year.winterDays)) days)"
        } else if year.hasSeasons {
            days += ": summer \(f(year.summerDays)) days, winter \(f(year.winterDays)) days"
        }
        var conventions = [days + "; water at 1,000 kg per m3"]
        if packed {
            conventions.append("packs rounded up; to order: \(f(stockDays)) days of stock at the \(year.hasSeasons ? "higher season's" : "daily") rate")
        }
        if costed {
            conventions.append("costs of what a year uses, at the prices given; a month is a twelfth of the year")
        }
        return conventions
    }
}
