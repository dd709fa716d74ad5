/// Text that came from a user or a file, made safe to show on a terminal, and measured
/// the way a terminal lays it out.
///
/// A terminal acts on control characters: ESC starts sequences that can retitle the
/// window or write the clipboard, CR moves back over what was printed, and the bidi
/// controls (U+202A–U+202E, U+2066–U+2069, …) reorder the characters around them. None
/// of these may reach the terminal from a name, a file or an echo of input; they are
/// shown visibly instead: `^[` for ESC, `^M` for CR, `^?` for DEL, `\u202E` for the rest.
public enum VisibleText {
    /// Whether a scalar must not reach a terminal as it is: C0 and C1 controls (tab
    /// included: it moves the cursor), DEL, every format character (the bidi controls
    /// among them), the line and paragraph separators, and the noncharacters.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // C0 controls, DEL and C1 controls; the rest of ASCII and Latin-1 shows.
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        switch value {
        case 0x2028, 0x2029, 0xFDD0...0xFDEF:
            return true
        case 0x200C, 0x200D:
            // The joiners shape letters and join emoji (👨‍👩‍👧); they neither move the cursor
            // nor reorder text.
            return false
        default:
            // Every other format character (Cf): bidi marks and overrides such as U+061C
            // and U+202E, zero-width spaces, tags.
            return value & 0xFFFE == 0xFFFE || scalar.properties.generalCategory == .format
        }
    }

    /// Whether a scalar acts on a terminal or on the order of the text around it: C0 and C1
    /// controls, DEL, the bidi marks and overrides, the line and paragraph separators. A
    /// name holding one is refused however it comes; other hidden characters (a soft
    /// hyphen, a zero-width space), which earlier versions of per accepted in names, are
    /// only shown visibly.
    public static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether any scalar of the text is hidden.
    public static func hasHidden(_ text: String) -> Bool {
        // ASCII text without controls is by far the common case.
        text.utf8.contains { $0 < 0x20 || $0 >= 0x7F } && text.unicodeScalars.contains(where: isHidden)
    }

    /// The text with every hidden scalar written visibly.
    public static func visible(_ text: String) -> String {
        guard hasHidden(text) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isHidden(scalar) else { shown.append(scalar); continue }
            let value = scalar.value
            let replacement: String
            if value < 0x20 {
                replacement = "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
            } else if value == 0x7F {
                replacement = "^?"
            } else {
                let hex = String(value, radix: 16, uppercase: true)
                replacement = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            shown.append(contentsOf: replacement.unicodeScalars)
        }
        return String(shown)
    }

    /// Whether every byte is printable ASCII (0x20…0x7E): one column each, nothing to make
    /// visible. Read from the string's bytes in place, as every cell of a table is.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var outside: UInt8 = 0
            // 0x20…0x7E is what stays below 0x5F after subtracting 0x20.
            for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
            return outside == 0
        } ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// How many terminal columns the text takes: East Asian wide and full-width
    /// characters and emoji take two, combining marks and joiners none, the rest one.
    /// Hidden scalars count as their visible forms would.
    public static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var columns = 0
        for character in text {
            columns += width(of: character)
        }
        return columns
    }

    /// The text cut to at most `columns` terminal columns, its end replaced by `…` when
    /// anything is cut; whole characters only, so a wide character that would straddle the
    /// limit goes too. Text that fits is returned as it is. Meant for visible text (see
    /// `visible`): a hidden scalar would be counted by its visible form but kept as it is.
    public static func cut(_ text: String, toWidth columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            kept.append(character)
            used += next
        }
        return kept + "…"
    }

    package static func width(of character: Character) -> Int {
        var zeroWidth = true
        for scalar in character.unicodeScalars {
            if isHidden(scalar) { return visible(String(character)).count }
            if isWide(scalar) || scalar.value == 0xFE0F { return 2 }
            if !isZeroWidth(scalar) { zeroWidth = false }
        }
        return zeroWidth ? 0 : 1
    }

    /// Combining marks, zero-width spaces and joiners, variation selectors.
    package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        case .format: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value) || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, and
    /// characters shown as emoji by default.
    package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        for range in wideRanges where range.contains(value) { return true }
        return scalar.properties.isEmojiPresentation
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
        0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension Array where Element == String {
    /// `a, b or c` (or `a, b and c`).
    package func listed(_ conjunction: String) -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
