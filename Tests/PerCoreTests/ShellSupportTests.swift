import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// Completion candidates, the command catalogue and help, without a terminal (SPEC §7).
struct CompletionTests {
    @Test("candidates", arguments: [
        ("boiler st", ["steam=", "stock="]), ("boiler ste", ["steam="]),
        ("boiler s", ["sewer_price=", "silica=", "steam=", "stock=", "sulphite_density=", "sulphite_pack=", "sulphite_price=", "sulphite_pump=", "sulphite_residual=", "sulphite_strength=", "summer=", "summer_months=", "summer_steam="]),
        ("boiler steam=4 t", ["t/h", "tds="]),
        ("boiler steam=4 t/h t", ["tds="]),
        ("cooling dt=", ["K", "°C", "°F", "ΔK", "Δ°C", "Δ°F"]),
        ("dose ", ["base=", "drum=", "form=", "liquid", "load=", "loads=", "pack=", "pods", "powder", "price=", "scoop=", "soil=", "water="]),
        ("dose soil=", ["heavy", "light", "normal"]),
        ("dose water=v", ["very-hard"]),
        ("boiler steam=", ["kg/h", "kg/s", "lb/h", "t/h"]),
        ("comp", ["compare"]),
        ("bes", ["best"]),
        ("sq", ["sqrt("]),
        ("type ", ["area", "count", "length", "mass", "volume"]),
        ("type v", ["volume"]),
        ("basis a", ["acres", "auto"]),
        ("add 2.49 500 k", ["kg", "km", "km²"]),
        ("add 2.49 ", []),
        ("convert 1 kg to po", ["pound", "pounds"]),
        ("convert 1 kg to ", ["carat", "dr ap", "dr avdp", "g", "gr", "kg", "lb", "long hundredweight", "long ton", "mg", "oz", "ozt",
                              "pennyweight", "quintal", "short hundredweight", "short ton", "slug", "st", "t"]),
        ("1 kg + 200 g to l", ["lb", "long hundredweight", "long ton"]),
        // A list of units: more units of the value's dimension after the first.
        ("5.5 kg to lb o", ["oz", "ozt"]), ("9000 s to h m", ["min", "months", "ms"]), ("2 m to ft i", ["inch"]),
        ("2 gal in c", ["cl", "cord", "cu ft", "cu in", "cu yd", "cups"]),
        ("convert 1 lb t", ["to"]),
        ("help bo", ["boiler"]),
        ("vars c", ["cooling"]),
        ("sweep c", ["cooling"]), ("sweep cooling cy", ["cycles="]), ("sweep boiler maxtds=", ["%", "ppb", "ppm"]),
        // After the range, the words that end a sweep.
        ("sweep cooling cycles=2..8 p", ["ph=", "plot"]), ("sweep cooling cycles=2..8 --", ["--csv", "--json"]),
        // `solve ESTIMATOR`: its inputs (bare, or key= given inline), `for`, then its results.
        ("solve bo", ["boiler"]), ("solve cooling cy", ["cycles", "cycles="]), ("solve cooling cycles f", ["for"]),
        ("solve cooling cycles for bl", ["bleed", "bleed_m3_year"]), ("solve invest years for bal", ["balance"]),
        ("solve dose so", ["soil="]),
        ("x = 1; boiler h", ["hours=", "hx_approach="]),
        // The standalone deaerator, from its declaration like the others.
        ("deae", ["deaerator"]), ("help dea", ["deaerator", "deal"]), ("deaerator ve", ["vent=", "vent_flow="]),
        ("sweep deaerator pr", ["pressure="]), ("solve deaerator feed for st", ["steam_kg_h"]),
        ("quit", ["quit"]),
        // A plain-number key takes no unit (DEFECTS: Tab after cycles= offered % ppb ppm).
        ("cooling cycles=", []), ("sweep cooling cycles=", []), ("boiler maxtds=", ["%", "ppb", "ppm"]),
        ("zzz", []),
    ])
    func candidates(_ line: String, _ expected: [String]) {
        #expect(Completion.candidates(for: line, in: Session()) == expected)
    }

