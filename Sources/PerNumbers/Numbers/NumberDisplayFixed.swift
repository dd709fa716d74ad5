/// Fixed decimals (`3.33`, `0.05`), unit prices (`4.98`, `0.0332`) and thousands
/// separators: the parts of `NumberDisplay` that tables, prices and `group on` use.
extension NumberDisplay {
    /// A value rounded (half away from zero) to exactly `decimals` decimals, trailing zeros
    /// kept: `fixed(3.3266…, 2)` is `3.33`. Also returns the rounded value × 10^decimals.
    /// Nil for a negative `decimals`.
    public static func fixed(_ r: Rational, decimals: Int) -> (text: String, value: BigInt)? {
        guard decimals >= 0 else { return nil }
        if let (n, d) = r.machineParts, decimals <= 18 {
            // Machine-sized: n·10^decimals/d in 64 bits when it fits (prices do), else in
            // 128, rounded half away from zero.
            let power = UInt64(BigInt.powerOfTen(decimals).int64Value!)
            let rounded: UInt128
            let (small, overflow) = n.magnitude.multipliedReportingOverflow(by: power)
            if !overflow {
                let (quotient, remainder) = small.quotientAndRemainder(dividingBy: UInt64(d))
                rounded = UInt128(remainder >= UInt64(d) - remainder ? quotient + 1 : quotient)
            } else {
                let (quotient, remainder) = (UInt128(n.magnitude) * UInt128(power)).quotientAndRemainder(dividingBy: UInt128(UInt64(d)))
                rounded = remainder * 2 >= UInt128(UInt64(d)) ? quotient + 1 : quotient
            }
            if rounded <= UInt128(UInt64(Int64.max)) {
                let rounded = UInt64(rounded)
                let value = BigInt(n < 0 ? -Int64(rounded) : Int64(rounded))
                return (fixedText(rounded, decimals: decimals, negative: n < 0 && rounded != 0), value)
            }
        }
        return fixedGeneral(r, decimals: decimals)
    }

    /// `fixed` with big-integer arithmetic, for any size.
    static func fixedGeneral(_ r: Rational, decimals: Int) -> (text: String, value: BigInt) {
        // n·10^decimals ÷ d, rounded half away from zero: the same value as the product
        // reduced and rounded, without the gcd that reduces it.
        var (scaled, remainder) = (r.numerator * BigInt.powerOfTen(decimals)).quotientAndRemainder(dividingBy: r.denominator)
        if !(remainder.magnitude.shiftedLeft(1) < r.denominator) { scaled = r.isNegative ? scaled - .one : scaled + .one }
        return (fixedText(digits: Array(scaled.magnitude.decimalDigits.utf8), decimals: decimals, negative: scaled.isNegative), scaled)
    }

    /// An integer's decimal digits, `-` first when negative, written straight into the
    /// string (`String(n)` goes through the generic conversion): ranks, product numbers
    /// and whole quantities are written this way for every row of a long list.
    public static func decimal(_ value: Int64) -> String {
        fixedText(value.magnitude, decimals: 0, negative: value < 0)
    }

    public static func decimal(_ value: Int) -> String { decimal(Int64(value)) }

