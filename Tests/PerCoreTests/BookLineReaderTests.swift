import Testing
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// A line's reading by one reader: an observation, or the message of why it does not read.
private func read(_ line: String, header count: Int = PriceBookCSV.Column.count,
                  _ how: (inout BookLineReader, [UInt8], PriceBookCSV.Layout) throws(ObservationError) -> BookEntry) -> String {
    let bytes = Array(line.utf8)
    let layout = PriceBookCSV.Layout(columns: Array(PriceBookCSV.Column.allCases.indices), count: count)
    var reader = BookLineReader()
    do throws(ObservationError) {
        let entry = try how(&reader, bytes, layout)
        let observation = reader.texts.observation(entry)
        return "\(observation.date.text)|\(observation.store)|\(observation.name)|\(observation.price)|\(observation.currency?.code ?? "")"
            + "|\(observation.amount)|\(observation.unit.symbol)|\(observation.deal)"
    } catch {
        return error.message
    }
}

/// The one-pass reading of a line in the book's own order, nil when it leaves the line to the general reading.
private func plain(_ line: String, header count: Int = PriceBookCSV.Column.count) -> String? {
    var declined = false
    let reading = read(line, header: count) { reader, bytes, layout throws(ObservationError) in
        guard let entry = reader.plainEntry(bytes, bytes.indices, fieldLimit: layout.count) else {
            declined = true
            throw .unclosedQuote
        }
        return entry
    }
    return declined ? nil : reading
}

/// The general reading: the line split into fields, then each field read.
private func general(_ line: String, header count: Int = PriceBookCSV.Column.count) -> String {
    read(line, header: count) { reader, bytes, layout throws(ObservationError) in
        try reader.splitEntry(bytes, bytes.indices, layout: layout, inOrder: true, lastColumn: PriceBookCSV.Column.count - 1)
    }
}

/// What a reader makes of a line, the one-pass reading first.
private func either(_ line: String, header count: Int = PriceBookCSV.Column.count) -> String {
    read(line, header: count) { reader, bytes, layout throws(ObservationError) in
        try reader.entry(bytes, bytes.indices, layout: layout, inOrder: true, lastColumn: PriceBookCSV.Column.count - 1)
    }
}

struct BookLineReaderTests {
    // Expected readings written by hand from each line: date|store|name|price|currency|quantity|unit|deal,
    // decimals as exact fractions in lowest terms (8.22 = 411/50).
    @Test("a plain line in the book's order is read in one pass, as the general reading reads it", arguments: [
        ("2026-11-14,Edeka,P,8.22,,1000,g,", 8, "2026-11-14|Edeka|P|411/50||1000|g|"),
        ("2026-02-03,Rewe,P,7.64,,500,g,", 8, "2026-02-03|Rewe|P|191/25||500|g|"),
        ("2024-02-29,Lidl,Pasta,2.49,EUR,500,g,-20%", 8, "2024-02-29|Lidl|Pasta|249/100|EUR|500|g|-20%"),
        ("2026-10-01,,Oats,0,,1.5,kg,", 8, "2026-10-01||Oats|0||3/2|kg|"),
        ("2026-10-01, Lidl ,\tOats,007.50,€,0.250,l,club card ", 8, "2026-10-01|Lidl|Oats|15/2|EUR|1/4|L|club card"),
        ("2026-10-01,Lidl,Äpfel,2.,,6,items,3 for 2", 8, "2026-10-01|Lidl|Äpfel|2||6|items|3 for 2"),
        ("2026-10-01,Lidl,Rice,.5,,1,kg,,x,", 10, "2026-10-01|Lidl|Rice|1/2||1|kg|"),
        ("2026-10-01,Lidl,Rice,123456789012345678,,000000000000000000001,kg,", 8,
         "2026-10-01|Lidl|Rice|123456789012345678||1|kg|"),
    ])
    func plainLines(line: String, header: Int, expected: String) {
        #expect(plain(line, header: header) == expected)
        #expect(general(line, header: header) == expected)
        #expect(either(line, header: header) == expected)
    }

