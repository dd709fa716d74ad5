import PerNumbers
import PerUnits
import PerTools
import PerLanguage

extension Session {
    /// Checks one answer typed at a prompt for a missing input.
    public func checkInput(estimator name: String, key: String, text: String) -> Result<InputValue, Diagnostic> {
        guard let estimator = Estimators.named(name), let spec = estimator.spec(key) else {
            return .failure(Diagnostic(ArgumentError.noInput(estimator: name, key: key), at: 0..<0))
        }
        let source = StatementSource(text.trimmingBlanks)
        var arguments = ArgumentReader(source, command: name, commandRange: 0..<0, evaluator: evaluator(in: .standard))
        do throws(Diagnostic) {
            guard !arguments.atEnd else { throw Diagnostic(ArgumentError.answerNeeded(key: key, description: spec.description), at: 0..<1) }
            let (value, range) = try Estimates.readValue(spec, from: &arguments)
            try arguments.expectEnd()
            _ = try Estimates.resolve(value, for: spec, rates: calculator.rates, at: range)
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}

