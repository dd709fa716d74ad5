/// Typed access to an object's members for the reader: a member of the wrong type is a
/// problem, never silently nil.
extension JSON {
    package func member(_ key: String, of what: String? = nil) throws(SavedSetsFile.Problem) -> JSON {
        guard let value = self[key] else { throw SavedSetsFile.Problem("\(what.map { "\($0)'s " } ?? "")\(key) is missing") }
        return value
    }

    package func text(_ key: String) throws(SavedSetsFile.Problem) -> String {
        guard case .string(let value) = try member(key) else { throw SavedSetsFile.Problem("\(key) is not text") }
        return value
    }

    /// Text, or nil when the member is null or absent.
    package func optionalText(_ key: String) throws(SavedSetsFile.Problem) -> String? {
        guard let value = self[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw SavedSetsFile.Problem("\(key) is not text") }
        return text
    }

    package func wholeNumber(_ key: String) throws(SavedSetsFile.Problem) -> Int {
        guard let value = try optionalWholeNumber(key) else { throw SavedSetsFile.Problem("\(key) is missing") }
        return value
    }

    /// A whole number that fits an `Int`, or nil when the member is null or absent.
    package func optionalWholeNumber(_ key: String) throws(SavedSetsFile.Problem) -> Int? {
        guard let value = self[key], value != .null else { return nil }
        guard case .number(let text) = value, let number = Int(text) else {
            throw SavedSetsFile.Problem("\(key) is not a whole number of a usable size")
        }
        return number
    }

    package func members(_ key: String) throws(SavedSetsFile.Problem) -> [(String, JSON)] {
        guard case .object(let members) = try member(key) else { throw SavedSetsFile.Problem("\(key) is not an object") }
        return members
    }
    package func elements(_ key: String) throws(SavedSetsFile.Problem) -> [JSON] {
        guard case .array(let values) = try member(key) else { throw SavedSetsFile.Problem("\(key) is not a list") }
        return values
    }
}
