/// Why a statement failed, and where: `range` holds offsets (in Unicode scalars) into the
/// source line, so `column` is 1-based in that line.
public struct Diagnostic: Error, Sendable, Equatable {
    public let message: String
    public let range: Range<Int>

    public init(_ message: String, at range: Range<Int>) {
        self.message = message
        self.range = range
    }

    public var column: Int { range.lowerBound + 1 }
}
