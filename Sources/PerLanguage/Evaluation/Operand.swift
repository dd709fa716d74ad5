import PerNumbers
import PerUnits

extension Evaluator {
    /// A value with what the rules around it need to know: where it was written (for
    /// errors), whether it was written as a percentage (`10%`, for shop arithmetic), the
    /// packs of a multipack, and whether it is a unit written alone (`per K`).
    ///
    /// Operands are copied at every step of an expression, so what few of them carry
    /// (packs, a conversion's source, an output format, a tax breakdown, a change's sign) sits in
    /// one shared box.
    public struct Operand {
        /// The most packs a multipack counts (`6x330 ml`).
        package static let maxPacks = Int(Int32.max)

        @usableFromInline package var quantity: Quantity
        /// The source range of the value's own symbol (literal, name or operator).
        @usableFromInline package var range: Range<Int>
        /// A unit written alone, `K` in `0.00153 per K`: inside a product it is a
        /// difference, never a point.
        @usableFromInline package var isBareUnit = false
        /// Whether a percentage went into it (`30% * 2`, `2 * x` with x = 60%), so an input
        /// that takes a percentage reads it as a fraction, not as a number of percent.
        @usableFromInline package var involvesPercent = false
        @usableFromInline var extra: Extra? = nil

        @usableFromInline package final class Extra: Sendable {
            @usableFromInline package let packs: (count: Int, each: Quantity)?
            @usableFromInline package let convertedFrom: Quantity?
            @usableFromInline package let format: OutputFormat?
            /// Boxed: an optional of a struct of quantities has its metadata made at run
            /// time when the first `Extra` is released, which every conversion paid.
            @usableFromInline let taxBox: TaxBox?
            @inlinable package var tax: TaxBreakdown? { taxBox?.value }
            @usableFromInline package let showsSign: Bool
            @usableFromInline package let parts: [CompoundUnit]?
            @usableFromInline package let dateSpan: DateSpan?
            /// The parts a calendar counted (`to months days`), shown instead of a split.
            @usableFromInline package let counted: (negative: Bool, parts: [UnitParts.Part])?
            @usableFromInline package let note: ValueNote?
            @usableFromInline package let bounds: QuantityRange?
            /// Whether `bounds` holds a range, read without a copy of it.
            @usableFromInline package let isRange: Bool
            @usableFromInline package let list: QuantityList?
            /// Whether `list` holds a list, read without a copy of it.
            @usableFromInline package let isList: Bool

            package init(packs: (count: Int, each: Quantity)? = nil, convertedFrom: Quantity? = nil,
                 format: OutputFormat? = nil, tax: TaxBreakdown? = nil, showsSign: Bool = false, parts: [CompoundUnit]? = nil,
                 dateSpan: DateSpan? = nil, note: ValueNote? = nil, bounds: QuantityRange? = nil,
                 counted: (negative: Bool, parts: [UnitParts.Part])? = nil, list: QuantityList? = nil) {
                self.packs = packs
                self.convertedFrom = convertedFrom
                self.format = format
                if let tax { taxBox = TaxBox(value: tax) } else { taxBox = nil }
                self.showsSign = showsSign
                self.parts = parts
                self.dateSpan = dateSpan
                self.counted = counted
                self.note = note
                self.bounds = bounds
                self.isRange = bounds != nil
                self.list = list
                self.isList = list != nil
            }
        }

        @usableFromInline package final class TaxBox: Sendable {
            @usableFromInline package let value: TaxBreakdown
            package init(value: TaxBreakdown) { self.value = value }
        }

        /// The common case: a value and where it was written.
        package init(quantity: consuming Quantity, range: Range<Int>) {
            self.quantity = quantity
            self.range = range
        }

        package init(quantity: Quantity, range: Range<Int>, isBareUnit: Bool = false,
             involvesPercent: Bool = false, convertedFrom: Quantity? = nil) {
            self.quantity = quantity
            self.range = range
            self.isBareUnit = isBareUnit
            self.involvesPercent = involvesPercent
            if convertedFrom != nil { extra = Extra(convertedFrom: convertedFrom) }
        }

        /// The two dates whose days between this is (`2026-03-01 - 2026-01-01`), which
        /// count months only on the same day of the month. (Kept in the box, with the note:
        /// an operand is copied at every step.)
        package var dateSpan: DateSpan? {
            get { extra?.dateSpan }
            set {
                extra = Extra(packs: packs, convertedFrom: convertedFrom, format: format, tax: tax, showsSign: showsSign, parts: parts,
                              dateSpan: newValue, note: note, bounds: bounds, counted: countedParts, list: list)
            }
        }

