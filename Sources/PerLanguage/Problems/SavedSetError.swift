import PerNumbers
import PerUnits

/// Why a saved-set operation was refused.
public enum SavedSetError: Error, Equatable, Sendable {
    case missingName
    case numericName
    case badName(String)
    case exists(String)
    case identical(to: String)
    case unknown(String, suggestion: String?)

    /// A set's name as a command takes it: in quotes when it has a blank.
    package static func quoted(_ name: String) -> String {
        name.contains(" ") ? "\"\(name)\"" : name
    }

    public var message: String {
        switch self {
        case .missingName: return "a saved set needs a name, as in save pasta"
        case .numericName: return "a saved set needs a name, not a number"
        case .badName(let why): return "a saved set's name \(why)"
        case .exists(let name): return "a set named '\(name)' exists; use save \(SavedSetError.quoted(name)) --replace to overwrite it"
        case .identical(let name): return "these inputs are already saved as '\(name)'"
        case .unknown(let name, let suggestion):
            return "no saved set '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'saved' lists them")
        }
    }
}
