# bash completion for per, made by per --completions bash. Install: source this file
# from ~/.bashrc, or copy it to /usr/share/bash-completion/completions/per (or
# ~/.local/share/bash-completion/completions/per).
_per() {
    local cur prev
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    case "$prev" in
        -e|--expression)
            COMPREPLY=()
            return
            ;;
        --color|--colour)
            COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
            return
            ;;
        --input)
            COMPREPLY=($(compgen -W "dot comma" -- "$cur"))
            return
            ;;
        --today)
            COMPREPLY=()
            return
            ;;
        --export)
            COMPREPLY=($(compgen -W "csv md" -- "$cur"))
            return
            ;;
        --completions)
            COMPREPLY=($(compgen -W "zsh bash fish" -- "$cur"))
            return
            ;;
    esac
    case "$cur" in
        --color=*|--colour=*)
            COMPREPLY=($(compgen -W "auto always never" -- "${cur#*=}"))
            return
            ;;
        --input=*)
            COMPREPLY=($(compgen -W "dot comma" -- "${cur#*=}"))
            return
            ;;
        --export=*)
            COMPREPLY=($(compgen -W "csv md" -- "${cur#*=}"))
            return
            ;;
        --completions=*)
            COMPREPLY=($(compgen -W "zsh bash fish" -- "${cur#*=}"))
            return
            ;;
        -*)
            COMPREPLY=($(compgen -W "-e --expression --json --color --input --no-history --fresh --session --today --check --stdout --export --man --completions -h --help -V --version" -- "$cur"))
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
