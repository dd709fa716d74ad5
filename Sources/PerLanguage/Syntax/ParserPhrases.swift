import PerUnits

/// The parser's reading of shop phrases around a value: percentages of a whole and prices
/// with or without their sales tax.
extension Parser {
    // MARK: Phrases

    /// `$40 as % of $50` (80%) and `$40 is 80% of what` ($50): the percentage one value is
    /// of another, and the whole a value is a percentage of.
    package mutating func percentPhrase(_ value: Builder.Value, asShare: Bool) throws(Diagnostic) -> Builder.Value {
        let phrase = try advance()
        if asShare {
            let misread = Diagnostic(.percentPhrase(word: "as", example: "$40 as % of $50"), at: phrase.range)
            guard current.kind == .percent else { throw misread }
            _ = try advance()
            guard current.word == .of else { throw misread }
            _ = try advance()
            let whole = try additive()
            return try builder.binary(.asPercentOf, value, whole, range: phrase.range.lowerBound..<previousEnd)
        }
        let misread = Diagnostic(.percentPhrase(word: "is", example: "$40 is 80% of what"), at: phrase.range)
        guard current.kind != .end else { throw misread }
        let percentage = try unary(after: phrase.range)
        guard current.word == .of else { throw misread }
        _ = try advance()
        guard current.word == .what else { throw misread }
        _ = try advance()
        return try builder.binary(.wholeOf, value, percentage, range: phrase.range.lowerBound..<previousEnd)
    }

    /// `vat` or `tax` after a rate, in any case (`VAT`, as receipts print it).
    package static func isTaxWord(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "vat" || lower == "tax"
    }

    /// `€119 incl 19% vat`, `€100 excl 19% tax`: a price with or without its sales tax.
    package mutating func taxPhrase(_ value: Builder.Value, including: Bool) throws(Diagnostic) -> Builder.Value {
        let phrase = try advance()
        let word = including ? "incl" : "excl"
        let misread = Diagnostic(.taxPhrase(word: word), at: phrase.range)
        guard current.kind != .end else { throw misread }
        // `€119 incl vat`: the rate `vat 19%` set (a variable called tax may be a rate too:
        // `100 excl tax vat`).
        if case .identifier(let name) = current.kind, Parser.isTaxWord(name) {
            var look = lexer
            if look.next().kind == .end {
                let word = try advance()
                let rate = try builder.name("vat", range: word.range)
                return try builder.binary(including ? .includingTax : .excludingTax, value, rate, range: phrase.range.lowerBound..<previousEnd)
            }
        }
        let rate = try unary(after: phrase.range)
        guard case .identifier(let name) = current.kind, Parser.isTaxWord(name) else { throw misread }
        _ = try advance()
        return try builder.binary(including ? .includingTax : .excludingTax, value, rate, range: phrase.range.lowerBound..<previousEnd)
    }
}

extension Parser {
    /// `12 kg ± 0.5 kg`, `10 t/h ± 5%`: a value and its tolerance, read after the sums and
    /// the shop phrases and before `to`, so `12 kg ± 0.5 kg * 2` is 12 kg ± 1 kg and
    /// `12 kg ± 0.5 kg to lb` converts the range. One `±` to a value.
    package mutating func tolerance(around value: Builder.Value) throws(Diagnostic) -> Builder.Value {
        let mark = try skip()
        let size = try additive()
        if current.kind == .plusMinus { throw Diagnostic(RangeRefusal.twoTolerances, at: current.range) }
        return try builder.binary(.plusMinus, value, size, range: mark)
    }
}

extension Parser {
    /// `days until 2026-12-25`, `days since 2026-01-01`, `weeks until …`: the difference
    /// between today and the date (D − today, or today − D), never counting both ends as
    /// `days(a, b)` does; weeks as whole weeks and the rest (`Builder.inWeeks`).
    @inline(never)
    package mutating func dateCountPhrase(weeks: Bool, token: Token, until: Bool) throws(Diagnostic) -> Builder.Value {
        let phrase = try advance()
        // `days until days until …`: each phrase is a level of nesting, as a parenthesis is.
        try enter(phrase)
        defer { depth -= 1 }
        let start = current.range.lowerBound
        let date = try unary(after: phrase.range)
        if Builder.isNoPoint(date) {
            let words = (weeks ? "weeks " : "days ") + (until ? "until" : "since")
            throw Diagnostic(QuantityError.date(.phraseNeedsDate(words)), at: start..<previousEnd)
        }
        // `days until 9:00`: a time of day has no date to count to, said at it.
        if Builder.isTimeOfDay(date) { throw Diagnostic(QuantityError.date(.clockWithDate), at: start..<previousEnd) }
        let range = token.range.lowerBound..<previousEnd
        // From today for a date; from now, to the minute, for a date-time, and now as an
        // instant (in UTC) for one read in a zone.
        var origin = try builder.name(Builder.isTime(date) ? "now" : "today", range: token.range)
        if Builder.isZoned(date) { origin = try builder.convert(origin, toZone: "UTC", zoneRange: token.range) }
        let span = until ? try builder.binary(.subtract, date, origin, range: range) : try builder.binary(.subtract, origin, date, range: range)
        guard weeks else { return span }
        return try builder.inWeeks(span, range: range)
    }
}
