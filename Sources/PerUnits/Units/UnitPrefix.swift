import PerNumbers

/// The prefixes a unit takes, declared once for all units: the SI prefixes (SI Brochure 9,
/// Table 7: `k` = 10³, `µ` = 10⁻⁶, …) and the binary prefixes of IEC 80000-13 (`Ki` = 2¹⁰,
/// `Mi` = 2²⁰, …). A catalogue line says which apply to its unit: `si` all SI prefixes
/// (`m`, `g`, `J`, `Pa`), `si+` only the multiples (`B`, `bit`: no decibyte to misread a
/// decibel), `binary` the binary ones too. Customary units take none (no hecto-ell).
struct UnitPrefix: Sendable {
    let symbol: String
    let name: String
    /// 10 for an SI prefix, 2 for a binary one.
    let base: Int
    let exponent: Int

    /// The prefix's factor: base^exponent, exact.
    var factor: Rational {
        Rational(BigInt(base)).power(exponent)
    }

    /// Every prefix, the binary ones first so that `Mi` is read before `M`, and `da`
    /// before `d`. `u` and the Greek `μ` are read as the micro sign `µ`, as keyboards
    /// without µ write it (`um`, `ug`).
    static let all: [UnitPrefix] = [
        ("Ki", "kibi", 10), ("Mi", "mebi", 20), ("Gi", "gibi", 30), ("Ti", "tebi", 40), ("Pi", "pebi", 50), ("Ei", "exbi", 60),
    ].map { UnitPrefix(symbol: $0.0, name: $0.1, base: 2, exponent: $0.2) } + [
        ("Q", "quetta", 30), ("R", "ronna", 27), ("Y", "yotta", 24), ("Z", "zetta", 21), ("E", "exa", 18), ("P", "peta", 15),
        ("T", "tera", 12), ("G", "giga", 9), ("M", "mega", 6), ("k", "kilo", 3), ("h", "hecto", 2), ("da", "deca", 1),
        ("da", "deka", 1), ("d", "deci", -1), ("c", "centi", -2), ("m", "milli", -3), ("µ", "micro", -6), ("μ", "micro", -6),
        ("u", "micro", -6), ("n", "nano", -9), ("p", "pico", -12), ("f", "femto", -15), ("a", "atto", -18),
        ("z", "zepto", -21), ("y", "yocto", -24), ("r", "ronto", -27), ("q", "quecto", -30),
    ].map { UnitPrefix(symbol: $0.0, name: $0.1, base: 10, exponent: $0.2) }

    /// The symbol shown for the prefix: `µ` however micro was written.
    var shownSymbol: String { base == 10 && exponent == -6 ? "µ" : symbol }

    /// Whether a unit whose catalogue options are `options` takes this prefix.
    func applies(to options: Substring) -> Bool {
        var allowed = false
        for option in options.split(separator: " ") {
            switch option {
            case "si": allowed = allowed || base == 10
            case "si+": allowed = allowed || (base == 10 && exponent > 0)
            case "binary": allowed = allowed || base == 2
            default: break
            }
        }
        return allowed
    }

    /// Words the rule never reads, though a prefix and a unit spell them: `am` and `pm`,
    /// the times of day (§18), not attometres and picometres, and the word `as`.
    static let notPrefixed: Set<String> = ["am", "pm", "as"]
}
