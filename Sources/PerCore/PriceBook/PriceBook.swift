/// The prices seen (`help prices`): observations in the order they were recorded, and
/// each product's name, unit and currency, which its later observations must fit.
/// Names match without regard to case.
public struct PriceBook: Sendable {
    /// Every observation the book holds, in file order.
    public private(set) var observations: [Observation] = []
    /// Lines of the file that were skipped, and why.
    public private(set) var problems: [PriceBookCSV.LineProblem] = []
    /// A last line cut off before its newline, left out.
    public private(set) var tornLine: String? = nil
    private var products: [String: Product] = [:]

    /// A product as the book knows it: its name as first written and where its
    /// observations are.
    struct Product: Sendable {
        let name: String
        let dimension: Dimension
        var currency: CurrencyCode?
        var indices: [Int]
    }

    public init() {}

    /// The book of a file's reading: observations that do not fit their name's earlier ones
    /// (grams, then litres) are skipped as problems too.
    public init(_ reading: PriceBookCSV.Reading) {
        problems = reading.problems
        tornLine = reading.tornLine
        observations.reserveCapacity(reading.observations.count)
        for (line, observation) in reading.observations {
            do {
                try add(observation)
            } catch {
                problems.append(PriceBookCSV.LineProblem(line: line, message: error.message))
            }
        }
        problems.sort { $0.line < $1.line }
    }

    public var isEmpty: Bool { observations.isEmpty }

    /// Checks that an observation fits its name's earlier ones: the same kind of unit, the
    /// same currency (a price without one fits any).
    public func check(_ observation: Observation) throws(ObservationError) {
        guard let product = products[observation.key] else { return }
        if product.dimension != observation.unit.dimension {
            throw .unitDoesNotFit(name: product.name, unit: observation.unit.symbol, dimension: observation.unit.dimension.rawValue,
                                  earlier: product.dimension.rawValue)
        }
        if let earlier = product.currency, let currency = observation.currency, earlier != currency {
            throw .currencyDoesNotFit(name: product.name, currency: currency.code, earlier: earlier.code)
        }
    }

    /// Adds an observation after checking it.
    public mutating func add(_ observation: Observation) throws(ObservationError) {
        try check(observation)
        let key = observation.key
        let index = observations.count
        observations.append(observation)
        if products[key] == nil {
            products[key] = Product(name: observation.name, dimension: observation.unit.dimension, currency: observation.currency, indices: [index])
        } else {
            products[key]!.indices.append(index)
            if products[key]!.currency == nil { products[key]!.currency = observation.currency }
        }
    }

    /// The observations of a name, oldest first (by date; those of one day as recorded).
    public func observations(named name: String) -> [Observation] {
        guard let product = products[Observation.key(name)] else { return [] }
        let found = product.indices.map { observations[$0] }
        return found.indices.sorted { a, b in
            let (x, y) = (found[a].date.dayNumber, found[b].date.dayNumber)
            return x != y ? x < y : a < b
        }.map { found[$0] }
    }

    /// A product's name as first written.
    public func name(_ name: String) -> String? { products[Observation.key(name)]?.name }

    /// Every product's name as first written, sorted without regard to case.
    public var names: [String] { products.values.map(\.name).sorted { $0.lowercased() < $1.lowercased() } }

    /// Every store named, sorted.
    public var stores: [String] { Array(Set(observations.map(\.store).filter { !$0.isEmpty })).sorted() }

    /// A known name close to an unknown one.
    public func suggestion(for name: String) -> String? {
        Suggestion.closest(to: name.lowercased(), among: Array(products.keys)).flatMap { products[$0]?.name }
    }

    /// The book without some observations: each one given takes away the last equal one.
    public func removing(_ removed: [Observation]) -> PriceBook {
        var left = observations
        for observation in removed {
            if let index = left.lastIndex(of: observation) { left.remove(at: index) }
        }
        var book = PriceBook()
        for observation in left { try? book.add(observation) }
        return book
    }
}

/// What a product's observations say: the lowest, the median and the last unit price.
public struct PriceStanding: Sendable, Equatable {
    public let count: Int
    public let median: Rational
    /// The lowest unit price; of equal ones, the latest.
    public let lowest: Observation
    public let last: Observation

    /// Nil for no observations.
    public init?(_ observations: [Observation]) {
        guard let last = observations.last else { return nil }
        count = observations.count
        let sorted = observations.map(\.unitPrice).sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / Rational(2)
        var lowest = observations[0]
        for observation in observations.dropFirst() where observation.unitPrice <= lowest.unitPrice { lowest = observation }
        self.lowest = lowest
        self.last = last
    }

    /// 100 × (value − reference) ÷ reference; nil for a reference of 0.
    public static func percent(_ value: Rational, against reference: Rational) -> Rational? {
        reference.isZero ? nil : (value - reference) / reference * Rational(100)
    }

    /// `8.4% below`, `10.1% above`, `at`: a unit price against another.
    public static func relation(_ value: Rational, to reference: Rational) -> String {
        guard let percent = percent(value, against: reference) else { return value.isZero ? "at" : "above" }
        if percent.isZero { return "at" }
        return Comparison.percentText(.exact(percent.magnitude)) + "% " + (percent.isNegative ? "below" : "above")
    }
}
