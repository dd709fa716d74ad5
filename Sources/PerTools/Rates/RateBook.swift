import PerNumbers
import PerUnits
import PerLanguage

/// `rates.csv`, the rates kept beside the price book: made from what a file held, merged
/// with an import, written back, and what `rates` and `rates import` say of them.
public enum RateBook {
    /// Its name, in per's private directory.
    public static let fileName = "rates.csv"

    /// The rates a reading of `rates.csv` holds, each line's source its own.
    public static func table(_ reading: RateFile.Reading) -> ReferenceRates {
        var sources: [String] = [], index: [String: Int] = [:]
        let entries = reading.rates.map { rate -> (CurrencyCode, ReferenceRates.Entry) in
            let source = rate.source ?? "file"
            let number = index[source] ?? {
                sources.append(source)
                index[source] = sources.count - 1
                return sources.count - 1
            }()
            return (rate.currency, ReferenceRates.Entry(date: rate.date, perEuro: rate.perEuro, source: number))
        }
        return ReferenceRates(entries, sources: sources)
    }

    /// What an import did: the rates kept now, and how many of the file's were new or
    /// changed a day's rate.
    public struct Merge: Sendable {
        public let rates: ReferenceRates
        public let added: Int
        public let unchanged: Int
    }

    /// The rates kept with a file's added: a day's rate of a currency the file has too
    /// is the file's (`source`); every other is kept.
    public static func merged(_ kept: ReferenceRates?, _ reading: RateFile.Reading, source: String) -> Merge {
        var sources = kept?.sources ?? []
        let number = sources.firstIndex(of: source) ?? {
            sources.append(source)
            return sources.count - 1
        }()
        var entries: [(CurrencyCode, ReferenceRates.Entry)] = []
        var unchanged = 0
        var had: [CurrencyCode: [Int: Rational]] = [:]
        if let kept {
            for code in kept.currencies {
                for entry in kept.entries(of: code) {
                    entries.append((code, entry))
                    had[code, default: [:]][entry.date.dayNumber] = entry.perEuro
                }
            }
        }
        for rate in reading.rates {
            if had[rate.currency]?[rate.date.dayNumber] == rate.perEuro {
                unchanged += 1
                continue
            }
            entries.append((rate.currency, ReferenceRates.Entry(date: rate.date, perEuro: rate.perEuro, source: number)))
        }
        return Merge(rates: ReferenceRates(entries, sources: sources), added: reading.rates.count - unchanged, unchanged: unchanged)
    }

    /// The file's text: the header, then a line a rate, by day and currency.
    public static func text(_ rates: ReferenceRates) -> String {
        var lines: [(day: Int, code: CurrencyCode, line: String)] = []
        for code in rates.currencies {
            for entry in rates.entries(of: code) {
                lines.append((entry.date.dayNumber, code,
                              "\(entry.date.text),\(code.code),\(decimalText(entry.perEuro)),\(rates.sources[entry.source])\n"))
            }
        }
        lines.sort { ($0.day, $0.code) < ($1.day, $1.code) }
        return RateFile.header + "\n" + lines.map(\.line).joined()
    }

    /// A rate read from a decimal, as those digits again (`1.0812`): exact, at most 40 places.
    public static func decimalText(_ value: Rational) -> String {
        var scaled = value, places = 0
        while !scaled.isInteger && places < RateFile.maxRateLength {
            scaled = scaled * Rational(10)
            places += 1
        }
        let digits = scaled.numerator.description
        guard places > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let cut = padded.index(padded.endIndex, offsetBy: -places)
        var fraction = String(padded[cut...])
        while fraction.last == "0" { fraction.removeLast() }
        return String(padded[..<cut]) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `rates`: each currency's latest rate, `1 € = 1.0812 USD (2026-11-27, eurofxref-daily.xml)`,
    /// after a line saying what the file holds.
    public static func lines(_ rates: ReferenceRates, fileName: String) -> [String] {
        guard !rates.isEmpty else { return [] }
        let all = rates.currencies.flatMap { rates.entries(of: $0) }
        let first = all.min { $0.date.dayNumber < $1.date.dayNumber }!.date, last = all.max { $0.date.dayNumber < $1.date.dayNumber }!.date
        let span = first == last ? "of \(first.text)" : "from \(first.text) to \(last.text)"
        var lines = ["\(fileName): \(all.count) \(all.count == 1 ? "rate" : "rates") of \(rates.currencies.count) "
                     + "\(rates.currencies.count == 1 ? "currency" : "currencies") \(span), per euro; the latest:"]
        for code in rates.currencies {
            guard let entry = rates.entry(of: code, on: nil) else { continue }
            lines.append("1 € = \(decimalText(entry.perEuro)) \(code.symbol)  (\(entry.date.text), \(rates.sources[entry.source]))")
        }
        return lines
    }
}
