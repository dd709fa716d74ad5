import PerNumbers
import PerUnits
import PerLanguage

/// The prices seen (`help prices`): the file's lines as read (`PriceBookFile`) and the
/// observations recorded since. Each name keeps the kind of unit and the currency of its
/// first price, which its later ones must fit. Names match without regard to case.
public struct PriceBook: Sendable {
    let file: PriceBookFile?
    /// Observations recorded after the file was read, in order.
    private(set) var added: [Observation] = []

    public init() { file = nil }

    public init(_ file: PriceBookFile) { self.file = file }

    /// The book of a file's bytes.
    public init(_ bytes: [UInt8]) throws(PriceBookCSV.Refusal) { self.init(try PriceBookCSV.index(bytes)) }

    /// A last line of the file cut off before its newline, left out.
    public var tornLine: String? { file?.tornLine }

    /// A product as the book has it: its name as first written, its lines' entries in the
    /// order recorded (their texts in `texts`), and the lines of it that were skipped.
    public struct Product: Sendable {
        public let name: String
        public let dimension: Dimension
        public let currency: CurrencyCode?
        package let entries: [BookEntry]
        package let texts: BookTexts
        public let problems: [PriceBookCSV.LineProblem]

        /// The observations in the order recorded.
        public var observations: [Observation] { entries.map(texts.observation) }

        /// The observations oldest first (by date; those of one day as recorded).
        public var byDate: [Observation] { Self.byDate(entries).map { texts.observation(entries[$0]) } }

        /// Where each entry is, oldest first, those of one day in their order. Recorded in
        /// order of date, as most books are, they stay as they are; else, when their days
        /// span at most a few times as many days as there are entries, a counting sort by
        /// day (Knuth, TAOCP vol. 3, §5.2, algorithm D), which keeps a day's order and takes
        /// linear time; else a stable sort by day.
        package static func byDate(_ entries: [BookEntry]) -> [Int] {
            guard var first = entries.first?.day else { return [] }
            var last = first, inOrder = true
            for index in entries.indices.dropFirst() {
                let day = entries[index].day
                if day < entries[index - 1].day { inOrder = false }
                first = min(first, day)
                last = max(last, day)
            }
            if inOrder { return Array(entries.indices) }
            let span = Int(last - first) + 1
            guard span <= 4 * entries.count + 400 else {
                return entries.indices.sorted { a, b in entries[a].day != entries[b].day ? entries[a].day < entries[b].day : a < b }
            }
            // Where each day's entries start, then each entry's place.
            var starts = [Int](repeating: 0, count: span + 1)
            for entry in entries { starts[Int(entry.day - first) + 1] += 1 }
            for offset in 1...span { starts[offset] += starts[offset - 1] }
            var order = [Int](repeating: 0, count: entries.count)
            for index in entries.indices {
                let offset = Int(entries[index].day - first)
                order[starts[offset]] = index
                starts[offset] += 1
            }
            return order
        }
    }

    /// Reads lines in order into products, skipping one that does not fit its name's first
    /// (grams, then litres), as a problem of its line.
    struct Gathering {
        /// The products in the order first met, and where each key's is; their entries
        /// apart, so that taking one copies no product's.
        package var products: [(name: String, dimension: Dimension, currency: CurrencyCode?)] = []
        package var lists: [[BookEntry]] = []
        package var indices: [String: Int] = [:]
        package var order: [String] = []
        package var problems: [PriceBookCSV.LineProblem] = []
        /// Every observation taken, in order, when `keepsAccepted`.
        package var accepted: [Observation] = []
        package var keepsAccepted = false
        package var reader = BookLineReader()
        package var texts: BookTexts {
            get { reader.texts }
            _modify { yield &reader.texts }
        }

        /// Room reserved for a product's entries: for one name, as many as the file could
        /// hold lines, of which only those written are touched.
        package var expected = 0

        /// The place of the last name taken and where its product is: a product's lines
        /// repeat its name.
        package var last: (name: Int32, index: Int)? = nil

