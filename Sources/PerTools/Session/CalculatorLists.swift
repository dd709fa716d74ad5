import PerNumbers
import PerUnits
import PerLanguage

/// The calculator's lists (`help lists`): how it shows one, and the names that hold one as
/// the evaluator reads them.
extension Calculator {
    /// A list as this calculator shows it: each value as a value is shown, in a format if
    /// one was asked for, separated by `; ` where `,` is the decimal comma.
    public func display(_ list: QuantityList, format: OutputFormat? = nil) -> DisplayedQuantity {
        ListDisplay.display(list, style: ListDisplay.Style(digits: digits, format: format, money: money,
                                                           separator: input == .comma ? "; " : ", "))
    }

    /// Whether a variable or the last result holds a list.
    package var holdsLists: Bool { lastList != nil || !listVariables.isEmpty }

    /// The names that hold a list, as the evaluator reads them: the variables, and `ans`.
    package var listNames: [String: QuantityList] {
        guard let lastList else { return listVariables }
        var all = listVariables
        all[Names.lastResult] = lastList
        return all
    }

    /// Keeps the last result under `name`, as a label names it (`income: total`): a list as
    /// a list, a range's middle beside its range, a value as a value.
    package mutating func keepLastResult(as name: String) {
        guard let value = lastResult else { return }
        if let lastList {
            variables[name] = nil
            ranges[name] = nil
            listVariables[name] = lastList
            return
        }
        let range = lastRange
        listVariables[name] = nil
        variables[name] = value
        if range != nil || !ranges.isEmpty { ranges[name] = range }
    }

    /// `name = value`: kept as a list, or as a value (a range's middle beside its range),
    /// and as the last result; a name holds one or the other.
    package mutating func keep(_ operand: Evaluator.Operand, as name: String) {
        let value = operand.quantity
        lastResult = value
        if let list = operand.list {
            variables[name] = nil
            ranges[name] = nil
            listVariables[name] = list
            lastList = list
            return
        }
        listVariables[name] = nil
        variables[name] = value
        if operand.isRange || !ranges.isEmpty {
            lastRange = operand.bounds
            ranges[name] = operand.bounds
        }
    }
}
