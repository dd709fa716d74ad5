import PerShell

PerShell.exit(PerShell.main(CommandLine.arguments))
