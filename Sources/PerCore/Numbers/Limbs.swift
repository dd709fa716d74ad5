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
        for i in 0..<m.count {
            let wide = UInt64(m[i]) << UInt64(bitShift)
            result[i + limbShift] |= UInt32(truncatingIfNeeded: wide)
            result[i + limbShift + 1] = UInt32(truncatingIfNeeded: wide >> 32)
        }
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
        let s = v[n - 1].leadingZeroBitCount
        let vn = Array(shiftLeft(v, s).prefix(n))
        var un = shiftLeft(u, s)
        if un.count < m + 1 { un.append(0) }
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
        var remainder = shiftRight(Array(un.prefix(n)), s)
        trim(&remainder)
        trim(&q)
        return (q, remainder)
    }
}
