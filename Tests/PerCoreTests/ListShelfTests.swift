import Testing
import TestSupport
@testable import PerUnits
@testable import PerNumbers
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Several named lists (SPEC §21): the files of one list that earlier versions wrote, the
/// lists through saved sets and undo, and names a hostile file or line might hold.
struct ListShelfTests {
    /// A saved-sets file as per wrote it before lists had names (eb58ee5's writer: `add
    /// 2.49 500 g Barilla deal 3 for 2`, `add 3.99 1 kg "Store brand"`, `basis 100 g`,
    /// `name Draft one`, `save pasta`), typed in as it was written.
    static let oneListFile = """
        {
          "format": "per saved sets",
          "version": 2,
          "sets": [
            {
              "name": "pasta",
              "saved_at": "2026-11-27T23:05:52+0000",
              "digits": 12,
              "group": false,
              "input": "dot",
              "money": {
                "rounding": "cents"
              },
              "vat": null,
              "variables": {},
              "functions": {},
              "inputs": {},
              "units": [],
              "rates": [],
              "list": {
                "type": "mass",
                "basis": {
                  "amount": "100",
                  "unit": "g"
                },
                "currency": null,
                "next_id": 3,
                "club": true,
                "products": [
                  {
                    "id": 1,
                    "name": "Barilla",
                    "price": "249/100",
                    "packs": null,
                    "amount": "500",
                    "unit": "g",
                    "deal": "3 for 2"
                  },
                  {
                    "id": 2,
                    "name": "Store brand",
                    "price": "399/100",
                    "packs": null,
                    "amount": "1",
                    "unit": "kg"
                  }
                ],
                "draft": {
                  "price": null,
                  "currency": null,
                  "amount": null,
                  "packs": null,
                  "unit": null,
                  "name": "Draft one"
                }
              },
              "last_estimator": null,
              "headline": null
            }
          ]
        }

        """

    @Test("a set of one list, as earlier versions wrote it, reads as the default list and is written back the same")
    func oneListFile() throws {
        let sets = try SavedSetsFile.decode(Array(Self.oneListFile.utf8)).sets
        let state = try #require(sets.first).state
        #expect(state.shelf.isSingle)
        #expect(state.shelf.currentName == "default")
        #expect(state.shelf.names == ["default"])
        #expect(state.list.products.map(\.name) == ["Barilla", "Store brand"])
        #expect(state.list.products.first?.deal == .multibuy(count: 3, payFor: 2))
        #expect(state.list.chosenBasis?.text == "100 g")
        #expect(state.list.draft.name == "Draft one")
        #expect(state.list.need == nil)
        // Recalled, it is the list `lists` shows, alone.
        var session = Session()
        _ = session.recall(sets[0])
        guard case .success(.lists(let lists)) = session.run(line: "lists")[0].outcome else { Issue.record("lists"); return }
        #expect(lists.map(\.name) == ["default"])
        #expect(lists.map(\.products) == [2])
        // A session of one list writes the file as before: no key of the lists' own.
        #expect(String(decoding: SavedSetsFile.encode(sets), as: UTF8.self) == Self.oneListFile)
    }

    @Test("several lists, their needs and names, round-trip through a saved set")
    func roundTrip() throws {
        let made = session(["add 2.49 500 g Barilla", "list drinks", "add 1.29 1.5 l Cola", "basis 100 ml", "need 3 l",
                            "list \"Party snacks\"", "add 1.99 3 items Crisps", "list drinks"])
        let saved = SavedSet(name: "trip", savedAt: "2026-11-21T10:00:00+0000", state: made.state, headline: nil)
        let decoded = try SavedSetsFile.decode(SavedSetsFile.encode([saved])).sets[0]
        #expect(decoded == saved)
        #expect(decoded.state.shelf.currentName == "drinks")
        #expect(decoded.state.shelf.names == ["default", "drinks", "Party snacks"])
        #expect(decoded.state.list.need?.text == "3 L")
        #expect(decoded.state.shelf.others["Party snacks"]?.dimension == .count)
        #expect(decoded.state.contents == "3 products in 3 lists")
    }

    @Test("undo takes back a switch, a product on another list and a need")
    func undo() {
        var session = Session(keepsHistory: true)
        for line in ["add 2.49 500 g Barilla", "list drinks", "add 1.29 1.5 l Cola", "need 3 l"] { _ = session.run(line: line) }
        _ = session.run(line: "undo")
        #expect(session.list.need == nil)
        _ = session.run(line: "undo")
        #expect(session.list.products.isEmpty)
        _ = session.run(line: "undo")
        #expect(session.shelf.currentName == "default")
        #expect(session.list.products.map(\.name) == ["Barilla"])
        _ = session.run(line: "redo")
        #expect(session.shelf.currentName == "drinks")
    }

    @Test("hostile names are refused when typed and when read, and never shown raw", arguments: [
        "list \"a\u{1B}[2Jb\"", "list a\u{07}b", "list \"x\u{202E}y\"", "list " + String(repeating: "é", count: 41),
    ])
    func hostileNames(line: String) {
        var session = Session()
        let result = session.run(line: line)[0]
        guard case .failure(let diagnostic) = result.outcome else { Issue.record("\(line) is refused"); return }
        #expect(!diagnostic.message.unicodeScalars.contains(where: VisibleText.actsOnTerminal))
        #expect(session.shelf.isSingle)
    }

    @Test("a file's list names are checked as typed ones are", arguments: [
        "\"a\\u001b[2Jb\"", "\"\"", "\"" + String(repeating: "x", count: 41) + "\"", "\"pasta\"", "\"PASTA\"", "3",
    ])
    func hostileNamesInFiles(name: String) {
        let file = Self.oneListFile.replacingOccurrences(
            of: "\"last_estimator\": null,",
            with: "\"list_name\": \"pasta\", \"lists\": [{\"name\": \(name), \"list\": {\"type\": null, \"basis\": null, \"currency\": null, "
                + "\"next_id\": 1, \"club\": true, \"products\": [], \"draft\": {}}}], \"last_estimator\": null,")
        let read = try? SavedSetsFile.decode(Array(file.utf8))
        #expect(read?.sets.isEmpty ?? true)
    }

    @Test("at most maxLists lists; a blank list left is not kept and does not count")
    func cap() {
        var session = Session()
        for index in 1..<ListShelf.maxLists {
            _ = session.run(line: "list l\(index)")
            _ = session.run(line: "add 1 1 kg")
        }
        #expect(session.shelf.names.count == ListShelf.maxLists - 1)
        _ = session.run(line: "list last")
        #expect(session.shelf.names.count == ListShelf.maxLists)
        _ = session.run(line: "add 1 1 kg")
        guard case .failure(let diagnostic) = session.run(line: "list more")[0].outcome else { Issue.record("refused"); return }
        #expect(diagnostic.problem == .arguments(.tooManyLists(most: ListShelf.maxLists)))
    }

    @Test("completion offers the other lists' names after list")
    func completion() {
        let made = session(["add 1 1 kg", "list drinks", "add 1 1 l", "list \"party snacks\"", "add 1 1 kg"])
        #expect(Completion.candidates(for: "list ", in: made) == ["default", "drinks"])
        #expect(Completion.candidates(for: "list dr", in: made) == ["drinks"])
    }
}
