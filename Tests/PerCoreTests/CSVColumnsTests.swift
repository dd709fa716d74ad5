import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `load FILE.csv` (`help lists`): a CSV file's columns as lists, read a chunk at a time.
/// The files are written as spreadsheets write them (LibreOffice's and Excel's "CSV UTF-8":
/// a byte-order mark, CRLF, quotes around a field with a comma, a quote or a line break).
struct CSVColumnsTests {
    static let spreadsheet: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((
        "Date,Sample ID,Calcium (mg/L),pH,Note\r\n"
        + "2026-03-02,T-1,152.4,7.82,\"ok, \"\"clear\"\"\"\r\n"
        + "2026-03-09,T-2,,7.9,\r\n"
        + "2026-03-16,\"T-3\",\"160\",8.01,\"two\r\nlines\"\r\n"
        + "\r\n"
        + "2026-03-23,T-4,149.8,7.95\r\n").utf8)

    /// The file read in chunks of `size` bytes (the whole file for 0).
    static func load(_ bytes: [UInt8], chunk size: Int = 0, notation: InputNotation = .dot,
                     stem: String = "lab") throws(ColumnRefusal) -> CSVColumnReader.Loaded {
        var reader = CSVColumnReader(stem: stem, notation: notation, sizeHint: bytes.count,
                                     readUnit: { Calculator().headerUnit($0) })
        var start = 0
        while start < bytes.count {
            let end = size == 0 ? bytes.count : min(bytes.count, start + size)
            try reader.read(bytes[start..<end])
            start = end
        }
        return try reader.finish()
    }

    static func shown(_ loaded: CSVColumnReader.Loaded) -> [String] {
        loaded.lists.map { name, list in
            name + " = " + (0..<list.count).map { Calculator().display(list[$0]).text }.joined(separator: ", ")
        }
    }

