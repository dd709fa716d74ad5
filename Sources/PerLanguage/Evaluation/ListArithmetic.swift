import PerNumbers
import PerUnits

/// Lists as values (`help lists`): `[1.2 kg, 1.5 kg, 1100 g]` is made here, in its first
/// value's unit, and goes through arithmetic element by element. A list with a value
/// (`lab * 2`, `lab + 1 kg`) applies the value to each element; two lists of one length
/// (`a - b`) pair their elements. Each element's step is the evaluator's own, so every rule
/// of units, money and percentages holds for it as for a single value. The statistics
/// are in `ListCalls.swift`.
extension Evaluator {
    /// How many elements a loop reads between two looks at the interruption.
    private static let interruptionStride = 4096

    /// `[a, b, c]`: the list of the values, each written at `ranges[i]`, the whole at `range`.
    package func list(_ elements: [Operand], ranges: [Range<Int>], range: Range<Int>) throws(Diagnostic) -> Operand {
        let list = try quantityList(elements, range: range) { ranges[$0] }
        return Operand(list: list, range: range, involvesPercent: elements.contains { $0.involvesPercent })
    }

    /// The list of `values` (none of them a list or a range), the one at `i` written at
    /// `place(i)`: in the unit of the first value, or, when it is a plain number, of the
    /// first money or count beside it (`[2, $5]` is `[$2.00, $5.00]`, as `2 + $5` is
    /// `$7.00`); every value of that dimension, a temperature or a date as the first is.
    package func quantityList(_ values: [Operand], range: Range<Int>,
                              place: (Int) -> Range<Int>) throws(Diagnostic) -> QuantityList {
        guard values.count <= QuantityList.maxCount else { throw Diagnostic(ListRefusal.tooLong(most: QuantityList.maxCount), at: range) }
        guard let first = values.first?.quantity else { return .empty }
        var unit = first.unit
        if first.isPlain, let money = values.first(where: { QuantityMath.admitsPlainAddend($0.quantity.dimension) }) {
            unit = money.quantity.unit
        }
        var magnitudes: [Number] = []
        magnitudes.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if index % Evaluator.interruptionStride == 0 {
                do { try context.checkInterruption() } catch { throw Diagnostic(error, at: range) }
            }
            if value.isList { throw Diagnostic(ListRefusal.nested, at: place(index)) }
            if value.isRange { throw Diagnostic(ListRefusal.range, at: place(index)) }
            magnitudes.append(try magnitude(of: value.quantity, in: unit, at: place(index)))
        }
        return QuantityList(unit: unit, magnitudes: magnitudes)
    }

    /// `q`'s magnitude in a list's `unit`, or why `q` cannot be in that list.
    private func magnitude(of q: Quantity, in unit: CompoundUnit, at place: Range<Int>) throws(Diagnostic) -> Number {
        // A zone is a time's own (its offset then), which one unit for every value would lose.
        if q.isZoned { throw Diagnostic(ListRefusal.unsupported("a time in a zone"), at: place) }
        if q.unit == unit { return q.magnitude }
        if q.isPlain, !unit.isNone, QuantityMath.admitsPlainAddend(unit.dimension) { return q.magnitude }
        guard q.dimension.matchesIgnoringCurrency(unit.dimension), q.unit.isDate == unit.isDate,
              (q.unit.temperaturePoint == nil) == (unit.temperaturePoint == nil) else {
            throw Diagnostic(ListRefusal.mixedDimensions(first: unit.dimension, value: q.dimension), at: place)
        }
        return try checked(at: place) { () throws(QuantityError) in
            try QuantityMath.converted(q.magnitude, from: q.unit, to: unit, rates: rates, in: context)
        }
    }

    /// The element at `index` of `list` as an operand written at `range`: a percentage
    /// is read as one, as a variable holding it is.
    package func element(_ index: Int, of list: QuantityList, range: Range<Int>) -> Operand {
        Operand(quantity: list[index], range: range, involvesPercent: list.unit.atom == UnitTable.percentUnit)
    }

    /// The operators a list goes through element by element.
    private static func goesThroughLists(_ op: BinaryOperator) -> Bool {
        switch op {
        case .add, .subtract, .multiply, .divide, .power, .modulo, .percentOf, .percentOff, .percentOn: true
        case .asPercentOf, .wholeOf, .includingTax, .excludingTax, .plusMinus, .less, .lessOrEqual, .greater, .greaterOrEqual,
             .equal, .notEqual: false
        }
    }

    /// `left op right` with a list on either side or both, element by element.
    package func listBinary(_ op: BinaryOperator, _ left: Operand, _ right: Operand, range: Range<Int>) throws(Diagnostic) -> Operand {
        guard Evaluator.goesThroughLists(op) else { throw Diagnostic(ListRefusal.unsupported("'\(op.rawValue)'"), at: range) }
        let a = left.list, b = right.list
        if let a, let b, a.count != b.count { throw Diagnostic(ListRefusal.lengthsDiffer(a.count, b.count), at: range) }
        if let values = try plainElementwise(op, left, right, range: range) { return values }
        let count = a?.count ?? b?.count ?? 0
        return try elementwise(count: count, range: range) { index throws(Diagnostic) in
            let x = a.map { element(index, of: $0, range: left.range) } ?? left
            let y = b.map { element(index, of: $0, range: right.range) } ?? right
            return try binary(op, x, y, range: range)
        }
    }

    /// `left op right` where the arithmetic is the numbers' alone, without a unit's rule
    /// to apply: lists of plain numbers (no percentage) with plain numbers or each other,
    /// and a list of amounts (no percentage, temperature on a scale, date or zone) times
    /// or over a plain number, which keeps its unit. Nil for any other operands, which go
    /// element by element through `binary`, as these would to the same values.
    private func plainElementwise(_ op: BinaryOperator, _ left: Operand, _ right: Operand,
                                  range: Range<Int>) throws(Diagnostic) -> Operand? {
        func isPlain(_ operand: Operand) -> Bool {
            if let list = operand.list { return list.unit.isNone && !operand.involvesPercent }
            return operand.isPlainNumber
        }
        let scales = (op == .multiply || op == .divide) && right.isPlainNumber && left.list.map(Evaluator.scalesPlainly) == true
            || op == .multiply && left.isPlainNumber && right.list.map(Evaluator.scalesPlainly) == true
        guard scales || isPlain(left) && isPlain(right) else { return nil }
        guard let arithmetic = ArithmeticOperator(op) else { return nil }
        let a = left.list, b = right.list
        let unit = a?.unit ?? b?.unit ?? .none
        let x = left.quantity.magnitude, y = right.quantity.magnitude
        var magnitudes: [Number] = []
        magnitudes.reserveCapacity(a?.count ?? b?.count ?? 0)
        do {
            for index in 0..<(a?.count ?? b?.count ?? 0) {
                if index % Evaluator.interruptionStride == 0 { try context.checkInterruption() }
                let p = a?.magnitudes[index] ?? x, q = b?.magnitudes[index] ?? y
                switch arithmetic {
                case .add: magnitudes.append(try p.adding(q, in: context))
                case .subtract: magnitudes.append(try p.subtracting(q, in: context))
                case .multiply: magnitudes.append(try p.multiplied(by: q, in: context))
                case .divide: magnitudes.append(try p.divided(by: q, in: context))
                case .power: magnitudes.append(try p.raised(to: q, in: context))
                case .modulo: magnitudes.append(try p.modulo(q, in: context))
                }
            }
        } catch {
            throw Diagnostic(error, at: range)
        }
        return Operand(list: QuantityList(unit: unit, magnitudes: magnitudes), range: range)
    }

    /// Whether a list's values scale by a plain number as plain numbers do, keeping their
    /// unit: amounts, not a percentage (its share), a temperature on a scale or a date.
    private static func scalesPlainly(_ list: QuantityList) -> Bool {
        let unit = list.unit
        return !unit.isNone && unit.atom != UnitTable.percentUnit && !unit.terms.contains { $0.atom.isTemperaturePoint || $0.atom.isDatePoint }
    }

    /// The list of `step`'s value for each index below `count`, written at `range`; a
    /// format the steps gave (`to 2 dp`) is the list's.
    package func elementwise(count: Int, range: Range<Int>,
                             _ step: (Int) throws(Diagnostic) -> Operand) throws(Diagnostic) -> Operand {
        var results: [Operand] = []
        results.reserveCapacity(count)
        for index in 0..<count {
            if index % Evaluator.interruptionStride == 0 {
                do { try context.checkInterruption() } catch { throw Diagnostic(error, at: range) }
            }
            let result = try step(index)
            if result.isRange { throw Diagnostic(ListRefusal.range, at: range) }
            results.append(result)
        }
        let list = try quantityList(results, range: range) { _ in range }
        var value = Operand(list: list, range: range, involvesPercent: results.contains { $0.involvesPercent })
        if let format = results.first?.format { value.format = format }
        return value
    }

    /// `operand`, a list, with `step` applied to each element: `-lab`, `lab%`, `[1, 2] kg`,
    /// `lab to g`.
    package func listMapping(_ operand: Operand, range: Range<Int>,
                             _ step: (Operand) throws(Diagnostic) -> Operand) throws(Diagnostic) -> Operand {
        guard let list = operand.list else { return try step(operand) }
        return try elementwise(count: list.count, range: range) { index throws(Diagnostic) in
            try step(element(index, of: list, range: operand.range))
        }
    }
}
