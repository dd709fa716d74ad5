import PerNumbers
import PerUnits
import PerLanguage

/// A line of the book read and checked, its texts kept once in a `BookTexts` table: what a
/// command that weighs a product's prices (`seen`, `worth`, `history`) needs of each line,
/// without an `Observation` made of every one. An observation is made only of a line that
/// is shown (`BookTexts.observation`).
package struct BookEntry: Sendable {
    /// The date's day number (`CalendarDate.dayNumber`).
    package let day: Int32
    /// The texts, as places in the table.
    package let store: Int32
    package let name: Int32
    package let deal: Int32
    package let price: BookDecimal
    /// The whole amount bought, in `unit`.
    package let amount: BookDecimal
    package let currency: CurrencyCode?
    package let unit: Unit
    /// The packs of a multipack, or 0 for one pack (`packs`).
    private let storedPacks: Int32
    /// The unit price (`Observation.unitPrice`) as a key's parts, unreduced; a denominator
    /// of 0 when they do not fit.
    private let keyNumerator: Int64
    private let keyDenominator: Int64

    /// `sizeInBasis`: the unit's, as `UnitPriceKey.sizeInBasis` gives it.
    package init(date: CalendarDate, price: BookDecimal, currency: CurrencyCode?, amount: BookDecimal, unit: Unit,
         sizeInBasis: (numerator: Int64, denominator: Int64)?, store: Int32, name: Int32, deal: Int32, packs: Int32 = 0) {
        // A day of `CalendarDate.years` is well inside 32 bits.
        self.init(day: Int32(date.dayNumber), price: price, currency: currency, amount: amount, unit: unit, sizeInBasis: sizeInBasis,
                  store: store, name: name, deal: deal, packs: packs)
    }

    /// `day`: the date's day number (`CalendarDate.dayNumber`).
    package init(day: Int32, price: BookDecimal, currency: CurrencyCode?, amount: BookDecimal, unit: Unit,
         sizeInBasis: (numerator: Int64, denominator: Int64)?, store: Int32, name: Int32, deal: Int32, packs: Int32 = 0) {
        self.day = day
        self.storedPacks = packs
        self.price = price
        self.currency = currency
        self.amount = amount
        self.unit = unit
        self.store = store
        self.name = name
        self.deal = deal
        let key = UnitPriceKey(price: price, amount: amount, sizeInBasis: sizeInBasis)
        keyNumerator = key?.numerator ?? 0
        keyDenominator = key?.denominator ?? 0
    }

    /// The packs of a multipack (`3` of `3 x 500 g`, its amount the three together), or nil.
    package var packs: Int? { storedPacks >= 2 ? Int(storedPacks) : nil }

    package var date: CalendarDate { CalendarDate(dayNumber: Int(day))! }

    /// The unit price as a key, or nil when its parts do not fit.
    package var key: UnitPriceKey? { keyDenominator == 0 ? nil : UnitPriceKey(numerator: keyNumerator, denominator: keyDenominator) }

    /// The price per basis, exactly (`Observation.unitPrice`).
    package var unitPrice: Rational { key?.value ?? Observation.unitPrice(price: price.value, amount: amount.value, unit: unit) }

    /// Whether it was bought on a deal.
    package var hasDeal: Bool { deal != BookTexts.empty }
}

/// A decimal as the book writes it: its digits, and how many of them follow the point
/// (`2.49` is 249 and 2). At most `Observation.maxDigits` of each, so that both fit.
package struct BookDecimal: Sendable, Hashable {
    package let digits: Int64
    package let places: UInt8

    package var value: Rational { Rational.decimal(digits, decimals: Int(places)) }

    /// 10^places.
    package var scale: Int64 { BookDecimal.powersOfTen[Int(places)] }

    package static let powersOfTen: [Int64] = (0...Observation.maxDigits).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }

    /// The decimal of an exact value with at most `Observation.maxDigits` digits (as
    /// `PriceBookCSV.decimalText` finds it); nil for one without.
    package init?(_ value: Rational) {
        guard let text = try? PriceBookCSV.decimalText(value, what: ""), !text.hasPrefix("-") else { return nil }
        let bytes = Array(text.utf8)
        guard let read = try? PriceBookCSV.decimal(bytes, bytes.indices, what: "") else { return nil }
        self = read
    }

    package init(digits: Int64, places: UInt8) {
        self.digits = digits
        self.places = places
    }
}

