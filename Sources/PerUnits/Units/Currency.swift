import PerNumbers

/// A currency as written on a price: `$2.49`, `2.49€` or `2.49 EUR`.
public struct Currency: Sendable, Hashable {
    /// The money unit, which knows the currency and where it is written.
    public let unit: Unit

    public init(_ unit: Unit) {
        precondition(unit.currency != nil, "a currency is a money unit")
        self.unit = unit
    }

    /// `$` before a number or `€` after it; nil for a character that is no currency symbol.
    public init?(symbol: Character, isPrefix: Bool) {
        guard let code = CurrencyCode.withSymbol(symbol) else { return nil }
        self.unit = UnitTable.money(code, isPrefix ? .prefix : .suffix)
    }

    public var code: CurrencyCode { unit.currency! }
    /// `€`, or the code of a currency without a symbol.
    public var symbol: String { code.symbol }

    /// Decimals an amount shows at least: the yen has no minor unit (ISO 4217), the
    /// others (and plain prices) cents.
    public var decimals: Int { code.decimals }

    /// Money as shown: with the currency symbol where it was written; a unit price by the
    /// unit-price rule (at least 2 decimals and 3 significant digits), any other amount
    /// with the currency's decimals when it has no more, and one that does not end (a
    /// price converted at a rate, 2.40 / 1.1) to the cent with `≈` before the symbol
    /// (`≈ €2.18`), as the calculator shows money.
    public static func format(_ amount: Number, currency: Currency?, unitPrice: Bool = false) -> String {
        if unitPrice {
            let text = NumberDisplay.unitPrice(amount, minimumDecimals: currency?.decimals ?? 2)
            return currency.map { $0.written(text) } ?? text
        }
        let decimals = currency?.decimals ?? 2
        var shown = QuantityDisplay.moneyNumber(amount, unitPrice: false, digits: 12, decimals: decimals)
        if !shown.isExact { shown = MoneyRounding.cents.display(amount, decimals: decimals, digits: 12) }
        let text = currency.map { $0.written(shown.text) } ?? shown.text
        return shown.isExact ? text : "≈ " + text
    }

    /// An amount's text with the currency where it was written: `$2.49`, `-$1.50`,
    /// `2.49€`, `2.49 EUR`.
    public func written(_ text: String) -> String {
        guard case .money(_, let placement) = unit.kind else { return text }
        switch placement {
        case .prefix: return text.hasPrefix("-") ? "-\(symbol)" + text.dropFirst() : "\(symbol)\(text)"
        case .suffix: return text + symbol
        case .code: return "\(text) \(code.code)"
        }
    }
}
