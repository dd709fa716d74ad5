import PerNumbers
import PerUnits
import PerLanguage

/// The boiler-water limits of one drum-pressure band (`help boiler`), the consensus figures
/// engineers check an industrial water-tube boiler against:
///
/// - maximum cycles of concentration (ABMA): 70, 60, 50, 40, 25, 20, 15, 10, as
///   industrialwateradvisory.com's steam-boiler tools give "ABMA Maximum CoC by Pressure"
///   (https://www.industrialwateradvisory.com/tools/steam-boiler/);
/// - boiler-water TDS (ABMA): 3500, 3000, 2500, 2000, 1500, 1250, 1000, 750 ppm, the ABMA
///   figures as water-treatment practice quotes them (no public page reproducing the ABMA
///   standard itself was found to cite);
/// - silica (ASME, ppm SiO₂): 150, 90, 40, 30, 20, 8, 2, 1; total alkalinity (ABMA, ppm as
///   CaCO₃): 700, 600, 500, 400, 300, 200, then 0; specific conductance, unneutralised
///   (ABMA, µS/cm = µmho/cm): 7000, 6000, 5000, 4000, 3000, 2000, 150, 100 — the "ASME
///   Guidelines for Water Quality in Modern Industrial Water Tube Boilers" and the "ABMA
///   Standard Boiler Water Concentrations for Minimizing Carryover" as reproduced at
///   https://www.scribd.com/documents/381467440 (ASME CRTD Vol. 34, 1994, is the consensus
///   itself). The 0 of alkalinity above 1000 psig means no free hydroxide (coordinated
///   phosphate or all-volatile treatment), not a total alkalinity that can be checked: it
///   is `nil` here.
///
/// A band holds the pressures above the top of the band before it, up to and with its
/// own top: 300 psig is in 0–300, 300.0001 psig in 301–450. Pressures in psig.
public struct BoilerWaterLimits: Sendable, Equatable {
    /// The band's top, psig.
    public let topPsig: Int
    /// `301–450 psig`, as the tables print the band.
    public let label: String
    public let cycles: Int
    /// ppm.
    public let tds: Int
    /// ppm as SiO₂.
    public let silica: Int
    /// ppm as CaCO₃; nil where the table asks for no free hydroxide alkalinity.
    public let alkalinity: Int?
    /// µS/cm.
    public let conductivity: Int

    public static let bands: [BoilerWaterLimits] = [
        .init(topPsig: 300, label: "0–300 psig", cycles: 70, tds: 3500, silica: 150, alkalinity: 700, conductivity: 7000),
        .init(topPsig: 450, label: "301–450 psig", cycles: 60, tds: 3000, silica: 90, alkalinity: 600, conductivity: 6000),
        .init(topPsig: 600, label: "451–600 psig", cycles: 50, tds: 2500, silica: 40, alkalinity: 500, conductivity: 5000),
        .init(topPsig: 750, label: "601–750 psig", cycles: 40, tds: 2000, silica: 30, alkalinity: 400, conductivity: 4000),
        .init(topPsig: 900, label: "751–900 psig", cycles: 25, tds: 1500, silica: 20, alkalinity: 300, conductivity: 3000),
        .init(topPsig: 1000, label: "901–1000 psig", cycles: 20, tds: 1250, silica: 8, alkalinity: 200, conductivity: 2000),
        .init(topPsig: 1500, label: "1001–1500 psig", cycles: 15, tds: 1000, silica: 2, alkalinity: nil, conductivity: 150),
        .init(topPsig: 2000, label: "1501–2000 psig", cycles: 10, tds: 750, silica: 1, alkalinity: nil, conductivity: 100),
    ]

    /// The top of the highest band, psig: above it the tables give no limits.
    public static let highestPsig = 2000

    /// The table as `help boiler` prints it, a header and a row a band.
    public static var manualRows: [[String]] {
        [["drum pressure", "cycles", "TDS ppm", "silica ppm", "alkalinity ppm", "conductivity µS/cm"]]
            + bands.map { band in
                [band.label, "\(band.cycles)", "\(band.tds)", "\(band.silica)", band.alkalinity.map { "\($0)" } ?? "0 (none free)",
                 "\(band.conductivity)"]
            }
    }

    /// The band of a drum pressure in psig; a pressure below 0 psig is in the lowest band,
    /// and one above 2000 psig in none.
    public static func band(psig: Number) -> BoilerWaterLimits? {
        bands.first { psig <= Number($0.topPsig) }
    }

    package static let psigUnit = UnitTable.compound("psig")!

    /// A pressure in MPa absolute (as the `pressure` input resolves) in psig: (p − 0.101325
    /// MPa, the standard atmosphere) over a psi, exactly (a psi is 0.45359237 kg ×
    /// 9.80665 m/s² per square inch of 0.0254 m a side).
    public static func psig(megapascals: Number) throws(ArithmeticError) -> Number {
        try (megapascals - Steam.atmosphere) * .exact(InputKind.megapascals.factor / psigUnit.factor)
    }

    /// The limit of a kind in this band as a number, nil where it has none.
    package func number(of limit: BoilerLimit) -> Number? { value(of: limit).map { Number($0) } }

    /// The limit of a kind in this band, nil where it has none.
    package func value(of limit: BoilerLimit) -> Int? {
        switch limit {
        case .cycles: return cycles
        case .tds: return tds
        case .silica: return silica
        case .alkalinity: return alkalinity
        case .conductivity: return conductivity
        }
    }
}

/// The kinds of limit a boiler's water is checked against, each with whose it is and its unit.
package enum BoilerLimit: CaseIterable, Sendable {
    case cycles, tds, silica, alkalinity, conductivity

    package var name: String {
        switch self {
        case .cycles: return "cycles"
        case .tds: return "TDS"
        case .silica: return "silica"
        case .alkalinity: return "alkalinity"
        case .conductivity: return "conductivity"
        }
    }

    /// Whose figure it is.
    package var source: String { self == .silica ? "ASME" : "ABMA" }

    /// `ppm`, `µS/cm`, or empty for the cycles.
    package var unit: String {
        switch self {
        case .cycles: return ""
        case .tds, .silica, .alkalinity: return "ppm"
        case .conductivity: return "µS/cm"
        }
    }

    /// `limit_silica`: the band's limit as a result.
    package var result: ResultSpec {
        let unit: ResultUnit = switch self {
        case .cycles: .plain
        case .tds, .silica, .alkalinity: .unit(Boiler.ppm)
        case .conductivity: .unit(Conductivity.unit)
        }
        let what = switch self {
        case .cycles: "the most cycles"
        case .tds: "the boiler-water TDS limit"
        case .silica: "the boiler-water silica limit, as SiO2"
        case .alkalinity: "the boiler-water total alkalinity limit, as CaCO3 (none above 1000 psig)"
        case .conductivity: "the boiler-water conductivity limit"
        }
        let key = self == .tds ? "tds" : name
        return ResultSpec("limit_\(key)", unit, .table,
                          "\(what) for the drum pressure (\(source), with pressure)")
    }
}
