import PerNumbers
import PerUnits
import PerLanguage

/// A shop's offer on a product (`help deal`): what buying k packs costs with it.
/// Every kind lowers the price of the packs it covers; `Deal.checked` refuses one that
/// would not.
public enum Deal: Sendable, Hashable {
    /// `3 for 2`: every `count` packs cost `payFor` packs' price; `bogo` is `2 for 1`.
    case multibuy(count: Int, payFor: Int)
    /// `2 for $5`: every `count` packs cost `price` together.
    case multiprice(count: Int, price: Number)
    /// `2nd half`: every second pack at half price.
    case secondHalf
    /// `club 1.99`: a loyalty price per pack, used while `club on` (the default).
    case club(Number)
    /// `coupon 0.50`: once, off one pack.
    case coupon(Number)
    /// `-20%`: a fraction off every pack (0.2).
    case percentOff(Number)

    /// The words a deal may start with, besides a count or a discount.
    public static let words = ["bogo", "2nd", "second", "club", "coupon", "none"]

    /// Most packs a multibuy may group: beyond any shelf.
    public static let maxCount = 100

    /// The packs a deal is bought in: 3 for `3 for 2`, 1 for a club price.
    public var packs: Int {
        switch self {
        case .multibuy(let count, _), .multiprice(let count, _): return count
        case .secondHalf: return 2
        case .club, .coupon, .percentOff: return 1
        }
    }

    /// What k packs at the shelf price `price` cost with the deal: whole groups at the
    /// deal, the rest at the shelf price. A club price counts only while `club` is on.
    public func cost(packs k: Number, price: Number, club: Bool) throws(ArithmeticError) -> Number {
        func grouped(_ count: Int, _ groupCost: Number) throws(ArithmeticError) -> Number {
            let groups = try (k / Number(count)).rounded(.down)
            let single = try k - groups * Number(count)
            return try groups * groupCost + single * price
        }
        switch self {
        case .multibuy(let count, let payFor): return try grouped(count, Number(payFor) * price)
        case .multiprice(let count, let total): return try grouped(count, total)
        case .secondHalf: return try grouped(2, price * .exact(Rational(3) / Rational(2)))
        case .club(let member): return try k * (club ? member : price)
        case .coupon(let amount): return k.isZero ? k : try k * price - amount
        case .percentOff(let fraction): return try k * price * (Number(1) - fraction)
        }
    }

    /// Whether the deal sets the price now: a club price does only while `club` is on.
    public func applies(club: Bool) -> Bool {
        if case .club = self { return club }
        return true
    }

    /// The deal as written, with money in the list's currency: `3 for 2`, `2 for $5.00`,
    /// `club 1.99`, `-20%`.
    public func text(currency: Currency?) -> String {
        func money(_ amount: Number) -> String { Currency.format(amount, currency: currency) }
        switch self {
        case .multibuy(2, 1): return "bogo"
        case .multibuy(let count, let payFor): return "\(count) for \(payFor)"
        case .multiprice(let count, let total): return "\(count) for \(money(total))"
        case .secondHalf: return "2nd half"
        case .club(let price): return "club \(money(price))"
        case .coupon(let amount): return "coupon \(money(amount))"
        case .percentOff(let fraction):
            // Exact with at most 30 digits (`checked` makes sure), so shown in full.
            let percent = (try? fraction * 100).map { NumberDisplay.display($0, digits: NumberDisplay.digitsRange.upperBound).text }
            return "-\(percent ?? "?")%"
        }
    }

    /// The deal, if it lowers the price of a pack costing `price`: a multibuy groups 2 to
    /// `maxCount` packs and pays for fewer; a group price, club price or coupon is below
    /// what it replaces and not below 0; a percentage is more than 0% and at most 100%.
    public static func checked(_ deal: Deal, price: Number) throws(DealError) -> Deal {
        func below(_ amount: Number, _ limit: Number) throws(DealError) {
            if amount.isNegative || amount.isZero { throw .notPositive }
            guard amount < limit else { throw .notLower }
        }
        if price.isZero || price.isNegative { throw .freeAlready }
        // Amounts a deal writes down in full, so that it reads back as it was.
        func exact(_ amount: Number) throws(DealError) {
            guard case .exact(let r) = amount, let digits = NumberDisplay.terminatingDigits(r),
                  digits.digits.count <= NumberDisplay.digitsRange.upperBound else { throw .notExact }
        }
        switch deal {
        case .multiprice(_, let amount), .club(let amount), .coupon(let amount): try exact(amount)
        case .percentOff(let fraction): try exact((try? fraction * 100) ?? fraction)
        case .multibuy, .secondHalf: break
        }
        switch deal {
        case .multibuy(let count, let payFor):
            guard count >= 2 else { throw .groupOfOne }
            guard count <= maxCount else { throw .groupTooLarge(maxCount) }
            guard payFor >= 1 else { throw .notPositive }
            guard payFor < count else { throw .notLower }
        case .multiprice(let count, let total):
            guard count >= 2 else { throw .groupOfOne }
            guard count <= maxCount else { throw .groupTooLarge(maxCount) }
            try below(total, (try? Number(count) * price) ?? price)
        case .secondHalf: break
        case .club(let member): try below(member, price)
        case .coupon(let amount):
            if amount.isZero || amount.isNegative { throw .notLower }
            guard amount <= price else { throw .couponAbovePrice }
        case .percentOff(let fraction):
            guard fraction > Number(0), fraction <= Number(1) else { throw .percentOutOfRange }
        }
        return deal
    }
}
