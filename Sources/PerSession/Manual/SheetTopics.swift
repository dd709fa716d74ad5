import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's topic on sheets: labels that name results, totals, continuing lines, `include`
/// and `per sheet` with `--check` and `--export`.
extension ManualTopic {
    static let sheetTopics: [ManualTopic] = [sheets]

    /// How deep includes nest and how much one runs.
    private static let includeLimits = "includes nest \(SheetRefusal.maxIncludeDepth) files deep at most, and one include "
        + "runs at most \(NumberDisplay.grouped(String(SheetRefusal.maxIncludedFiles))) files (64 MB) in all."

    static let sheets = ManualTopic("sheets", "Sheets: a file that keeps its answers",
                                    "labels that name results, total, include, per sheet, --check, --export", [
        .paragraph("A statement may start with a label, words and a colon: the label is shown with the result (and in "
            + "JSON as \"label\"). A label of one name (income, rent_2026, café) also names the result below its line, "
            + "as income = would: left: income - rent works. A label of several words or other characters (pasta "
            + "1.5 kg:, Milch, 1 l:) only labels. A name a label gave may be given again (each week's milk:), and then "
            + "names the newer result. A label whose name is already something else is refused at its column, and "
            + "changes nothing: a unit (kg:, week:, c: are units), a constant (e, pi), a date word (today), a function, "
            + "a command's word (total: runs total) or a variable set otherwise (x = 2, then x: 5); write another "
            + "name (my_week:), or words (my week:) for a label that names nothing. The names labels gave are kept in "
            + "the session and in saved sets. A statement that starts with a command has no label: "
            + "add 2.49 500 g Pasta: Barilla names the product Pasta: Barilla."),
        .example(["per> milk: 2 * 1.19", "milk: 2.38", "per> bread: 2.10", "bread: 2.1", "per> total", "4.48",
                  "per> * 1.19", "5.3312", "per> + -10%", "4.79808"]),
        .example(["per> salary: 2500", "salary: 2500", "per> bonus: 300", "bonus: 300", "per> income: total", "income: 2800",
                  "per> rent: 950", "rent: 950", "per> left: income - rent", "left: 1850"]),
        .paragraph("total (also sum) adds up the results of the block above it, average is their mean and count how "
            + "many there are; each sets ans. A block is the results since the last blank line, ## heading or total, "
            + "or the start (in the shell: since the last total, empty line or new); a run of total, average and count "
            + "reads one block. Assignments and commands are not counted. Results must add: money in one currency (or "
            + "with rates set), quantities of one dimension. A block with a failed line is not totalled, and the error "
            + "names that line; the refused total still ends the block, and a line that goes on from it (* 1.19) is refused too. A block keeps up to 100,000 results (count goes on past them). "
            + "income = total (or sum, average, count) keeps the figure under a name, as income: total does, and ends "
            + "the block as total does; a figure is a line of its own, never part of an expression (x = total * 2 is "
            + "refused: write total, then * 2)."),
        .paragraph("A line that starts with +, *, /, ×, ÷ or ^ goes on from the last result: total, then * 1.19, then "
            + "+ -10%. Such lines right after a total belong to it: they are no results of the next block. A leading - stays the minus of a number (-5 is minus five), so a discount is + -10% or "
            + "ans - 10%."),
        .paragraph("per sheet FILE… runs each file as a script, in a session of its own, and writes every result back "
            + "after its statement as a comment # = 2.38, lined up in one column per block, and every failure as "
            + "# ! error: …. Money is shown with its thousands grouped (€18,000.00), as estimator tables show it. "
            + "Old answers are replaced and every other byte stays as it was. The file keeps its mode and "
            + "is replaced atomically, and not at all if it changed while per was computing; running it twice changes "
            + "nothing. per sheet --stdout prints the sheet instead of writing it. A sheet may recall and list saved sets "
            + "and ask the price book, but it changes neither (each run would do it again): save, forget and seen are "
            + "refused in it, with --check and --stdout too."),
        .example(["$ printf 'milk: 2 * 1.19\\nbread: 2.10\\ntotal\\n' > list.per", "$ per sheet list.per; cat list.per",
                  "milk: 2 * 1.19  # = 2.38", "bread: 2.10     # = 2.1", "total           # = 4.48"]),
        .paragraph("per sheet --check FILE… writes nothing: it compares every result with the answer recorded beside "
            + "it, prints each line whose answer changed and each line without one (as new), and exits 1 if there "
            + "was any, 0 if none. It compares values, not text: an answer recorded as 2.0 or €18000.00 is the same "
            + "as 2 or €18,000.00. So a sheet can live in version control and a CI job can check it. A sheet that "
            + "uses today or now checks the same any day with --today DATE (per sheet --check --today 2026-11-27 "
            + "FILE), or PER_TODAY=2026-11-27: today is that date and now its first minute on the local clocks "
            + "(00:00, the first where they show it twice, or where they skip midnight the time they jump to), "
            + "with per -e too; a time after the date fixes now (--today '2026-11-27 09:30', or 2026-11-27T09:30), "
            + "refused with both readings where the local clocks skip it or show it twice, unless an offset "
            + "follows it (2026-10-25T02:30+02:00, or Z for UTC), which chooses the reading."),
        .example(["$ printf 'bread: 2.30  # = 2.1\\n' > old.per", "$ per sheet --check old.per || echo changed",
                  "old.per:1: was 2.1, now 2.3", "changed"]),
        .paragraph("include FILE runs another sheet first, in the same session, so that constants, rates and units "
            + "several sheets share live in one file: the names, units, rates and functions it sets stay. FILE is read "
            + "from the folder of the sheet or script that includes it (an absolute path as written); in the shell, "
            + "with -e and on standard input, from the current folder. A name with blanks is quoted: include \"my "
            + "rates.per\". Its lines run quietly, as a sheet's (its # = answers are comments); its results and totals "
            + "are its own, so they count in no block of the including sheet, and a line after the include goes on from "
            + "the result before it. A failed line is reported with its file and line and fails the include, as does a "
            + "file that cannot be read (the lines below still run). A file that includes itself, directly or through "
            + "others, is refused, naming the circle; " + includeLimits + " In the "
            + "shell, undo takes a whole include back. per sheet writes the answers of the files it is given, not of "
            + "those they include; per sheet --check checks an included file's recorded answers too, each named by its "
            + "own file and line."),
        .example(["$ printf 'fuel: 1.80\\nunit crate = 20 L\\n' > rates.per",
                  "$ printf 'include rates.per\\ntrip: 50 * fuel\\n2 crate to L\\n' > trip.per",
                  "$ per sheet --stdout trip.per", "include rates.per", "trip: 50 * fuel  # = 90", "2 crate to L     # = 40 L"]),
        .paragraph("per sheet --export csv FILE (or md) writes nothing and prints each statement line of one sheet as "
            + "a row of three columns: its label, its statement (without the label and your own comment) and its "
            + "answer (error: … for a failure; empty for a line with none, such as an include). csv is RFC 4180: a "
            + "field with a comma, a quote or a line end is quoted, its quotes doubled; a field that starts with =, +, "
            + "-, @ or ' has a ' put before it, so that a spreadsheet shows it rather than running it as a formula (a "
            + "reader takes one ' off). md is a Markdown table: the label with Markdown's characters escaped, the "
            + "statement and the answer as code. Control characters are shown as ^[, a tab as a blank."),
        .example(["$ printf 'milk: 2 * 1.19\\nbread: 2.10\\ntotal\\n* 1.19\\n' > list.per", "$ per sheet --export csv list.per",
                  "label,statement,answer", "milk,2 * 1.19,2.38", "bread,2.10,2.1", ",total,4.48", ",* 1.19,5.3312"]),
        .paragraph("In a Markdown file (.md) only the lines inside fenced blocks marked per (```per) are statements; "
            + "the prose stays as it is, so per sheet --check README.md checks a document's calculations."),
        .paragraph("A sheet that cannot be read is reported and the others still run (status 66), as is one that is no "
            + "regular file (a FIFO, a device) or is larger than 64 MB; one that cannot be written, or is read-only "
            + "(chmod a-w), is left as it was (status 74). A file that is not UTF-8 is refused untouched, and a line longer "
            + "than 100,000 bytes is written as a failure, which --check reports with its line number."),
    ])
}
