import PerNumbers
import PerUnits
import PerLanguage

extension CommandCatalogue {
    /// Each estimator, with its inputs and results in its help, then `sweep`, which runs one
    /// across a range of an input.
    static let estimating: [CommandInfo] = EstimatorCommand.allCases.map { command in
        let estimator = command.estimator
        let positional = estimator.positionalInput.map { $0.choices.joined(separator: "|") + " " } ?? ""
        return CommandInfo(
            command: .estimator(command), aliases: [], completion: .estimator(command),
            synopsis: "\(estimator.name) \(positional)KEY=VALUE…", summary: estimator.summary,
            details: estimatorDetails(estimator), example: estimator.example)
    } + [
        CommandInfo(
            command: .sweep, aliases: [], completion: .sweep,
            synopsis: "sweep ESTIMATOR [KEY=VALUE…] KEY=FROM..TO [step S] [show RESULT,…] [--csv|--json|plot]",
            summary: "run an estimator across a range of one input",
            details: ["Runs the estimator once for each value of KEY from FROM to TO, with the inputs given on the line",
                      "(before or after the range) and every other input as kept, and shows a row a value: the value,",
                      "the results that move (or those show names, by their JSON keys), and a bar for the first.",
                      "Each column has one number of decimals. A limit passed by a run of rows is one warning",
                      "(cycles 3.5–8 are above the 3.33 that the alkalinity limit allows), whatever each row's figures",
                      "(pressure 400–800 psig: 10 ppm silica is above what the ASME silica limit allows (9 ppm at …)).",
                      "A row the estimator refuses (no acid needed at those cycles) shows – with the reason under the",
                      "table, and null in JSON; the sweep is refused only when every row is.",
                      "The step is S when given (it must land on TO), 1 between whole numbers, else a tenth of the",
                      "range; at most \(Sweep.maxRows) rows. A sweep changes nothing: no input is kept, no result replaced.",
                      "With --json the rows are in \"rows\", each with KEY and the results by their JSON keys.",
                      "Ended with --csv: the rows alone as CSV for a report (units in the header, numbers ungrouped); with",
                      "--json: the sweep's JSON object; with plot: an x-y chart of the first \(Sweep.mostPlotted) columns against KEY, fitted",
                      "to the terminal's width, with each limit the rows pass a vertical line (plain characters with NO_COLOR",
                      "or TERM=dumb)."],
            example: "sweep cooling recirc=500 dt=6 cycles=2..8 show makeup,bleed"),
    ]

    /// `help ESTIMATOR`'s lines after its synopsis: each input with what it takes, the
    /// estimator's notes and its results.
    private static func estimatorDetails(_ estimator: any Estimator.Type) -> [String] {
        let width = estimator.inputs.map(\.key.count).max() ?? 0
        return ["Inputs, kept for the next run ('vars \(estimator.name)' lists them):"]
            + estimator.inputs.map { "  " + HelpLine.pad($0.key, width) + "  " + ($0.isRequired ? "required: " : "") + $0.description
                + ($0.alias.map { "; also \($0)=" } ?? "") }
            + estimator.notes
            + HelpLine.results(of: estimator)
    }
}