        package mutating func take(_ entry: BookEntry, line: Int?) {
            let index: Int
            if let last, last.name == entry.name {
                index = last.index
            } else if let found = indices[Observation.key(texts[entry.name])] {
                index = found
            } else {
                let key = Observation.key(texts[entry.name])
                indices[key] = products.count
                last = (entry.name, products.count)
                products.append((texts[entry.name], entry.unit.dimension, entry.currency))
                var list = [entry]
                list.reserveCapacity(expected)
                lists.append(list)
                order.append(key)
                if keepsAccepted { accepted.append(texts.observation(entry)) }
                return
            }
            last = (entry.name, index)
            // Most lines fit their product, which is then looked at part by part, not copied.
            let fits = products[index].dimension == entry.unit.dimension
                && (products[index].currency == nil || entry.currency == nil || products[index].currency == entry.currency)
            do throws(ObservationError) {
                if !fits { try PriceBook.check(unit: entry.unit, currency: entry.currency, against: products[index]) }
                lists[index].append(entry)
                if keepsAccepted { accepted.append(texts.observation(entry)) }
                if products[index].currency == nil { products[index].currency = entry.currency }
            } catch {
                if let line { problems.append(PriceBookCSV.LineProblem(line: line, message: error.message)) }
            }
        }

        package mutating func take(_ observation: Observation) {
            // Recorded observations were checked as the book's lines are: each has its entry.
            if let entry = texts.entry(observation) { take(entry, line: nil) }
        }

        package mutating func take(_ file: PriceBookFile, line: Int, range: Range<Int>) {
            do throws(ObservationError) {
                take(try file.entry(range, reader: &reader), line: line)
            } catch {
                problems.append(PriceBookCSV.LineProblem(line: line, message: error.message))
            }
        }

        /// The product of a key, with the lines skipped (`problems`) that came with it.
        package func product(_ key: String, problems: [PriceBookCSV.LineProblem] = []) -> Product? {
            indices[key].map { index in
                Product(name: products[index].name, dimension: products[index].dimension, currency: products[index].currency,
                        entries: lists[index], texts: texts, problems: problems)
            }
        }
    }

    /// The product of a name, reading only its lines; nil when the book has no price of it.
    public func product(named name: String) -> Product? { (try? gather(name, checking: false, interruption: .never)) ?? nil }

    /// `product(named:)` for a command, which `interruption` (Ctrl-C) stops between lines.
    package func productStopping(named name: String, interruption: Interruption) throws(ArithmeticError) -> Product? {
        try gather(name, checking: true, interruption: interruption)
    }

    private func gather(_ name: String, checking: Bool, interruption: Interruption) throws(ArithmeticError) -> Product? {
        let key = Observation.key(name.trimmingBlanks)
        var gathering = Gathering()
        if let file {
            gathering.expected = file.mostLines
            var count = 0
            var stopped: ArithmeticError? = nil
            file.forEachLine(named: key) { number, line in
                guard stopped == nil else { return }
                count += 1
                if checking, count & 4095 == 4095 {
                    do throws(ArithmeticError) { try interruption.check() } catch { stopped = error }
                }
                gathering.take(file, line: number, range: line)
            }
            if let stopped { throw stopped }
        }
        for observation in added where observation.key == key { gathering.take(observation) }
        return gathering.product(key, problems: gathering.problems)
    }

    /// Readies the book for questions about many names: their lines found in one pass.
    package func indexEveryName() { file?.indexEveryName() }

    /// The observations of a name, oldest first.
    public func observations(named name: String) -> [Observation] { product(named: name)?.byDate ?? [] }

    /// Every product, by name without regard to case, and every line that was skipped.
    public func everything() -> (products: [Product], problems: [PriceBookCSV.LineProblem]) {
        var gathering = Gathering()
        if let file { file.forEachLine { line, range in gathering.take(file, line: line, range: range) } }
        for observation in added { gathering.take(observation) }
        return (gathering.order.sorted().compactMap { gathering.product($0) }, gathering.problems)
    }

