import PerNumbers
import PerUnits

extension Evaluator {
    /// This evaluator with `name` read as `value` (or as the range `bounds`), in `context`:
    /// how `solve` tries a value of its unknown. A copy: the session's variables are not
    /// changed. The user's functions get a call count of their own, so that each try is
    /// bounded as a statement is.
    package func binding(_ name: String, to value: Quantity, bounds: QuantityRange? = nil, in context: EvaluationContext) -> Evaluator {
        var variables = self.variables
        variables[name] = value
        var ranges = self.ranges
        if let bounds {
            ranges = (ranges ?? [:]).merging([name: bounds]) { _, new in new }
        } else {
            ranges?[name] = nil
            if ranges?.isEmpty == true { ranges = nil }
        }
        // The name read as the value tried, not as a list it may hold.
        var lists = self.lists
        lists?[name] = nil
        if lists?.isEmpty == true { lists = nil }
        let fresh = scope.map { FunctionScope(functions: $0.functions, units: $0.units, running: $0.running,
                                              parameters: $0.parameters, names: $0.names) }
        return Evaluator(variables: variables, lastResult: lastResult, rates: rates, inputs: inputs, results: results,
                         vocabulary: vocabulary, context: context, scope: fresh, ranges: ranges, taxRate: taxRate,
                         today: today, notation: notation, minuteOfDay: minuteOfDay, lists: lists)
    }
}
