import PerNumbers
import PerUnits
import PerLanguage

/// Reading one estimator input: its value from a statement or a prompt, checked and put in
/// the input's canonical unit (`help estimators`): words, quantities of the right kind,
/// pressures gauge or absolute, prices per their basis, sizes within range.
extension Estimates {
    /// The amount a price is written per, `2.95 l` in `€12.99 per 2.95 l`: a number and a
    /// unit of mass, volume or count after the last `per`; nil for a price per a unit alone
    /// (`€4.40 per l`) or any other value.
    package static func amountPriced(in value: ArgumentReader) -> Quantity? {
        var value = value
        let words = value.words
        if let per = words.lastIndex(where: { !$0.isQuoted && $0.text.lowercased() == "per" }), per + 1 < words.count,
           let first = words[per + 1].text.unicodeScalars.first, ("0"..."9").contains(first) {
            value.move(to: words[per + 1].range.lowerBound)
        } else {
            // `€12.99/2.95 l`: `/` is `per`, with or without blanks around it.
            let scalars = value.source.scalars[value.position...]
            guard let slash = scalars.lastIndex(of: "/"),
                  let first = scalars[(slash + 1)...].first(where: { !StatementSource.isBlank($0) }), ("0"..."9").contains(first) else {
                return nil
            }
            value.move(to: slash + 1)
        }
        guard let (operand, _) = try? value.expression(), (try? value.expectEnd()) != nil else { return nil }
        let amount = operand.quantity
        guard !amount.isPlain, [Dimension.volume, .mass, .count].contains(amount.dimension) else { return nil }
        return amount
    }

    /// One input's value: one of its words, or a quantity expression whose dimension fits.
    package static func readValue(_ spec: InputSpec, from arguments: inout ArgumentReader) throws(Diagnostic) -> (InputValue, Range<Int>) {
        // Dates from one to another, blanks allowed in them (`24 Dec 2026..31 Dec 2026`);
        // times of day from one to another where hours a day are asked for.
        if let range = arguments.rangeValue {
            if case .days = spec.kind,
               let dates = try DateRange.read(range, in: arguments.source, name: spec.key, evaluator: arguments.evaluator) {
                arguments.move(to: range.upperBound)
                return (.quantity(Quantity(Number(dates.days), InputKind.dayUnit)), range)
            }
            if spec.takesHoursADay {
                let span = try ClockSpan.read(range, in: arguments.source, name: spec.key, evaluator: arguments.evaluator)
                arguments.move(to: range.upperBound)
                return (.quantity(span.length), range)
            }
        }
        // The product's name before the value (`sulphuric 93%`) is part of what was written.
        var productStart: Int? = nil
        if let product = spec.product, let word = arguments.nextWord, !word.isQuoted {
            if let named = try readProduct(product, word: word, spec: spec, from: &arguments) { return named }
            if arguments.position > word.range.lowerBound { productStart = word.range.lowerBound }
        }
        if let word = arguments.nextWord, !word.isQuoted {
            // A word ends at the next blank; `water=hard` or `compound=12`.
            let text = word.text.lowercased()
            if spec.choices.contains(text) {
                _ = arguments.word()
                return (.word(text), word.range)
            }
            if case .choice(let words) = spec.kind {
                throw Diagnostic(InputError.notAChoice(name: spec.key, choices: words, got: word.text), at: word.range)
            }
        }
        let (operand, valueRange) = try arguments.expression()
        let range = (productStart ?? valueRange.lowerBound)..<valueRange.upperBound
        var q = operand.quantity
        // A percentage written with % is a fraction: `30% * 2` and `2 * 30%` are 60%.
        if case .percent = spec.kind, q.isPlain, operand.involvesPercent {
            q = Quantity(try checked(at: range) { () throws(ArithmeticError) in try q.magnitude * 100 }, UnitTable.percentUnit)
        }
        return (.quantity(q), range)
    }

