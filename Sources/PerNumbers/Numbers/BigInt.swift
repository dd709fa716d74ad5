import Synchronization

/// An arbitrary-precision signed integer.
///
/// Values that fit in `Int64` stay inline and are computed with overflow-checked machine
/// arithmetic, so everyday numbers never allocate. Larger values keep their magnitude as
/// little-endian 32-bit limbs. Every operation returns a normalised value: a number that
/// fits in `Int64` is always `.small`.
public struct BigInt: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case small(Int64)
        /// A magnitude beyond `Int64`, without leading zero limbs.
        case large(negative: Bool, magnitude: [UInt32])
    }

    var storage: Storage

    public init(_ value: Int64) { storage = .small(value) }
    public init(_ value: Int) { storage = .small(Int64(value)) }

    /// A 128-bit value: inline when it fits in `Int64`, as every value is.
    package init(_ value: Int128) {
        if let small = Int64(exactly: value) { self.init(small); return }
        let m = value.magnitude
        self.init(negative: value < 0, magnitude: [UInt32(truncatingIfNeeded: m), UInt32(truncatingIfNeeded: m >> 32),
                                                   UInt32(truncatingIfNeeded: m >> 64), UInt32(truncatingIfNeeded: m >> 96)])
    }

    package init(negative: Bool, magnitude: [UInt32]) {
        var magnitude = magnitude
        Limbs.trim(&magnitude)
        if magnitude.count <= 2 {
            let value = UInt64(magnitude.first ?? 0) | UInt64(magnitude.count == 2 ? magnitude[1] : 0) << 32
            if !negative, value <= UInt64(Int64.max) {
                storage = .small(Int64(value)); return
            }
            if negative, value <= UInt64(Int64.max) + 1 {
                storage = .small(Int64(truncatingIfNeeded: 0 &- value)); return
            }
        }
        storage = .large(negative: negative, magnitude: magnitude)
    }

    public static let zero = BigInt(0)
    public static let one = BigInt(1)

    // MARK: Inspection

    var isNegative: Bool {
        switch storage {
        case .small(let v): return v < 0
        case .large(let negative, _): return negative
        }
    }

    public var isZero: Bool { storage == .small(0) }

    /// -1, 0 or 1.
    public var signum: Int {
        switch storage {
        case .small(let v): return v == 0 ? 0 : (v < 0 ? -1 : 1)
        case .large(let negative, _): return negative ? -1 : 1
        }
    }

    /// The value as an `Int64`, if it fits.
    public var int64Value: Int64? {
        if case .small(let v) = storage { return v }
        return nil
    }

    /// The magnitude as a `UInt128`, if it fits.
    var magnitude128: UInt128? {
        switch storage {
        case .small(let v): return UInt128(v.magnitude)
        case .large(_, let m):
            guard m.count <= 4 else { return nil }
            return m.reversed().reduce(0) { $0 << 32 | UInt128($1) }
        }
    }

    /// The magnitude as limbs (little-endian).
    var magnitudeLimbs: [UInt32] {
        switch storage {
        case .small(let v):
            let m = v.magnitude
            if m == 0 { return [] }
            if m >> 32 == 0 { return [UInt32(m)] }
            return [UInt32(truncatingIfNeeded: m), UInt32(m >> 32)]
        case .large(_, let magnitude): return magnitude
        }
    }

    /// Number of bits in the magnitude (0 for zero).
    public var bitWidth: Int {
        switch storage {
        case .small(let v): return 64 - v.magnitude.leadingZeroBitCount
        case .large(_, let m): return m.count * 32 - m[m.count - 1].leadingZeroBitCount
        }
    }

    public var isEven: Bool {
        switch storage {
        case .small(let v): return v & 1 == 0
        case .large(_, let m): return m[0] & 1 == 0
        }
    }

    public var magnitude: BigInt { isNegative ? -self : self }

    // MARK: Arithmetic

    public static prefix func - (x: BigInt) -> BigInt {
        switch x.storage {
        case .small(let v):
            if v != .min { return BigInt(-v) }
            return BigInt(negative: false, magnitude: x.magnitudeLimbs)
        case .large(let negative, let m):
            return BigInt(negative: !negative, magnitude: m)
        }
    }

    public static func + (a: BigInt, b: BigInt) -> BigInt {
        if case .small(let x) = a.storage, case .small(let y) = b.storage {
            let (sum, overflow) = x.addingReportingOverflow(y)
            if !overflow { return BigInt(sum) }
        }
        return signedSum(a.isNegative, a.magnitudeLimbs, b.isNegative, b.magnitudeLimbs)
    }

    public static func - (a: BigInt, b: BigInt) -> BigInt {
        if case .small(let x) = a.storage, case .small(let y) = b.storage {
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            if !overflow { return BigInt(difference) }
        }
        return signedSum(a.isNegative, a.magnitudeLimbs, !b.isNegative && !b.isZero, b.magnitudeLimbs)
    }

    private static func signedSum(_ aNegative: Bool, _ a: [UInt32], _ bNegative: Bool, _ b: [UInt32]) -> BigInt {
        if aNegative == bNegative {
            return BigInt(negative: aNegative, magnitude: Limbs.add(a, b))
        }
        if Limbs.compare(a, b) >= 0 {
            return BigInt(negative: aNegative, magnitude: Limbs.subtract(a, b))
        }
        return BigInt(negative: bNegative, magnitude: Limbs.subtract(b, a))
    }

    public static func * (a: BigInt, b: BigInt) -> BigInt {
        if case .small(let x) = a.storage, case .small(let y) = b.storage {
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            if !overflow { return BigInt(product) }
        }
        if a.isZero || b.isZero { return .zero }
        return BigInt(negative: a.isNegative != b.isNegative,
                      magnitude: Limbs.multiply(a.magnitudeLimbs, b.magnitudeLimbs))
    }

    /// Truncating division: the quotient rounds toward zero and the remainder takes the
    /// sign of the dividend. Precondition: `divisor` is not zero.
    public func quotientAndRemainder(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt) {
        precondition(!divisor.isZero, "BigInt division by zero")
        if case .small(let x) = storage, case .small(let y) = divisor.storage {
            let (q, overflow) = x.dividedReportingOverflow(by: y)
            if !overflow { return (BigInt(q), BigInt(x - q * y)) }
        }
        let (q, r) = Limbs.divide(magnitudeLimbs, divisor.magnitudeLimbs)
        return (BigInt(negative: isNegative != divisor.isNegative, magnitude: q),
                BigInt(negative: isNegative, magnitude: r))
    }

    public static func / (a: BigInt, b: BigInt) -> BigInt { a.quotientAndRemainder(dividingBy: b).quotient }

    /// self ÷ d where d divides self: a shift when d is a power of two, as the
    /// denominators of bounds are. Precondition: d > 0 divides self.
    func dividedExactly(by d: BigInt) -> BigInt {
        d.trailingZeroBitCount == d.bitWidth - 1 ? shiftedRight(d.bitWidth - 1) : self / d
    }
    public static func % (a: BigInt, b: BigInt) -> BigInt { a.quotientAndRemainder(dividingBy: b).remainder }

    /// The greatest common divisor of the magnitudes (non-negative; gcd(0, 0) = 0).
    public static func gcd(_ a: BigInt, _ b: BigInt) -> BigInt {
        if case .large = a.storage, let common = commonTwos(a, b) { return common }
        if case .large = b.storage, let common = commonTwos(b, a) { return common }
        if case .small(let p) = a.storage, case .small(let q) = b.storage {
            return BigInt(Int128(binaryGCD(p.magnitude, q.magnitude)))
        }
        return BigInt(negative: false, magnitude: Limbs.gcd(a.magnitudeLimbs, b.magnitudeLimbs))
    }

    /// gcd(power, other) when `power` is a power of two (as the denominators of approximate
    /// values' bounds are): the 2s they share. Nil for any other `power`.
    private static func commonTwos(_ power: BigInt, _ other: BigInt) -> BigInt? {
        let exponent = power.bitWidth - 1
        guard power.trailingZeroBitCount == exponent else { return nil }
        return BigInt.one.shiftedLeft(other.isZero ? exponent : Swift.min(exponent, other.trailingZeroBitCount))
    }

    /// Stein's binary GCD: shifts and subtractions instead of divisions. Numbers whose
    /// sizes differ by more than a few bits (a numerator and a denominator of 100) first
    /// take one Euclidean step, gcd(u, v) = gcd(u mod v, v): the subtractions would
    /// otherwise wear the larger down a bit or two at a time.
    package static func binaryGCD(_ a: UInt64, _ b: UInt64) -> UInt64 {
        if a == 0 { return b }
        if b == 0 { return a }
        var u = a, v = b
        if u.leadingZeroBitCount + 3 < v.leadingZeroBitCount {
            u %= v
            if u == 0 { return v }
        } else if v.leadingZeroBitCount + 3 < u.leadingZeroBitCount {
            v %= u
            if v == 0 { return u }
        }
        let shift = (u | v).trailingZeroBitCount
        u >>= u.trailingZeroBitCount
        repeat {
            v >>= v.trailingZeroBitCount
            if u > v { swap(&u, &v) }
            v -= u
        } while v != 0
        return u << shift
    }

    /// `self` raised to a non-negative power, by repeated squaring.
    public func power(_ exponent: Int) -> BigInt {
        precondition(exponent >= 0)
        var result = BigInt.one, base = self, e = exponent
        while e > 0 {
            if e & 1 == 1 { result = result * base }
            e >>= 1
            if e > 0 { base = base * base }
        }
        return result
    }

    /// The magnitude shifted left by `bits`, keeping the sign.
    public func shiftedLeft(_ bits: Int) -> BigInt {
        if isZero || bits == 0 { return self }
        return BigInt(negative: isNegative, magnitude: Limbs.shiftLeft(magnitudeLimbs, bits))
    }

    /// The magnitude shifted right by `bits` (truncating toward zero), keeping the sign.
    public func shiftedRight(_ bits: Int) -> BigInt {
        if isZero || bits == 0 { return self }
        return BigInt(negative: isNegative, magnitude: Limbs.shiftRight(magnitudeLimbs, bits))
    }

    /// Number of trailing zero bits of the magnitude (0 for zero).
    public var trailingZeroBitCount: Int {
        let m = magnitudeLimbs
        for (index, limb) in m.enumerated() where limb != 0 {
            return index * 32 + limb.trailingZeroBitCount
        }
        return 0
    }

    /// The integer square root of a non-negative value: the largest r with r² ≤ self.
    public func squareRoot() -> BigInt {
        precondition(!isNegative)
        if let v = int64Value {
            var r = Int64(Double(v).squareRoot())
            while r > 0, r.multipliedReportingOverflow(by: r).overflow || r * r > v { r -= 1 }
            while !(r + 1).multipliedReportingOverflow(by: r + 1).overflow, (r + 1) * (r + 1) <= v { r += 1 }
            return BigInt(r)
        }
        // Newton's iteration from above.
        var x = BigInt.one.shiftedLeft((bitWidth + 1) / 2)
        while true {
            let y = (x + self / x).shiftedRight(1)
            if y >= x { return x }
            x = y
        }
    }

    // MARK: Conversions

    /// The nearest `Double` (infinite when out of range).
    public var doubleValue: Double {
        if let v = int64Value { return Double(v) }
        guard case .large(_, let m) = storage else { return 0 }
        let bits = bitWidth
        let shift = bits - 64
        // The top 64 bits from the top three limbs (a value beyond Int64 has at least two),
        // without shifting the rest: only whether any of it is not 0 counts.
        let count = m.count
        let third = count >= 3 ? UInt128(m[count - 3]) : 0
        let top = UInt128(m[count - 1]) << 64 | UInt128(m[count - 2]) << 32 | third
        let dropped = shift - (count - 3) * 32
        var high = UInt64(truncatingIfNeeded: dropped >= 0 ? top >> dropped : top << -dropped)
        // Keep a sticky bit so that rounding of the top 64 bits sees the lost tail.
        let tailLost = (dropped > 0 && top & ((1 << dropped) - 1) != 0) || m[..<Swift.max(0, count - 3)].contains { $0 != 0 }
        if tailLost { high |= 1 }
        let value = Double(high) * Double(sign: .plus, exponent: shift, significand: 1)
        return isNegative ? -value : value
    }

    /// log₂ of the magnitude, accurate to double precision even for huge values.
    public var log2Magnitude: Double {
        let bits = bitWidth
        if bits <= 1000 { return Math.log2(magnitude.doubleValue) }
        let shift = bits - 64
        return Double(shift) + Math.log2(magnitude.shiftedRight(shift).doubleValue)
    }

    /// Decimal digits of the magnitude, most significant first, without sign.
    public var decimalDigits: String {
        if let v = int64Value { return String(v.magnitude) }
        var chunks: [UInt32] = []
        var m = magnitudeLimbs
        while !m.isEmpty { chunks.append(Limbs.divideInPlace(&m, by: 1_000_000_000)) }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// Parses a run of ASCII decimal digits (no sign, no separators).
    public init<C: Collection>(decimalDigits digits: C) where C.Element == UInt8 {
        var value: Int64 = 0
        var index = digits.startIndex
        var fitsInline = true
        while index != digits.endIndex {
            let digit = Int64(digits[index] &- 48)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(digit)
            if o1 || o2 { fitsInline = false; break }
            value = next
            digits.formIndex(after: &index)
        }
        if fitsInline { self.init(value); return }
        var magnitude: [UInt32] = []
        var chunk: UInt32 = 0, scale: UInt32 = 1
        for byte in digits {
            chunk = chunk * 10 + UInt32(byte &- 48)
            scale *= 10
            if scale == 1_000_000_000 {
                Limbs.multiplyAdd(&magnitude, scale, chunk)
                chunk = 0; scale = 1
            }
        }
        if scale > 1 { Limbs.multiplyAdd(&magnitude, scale, chunk) }
        self.init(negative: false, magnitude: magnitude)
    }

    /// Parses digits of base 2, 8 or 16 (each 0 to base − 1), most significant first, into
    /// limbs directly: as many steps as digits.
    package init(digits: [UInt8], base: Int) {
        let width = base == 2 ? 1 : base == 8 ? 3 : 4
        var magnitude: [UInt32] = []
        magnitude.reserveCapacity(digits.count * width / 32 + 1)
        var pending: UInt64 = 0, pendingBits = 0
        for digit in digits.reversed() {
            pending |= UInt64(digit) << UInt64(pendingBits)
            pendingBits += width
            if pendingBits >= 32 {
                magnitude.append(UInt32(truncatingIfNeeded: pending))
                pending >>= 32
                pendingBits -= 32
            }
        }
        if pendingBits > 0 { magnitude.append(UInt32(truncatingIfNeeded: pending)) }
        self.init(negative: false, magnitude: magnitude)
    }

    /// 10 to a non-negative power: 5^n·2^n, the power of 5 a third fewer bits to square
    /// than the power of 10, and the power of 2 a shift; past the table, from the last few
    /// worked out (a literal such as 1e1000 is read again at every try of a solve).
    public static func powerOfTen(_ exponent: Int) -> BigInt {
        if exponent < 19 { return BigInt(Int64(pow10Table[exponent])) }
        if let known = largePowersOfTen.withLock({ $0[exponent] }) { return known }
        let power = BigInt(5).power(exponent).shiftedLeft(exponent)
        largePowersOfTen.withLock { powers in
            if powers.count >= largePowersKept { powers.removeAll() }
            powers[exponent] = power
        }
        return power
    }

    /// How many powers of ten past the table are kept.
    private static let largePowersKept = 16
    private static let largePowersOfTen = Mutex<[Int: BigInt]>([:])

    private static let pow10Table: [Int64] = (0..<19).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }
}

extension BigInt: Comparable {
    public static func < (a: BigInt, b: BigInt) -> Bool {
        if case .small(let x) = a.storage, case .small(let y) = b.storage { return x < y }
        let aNegative = a.isNegative, bNegative = b.isNegative
        if aNegative != bNegative { return aNegative }
        let order = Limbs.compare(a.magnitudeLimbs, b.magnitudeLimbs)
        return aNegative ? order > 0 : order < 0
    }
}

extension BigInt: CustomStringConvertible {
    public var description: String { (isNegative ? "-" : "") + decimalDigits }
}

extension BigInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
}
