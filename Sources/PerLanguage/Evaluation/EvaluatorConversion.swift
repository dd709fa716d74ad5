import PerNumbers
import PerUnits

/// `to`: a value in another unit, in parts of several (`to lb oz`), or in an output format
/// (`to fraction`, `to 2 dp`, `to %`).
extension Evaluator {
    package func convert(_ value: Operand, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Operand {
        // Only a span between dates is counted in calendar months: no list made for others.
        if value.isRange {
            return try rangeMapping(.conversion(unit), of: value, range: range)
        }
        if value.isList { return try listMapping(value, range: range) { (x: Operand) throws(Diagnostic) in try convert(x, to: unit, range: range) } }
        // Apart, so that the common value is passed on as it is, not copied into a new name.
        if value.dateSpan != nil { return try converted(calendarMonths(value, to: [unit], range: range), to: unit, range: range) }
        return try converted(value, to: unit, range: range)
    }

    /// A value that is no range, list or span between dates, in `unit`.
    private func converted(_ value: Operand, to unit: CompoundUnit, range: Range<Int>) throws(Diagnostic) -> Operand {
        let q = value.quantity
        var reciprocal = false
        let converted = try checked(at: range) { () throws(QuantityError) in
            do throws(QuantityError) {
                return try QuantityMath.convert(q, to: unit, rates: rates, in: context)
            } catch {
                // Fuel economy alone converts its reciprocal (mpg to L/100 km), and says so;
                // asked only when the plain conversion is refused.
                guard FuelEconomy.isReciprocal(q.unit, unit) else { throw error }
                reciprocal = true
                let inverse = try QuantityMath.multiply(Quantity(Number(1), CompoundUnit()), q, dividing: true, in: context)
                return try QuantityMath.convert(inverse, to: unit, rates: rates, in: context)
            }
        }
        var result = Operand(quantity: converted, range: range, involvesPercent: value.involvesPercent, convertedFrom: q)
        if reciprocal {
            result.note = .reciprocal(from: q.unit.symbol, to: unit.symbol, perVolume: q.dimension == .fuelEconomy)
        } else if ValueNote.convertsMolesAsCalciumCarbonate(q.unit, unit) {
            result.note = .asCalciumCarbonate
        } else if case .calendarRest? = value.note {
            result.note = value.note
        } else if let average = ValueNote.averageCalendar(from: q.unit, to: unit) {
            result.note = average
        } else if rates.reference != nil, let age = ValueNote.rateAge(from: q.unit, to: converted.unit, rates: rates, today: today) {
            result.note = age
        }
        // `x to 2 dp to kg`: the format still holds for the converted value, and a change's sign.
        if let format = value.format { result = try self.format(result, as: format, range: range) }
        if value.showsSign { result.showsSign = true }
        return result
    }

    /// `q to lb oz`: the value in the last unit, shown as whole parts of the others; the
    /// list is checked, and the value split once, here, so a refusal points at the list.
    package func convert(_ value: Operand, toParts units: [CompoundUnit], range: Range<Int>) throws(Diagnostic) -> Operand {
        if let refusal = UnitParts.check(units) { throw Diagnostic(QuantityError.unitList(refusal), at: range) }
        if value.isRange { throw Diagnostic(RangeRefusal.unsupported("to a list of units"), at: range) }
        if value.isList { throw Diagnostic(ListRefusal.unsupported("to a list of units"), at: range) }
        let value = try calendarMonths(value, to: units, range: range)
        let q = value.quantity
        _ = try checked(at: range) { () throws(QuantityError) in try UnitParts.split(q, into: units, rates: rates, in: context) }
        var result = try convert(value, to: units[units.count - 1], range: range)
        result.parts = units
        if let counted = value.countedParts {
            result.countedParts = counted
        } else if let average = ValueNote.averageCalendar(from: q.unit, to: units) {
            result.note = average
        }
        return result
    }

    /// `q to fraction`, `q to 2 dp`: the value unchanged, written in the format once it is
    /// the statement's result.
    package func format(_ value: Operand, as format: OutputFormat, range: Range<Int>) throws(Diagnostic) -> Operand {
        // A percentage as a fraction is its share: `10% to fraction` is 1/10 (to 2 dp it
        // stays a percentage: `12.345% to 2 dp` is 12.35%).
        if value.isRange { throw Diagnostic(RangeRefusal.unsupported(format.written), at: range) }
        if value.isList {
            return try listMapping(value, range: range) { (x: Operand) throws(Diagnostic) in try self.format(x, as: format, range: range) }
        }
        if value.quantity.unit.isDate || format == .weekday { return try dateFormat(value, as: format, range: range) }
        // `(x to %) to 1 dp` rounds the percentage, not the plain number it was written from.
        if value.format == .percent, value.quantity.isPlain, format.roundsDigits {
            let magnitude = value.quantity.magnitude
            let hundredfold = try checked(at: range) { () throws(QuantityError) in
                try QuantityMath.run { () throws(ArithmeticError) in try magnitude.multiplied(by: 100, in: context) }
            }
            let percentage = Operand(quantity: Quantity(hundredfold, UnitTable.percentUnit), range: value.range, involvesPercent: true)
            return try self.format(percentage, as: format, range: range)
        }
        if value.quantity.isPercentage, format == .fraction || format == .mixed {
            return try self.format(try share(value), as: format, range: range)
        }
        // `5 ‰ to %`, `5000 ppm to %`: a share in other parts is converted to percent.
        if format == .percent, !value.quantity.isPlain, value.quantity.dimension == .none,
           value.quantity.unit.atom != UnitTable.percentUnit {
            return try convert(value, to: CompoundUnit(UnitTable.percentUnit), range: range)
        }
        do {
            try format.check(value.quantity.magnitude, isPlain: value.quantity.isPlain || value.quantity.unit.atom == UnitTable.percentUnit)
        } catch {
            throw Diagnostic(error, at: range)
        }
        var result = value
        result.format = format
        return result
    }
}
