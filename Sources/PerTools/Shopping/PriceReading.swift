import PerNumbers
import PerUnits
import PerLanguage

/// A price as a shelf or a shopper writes it, read by `add` and `seen`: an amount
/// (`2.49`, `€2.49`), a price per quantity to be multiplied by the quantity that follows
/// (`4.98/kg 1.2 kg`, `0.45 €/100 g 500 g`), or a price per pack written as a ratio
/// (`€2.49/500 g`, nothing like a quantity after it): 2.49 for 500 g.
package struct PriceAsWritten {
    /// Money or a plain number, or money per a quantity.
    package var value: Quantity
    package var range: Range<Int>
    /// `€2.49/500 g`: the quantity the price buys, written after its `/`.
    package var pack: (value: Evaluator.Operand, range: Range<Int>)?
    /// `0.45 €/100 g`: the quantity after the `/` as written, which a refusal quotes.
    package var per: String? = nil
}

extension ShoppingList {
    /// Reads a price. The calculator reads `0.45 €/100 g 500 g` as 0.45 € per 600 g (side by
    /// side, quantities of one kind add); a shopper means 0.45 € per 100 g, and a pack of
    /// 500 g. So a price per quantity with a number after its last `/` is read again in two:
    /// the money before the `/`, one quantity after it (a number, its unit and `x` packs),
    /// and any quantity after that is the pack's.
    package static func readPrice(_ arguments: inout ArgumentReader) throws(Diagnostic) -> PriceAsWritten {
        let written = try readPriceParts(&arguments)
        guard written.pack == nil, let per = written.value.unit.pricePer?.per else { return written }
        // `add 4.98/kg Cheese`: a price per kg, and no quantity it buys.
        if let next = arguments.nextWord, !next.isQuoted, startsPrice(next.text) { return written }
        throw quantityNeeded(command: arguments.commandName, per: per, at: arguments.nextWord?.range ?? arguments.endRange)
    }

    private static func readPriceParts(_ arguments: inout ArgumentReader) throws(Diagnostic) -> PriceAsWritten {
        let (operand, range) = try arguments.expression()
        let plain = PriceAsWritten(value: operand.quantity, range: range, pack: nil)
        guard operand.quantity.unit.pricePer != nil, let split = ratio(in: arguments, range) else { return plain }
        var moneyReader = arguments.reader(range.lowerBound..<split.slash)
        var perReader = arguments.reader(split.per)
        guard let (money, moneyRange) = try? moneyReader.expression(), moneyReader.atEnd,
              money.quantity.isPlain || money.quantity.unit.atom?.currency != nil,
              let (per, _) = try? perReader.expression(units: .shoppable), perReader.atEnd,
              !per.quantity.isPlain else { return plain }
        if split.per.upperBound < range.upperBound {
            // `0.45 €/100 g 500 g`: a price per 100 g, then the pack's quantity.
            guard let unitPrice = try? QuantityMath.multiply(money.quantity, per.quantity, dividing: true) else { return plain }
            arguments.move(to: split.per.upperBound)
            return PriceAsWritten(value: unitPrice, range: range.lowerBound..<split.per.upperBound, pack: nil, per: arguments.text(split.per))
        }
        guard let next = arguments.nextWord, !next.isQuoted, startsPrice(next.text) else {
            // `€2.49/500 g Penne`: 2.49 for 500 g.
            return PriceAsWritten(value: money.quantity, range: moneyRange, pack: (per, split.per))
        }
        // `€2.49/500 g 2 Penne`: 2 packs of 500 g, or 500 g of "2 Penne".
        var probe = arguments
        if let (count, countRange) = try? probe.expression(units: .shoppable), count.quantity.isPlain, count.packs == nil {
            throw Diagnostic(ArgumentError.priceRatioReadsTwoWays(price: arguments.text(moneyRange), per: arguments.text(split.per),
                                                                  count: arguments.text(countRange)),
                             at: range.lowerBound..<countRange.upperBound)
        }
        // `€2.49/500 g 1 kg`: a price per 500 g, times the quantity that follows.
        return PriceAsWritten(value: plain.value, range: range, pack: nil, per: arguments.text(split.per))
    }

    /// "add needs the quantity a price per kg buys, a mass, after it"; `written`, the
    /// quantity after the price's `/` as the user wrote it (`100 g`), is quoted instead of kg.
    private static func quantityNeeded(command: String, per: Unit, written: String? = nil, at range: Range<Int>) -> Diagnostic {
        Diagnostic(ArgumentError.missing(command: command, what: "the quantity a price per \(written ?? per.symbol) buys (\(per.dimension.withArticle)) after it",
                                         example: "\(command) 4.98/\(per.symbol) \(per.dimension == UnitTable.items.dimension ? "6" : "2 \(per.symbol)") Name"),
                   at: range)
    }

