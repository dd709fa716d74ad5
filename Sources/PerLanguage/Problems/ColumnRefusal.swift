import PerNumbers

/// Why `load FILE.csv` (`help lists`) made no lists: the file's name makes no name, or a
/// line of it does not read. A line is the file's line, counted from 1 with the header; a
/// column is counted from 1, and named by its header as written.
public enum ColumnRefusal: Error, Sendable, Equatable {
    /// The most columns a file may have.
    public static let maxColumns = 1_000
    /// The most bytes a cell read as a number may have.
    public static let maxCellLength = 200
    /// The most bytes a file to load may have.
    public static let largestFile = 64_000_000
    /// The most bytes before the header line's end.
    public static let maxHeaderLength = 1_000_000

    /// `load 2026 lab.csv`: the file's name, without its extension, cannot start a name.
    case stemNotAName(String, why: String?)
    /// A file with no header line, or a header with no field.
    case noHeader
    /// More than `maxColumns` fields in the header (counted no further).
    case tooManyColumns
    /// No line's end within `maxHeaderLength` bytes: the first line is too long to be a header.
    case headerTooLong
    /// A cell that does not read as its column's kind: the line, the column's number and
    /// header, the cell as written (cut short), and what the column holds.
    case cell(line: Int, column: Int, header: String, cell: String, expected: String)
    /// A number beyond per's range (`1e999999`): the error its literal gives. (Boxed, so
    /// that every diagnostic, which may hold this, stays as small as it was.)
    indirect case outOfRange(line: Int, column: Int, header: String, cell: String, ArithmeticError)
    /// `1,500` in a file separated by `;`, as spreadsheets with a decimal comma save, read
    /// in dot input: a thousands comma (`asGrouped`) or a decimal comma (`asDecimal`).
    /// (Boxed, as `outOfRange` is: a diagnostic is in every frame a refusal passes.)
    indirect case commaReadsTwoWays(line: Int, column: Int, header: String, cell: String, asGrouped: String, asDecimal: String)
    /// A temperature below absolute zero, in a column of temperatures.
    case belowAbsoluteZero(line: Int, column: Int, header: String, cell: String)
    /// A cell past the header's last column, not empty.
    case extraCell(line: Int, column: Int, columns: Int)
    /// A quote opened on `line` and never closed.
    case unclosedQuote(line: Int)
    /// A column longer than a list may be.
    case tooLong(header: String, most: Int)
    /// A field that is not UTF-8.
    case notText(line: Int)
    /// A file with a header and no column that makes a list.
    case noColumns

    public var message: String {
        switch self {
        case .stemNotAName(let stem, let why):
            return "'\(VisibleText.visible(stem))' cannot start the lists' names" + (why.map { " (it is \($0))" } ?? "")
                + ": give one, as in load FILE.csv as lab"
        case .noHeader:
            return "the file has no header line: its first line names the columns, as in date,calcium (mg/L)"
        case .tooManyColumns:
            return "the header has more than \(NumberDisplay.grouped(String(Self.maxColumns))) columns, more than a file may load"
        case .headerTooLong:
            return "the first line is longer than \(NumberDisplay.grouped(String(Self.maxHeaderLength))) bytes: "
                + "a header line names the columns, as in date,calcium (mg/L)"
        case .cell(let line, let column, let header, let cell, let expected):
            let shown = cell.isEmpty ? "an empty cell" : "'\(VisibleText.visible(Self.cut(cell)))'"
            return "line \(line), column \(column) (\(VisibleText.visible(Self.cut(header)))): \(shown) is not \(expected), "
                + "as the column's cells above it are"
        case .outOfRange(let line, let column, let header, let cell, let error):
            return "line \(line), column \(column) (\(VisibleText.visible(Self.cut(header)))): '\(VisibleText.visible(Self.cut(cell)))' "
                + "is out of range: \(error.message(subject: "number"))"
        case .commaReadsTwoWays(let line, let column, let header, let cell, let asGrouped, let asDecimal):
            return "line \(line), column \(column) (\(VisibleText.visible(Self.cut(header)))): '\(VisibleText.visible(Self.cut(cell)))' "
                + "reads two ways in a file separated by ';', as spreadsheets with a decimal comma save it: \(asGrouped) "
                + "(a thousands comma) or \(asDecimal) (a decimal comma); for the second, input comma, then load again"
        case .belowAbsoluteZero(let line, let column, let header, let cell):
            return "line \(line), column \(column) (\(VisibleText.visible(Self.cut(header)))): '\(VisibleText.visible(Self.cut(cell)))' "
                + "is below absolute zero"
        case .extraCell(let line, let column, let columns):
            return "line \(line) has a value in column \(column), past the header's \(columns) columns"
        case .unclosedQuote(let line):
            return "line \(line): a quote opened there is never closed"
        case .tooLong(let header, let most):
            return "column \(VisibleText.visible(Self.cut(header))) has more than \(NumberDisplay.grouped(String(most))) values, more than a list holds"
        case .notText(let line):
            return "line \(line) is not UTF-8 text: save the file as CSV UTF-8"
        case .noColumns:
            return "no column of the file holds numbers, dates or times: nothing to load"
        }
    }

