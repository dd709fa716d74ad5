/// Why a statement failed, and where: `range` holds offsets (in Unicode scalars) into the
/// source line, so `column` is 1-based in that line.
public struct Diagnostic: Error, Sendable, Equatable {
    public let message: String
    public let range: Range<Int>
    /// Inputs an estimator needs and did not get, in order; a terminal can ask for them.
    public let missingInputs: [MissingInput]
    /// The estimator input a rule refused (`tds` when it is not below `maxtds`), so a
    /// terminal that asked for it can ask again.
    public let refusedInput: String?

    public init(_ message: String, at range: Range<Int>, missingInputs: [MissingInput] = [], refusedInput: String? = nil) {
        self.message = message
        self.range = range
        self.missingInputs = missingInputs
        self.refusedInput = refusedInput
    }

    public var column: Int { range.lowerBound + 1 }
}

/// An estimator input that a statement left out, with what to ask for it.
public struct MissingInput: Sendable, Equatable {
    public let estimator: String
    public let key: String
    /// `steam output (kg/h; also t/h, lb/h, kg/s; more than 0 kg/h)`.
    public let description: String
}