    // Each line is left to the general reading, which reads it or names why not as it always has.
    @Test("a line with quotes, fields missing or extra, or a field that does not read is left to the general reading", arguments: [
        ("2026-10-01,Lidl,\"Pasta, fine\",2.49,,500,g,", 8, "2026-10-01|Lidl|Pasta, fine|249/100||500|g|"),
        ("2026-10-01,\"Joe's \"\"Deli\"\"\",Pasta,2.49,,500,g,", 8, "2026-10-01|Joe's \"Deli\"|Pasta|249/100||500|g|"),
        ("2026-10-01,Lidl,Pa\"sta,2.49,,500,g,", 8, "2026-10-01|Lidl|Pa\"sta|249/100||500|g|"),
        ("2026-10-01,Lidl,\"Pasta,2.49,,500,g,", 8, "a quote is not closed"),
        ("2026-10-01,Lidl,Pasta,2.49,,500", 8, "it has 6 fields; the header has 8"),
        ("2026-10-01,Lidl,Rice,3,,1,kg", 8, "it has 7 fields; the header has 8"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,x", 8, "it has 9 fields; the header has 8"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,x,y,z", 10, "it has 11 fields; the header has 10"),
        ("2026-02-30,Lidl,Pasta,2.49,,500,g,", 8, "February 2026 has 28 days, so day 30 does not exist: write a day from 01 to 28"),
        ("2026-1a-01,Lidl,Pasta,2.49,,500,g,", 8, "'2026-1a-01' is not a date written YYYY-MM-DD"),
        ("2026-10-011,Lidl,Pasta,2.49,,500,g,", 8, "'2026-10-011' is not a date written YYYY-MM-DD"),
        (" 2026-10-01,Lidl,Pasta,2.49,,500,g,", 8, "2026-10-01|Lidl|Pasta|249/100||500|g|"),
        ("2026-10-01,Lidl,Pasta, 2.49\t,,500,g,", 8, "2026-10-01|Lidl|Pasta|249/100||500|g|"),
        ("2026-10-01,Lidl,Pasta,2.4.9,,500,g,", 8, "the price is not a decimal number (the book keeps decimals, as a receipt shows them)"),
        ("2026-10-01,Lidl,Pasta,,,500,g,", 8, "the price is not a decimal number (the book keeps decimals, as a receipt shows them)"),
        ("2026-10-01,Lidl,Pasta,-2.49,,500,g,", 8, "a price is 0 or more"),
        ("2026-10-01,Lidl,Pasta,-0,,500,g,", 8, "2026-10-01|Lidl|Pasta|0||500|g|"),
        ("2026-10-01,Lidl,Pasta,2.49,,0.0,g,", 8, "a quantity is more than 0"),
        ("2026-10-01,Lidl,Pasta,1234567890123456789,,500,g,", 8, "the price has more than 18 digits"),
        ("2026-10-01,Lidl,Pasta,2.49,,0.1234567890123456789,g,", 8, "the quantity has more than 18 digits"),
        ("2026-10-01,Lidl,Pasta,2.49,XYZ,500,g,", 8, "XYZ is not a currency per knows (a code such as EUR or USD)"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,lightyears,", 8,
         "lightyears is not a unit prices are compared in (mass, volume, count, length or area)"),
        ("2026-10-01,Lidl,,2.49,,500,g,", 8, "the name is missing"),
        ("2026-10-01,Lidl,Pa\u{0}sta,2.49,,500,g,", 8, "the name cannot hold control characters"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,\r", 8, "the deal cannot hold control characters"),
        ("2026-10-01,=1+1,Pasta,2.49,,500,g,", 8, "the store cannot start with =, +, - or @: a spreadsheet opening the price book would run it as a formula"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,+1", 8, "the deal cannot start with =, +, - or @: a spreadsheet opening the price book would run it as a formula"),
    ])
    func declinedLines(line: String, header: Int, expected: String) {
        #expect(plain(line, header: header) == nil)
        #expect(general(line, header: header) == expected)
        #expect(either(line, header: header) == expected)
    }

    @Test("a line that is not UTF-8 is left to the general reading")
    func notUTF8() {
        let bytes = Array("2026-10-01,Lidl,".utf8) + [0xC3, 0x28] + Array(",2.49,,500,g,".utf8)
        var reader = BookLineReader()
        #expect(reader.plainEntry(bytes, bytes.indices, fieldLimit: 8) == nil)
        let layout = PriceBookCSV.Layout.standard
        #expect(throws: ObservationError.notUTF8(what: "name")) {
            try reader.entry(bytes, bytes.indices, layout: layout, inOrder: true, lastColumn: 7)
        }
    }

    @Test("random lines read the same by the one-pass reading and the general reading")
    func randomLines() {
        // Each column's fields as per writes them, and pieces of hostile ones; a line is eight
        // or so fields joined by commas, each a plain one of its column or, now and then, any piece.
        let plainFields = [["2026-10-01", "2024-02-29", "1999-12-31"], ["Lidl", "", "Rewe"], ["Pasta", "pasta", "Äpfel", "x y"],
                           ["2.49", "0", "2.", ".5", "007", "123456789012345678", "0.000000000000000001"], ["", "EUR", "€", "$", "usd"],
                           ["500", "1.5", "2.", ".5", "007", "123456789012345678", "0.000000000000000001"],
                           ["g", "kg", "ml", "l", "items", "m", "m2"], ["", "-20%", "3 for 2"]]
        let pieces = ["2026-02-29", "2026-13-01", "2026-1-01", " 2026-10-01", "2026-10-01 ", " ", "\t", " Lidl ", "\"Pasta, fine\"",
                      "\"a\"\"b\"", "\"", "a\"b", "=1", "+x", "@y", " -1", "-0", "-1", ".", "1.2.3", "1234567890123456789",
                      "0.0000000000000000001", " 2.49", "2.49 ", "XYZ", "lightyears", "h", "\u{1B}[2J", "\u{0}", "\r", ""]
        var random = SeededGenerator(seed: 38)
        var taken = 0
        for _ in 0..<20_000 {
            var fields = plainFields.map { $0.randomElement(using: &random)! }
            for column in fields.indices where Int.random(in: 0..<12, using: &random) == 0 {
                fields[column] = pieces.randomElement(using: &random)!
            }
            switch Int.random(in: 0..<8, using: &random) {
            case 0: fields.removeLast(Int.random(in: 1...3, using: &random))
            case 1: fields.append(pieces.randomElement(using: &random)!)
            case 2: fields.append(contentsOf: ["", ""])
            default: break
            }
            let line = fields.joined(separator: ",")
            let header = [8, 9, 10][Int.random(in: 0..<3, using: &random)]
            let reading = general(line, header: header)
            if let plain = plain(line, header: header) {
                taken += 1
                #expect(plain == reading, "\(line)")
            }
            #expect(either(line, header: header) == reading, "\(line)")
        }
        // The one-pass reading takes the lines as per writes them, over a third of them here.
        #expect(taken > 5_000, "\(taken)")
    }

    @Test("a book with CRLF lines, quotes or its columns in another order reads as the same book plain")
    func shapesOfOneBook() throws {
        let plainBook = PriceBookCSV.header + "\n2026-10-01,Lidl,Pasta,2.49,,500,g,\n2026-10-02,Aldi,Pasta,2.29,EUR,500,g,-20%\n"
            + "2026-10-03,Lidl,Pasta,2.4.9,,500,g,\n"
        let shapes = [
            plainBook.replacing("\n", with: "\r\n"),
            "date,store,\"name\",price,currency,quantity,unit,deal\n\"2026-10-01\",\"Lidl\",\"Pasta\",\"2.49\",,500,g,\n"
                + "2026-10-02,Aldi,Pasta,2.29,EUR,500,g,\"-20%\"\n2026-10-03,Lidl,Pasta,2.4.9,,500,g,\n",
            "name,date,store,price,currency,quantity,unit,deal,notes\nPasta,2026-10-01,Lidl,2.49,,500,g,,\n"
                + "Pasta,2026-10-02,Aldi,2.29,EUR,500,g,-20%,x\nPasta,2026-10-03,Lidl,2.4.9,,500,g,,\n",
        ]
        let expected = try PriceBookCSV.read(Array(plainBook.utf8))
        #expect(expected.observations.count == 2 && expected.problems.count == 1)
        for shape in shapes {
            let reading = try PriceBookCSV.read(Array(shape.utf8))
            #expect(reading.observations.map(\.observation) == expected.observations.map(\.observation))
            #expect(reading.observations.map(\.line) == [2, 3])
            #expect(reading.problems == expected.problems)
        }
    }
}
