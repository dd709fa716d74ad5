import PerNumbers
import PerUnits
import PerLanguage

/// A tolerance on an estimator input, written after its value: `steam=10 t/h ±5%`,
/// `tds=300 ±20`, `pressure=10 +-0.5` (`help tolerances`). The estimate then runs at
/// every corner of the tolerances given, and each result shows its worst case: the
/// lowest and highest it takes, and the input that moves it most.
package struct Tolerance: Sendable {
    /// As written after the `±`, for messages: `5%`, `20`, `0.5 t/h`.
    package let text: String
    /// What was written: a percentage, or an amount in any unit of the input's.
    package let size: Quantity
    /// Where it was written, for errors.
    package let range: Range<Int>
    /// The value it is around, as written (`10 t/h`, `4.9 barg`, a plain `300`); nil for a word.
    package let written: Quantity?

    /// The most tolerances one estimate takes: 2⁶ corners.
    package static let most = 6

    /// The amount either side of `written`, in the unit it is written in (a plain value's is
    /// the input's own unit), as in an expression (`10 t/h ± 0.5` is 0.5 t/h): a percentage
    /// is a share of the value as written (of a gauge pressure, of the gauge value), except
    /// for an input that is a percentage itself, where it is percentage points
    /// (`condensate=60% ±5%` is 55% to 65%); an amount in another unit is a difference (a
    /// temperature), a span of pressure (neither gauge nor absolute), or in water ppm and
    /// mg/L alike.
    package func amount(around written: Quantity, for spec: InputSpec, rates: Rates) throws(Diagnostic) -> Number {
        if case .price(let plain) = spec.kind, !size.isPercentage, !size.isPlain {
            return try priceAmount(around: written, plain: plain, for: spec, rates: rates)
        }
        do throws(QuantityError) {
            if size.isPercentage {
                if spec.kind.isPercent { return size.magnitude }
                return try QuantityMath.run { () throws(ArithmeticError) in try written.magnitude.magnitude * size.magnitude / 100 }
            }
            guard !size.isPlain else { return size.magnitude }
            var to = written.isPlain ? spec.canonicalUnit ?? size.unit : written.unit
            if case .pressure = spec.kind {
                let span = try InputKind.megapascals(in: size), unit = try InputKind.megapascals(in: Quantity(1, to))
                return try QuantityMath.run { () throws(ArithmeticError) in try span / unit }
            }
            var from = size.unit
            if to.temperaturePoint != nil { to = to.withDifferences }
            if from.temperaturePoint != nil { from = from.withDifferences }
            return try QuantityMath.converted(size.magnitude, from: from, to: to, rates: rates, water: true)
        } catch {
            if case .conversion = error { throw Diagnostic(Estimates.mismatch("\(spec.key)'s tolerance", spec, size), at: range) }
            throw Diagnostic(error, at: range)
        }
    }
}

extension Tolerance {
    /// A price's tolerance in the unit its value is written in: money alone is per what
    /// the value is per (`€2.10 per m3 ±€0.20`), a price per another volume is converted
    /// (`€2.10 ±€0.0002 per l`: a litre is a thousandth of a m³), in the value's currency.
    private func priceAmount(around written: Quantity, plain: Price.Basis, for spec: InputSpec, rates: Rates) throws(Diagnostic) -> Number {
        let name = "\(spec.key)'s tolerance"
        let value = try Estimates.readPrice(written, plain: plain, name: spec.key, spec: spec, rates: rates, at: range)
        let read = try Estimates.readPrice(size, plain: plain, name: name, spec: spec, rates: rates, at: range)
        // Money alone is per what the value is per.
        let alone = size.unit.moneyAtom.map { size.dimension.dividing(by: .money($0.currency!)) == .none } ?? false
        let tolerance = alone ? Price(amount: read.amount, basis: value.basis, currency: read.currency) : read
        let volumes: [Price.Basis] = [.litre, .cubicMetre]
        guard tolerance.basis == value.basis || volumes.contains(tolerance.basis) && volumes.contains(value.basis) else {
            throw Diagnostic(InputError.wrongKind(name: name, wanted: "a price per \(value.basis.unitSymbol), as \(spec.key) is, or a percentage",
                                                  got: QuantityDisplay.display(size, digits: 12).text), at: range)
        }
        do throws(QuantityError) {
            var amount = try QuantityMath.run { () throws(ArithmeticError) -> Number in
                switch (tolerance.basis, value.basis) {
                case (.cubicMetre, .litre): return try tolerance.amount / 1000
                case (.litre, .cubicMetre): return try tolerance.amount * 1000
                default: return tolerance.amount
                }
            }
            if let from = tolerance.currency, let to = value.currency, from.code != to.code {
                amount = try QuantityMath.converted(amount, from: CompoundUnit(from.unit), to: CompoundUnit(to.unit), rates: rates)
            }
            // Back in the unit the value is written in (`$3 per 1000 gal`).
            guard let money = written.unit.moneyAtom, written.dimension.dividing(by: .money(money.currency!)) != .none,
                  let per = value.basis.unit else { return amount }
            let basisUnit = CompoundUnit(terms: [.init(atom: money, exponent: 1)] + per.terms.map { .init(atom: $0.atom, exponent: -$0.exponent) })
            return try QuantityMath.converted(amount, from: basisUnit, to: written.unit, rates: rates)
        } catch {
            throw Diagnostic(error, at: range)
        }
    }
}

