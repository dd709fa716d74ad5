import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// A session with a price book, as the shell gives it one.
private func bookSession(_ book: PriceBook = PriceBook()) -> Session {
    var session = Session()
    session.priceBook = book
    session.today = try! CalendarDate.checked(year: 2026, month: 11, day: 26)
    return session
}

/// Runs a statement; a book change is made at once, as the shell makes it.
@discardableResult
private func run(_ statement: String, in session: inout Session) -> StatementOutcome {
    let outcome = session.execute(StatementSource(statement))
    if case .success(.priceBook(let answer)) = outcome, let change = answer.change {
        switch change {
        case .append(let observations): for observation in observations { try! session.priceBook!.add(observation) }
        case .remove(let observations):
            // Each one given takes away the last equal one, as the shell's file does.
            var left = session.priceBook!.observations
            for observation in observations { if let index = left.lastIndex(of: observation) { left.remove(at: index) } }
            var book = PriceBook()
            for observation in left { try! book.add(observation) }
            session.priceBook = book
        case .importFile, .exportFile: break
        }
    }
    return outcome
}

private let header = PriceBookCSV.header + "\n"

struct PriceBookCSVTests {
    @Test("lines that cannot be read are named with their number and skipped, the rest kept", arguments: [
        ("2026-02-30,Lidl,Pasta,2.49,,500,g,", "February 2026 has 28 days"),
        ("2026-10-01,Lidl,Pasta,-2.49,,500,g,", "a price is 0 or more"),
        ("2026-10-01,Lidl,Pasta,2.49,,0,g,", "a quantity is more than 0"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,lightyears,", "not a unit prices are compared in"),
        ("2026-10-01,Lidl,Pasta,2.49,,500", "it has 6 fields; the header has 9"),
        ("2026-10-01,Lidl,Pasta,2.49,XYZ,500,g,", "XYZ is not a currency"),
        ("01/10/2026,Lidl,Pasta,2.49,,500,g,", "not a date written YYYY-MM-DD"),
        ("2026-1a-01,Lidl,Pasta,2.49,,500,g,", "not a date written YYYY-MM-DD"),
        ("2026-10-0x,Lidl,Pasta,2.49,,500,g,", "not a date written YYYY-MM-DD"),
        ("2026-10-011,Lidl,Pasta,2.49,,500,g,", "not a date written YYYY-MM-DD"),
        ("2026-10-01,Lidl,,2.49,,500,g,", "the name is missing"),
        ("2026-10-01,Lidl,\"Pasta,2.49,,500,g,", "a quote is not closed"),
        ("2026-10-01,Lidl,Pa\u{1B}[2Jsta,2.49,,500,g,", "cannot hold control characters"),
        ("2026-10-01,Lidl,Pasta,2.4.9,,500,g,", "the price is not a decimal number"),
        ("2026-10-01,Lidl,Pasta,1234567890123456789,,500,g,", "more than 18 digits"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,3,x", "it has 10 fields; the header has 9"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,x", "the packs are not a whole number"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,0", "the packs are not a whole number"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,-3", "the packs are not a whole number"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,2.5", "the packs are not a whole number"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,,99999999999", "the packs are not a whole number"),
        ("2026-10-01,Lidl,=HYPERLINK(1),2.49,,500,g,", "the name cannot start with =, +, - or @"),
        ("2026-10-01,Lidl,\" -Pasta\",2.49,,500,g,", "the name cannot start with =, +, - or @"),
        ("2026-10-01,@SUM(1+1),Pasta,2.49,,500,g,", "the store cannot start with =, +, - or @"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,+cmd", "the deal cannot start with =, +, - or @"),
        ("2026-10-01,Lidl,Pasta,2.49,,500,g,-1+1", "the deal cannot start with =, +, - or @"),
    ])
    func malformedLine(line: String, message: String) throws {
        let text = header + "2026-10-01,Lidl,Rice,3,,1,kg,\n" + line + "\n2026-10-02,Aldi,Rice,2.5,,1,kg,\n"
        let book = try PriceBook(Array(text.utf8))
        #expect(book.observations.map(\.price) == [Rational(3), Rational(decimal: "2.5")])
        #expect(book.everything().problems.count == 1)
        #expect(book.everything().problems.first?.line == 3)
        #expect(book.everything().problems.first?.message.contains(message) == true, "\(book.everything().problems)")
    }

    @Test("a name keeps the kind of unit and the currency of its first line")
    func unitAndCurrencyFit() throws {
        let text = header + "2026-10-01,,Pasta,2.49,EUR,500,g,\n2026-10-02,,pasta,1,,1,l,\n2026-10-03,,PASTA,1,USD,1,kg,\n2026-10-04,,Pasta,1,,1,kg,\n"
        let book = try PriceBook(Array(text.utf8))
        #expect(book.everything().problems.map(\.line) == [3, 4])
        #expect(book.everything().problems[0].message.contains("mass"))
        #expect(book.everything().problems[1].message.contains("EUR"))
        #expect(book.observations(named: "pAsTa").count == 2)
    }

    @Test("a quoted header in another order, a byte-order mark, CRLF, quoted fields and columns of the file's own")
    func spreadsheetShapes() throws {
        let text = "\u{FEFF}\"name\",\"date\",price,quantity,unit,store,currency,deal,notes\r\n\"Pasta, fine\",2026-10-01,2.49,500,g,\"Joe's \"\"Deli\"\"\",,,x\r\nRice,2026-10-02,3,1,kg,,,\r\n"
        let reading = try PriceBookCSV.read(Array(text.utf8))
        #expect(reading.problems.isEmpty && reading.tornLine == nil)
        let names = reading.observations.map(\.observation.name)
        #expect(names == ["Pasta, fine", "Rice"])
        #expect(reading.observations[0].observation.store == "Joe's \"Deli\"")
        // A line written to this file goes in its order, its own column left empty, ended as its header is.
        let layout = try PriceBookCSV.index(Array(text.utf8)).layout
        #expect(PriceBookCSV.line(reading.observations[1].observation, layout: layout) == "Rice,2026-10-02,3,1,kg,,,,\r\n")
    }

    @Test("a last line without its newline that does not read is left out as torn", arguments: [
        "2026-10-02,Lidl,Ri", "2026-10-02,Lidl,Barilla,2.39,,50", "2026-10-02,Lidl,\"Bar",
    ])
    func tornLine(last: String) throws {
        let reading = try PriceBookCSV.read(Array((header + "2026-10-01,Lidl,Rice,3,,1,kg,\n" + last).utf8))
        #expect(reading.observations.count == 1)
        #expect(reading.tornLine == last)
        #expect(reading.problems.isEmpty)
    }

    @Test("a last line without its newline that reads whole is kept", arguments: [
        "2026-10-02,Lidl,Barilla,2.39,,500,g,club 1", "2026-10-02,Lidl,Barilla,2.39,,500,g,\r",
    ])
    func wholeLastLine(last: String) throws {
        let reading = try PriceBookCSV.read(Array((header + "2026-10-01,Lidl,Rice,3,,1,kg,\n" + last).utf8))
        #expect(reading.observations.map(\.observation.name) == ["Rice", "Barilla"])
        #expect(reading.observations.last?.line == 3)
        #expect(reading.tornLine == nil)
        #expect(reading.problems.isEmpty)
    }

    @Test("names asked one after another find their lines, the first by a scan, the rest from the index of every name")
    func namesInTurn() throws {
        let lines = ["2026-10-01,Lidl,Rice,3,,1,kg,", "2026-10-01,Lidl,\" rice \",2,,1,kg,", "2026-10-02,Aldi,Äpfel,2,,1,kg,",
                     "2026-10-03,Aldi,äPFEL,2.5,,1,kg,", "2026-10-03,Aldi,\"Oats, fine\",1,,500,g,", "2026-10-04,,RICE,4,,1,kg,",
                     "2026-10-05,Lidl,\"Rice,2,,1,kg,", "2026-10-05,Lidl,Ricey,2,,1,kg,"]
        let book = try PriceBook(Array((header + lines.joined(separator: "\n") + "\n").utf8))
        // Counted by hand from the lines above (the unclosed quote's line names no one).
        let expected = [("rice", 3), ("äpfel", 2), ("oats, fine", 1), ("RICE", 3), ("Ricey", 1), ("nothing", 0), ("ÄPFEL", 2)]
        for (name, count) in expected {
            #expect(book.observations(named: name).count == count, "\(name)")
        }
    }

    @Test("a NUL byte in a line fails that line only")
    func nulInLine() throws {
        let book = try PriceBook(Array((header + "2026-10-01,Lidl,Ri\u{0}ce,3,,1,kg,\n2026-10-02,Lidl,Rice,2,,1,kg,\n").utf8))
        #expect(book.observations.map(\.price) == [Rational(2)])
        #expect(book.everything().problems.map(\.line) == [2])
    }

    @Test("a file that is not CSV, or has another header, is refused whole")
    func refusals() {
        #expect(throws: PriceBookCSV.Refusal.notText) { try PriceBookCSV.read([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00]) }
        #expect(throws: PriceBookCSV.Refusal.header(missing: ["currency", "deal"], columns: PriceBookCSV.header)) {
            try PriceBookCSV.read(Array("date,store,name,price,quantity,unit\n".utf8))
        }
    }
}

/// A multipack's packs in the book's `packs` column: `seen 2 3 x 500 g X` kept 1500 g and
/// lost the 3, so `history` showed `1500 g`.
struct PriceBookPacksTests {
    // Each line under the header given; expected: the quantity as history shows it, by hand.
    @Test("the packs column is read by both readings, and a book without it reads as one pack a line", arguments: [
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g,,3", "3×500 g"),
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g,,\"3\"", "3×500 g"),
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g, 3 for 2 ,3", "3×500 g"),
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g,,", "1500 g"),
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g,", "1500 g"),
        (PriceBookCSV.header, "2026-10-01,,X,2,,1500,g,,1", "1500 g"),
        (PriceBookCSV.header, "2026-10-01,,\"X \"\"big\"\"\",2,,1.98,l,,6", "6×0.33 L"),
        ("date,store,name,price,currency,quantity,unit,deal", "2026-10-01,,X,2,,1500,g,", "1500 g"),
        ("packs,date,store,name,price,currency,quantity,unit,deal", "4,2026-10-01,,X,2,,2,kg,", "4×0.5 kg"),
        ("date,store,name,price,currency,quantity,unit,deal,packs,note", "2026-10-01,,X,2,,6,items,,2,mine", "2×3 items"),
    ])
    func packsRead(header: String, line: String, shown: String) throws {
        let book = try PriceBook(Array((header + "\n" + line + "\n").utf8))
        #expect(book.everything().problems == [])
        #expect(book.observations.map(\.quantityText) == [shown])
        #expect(book.observations.first?.unitPrice == Rational(4, 3) || !shown.hasSuffix(" g"))
    }

