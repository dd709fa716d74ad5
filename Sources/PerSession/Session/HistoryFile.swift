import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The interactive shell's history file, `history` (`help shell`): the
/// format, and how two shells' lines merge. The shell does the reading and writing.
///
/// The format is UTF-8 text, one entry per line, oldest first, each line ending in a line
/// feed. In an entry a backslash is written `\\`, a line break `\n`, and each byte of
/// another control character (C0, DEL, C1) as `\ooo` in octal, so the file never holds
/// what a terminal would act on; every other character is written as it is. Reading
/// skips empty lines, lines that are not valid UTF-8 (never guessing at them) and lines
/// longer than a statement may be.
///
/// A file written by libedit's `write_history` (earlier versions of per) starts with the
/// line `_HiStOrY_V2_` and writes characters as `vis(3)` escapes (`\040` for a blank);
/// it is read too, so its lines carry over, and the next save writes this format.
public enum HistoryFile {
    /// Entries kept.
    public static let limit = 1000

    /// The first line of a file written by libedit.
    static let libeditHeader = "_HiStOrY_V2_"

    public static func encode(_ entries: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            for scalar in entry.unicodeScalars {
                switch scalar.value {
                case 0x5C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0..<0x20, 0x7F...0x9F:
                    for byte in String(scalar).utf8 {
                        bytes += [UInt8(ascii: "\\")] + (0..<3).reversed().map { UInt8(ascii: "0") + (byte >> (3 * $0)) & 7 }
                    }
                default: bytes += String(scalar).utf8
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The entries of a file, at most the last `limit`.
    public static func decode(_ bytes: [UInt8]) -> [String] {
        decode(tail: bytes, head: bytes, cut: false)
    }

    /// How much of the end of a file is read for its entries: `limit` lines of 4 kB, far
    /// longer than statements are typed. A longer file is read only from there.
    public static let tailBytes = 4_000_000
    /// How much of the start of a file tells libedit's format from per's.
    public static let headBytes = 64

    /// The last `limit` entries of a file of which `tail` is the end and `head` the first
    /// bytes; `cut` says whether `tail` starts within the file, where its first line may
    /// be the end of one. Lines are read from the end, so no more are read than are kept.
    public static func decode(tail: [UInt8], head: [UInt8], cut: Bool) -> [String] {
        let newline = UInt8(ascii: "\n")
        let firstLine = head.drop { $0 == newline }.prefix { $0 != newline }
        let fromLibedit = firstLine.elementsEqual(libeditHeader.utf8) && firstLine.endIndex < head.endIndex
        var start = tail.startIndex
        if cut || fromLibedit {
            // Past a partial first line, or past the header.
            let skipped = cut ? tail.startIndex : tail.firstIndex { $0 != newline } ?? tail.endIndex
            start = tail[skipped...].firstIndex(of: newline).map { $0 + 1 } ?? tail.endIndex
        }
        var entries: [String] = []
        var end = tail.endIndex
        while end > start, entries.count < limit {
            let lineStart = tail[start..<end].lastIndex(of: newline).map { $0 + 1 } ?? start
            let line = tail[lineStart..<end]
            if !line.isEmpty, line.count <= ParserLimits.maxLineLength,
               let entry = String(validating: fromLibedit ? unvis(line) : unescape(line), as: UTF8.self), !entry.isEmpty {
                entries.append(entry)
            }
            end = lineStart - 1
        }
        return entries.reversed()
    }

    /// The file after a shell adds `new` entries to what it holds now: those entries after
    /// the current ones, the last `limit` kept.
    public static func merge(_ current: [String], adding new: [String]) -> [String] {
        Array((current + new).suffix(limit))
    }

    /// `\\`, `\n` and `\ooo` undone; any other backslash stands for itself.
    private static func unescape(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < line.endIndex else { out.append(byte); continue }
            switch line[index] {
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); index += 1
            case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n")); index += 1
            case UInt8(ascii: "0")...UInt8(ascii: "3") where index + 2 < line.endIndex
                && line[(index + 1)...(index + 2)].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }):
                out.append(line[index...(index + 2)].reduce(0) { $0 << 3 | ($1 - UInt8(ascii: "0")) })
                index += 3
            default: out.append(byte)
            }
        }
        return out
    }

    /// libedit's `vis(3)` escapes undone: `\ooo` (octal), `\\`, `\^C` (control), `\M-c`
    /// and `\M^C` (meta), and the C escapes `\n \t \r \b \a \v \f \s \E`. Anything else
    /// stands for itself.
    private static func unvis(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = line.startIndex
        func next() -> UInt8? {
            guard index < line.endIndex else { return nil }
            defer { index += 1 }
            return line[index]
        }
        func control(_ byte: UInt8) -> UInt8 { byte == UInt8(ascii: "?") ? 0x7F : byte & 0x1F }
        while let byte = next() {
            guard byte == UInt8(ascii: "\\"), let escape = next() else { out.append(byte); continue }
            switch escape {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escape - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard index < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(line[index]) else { break }
                    value = value * 8 + Int(line[index] - UInt8(ascii: "0"))
                    index += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "^"):
                if let c = next() { out.append(control(c)) }
            case UInt8(ascii: "M"):
                switch next() {
                case UInt8(ascii: "-")?: if let c = next() { out.append(c | 0x80) }
                case UInt8(ascii: "^")?: if let c = next() { out.append(control(c) | 0x80) }
                default: break
                }
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "s"): out.append(0x20)
            case UInt8(ascii: "E"): out.append(0x1B)
            default: out.append(escape)
            }
        }
        return out
    }
}
