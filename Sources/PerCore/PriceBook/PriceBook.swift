import PerNumbers

/// The prices seen (`help prices`): the file's lines as read (`PriceBookFile`) and the
/// observations recorded since. Each name keeps the kind of unit and the currency of its
/// first price, which its later ones must fit. Names match without regard to case.
public struct PriceBook: Sendable {
    private let file: PriceBookFile?
    /// Observations recorded after the file was read, in order.
    private var added: [Observation] = []

    public init() { file = nil }

    public init(_ file: PriceBookFile) { self.file = file }

    /// The book of a file's bytes.
    public init(_ bytes: [UInt8]) throws(PriceBookCSV.Refusal) { self.init(try PriceBookCSV.index(bytes)) }

    /// A last line of the file cut off before its newline, left out.
    public var tornLine: String? { file?.tornLine }

    /// A product as the book has it: its name as first written, its observations in the
    /// order recorded, and the lines of it that were skipped.
    public struct Product: Sendable {
        public let name: String
        public let dimension: Dimension
        public let currency: CurrencyCode?
        public let observations: [Observation]
        public let problems: [PriceBookCSV.LineProblem]

        /// The observations oldest first (by date; those of one day as recorded).
        public var byDate: [Observation] { Self.byDate(observations) }

        /// Observations oldest first, those of one day in their order. Recorded in order of
        /// date, as most books are, they stay as they are; else, when their days span at
        /// most a few times as many days as there are observations, a counting sort by day
        /// (Knuth, TAOCP vol. 3, §5.2, algorithm D), which keeps a day's order and takes
        /// linear time; else a stable sort by day.
        static func byDate(_ observations: [Observation]) -> [Observation] {
            let days = observations.map(\.date.dayNumber)
            guard let first = days.min(), let last = days.max() else { return observations }
            if zip(days, days.dropFirst()).allSatisfy({ $0 <= $1 }) { return observations }
            let span = last - first + 1
            guard span <= 4 * days.count + 400 else {
                return observations.indices.sorted { a, b in days[a] != days[b] ? days[a] < days[b] : a < b }.map { observations[$0] }
            }
            // Where each day's observations start, then each observation's place.
            var starts = [Int](repeating: 0, count: span + 1)
            for day in days { starts[day - first + 1] += 1 }
            for offset in 1...span { starts[offset] += starts[offset - 1] }
            var order = [Int](repeating: 0, count: days.count)
            for (index, day) in days.enumerated() {
                order[starts[day - first]] = index
                starts[day - first] += 1
            }
            return order.map { observations[$0] }
        }
    }

    /// Reads observations in order into products, skipping one that does not fit its
    /// name's first (grams, then litres), as a problem of its line.
    private struct Gathering {
        /// The products in the order first met, and where each key's is; their observations
        /// apart, so that taking one copies no product's.
        var products: [(name: String, dimension: Dimension, currency: CurrencyCode?)] = []
        var lists: [[Observation]] = []
        var indices: [String: Int] = [:]
        var order: [String] = []
        var problems: [PriceBookCSV.LineProblem] = []
        /// Every observation taken, in order, when `keepsAccepted`.
        var accepted: [Observation] = []
        var keepsAccepted = false
        var texts = TextCache()

        /// The last name taken and where its product is: a product's lines repeat its name.
        var last: (name: String, index: Int)? = nil

        mutating func take(_ observation: Observation, line: Int?) {
            let index: Int
            if let last, last.name == observation.name {
                index = last.index
            } else if let found = indices[observation.key] {
                index = found
            } else {
                let key = observation.key
                indices[key] = products.count
                last = (observation.name, products.count)
                products.append((observation.name, observation.unit.dimension, observation.currency))
                lists.append([observation])
                order.append(key)
                if keepsAccepted { accepted.append(observation) }
                return
            }
            last = (observation.name, index)
            do throws(ObservationError) {
                try PriceBook.check(observation, against: products[index])
                lists[index].append(observation)
                if keepsAccepted { accepted.append(observation) }
                if products[index].currency == nil { products[index].currency = observation.currency }
            } catch {
                if let line { problems.append(PriceBookCSV.LineProblem(line: line, message: error.message)) }
            }
        }

        mutating func take(_ file: PriceBookFile, line: Int, range: Range<Int>) {
            do throws(ObservationError) {
                take(try file.observation(range, texts: &texts), line: line)
            } catch {
                problems.append(PriceBookCSV.LineProblem(line: line, message: error.message))
            }
        }

        /// The product of a key, with the lines skipped (`problems`) that came with it.
        func product(_ key: String, problems: [PriceBookCSV.LineProblem] = []) -> Product? {
            indices[key].map { index in
                Product(name: products[index].name, dimension: products[index].dimension, currency: products[index].currency,
                        observations: lists[index], problems: problems)
            }
        }
    }

    /// The product of a name, reading only its lines; nil when the book has no price of it.
    public func product(named name: String) -> Product? { (try? gather(name, checking: false)) ?? nil }

    /// `product(named:)` for a command, which Ctrl-C stops (`Interruption`) between lines.
    func productStopping(named name: String) throws(ArithmeticError) -> Product? { try gather(name, checking: true) }

    private func gather(_ name: String, checking: Bool) throws(ArithmeticError) -> Product? {
        let key = Observation.key(name.trimmingBlanks)
        var gathering = Gathering()
        if let file {
            for (count, (line, range)) in file.lines(named: key).enumerated() {
                if checking, count & 4095 == 4095 { try Interruption.check() }
                gathering.take(file, line: line, range: range)
            }
        }
        for observation in added where observation.key == key { gathering.take(observation, line: nil) }
        return gathering.product(key, problems: gathering.problems)
    }

