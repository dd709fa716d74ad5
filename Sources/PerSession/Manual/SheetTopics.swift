import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's topic on sheets: labels, totals, continuing lines and `per sheet`.
extension ManualTopic {
    static let sheetTopics: [ManualTopic] = [sheets]

    static let sheets = ManualTopic("sheets", "Sheets: a file that keeps its answers", "labels, total, per sheet, --check", [
        .paragraph("A statement may start with a label, words and a colon: the label is shown with the result (and in "
            + "JSON as \"label\"), and it is no variable. A statement that starts with a command has no label: "
            + "add 2.49 500 g Pasta: Barilla names the product Pasta: Barilla."),
        .example(["per> milk: 2 * 1.19", "milk: 2.38", "per> bread: 2.10", "bread: 2.1", "per> total", "4.48",
                  "per> * 1.19", "5.3312", "per> + -10%", "4.79808"]),
        .paragraph("total (also sum) adds up the results of the block above it, average is their mean and count how "
            + "many there are; each sets ans. A block is the results since the last blank line, ## heading or total, "
            + "or the start (in the shell: since the last total, empty line or new); a run of total, average and count "
            + "reads one block. Assignments and commands are not counted. Results must add: money in one currency (or "
            + "with rates set), quantities of one dimension. A block with a failed line is not totalled, and the error "
            + "names that line; the refused total still ends the block, and a line that goes on from it (* 1.19) is refused too. A block keeps up to 100,000 results (count goes on past them)."),
        .paragraph("A line that starts with +, *, /, ×, ÷ or ^ goes on from the last result: total, then * 1.19, then "
            + "+ -10%. Such lines right after a total belong to it: they are no results of the next block. A leading - stays the minus of a number (-5 is minus five), so a discount is + -10% or "
            + "ans - 10%."),
        .paragraph("per sheet FILE… runs each file as a script, in a session of its own, and writes every result back "
            + "after its statement as a comment # = 2.38, lined up in one column per block, and every failure as "
            + "# ! error: …. Old answers are replaced and every other byte stays as it was. The file keeps its mode and "
            + "is replaced atomically, and not at all if it changed while per was computing; running it twice changes "
            + "nothing. per sheet --stdout prints the sheet instead of writing it. A sheet may recall and list saved sets "
            + "and ask the price book, but it changes neither (each run would do it again): save, forget and seen are "
            + "refused in it, with --check and --stdout too."),
        .example(["$ printf 'milk: 2 * 1.19\\nbread: 2.10\\ntotal\\n' > list.per", "$ per sheet list.per; cat list.per",
                  "milk: 2 * 1.19  # = 2.38", "bread: 2.10     # = 2.1", "total           # = 4.48"]),
        .paragraph("per sheet --check FILE… writes nothing: it compares every result with the answer recorded beside "
            + "it, prints each line whose answer changed and each line without one (as new), and exits 1 if there "
            + "was any, 0 if none. So a sheet can live in version control and a CI job can check it. A sheet that "
            + "uses today or now checks the same any day with --today DATE (per sheet --check --today 2026-11-27 "
            + "FILE), or PER_TODAY=2026-11-27: today is that date and now its 00:00, with per -e too."),
        .example(["$ printf 'bread: 2.30  # = 2.1\\n' > old.per", "$ per sheet --check old.per || echo changed",
                  "old.per:1: was 2.1, now 2.3", "changed"]),
        .paragraph("In a Markdown file (.md) only the lines inside fenced blocks marked per (```per) are statements; "
            + "the prose stays as it is, so per sheet --check README.md checks a document's calculations."),
        .paragraph("A sheet that cannot be read is reported and the others still run (status 66), as is one that is no "
            + "regular file (a FIFO, a device) or is larger than 64 MB; one that cannot be written, or is read-only "
            + "(chmod a-w), is left as it was (status 74). A file that is not UTF-8 is refused untouched, and a line longer "
            + "than 100,000 bytes is written as a failure, which --check reports with its line number."),
    ])
}