    @Test("a multipack seen in the session keeps its packs before the book is read again, and add takes it whole")
    func packsInSession() throws {
        var session = bookSession()
        run("seen 2 3 x 500 g X @Lidl", in: &session)
        #expect(session.priceBook!.observations.map(\.quantityText) == ["3×500 g"])
        run("add X", in: &session)
        #expect(session.list.products.map(\.quantity.text) == ["3×500 g"])
    }

    @Test("a line is written with its packs to a book with the column, and as before to one without")
    func packsWritten() throws {
        let observation = Observation(date: try CalendarDate.checked(year: 2026, month: 11, day: 28), store: "", name: "X",
                                      price: Rational(2), currency: nil, amount: Rational(1500), unit: UnitTable.atom(named: "g")!,
                                      deal: "", packs: 3)
        #expect(PriceBookCSV.line(observation) == "2026-11-28,,X,2,,1500,g,,3\n")
        let old = try PriceBookCSV.index(Array("date,store,name,price,currency,quantity,unit,deal\n".utf8)).layout
        #expect(PriceBookCSV.line(observation, layout: old) == "2026-11-28,,X,2,,1500,g,\n")
        let read = try PriceBook(Array((PriceBookCSV.header + "\n" + PriceBookCSV.line(observation)).utf8))
        #expect(read.observations == [observation])
    }
}

