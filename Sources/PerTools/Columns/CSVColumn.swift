import PerNumbers
import PerUnits
import PerLanguage

/// A column of a CSV file being read into a list (`CSVColumnReader`): its header, its
/// kind once its first cell that is not empty is read, and its values.
struct CSVColumn {
    /// What a column holds, which its first cell that is not empty decides.
    enum Kind: Equatable {
        case numbers
        case dates
        case times
        case dateTimes
        /// Text, from this line: not loaded; `other` when that cell is a number in the
        /// other input notation.
        case text(line: Int, other: InputNotation?)

        /// What each cell must be, as a refusal says it.
        var expected: String {
            switch self {
            case .numbers: "a number"
            case .dates: "a date (YYYY-MM-DD)"
            case .times: "a time of day"
            case .dateTimes: "a date with a time"
            case .text: "text"
            }
        }
    }

    /// The header as written.
    let header: String
    /// The name after the file's (`calcium`); nil for a column not loaded.
    var name: String? = nil
    /// The unit of a header's `(mg/L)`, or the currency of the first cell with one.
    var unit: CompoundUnit? = nil
    var kind: Kind? = nil
    /// Its values, held a machine word each while they are decimals (`NumberArray`).
    private var values = NumberArray.Builder()
    /// Empty cells left out, and the first one's line.
    private(set) var empty = 0
    private(set) var firstEmptyLine: Int? = nil

    init(header: String) { self.header = header }

    /// Room for the rows the file likely has; past it, the list grows by an eighth
    /// rather than doubling (`NumberArray.Builder.reserve`).
    mutating func reserve(_ count: Int) {
        guard name != nil, !isText else { return }
        values.reserve(count)
    }

    private mutating func keep(_ value: Number) { values.append(value) }

    var isText: Bool {
        if case .text = kind { return true }
        return false
    }

    /// Takes a cell (its blanks trimmed) of line `line`, column `column`.
    mutating func take(_ cell: ArraySlice<UInt8>, line: Int, column: Int, notation: InputNotation) throws(ColumnRefusal) {
        guard name != nil, !isText else { return }
        guard !cell.isEmpty else {
            empty += 1
            if firstEmptyLine == nil { firstEmptyLine = line }
            return
        }
        guard let read = CSVCell.read(cell, notation: notation) else {
            if let error = CSVCell.outOfRange(cell, notation: notation) {
                throw .outOfRange(line: line, column: column, header: header.trimmingBlanks,
                                  cell: String(decoding: cell, as: UTF8.self), error)
            }
            guard kind != nil else {
                let other: InputNotation = notation == .dot ? .comma : .dot
                return kind = .text(line: line, other: CSVCell.read(cell, notation: other) == nil ? nil : other)
            }
            throw refusal(cell, line: line, column: column)
        }
        guard values.count < QuantityList.maxCount else { throw .tooLong(header: header, most: QuantityList.maxCount) }
        switch read {
        case .number(let number, let currency):
            guard kind == nil || kind == .numbers else { throw refusal(cell, line: line, column: column) }
            kind = .numbers
            if let currency {
                let money = CompoundUnit(UnitTable.money(currency, .prefix))
                if unit == nil {
                    unit = money
                } else if unit?.atom?.currency != currency {
                    throw refusal(cell, line: line, column: column, expected: "a number" + (unit.map { " in \($0.symbol)" } ?? ""))
                }
            }
            if let unit, unit.temperaturePoint != nil {
                do { try QuantityMath.checkAboveAbsoluteZero(Quantity(number, unit)) } catch {
                    throw .belowAbsoluteZero(line: line, column: column, header: header.trimmingBlanks, cell: String(decoding: cell, as: UTF8.self))
                }
            }
            keep(number)
        case .date(let day): try append(day, .dates, cell, line: line, column: column)
        case .clock(let time): try append(time, .times, cell, line: line, column: column)
        case .dateTime(let time): try append(time, .dateTimes, cell, line: line, column: column)
        }
    }

    private mutating func append(_ value: Number, _ cellKind: Kind, _ cell: ArraySlice<UInt8>, line: Int, column: Int) throws(ColumnRefusal) {
        guard kind == nil || kind == cellKind else { throw refusal(cell, line: line, column: column) }
        kind = cellKind
        keep(value)
    }

    private func refusal(_ cell: ArraySlice<UInt8>, line: Int, column: Int, expected: String? = nil) -> ColumnRefusal {
        .cell(line: line, column: column, header: header.trimmingBlanks, cell: String(decoding: cell, as: UTF8.self),
              expected: expected ?? (kind ?? .numbers).expected)
    }

    /// The column's list; nil for a column not loaded, of text, or with no value.
    func list() -> QuantityList? {
        guard name != nil, let kind, values.count > 0 else { return nil }
        let values = self.values.build()
        switch kind {
        case .numbers: return QuantityList(unit: unit ?? .none, magnitudes: values)
        case .dates: return QuantityList(unit: CompoundUnit(UnitTable.date), magnitudes: values)
        case .times: return QuantityList(unit: CompoundUnit(UnitTable.clock), magnitudes: values)
        case .dateTimes: return QuantityList(unit: CompoundUnit(UnitTable.dateTime), magnitudes: values)
        case .text: return nil
        }
    }
}
