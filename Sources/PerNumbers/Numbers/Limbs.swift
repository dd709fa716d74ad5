/// Unsigned magnitude arithmetic on little-endian arrays of 32-bit limbs, for `BigInt`.
/// Inputs carry no leading zero limbs; outputs may, and `BigInt` trims them.
enum Limbs {
    static func trim(_ m: inout [UInt32]) {
        while let last = m.last, last == 0 { m.removeLast() }
    }

    static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    static func add(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var result = [UInt32](repeating: 0, count: long.count + 1)
        var carry: UInt64 = 0
        for i in 0..<long.count {
            let sum = UInt64(long[i]) + (i < short.count ? UInt64(short[i]) : 0) + carry
            result[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
        }
        result[long.count] = UInt32(carry)
        return result
    }

    /// a − b, where a ≥ b.
    static func subtract(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = a
        var borrow: Int64 = 0
        for i in 0..<a.count {
            var difference = Int64(a[i]) - (i < b.count ? Int64(b[i]) : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 1 << 32 }
            result[i] = UInt32(difference)
        }
        return result
    }

    static func multiply(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: a.count + b.count)
        for i in 0..<a.count {
            let x = UInt64(a[i])
            if x == 0 { continue }
            var carry: UInt64 = 0
            for j in 0..<b.count {
                let t = x * UInt64(b[j]) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            result[i + b.count] = UInt32(carry)
        }
        return result
    }

    /// m ← m × factor + addend.
    static func multiplyAdd(_ m: inout [UInt32], _ factor: UInt32, _ addend: UInt32) {
        var carry = UInt64(addend)
        for i in 0..<m.count {
            let t = UInt64(m[i]) * UInt64(factor) + carry
            m[i] = UInt32(truncatingIfNeeded: t)
            carry = t >> 32
        }
        if carry != 0 { m.append(UInt32(carry)) }
    }

    /// m ← m ÷ divisor (trimmed); returns the remainder.
    static func divideInPlace(_ m: inout [UInt32], by divisor: UInt32) -> UInt32 {
        var remainder: UInt64 = 0
        var i = m.count - 1
        while i >= 0 {
            let current = remainder << 32 | UInt64(m[i])
            m[i] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
            i -= 1
        }
        trim(&m)
        return UInt32(remainder)
    }

    static func shiftLeft(_ m: [UInt32], _ bits: Int) -> [UInt32] {
        let limbShift = bits / 32, bitShift = bits % 32
        var result = [UInt32](repeating: 0, count: m.count + limbShift + 1)
        var carried: UInt32 = 0
        for i in 0..<m.count {
            result[i + limbShift] = m[i] << UInt32(bitShift) | carried
            carried = bitShift == 0 ? 0 : m[i] >> UInt32(32 - bitShift)
        }
        result[m.count + limbShift] = carried
        return result
    }

    static func shiftRight(_ m: [UInt32], _ bits: Int) -> [UInt32] {
        let limbShift = bits / 32, bitShift = bits % 32
        if limbShift >= m.count { return [] }
        var result = [UInt32](repeating: 0, count: m.count - limbShift)
        for i in 0..<result.count {
            let low = UInt64(m[i + limbShift])
            let high = i + limbShift + 1 < m.count ? UInt64(m[i + limbShift + 1]) : 0
            result[i] = UInt32(truncatingIfNeeded: (high << 32 | low) >> UInt64(bitShift))
        }
        return result
    }

    /// Quotient and remainder of magnitudes (Knuth, TAOCP vol. 2, 4.3.1, Algorithm D, in
    /// the formulation of Warren's Hacker's Delight `divmnu`). Precondition: v ≠ 0.
    static func divide(_ u: [UInt32], _ v: [UInt32]) -> (quotient: [UInt32], remainder: [UInt32]) {
        if compare(u, v) < 0 { return ([], u) }
        if v.count == 1 {
            var q = u
            let r = divideInPlace(&q, by: v[0])
            return (q, r == 0 ? [] : [r])
        }
        let n = v.count, m = u.count
        // Normalised copies, shifted left so that v's top limb has its top bit set; u gains
        // a limb for what moves out of its top.
        let s = v[n - 1].leadingZeroBitCount
        let vn = normalised(v, by: s, count: n)
        var un = normalised(u, by: s, count: m + 1)
        var q = [UInt32](repeating: 0, count: m - n + 1)
        let base: UInt64 = 1 << 32
        var j = m - n
        while j >= 0 {
            let numerator = UInt64(un[j + n]) << 32 | UInt64(un[j + n - 1])
            var qhat = numerator / UInt64(vn[n - 1])
            var rhat = numerator % UInt64(vn[n - 1])
            while qhat >= base || qhat * UInt64(vn[n - 2]) > (rhat << 32 | UInt64(un[j + n - 2])) {
                qhat -= 1
                rhat += UInt64(vn[n - 1])
                if rhat >= base { break }
            }
            var k: Int64 = 0
            for i in 0..<n {
                let p = qhat * UInt64(vn[i])
                let t = Int64(un[i + j]) - k - Int64(p & 0xFFFF_FFFF)
                un[i + j] = UInt32(truncatingIfNeeded: t)
                k = Int64(p >> 32) - (t >> 32)
            }
            let t = Int64(un[j + n]) - k
            un[j + n] = UInt32(truncatingIfNeeded: t)
            q[j] = UInt32(truncatingIfNeeded: qhat)
            if t < 0 {
                q[j] &-= 1
                var carry: UInt64 = 0
                for i in 0..<n {
                    let sum = UInt64(un[i + j]) + UInt64(vn[i]) + carry
                    un[i + j] = UInt32(truncatingIfNeeded: sum)
                    carry = sum >> 32
                }
                un[j + n] &+= UInt32(truncatingIfNeeded: carry)
            }
            j -= 1
        }
        // The remainder is un's low n limbs, shifted back.
        var remainder = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            let high = i + 1 < n ? UInt64(un[i + 1]) : 0
            remainder[i] = UInt32(truncatingIfNeeded: (high << 32 | UInt64(un[i])) >> UInt64(s))
        }
        trim(&remainder)
        trim(&q)
        return (q, remainder)
    }