struct PriceBookSessionTests {
    /// The Barilla session of `help prices`.
    static let barilla = ["seen 2.49 500 g Barilla @Lidl 2026-10-01", "seen 2.69 500 g Barilla @Rewe 2026-10-05",
                          "seen 1.99 500 g Barilla @Lidl 2026-10-30 deal -20%", "seen 2.39 500 g Barilla @Edeka 2026-11-02",
                          "seen 2.29 500 g Barilla @Lidl 2026-11-20"]

    @Test("the Barilla session: median 4.78 per kg; 2.19 for 500 g is 8.4% below it and 10.1% above the lowest")
    func barillaSession() throws {
        var session = bookSession()
        for line in Self.barilla { _ = try run(line, in: &session).get() }
        let standing = try #require(PriceStanding(session.priceBook!.observations(named: "barilla")))
        #expect(standing.median == Rational(decimal: "4.78"))
        #expect(standing.lowest.store == "Lidl" && standing.lowest.deal == "-20%")
        guard case .success(.priceBook(let outcome)) = run("worth 2.19 500 g Barilla", in: &session),
              case .worth(let worth) = outcome.answer else { Issue.record("no worth"); return }
        #expect(PriceStanding.relation(worth.unitPrice, to: worth.standing.median) == "8.4% below")
        #expect(PriceStanding.relation(worth.unitPrice, to: worth.standing.lowest.unitPrice) == "10.1% above")
    }

