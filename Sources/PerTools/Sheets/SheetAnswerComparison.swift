import PerNumbers
import PerLanguage

extension SheetText.Answer {
    /// Whether `self`, as recorded in a sheet, says what `other` says (`per sheet --check`):
    /// the same text, or the same words around a number of the same value, so a recorded
    /// `2.0` is `2` and `€15.40` is `€15.4`. The number is the first in the text, read with
    /// `notation`'s decimal separator and, between groups of three digits, its grouping
    /// one; anything else is compared as text.
    public func isSame(as other: SheetText.Answer, notation: InputNotation = .dot) -> Bool {
        if self == other { return true }
        guard case .value(let recorded) = self, case .value(let now) = other,
              let a = SheetNumber(recorded, notation: notation), let b = SheetNumber(now, notation: notation) else { return false }
        return a.before == b.before && a.after == b.after && a.value == b.value
    }
}

/// A shown answer taken apart at its first number: the text before it, the number's
/// exact value, and the text after it.
package struct SheetNumber: Equatable {
    package let before: Substring
    package let value: Rational
    package let after: Substring

    package init?(_ text: String, notation: InputNotation) {
        let decimal: Character = notation == .dot ? "." : ",", grouping: Character = notation == .dot ? "," : "."
        let characters = Array(text)
        guard let firstDigit = characters.firstIndex(where: \.isASCIIDigit) else { return nil }
        let negative = firstDigit > 0 && (characters[firstDigit - 1] == "-" || characters[firstDigit - 1] == "−")
        var index = firstDigit
        func digits() -> String {
            var run = ""
            while index < characters.count, characters[index].isASCIIDigit { run.append(characters[index]); index += 1 }
            return run
        }
        var whole = digits(), fraction = "", exponent = 0
        // A grouping separator counts only between groups of three digits, after one to three.
        if whole.count <= 3 {
            while index < characters.count, characters[index] == grouping {
                let mark = index
                index += 1
                let group = digits()
                guard group.count == 3 else { index = mark; break }
                whole += group
            }
        }
        if index + 1 < characters.count, characters[index] == decimal, characters[index + 1].isASCIIDigit {
            index += 1
            fraction = digits()
        }
        if index + 1 < characters.count, characters[index] == "e" {
            let mark = index
            index += 1
            var sign = 1
            if characters[index] == "-" || characters[index] == "+" { sign = characters[index] == "-" ? -1 : 1; index += 1 }
            let power = digits()
            if power.isEmpty || power.count > 4 { index = mark } else { exponent = sign * Int(power)! }
        }
        var value = Rational(decimal: whole + (fraction.isEmpty ? "" : "." + fraction))
        if exponent != 0 { value = value * Rational(10).power(exponent) }
        before = Substring(String(characters[..<(negative ? firstDigit - 1 : firstDigit)]))
        self.value = negative ? -value : value
        after = Substring(String(characters[index...]))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