    /// `fixedText(digits:decimals:negative:)` for a machine integer, written straight
    /// into the string, between a prefix and a suffix if given: `fixedText(5, 2)` is
    /// `0.05`.
    package static func fixedText(_ scaled: UInt64, decimals: Int, negative: Bool,
                          prefix: [UInt8] = [], suffix: [UInt8] = []) -> String {
        var digitCount = 1
        var rest = scaled / 10
        while rest > 0 { digitCount += 1; rest /= 10 }
        let whole = max(digitCount - decimals, 1)
        let number = (negative ? 1 : 0) + whole + (decimals > 0 ? 1 + decimals : 0)
        let length = prefix.count + number + suffix.count
        guard length <= 64 else {
            // Longer than any table cell: through an array.
            var digits = Array(String(scaled).utf8)
            if digits.count <= decimals { digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0) }
            if decimals > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - decimals) }
            return String(decoding: prefix + (negative ? [UInt8(ascii: "-")] : []) + digits + suffix, as: UTF8.self)
        }
        var buffer = InlineArray<64, UInt8>(repeating: 0)
        for index in prefix.indices { buffer[index] = prefix[index] }
        for index in suffix.indices { buffer[prefix.count + number + index] = suffix[index] }
        var position = prefix.count + number
        var remaining = scaled
        for index in 0..<(whole + decimals) {
            if decimals > 0 && index == decimals {
                position -= 1
                buffer[position] = UInt8(ascii: ".")
            }
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        if negative { buffer[prefix.count] = UInt8(ascii: "-") }
        return String(copyingUTF8: buffer.span.extracting(0..<length))
    }

    /// The digits of value × 10^decimals with the point put back: `fixedText("5", 2)` is
    /// `0.05`.
    private static func fixedText(digits: [UInt8], decimals: Int, negative: Bool) -> String {
        var digits = digits
        if digits.count <= decimals {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
        }
        if decimals > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - decimals) }
        if negative { digits.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: digits, as: UTF8.self)
    }

    /// A unit price (`help shopping`): at least `minimumDecimals` decimals (2, or a
    /// currency's minor-unit decimals: 0 for the yen) and at least 3 significant digits,
    /// so `4.98`, `0.498`, `0.0332`, `123.46`, `¥500`.
    public static func unitPrice(_ number: Number, minimumDecimals: Int = 2) -> String {
        displayedUnitPrice(number, minimumDecimals: minimumDecimals).text
    }

    /// `unitPrice`, exact when the text is the value (`1.00e-10` for 1e-10).
    public static func displayedUnitPrice(_ number: Number, minimumDecimals: Int = 2) -> DisplayedNumber {
        let r = number.nearestRational
        let fewest = max(0, minimumDecimals)
        if r.isZero { return DisplayedNumber(text: fixed(.zero, decimals: fewest)!.text, isExact: number.isExact) }
        func shown(decimals: Int) -> DisplayedNumber {
            let shown = fixed(r, decimals: decimals)!
            return DisplayedNumber(text: shown.text, isExact: number.isExact && Rational(shown.value, BigInt.powerOfTen(decimals)) == r)
        }
        if let (n, d) = r.machineParts, n != .min {
            // Exact when d divides n × 10^decimals, in 128 bits: no rational is built.
            func exactness(of first: (text: String, value: BigInt), decimals: Int) -> DisplayedNumber {
                guard number.isExact else { return DisplayedNumber(text: first.text, isExact: false) }
                guard decimals <= 19 else { return shown(decimals: decimals) }
                var scale: UInt128 = 1
                for _ in 0..<decimals { scale *= 10 }
                return DisplayedNumber(text: first.text, isExact: UInt128(n.magnitude) * scale % UInt128(UInt64(d)) == 0)
            }
            // The exponent of the first significant digit, then of the value rounded to 3
            // digits (0.09996 shows as 0.100, not 0.1000).
            var exponent = 0
            var top = UInt128(n.magnitude), bottom = UInt128(UInt64(d))
            while top >= bottom * 10 { bottom *= 10; exponent += 1 }
            while top < bottom { top *= 10; exponent -= 1 }
            if exponent >= smallestPositionalExponent && exponent < 17 {
                let decimals = max(fewest, 2 - exponent)
                let first = fixed(r, decimals: decimals)!
                let carried = BigInt.powerOfTen(decimals + exponent + 1)
                if exponent < 0, first.value.magnitude >= carried { return shown(decimals: max(fewest, 1 - exponent)) }
                return exactness(of: first, decimals: decimals)
            }
        }
        // Beyond what fixed decimals can show sensibly: 3 significant digits in e notation,
        // exact when the value has no more.
        let (digits, exponent) = roundSignificant(r.magnitude, 3)
        if exponent < smallestPositionalExponent || exponent >= 17 {
            let three = digits + String(repeating: "0", count: max(0, 3 - digits.count))
            let isWhole = number.isExact && terminatingDigits(r).map { $0.digits.count <= 3 } == true
            return DisplayedNumber(text: layout(three, exponent: exponent, negative: r.isNegative, positionalLimit: 17), isExact: isWhole)
        }
        return shown(decimals: max(fewest, 2 - exponent))
    }

    /// A result's text as `group on|off` and `input dot|comma` show it: with a decimal
    /// comma, each point between two digits becomes a comma (`3.8` is `3,8`), and thousands
    /// are grouped with dots (`1.234,5`; a table's `10,444.44` is `10.444,44`), so the text
    /// pastes back as comma input.
    public static func localized(_ text: String, grouping: Bool, notation: InputNotation) -> String {
        guard notation == .comma else { return grouping ? grouped(text) : text }
        var scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst().dropLast() where isDigit(scalars[index - 1]) && isDigit(scalars[index + 1]) {
            if scalars[index] == "." { scalars[index] = "," } else if scalars[index] == "," { scalars[index] = "." }
        }
        return grouping ? grouped(scalars, point: ",", separator: ".") : String(String.UnicodeScalarView(scalars))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `text` with thousands separators in each whole number it holds: `1,234,567.891`,
    /// `-$12,345.60`, `1,234/5,678`. Digits after a point, in an exponent (`1.5e12345`) or
    /// after a letter (`0xff`, `m3`) are left alone.
    public static func grouped(_ text: String) -> String {
        grouped(Array(text.unicodeScalars), point: ".", separator: ",")
    }

    private static func grouped(_ scalars: [Unicode.Scalar], point: Unicode.Scalar, separator: Unicode.Scalar) -> String {
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard ("0"..."9").contains(scalar) else {
                out.append(scalar)
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            let before = index > 0 ? scalars[index - 1] : nil
            let beforeSign = index > 1 ? scalars[index - 2] : nil
            let isPart = before == point || (before.map(Letters.isLetter) ?? false)
                || ((before == "-" || before == "+") && (beforeSign == "e" || beforeSign == "E"))
            for position in index..<end {
                if !isPart, position > index, (end - position) % 3 == 0 { out.append(separator) }
                out.append(scalars[position])
            }
            index = end
        }
        return String(out)
    }
}
