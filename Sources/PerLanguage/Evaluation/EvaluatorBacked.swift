import PerNumbers
import PerUnits

/// A builder that works an expression out with an evaluator (`RangeDerivative`,
/// `PolynomialDegree`) and reads the names, units and functions it knows, and how numbers
/// are written, from it.
package protocol EvaluatorBacked: ExpressionBuilder {
    /// The evaluator with the name bound.
    var evaluator: Evaluator { get }
    /// The name the builder follows.
    var name: String { get }
}

extension EvaluatorBacked {
    package var vocabulary: any Vocabulary.Type { evaluator.vocabulary }
    package var notation: InputNotation { evaluator.notation }
    package var precision: Int { evaluator.precision }
    package func isVariable(_ name: String) -> Bool { evaluator.isVariable(name) }
    package func userUnit(named name: String) -> CompoundUnit? { evaluator.userUnit(named: name) }
    package func userUnitNames() -> [String] { evaluator.userUnitNames() }
    package func userFunction(named name: String) -> UserFunction? { evaluator.userFunction(named: name) }
}