extension InputKind {
    /// Whether the input is a percentage (its tolerance in percentage points).
    package var isPercent: Bool { if case .percent = self { true } else { false } }
}

extension Estimates {
    /// An input's value, and the tolerance written after it when there is one (`±` or
    /// `+-`, before the next `key=`).
    package static func readValueAndTolerance(_ spec: InputSpec, from arguments: inout ArgumentReader)
        throws(Diagnostic) -> (value: (InputValue, Range<Int>), tolerance: Tolerance?) {
        let end = arguments.valueEnd
        guard let mark = arguments.plusMinus(before: end) else { return (try readValue(spec, from: &arguments), nil) }
        var value = arguments.reader(arguments.position..<mark.lowerBound)
        let read = try readValue(spec, from: &value)
        try value.expectEnd()
        var size = arguments.reader(mark.upperBound..<end)
        guard !size.atEnd else {
            throw Diagnostic(InputError.toleranceExpected(key: spec.key), at: mark)
        }
        let (operand, range) = try size.expression()
        try size.expectEnd()
        let q = operand.quantity
        guard !q.magnitude.isNegative else { throw Diagnostic(InputError.toleranceExpected(key: spec.key), at: range) }
        arguments.move(to: end)
        var written: Quantity? = nil
        if case .quantity(let value) = read.0 { written = value }
        return (read, Tolerance(text: StatementSource.string(arguments.source.scalars[range]), size: q, range: range, written: written))
    }

    /// `estimate` with its results' ranges over `tolerances`, the convention that says what
    /// they are, and each tolerance beside its input.
    package static func applying(_ tolerances: [String: Tolerance], to estimate: inout Estimate, of estimator: any Estimator.Type,
                         values: [String: ResolvedInputs.Value], used: [Estimate.UsedInput], units: [String: CompoundUnit],
                         rates: Rates, context: EvaluationContext) throws(Diagnostic) {
        estimate.ranges = try ranges(estimator, nominal: estimate, values: values, used: used, units: units,
                                     tolerances: tolerances, rates: rates, context: context)
        let written = estimator.inputs.compactMap { spec in tolerances[spec.key].map { "\(spec.key) ±\($0.text)" } }
        estimate.conventions.append("ranges: the worst case over every corner of \(written.listed("and")), not a statistic")
        estimate.inputs = estimate.inputs.map { input in
            tolerances[input.key].map { Estimate.UsedInput(key: input.key, text: input.text + " ±" + $0.text, isDefault: false) } ?? input
        }
    }

