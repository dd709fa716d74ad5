import PerLanguage
/// A JSON value (RFC 8259), for `--json` output and the saved-sets file: enough to write
/// them and to read the file back strictly, refusing anything malformed rather than guessing.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number kept as its text, so nothing is lost to floating point. It is written bare
    /// only when a reader that keeps numbers as doubles reads it back as itself
    /// (`isDoubleNumber`); otherwise as a string of the same text, so `1e400` is never read as
    /// infinity, nor `1e-400` as 0.
    case number(String)
    case string(String)
    case array([JSON])
    /// Members in order.
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    // MARK: Access

    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    // MARK: Writing

    /// Compact text, or indented by `indent` spaces per level.
    public func text(indent: Int = 0) -> String {
        String(decoding: utf8(indent: indent), as: UTF8.self)
    }

    /// `text(indent:)` as UTF-8 bytes, written straight into one buffer.
    public func utf8(indent: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout [UInt8], indent: Int, level: Int) {
        /// A line break and the indentation of `depth`, when indenting.
        func breakLine(_ depth: Int) {
            guard indent > 0 else { return }
            out.append(UInt8(ascii: "\n"))
            var spaces = indent * depth
            while spaces > 0 {
                let run = min(spaces, JSON.spaces.count)
                out.append(contentsOf: JSON.spaces[..<run])
                spaces -= run
            }
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text):
            if JSON.isDoubleNumber(text) { out.append(contentsOf: text.utf8) } else { JSON.quote(text, into: &out) }
        case .string(let text): JSON.quote(text, into: &out)
        case .array(let values):
            if values.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                breakLine(level + 1)
                value.write(into: &out, indent: indent, level: level + 1)
            }
            breakLine(level)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                breakLine(level + 1)
                JSON.quote(key, into: &out)
                out.append(contentsOf: (indent > 0 ? ": " : ":").utf8)
                value.write(into: &out, indent: indent, level: level + 1)
            }
            breakLine(level)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Appends a JSON string literal, escaping quotes, backslashes, and every scalar a
    /// terminal would act on (`VisibleText.isHidden`: controls, bidi controls, separators),
    /// so JSON read on a terminal is as safe as text.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Printable ASCII without a quote or a backslash, the usual case, goes as it is.
        let bytes = text.utf8.span
        var plain = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                plain = false
                break
            }
        }
        if plain {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: #"\""#.utf8)
            case "\\": out.append(contentsOf: #"\\"#.utf8)
            case "\n": out.append(contentsOf: #"\n"#.utf8)
            case "\r": out.append(contentsOf: #"\r"#.utf8)
            case "\t": out.append(contentsOf: #"\t"#.utf8)
            default:
                if VisibleText.isHidden(scalar) {
                    // Above U+FFFF (the plane-end noncharacters), as a UTF-16 surrogate pair.
                    let units = scalar.value > 0xFFFF
                        ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)]
                        : [scalar.value]
                    for unit in units {
                        let hex = String(unit, radix: 16)
                        out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    }
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Reading

    public struct ParseError: Error, Equatable, Sendable {
        public let message: String
        /// Byte offset of the problem.
        public let offset: Int
    }

    /// Parses a whole document; nesting deeper than 100 levels is refused.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = Reader(bytes: bytes)
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.index == bytes.count else { throw ParseError(message: "text after the JSON value", offset: parser.index) }
        return value
    }

    private struct Reader {
        package let bytes: [UInt8]
        package var index = 0

        package mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        package func fail(_ message: String) -> ParseError { ParseError(message: message, offset: index) }

        package mutating func expect(_ literal: String) throws(ParseError) {
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
                index += 1
            }
        }

        package mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < 100 else { throw fail("nested too deeply") }
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var values: [JSON] = []
                skipBlanks()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
                while true {
                    skipBlanks()
                    values.append(try value(depth: depth + 1))
                    skipBlanks()
                    guard index < bytes.count else { throw fail("unexpected end in an array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
                    throw fail("expected , or ]")
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, JSON)] = []
                skipBlanks()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipBlanks()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipBlanks()
                    try expect(":")
                    skipBlanks()
                    members.append((key, try value(depth: depth + 1)))
                    skipBlanks()
                    guard index < bytes.count else { throw fail("unexpected end in an object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw fail("expected , or }")
                }
            default:
                return .number(try number())
            }
        }

        package mutating func number() throws(ParseError) -> String {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, bytes[index] &- 48 < 10 { index += 1 }
            guard index > digitsStart else { throw fail("expected a value") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, bytes[index] &- 48 < 10 { index += 1 }
                guard index > fractionStart else { throw fail("expected digits after .") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponentStart = index
                while index < bytes.count, bytes[index] &- 48 < 10 { index += 1 }
                guard index > exponentStart else { throw fail("expected exponent digits") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        package mutating func string() throws(ParseError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
            }
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { throw fail("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw fail("bad \\u escape") }
                        scalars.append(scalar)
                    default: throw fail("bad escape")
                    }
                default:
                    guard byte >= 0x20 else { throw fail("control character in a string") }
                    run.append(byte)
                }
            }
        }

        package mutating func hex4() throws(ParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { throw fail("bad \\u escape") }
                value = value * 16 + digit
            }
            index += 4
            return value
        }
    }
}