    /// m shifted left by `bits` (under 32) into `count` limbs, count ≥ m.count.
    private static func normalised(_ m: [UInt32], by bits: Int, count: Int) -> [UInt32] {
        if bits == 0 { return count == m.count ? m : m + [UInt32](repeating: 0, count: count - m.count) }
        var result = [UInt32](repeating: 0, count: count)
        var carried: UInt32 = 0
        for i in 0..<m.count {
            result[i] = m[i] << UInt32(bits) | carried
            carried = m[i] >> UInt32(32 - bits)
        }
        if m.count < count { result[m.count] = carried }
        return result
    }

    /// gcd of two magnitudes by Lehmer's algorithm (Knuth, TAOCP vol. 2, §4.5.2,
    /// Algorithm L): the Euclidean steps certain from the leading 62 bits are gathered in
    /// cofactors and applied to both numbers in one pass, in place, so a step costs no
    /// allocation; a plain remainder step when no quotient is certain. Once the smaller
    /// fits in 64 bits, one remainder and the machine-word gcd finish.
    static func gcd(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var (x, y) = compare(a, b) >= 0 ? (a, b) : (b, a)
        while y.count > 2 {
            if let cofactors = lehmerCofactors(x, y) {
                combine(&x, &y, cofactors)
            } else {
                (x, y) = (y, divide(x, y).remainder)
            }
        }
        let small = UInt64(y.first ?? 0) | UInt64(y.count == 2 ? y[1] : 0) << 32
        if small == 0 { return x }
        // x mod small, two limbs at a time (a 128-by-64-bit division each).
        var remainder: UInt64 = 0
        var i = x.count - 1
        if x.count % 2 == 1 { remainder = UInt64(x[i]) % small; i -= 1 }
        while i > 0 {
            remainder = small.dividingFullWidth((high: remainder, low: UInt64(x[i]) << 32 | UInt64(x[i - 1]))).remainder
            i -= 2
        }
        let g = BigInt.binaryGCD(small, remainder)
        return [UInt32(truncatingIfNeeded: g), UInt32(g >> 32)]
    }

