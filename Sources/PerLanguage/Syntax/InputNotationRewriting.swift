import PerNumbers

extension InputNotation {
    /// A statement written in `self`, rewritten for `other` scalar for scalar, so every
    /// column stays where it was: in each number a decimal separator becomes the other one
    /// and a grouping dot `_` (`1.234,5` in comma input is `1_234.5` in dot input), and an
    /// argument separator becomes the other one (`max(x; 2)` is `max(x, 2)`). User
    /// functions keep their bodies in dot input, so a body reads the same whichever
    /// notation is set when it runs. Refuses what `self` cannot read as a number.
    public func rewritten(_ source: StatementSource, for other: InputNotation) throws(Diagnostic) -> StatementSource {
        guard other != self else { return source }
        var scalars = source.scalars
        for token in Lexer.tokens(of: source, notation: self) {
            switch token.kind {
            case .invalid(let error):
                throw Diagnostic(error, at: token.range)
            case .comma:
                scalars[token.range.lowerBound] = other == .dot ? "," : ";"
            case .number:
                for index in token.range {
                    switch scalars[index] {
                    case "." where self == .comma: scalars[index] = "_"
                    case ".": scalars[index] = ","
                    case ",": scalars[index] = "."
                    default: break
                    }
                }
            default:
                break
            }
        }
        return StatementSource(scalars)
    }
}