    @Test("a price without a currency is in the name's; add takes a name with a number or in quotes")
    func currencyAndNames() throws {
        var session = bookSession()
        run("seen €2 1 l Milk 2026-10-01", in: &session)
        run("seen 1 1 l milk 2026-10-02", in: &session)
        #expect(session.priceBook!.observations.map(\.currency) == [CurrencyCode.named("EUR"), CurrencyCode.named("EUR")])
        run("seen 1.5 1 kg Cola 2 2026-10-01", in: &session)
        for statement in ["add Cola 2", "add \"cola 2\"", "add Cola 2 @Nowhere"] {
            let outcome = run(statement, in: &session)
            if statement.hasSuffix("@Nowhere") {
                guard case .failure(let diagnostic) = outcome else { Issue.record("\(statement) was not refused"); continue }
                #expect(diagnostic.problem.code == .notInPriceBook)
            } else {
                guard case .success(.productAdded(let product, _, _, _, _)) = outcome else { Issue.record("\(statement): \(outcome)"); continue }
                #expect(product.name == "Cola 2")
            }
        }
    }

    @Test("seen notes a shrink at the same store, not at another")
    func shrink() throws {
        var session = bookSession()
        run("seen 2.49 500 g Barilla @Lidl 2026-10-01", in: &session)
        guard case .success(.priceBook(let other)) = run("seen 2.39 450 g Barilla @Rewe 2026-10-02", in: &session),
              case .seen(let atRewe) = other.answer else { Issue.record("no seen"); return }
        #expect(atRewe.shrink == nil)
        guard case .success(.priceBook(let same)) = run("seen 2.39 450 g barilla @lidl 2026-10-03", in: &session),
              case .seen(let atLidl) = same.answer else { Issue.record("no seen"); return }
        #expect(atLidl.shrink?.text == "Barilla shrank from 500 g to 450 g at lidl: +6.6% per kg")
    }

    @Test("a shrink is judged by date, against the store's last regular price before the new one", arguments: [
        // Entered newest first: by date the quantity grew, so no shrink.
        (["seen 2.49 500 g P @Lidl 2026-10-01", "seen 2.59 500 g P @Lidl 2026-09-01"], "seen 2.99 450 g P @Lidl 2026-08-01", nil),
        // Against the regular 4.98 per kg, not the deal's 3.98: 2.49 / 0.45 kg = 5.5333, +11.1%.
        (["seen 2.49 500 g Barilla @Lidl 2026-10-01", "seen 1.99 500 g Barilla @Lidl 2026-10-30 deal -20%"],
         "seen 2.49 450 g Barilla @Lidl 2026-11-02", "Barilla shrank from 500 g to 450 g at Lidl: +11.1% per kg"),
        // A price dated after the new one is not before it: 2.39 / 0.45 kg = 5.3111 against 5.00, +6.2%.
        (["seen 2.50 500 g Oats @Aldi 2026-09-01", "seen 2.49 400 g Oats @Aldi 2026-11-01"],
         "seen 2.39 450 g Oats @Aldi 2026-10-01", "Oats shrank from 500 g to 450 g at Aldi: +6.2% per kg"),
    ] as [([String], String, String?)])
    func shrinkByDate(before: [String], statement: String, expected: String?) throws {
        var session = bookSession()
        for line in before { _ = try run(line, in: &session).get() }
        guard case .success(.priceBook(let outcome)) = run(statement, in: &session), case .seen(let seen) = outcome.answer else {
            Issue.record("no seen")
            return
        }
        #expect(seen.shrink?.text == expected)
    }