    @Test("variables, saved sets and ans")
    func context() {
        var session = Session()
        _ = session.run(line: "subtotal = 2; tax = 3; 1 + 1; boiler steam=1 tds=2")
        #expect(Completion.candidates(for: "2 * subt", in: session) == ["subtotal"])
        #expect(Completion.candidates(for: "t", in: session) == ["tan(", "tanh(", "tau", "tax", "total", "trunc(", "type"])
        #expect(Completion.candidates(for: "an", in: session) == ["ans"])
        #expect(Completion.candidates(for: "unset boiler.s", in: session) == ["boiler.steam"])
        #expect(Completion.candidates(for: "recall p", in: session, savedSets: ["plant", "pasta", "rice"]) == ["pasta", "plant"])
        #expect(Completion.candidates(for: "forget ", in: session, savedSets: ["b", "a"]) == ["a", "b", "seen", "unit"])
        // save NAME ESTIMATOR: after the name, the estimators with inputs.
        #expect(Completion.candidates(for: "save t1 ", in: session) == ["--replace", "boiler"])
        #expect(Completion.candidates(for: "save ", in: session) == ["--replace"])
    }
}

struct CatalogueTests {
    @Test("every command has a synopsis, a summary and an example that parses as that command")
    func commands() throws {
        for command in CommandCatalogue.commands {
            #expect(!command.synopsis.isEmpty && !command.summary.isEmpty, "\(command.name)")
            guard case .command(let name, _, _) = try SyntaxTree.statement(StatementSource(command.example), vocabulary: CommandCatalogue.self) else {
                Issue.record("the example of \(command.name) is not a command: \(command.example)")
                continue
            }
            #expect(CommandCatalogue.command(named: name)?.name == command.name)
        }
    }

    @Test("command, alias and function names are reserved", arguments: ["add", "list", "rm", "quantity", "exit", "sqrt", "ans", "let", "boiler", "save"])
    func reserved(_ name: String) {
        #expect(CommandCatalogue.reservation(of: name) != nil)
    }

    @Test("names are unique across commands and aliases")
    func unique() {
        let names = CommandCatalogue.commands.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
    }
}

struct HelpTests {
    @Test("help lists every command, grouped by tool")
    func overview() {
        let lines = HelpText.overview()
        let headings = lines.filter(\.isHeading).map(\.text)
        #expect(headings == CommandGroup.allCases.map(\.rawValue) + ["Expressions", "Topics"])
        for command in CommandCatalogue.commands {
            #expect(lines.contains { $0.text.hasPrefix("  " + command.synopsis) }, "\(command.name)")
        }
        for topic in ManualTopic.all {
            #expect(lines.contains { $0.text.hasPrefix("  " + topic.name + " ") }, "\(topic.name)")
        }
    }

    @Test("help for an estimator lists its inputs with units, ranges and defaults")
    func estimator() throws {
        let lines = try #require(HelpText.topic("boiler")).map(\.text)
        #expect(lines.first == "boiler KEY=VALUE… — steam-boiler blowdown and treatment chemicals")
        #expect(lines.contains("  steam                    required: steam output (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)"))
        #expect(lines.contains("  condensate               share of the steam returned as condensate (%; from 0% to under 100%; default 0%)"))
        #expect(lines.contains("  summer_steam             steam output in the summer (with winter_steam, instead of steam) (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)"))
        #expect(lines.contains("  sulphite_price           price of the sulphite: per pack, or per kg or l (money per pack, or per kg, l or item, as in €45 per 25 kg; at least 0)"))
        #expect(lines.contains { $0.hasPrefix("A plan of the year") })
        #expect(lines.contains("example: boiler steam=10000 tds=300 maxtds=3000 condensate=60%"))
        // Then the manual's text on it: an example run and the formulas.
        #expect(lines.contains("  per> boiler steam=10000 tds=300 maxtds=3000 condensate=60%"))
        #expect(lines.joined(separator: " ").contains("Bd = S(1−c)·tds/(maxtds − tds)"))
    }

    @Test("help TOPIC shows the topic's title, then its blocks", arguments: ManualTopic.all.map(\.name))
    func manualTopic(_ name: String) throws {
        let lines = try #require(HelpText.topic(name))
        let topic = try #require(ManualTopic.named(name))
        #expect(lines.first == HelpLine(topic.title, isHeading: true))
        #expect(lines.count > 2)
        #expect(HelpText.topics.contains(name))
    }

    @Test("help for commands, aliases and functions", arguments: [
        ("rm", "remove N — remove product number N (the # column of compare)"),
        ("exit", "quit — leave per (also: exit, Ctrl-D)"),
        ("round", "round(x) or round(x, digits) — nearest whole number, halves away from zero; or to `digits` decimals"),
        ("dose", "dose liquid|powder|pods KEY=VALUE… — laundry detergent for one wash"),
    ])
    func topics(_ topic: String, _ first: String) {
        #expect(HelpText.topic(topic)?.first?.text == first)
    }

