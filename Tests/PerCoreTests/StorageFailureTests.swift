import PerTools
import PerLanguage
import PerSession
import Testing

/// Storage failures and confirmations are worded once; these pin the wording the shell's
/// transcripts and users' scripts read, and that a file the user named is quoted while one
/// of per's own is not.
struct StorageFailureTests {
    @Test("storage failures are worded as before they were typed", arguments: [
        (StorageFailure.system(.read, StoragePath("/h/prices.csv"), reason: "Permission denied"), "cannot read /h/prices.csv: Permission denied"),
        (.system(.read, StoragePath("in.csv", namedByUser: true), reason: "No such file or directory"), "cannot read 'in.csv': No such file or directory"),
        (.tooLarge(StoragePath("big.csv", namedByUser: true), limit: 64_000_000), "cannot read 'big.csv': it is larger than 64 MB, the most per reads"),
        (.symbolicLink(.open, StoragePath("/h/sets.json.lock")), "cannot open /h/sets.json.lock: it is a symbolic link"),
        (.notPrivate(StoragePath("/h"), .writableByOthers), "refusing to use /h: it is writable by other users"),
        (.locked(.priceBook, StoragePath("/h/prices.csv.lock")), "the price book is locked by another per (/h/prices.csv.lock); try again"),
        (.exists(StoragePath("out.csv", namedByUser: true)), "'out.csv' exists: per does not replace it; give a new name"),
        (.tooManyCopies(.moveAside, StoragePath("/h/session.json")), "cannot move /h/session.json aside: too many copies from this second"),
        (.failedMakePrivateExample, "cannot make /h/prices.csv private: Operation not permitted"),
        (.sheetChanges(.savedSets), "a sheet does not change saved sets (each run would do it again); do it in the shell"),
    ])
    func wording(failure: StorageFailure, expected: String) {
        #expect(failure.message == expected)
    }

    @Test("confirmations are worded as before they were typed", arguments: [
        (PerTools.Confirmation.undone(statement: "x = 9", redone: false), "undid: x = 9"),
        (.undone(statement: "x = 9", redone: true), "redid: x = 9"),
        (.removed(id: 1, name: "#1"), "removed #1"),
        (.removed(id: 2, name: "Pasta"), "removed #2 Pasta"),
        (.deal(id: 2, name: "Pasta", summary: nil), "no deal on #2 Pasta"),
        (.forgotPrices(count: 1, name: "Milk", on: nil), "forgot 1 price of Milk (undo brings it back)"),
        (.imported(count: 3, path: "a.csv", alreadyThere: 1, skipped: 2),
         "imported 3 prices from a.csv; 1 already in the book; skipped 2, each named in a warning"),
        (.exported(count: 1, path: "b.csv"), "exported 1 price to b.csv"),
    ])
    func confirmation(confirmation: PerTools.Confirmation, expected: String) {
        #expect(confirmation.message == expected)
    }
}

extension StorageFailure {
    fileprivate static let failedMakePrivateExample = StorageFailure.system(.makePrivate, StoragePath("/h/prices.csv"), reason: "Operation not permitted")
}
