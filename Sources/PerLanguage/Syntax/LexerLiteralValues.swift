import PerNumbers

/// The value of a number literal: exact where it fits the exact range, bounds beyond.
extension Lexer {
    /// digits × 10^scale, exact when it fits the exact range, else bounds to `bits` bits.
    package static func literalValue(digits: [UInt8], scale: Int, bits: Int) -> Result<Number, ArithmeticError> {
        literalValue(BigInt(decimalDigits: digits), scale: scale, bits: bits)
    }

    /// A whole number read in another base, bounded as a decimal literal's digits are.
    package static func integerValue(_ value: BigInt, bits: Int) -> Result<Number, ArithmeticError> {
        literalValue(value, scale: 0, bits: bits)
    }

    /// mantissa × 10^scale, exact when it fits the exact range, else bounds to `bits` bits.
    package static func literalValue(_ mantissa: BigInt, scale: Int, bits: Int) -> Result<Number, ArithmeticError> {
        if mantissa.isZero { return .success(Number(0)) }
        // Bits of 10^|scale| plus the mantissa's, before building anything that large.
        let estimatedBits = Double(abs(scale)) * 3.3219280948873626 + Double(mantissa.bitWidth)
        if estimatedBits <= Double(Number.exactBits) {
            let power = BigInt.powerOfTen(abs(scale))
            return .success(.exact(scale >= 0 ? Rational(mantissa * power) : Rational(mantissa, power)))
        }
        do {
            try Number.checkRange(log2: mantissa.log2Magnitude + Double(scale) * 3.321928094887362)
        } catch {
            return .failure(error)
        }
        return .success(.approximate(Real.decimal(mantissa, scale: scale, bits: bits)))
    }
}
