import PerNumbers
import PerUnits

/// An estimator input as stored in the session: a quantity as written (`4 t/h`, `60%`;
/// a plain number means the input's own unit), or one of the input's words (`heavy`).
public enum InputValue: Sendable, Hashable {
    case quantity(Quantity)
    case word(String)

    /// A plain number.
    package static func number(_ value: Number) -> InputValue { .quantity(Quantity(value)) }
}
