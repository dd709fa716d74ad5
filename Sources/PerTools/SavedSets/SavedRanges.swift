import PerUnits
import PerLanguage

/// The variables that hold a range (`x = 12 kg ± 0.5 kg`, `help tolerances`), in a saved set:
/// `"ranges": {"x": {"low": …, "high": …}}`, each end a quantity as variables are written,
/// beside the variable's middle in `"variables"`. A set without ranges has no such member,
/// so files written before ranges came read the same. Also the variables a label named.
extension SavedSetsFile {
    package static func encode(ranges: [String: QuantityRange]) -> [(String, JSON)] {
        guard !ranges.isEmpty else { return [] }
        return [("ranges", .object(ranges.keys.sorted().map { name in
            let range = ranges[name]!
            return (name, .object([("low", encode(range.lowQuantity)), ("high", encode(range.highQuantity))]))
        }))]
    }

    /// Each range of a variable the set holds, its ends in one unit, the low one not above
    /// the high one.
    package static func decodeRanges(_ json: JSON?, variables: [String: Quantity]) throws(Problem) -> [String: QuantityRange] {
        guard let json, json != .null else { return [:] }
        guard case .object(let members) = json else { throw Problem("ranges is not an object") }
        var ranges: [String: QuantityRange] = [:]
        for (name, value) in members {
            guard let middle = variables[name] else { throw Problem("the range \(name) is of no variable") }
            let low = try quantity(value.member("low", of: "the range \(name)"), "the range \(name)")
            let high = try quantity(value.member("high", of: "the range \(name)"), "the range \(name)")
            guard low.unit == high.unit, low.unit == middle.unit, !(high.magnitude < low.magnitude) else {
                throw Problem("the range \(name): two ends in the variable's unit, the low one first")
            }
            ranges[name] = QuantityRange(low.magnitude, high.magnitude, unit: low.unit)
        }
        return ranges
    }

    /// `"labels": ["income", "rent"]`: the variables a label named. A set without labels has
    /// no such member, so files written before labels named results read the same.
    package static func decodeLabels(_ json: JSON?, variables: [String: Quantity]) throws(Problem) -> Set<String> {
        guard let json, json != .null else { return [] }
        guard case .array(let elements) = json else { throw Problem("labels is not a list") }
        var names: Set<String> = []
        for element in elements {
            guard case .string(let name) = element else { throw Problem("labels holds something other than a name") }
            guard variables[name] != nil else { throw Problem("the label \(name) is of no variable") }
            names.insert(name)
        }
        return names
    }
}
