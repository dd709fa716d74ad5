import Testing
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession
import TestSupport

/// Rates from files (`rates import`): the ECB's XML and a CSV read line by line, bad lines
/// named by number without their text, and conversions through the euro, exact.
@Suite("Rates from files")
struct RateFileTests {
    /// Two days in the ECB's published format (`eurofxref-hist.xml`: newest first, single
    /// quotes, a namespace), with the ECB's own figures of 2 and 3 January 2024, and BGN, a
    /// currency per does not know.
    static let history = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<gesmes:Sender>
        \t\t<gesmes:name>European Central Bank</gesmes:name>
        \t</gesmes:Sender>
        \t<Cube>
        \t\t<Cube time='2024-01-03'>
        \t\t\t<Cube currency='USD' rate='1.0919'/>
        \t\t\t<Cube currency='JPY' rate='155.09'/>
        \t\t\t<Cube currency='BGN' rate='1.9558'/>
        \t\t\t<Cube currency='GBP' rate='0.86180'/>
        \t\t</Cube>
        \t\t<Cube time='2024-01-02'>
        \t\t\t<Cube currency='USD' rate='1.0956'/>
        \t\t\t<Cube currency='JPY' rate='155.52'/>
        \t\t\t<Cube currency='BGN' rate='1.9558'/>
        \t\t\t<Cube currency='GBP' rate='0.86518'/>
        \t\t</Cube>
        \t</Cube>
        </gesmes:Envelope>
        """

    static func rational(_ n: Int, _ d: Int = 1) -> Rational { Rational(BigInt(n), BigInt(d)) }
    static func date(_ text: String) -> CalendarDate { RateFile.date(Array(text.utf8))! }

    static var historyRates: ReferenceRates { RateBook.table(RateFile.read(Array(history.utf8))) }

    @Test("the ECB's XML: every day's rates, exactly as published; a currency per does not know counted apart")
    func ecbXML() {
        let reading = RateFile.read(Array(Self.history.utf8))
        #expect(reading.problems == [])
        #expect(reading.unknownCurrencies == ["BGN"])
        let read = reading.rates.map { "\($0.date.text) \($0.currency.code) \(RateBook.decimalText($0.perEuro))" }
        #expect(read == ["2024-01-03 USD 1.0919", "2024-01-03 JPY 155.09", "2024-01-03 GBP 0.8618",
                         "2024-01-02 USD 1.0956", "2024-01-02 JPY 155.52", "2024-01-02 GBP 0.86518"])
        #expect(reading.rates[0].perEuro == Self.rational(10919, 10000))
    }

    @Test("cross rates go through the euro, exactly", arguments: [
        // GBP per USD on 3 January: 0.86180 / 1.0919 = 8618/10919.
        ("USD", "GBP", "2024-01-03", rational(8618, 10919)),
        ("GBP", "USD", "2024-01-03", rational(10919, 8618)),
        // JPY per GBP on 2 January: 155.52 / 0.86518 = 15552000/86518.
        ("GBP", "JPY", "2024-01-02", rational(15_552_000, 86518)),
        ("EUR", "USD", "2024-01-02", rational(10956, 10000)),
        ("USD", "EUR", "2024-01-02", rational(10000, 10956)),
        // A day after the last is the last's; a weekend day the Friday's.
        ("EUR", "JPY", "2024-01-07", rational(15509, 100)),
    ] as [(String, String, String, Rational)])
    func crossRates(from: String, to: String, on day: String, expected: Rational) {
        let use = Self.historyRates.rate(from: .named(from)!, to: .named(to)!, on: Self.date(day))
        #expect(use?.value == expected)
    }

    @Test("no rate is made up: before the first day, for a currency without one, or for one currency")
    func noMadeUpRate() {
        let rates = Self.historyRates
        #expect(rates.rate(from: .named("USD")!, to: .named("GBP")!, on: Self.date("2024-01-01")) == nil)
        #expect(rates.rate(from: .named("USD")!, to: .named("CHF")!) == nil)
        #expect(rates.rate(from: .named("USD")!, to: .named("USD")!) == nil)
        // The latest, when no day is asked: 3 January's.
        #expect(rates.rate(from: .named("EUR")!, to: .named("USD")!)?.date == Self.date("2024-01-03"))
    }

    @Test("a CSV date,currency,rate, with or without its header, and per's own with a source", arguments: [
        ("date,currency,rate\n2026-11-27,USD,1.0812\n", ["2026-11-27 USD 1.0812 -"]),
        ("2026-11-27,USD,1.0812\r\n2026-11-26, GBP , 0.8339\r\n", ["2026-11-27 USD 1.0812 -", "2026-11-26 GBP 0.8339 -"]),
        ("date,currency,rate,source\n2026-11-27,JPY,163.45,eurofxref-daily.xml\n", ["2026-11-27 JPY 163.45 eurofxref-daily.xml"]),
        // A source is kept only as letters, digits and . _ -, never starting a formula.
        ("2026-11-27,USD,1.08,=cmd|x\n", ["2026-11-27 USD 1.08 _cmd_x"]),
        ("\u{FEFF}date,currency,rate\n\n", []),
        // Quoted fields read as CSV reads them, `""` one quote.
        ("\"2026-11-20\",\"USD\",\"1.05\"\n2026-11-20, \"GBP\" ,0.86,\"a \"\"b\"\".csv\"\n",
         ["2026-11-20 USD 1.05 -", "2026-11-20 GBP 0.86 a__b_.csv"]),
    ] as [(String, [String])])
    func csv(text: String, expected: [String]) {
        let reading = RateFile.read(Array(text.utf8))
        #expect(reading.problems == [])
        #expect(reading.rates.map { "\($0.date.text) \($0.currency.code) \(RateBook.decimalText($0.perEuro)) \($0.source ?? "-")" } == expected)
    }

    @Test("a bad line is named by its number and why, never with its text", arguments: [
        ("2026-11-27,USD\n", 1, "expected date,currency,rate"),
        ("2026-13-01,USD,1.08\n", 1, "not a date (YYYY-MM-DD)"),
        ("date,currency,rate\n=HYPERLINK(\"x\"),USD,1\n", 2, "not a date (YYYY-MM-DD)"),
        ("2026-11-27,usd,1.08\n", 1, "the currency is not a code of three capital letters (USD)"),
        ("2026-11-27,U\u{1B}[2JD,1.08\n", 1, "the currency is not a code of three capital letters (USD)"),
        ("2026-11-27,USD,-1.08\n", 1, "the rate is not a positive decimal such as 1.0812"),
        ("2026-11-27,USD,0\n", 1, "the rate is not a positive decimal such as 1.0812"),
        ("2026-11-27,USD,1e9\n", 1, "the rate is not a positive decimal such as 1.0812"),
        ("2026-11-27,USD,\(String(repeating: "9", count: 41))\n", 1, "the rate is not a positive decimal such as 1.0812"),
        ("2026-11-27,EUR,1.1\n", 1, "a euro is worth 1 EUR: the rates are per euro"),
        // The base itself is no rate, and is named as skipped like any other line.
        ("date,currency,rate\n2026-11-27,EUR,1\n", 2, "EUR itself: the rates are per euro"),
        ("EUR,1\n", 1, "expected date,currency,rate"),
        ("\"2026-11-27,USD,1.08\n", 1, "a quote is not closed"),
        ("<Cube>\n<Cube currency='USD' rate='1.1'/>\n", 2, "a rate outside a day's <Cube time=...>"),
        ("<Cube>\n<Cube time='2026-02-30'>\n", 2, "time is not a date (YYYY-MM-DD)"),
        ("<Cube time='2026-11-27'>\n<Cube currency='USD' rate='1,1'/>\n", 2, "the rate is not a positive decimal such as 1.0812"),
        ("<Cube time='2026-11-27'>\n\n<Cube currency=USD rate='1.1'/>\n", 3, "a <Cube tag that does not read"),
    ] as [(String, Int, String)])
    func badLines(text: String, line: Int, message: String) {
        let reading = RateFile.read(Array(text.utf8))
        #expect(reading.problems == [RateFile.LineProblem(line: line, message: message)])
        #expect(reading.rates.isEmpty)
    }

    @Test("an import replaces a day's rate of a currency it has, and keeps every other")
    func merge() {
        let kept = RateBook.merged(nil, RateFile.read(Array(Self.history.utf8)), source: "eurofxref-hist.xml")
        #expect(kept.added == 6 && kept.unchanged == 0)
        let again = RateBook.merged(kept.rates, RateFile.read(Array(Self.history.utf8)), source: "eurofxref-hist.xml")
        #expect(again.added == 0 && again.unchanged == 6)
        let fix = RateBook.merged(kept.rates, RateFile.read(Array("2024-01-03,USD,1.1\n2024-01-04,USD,1.2\n".utf8)), source: "mine.csv")
        #expect(fix.added == 2)
        #expect(fix.rates.rate(from: ReferenceRates.euro, to: .named("USD")!, on: Self.date("2024-01-03"))?.value == Self.rational(11, 10))
        #expect(fix.rates.entries(of: .named("USD")!).count == 3)
        // Written and read back, the same rates.
        let text = RateBook.text(fix.rates)
        #expect(text.hasPrefix("date,currency,rate,source\n2024-01-02,USD,1.0956,eurofxref-hist.xml\n"))
        #expect(text.contains("2024-01-03,USD,1.1,mine.csv\n"))
        #expect(RateBook.table(RateFile.read(Array(text.utf8))) == fix.rates)
    }

    @Test("decimals written back as read", arguments: ["1", "0.8618", "155.09", "0.000001", "123456789.123456789"])
    func decimals(text: String) {
        #expect(RateBook.decimalText(RateFile.decimal(Array(text.utf8))!) == text)
    }

    /// A session with the history's rates, on `today`.
    static func session(today: String, _ lines: [String] = []) -> Session {
        var session = PerCoreTests.session([])
        session.today = date(today)
        session.useRates(historyRates)
        for line in lines { _ = session.run(line: line) }
        return session
    }

    static func value(_ session: inout Session, _ line: String) -> (String, String?) {
        guard case .success(.value(let shown, let note)) = session.run(line: line)[0].outcome else { return ("refused", nil) }
        return (shown.text, note)
    }

    @Test("a conversion uses the latest rate and says its age past a week; a rate typed wins")
    func conversions() {
        var fresh = Self.session(today: "2024-01-05")
        // €10 × 1.0919 = $10.919.
        #expect(Self.value(&fresh, "€10 to $") == ("$10.92", nil))
        var old = Self.session(today: "2024-01-31")
        #expect(Self.value(&old, "€10 to $") == ("$10.92", "rate of 2024-01-03, 28 days old"))
        // £1 + $1: $1 at 0.86180/1.0919 £.
        #expect(Self.value(&old, "£1 + $1") == ("£1.79", "rate of 2024-01-03, 28 days old"))
        var typed = Self.session(today: "2024-01-31", ["rate 1 € = 1.5 $"])
        #expect(Self.value(&typed, "€10 to $") == ("$15.00", nil))
        // The pair not typed still takes the file's.
        #expect(Self.value(&typed, "€10 to £") == ("£8.62", "rate of 2024-01-03, 28 days old"))
    }

    @Test("a value of a day takes that day's rate (or the last before it) and counts the rate's age from it", arguments: [
        // The ECB's figures: USD 1.0956 on 2 January 2024, 1.0919 on 3 January.
        ("2024-01-02", rational(10956, 10000), nil), ("2024-01-03", rational(10919, 10000), nil),
        ("2024-01-20", rational(10919, 10000), "rate of 2024-01-03, 17 days before the value's 2024-01-20"),
        ("2024-01-01", nil, nil),
    ] as [(String, Rational?, String?)])
    func ofTheValuesDay(day: String, rate: Rational?, note: String?) {
        var rates = Rates()
        rates.reference = Self.historyRates
        let (euro, dollar) = (CurrencyCode.named("EUR")!, CurrencyCode.named("USD")!)
        let (dated, use) = rates.ofDay(Self.date(day), from: euro, to: dollar)
        #expect(dated.rate(from: euro, to: dollar) == rate)
        #expect(dated.rate(from: dollar, to: euro) == rate?.reciprocal)
        #expect(ValueNote.rateBefore(use, day: Self.date(day))?.message == note)
        // The rates it came from keep the latest; a rate typed wins over the day's.
        #expect(rates.rate(from: euro, to: dollar) == Self.rational(10919, 10000))
        rates.set(Self.rational(3, 2), from: euro, to: dollar)
        #expect(rates.ofDay(Self.date(day), from: euro, to: dollar).rates.rate(from: euro, to: dollar) == Self.rational(3, 2))
    }

    @Test("the rates of the file are no part of the session's state: saved, compared or undone")
    func notState() {
        var a = Rates(), b = Rates()
        a.reference = Self.historyRates
        #expect(a == b)
        b.set(Self.rational(3, 2), from: ReferenceRates.euro, to: .named("USD")!)
        #expect(a != b)
    }
}