    @Test("a spreadsheet's file reads the same in any chunks", arguments: [0, 1, 2, 3, 5, 7, 16, 64])
    func spreadsheetFile(_ chunk: Int) throws {
        let loaded = try Self.load(Self.spreadsheet, chunk: chunk)
        #expect(Self.shown(loaded) == [
            "lab.date = 2026-03-02, 2026-03-09, 2026-03-16, 2026-03-23",
            "lab.calcium = 152.4 mg/L, 160 mg/L, 149.8 mg/L",
            "lab.ph = 7.82, 7.9, 8.01, 7.95",
        ])
        #expect(loaded.rows == 4)
        #expect(loaded.notes == [
            .text(column: 2, header: "Sample ID", line: 2, otherNotation: nil),
            .emptyCells(name: "lab.calcium", count: 1, firstLine: 3),
            .text(column: 5, header: "Note", line: 2, otherNotation: nil),
        ])
    }

    @Test("a decimal-comma spreadsheet's file, ; between fields, in input comma")
    func semicolons() throws {
        let file = Array("Tag;Zähler (m3);Preis (€)\n2026-01-31;1.234,5;2,10\n2026-02-28;\"1.301,25\";€2,15\n".utf8)
        let loaded = try Self.load(file, notation: .comma, stem: "meter")
        #expect(loaded.lists.map(\.name) == ["meter.tag", "meter.zähler", "meter.preis"])
        #expect(loaded.lists[1].list.magnitudes == [.decimal("1234.5"), .decimal("1301.25")])
        #expect(loaded.lists[2].list.magnitudes == [.decimal("2.1"), .decimal("2.15")])
        #expect(loaded.lists[2].list.unit.atom?.currency == CurrencyCode.named("EUR"))
        // Tabs too, when the header has more of them.
        let tabs = try Self.load(Array("a\tb\n1\t2\n".utf8))
        #expect(tabs.lists.map(\.name) == ["lab.a", "lab.b"])
    }

    @Test("a header's name and unit", arguments: [
        ("calcium", "calcium", nil), ("Calcium (mg/L)", "calcium", "mg/L"), ("calcium [mg/L]", "calcium", "mg/L"),
        ("  Total Hardness  (ppm) ", "total_hardness", "ppm"), ("Ca-2+ level", "ca_2_level", nil), ("a.b", "a_b", nil),
        ("Notes, free", "notes_free", nil), ("2025", nil, nil), ("", nil, nil), ("(kg)", nil, "kg"), ("Zähler", "zähler", nil),
        ("_x_", "x", nil), ("a\u{1B}[31m", "a_31m", nil),
    ] as [(String, String?, String?)])
    func header(_ field: String, _ name: String?, _ unit: String?) {
        let header = CSVHeader(field)
        #expect(header.name == name)
        #expect(header.unit == unit)
    }

    @Test("a cell that does not read names its line and column; nothing is loaded", arguments: [
        ("a,b\n1,2\n3,x\n", ColumnRefusal.cell(line: 3, column: 2, header: "b", cell: "x", expected: "a number")),
        ("d,b\n2026-01-01,2\n5,3\n", .cell(line: 3, column: 1, header: "d", cell: "5", expected: "a date (YYYY-MM-DD)")),
        ("d,b\n2026-01-01,2\n2026-02-30,3\n", .cell(line: 3, column: 1, header: "d", cell: "2026-02-30", expected: "a date (YYYY-MM-DD)")),
        // A line break in quotes is a line of the file.
        ("a,b,c\n1,2,\"x\ny\"\n3,z,w\n", .cell(line: 4, column: 2, header: "b", cell: "z", expected: "a number")),
        ("a,b\n1,2\n3,4,5\n", .extraCell(line: 3, column: 3, columns: 2)),
        ("a,b\n1,\"2\n", .unclosedQuote(line: 2)),
        ("t (°C)\n20\n-300\n", .belowAbsoluteZero(line: 3, column: 1, header: "t (°C)", cell: "-300")),
        ("p (mg/L)\n1\n€2\n", .cell(line: 3, column: 1, header: "p (mg/L)", cell: "€2", expected: "a number in mg/L")),
        ("", .noHeader), ("a,b\n", .noColumns), ("a,b\nx,y\n", .noColumns),
        // A number beyond per's range, first in its column or below others, is no text.
        ("a,b\n1,2\n1e999999,3\n", .outOfRange(line: 3, column: 1, header: "a", cell: "1e999999", .tooLarge)),
        ("a,b\n1e999999,2\n1,3\n", .outOfRange(line: 2, column: 1, header: "a", cell: "1e999999", .tooLarge)),
        ("a,b (mg/L)\n1,-1e999999\n", .outOfRange(line: 2, column: 2, header: "b (mg/L)", cell: "-1e999999", .tooLarge)),
        ("a,b\n1,2\n3,1e-999999\n", .outOfRange(line: 3, column: 2, header: "b", cell: "1e-999999", .tooSmall)),
        // A comma in a number of a file separated by ';' (as a decimal-comma spreadsheet
        // saves it), read in dot input: 1500 or 1.5 (it was 1500, without a word).
        ("a;b\n1,500;1\n", .commaReadsTwoWays(line: 2, column: 1, header: "a", cell: "1,500", asGrouped: "1500", asDecimal: "1.500")),
        ("a;b\n1;2\n3;2,250\n", .commaReadsTwoWays(line: 3, column: 2, header: "b", cell: "2,250", asGrouped: "2250", asDecimal: "2.250")),
    ] as [(String, ColumnRefusal)])
    func refusals(_ text: String, _ refusal: ColumnRefusal) {
        #expect(throws: refusal) { try Self.load(Array(text.utf8)) }
        #expect(throws: refusal) { try Self.load(Array(text.utf8), chunk: 1) }
    }

    /// The header's columns are counted no further than the limit (it said "1001 columns");
    /// a first line past a header's length is said so (it was "no header line"). In chunks
    /// of 64 KB, as the shell reads a file.
    @Test("a header past the limits says which")
    func headerLimits() {
        let wide = (0...1_000).map { "c\($0)" }.joined(separator: ",") + "\n1\n"
        #expect(throws: ColumnRefusal.tooManyColumns) { try Self.load(Array(wide.utf8), chunk: 65_536) }
        #expect(throws: ColumnRefusal.headerTooLong) { try Self.load(Array(repeating: UInt8(ascii: "x"), count: 1_000_001), chunk: 65_536) }
    }

    @Test("ISO 8601 date-times with a zone glued on (Z, ±hh:mm) load as UTC; a name's comma in a ';' file is text")
    func zonedDateTimesAndSemicolons() throws {
        // 18:00Z, 18:00+01:00 (17:00 UTC) and 18:00:30-05:30 (23:30:30 UTC) on 2026-12-24, day 20811 since 1970-01-01.
        let loaded = try Self.load(Array("when,v\n2026-12-24T18:00Z,1\n2026-12-24T18:00+01:00,2\n2026-12-24T18:00:30-05:30,3\n".utf8))
        let day = Rational(20_811)
        #expect(loaded.lists[0].list.magnitudes == [.exact(day + Rational(18, 24)), .exact(day + Rational(17, 24)),
                                                     .exact(day + Rational(23 * 3600 + 30 * 60 + 30, 86_400))])
        let names = try Self.load(Array("name;b\n\"Smith, J\";1\nX;2\n".utf8))
        #expect(names.lists.count == 1)
    }

    @Test("empty cells, missing cells at a line's end and empty fields past the header are left out")
    func emptyCells() throws {
        let loaded = try Self.load(Array("a,b\n1,2,\n,3\n4\n\n5,6".utf8))
        #expect(Self.shown(loaded) == ["lab.a = 1, 4, 5", "lab.b = 2, 3, 6"])
        #expect(loaded.rows == 4)
        #expect(loaded.notes == [.emptyCells(name: "lab.a", count: 1, firstLine: 3), .emptyCells(name: "lab.b", count: 1, firstLine: 4)])
    }

    @Test("cells of numbers, dates and times, as a statement reads them", arguments: [
        ("12.5", InputNotation.dot, "12.5"), ("-3", .dot, "-3"), ("+.5", .dot, "0.5"), ("1e3", .dot, "1000"),
        ("1,234.5", .dot, "1234.5"), ("1 234", .dot, "1234"), ("0x1F", .dot, "31"), ("12,5", .comma, "12.5"),
        ("1.234,5", .comma, "1234.5"), ("$3", .dot, "$3.00"), ("2026-03-14", .dot, "2026-03-14"),
        ("2026/3/14", .dot, "2026-03-14"), ("14 Mar 2026", .dot, "2026-03-14"), ("17:30", .dot, "17:30"),
        ("2026-03-14 09:30", .dot, "2026-03-14 09:30"), ("2026-03-14T09:30", .dot, "2026-03-14 09:30"),
    ] as [(String, InputNotation, String)])
    func cells(_ cell: String, _ notation: InputNotation, _ shown: String) throws {
        let read = try #require(CSVCell.read(ArraySlice(cell.utf8), notation: notation))
        let quantity: Quantity
        switch read {
        case .number(let number, let currency):
            quantity = Quantity(number, currency.map { CompoundUnit(UnitTable.money($0, .prefix)) } ?? .none)
        case .date(let day): quantity = Quantity(day, CompoundUnit(UnitTable.date))
        case .clock(let time): quantity = Quantity(time, CompoundUnit(UnitTable.clock))
        case .dateTime(let time): quantity = Quantity(time, CompoundUnit(UnitTable.dateTime))
        }
        #expect(Calculator().display(quantity).text == shown)
    }

    @Test("cells that are no value", arguments: ["abc", "1 kg", "12%", "1.2.3", "--1", "-2026-01-01", "1,5", "2026-13-01", "=1+1"])
    func notCells(_ cell: String) {
        #expect(CSVCell.read(ArraySlice(cell.utf8), notation: .dot) == nil)
    }

    @Test("the plain decimals and ISO dates read at once read as the lexer reads them")
    func fastPathAgrees() {
        var random = SeededGenerator(seed: 45)
        for _ in 0..<5_000 {
            let whole = String(UInt64.random(in: 0...999_999_999, using: &random))
            let fraction = String(UInt64.random(in: 0...99_999_999, using: &random))
            let sign = ["", "-", "+"].randomElement(using: &random)!
            var cell = sign + [whole, whole + "." + fraction, "." + fraction, whole + "."].randomElement(using: &random)!
            if Int.random(in: 0..<4, using: &random) == 0 {
                let year = Int.random(in: 1...9999, using: &random), month = Int.random(in: 1...12, using: &random)
                let day = Int.random(in: 1...31, using: &random)
                cell = String(year).leftPadded(4) + "-" + String(month).leftPadded(2) + "-" + String(day).leftPadded(2)
            }
            for notation in InputNotation.allCases {
                let bytes = ArraySlice((notation == .comma ? cell.replacingDots() : cell).utf8)
                #expect(CSVCell.read(bytes, notation: notation) == CSVCell.lexed(bytes, notation: notation), "\(cell)")
            }
        }
    }

    @Test("loaded lists complete after the file's name, in an expression and in an estimator's input")
    func completion() throws {
        var session = Session()
        let loaded = try Self.load(Self.spreadsheet)
        _ = session.loaded(loaded, stem: "lab", path: "lab.csv", statement: "load lab.csv")
        #expect(Completion.candidates(for: "mean(lab.", in: session) == ["lab.calcium", "lab.date", "lab.ph"])
        #expect(Completion.candidates(for: "cooling calcium=mean(lab.c", in: session) == ["lab.calcium"])
        #expect(Completion.candidates(for: "lab.p", in: session) == ["lab.ph"])
    }

    @Test("loading again replaces the file's lists, as one step undo takes back")
    func replacesAndUndoes() throws {
        var session = Session(keepsHistory: true)
        _ = session.loaded(try Self.load(Self.spreadsheet), stem: "lab", path: "lab.csv", statement: "load lab.csv")
        _ = session.loaded(try Self.load(Array("pH\n7\n".utf8)), stem: "lab", path: "lab.csv", statement: "load lab.csv")
        #expect(session.calculator.listVariables.keys.sorted() == ["lab.ph"])
        _ = session.run(line: "undo")
        #expect(session.calculator.listVariables.keys.sorted() == ["lab.calcium", "lab.date", "lab.ph"])
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
    func replacingDots() -> String { String(map { $0 == "." ? "," : $0 }) }
}
