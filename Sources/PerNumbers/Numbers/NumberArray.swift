/// The values of a list (a loaded column, a kept list), each read as a `Number`, held in
/// a machine word each where they allow it.
///
/// A column as a file or a spreadsheet gives it is of exact decimals with a few places
/// (`150.3`, `8.25`, a day number): such values are held as integers over one power of ten
/// the array shares, m ÷ 10^scale, the mantissa in 64 bits; reading one gives the same
/// exact `Number` (in lowest terms) as the value appended. Any other value (a fraction
/// like 1/3, an approximate value, a mantissa beyond 64 bits) turns the array into one of
/// `Number`s. Equal values make equal arrays, however they are held.
public struct NumberArray: Sendable {
    private enum Storage: Sendable {
        case numbers([Number])
        /// Mantissas over 10^scale, scale ≤ `Builder.largestScale`.
        case decimals([Int64], scale: Int)
    }

    private let storage: Storage

    /// The values as they are, held as `Number`s.
    public init(_ numbers: [Number]) { storage = .numbers(numbers) }

    private init(_ storage: Storage) { self.storage = storage }

    /// The values in one array of `Number`s: the array held, or one made for them.
    public var numbers: [Number] {
        switch storage {
        case .numbers(let numbers): return numbers
        case .decimals(let mantissas, let scale): return mantissas.map { Self.number($0, scale: scale) }
        }
    }

    /// Whether every value is exact.
    public var isExact: Bool {
        switch storage {
        case .numbers(let numbers): return numbers.allSatisfy(\.isExact)
        case .decimals: return true
        }
    }

    /// Whether the values are held a machine word each (for tests of the representation).
    package var isCompact: Bool {
        if case .decimals = storage { return true }
        return false
    }

    /// m ÷ 10^scale in lowest terms.
    @inline(__always) static func number(_ mantissa: Int64, scale: Int) -> Number {
        // `Rational.decimal` reduces by 2s and 5s, the same for a negative mantissa as for
        // its magnitude (two's complement shifts and remainders are exact here).
        .exact(Rational.decimal(mantissa, decimals: scale))
    }
}

extension NumberArray: RandomAccessCollection {
    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .numbers(let numbers): return numbers.count
        case .decimals(let mantissas, _): return mantissas.count
        }
    }

    public subscript(index: Int) -> Number {
        switch storage {
        case .numbers(let numbers): return numbers[index]
        case .decimals(let mantissas, let scale): return Self.number(mantissas[index], scale: scale)
        }
    }
}

extension NumberArray: Hashable {
    public static func == (a: NumberArray, b: NumberArray) -> Bool {
        if case .decimals(let x, let s) = a.storage, case .decimals(let y, let t) = b.storage, s == t { return x == y }
        return a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for value in self { hasher.combine(value) }
    }
}

extension NumberArray {
    /// Makes an array a value at a time, held a word each while every value allows it.
    public struct Builder: Sendable {
        /// The most decimal places held a word each: 10^18 fits 64 bits.
        static let largestScale = 18
        private static let powers: [Int64] = (0...largestScale).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }

        private var mantissas: [Int64] = []
        private var scale = 0
        /// Set once a value cannot be held a word each: every value so far, as `Number`s.
        private var numbers: [Number]? = nil
        /// Whether room was reserved for the count likely.
        private var reserved = false

        public init() {}

        public var count: Int { numbers?.count ?? mantissas.count }

        /// Room for `count` values, so that a long column is not grown by doubling; past
        /// that room the array grows by an eighth, as the room is near the count already.
        public mutating func reserve(_ count: Int) {
            if numbers != nil { numbers!.reserveCapacity(count) } else { mantissas.reserveCapacity(count) }
            reserved = true
        }

        /// Appends `value`.
        public mutating func append(_ value: Number) {
            if numbers == nil, case .exact(let r) = value, let (n, d) = r.machineParts, let places = Self.places(of: d),
               case let (m, overflow) = n.multipliedReportingOverflow(by: Self.powers[places] / d), !overflow {
                return appendDecimal(m, places: places)
            }
            appendNumber(value)
        }

        /// Appends `value` as a `Number`, every value held so far turned into one first.
        private mutating func appendNumber(_ value: Number) {
            spill()
            Self.grow(reserved, &numbers!)
            numbers!.append(value)
        }

        /// Appends mantissa ÷ 10^places, for places ≤ 18 (a decimal as written: `12.50`
        /// is 1250 and 2).
        public mutating func appendDecimal(_ mantissa: Int64, places: Int) {
            precondition(places >= 0 && places <= Self.largestScale, "a decimal's places beyond 18")
            guard numbers == nil, places <= scale || rescale(to: places) else {
                return appendNumber(NumberArray.number(mantissa, scale: places))
            }
            let (m, overflow) = mantissa.multipliedReportingOverflow(by: Self.powers[scale - places])
            guard !overflow else { return appendNumber(NumberArray.number(mantissa, scale: places)) }
            Self.grow(reserved, &mantissas)
            mantissas.append(m)
        }

        /// The array made.
        public func build() -> NumberArray {
            if let numbers { return NumberArray(.numbers(numbers)) }
            return NumberArray(.decimals(mantissas, scale: scale))
        }

        /// The decimal places of 1/d as a decimal (k for d dividing 10^k), or nil when
        /// d has a prime factor other than 2 and 5 or k would pass 18.
        static func places(of denominator: Int64) -> Int? {
            guard denominator > 0 else { return nil }
            let twos = denominator.trailingZeroBitCount
            var rest = denominator >> twos, fives = 0
            while rest % 5 == 0 {
                rest /= 5
                fives += 1
            }
            let places = Swift.max(twos, fives)
            return rest == 1 && places <= largestScale ? places : nil
        }

        /// Every mantissa over 10^places (more than now); false, changing nothing, when
        /// one would leave 64 bits.
        private mutating func rescale(to places: Int) -> Bool {
            let factor = Self.powers[places - scale]
            let limit = Int64.max / factor
            guard mantissas.allSatisfy({ $0 <= limit && $0 >= -limit }) else { return false }
            mantissas.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] *= factor }
            }
            scale = places
            return true
        }

        /// Turns the values held a word each into `Number`s, once.
        private mutating func spill() {
            guard numbers == nil else { return }
            var spilled: [Number] = []
            spilled.reserveCapacity(Swift.max(mantissas.capacity, mantissas.count + 1))
            for m in mantissas { spilled.append(NumberArray.number(m, scale: scale)) }
            numbers = spilled
            mantissas = []
        }

        private static func grow<T>(_ reserved: Bool, _ array: inout [T]) {
            if reserved, array.count == array.capacity { array.reserveCapacity(array.count + array.count / 8 + 1024) }
        }
    }
}

extension NumberArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral values: Number...) { self.init(values) }
}