    @Test("refusals point at their column", arguments: [
        ("seen 2.49 500 g", 16), ("seen -1 1 kg Rice", 6), ("seen 1 1 kg Rice 2026-13-01", 18),
        ("seen 1 1 kg @Lidl Rice", 19), ("seen 1 1 l Barilla", 8), ("history Barila", 9), ("forget seen Barilla 2026-01-01", 21),
        ("seen 1 1 kg Rice @", 18), ("worth 1 1 kg Nothing", 7),
        ("seen 1 1 kg Rice @Lidl @Rewe", 24), ("seen 1 1 kg Rice 2026-10-01 2026-10-02", 29), ("seen 1 1 kg Rice tomorrow", 18),
        ("seen 1 1 kg Rice 2026-12-01", 18), ("seen 1 1 kg Rice 1.10.2026", 18), ("seen 1 1 kg \"\"", 13),
        ("seen 2.49 1 kg Milk@Lidl", 16), ("seen 2.49 500 g %Off @L", 11), ("seen 2.49 500 g =Pasta @L", 17),
        ("seen 1 1 kg \"=HYPERLINK(1)\"", 13), ("seen 1 1 kg Rice @\"+x\"", 18), ("seen 1 1 kg Rice @ -x", 18),
        ("seen 1 1 kg Rice @ ", 18), ("add Barilla@Lidl", 5), ("add 1 500 g %x", 7),
    ])
    func refusals(statement: String, column: Int) {
        var session = bookSession()
        run("seen 2.49 500 g Barilla @Lidl 2026-10-01", in: &session)
        guard case .failure(let diagnostic) = run(statement, in: &session) else { Issue.record("\(statement) was not refused"); return }
        #expect(diagnostic.column == column, "\(statement): \(diagnostic.message)")
    }

    @Test("a store with no name before it, two stores and `at` with no store: add refuses each where seen does", arguments: [
        ("seen 1 1 kg @Lidl", 13, ProblemCode.missingArgument), ("add 1 1 kg @Lidl", 12, .missingArgument),
        ("add 1 1 kg @ Lidl", 12, .missingArgument), ("add 1 1 kg @Lidl deal 3 for 2", 12, .missingArgument),
        ("seen 1 1 kg Rice @Lidl at Aldi", 24, .givenTwice), ("add 1 1 kg Rice @Lidl at Aldi", 23, .givenTwice),
        ("seen 1 1 kg Rice @Lidl @Aldi", 24, .givenTwice), ("add 1 1 kg Rice @Lidl @Aldi", 23, .givenTwice),
        ("seen Rice 1 1 kg at Lidl @Aldi", 26, .givenTwice),
        ("seen 1 1 kg Rice at", 18, .missingArgument), ("add 1 1 kg Rice at", 17, .missingArgument),
        ("seen 1 1 kg Rice AT", 18, .missingArgument), ("add 1 1 kg Brown rice at deal -20%", 23, .missingArgument),
        ("seen 1 1 kg Rice @Lidl at", 24, .missingArgument), ("seen 1 1 kg Rice at 2026-11-01", 18, .missingArgument),
        ("add 1 1 kg Rice at @Lidl", 17, .missingArgument),
        ("add Rice 1 1 kg at", 17, .missingArgument), ("seen Rice 1 1 kg at", 18, .missingArgument),
        ("add 1 1 kg @\"Corner shop\"", 12, .missingArgument), ("add 1 1 kg Rice @\"Corner shop\" @Lidl", 32, .givenTwice),
    ] as [(String, Int, ProblemCode)])
    func storeWithoutName(statement: String, column: Int, code: ProblemCode) {
        var session = bookSession()
        guard case .failure(let diagnostic) = run(statement, in: &session) else { Issue.record("\(statement) was not refused"); return }
        #expect(diagnostic.column == column, "\(statement): \(diagnostic.message)")
        #expect(diagnostic.problem.code == code, "\(statement): \(diagnostic.message)")
        #expect(session.list.products.isEmpty && session.priceBook!.observations.isEmpty)
    }

    @Test("a name that only looks like these keeps its words", arguments: [
        ("add 1 1 kg \"@Lidl\"", "@Lidl"), ("add 1 1 kg \"Rice at\"", "Rice at"), ("add 1 1 kg Rice at home", "Rice @home"),
        ("add 1 1 kg Rice @Lidl", "Rice @Lidl"), ("add 1 1 kg Cafe at the Park", "Cafe at the Park"),
    ])
    func namesKept(statement: String, name: String) throws {
        var session = bookSession()
        _ = try run(statement, in: &session).get()
        #expect(session.list.products.map(\.name) == [name])
    }