    /// The last `/` of a price outside brackets, and the quantity after it: a number, then
    /// words up to the next that starts with a digit (`100 g`, `100 fl oz`, `6 x 250 g`).
    /// Nil when no number follows the `/` (`€/kg`).
    private static func ratio(in arguments: ArgumentReader, _ range: Range<Int>) -> (slash: Int, per: Range<Int>)? {
        let scalars = arguments.source.scalars
        var depth = 0, slash: Int? = nil
        for index in range {
            switch scalars[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "/" where depth == 0: slash = index
            default: break
            }
        }
        guard let slash else { return nil }
        var index = slash + 1
        while index < range.upperBound, StatementSource.isBlank(scalars[index]) { index += 1 }
        let start = index
        guard index < range.upperBound, isDigit(scalars[index]) || scalars[index] == "." else { return nil }
        var end = index, previous = ""
        while index < range.upperBound {
            let wordStart = index
            while index < range.upperBound, !StatementSource.isBlank(scalars[index]) { index += 1 }
            let word = StatementSource.string(scalars[wordStart..<index])
            if wordStart > start, isDigit(scalars[wordStart]), !["x", "×", "*"].contains(previous) { break }
            (end, previous) = (index, word.lowercased())
            while index < range.upperBound, StatementSource.isBlank(scalars[index]) { index += 1 }
        }
        return (slash, start..<end)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The quantity after a price, as `add` and `seen` read it. A word the calculator does
    /// not know where the quantity should be (`add 2.49 Pasta`) is the quantity left out.
    package static func readQuantity(_ arguments: inout ArgumentReader) throws(Diagnostic) -> (Evaluator.Operand, range: Range<Int>) {
        let first = arguments.nextWord
        do {
            return try arguments.expression(units: .shoppable)
        } catch where error.problem.code == .unknownName && first.map({ !$0.isQuoted && $0.range == error.range }) == true {
            let command = arguments.commandName
            throw Diagnostic(ArgumentError.missing(command: command, what: "a quantity after the price", example: "\(command) 2.49 500 g Pasta"),
                             at: error.range)
        }
    }

    /// Whether a word can start a price or a quantity: a digit, a point, a currency's sign
    /// or `(`.
    package static func startsPrice(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || "$€£¥(.".unicodeScalars.contains(first)
    }

    /// What `packs` of `amount` `unit` cost at `price`: the price itself, or a price per
    /// quantity (money per kg) times the quantity (`4.98/kg` for 1.2 kg is 5.976). `per` is
    /// the quantity written after the price's `/` (`100 g`), quoted by a refusal.
    package static func price(_ price: Quantity, for quantity: EnteredQuantity, at range: Range<Int>,
                               command: String, quantityRange: Range<Int>, per written: String? = nil) throws(Diagnostic) -> Quantity {
        guard let per = price.unit.pricePer?.per else { return price }
        guard per.dimension == quantity.unit.dimension else {
            throw quantityNeeded(command: command, per: per, written: written, at: quantityRange)
        }
        let whole = Quantity(quantity.amount, quantity.unit)
        let packs = Quantity(Number(quantity.packs ?? 1))
        do {
            return try QuantityMath.multiply(QuantityMath.multiply(price, whole, dividing: false), packs, dividing: false)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}

/// Prices, units and quantities as a list takes them.
extension ShoppingList {
    /// A price: a plain number or an amount of money, and its currency.
    package static func price(_ value: Quantity, at range: Range<Int>) throws(Diagnostic) -> (Number, Currency?) {
        if value.isPlain { return (value.magnitude, nil) }
        if let atom = value.unit.atom, atom.currency != nil { return (value.magnitude, Currency(atom)) }
        throw Diagnostic(ArgumentError.priceNotMoney(value.dimension), at: range)
    }

    /// A unit a list can compare.
    package static func shoppableUnit(_ unit: CompoundUnit, at range: Range<Int>) throws(Diagnostic) -> Unit {
        guard let atom = unit.atom ?? UnitTable.defaultUnit(of: unit.dimension), unit.dimension.isShoppable else {
            throw Diagnostic(ShoppingError.notShoppableDimension(unit.dimension, unit.symbol), at: range)
        }
        return atom
    }

    /// A quantity as a product has it: packs of an amount in one unit a list can compare
    /// (a plain number is items). Says whether a unit was written.
    package static func enteredQuantity(_ value: Evaluator.Operand, at range: Range<Int>) throws(Diagnostic) -> (EnteredQuantity, unitWritten: Bool) {
        let each = value.packs?.each ?? value.quantity
        let packs = value.packs?.count
        if each.isPlain { return (EnteredQuantity(packs: packs, amount: each.magnitude, unit: UnitTable.items), false) }
        let unit = try shoppableUnit(each.unit, at: range)
        var amount = each.magnitude
        if CompoundUnit(unit) != each.unit {
            do {
                amount = try QuantityMath.converted(each.magnitude, from: each.unit, to: CompoundUnit(unit), rates: Rates())
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        return (EnteredQuantity(packs: packs, amount: amount, unit: unit), true)
    }
}