    /// Every observation that reads, in the order recorded.
    public var observations: [Observation] {
        var gathering = Gathering()
        gathering.keepsAccepted = true
        if let file { file.forEachLine { line, range in gathering.take(file, line: line, range: range) } }
        for observation in added { gathering.take(observation) }
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
        try check(unit: observation.unit, currency: observation.currency, against: product)
    }

    package static func check(unit: Unit, currency: CurrencyCode?, against product: (name: String, dimension: Dimension, currency: CurrencyCode?))
        throws(ObservationError) {
        if product.dimension != unit.dimension {
            throw .unitDoesNotFit(name: product.name, unit: unit.symbol, dimension: unit.dimension.rawValue,
                                  earlier: product.dimension.rawValue)
        }
        if let earlier = product.currency, let currency, earlier != currency {
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

extension PriceBook.Product {
    /// The observation of the entry at a place.
    package func observation(_ place: Int) -> Observation { texts.observation(entries[place]) }

    /// The last regular price (no deal) at a store, by key, dated on or before a day, of
    /// the entries at the places `order` lists: what a new price there shrank from.
    package func lastRegular(in order: [Int], at store: String, onOrBefore date: CalendarDate) -> Observation? {
        let key = Observation.key(store), day = Int32(date.dayNumber)
        var atStore: [Int32: Bool] = [:]
        for place in order.reversed() {
            let entry = entries[place]
            guard entry.day <= day, !entry.hasDeal else { continue }
            let matches: Bool
            if let known = atStore[entry.store] {
                matches = known
            } else {
                matches = Observation.key(texts[entry.store]) == key
                atStore[entry.store] = matches
            }
            if matches { return observation(place) }
        }
        return nil
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
        let (median, lowest) = Self.summary(keys: UnitPriceKey.keys(observations), count: observations.count) { observations[$0].unitPrice }
        self.init(count: observations.count, median: median, lowest: observations[lowest], last: last)
    }

    /// The standing of a product's entries at the places `order` lists; nil for none.
    package init?(_ product: PriceBook.Product, order: [Int]) {
        guard let last = order.last else { return nil }
        let entries = product.entries
        let (median, lowest) = Self.summary(keys: UnitPriceKey.keys(entries, order: order), count: order.count) {
            entries[order[$0]].unitPrice
        }
        self.init(count: order.count, median: median, lowest: product.texts.observation(entries[order[lowest]]),
                  last: product.texts.observation(entries[last]))
    }

    private init(count: Int, median: Rational, lowest: Observation, last: Observation) {
        self.count = count
        self.median = median
        self.lowest = lowest
        self.last = last
    }

    /// The median of `count` unit prices and where the lowest is (of equal ones, the
    /// latest). Unit prices whose parts fit in 64 bits, as a book's do, are compared as
    /// `keys` by their 128-bit cross products, with no `Rational` made or compared; else
    /// each is `price(place)`.
    private static func summary(keys: consuming [UnitPriceKey]?, count: Int, price: (Int) -> Rational) -> (median: Rational, lowest: Int) {
        var lowest = 0
        if let keys = consume keys {
            for index in keys.indices.dropFirst() where !(keys[lowest] < keys[index]) { lowest = index }
            return (median(consume keys), lowest)
        }
        let prices = (0..<count).map(price)
        for index in prices.indices.dropFirst() where prices[index] <= prices[lowest] { lowest = index }
        return (median(prices), lowest)
    }

    /// The median of values (not empty): the middle one, or the mean of the two middle ones.
    package static func median(_ values: [Rational]) -> Rational {
        let (below, middle) = Self.middle(values)
        return below.map { ($0 + middle) / Rational(2) } ?? middle
    }

    /// `median(_:)` of unit prices as keys.
    package static func median(_ keys: consuming [UnitPriceKey]) -> Rational {
        let (below, middle) = Self.middle(keys)
        return below.map { ($0.value + middle.value) / Rational(2) } ?? middle.value
    }

    /// The middle value of values (not empty) in order, and for an even count the one
    /// below it. Found by selection (Hoare's FIND), which leaves every value before the
    /// middle at most it: about 3n comparisons where a sort takes n log₂ n.
    package static func middle<Value: Comparable>(_ values: consuming [Value]) -> (below: Value?, middle: Value) {
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

/// A unit price whose numerator and denominator fit in 64 bits (a positive denominator, not
/// necessarily in lowest terms), ordered exactly as the fraction:
/// a/b < c/d ⟺ a·d < c·b for b, d > 0, each product exact in 128 bits.
package struct UnitPriceKey: Comparable, Sendable {
    package let numerator: Int64
    package let denominator: Int64

    package init?(_ value: Rational) {
        guard let (numerator, denominator) = value.machineParts else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The key of a unit price worked out from its parts (`Observation.unitPrice`) without
    /// reducing: price × basis ÷ (amount × unit) = p·10^b·rn ÷ (10^a·q·rd) for the price
    /// p/10^a, the amount q/10^b and the unit's `sizeInBasis` rn/rd; nil when a product
    /// does not fit.
    package init?(price: BookDecimal, amount: BookDecimal, sizeInBasis: (numerator: Int64, denominator: Int64)?) {
        guard let (rn, rd) = sizeInBasis, amount.digits > 0 else { return nil }
        let (n1, o1) = price.digits.multipliedReportingOverflow(by: amount.scale)
        let (n2, o2) = n1.multipliedReportingOverflow(by: rn)
        let (d1, o3) = price.scale.multipliedReportingOverflow(by: amount.digits)
        let (d2, o4) = d1.multipliedReportingOverflow(by: rd)
        guard !(o1 || o2 || o3 || o4) else { return nil }
        numerator = n2
        denominator = d2
    }

    package init(numerator: Int64, denominator: Int64) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// basis ÷ unit = bn·ud ÷ (bd·un), for the basis of the unit's kind bn/bd and the unit
    /// un/ud in base units, unreduced; nil for a unit prices are not compared in, or parts
    /// that do not fit.
    package static func sizeInBasis(_ unit: Unit) -> (numerator: Int64, denominator: Int64)? {
        guard let basis = UnitTable.defaultUnit(of: unit.dimension), let (bn, bd) = basis.factor.machineParts,
              let (un, ud) = unit.factor.machineParts else { return nil }
        let (n, o1) = bn.multipliedReportingOverflow(by: ud)
        let (d, o2) = bd.multipliedReportingOverflow(by: un)
        return o1 || o2 ? nil : (n, d)
    }

    /// The fraction, reduced.
    package var value: Rational { Rational(BigInt(numerator), BigInt(denominator)) }

    /// The keys of entries' unit prices, at the places `order` lists; nil when one does not fit.
    package static func keys(_ entries: [BookEntry], order: [Int]) -> [UnitPriceKey]? {
        var keys: [UnitPriceKey] = []
        keys.reserveCapacity(order.count)
        for place in order {
            guard let key = entries[place].key else { return nil }
            keys.append(key)
        }
        return keys
    }

    /// The keys of observations' unit prices, in order; nil when one does not fit.
    package static func keys(_ observations: [Observation]) -> [UnitPriceKey]? {
        var keys: [UnitPriceKey] = []
        keys.reserveCapacity(observations.count)
        // By index: an observation is not copied to read its unit price.
        for index in observations.indices {
            guard let key = UnitPriceKey(observations[index].unitPrice) else { return nil }
            keys.append(key)
        }
        return keys
    }

    package static func < (a: UnitPriceKey, b: UnitPriceKey) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
    }

    /// Equal fractions, whatever their terms.
    package static func == (a: UnitPriceKey, b: UnitPriceKey) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) == Int128(b.numerator) * Int128(a.denominator)
    }
}