    @Test("a blank after @ still names the store", arguments: ["seen 2.49 1 kg Milk @ Lidl", "seen 2.49 1 kg Milk @ \"Lidl\"", "seen 2.49 1 kg Milk @Lidl"])
    func storeAfterBlank(statement: String) throws {
        var session = bookSession()
        _ = try run(statement, in: &session).get()
        #expect(session.priceBook!.observations.map(\.store) == ["Lidl"])
        #expect(session.priceBook!.observations.map(\.name) == ["Milk"])
    }

    @Test("Ctrl-C stops history, seen and worth while they read a product's lines", .serialized, arguments: [
        "history P", "seen 1 1 kg P 2026-11-01", "worth 1 1 kg P", "where P", "forget seen P",
    ])
    func interrupted(statement: String) {
        let line = "2026-10-01,Lidl,P,2,,1,kg,\n"
        var session = bookSession(try! PriceBook(Array((header + String(repeating: line, count: 10_000)).utf8)))
        let stopping = EvaluationContext(interruption: Interruption { true })
        let outcome = session.execute(StatementSource(statement), context: stopping)
        guard case .failure(let diagnostic) = outcome else { Issue.record("\(statement) was not stopped"); return }
        #expect(diagnostic.problem.isCancellation, "\(diagnostic.message)")
    }

    @Test("undo takes back a seen and redo puts it back, as changes for the shell to make")
    func undo() throws {
        var session = Session(keepsHistory: true)
        session.priceBook = PriceBook()
        let outcome = try session.execute(StatementSource("seen 3 1 kg Rice 2026-11-01")).get()
        guard case .priceBook(let answer) = outcome, case .append(let added)? = answer.change else { Issue.record("no append"); return }
        session.recordBookChange("seen 3 1 kg Rice 2026-11-01", .append(added))
        guard case .priceBook(let undone) = try session.execute(StatementSource("undo")).get() else { Issue.record("no undo"); return }
        #expect(undone.change == .remove(added) && undone.isStep)
        guard case .priceBook(let redone) = try session.execute(StatementSource("redo")).get() else { Issue.record("no redo"); return }
        #expect(redone.change == .append(added))
    }
}

/// 1,000 random books against a reference computed here: unit prices from a table of
/// units of its own, the median by sorting, the stores' last prices by date.
struct PriceBookPropertyTests {
    /// Base units a pack of each unit holds, over the basis (kg, l, item).
    static let units: [(symbol: String, perBasis: Rational)] = [("g", Rational(1, 1000)), ("kg", .one), ("ml", Rational(1, 1000)),
                                                                ("l", .one), ("items", .one)]

    @Test("history, worth and where against a reference; export then import gives the same book")
    func randomBooks() throws {
        var random = SeededGenerator(seed: 30)
        for _ in 0..<1000 {
            var lines = header
            var expected: [(date: Int, order: Int, store: String, unitPrice: Rational, price: Rational)] = []
            let unit = Self.units[Int.random(in: 0..<Self.units.count, using: &random)]
            let count = Int.random(in: 1...12, using: &random)
            for order in 0..<count {
                let day = Int.random(in: 1...28, using: &random)
                let cents = Int.random(in: 0...999, using: &random)
                let amount = Int.random(in: 1...2000, using: &random)
                let store = ["Lidl", "Aldi", "", "Rewe"][Int.random(in: 0..<4, using: &random)]
                let name = ["Oats", "oats", "OATS"][Int.random(in: 0..<3, using: &random)]
                let price = Rational(BigInt(cents), BigInt(100))
                lines += "2026-03-\(day < 10 ? "0" : "")\(day),\(store),\(name),\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100),,\(amount),\(unit.symbol),\n"
                expected.append((day, order, store, price / (Rational(amount) * unit.perBasis), price))
            }
            let book = try PriceBook(Array(lines.utf8))
            #expect(book.everything().problems.isEmpty)
            let history = book.observations(named: "oats")
            let byDate = expected.sorted { ($0.date, $0.order) < ($1.date, $1.order) }
            #expect(history.map(\.unitPrice) == byDate.map(\.unitPrice))
            let sorted = expected.map(\.unitPrice).sorted()
            let median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / Rational(2)
            let standing = try #require(PriceStanding(history))
            #expect(standing.median == median)
            #expect(standing.lowest.unitPrice == sorted[0])
            #expect(standing.last.unitPrice == byDate.last!.unitPrice)
            // worth: a price as a percentage against the median, as shown.
            let asked = Rational(BigInt(Int.random(in: 1...999, using: &random)), BigInt(100))
            if !median.isZero {
                let percent = (asked - median) / median * Rational(100)
                let shown = PriceStanding.relation(asked, to: median)
                #expect(percent.isZero ? shown == "at" : shown.hasSuffix(percent.isNegative ? "below" : "above"))
            }
            // where: each store's last price, cheapest first.
            var session = bookSession(book)
            guard case .success(.priceBook(let outcome)) = run("where OATS", in: &session), case .stores(_, let ranked) = outcome.answer else {
                Issue.record("no where")
                continue
            }
            var last: [String: Rational] = [:]
            for entry in byDate { last[entry.store] = entry.unitPrice }
            #expect(ranked.map(\.unitPrice) == last.values.sorted())
            #expect(Set(ranked.map(\.store)) == Set(last.keys))
            // Export writes every observation; reading it back gives the same book.
            let exported = header + book.observations.map { PriceBookCSV.line($0) }.joined()
            let again = try PriceBook(Array(exported.utf8))
            #expect(again.observations == book.observations)
        }
    }
}

