import PerNumbers
import PerUnits
import PerLanguage

/// The variables that hold a list (`lab = [1.2 kg, 1.5 kg]`, `help lists`), in a saved set:
/// `"list_variables": {"lab": {"unit": {"number": "1", "units": [["kg", 1]]}, "values": ["6/5", "3/2"]}}`,
/// the unit as one of it is written (a plain `"1"` for none), each value a number as
/// variables' are, in that unit. A set without lists has no such member, so files written
/// before lists came read the same.
extension SavedSetsFile {
    package static func encode(listVariables lists: [String: QuantityList]) -> [(String, JSON)] {
        guard !lists.isEmpty else { return [] }
        return [("list_variables", .object(lists.keys.sorted().map { name in
            let list = lists[name]!
            return (name, .object([("unit", encode(Quantity(Number(1), list.unit))), ("values", .array(list.magnitudes.map(encode)))]))
        }))]
    }

    /// Why `name` cannot be a list's name; nil if it can: a variable's name, or a loaded
    /// column's (`lab.calcium`, `load`): two names joined by a dot, the first no command's.
    package static func listNameProblem(_ name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return variableNameProblem(name) }
        let named = parts.allSatisfy { part in
            part.unicodeScalars.first.map(Lexer.isNameStart) == true && part.unicodeScalars.allSatisfy(Lexer.isNameContinuation)
        }
        guard named, CommandCatalogue.reservation(of: String(parts[0])) == nil else { return "'\(name)' is not a list's name" }
        return nil
    }

    /// Each list the set holds: a name no variable or function has, a unit per makes (no
    /// zone), at most `QuantityList.maxCount` values, each one its unit can hold (a date on
    /// the calendar, a temperature not below absolute zero).
    package static func decodeLists(_ json: JSON?, variables: [String: Quantity],
                                    functions: [String: UserFunction]) throws(Problem) -> [String: QuantityList] {
        guard let json, json != .null else { return [:] }
        guard case .object(let members) = json else { throw Problem("list_variables is not an object") }
        var lists: [String: QuantityList] = [:]
        for (name, value) in members {
            if let why = listNameProblem(name) { throw Problem(why) }
            guard variables[name] == nil, functions[name] == nil, lists[name] == nil else {
                throw Problem("'\(name)' is a list and a variable or function")
            }
            let what = "the list \(name)"
            let unitJSON = try value.member("unit", of: what)
            let unit = try quantity(unitJSON, what).unit
            guard unit.atom?.isZoned != true else { throw Problem("\(what): a list holds no times in a zone") }
            let values = try value.elements("values")
            guard values.count <= QuantityList.maxCount else { throw Problem("\(what) holds more than \(QuantityList.maxCount) values") }
            var magnitudes = NumberArray.Builder()
            magnitudes.reserve(values.count)
            for element in values {
                let magnitude = try number(element, "a value of \(what)")
                // A point is checked as a variable's is: on the calendar, not below 0 K.
                if unit.isDate || unit.temperaturePoint != nil {
                    var written = unitJSON
                    if case .object(let fields) = unitJSON {
                        written = .object(fields.map { $0.0 == "number" ? ($0.0, element) : $0 })
                    }
                    _ = try quantity(written, "a value of \(what)")
                }
                magnitudes.append(magnitude)
            }
            lists[name] = QuantityList(unit: unit, magnitudes: magnitudes.build())
        }
        return lists
    }
}
