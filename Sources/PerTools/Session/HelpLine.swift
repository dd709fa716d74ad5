import PerNumbers
import PerUnits
import PerLanguage

/// One line of help; headings name a group of commands.
public struct HelpLine: Sendable, Equatable {
    public let text: String
    public let isHeading: Bool

    package init(_ text: String, isHeading: Bool = false) {
        self.text = text
        self.isHeading = isHeading
    }
}

extension HelpLine {
    /// An estimator's results as `help` lists them, from their declarations: each of the
    /// estimate's own on a line, the plan's named together.
    package static func results(of estimator: any Estimator.Type) -> [String] {
        let own = estimator.results.filter { $0.isKept && $0.reading != .table }
        let plan = estimator.results.filter { $0.isKept && $0.reading == .table }
        let width = own.map(\.name.count).max() ?? 0
        return ["Results, kept as \(estimator.name).NAME after a run ('vars \(estimator.name)' shows them):"]
            + own.map { "  " + pad($0.name, width) + "  " + $0.summary + ($0.unit.label.isEmpty ? "" : " (\($0.unit.label))") }
            + (plan.isEmpty ? [] : ["  in its tables: " + plan.map(\.name).joined(separator: ", ")])
    }

    package static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
