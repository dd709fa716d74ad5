import PerNumbers
import PerUnits
import PerLanguage

/// A shelf label's unit price checked against the product's price and size (`label 5.20
/// per kg`): what the label says, what price ÷ size gives in the label's unit, and how far
/// apart they are, exactly.
///
/// Tolerance: a label shows a unit price rounded to the cent or finer, so it matches when it
/// is within half a unit of its last decimal place of the exact figure, and within half a
/// cent when it shows cents or fewer decimals: `5.20 per kg` matches 5.195…5.205, `0.399
/// per 100 g` matches 0.3985…0.3995.
public struct ShelfLabelCheck: Sendable, Equatable {
    /// `€5.20 per kg`, as the label reads (with the list's money sign).
    public let label: String
    /// `€4.98 per kg`, price ÷ size in the label's unit, to the label's decimals.
    public let actual: String
    /// Whether `actual` is exact at those decimals.
    public let actualIsExact: Bool
    /// (label − actual) / actual, in percent, exact.
    public let percentOff: Rational
    public let matches: Bool
    /// The product checked: `#1 Pasta`.
    public let product: String

    /// Whether the product is named: a `label` of its own checks the last product added.
    public let namesProduct: Bool

    /// `the label says €5.20 per kg; price and size give €4.98 per kg: the label is 4.4% high`.
    public var message: String {
        let given = (namesProduct ? "\(product): " : "") + "the label says \(label); price and size give \(actualIsExact ? "" : "≈ ")\(actual)"
        if matches { return given + ": it matches" }
        let percent = ShelfLabelCheck.fixed(percentOff.magnitude, decimals: 1).text
        return given + ": the label is \(percent)% \(percentOff.signum > 0 ? "high" : "low")"
    }

    /// `label` on the last product added: the label's unit price (`5.20 per kg`, written at
    /// `range` as `written`) against the product's price and size.
    package static func check(_ product: Product, listCurrency: Currency?, label: Quantity, written: String,
                              at range: Range<Int>, namesProduct: Bool = false, rates: Rates) throws(Diagnostic) -> ShelfLabelCheck {
        guard case .exact(let labelValue) = label.magnitude, labelValue.signum > 0 else {
            throw Diagnostic(ShoppingError.labelNotAPrice, at: range)
        }
        let money = listCurrency.map { CompoundUnit($0.unit) } ?? label.unit.moneyAtom.map { CompoundUnit($0) } ?? CompoundUnit()
        let actualValue: Rational
        do throws(QuantityError) {
            let size = try QuantityMath.run { () throws(ArithmeticError) in
                try product.quantity.amount.multiplied(by: Number(product.quantity.packs ?? 1), in: .standard)
            }
            let perUnit = try QuantityMath.multiply(Quantity(product.price, money), Quantity(size, CompoundUnit(product.quantity.unit)), dividing: true)
            let converted = try QuantityMath.convert(perUnit, to: label.unit, rates: rates)
            guard case .exact(let value) = converted.magnitude, value.signum > 0 else { throw QuantityError.conversion(from: .none, to: .none) }
            actualValue = value
        } catch {
            throw Diagnostic(ShoppingError.labelOfOtherKind(label: VisibleText.visible(written), product: product.quantity.text), at: range)
        }
        // The number as written on the label (`0.52` of `0.52 per 100 g`) and its decimals.
        let (writtenValue, decimals) = firstNumber(in: written) ?? (labelValue, 2)
        let places = max(2, decimals)
        // Label and actual on the label's scale (as written), where the rounding happened.
        let scale = writtenValue / labelValue
        let actualWritten = actualValue * scale
        let tolerance = Rational(5) / Rational(BigInt.powerOfTen(places + 1))
        let matches = (writtenValue - actualWritten).magnitude <= tolerance
        let sign = money.currency?.symbol ?? ""
        let unitText = unitPart(of: written)
        let shownActual = fixed(actualWritten, decimals: places)
        return ShelfLabelCheck(label: sign + fixed(writtenValue, decimals: places).text + unitText,
                               actual: sign + shownActual.text + unitText, actualIsExact: shownActual.isExact,
                               percentOff: (labelValue - actualValue) / actualValue * Rational(100),
                               matches: matches, product: "#\(product.id) \(product.name)", namesProduct: namesProduct)
    }

    /// `x` to `decimals` places, rounded half away from zero, and whether that is exact.
    static func fixed(_ x: Rational, decimals: Int) -> (text: String, isExact: Bool) {
        let scaled = x * Rational(BigInt.powerOfTen(decimals))
        let whole = scaled.rounded(.nearest)
        let digits = whole.description
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let cut = padded.index(padded.endIndex, offsetBy: -decimals)
        let text = decimals == 0 ? padded : String(padded[..<cut]) + "." + String(padded[cut...])
        return (text, Rational(whole, .one) == scaled)
    }

    /// The first number written (digits with one `.` or `,`) and its decimals.
    static func firstNumber(in text: String) -> (Rational, Int)? {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var end = start, point: Int? = nil
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || (point == nil && (scalars[end] == "." || scalars[end] == ",")
                                                                              && end + 1 < scalars.count && ("0"..."9").contains(scalars[end + 1])) {
            if !("0"..."9").contains(scalars[end]) { point = end }
            end += 1
        }
        guard end - start <= 30 else { return nil }
        let digits = String(String.UnicodeScalarView(scalars[start..<end].map { $0 == "," ? "." : $0 }))
        return (Rational(decimal: digits), point.map { end - $0 - 1 } ?? 0)
    }

    /// What follows the first number: ` per kg`, ` per 100 g`, `/kg` (blanks made one).
    static func unitPart(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else { return "" }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." || scalars[end] == "," { end += 1 }
        let rest = String(String.UnicodeScalarView(scalars[end...])).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return rest.isEmpty ? "" : (rest.hasPrefix("/") ? rest : " " + rest)
    }
}
