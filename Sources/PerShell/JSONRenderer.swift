import PerCore

/// Renders each statement as one JSON object on one line (SPEC §9): always `input` and
/// `ok`; `error` and `column` (1-based, in the statement) on failure; `value` and `exact`
/// for expressions and assignments.
struct JSONRenderer {
    func line(for result: StatementResult) -> String {
        var fields: [(String, String)] = [("input", quote(result.input))]
        switch result.outcome {
        case .failure(let diagnostic):
            fields.append(("ok", "false"))
            fields.append(("error", quote(diagnostic.message)))
            fields.append(("column", String(diagnostic.range.lowerBound - result.source.offset + 1)))
        case .success(let outcome):
            fields.append(("ok", "true"))
            fields += self.fields(for: outcome)
        }
        return "{" + fields.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    private func fields(for outcome: Outcome) -> [(String, String)] {
        switch outcome {
        case .value(let value):
            return number(value)
        case .assignment(let name, let value):
            return [("name", quote(name))] + number(value)
        case .variables(let variables):
            let members = variables.map { "\(quote($0.name)):{\"value\":\(quote($0.value.text)),\"exact\":\($0.value.isExact)}" }
            return [("variables", "{" + members.joined(separator: ",") + "}")]
        case .removed(let names):
            return [("removed", "[" + names.map(quote).joined(separator: ",") + "]")]
        case .setting(let name, let value):
            return [("setting", quote(name)), ("value", quote(value))]
        case .help(let lines):
            return [("text", quote(lines.map(\.text).joined(separator: "\n")))]
        case .quit:
            return []
        }
    }

    private func number(_ value: DisplayedNumber) -> [(String, String)] {
        [("value", quote(value.text)), ("exact", value.isExact ? "true" : "false")]
    }

    /// A JSON string literal (RFC 8259 §7).
    func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