    @Test("an unknown topic is an error with a suggestion")
    func unknown() {
        var session = Session()
        let outcome = session.run(line: "help boilr")[0].outcome
        #expect(outcome == .failure(Diagnostic(ArgumentError.noHelp("boilr", suggestion: "boiler"), at: 5..<10)))
        #expect(ArgumentError.noHelp("boilr", suggestion: "boiler").message == "no help for 'boilr'; did you mean 'boiler'?")
    }
}

struct CommandCatalogueTests {
    /// Every word of every command (names and aliases) with its catalogue entry.
    static let words: [(String, CommandInfo)] = CommandCatalogue.commands.flatMap { info in ([info.name] + info.aliases).map { ($0, info) } }

    @Test("every word of the catalogue is dispatched to its command, completed at the start of a line and explained by help")
    func everyWord() throws {
        let session = Session()
        let atStart = Completion.candidates(for: "", in: session)
        for (word, info) in Self.words {
            let parsed = try Parser.statement(StatementSource(word), builder: session.evaluator(in: .standard))
            guard case .command(let command, let name, _, _) = parsed else { Issue.record("\(word) is not a command"); continue }
            #expect(command == info.command && name == word, "\(word)")
            #expect(atStart.contains(word), "\(word)")
            // A command that is also a topic of the manual (`units`) follows the topic.
            #expect(HelpText.topic(word)?.first?.text == info.helpLines.first
                    || HelpText.topic(word)?.contains { $0.text == info.helpLines.first } == true && ManualTopic.named(word) != nil, "\(word)")
            for variant in info.variants {
                let parsed = try Parser.statement(StatementSource("\(word) \(variant.word.uppercased()) x"), builder: session.evaluator(in: .standard))
                guard case .command(let command, _, _, _) = parsed else { Issue.record("\(word) \(variant.word)"); continue }
                #expect(command == variant.command, "\(word) \(variant.word)")
            }
        }
    }

    /// Statements, and whether the shell opens the price book for them (`help prices`).
    static let bookStatements: [(String, Bool)] = [
        ("seen 2.49 500 g Barilla", true), ("history Barilla", true), ("worth 2 1 kg Rice", true), ("where Barilla", true),
        ("prices", true), ("Prices export p.csv", true), ("SEEN 1 1 kg X", true), ("forget seen Barilla", true),
        ("forget Seen Barilla", true), ("forget pasta", false), ("forget \"seen\"", false), ("add Barilla @Lidl", true),
        ("add \"Corner oats\"", true), ("add 2.49 500 g Barilla", false), ("add", false), ("compare --seen", true),
        ("list --seen", true), ("compare", false), ("list", false), ("recall seen", false), ("save seen", false),
        ("milk: seen 1.05 1 l Milk", true), ("milk: 2 + 3", false), ("x = 2", false), ("sqrt(2)", false), ("2 + 3", false),
        ("ans * 2", false), ("help seen", false), ("explain seen 1 1 kg X", false), ("wherever", false), ("éclair", false),
    ]

    @Test("a statement needs the price book as its catalogue entry says", arguments: bookStatements)
    func needsBook(statement: String, expected: Bool) {
        #expect(Session.needsPriceBook(StatementSource(statement)) == expected)
    }

    @Test("a command the catalogue says reads the book is refused without one; one it says does not never asks", arguments: words.map(\.0))
    func readsBook(word: String) throws {
        let info = try #require(CommandCatalogue.command(named: word))
        // Arguments that name a product of the book.
        let arguments = info.variants.first.map { $0.word + " Barilla" } ?? "Barilla"
        var session = Session()
        let notOpen = session.run(line: "\(word) \(arguments)").first.map {
            if case .failure(let diagnostic) = $0.outcome, diagnostic.problem == .priceBook(.notOpen) { return true }
            return false
        }
        let reads = info.readsBook(StatementSource(arguments))
        #expect(Session.needsPriceBook(StatementSource("\(word) \(arguments)")) == reads, "\(word)")
        // `add NAME` without a book adds from the list's side instead.
        #expect(notOpen == (reads && info.book != .whenNamed), "\(word) \(arguments)")
    }
}
