import PerNumbers
import PerUnits

/// Why the shopping list refused a change. Each message says what to do instead.
public enum ShoppingError: Error, Equatable, Sendable {
    case negativePrice
    case quantityNotPositive
    case packsNotWhole
    case countNotWhole
    case wrongDimension(list: Dimension, quantity: String, is: Dimension)
    /// `add` of a product of another kind than the list's: the list of that kind the
    /// session has (`list drinks`), or nil when it has none.
    case otherKindNeedsList(list: Dimension, quantity: String, is: Dimension, takenBy: String?)
    /// `need` asked for a quantity the list's products cannot add up to.
    case needOfOtherKind(list: Dimension, quantity: String, is: Dimension)
    case currencyMismatch(list: String, price: String)
    case noSuchProduct(id: Int, existing: [Int])
    case typeSwitchWouldDrop(count: Int, current: Dimension, requested: Dimension)
    case emptyList
    case notShoppable(Unit)
    /// A unit of a dimension no list compares (`kg/h`), by its symbol.
    case notShoppableDimension(Dimension, String)
    case arithmetic(ArithmeticError)
    case deal(DealError)
    /// Products in loads beside products in ml (or g) compare only per wash.
    case usesNeedDose
    /// A product a dose cannot count: `#2 Powder` in g against a dose in ml.
    case notInDoses(product: String, unit: String, dose: String)
    /// `plan` with no list that has a need.
    case planWithoutNeed
    /// `plan` of a list whose need is not exact (a need worked out approximately).
    case planNeedNotExact(list: String)
    /// `plan`: a product's last price at a store is in another currency than the trip's.
    case planCurrencies(product: String, store: String, currency: String, trip: String)
    /// `plan @STORE` of a store the book has no price of a listed product at.
    case planUnknownStore(String, known: [String])
    /// `label` without a positive unit price after it.
    case labelNotAPrice
    /// `label 5.20 per l` on a product sold by mass.
    case labelOfOtherKind(label: String, product: String)
    /// `label` before any product is added.
    case labelWithoutProduct

    public var message: String {
        switch self {
        case .negativePrice: return "a price cannot be negative"
        case .quantityNotPositive: return "a quantity must be more than 0"
        case .packsNotWhole: return "the number of packs must be a whole number from 1 to 2147483647, as in 6x330"
        case .countNotWhole: return "a count must be a whole number of items"
        case .wrongDimension(let list, let quantity, let dimension):
            return "the list compares \(list.rawValue); \(quantity) is \(dimension.withArticle)"
                + " (clear the list or use 'type \(dimension.rawValue)' on an empty list)"
        case .otherKindNeedsList(let list, let quantity, let dimension, let takenBy?):
            return "the list compares \(list.rawValue); \(quantity) is \(dimension.withArticle), as list \(takenBy) does: switch to it with list \(takenBy)"
        case .otherKindNeedsList(let list, let quantity, let dimension, nil):
            return "the list compares \(list.rawValue); \(quantity) is \(dimension.withArticle): start a list of its own with list NAME,"
                + " as in list \(ShoppingError.exampleListName(dimension)) (or clear this one)"
        case .needOfOtherKind(let list, let quantity, let dimension):
            let example = list == .mass ? "2 kg" : list == .volume ? "2 L" : "12 items"
            return "the list compares \(list.rawValue); \(quantity) is \(dimension.withArticle): ask for \(list.withArticle), as in need \(example)"
        case .currencyMismatch(let list, let price):
            return "the list's prices are in \(list); this one is in \(price): set a rate to convert it, as in rate 1 \(price) = AMOUNT \(list)"
        case .noSuchProduct(let id, let existing):
            if existing.isEmpty { return "no product #\(id): the list is empty" }
            return "no product #\(id); the list has " + existing.map { "#\($0)" }.joined(separator: ", ")
        case .typeSwitchWouldDrop(let count, let current, let requested):
            let products = count == 1 ? "1 \(current.rawValue) product; remove it" : "\(count) \(current.rawValue) products; remove them"
            return "switching to \(requested.rawValue) would drop the list's \(products) or 'clear' first"
        case .notShoppable(let unit):
            return "\(unit.symbol) is \(unit.dimension.withArticle); a shopping list compares mass, volume, count, length or area"
        case .notShoppableDimension(let dimension, let symbol):
            let inverse = Dimension.none.dividing(by: dimension)
            let hint = inverse.isShoppable ? " (a unit binds tighter than /: write a third of a kilogram as (1/3) kg)" : ""
            return "a quantity in \(symbol) is \(dimension.withArticle); a shopping list compares mass, volume, count, length or area" + hint
        case .emptyList:
            return "the list is empty: add a product first, as in add 2.49 500 g"
        case .arithmetic(let error):
            return error.message()
        case .deal(let error):
            return error.message
        case .usesNeedDose:
            return "products in loads compare with the others per wash: run dose (as in dose liquid water=hard), then basis dose"
        case .labelNotAPrice: return "label takes the shelf's unit price, as in label 5.20 per kg"
        case .labelOfOtherKind(let label, let product):
            return "the label's \(label) is not a price per an amount of what the product holds (\(product))"
        case .labelWithoutProduct: return "label checks the last product added: add one first, as in add 2.49 500 g Pasta label 5.20 per kg"
        case .notInDoses(let product, let unit, let dose):
            return "\(product) is sold in \(unit), which a dose of \(dose) cannot count; remove it or run dose for it"
        case .planWithoutNeed:
            return "plan buys each list's need, and no list has one: set one on a list, as in need 2 kg"
        case .planNeedNotExact(let list):
            return "list \(list)'s need is not exact: set it again as a decimal, as in need 2 kg"
        case .planCurrencies(let product, let store, let currency, let trip):
            return "\(product) at \(store) was last seen in \(currency), the trip's other prices in \(trip): a plan adds prices of one currency"
        case .planUnknownStore(let store, let known):
            if known.isEmpty { return "no product of the lists was seen at \(store), nor at any store: record prices with seen, as in seen 2.49 500 g Barilla @Lidl" }
            let shown = known.prefix(10).map { "@\($0)" }.joined(separator: ", ")
            return "no product of the lists was seen at \(store); they were at " + shown + (known.count > 10 ? " and \(known.count - 10) more" : "")
        }
    }
}

extension ShoppingError {
    /// A list's name for an example of a list of `dimension`.
    package static func exampleListName(_ dimension: Dimension) -> String {
        switch dimension {
        case .mass: return "pasta"
        case .volume: return "drinks"
        case .length: return "foil"
        case .area: return "flooring"
        default: return "eggs"
        }
    }
}

/// Why a deal cannot go on a product.
public enum DealError: Error, Sendable, Equatable {
    case notLower
    case notPositive
    case freeAlready
    case groupOfOne
    case groupTooLarge(Int)
    case couponAbovePrice
    case percentOutOfRange
    case notExact

    public var message: String {
        switch self {
        case .notLower: return "that deal does not lower the price"
        case .notPositive: return "a deal still costs something: its price must be more than 0"
        case .freeAlready: return "the product is free already: no deal can lower its price"
        case .groupOfOne: return "a multibuy groups 2 or more packs, as in 3 for 2"
        case .groupTooLarge(let most): return "a multibuy groups at most \(most) packs"
        case .couponAbovePrice: return "a coupon cannot be worth more than the pack's price"
        case .percentOutOfRange: return "a discount is more than 0% and at most 100%, as in -20%"
        case .notExact: return "a deal's amount is written in full, as in 2 for $5 or -12.5%"
        }
    }
}
