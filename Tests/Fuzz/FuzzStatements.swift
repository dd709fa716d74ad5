// A libFuzzer target for the statement parser and evaluator: every input is read as up
// to 50 lines of statements run in one session. Built by Tests/Fuzz/run.sh against the
// core compiled as a library with -sanitize=fuzzer, not by SwiftPM.
import PerNumbers
import PerTools
import PerLanguage
import PerSession

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStatements(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var session = Session()
    // An empty price book, and a today, so `seen` reads all it is given.
    session.priceBook = PriceBook()
    session.today = try? CalendarDate.checked(year: 2026, month: 11, day: 26)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(50) {
        _ = session.run(line: String(line))
    }
    return 0
}