/// The texts a book's lines repeat (a product's name, its stores, its deals), each kept once
/// a reading, and whether a line may hold it; the last few seen are found by their bytes.
package struct BookTexts: Sendable {
    /// The place of "".
    package static let empty: Int32 = 0

    package private(set) var texts: [String] = [""]
    /// Whether each text starts as a formula would (`ObservationError.checkFormula`).
    private var formulaLike: [Bool] = [false]
    private var recent: [(bytes: [UInt8], prefix: Prefix, place: Int32, isClean: Bool)] = []
    private var units: [(bytes: [UInt8], prefix: Prefix, unit: Unit, sizeInBasis: (numerator: Int64, denominator: Int64)?)] = []
    private static let kept = 16

    /// A text's length and its first 16 bytes, which tell texts of at most 16 bytes apart
    /// without looking at their bytes again.
    private struct Prefix: Equatable, Sendable {
        package var count: Int
        package var low: UInt64 = 0
        package var high: UInt64 = 0

        package init(_ bytes: [UInt8], _ range: Range<Int>) {
            count = range.count
            let span = bytes.span.extracting(range.lowerBound..<(range.lowerBound + min(count, 16)))
            var index = 0
            while index < min(span.count, 8) {
                low |= UInt64(span[index]) &<< (index &* 8)
                index += 1
            }
            while index < span.count {
                high |= UInt64(span[index]) &<< ((index &- 8) &* 8)
                index += 1
            }
        }
    }

    /// Whether `bytes[range]`, whose prefix is `prefix`, are `kept`, whose prefix is `keptPrefix`.
    private static func same(_ kept: [UInt8], _ keptPrefix: Prefix, _ bytes: [UInt8], _ range: Range<Int>, _ prefix: Prefix) -> Bool {
        guard keptPrefix == prefix else { return false }
        guard prefix.count > 16 else { return true }
        var index = range.lowerBound
        for byte in kept {
            if byte != bytes[index] { return false }
            index += 1
        }
        return true
    }

    /// The place of the UTF-8 text of `bytes[range]`, and whether a line may hold it
    /// (`ObservationError.checkText`); nil when they are not UTF-8.
    package mutating func text(_ bytes: [UInt8], _ range: Range<Int>) -> (place: Int32, isClean: Bool)? {
        if range.isEmpty { return (Self.empty, true) }
        let prefix = Prefix(bytes, range)
        for index in recent.indices where Self.same(recent[index].bytes, recent[index].prefix, bytes, range, prefix) {
            return (recent[index].place, recent[index].isClean)
        }
        guard let text = String(validating: bytes[range], as: UTF8.self) else { return nil }
        let isClean = (try? ObservationError.checkText(text, what: "")) != nil
        let place = Int32(texts.count)
        append(text)
        if recent.count == Self.kept { recent.removeFirst() }
        recent.append((Array(bytes[range]), prefix, place, isClean))
        return (place, isClean)
    }

    /// The unit `bytes[range]` name, if any, and its size in its basis (`UnitPriceKey.sizeInBasis`).
    package mutating func unit(_ bytes: [UInt8], _ range: Range<Int>) -> (Unit, sizeInBasis: (numerator: Int64, denominator: Int64)?)? {
        let prefix = Prefix(bytes, range)
        for index in units.indices where Self.same(units[index].bytes, units[index].prefix, bytes, range, prefix) {
            return (units[index].unit, units[index].sizeInBasis)
        }
        guard let text = String(validating: bytes[range], as: UTF8.self),
              let unit = UnitTable.unit(named: PriceBookCSV.plainPowers(text))?.atom else { return nil }
        if units.count == Self.kept { units.removeFirst() }
        let size = UnitPriceKey.sizeInBasis(unit)
        units.append((Array(bytes[range]), prefix, unit, size))
        return (unit, size)
    }

    /// The place of a text of an observation recorded since the file was read.
    package mutating func place(_ text: String) -> Int32 {
        if text.isEmpty { return Self.empty }
        append(text)
        return Int32(texts.count - 1)
    }

    private mutating func append(_ text: String) {
        texts.append(text)
        formulaLike.append((try? ObservationError.checkFormula(text, what: "")) == nil)
    }

    /// `ObservationError.checkFormula` of a kept text, looked at once a reading.
    package func checkFormula(_ place: Int32, what: String) throws(ObservationError) {
        if formulaLike[Int(place)] { try ObservationError.checkFormula(self[place], what: what) }
    }

    package subscript(place: Int32) -> String { texts[Int(place)] }

    /// The entry of an observation recorded since the file was read; nil for one whose
    /// price or amount is no decimal the book can hold, which `ObservationError.check`
    /// refuses before an observation is recorded.
    package mutating func entry(_ observation: Observation) -> BookEntry? {
        guard let price = BookDecimal(observation.price), let amount = BookDecimal(observation.amount) else { return nil }
        return BookEntry(date: observation.date, price: price, currency: observation.currency, amount: amount, unit: observation.unit,
                         sizeInBasis: UnitPriceKey.sizeInBasis(observation.unit),
                         store: place(observation.store), name: place(observation.name), deal: place(observation.deal),
                         packs: Int32(clamping: observation.packs ?? 0))
    }

    /// The observation of an entry read with this table.
    package func observation(_ entry: BookEntry) -> Observation {
        Observation(date: entry.date, store: self[entry.store], name: self[entry.name], price: entry.price.value, currency: entry.currency,
                    amount: entry.amount.value, unit: entry.unit, deal: self[entry.deal], packs: entry.packs)
    }
}
