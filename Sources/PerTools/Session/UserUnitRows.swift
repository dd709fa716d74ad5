import PerNumbers
import PerUnits
import PerLanguage

extension Calculator {
    /// What one of a user's unit is, as shown: `10 L`.
    package func unitValue(_ entry: UserUnits.Entry) -> String {
        let shown = display(Quantity(.exact(entry.amount), entry.base))
        return (shown.isExact ? "" : "≈ ") + shown.text
    }

    /// `units`: each of the user's units, in the order defined.
    package var unitRows: [Outcome.UserUnitRow] {
        units.entries.map { Outcome.UserUnitRow(name: $0.name, plural: $0.plural, definition: $0.written, value: unitValue($0)) }
    }
}