        /// For `(a - b) to months days`: the parts counted on the calendar, which the value
        /// (the days between) is shown as.
        package var countedParts: (negative: Bool, parts: [UnitParts.Part])? {
            @inlinable get { extra?.counted }
            set {
                extra = Extra(packs: packs, convertedFrom: convertedFrom, format: format, tax: tax, showsSign: showsSign, parts: parts,
                              dateSpan: dateSpan, note: note, bounds: bounds, counted: newValue, list: list)
            }
        }

        /// What a calendar move did that the value does not show.
        package var note: ValueNote? {
            @inlinable get { extra?.note }
            set {
                extra = Extra(packs: packs, convertedFrom: convertedFrom, format: format, tax: tax, showsSign: showsSign, parts: parts,
                              dateSpan: dateSpan, note: newValue, bounds: bounds, counted: countedParts, list: list)
            }
        }

        /// For a percentage, however it was written (`-20%`, a variable holding one): p itself.
        package var percentage: Number? { quantity.isPercentage ? quantity.magnitude : nil }
        /// `6x330 ml`: 6 packs of 330 ml.
        package var packs: (count: Int, each: Quantity)? {
            get { extra?.packs }
            set { extra = newValue.map { Extra(packs: $0, bounds: bounds) } ?? bounds.map { Extra(bounds: $0) } }
        }
        /// For `q to unit`: q.
        package var convertedFrom: Quantity? { extra?.convertedFrom }
        /// For `q to fraction`, `q to 2 dp`: how its result is written.
        package var format: OutputFormat? {
            @inlinable get { extra?.format }
            set {
                extra = Extra(packs: packs, convertedFrom: convertedFrom, format: newValue, tax: tax, showsSign: showsSign, bounds: bounds,
                              list: list)
            }
        }

        /// For `change(old, new)`: the result is shown with its sign, `+` when up
        /// (`≈ +12.5313283208%`); the value itself is the plain percentage.
        package var showsSign: Bool {
            @inlinable get { extra?.showsSign ?? false }
            set { extra = Extra(packs: packs, convertedFrom: convertedFrom, format: format, tax: tax, showsSign: newValue, bounds: bounds) }
        }

        /// For `q to lb oz`: the units it is shown in, whole parts of each but the last. The
        /// note stays: `to years months` of two dates keeps the days left.
        package var parts: [CompoundUnit]? {
            @inlinable get { extra?.parts }
            set { extra = Extra(convertedFrom: convertedFrom, showsSign: showsSign, parts: newValue, note: note, bounds: bounds) }
        }

        /// For `€119 incl 19% vat`: net, tax and gross.
        package var tax: TaxBreakdown? {
            @inlinable get { extra?.tax }
            set { extra = Extra(tax: newValue, bounds: bounds) }
        }

        /// For `12 kg ± 0.5 kg` and what is computed from it: the range the value lies in;
        /// `quantity` is then its middle.
        @inlinable package var bounds: QuantityRange? { extra?.bounds }
        /// Whether the value is a range: for the common value, which has no box, one test.
        @inlinable package var isRange: Bool { extra?.isRange ?? false }

        /// A value within `bounds`, at `range` (the `±` it came from, or the operator).
        package init(bounds: QuantityRange, range: Range<Int>) throws(Diagnostic) {
            // Beyond the exact range the middle of two ends may be lost in rounding; the low
            // end then stands for the range's unit and kind, and the display shows the ends.
            self.quantity = (try? bounds.midpoint()) ?? bounds.lowQuantity
            self.range = range
            self.involvesPercent = bounds.unit.atom == UnitTable.percentUnit
            self.extra = Extra(bounds: bounds)
        }

        /// For `[1.2 kg, 1.5 kg]` and what is computed from it element by element: the list;
        /// `quantity` is then its first value, or 0 for an empty list.
        @inlinable package var list: QuantityList? { extra?.list }
        /// Whether the value is a list: for the common value, which has no box, one test.
        @inlinable package var isList: Bool { extra?.isList ?? false }

        /// A list, at `range` (its brackets, or the operator or call that made it).
        package init(list: QuantityList, range: Range<Int>, involvesPercent: Bool = false) {
            self.quantity = list.first
            self.range = range
            self.involvesPercent = involvesPercent
            self.extra = Extra(list: list)
        }

        /// A plain number and nothing more: no unit, percentage or packs.
        package var isPlainNumber: Bool { quantity.isPlain && extra == nil && !involvesPercent }
    }
}