    /// The worst case of every result over the corners of the tolerances given: each
    /// tolerant input at its low and its high end, in every combination (2ⁿ estimates), and
    /// each input alone at both ends for the one that moves a result most.
    package static func ranges(_ estimator: any Estimator.Type, nominal: Estimate, values: [String: ResolvedInputs.Value],
                       used: [Estimate.UsedInput], units: [String: CompoundUnit], tolerances: [String: Tolerance],
                       rates: Rates, context: EvaluationContext) throws(Diagnostic) -> [Estimate.ResultRange] {
        let specs = estimator.inputs.filter { tolerances[$0.key] != nil }
        guard specs.count <= Tolerance.most else {
            throw Diagnostic(InputError.tooManyTolerances(most: Tolerance.most), at: tolerances[specs[Tolerance.most].key]!.range)
        }
        let ends = try toleranceEnds(specs, values: values, tolerances: tolerances, rates: rates)
        func estimate(_ change: [String: ResolvedInputs.Value]) throws(Diagnostic) -> Estimate {
            // The inputs as written at this corner, so that a rule it breaks names the end.
            func written(_ key: String) -> String? {
                guard let value = change[key], let end = ends.first(where: { $0.spec.key == key }) else { return nil }
                return value == end.high ? end.highText : end.lowText
            }
            let usedHere = used.map { input in written(input.key).map { Estimate.UsedInput(key: input.key, text: $0, isDefault: false) } ?? input }
            do {
                return try estimator.estimate(ResolvedInputs(values: values.merging(change) { _, new in new }, used: usedHere, units: units,
                                                             context: context))
            } catch {
                let corner = ends.compactMap { end in written(end.spec.key).map { "\(end.spec.key) \($0)" } }.joined(separator: ", ")
                throw Diagnostic(EstimateError.rule(key: ends[0].spec, message: "within the tolerances (\(corner)): \(error.message)"),
                                 at: tolerances[ends[0].spec.key]!.range)
            }
        }
        // Every corner.
        var low: [String: Number] = [:], high: [String: Number] = [:]
        func widen(by estimate: Estimate) {
            for result in estimate.results {
                guard let number = result.number else { continue }
                low[result.spec.name] = min(low[result.spec.name] ?? number, number)
                high[result.spec.name] = max(high[result.spec.name] ?? number, number)
            }
        }
        widen(by: nominal)
        for corner in 0..<(1 << ends.count) {
            var change: [String: ResolvedInputs.Value] = [:]
            for (index, end) in ends.enumerated() { change[end.spec.key] = corner >> index & 1 == 1 ? end.high : end.low }
            widen(by: try estimate(change))
        }
        // Each input alone: how far it moves each result. Ends that may be equal (an
        // approximate result the input does not touch, worked out twice) move it nowhere.
        var spread: [String: (key: String, width: Number)] = [:]
        for end in ends {
            let lows = try estimate([end.spec.key: end.low]), highs = try estimate([end.spec.key: end.high])
            for result in nominal.results {
                guard let a = lows.result(result.spec.name)?.number, let b = highs.result(result.spec.name)?.number,
                      let order = a.order(comparedTo: b), order != 0, let width = try? (a - b).magnitude else { continue }
                if spread[result.spec.name].map({ width > $0.width }) ?? true { spread[result.spec.name] = (end.spec.key, width) }
            }
        }
        // A result whose range is one value is moved by no input.
        return nominal.results.compactMap { result in
            guard let lowest = low[result.spec.name], let highest = high[result.spec.name] else { return nil }
            return Estimate.ResultRange(name: result.spec.name, jsonKey: result.spec.jsonKey, low: lowest, high: highest,
                                        movedMostBy: lowest.order(comparedTo: highest) == -1 ? spread[result.spec.name]?.key : nil)
        }
    }
    /// A tolerant input's two ends, read as its value is, and as written (`-10 barg`) for
    /// what an estimate at one of them says of it.
    package struct ToleranceEnds {
        package let spec: InputSpec
        package let low: ResolvedInputs.Value, high: ResolvedInputs.Value
        package let lowText: String, highText: String
    }

    /// Each tolerant input's two ends, checked against its range.
    private static func toleranceEnds(_ specs: [InputSpec], values: [String: ResolvedInputs.Value], tolerances: [String: Tolerance],
                                      rates: Rates) throws(Diagnostic) -> [ToleranceEnds] {
        var ends: [ToleranceEnds] = []
        for spec in specs {
            let tolerance = tolerances[spec.key]!
            guard let nominal = values[spec.key] else { continue }
            guard nominal.amount != nil, let written = tolerance.written else {
                throw Diagnostic(InputError.toleranceExpected(key: spec.key), at: tolerance.range)
            }
            let amount = try tolerance.amount(around: written, for: spec, rates: rates)
            // Each end as written (`9.5 t/h`, `4.802 barg`), read as the value is.
            func end(_ sign: Number) throws(Diagnostic) -> ResolvedInputs.Value {
                let shifted = try checked(at: tolerance.range) { () throws(ArithmeticError) in try written.magnitude + sign * amount }
                var moved = try resolve(.quantity(Quantity(shifted, written.unit)), for: spec, rates: rates, at: tolerance.range,
                                        checkingRange: false)
                if let currency = nominal.currency, moved.currency?.code != currency.code {
                    moved = try converted(moved, to: currency, rates: rates, at: tolerance.range)
                }
                guard let number = moved.amount else { throw Diagnostic(InputError.toleranceExpected(key: spec.key), at: tolerance.range) }
                if let allowed = spec.range, !allowed.contains(number) {
                    let reached = EstimateFormat.number(shifted) + (written.isPlain ? "" : " " + written.unit.label)
                    throw Diagnostic(InputError.outOfRange(name: spec.key, allowed: allowed.text(unit: spec.unitLabel),
                                                           got: "±\(tolerance.text), which reaches \(reached)"),
                                     at: tolerance.range)
                }
                return moved
            }
            func text(_ sign: Number) -> String {
                let shifted = (try? written.magnitude + sign * amount) ?? written.magnitude
                let unit = written.isPlain ? spec.unitLabel : written.unit.label
                return EstimateFormat.number(shifted) + (unit.isEmpty ? "" : " " + unit)
            }
            ends.append(ToleranceEnds(spec: spec, low: try end(-1), high: try end(1), lowText: text(-1), highText: text(1)))
        }
        return ends
    }
}

extension ResolvedInputs.Value {
    /// The number a tolerance moves: the value, or a price's amount.
    package var amount: Number? {
        switch self {
        case .number(let number, _): return number
        case .price(let price): return price.amount
        case .word: return nil
        }
    }
}
