import PerNumbers
import PerUnits
import PerLanguage

/// A deal as `deal N` and the end of `add` write it.
extension ShoppingList {
    /// A deal as written after `deal N` or at the end of `add`: `3 for 2`, `2 for $5`,
    /// `bogo`, `2nd half`, `club 1.99`, `coupon 0.50`, `-20%`, or `none` (nil). Money is
    /// in the list's currency, or converted to it at the user's rate. Checked against
    /// the product's price by the list.
    package func readDeal(_ arguments: inout ArgumentReader, rates: Rates) throws(Diagnostic) -> (Deal?, Range<Int>) {
        guard let first = arguments.nextWord else {
            throw Diagnostic(ArgumentError.missing(command: "deal", what: "a deal", example: "deal 2 3 for 2"), at: arguments.endRange)
        }
        let start = first.range.lowerBound
        /// An amount in the list's currency.
        func inListCurrency(_ value: Quantity, at range: Range<Int>) throws(Diagnostic) -> Number {
            let (amount, written) = try ShoppingList.price(value, at: range)
            guard let written, let listCurrency = currency, written.code != listCurrency.code else { return amount }
            do {
                return try convert(amount, from: written, to: listCurrency, rates: rates)
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        func money(_ what: String) throws(Diagnostic) -> Number {
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: what, what: "an amount", example: "\(what) 1.99"), at: arguments.endRange)
            }
            let (value, range) = try arguments.expression()
            return try inListCurrency(value.quantity, at: range)
        }
        let deal: Deal?
        switch first.isQuoted ? "" : first.text.lowercased() {
        case "none":
            _ = arguments.word()
            deal = nil
        case "bogo":
            _ = arguments.word()
            deal = .multibuy(count: 2, payFor: 1)
        case "2nd", "second":
            _ = arguments.word()
            guard let half = arguments.word(), half.text.lowercased() == "half" else {
                throw Diagnostic(ArgumentError.notADeal, at: start..<(arguments.nextWord?.range.upperBound ?? first.range.upperBound))
            }
            deal = .secondHalf
        case "club":
            _ = arguments.word()
            deal = .club(try money("club"))
        case "coupon":
            _ = arguments.word()
            deal = .coupon(try money("coupon"))
        default:
            guard first.startsDeal || first.text.hasPrefix("(") else { throw Diagnostic(ArgumentError.notADeal, at: first.range) }
            let (value, range) = try arguments.expression()
            if let percentage = value.percentage {
                guard percentage.isNegative else { throw Diagnostic(ArgumentError.discountSign, at: range) }
                deal = .percentOff(try checkedNumber(at: range) { () throws(ArithmeticError) in try -percentage / 100 })
                break
            }
            guard value.quantity.isPlain, let count = value.quantity.magnitude.exactInteger,
                  let word = arguments.nextWord, word.text.lowercased() == "for" else {
                throw Diagnostic(ArgumentError.notADeal, at: range)
            }
            _ = arguments.word()
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: "\(count) for", what: "a count or a price", example: "\(count) for \(max(count - 1, 1))"), at: arguments.endRange)
            }
            let (second, secondRange) = try arguments.expression()
            // A plain whole number below the count is packs paid for; anything else a price
            // (`2 for $5`, `2 for 5.00`, and `2 for 9`, which cannot be packs: a multibuy pays
            // for fewer than it gives), in the list's currency or none.
            if second.quantity.isPlain, let payFor = second.quantity.magnitude.exactInteger, payFor < count {
                deal = .multibuy(count: count, payFor: payFor)
            } else {
                deal = .multiprice(count: count, price: try inListCurrency(second.quantity, at: secondRange))
            }
        }
        try arguments.expectEnd()
        let end = arguments.source.scalars.endIndex
        var high = end
        while high > start, StatementSource.isBlank(arguments.source.scalars[high - 1]) { high -= 1 }
        return (deal, start..<high)
    }

    private func checkedNumber(at range: Range<Int>, _ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number {
        do {
            return try body()
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}

extension StatementSource.Word {
    /// `deal`, unquoted: where a deal at the end of `add` begins.
    var isDealMarker: Bool { !isQuoted && text.lowercased() == "deal" }

    /// Whether a deal can start with this word: a count (`3 for 2`), a discount (`-20%`)
    /// or one of the deal words. Other text after `deal` is part of the name (`Big deal`).
    var startsDeal: Bool {
        guard !isQuoted, let first = text.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || first == "-" || first == "−"
            || Deal.words.contains(text.lowercased())
    }
}
