import PerNumbers
import PerUnits

/// Why a saved-set operation was refused.
public enum SavedSetError: Error, Equatable, Sendable {
    case missingName
    case numericName
    case badName(String)
    /// `estimator`: the set was to hold that estimator's inputs alone (`save NAME ESTIMATOR`).
    case exists(String, estimator: String? = nil)
    /// `save t1 cooling --replace` with a set named `t1 cooling`: which to replace is unclear.
    case twoReadings(name: String, estimator: String, whole: String)
    /// `save t1 cooling` with no cooling inputs in the session.
    case noInputs(estimator: String, whole: String)
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
        case .exists(let name, let estimator):
            return "a set named '\(name)' exists; use save \(SavedSetError.quoted(name))\(estimator.map { " " + $0 } ?? "") --replace to overwrite it"
        case .twoReadings(let name, let estimator, let whole):
            return "a set named '\(whole)' exists, and this would replace '\(name)' with \(estimator)'s inputs; "
                + "to replace '\(whole)' write save \"\(whole)\" --replace"
        case .noInputs(let estimator, let whole):
            return "no \(estimator) inputs to save (save NAME \(estimator) saves them alone); to name a set '\(whole)' write save \"\(whole)\""
        case .identical(let name): return "these inputs are already saved as '\(name)'"
        case .unknown(let name, let suggestion):
            return "no saved set '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'saved' lists them")
        }
    }
}
