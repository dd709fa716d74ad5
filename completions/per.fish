# fish completion for per. Install: copy this file to ~/.config/fish/completions/per.fish
complete -c per -s e -l expression -r -d 'Run a statement, then exit'
complete -c per -l json -d 'Print one JSON object per statement'
complete -c per -l color -x -a 'auto always never' -d 'When to colour output'
complete -c per -l no-history -d 'Do not read or write the history file'
complete -c per -s h -l help -d 'Print usage and exit'
complete -c per -s V -l version -d 'Print the version and exit'
complete -c per -F -d 'Script file'