    /// The observations of a name, oldest first.
    public func observations(named name: String) -> [Observation] { product(named: name)?.byDate ?? [] }

    /// Every product, by name without regard to case, and every line that was skipped.
    public func everything() -> (products: [Product], problems: [PriceBookCSV.LineProblem]) {
        var gathering = Gathering()
        if let file { file.forEachLine { line, range in gathering.take(file, line: line, range: range) } }
        for observation in added { gathering.take(observation, line: nil) }
        return (gathering.order.sorted().compactMap { gathering.product($0) }, gathering.problems)
    }

    /// Every observation that reads, in the order recorded.
    public var observations: [Observation] {
        var gathering = Gathering()
        gathering.keepsAccepted = true
        if let file { file.forEachLine { line, range in gathering.take(file, line: line, range: range) } }
        for observation in added { gathering.take(observation, line: nil) }
        return gathering.accepted
    }

    /// A product's name as first written.
    public func name(_ name: String) -> String? { product(named: name)?.name }

    /// Every product's name as first written.
    public var names: [String] { everything().products.map(\.name) }

    /// Every store named, sorted.
    public var stores: [String] { Array(Set(observations.map(\.store).filter { !$0.isEmpty })).sorted() }

    /// A known name close to an unknown one.
    public func suggestion(for name: String) -> String? {
        let names = self.names
        let keys = names.map(Observation.key)
        return Suggestion.closest(to: Observation.key(name), among: keys).flatMap { key in keys.firstIndex(of: key).map { names[$0] } }
    }

    /// Checks that an observation fits its name's earlier ones.
    public func check(_ observation: Observation) throws(ObservationError) {
        guard let product = product(named: observation.name) else { return }
        try Self.check(observation, against: (product.name, product.dimension, product.currency))
    }

    /// The same kind of unit and the same currency (a price without one fits any).
    public static func check(_ observation: Observation, against product: (name: String, dimension: Dimension, currency: CurrencyCode?))
        throws(ObservationError) {
        if product.dimension != observation.unit.dimension {
            throw .unitDoesNotFit(name: product.name, unit: observation.unit.symbol, dimension: observation.unit.dimension.rawValue,
                                  earlier: product.dimension.rawValue)
        }
        if let earlier = product.currency, let currency = observation.currency, earlier != currency {
            throw .currencyDoesNotFit(name: product.name, currency: currency.code, earlier: earlier.code)
        }
    }

    /// Records an observation after checking it.
    public mutating func add(_ observation: Observation) throws(ObservationError) {
        try check(observation)
        added.append(observation)
    }

    /// Records observations the file now holds after this book's lines, already checked
    /// against the book (as `seen` and an import check them).
    public mutating func appendWritten(_ observations: [Observation]) {
        added += observations
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
        self.last = last
        // Unit prices whose parts fit in 64 bits, as a book's do, are compared by their
        // 128-bit cross products, with no `Rational` made or compared.
        if let keys = UnitPriceKey.keys(observations) {
            median = Self.median(keys)
            var lowest = 0
            for index in keys.indices.dropFirst() where !(keys[lowest] < keys[index]) { lowest = index }
            self.lowest = observations[lowest]
            return
        }
        median = Self.median(observations.map(\.unitPrice))
        var lowest = observations[0]
        for observation in observations.dropFirst() where observation.unitPrice <= lowest.unitPrice { lowest = observation }
        self.lowest = lowest
    }

    /// The median of values (not empty): the middle one, or the mean of the two middle ones.
    static func median(_ values: [Rational]) -> Rational {
        let (below, middle) = Self.middle(values)
        return below.map { ($0 + middle) / Rational(2) } ?? middle
    }

    /// `median(_:)` of unit prices as keys.
    static func median(_ keys: [UnitPriceKey]) -> Rational {
        let (below, middle) = Self.middle(keys)
        return below.map { ($0.value + middle.value) / Rational(2) } ?? middle.value
    }

    /// The middle value of values (not empty) in order, and for an even count the one
    /// below it. Found by selection (Hoare's FIND), which leaves every value before the
    /// middle at most it: about 3n comparisons where a sort takes n log₂ n.
    static func middle<Value: Comparable>(_ values: [Value]) -> (below: Value?, middle: Value) {
        var values = values
        let middle = values.count / 2
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while pivot < values[j] { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if middle <= j { high = j } else if middle >= i { low = i } else { break }
        }
        guard values.count % 2 == 0 else { return (nil, values[middle]) }
        // The value below the middle is the largest of those before it.
        return (values[..<middle].max()!, values[middle])
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

/// A unit price whose numerator and denominator fit in 64 bits (a positive denominator,
/// lowest terms, as `Rational` keeps them), ordered exactly as the fraction:
/// a/b < c/d ⟺ a·d < c·b for b, d > 0, each product exact in 128 bits.
struct UnitPriceKey: Comparable {
    let numerator: Int64
    let denominator: Int64

    init?(_ value: Rational) {
        guard let (numerator, denominator) = value.machineParts else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    var value: Rational { Rational(reduced: numerator, denominator) }

    /// The keys of observations' unit prices, in order; nil when one does not fit.
    static func keys(_ observations: [Observation]) -> [UnitPriceKey]? {
        var keys: [UnitPriceKey] = []
        keys.reserveCapacity(observations.count)
        // By index: an observation is not copied to read its unit price.
        for index in observations.indices {
            guard let key = UnitPriceKey(observations[index].unitPrice) else { return nil }
            keys.append(key)
        }
        return keys
    }

    static func < (a: UnitPriceKey, b: UnitPriceKey) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
    }
}
