import Foundation
import Testing

/// The completion scripts in `completions/` offer exactly the options `per --help` lists:
/// every option it lists is in each script, and no script offers one it does not list.
struct CompletionOptionTests {
    /// The options `per --help` lists: `-e, --expression STMT` gives `-e` and `--expression`.
    static func listedOptions() throws -> Set<String> {
        let usage = try per(["--help"]).stdout
        let lines = usage.components(separatedBy: "\n").drop { $0 != "options:" }.dropFirst().prefix { !$0.isEmpty }
        var options = Set<String>()
        for line in lines {
            let names = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            for name in names.split(whereSeparator: { $0 == "," || $0 == " " }) where name.hasPrefix("-") {
                options.insert(String(name))
            }
        }
        return options
    }

    static func script(_ name: String) throws -> String {
        try String(contentsOf: CompletionScriptTests.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// bash: the words of the `compgen -W` list offered for a word that starts with `-`.
    static func bashOptions(_ script: String) -> Set<String> {
        var options = Set<String>()
        for line in script.components(separatedBy: "\n") where line.contains("compgen -W \"-") {
            let list = line.components(separatedBy: "compgen -W \"")[1].components(separatedBy: "\"")[0]
            options.formUnion(list.split(separator: " ").map(String.init))
        }
        return options
    }

    /// zsh: each `_arguments` spec names its options before `[`, alone or as `{-h,--help}`.
    static func zshOptions(_ script: String) -> Set<String> {
        var options = Set<String>()
        for line in script.components(separatedBy: "\n") where line.hasPrefix("  '") {
            var spec = Substring(line.dropFirst(3))
            if spec.hasPrefix("(") { spec = spec.drop { $0 != ")" }.dropFirst() }
            if spec.hasPrefix("'{") {
                let names = spec.dropFirst(2).prefix { $0 != "}" }
                options.formUnion(names.split(separator: ",").map(String.init))
                continue
            }
            if spec.hasPrefix("*") { spec = spec.dropFirst() }
            let name = spec.prefix { $0 != "[" && $0 != ":" }
            if name.hasPrefix("-") { options.insert(String(name)) }
        }
        return options
    }

    /// fish: `-s X` is `-X` and `-l NAME` is `--NAME` in each `complete -c per` line.
    static func fishOptions(_ script: String) -> Set<String> {
        var options = Set<String>()
        for line in script.components(separatedBy: "\n") where line.hasPrefix("complete -c per ") {
            let words = line.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated().dropLast() {
                if word == "-s" { options.insert("-" + words[index + 1]) }
                if word == "-l" { options.insert("--" + words[index + 1]) }
            }
        }
        return options
    }

    @Test("per --help lists the options")
    func listed() throws {
        let options = try Self.listedOptions()
        #expect(options.isSuperset(of: ["-e", "--expression", "--json", "--color", "--man", "-h", "--help"]), "\(options)")
    }

    @Test("the scripts in completions/ are what per --completions makes", arguments: [
        ("zsh", "_per"), ("bash", "per.bash"), ("fish", "per.fish"),
    ])
    func generated(_ shell: String, _ file: String) throws {
        let made = try per(["--completions", shell])
        #expect(made.status == 0 && made.stderr.isEmpty)
        #expect(made.stdout == (try Self.script(file)), "remake it: per --completions \(shell) > completions/\(file)")
    }

    @Test("per --completions takes only a shell it makes a script for")
    func unknownShell() throws {
        let made = try per(["--completions", "tcsh"])
        #expect(made.status == 64 && made.stdout.isEmpty)
        #expect(made.stderr.hasPrefix("per: --completions takes zsh, bash or fish, not 'tcsh'"))
    }

    @Test("each completion script offers exactly the options per --help lists",
          arguments: ["per.bash", "_per", "per.fish"])
    func scripts(_ name: String) throws {
        let script = try Self.script(name)
        let offered = name == "per.bash" ? Self.bashOptions(script)
            : name == "_per" ? Self.zshOptions(script) : Self.fishOptions(script)
        let listed = try Self.listedOptions()
        #expect(listed.subtracting(offered).isEmpty, "missing from \(name): \(listed.subtracting(offered).sorted())")
        #expect(offered.subtracting(listed).isEmpty, "not in --help: \(offered.subtracting(listed).sorted())")
    }
}