struct PriceStandingTests {
    @Test("the median by selection is the median by sorting, for 1 to 2,000 values with many equal ones")
    func medianBySelection() {
        var random = SeededGenerator(seed: 38)
        for count in [1, 2, 3, 4, 5, 10, 11, 100, 101, 1999, 2000] {
            for spread in [3, 1000] {
                let values = (0..<count).map { _ in Rational(BigInt(Int.random(in: 1...spread, using: &random)), BigInt(Int.random(in: 1...7, using: &random))) }
                let sorted = values.sorted()
                let expected = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / Rational(2)
                #expect(PriceStanding.median(values) == expected, "\(count) values up to \(spread)")
            }
        }
    }
}

/// The fast paths of a product's standing against plain arithmetic: unit prices compared
/// by 64-bit parts against `BigInt` cross products, the median of keys against the median
/// of `Rational`s, and the order by date against a sort of (day, order) pairs.
struct PriceStandingFastPathTests {
    static func fraction(_ random: inout SeededGenerator) -> Rational {
        let bounds: [ClosedRange<Int64>] = [1...9, 1...1_000, 1...Int64.max / 2, 1...Int64.max]
        let top = bounds[Int.random(in: 0..<bounds.count, using: &random)]
        let bottom = bounds[Int.random(in: 0..<bounds.count, using: &random)]
        let numerator = Int64.random(in: top, using: &random) * (Bool.random(using: &random) ? 1 : -1)
        return Rational(BigInt(Int.random(in: 0..<5, using: &random) == 0 ? 0 : numerator), BigInt(Int64.random(in: bottom, using: &random)))
    }