    /// The product named before the value (`sulphuric 93%`): its name is passed over, and
    /// alone it means the input's default; another of its kind (`hydrochloric 33%`), or a
    /// word before a value, is refused naming the product the input takes. Nil when the
    /// value names none (`93%`, `strength * 2`).
    private static func readProduct(_ product: NamedProduct, word: StatementSource.Word, spec: InputSpec,
                                    from arguments: inout ArgumentReader) throws(Diagnostic) -> (InputValue, Range<Int>)? {
        let text = word.text.lowercased()
        guard text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }),
              text.unicodeScalars.first?.properties.isAlphabetic == true else { return nil }
        var after = arguments
        _ = after.word()
        let alone = after.atEnd || after.peekKey() != nil
        if product.names.contains(text) {
            guard alone else {
                arguments = after
                return nil
            }
            guard let value = spec.defaultValue else { throw Diagnostic(InputError.needsValue(key: spec.key, hint: ", as in \(spec.key)=\(text) 93%"), at: word.range) }
            arguments = after
            return (value, word.range)
        }
        let beforeNumber = after.nextWord?.text.unicodeScalars.first.map { ("0"..."9").contains($0) || $0 == "." } ?? false
        guard product.others.contains(text) || (!alone && beforeNumber) else { return nil }
        throw Diagnostic(product.refusal(name: spec.alias ?? spec.key, got: word.text), at: word.range)
    }

    package static func checked(at range: Range<Int>, _ body: () throws(ArithmeticError) -> Number) throws(Diagnostic) -> Number {
        do {
            return try body()
        } catch {
            throw Diagnostic(error, at: range)
        }
    }

    /// The value in the input's canonical unit, checked as everything an estimator gets is:
    /// a word must be one of the input's, a quantity must fit its dimension (a temperature
    /// where a difference is asked for is read as one; a time where hours a day are asked
    /// for is per day; ppm, mg/L and hardness as CaCO₃ in water), a number must be in range.
    /// Messages name the input `name` (`steam`, or `boiler.steam` for a kept input).
    /// `checkingRange` false leaves the input's range to the caller (a tolerance's end).
    package static func resolve(_ value: InputValue, for spec: InputSpec, rates: Rates, named name: String? = nil,
                        at range: Range<Int>, checkingRange: Bool = true) throws(Diagnostic) -> ResolvedInputs.Value {
        let name = name ?? spec.key
        switch value {
        case .word(let word):
            guard spec.choices.contains(word) else {
                throw Diagnostic(InputError.notAChoice(name: name, choices: spec.choices, got: word), at: range)
            }
            return .word(word)
        case .quantity(var q):
            if case .pressure = spec.kind {
                let absolute = try readPressure(q, name: name, spec: spec, at: range)
                try checkSize(absolute, name: name, value: value, spec: spec, at: range)
                return .number(absolute, currency: nil)
            }
            if case .choice(let words) = spec.kind {
                throw Diagnostic(InputError.notAChoice(name: name, choices: words, got: nil), at: range)
            }
            if case .price(let plain) = spec.kind {
                let price = try readPrice(q, plain: plain, name: name, spec: spec, rates: rates, at: range)
                if checkingRange, let allowed = spec.range, !allowed.contains(price.amount) {
                    throw Diagnostic(InputError.outOfRange(name: name, allowed: allowed.text(unit: ""), got: value.text(for: spec)), at: range)
                }
                try checkSize(price.amount, name: name, value: value, spec: spec, at: range)
                return .price(price)
            }
            var currency: Currency? = nil
            var canonical = q.magnitude
            if !q.isPlain {
                do throws(QuantityError) {
                    switch spec.kind {
                    case .money:
                        guard let atom = q.unit.atom, atom.currency != nil else { throw QuantityError.conversion(from: q.dimension, to: .anyMoney) }
                        currency = Currency(atom)
                    case .oneOf(let units):
                        guard let unit = units.first(where: { $0.dimension == q.dimension }) else {
                            throw QuantityError.conversion(from: q.dimension, to: units[0].dimension)
                        }
                        canonical = try QuantityMath.converted(q.magnitude, from: q.unit, to: unit, rates: rates)
                    default:
                        let target = spec.canonicalUnit!
                        if case .temperatureDifference = spec.kind, let point = q.unit.temperaturePoint {
                            q.unit = CompoundUnit(point.asDifference)
                        }
                        // A temperature asked for (`temp=25`): a difference (`20 Δ°C`) is not one.
                        if target.temperaturePoint != nil, q.dimension == .temperature, q.unit.temperaturePoint == nil {
                            throw QuantityError.conversion(from: q.dimension, to: target.dimension)
                        }
                        // A plain-number input (`cycles`, `ph`) takes no unit, and hours a day
                        // take times, not a percentage or ppm (`hours=50%` is no 12 h).
                        if target.dimension == .none, q.dimension == .none, target.isNone || (target.isTimeRatio && !q.unit.isTimeRatio) {
                            throw QuantityError.conversion(from: q.dimension, to: target.dimension)
                        }
                        if q.dimension == .time, target.dimension == .none, target.terms.contains(where: { $0.atom.singular == "day" }) {
                            // `hours=20 h`: hours a day.
                            q = try QuantityMath.multiply(q, Quantity(1, CompoundUnit(UnitTable.atom(named: "day")!)), dividing: true)
                        }
                        canonical = try QuantityMath.converted(q.magnitude, from: q.unit, to: target, rates: rates, water: true)
                    }
                } catch {
                    if case .noRate = error { throw Diagnostic(error, at: range) }
                    throw Diagnostic(mismatch(name, spec, q), at: range)
                }
            }
            if checkingRange, let allowed = spec.range, !allowed.contains(canonical) {
                throw Diagnostic(InputError.outOfRange(name: name, allowed: allowed.text(unit: spec.unitLabel), got: value.text(for: spec)),
                                 at: range)
            }
            try checkSize(canonical, name: name, value: value, spec: spec, at: range)
            if checkingRange, let largest = spec.largestFlow, canonical > .exact(largest.value) {
                throw Diagnostic(InputError.outOfRange(name: name, allowed: "at most \(largest.text), a thousand times a large plant's",
                                                       got: value.text(for: spec)), at: range)
            }
            return .number(canonical, currency: currency)
        }
    }

    /// A pressure as MPa absolute: a plain number is bar gauge; a gauge pressure (bar,
    /// psi, kPa, MPa, barg, psig) is read against the standard atmosphere, 0.101325 MPa;
    /// bara and psia are absolute already.
    private static func readPressure(_ q: Quantity, name: String, spec: InputSpec, at range: Range<Int>) throws(Diagnostic) -> Number {
        do throws(QuantityError) {
            let megapascals = try InputKind.megapascals(in: q)
            if q.unit.pressureReference == .absolute { return megapascals }
            return try QuantityMath.run { () throws(ArithmeticError) in try megapascals + Steam.atmosphere }
        } catch {
            throw Diagnostic(mismatch(name, spec, q), at: range)
        }
    }

    /// The largest and smallest size of an input: 1e±1200, within the exact range. Beyond
    /// it an estimate would carry bounds of thousands of digits through every step (an
    /// `invest` of 1e-99999 took seconds a month), for a value no plant, account or
    /// load has.
    package static let largestInputLog2 = 1200 * 3.321928094887362

    private static func checkSize(_ number: Number, name: String, value: InputValue, spec: InputSpec,
                                  at range: Range<Int>) throws(Diagnostic) {
        let log2: Double
        switch number {
        case .exact(let r): log2 = r.isZero ? 0 : r.log2Magnitude
        case .approximate(let x): log2 = x.containsZero ? 0 : x.log2Magnitude
        }
        guard abs(log2) > largestInputLog2 else { return }
        throw Diagnostic(InputError.outOfRange(name: name, allowed: "from 1e-1200 to 1e1200 in size", got: value.text(for: spec)), at: range)
    }

    /// A price: money alone is per `plain` (a pack, or a m³ of water); money per a mass,
    /// a volume or a count is per kg, per litre (or m³) or per item.
    package static func readPrice(_ q: Quantity, plain: Price.Basis, name: String, spec: InputSpec, rates: Rates,
                                  at range: Range<Int>) throws(Diagnostic) -> Price {
        guard !q.isPlain else { return Price(amount: q.magnitude, basis: plain, currency: nil) }
        // A plain number per an amount (`0.4 per kg`) is in the session's currency, as a
        // plain number alone is.
        let money = q.unit.moneyAtom
        guard money == nil ? q.dimension.money == 0 : q.dimension.money == 1 else { throw Diagnostic(mismatch(name, spec, q), at: range) }
        let rest = money.map { q.dimension.dividing(by: Dimension.money($0.currency!)) } ?? q.dimension
        let basis: Price.Basis
        switch rest {
        case .none: basis = plain
        case Dimension.none.dividing(by: .mass) where plain == .pack: basis = .kilogram
        case Dimension.none.dividing(by: .volume) where plain != .kilowattHour: basis = plain == .cubicMetre ? .cubicMetre : .litre
        case Dimension.none.dividing(by: .count) where plain == .pack: basis = .item
        case Dimension.none.dividing(by: .energy) where plain == .kilowattHour: basis = .kilowattHour
        default: throw Diagnostic(mismatch(name, spec, q), at: range)
        }
        guard let money else {
            guard rest != .none, let per = basis.unit else { throw Diagnostic(mismatch(name, spec, q), at: range) }
            let target = CompoundUnit(terms: per.terms.map { .init(atom: $0.atom, exponent: -$0.exponent) })
            do throws(QuantityError) {
                return Price(amount: try QuantityMath.converted(q.magnitude, from: q.unit, to: target, rates: rates), basis: basis, currency: nil)
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        var amount = q.magnitude
        if rest != .none, let per = basis.unit {
            let target = CompoundUnit(terms: [.init(atom: money, exponent: 1)] + per.terms.map { .init(atom: $0.atom, exponent: -$0.exponent) })
            do throws(QuantityError) {
                amount = try QuantityMath.converted(q.magnitude, from: q.unit, to: target, rates: rates)
            } catch {
                throw Diagnostic(error, at: range)
            }
        } else if q.unit.atom == nil {
            // `2 × €` or a scaled money unit: the amount in the money unit itself.
            do throws(QuantityError) {
                amount = try QuantityMath.converted(q.magnitude, from: q.unit, to: CompoundUnit(money), rates: rates)
            } catch {
                throw Diagnostic(error, at: range)
            }
        }
        return Price(amount: amount, basis: basis, currency: Currency(money))
    }

    /// Why a quantity does not fit an input: what the input takes, and what it got.
    package static func mismatch(_ name: String, _ spec: InputSpec, _ q: Quantity) -> InputError {
        if spec.canonicalUnit?.temperaturePoint != nil, q.dimension == .temperature, q.unit.temperaturePoint == nil {
            return .wrongKind(name: name, wanted: "a temperature (°C, °F or K)",
                              got: "a temperature difference (\(QuantityDisplay.display(q, digits: 12).text))")
        }
        let wanted: String
        switch spec.kind {
        case .money: wanted = "money or a plain number"
        case .price(let plain):
            wanted = plain == .pack ? "a price (money per pack, or money per kg, l or item)"
                : plain == .kilowattHour ? "a price of energy (money per kWh, MJ, GJ or MWh)" : "a price (money per \(plain.unitSymbol), or per l)"
        case .percent: wanted = "a percentage (60% or 60)"
        case .temperatureDifference: wanted = "a temperature difference (K, °F or °C)"
        case .oneOf(let units): wanted = units.map { "\($0.dimension.withArticle) (\($0.label))" }.joined(separator: " or ")
        default:
            let unit = spec.canonicalUnit!
            let others = UnitTable.otherUnits(like: unit)
            let units = ([unit.label] + others).joined(separator: ", ")
            wanted = unit.isNone ? "a plain number"
                : unit.dimension == .none ? "a number in \(unit.label)" + (others.isEmpty ? "" : " (also \(others.joined(separator: ", ")))")
                : "\(unit.dimension.withArticle) (\(units))"
        }
        let words = spec.choices.isEmpty ? "" : " or " + spec.choices.listed("or")
        // A unit without a dimension is still a unit: `50%` is a percentage, `7 ppm` a number in ppm.
        let kind = q.dimension != .none || q.isPlain ? q.dimension.withArticle
            : q.unit == CompoundUnit(UnitTable.percentUnit) ? "a percentage" : "a number in \(q.unit.label)"
        return .wrongKind(name: name, wanted: wanted + words, got: "\(kind) (\(QuantityDisplay.display(q, digits: 12).text))"
                          + Dimension.hint(given: q.dimension, wanted: spec.canonicalUnit?.dimension))
    }

    /// Why an input kept in a session under `name` (`boiler.steam`) with `value` is not one
    /// a statement could have set, or nil when it is. Saved sets are read through this, so
    /// a file can give the estimators nothing the keyboard could not.
    package static func problem(withKeptInput name: String, _ value: InputValue) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let estimator = Estimators.named(parts[0]) else { return "no estimator input '\(name)'" }
        guard let spec = estimator.spec(parts[1]) else { return "\(estimator.name) has no input '\(parts[1])'" }
        do {
            _ = try resolve(value, for: spec, rates: Rates(), named: name, at: 0..<0)
            return nil
        } catch {
            return error.message
        }
    }
}
