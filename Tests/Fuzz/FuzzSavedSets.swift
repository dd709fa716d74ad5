// A libFuzzer target for reading saved sets: every input is read as a saved.json, every
// set it yields is recalled into a fresh session, and the session runs what a user would
// type next. Nothing may crash, and what the session then holds must save and read back
// whole: the reader accepts everything the core can make. Built by Tests/Fuzz/run.sh
// against the core compiled as a library with -sanitize=fuzzer, not by SwiftPM.
import PerNumbers
import PerTools
import PerLanguage
import PerSession

/// What a user might run after `recall`: a listing, a product, the comparison, and every
/// estimator with no arguments (which runs on the recalled inputs).
let statementsAfterRecall = ["vars", "add 1 1 kg", "compare", "best", "need 3 kg", "add"]
    + Estimators.all.map { $0.name } + Estimators.all.map { "vars \($0.name)" }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSavedSets(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let contents = try? SavedSetsFile.decode(bytes) else { return 0 }
    for set in contents.sets {
        var session = Session()
        _ = session.recall(set)
        for line in statementsAfterRecall { _ = session.run(line: line) }
        let again = SavedSet(name: set.name, savedAt: set.savedAt, state: session.state, headline: set.headline)
        // Compared as saved: a value beyond the exact range is written as its middle to 55
        // digits and reads back as a narrower interval inside the one it was (a set saying
        // `~1.41421356231e3081` holds ten units of its last digit either side), the same
        // file either way.
        let saved = SavedSetsFile.encode([again])
        guard let back = try? SavedSetsFile.decode(saved), SavedSetsFile.encode(back.sets) == saved else {
            fatalError("a state the core made does not read back: \(set.name)")
        }
    }
    return 0
}