    /// The 62 bits of m from bit `shift` up.
    private static func bits62(_ m: [UInt32], from shift: Int) -> Int64 {
        let limb = shift / 32
        var window: UInt128 = 0
        for i in stride(from: Swift.min(limb + 2, m.count - 1), through: limb, by: -1) {
            window = window << 32 | UInt128(m[i])
        }
        return Int64(truncatingIfNeeded: (window >> UInt128(shift % 32)) & (1 << 62 - 1))
    }

    /// One step of Algorithm L: runs Euclid's algorithm on the leading 62 bits of x ≥ y
    /// while the quotients are certain to be those of x and y, and returns the cofactors
    /// (A, B, C, D) with which (Ax + By, Cx + Dy) is the pair those steps reach. Nil when
    /// not one quotient is certain.
    private static func lehmerCofactors(_ x: [UInt32], _ y: [UInt32]) -> (Int64, Int64, Int64, Int64)? {
        let width = x.count * 32 - x[x.count - 1].leadingZeroBitCount
        let shift = Swift.max(0, width - 62)
        guard y.count * 32 > shift else { return nil }
        var (u, v) = (bits62(x, from: shift), bits62(y, from: shift))
        guard v != 0 else { return nil }
        var (a, b, c, d): (Int64, Int64, Int64, Int64) = (1, 0, 0, 1)
        while true {
            // The true quotient lies between (u + A)/(v + C) and (u + B)/(v + D).
            let (low, o1) = u.addingReportingOverflow(a), (lowDivisor, o2) = v.addingReportingOverflow(c)
            let (high, o3) = u.addingReportingOverflow(b), (highDivisor, o4) = v.addingReportingOverflow(d)
            if o1 || o2 || o3 || o4 || lowDivisor == 0 || highDivisor == 0 { break }
            let q = low / lowDivisor
            if q != high / highDivisor { break }
            let (qc, o5) = q.multipliedReportingOverflow(by: c), (qd, o6) = q.multipliedReportingOverflow(by: d)
            if o5 || o6 { break }
            let (nextC, o7) = a.subtractingReportingOverflow(qc), (nextD, o8) = b.subtractingReportingOverflow(qd)
            if o7 || o8 { break }
            (a, c) = (c, nextC)
            (b, d) = (d, nextD)
            (u, v) = (v, u - q * v)
        }
        return b == 0 ? nil : (a, b, c, d)
    }

    /// (x, y) ← (Ax + By, Cx + Dy), limb by limb with signed carries; both results are
    /// non-negative (they are remainders of Euclid's algorithm) and at most x.
    private static func combine(_ x: inout [UInt32], _ y: inout [UInt32], _ cofactors: (Int64, Int64, Int64, Int64)) {
        let (a, b, c, d) = (Int128(cofactors.0), Int128(cofactors.1), Int128(cofactors.2), Int128(cofactors.3))
        while y.count < x.count { y.append(0) }
        var carryX: Int128 = 0, carryY: Int128 = 0
        for i in 0..<x.count {
            let (xi, yi) = (Int128(x[i]), Int128(y[i]))
            let nextX = a * xi + b * yi + carryX, nextY = c * xi + d * yi + carryY
            x[i] = UInt32(truncatingIfNeeded: nextX)
            y[i] = UInt32(truncatingIfNeeded: nextY)
            carryX = nextX >> 32
            carryY = nextY >> 32
        }
        trim(&x)
        trim(&y)
    }
}
