import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's topic on lists and their statistics.
extension ManualTopic {
    /// Also `help lists`, after the shopping lists, which share the word.
    static let statistics = ManualTopic("statistics", "Lists and statistics", "[1.2 kg, 1.5 kg], mean, median, stdev, sort",
                                        aliases: ["lists"], [
        .paragraph("[a, b, c] is a list of values: a lab's results, a meter's readings, a month's bills. Its values share "
            + "one dimension and are kept in the unit of the first (a plain number beside money or a count is that money "
            + "or count, as in a sum); a value of another dimension is refused at its column. [] is the empty list. "
            + "A list is kept in a variable, the session and saved sets, and is shown in full while it fits a line, "
            + "else by its first and last values and its count."),
        .example(["per> lab = [1.2 kg, 1.5 kg, 1100 g]", "lab = [1.2 kg, 1.5 kg, 1.1 kg]",
                  "per> [1 kg, 2 m]", "            ^", "error: the values of a list are of one kind: the first is a mass, this one a length"]),
        .paragraph("sum, mean, median, min, max, stdev, var, pstdev, pvar, count and sort take a list or values, or both: "
            + "mean(1, 2, 3), mean(lab), mean(lab, 1.3 kg). Before a list or a name they need no parentheses (mean lab, "
            + "sum [1, 2]); alone, sum and count still total or count the block above ('help sheets'). The results are "
            + "exact where they are rational, and a standard deviation that is no square shows its proven digits, as "
            + "sqrt(2) does. stdev and var are the sample's (divided by n − 1, as spreadsheets' STDEV); pstdev and pvar "
            + "the population's (divided by n). A variance is in the unit squared, a deviation in the unit, of "
            + "temperatures in degrees of difference (Δ°C). The mean of an empty list, or the stdev of one value, is "
            + "refused; dates and times of day have an order and a count, not a mean."),
        .example(["per> lab = [1.2 kg, 1.5 kg, 1100 g]", "lab = [1.2 kg, 1.5 kg, 1.1 kg]", "per> mean lab", "≈ 1.26666666667 kg", "per> sum(lab)", "3.8 kg", "per> mean(lab, 1.3 kg)", "1.275 kg", "per> stdev(2, 4, 4, 4, 5, 5, 7, 9)",
                  "≈ 2.13808993530", "per> pstdev(2, 4, 4, 4, 5, 5, 7, 9)", "2", "per> var([1, 2, 3, 4, 5] m)", "2.5 m²",
                  "per> median([3, 1, 4, 1, 5])", "3", "per> sort(lab)", "[1.1 kg, 1.2 kg, 1.5 kg]"]),
        .paragraph("A list with a value, or two lists of one length, go through + - * / ^ and mod element by element; a "
            + "function of one value (sqrt, round, abs, …) takes each element; to converts each. Lists of different "
            + "lengths are refused, naming both."),
        .example(["per> lab = [1.2 kg, 1.5 kg, 1100 g]", "lab = [1.2 kg, 1.5 kg, 1.1 kg]", "per> lab * 2", "[2.4 kg, 3 kg, 2.2 kg]", "per> lab to g", "[1200 g, 1500 g, 1100 g]",
                  "per> [10, 20, 30] - [1, 2, 3]", "[9, 18, 27]", "per> [1, 2] + [1, 2, 3]", "            ^",
                  "error: element by element takes two lists of one length, not 2 values and 3"]),
        .paragraph("A command's argument and an estimator's input are one value: give a statistic of a list, as in "
            + "cooling calcium=mean(lab). --json writes a list's values as an array of texts, with its unit and count. "
            + "A list holds at most 1,000,000 values."),
        .paragraph("load lab.csv makes each column of a CSV file a list named after the file and the column's header: "
            + "lab.calcium for a header Calcium (mg/L), in mg/L (a unit in [brackets] reads too); blanks and other "
            + "characters a name cannot hold become _, and a header that makes no name is said and left out. The file "
            + "is read as spreadsheets write it: quoted fields (with commas, \"\" and line breaks), CRLF lines, a "
            + "byte-order mark, and , ; or tab between fields, whichever the header line has most of. Its cells are "
            + "numbers as a statement reads them (in input comma 1.234,5, as a decimal-comma spreadsheet saves with "
            + ";; in dot input a number with a comma in a ; file, 1,500, reads two ways and is refused), dates, "
            + "times of day or dates with times (ISO 8601's 2026-12-24T18:00Z or …+01:00 in UTC); a column whose first "
            + "cell is text is left out, saying so. "
            + "An empty cell is left out of its list (a warning says how many and where), so a column with gaps is "
            + "shorter than the file. A cell that does not read refuses the load, naming its line and column, and "
            + "nothing is loaded. load FILE as NAME names the lists NAME.…; loading again replaces them; undo takes a "
            + "load back; saved sets and the session keep the lists. Tab completes lab. to the file's columns."),
    ])
}
