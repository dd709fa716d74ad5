/// The shells `per --completions` writes a completion script for. Each script is made
/// from the option declarations (`CommandLineOption`) and the `sheet` subcommand, so it
/// offers exactly what `per --help` lists; `completions/` keeps them as made.
enum CompletionShell: String, CaseIterable, Sendable {
    case zsh, bash, fish

    /// The file in `completions/` that holds this shell's script.
    var fileName: String {
        switch self {
        case .zsh: return "_per"
        case .bash: return "per.bash"
        case .fish: return "per.fish"
        }
    }

    var script: String {
        switch self {
        case .zsh: return CompletionShell.zshScript
        case .bash: return CompletionShell.bashScript
        case .fish: return CompletionShell.fishScript
        }
    }

    /// What `per sheet` does, as the scripts describe it.
    static let sheetSummary = "write every answer beside its statement"

    private static var options: [CommandLineOption] { CommandLineOption.allCases }

    // MARK: zsh

    private static var zshScript: String {
        var specs: [String] = []
        for option in options {
            let description = "[" + option.oneLine.replacing("'", with: "'\\''") + "]"
            let value = option.valueName.map { name in
                ":" + name.lowercased() + ":" + (option.values.isEmpty ? "" : "(" + option.values.joined(separator: " ") + ")")
            } ?? ""
            if option.endsRun {
                let names = option.spellings.count > 1 ? "'{" + option.spellings.joined(separator: ",") + "}'" : option.spellings[0]
                specs.append("'(- *)" + names + description + value + "'")
            } else {
                let repeatable = option == .expression ? "*" : ""
                specs += option.spellings.map { "'" + repeatable + $0 + description + value + "'" }
            }
        }
        specs.append("'1:script file or sheet:{_alternative \"subcommands:subcommand:(sheet)\" \"files:script file:_files\"}'")
        specs.append("'*:script file:_files'")
        return """
            #compdef per
            # zsh completion for per, made by per --completions zsh. Install: copy this file into a
            # directory on $fpath (for example ~/.zsh/completions, with
            # fpath=(~/.zsh/completions $fpath) before compinit).

            _arguments -s \\
            \(specs.map { "  " + $0 }.joined(separator: " \\\n"))

            """
    }

    // MARK: bash

    private static var bashScript: String {
        var previous: [String] = [], current: [String] = []
        for option in options where option.valueName != nil {
            let names = option.spellings + option.quietSpellings
            let words = option.values.joined(separator: " ")
            previous += ["        " + names.joined(separator: "|") + ")",
                         option.values.isEmpty ? "            COMPREPLY=()" : "            COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\"))",
                         "            return", "            ;;"]
            let long = names.filter { $0.hasPrefix("--") }
            guard !option.values.isEmpty, !long.isEmpty else { continue }
            current += ["        " + long.map { $0 + "=*" }.joined(separator: "|") + ")",
                        "            COMPREPLY=($(compgen -W \"\(words)\" -- \"${cur#*=}\"))", "            return", "            ;;"]
        }
        let all = options.flatMap(\.spellings).joined(separator: " ")
        return """
            # bash completion for per, made by per --completions bash. Install: source this file
            # from ~/.bashrc, or copy it to /usr/share/bash-completion/completions/per (or
            # ~/.local/share/bash-completion/completions/per).
            _per() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in
            \(previous.joined(separator: "\n"))
                esac
                case "$cur" in
            \(current.joined(separator: "\n"))
                    -*)
                        COMPREPLY=($(compgen -W "\(all)" -- "$cur"))
                        return
                        ;;
                esac
                # per sheet [--check | --stdout | --export FORMAT] FILE...: the subcommand comes first.
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "sheet" -- "$cur") $(compgen -f -- "$cur"))
                    return
                fi
                COMPREPLY=($(compgen -f -- "$cur"))
            }
            complete -o filenames -F _per per

            """
    }

    // MARK: fish

    private static var fishScript: String {
        func quoted(_ text: String) -> String {
            "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
        var lines = ["# fish completion for per, made by per --completions fish. Install: copy this file to",
                     "# ~/.config/fish/completions/per.fish"]
        for option in options {
            var words = ["complete -c per"]
            for spelling in option.spellings {
                words.append(spelling.hasPrefix("--") ? "-l " + spelling.dropFirst(2) : "-s " + spelling.dropFirst())
            }
            if option.valueName != nil {
                words.append(option.values.isEmpty ? "-r" : "-x -a " + quoted(option.values.joined(separator: " ")))
            }
            words.append("-d " + quoted(option.oneLine))
            lines.append(words.joined(separator: " "))
        }
        lines.append("complete -c per -n '__fish_is_first_arg' -a sheet -d " + quoted(sheetSummary))
        lines.append("complete -c per -F -d 'script file'")
        return lines.joined(separator: "\n") + "\n"
    }
}
