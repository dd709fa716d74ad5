/// How numbers are written in input (`input dot|comma`, `help input`): with a decimal point,
/// `1.5` and `round(2.345, 2)`, or with a decimal comma, `1,5` and `round(2,345; 2)`, where
/// dots may group thousands (`1.234,5`). Results are shown the same way, so they paste back.
public enum InputNotation: String, Sendable, Equatable, CaseIterable {
    case dot, comma

    /// The scalar that starts a number's decimals.
    package var decimalSeparator: Unicode.Scalar { self == .dot ? "." : "," }
}