    @Test("keys order 20,000 random pairs of fractions as their cross products in BigInt do")
    func keysOrderAsFractions() throws {
        var random = SeededGenerator(seed: 15)
        for _ in 0..<20_000 {
            let (a, b) = (Self.fraction(&random), Self.fraction(&random))
            let (keyA, keyB) = (try #require(UnitPriceKey(a)), try #require(UnitPriceKey(b)))
            let less = a.numerator * b.denominator < b.numerator * a.denominator
            #expect((keyA < keyB) == less, "\(a) < \(b)")
            #expect((keyA == keyB) == (a.numerator * b.denominator == b.numerator * a.denominator), "\(a) == \(b)")
            #expect(keyA.value == a)
        }
    }

    @Test("the median of keys is the median of the fractions, for 2,000 random sets")
    func medianOfKeys() throws {
        var random = SeededGenerator(seed: 16)
        for _ in 0..<2_000 {
            let values = (0..<Int.random(in: 1...40, using: &random)).map { _ in Self.fraction(&random) }
            let keys = try values.map { try #require(UnitPriceKey($0)) }
            let sorted = values.sorted { $0.numerator * $1.denominator < $1.numerator * $0.denominator }
            let count = values.count
            let expected = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / Rational(2)
            #expect(PriceStanding.median(keys) == expected)
            #expect(PriceStanding.median(values) == expected)
        }
    }

    @Test("observations by date keep each day's order, over days close together and years apart")
    func byDate() throws {
        var random = SeededGenerator(seed: 17)
        let unit = try #require(UnitTable.unit(named: "g")?.atom)
        for spread in [1, 30, 400, 2_900_000] {
            for count in [1, 2, 3, 10, 100, 1000] {
                let days = (0..<count).map { _ in Int.random(in: 0..<spread, using: &random) }
                let observations = try days.enumerated().map { order, day in
                    Observation(date: try #require(CalendarDate(dayNumber: day)), store: "", name: "P", price: Rational(order),
                                currency: nil, amount: Rational(1), unit: unit, deal: "")
                }
                var texts = BookTexts()
                var entries: [BookEntry] = []
                for observation in observations {
                    let made = texts.entry(observation)
                    entries.append(try #require(made))
                }
                let expected = days.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map(\.offset)
                #expect(PriceBook.Product.byDate(entries) == expected, "\(count) over \(spread) days")
            }
        }
    }

    @Test("a line's unit price as a key, worked out from its decimals unreduced, is the exact unit price")
    func unitPriceKeys() throws {
        var random = SeededGenerator(seed: 18)
        let units = try ["g", "kg", "lb", "oz", "ml", "l", "fl oz", "gal", "items", "m", "ft", "m2"].map { try #require(UnitTable.unit(named: $0)?.atom) }
        var texts = BookTexts()
        var keyed = 0
        for _ in 0..<1_000 {
            let price = BookDecimal(digits: Int64.random(in: 0...99_999_999, using: &random), places: UInt8.random(in: 0...4, using: &random))
            let amount = BookDecimal(digits: Int64.random(in: 1...9_999_999, using: &random), places: UInt8.random(in: 0...6, using: &random))
            let unit = units[Int.random(in: 0..<units.count, using: &random)]
            let observation = Observation(date: try #require(CalendarDate(dayNumber: 739_000)), store: "", name: "P", price: price.value,
                                          currency: nil, amount: amount.value, unit: unit, deal: "")
            let made = texts.entry(observation)
            let entry = try #require(made)
            // Parts too large for 64 bits have no key, and are compared as fractions.
            if let key = entry.key {
                keyed += 1
                #expect(key.value == observation.unitPrice, "\(price) for \(amount) \(unit.symbol)")
                if let exact = UnitPriceKey(observation.unitPrice) { #expect(key == exact) }
            }
            #expect(entry.unitPrice == observation.unitPrice)
            #expect(entry.price.value == price.value && entry.amount.value == amount.value)
            #expect(texts.observation(entry) == observation)
        }
        #expect(keyed > 500)
        #expect(PriceBookCSV.Column.count == PriceBookCSV.Column.allCases.count)
        #expect(BookDecimal.powersOfTen == (0...Observation.maxDigits).map { Int64("1" + String(repeating: "0", count: $0)) })
    }
}

struct PriceBookCompletionTests {
    @Test("names and stores from the book complete after the commands that take them", arguments: [
        ("history Ba", ["Barilla"]), ("where ", ["\"Corner oats\"", "Barilla"]), ("forget seen Co", ["\"Corner oats\""]),
        ("seen 2.49 500 g Barilla @", ["@\"Corner shop\"", "@Lidl"]), ("add Barilla @L", ["@Lidl"]), ("prices ", ["export", "import"]),
        ("plan ", ["@\"Corner shop\"", "@Lidl"]), ("plan @Lidl @C", ["@\"Corner shop\""]),
    ])
    func completes(line: String, expected: [String]) throws {
        var session = bookSession()
        run("seen 2.49 500 g Barilla @Lidl 2026-10-01", in: &session)
        run("seen 3 1 kg \"Corner oats\" @\"Corner shop\" 2026-10-02", in: &session)
        #expect(Completion.candidates(for: line, in: session) == expected)
    }

    @Test("a store or name that would reach the terminal as a control sequence is refused", arguments: [
        "seen 1 1 kg Pa\u{1B}[2Jsta", "seen 1 1 kg Pasta @Li\u{1B}]0;x\u{07}dl", "seen 1 1 kg Pasta deal -20% \u{202E}",
    ])
    func hostileText(statement: String) {
        var session = bookSession()
        guard case .failure = run(statement, in: &session) else { Issue.record("\(statement) was kept"); return }
        #expect(session.priceBook!.observations.isEmpty)
    }
}