    public var code: ProblemCode {
        switch self {
        case .stemNotAName: return .invalidName
        case .noHeader, .unclosedQuote, .notText, .extraCell, .noColumns: return .invalidArgument
        case .tooManyColumns, .tooLong, .headerTooLong: return .limitExceeded
        case .cell: return .notANumber
        case .commaReadsTwoWays: return .invalidArgument
        case .belowAbsoluteZero: return .belowAbsoluteZero
        case .outOfRange(_, _, _, _, let error): return error.code
        }
    }

    /// A cell or header as a message shows it: at most 40 characters.
    private static func cut(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}

/// What `load` says beside the lists it made (`help lists`): a column left out, or cells
/// left out of one. Shown as warnings before the answer.
public enum ColumnNote: Sendable, Equatable {
    /// A header that makes no name (blank, a digit first, a character a name cannot hold).
    case headerNotAName(column: Int, header: String)
    /// A header that makes the name of a column before it.
    case duplicate(column: Int, name: String)
    /// A column whose first cell is text: not loaded. `otherNotation` when the cell is a
    /// number in the other input notation (`152,4` in dot input).
    case text(column: Int, header: String, line: Int, otherNotation: InputNotation?)
    /// A header's unit, in parentheses or brackets, that is no unit: the column has none.
    case unitNotRead(column: Int, header: String, unit: String)
    /// A column with no cell that is not empty: not loaded.
    case noValues(column: Int, header: String)
    /// Empty cells left out of a list: how many, and the first one's line.
    case emptyCells(name: String, count: Int, firstLine: Int)

    public var message: String {
        switch self {
        case .headerNotAName(let column, let header):
            let shown = header.isEmpty ? "has no header" : "'\(VisibleText.visible(header))' makes no name"
            return "column \(column) \(shown) (a letter first, then letters, digits or _): not loaded"
        case .duplicate(let column, let name):
            return "column \(column) is \(name) again: not loaded"
        case .text(let column, let header, let line, let other):
            return "column \(column) (\(VisibleText.visible(header))) is text from line \(line): not loaded"
                + (other.map { " (its cell is a number in input \($0 == .comma ? "comma" : "dot"): input \($0 == .comma ? "comma" : "dot"), then load again)" } ?? "")
        case .unitNotRead(let column, let header, let unit):
            return "column \(column) (\(VisibleText.visible(header))): '\(VisibleText.visible(unit))' is no unit, so its values have none"
        case .noValues(let column, let header):
            return "column \(column) (\(VisibleText.visible(header))) has no values: not loaded"
        case .emptyCells(let name, let count, let firstLine):
            return "\(name): \(count == 1 ? "1 empty cell" : "\(NumberDisplay.grouped(String(count))) empty cells") left out"
                + " (the first on line \(firstLine)), so it holds fewer values than the file has rows"
        }
    }
}
