import PerNumbers
import PerUnits
import PerLanguage

/// The units the boiler's and cooling's flow results are shown in (`units us|metric`):
/// US (gpm, lb/h, lb/day) or metric (m³/h, kg/h, kg/day). No choice follows the inputs:
/// US when the flow, heat load or steam was written in a US unit. The values, `ESTIMATOR.RESULT`
/// and JSON keep their metric units; only the text's figures change.
public enum UnitSystem: String, CaseIterable, Sendable {
    case us
    case metric

    /// The word `units` takes to go back to following the inputs.
    public static let followingInputs = "inputs"

    /// The setting as `units` shows it: `us`, `metric` or `inputs`.
    public static func word(_ system: UnitSystem?) -> String { system?.rawValue ?? followingInputs }

    /// Units of US customary plant practice: a flow, heat load or steam written in one of
    /// these makes the results follow in US units.
    package static let usAtoms: [Unit] = ["gpm", "gph", "gpd", "MGD", "cfm", "cfs", "gal", "ft", "lb", "bhp", "hp", "TR", "BTU", "MBH", "kBtu", "MMBtu"]
        .compactMap(UnitTable.atom(named:))

    /// Whether a unit is written with a US customary unit (`lb/h`, `gpm`, `TR`).
    package static func isUS(_ unit: CompoundUnit) -> Bool {
        unit.terms.contains { usAtoms.contains($0.atom) }
    }

    package static let poundsPerHour = UnitTable.compound("lb/h")!
    package static let poundsPerDay = UnitTable.compound("lb/day")!
    package static let pounds = UnitTable.compound("lb")!
}

extension ResolvedInputs {
    /// Whether the results show in US units: as `units` chose, else when one of these
    /// inputs (the flow, heat load or steam) was written in a US unit.
    package func showsUS(following inputs: [InputSpec]) -> Bool {
        switch unitSystem {
        case .us?: return true
        case .metric?: return false
        case nil: return inputs.contains { unit(of: $0).map(UnitSystem.isUS) ?? false }
        }
    }
}

/// How a mass result in kg (a flow in kg/h, an amount in kg/day) is shown: in its own
/// unit, or in pounds. 1 lb = 0.45359237 kg exactly (NIST SP 811), so kg/h over lb/h is
/// 1/0.45359237.
package struct MassFigures: Sendable {
    /// The unit shown for kg/h, for kg/day, and the word for `kg per 30 days`.
    package let perHour: CompoundUnit, perDay: CompoundUnit, mass: String
    /// The shown unit's amount in one of the metric unit (lb in a kg).
    package let factor: Number

    package init(us: Bool) {
        if us {
            (perHour, perDay, mass) = (UnitSystem.poundsPerHour, UnitSystem.poundsPerDay, "lb")
            factor = .exact(Boiler.kilogramsPerHour.factor / UnitSystem.poundsPerHour.factor)
        } else {
            (perHour, perDay, mass) = (Boiler.kilogramsPerHour, Boiler.kilogramsPerDay, "kg")
            factor = 1
        }
    }

    /// Whether figures are shown in pounds.
    package var isUS: Bool { mass == "lb" }

    /// A flow in kg/h as the line shows it; nil when it is shown in kg/h.
    package func flow(_ kilogramsPerHour: Number) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try kilogramsPerHour * factor, perHour.symbol) : nil
    }

    /// An amount a day in kg as the line shows it; nil when it is shown in kg/day.
    package func daily(_ kilogramsPerDay: Number) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try kilogramsPerDay * factor, perDay.symbol) : nil
    }

    /// An amount in kg as the line shows it (a biocide's slug); nil when it is shown in kg.
    package func amount(_ kilograms: Number) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try kilograms * factor, mass) : nil
    }

    /// `70.46 kg per 30 days`, or in lb.
    package func thirtyDays(_ kilogramsPerDay: Number) throws(ArithmeticError) -> Figure {
        .number(try kilogramsPerDay * 30 * factor, "\(mass) per 30 days")
    }
}

/// The other figures a plant's rows show, in US units when `isUS` (°F, BTU/h, psia, gal),
/// else as computed: each a unit's size over another's in per's unit table (1 BTU =
/// 1055.05585262 J, 1 gal = 3.785411784 L, 1 psi = 6894.757… Pa: NIST SP 811).
extension MassFigures {
    fileprivate static func ratio(_ from: String, _ to: String) -> Number {
        .exact(UnitTable.compound(from)!.factor / UnitTable.compound(to)!.factor)
    }
    static let btuPerHourInKilowatt = ratio("kW", "BTU/h")
    static let psiInMegapascal = ratio("MPa", "psi")
    static let gallonsInLitre = ratio("L", "gal")
    static let btuPerPoundInKilojoulePerKilogram = ratio("kJ/kg", "BTU/lb")

    /// A temperature in °C as a line's figure in °F (°F = °C × 9/5 + 32); nil in metric.
    package func temperature(_ celsius: Number) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try celsius * .exact(Rational(9, 5)) + 32, "°F") : nil
    }

    /// A power in kW as a line's figure in BTU/h; nil in metric.
    package func power(_ kilowatts: Number) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try kilowatts * Self.btuPerHourInKilowatt, "BTU/h") : nil
    }

    /// A volume a time in L as a figure in US gallons, `unit` being the time (`h`, `day`); nil in metric.
    package func gallons(_ litres: Number, per time: String) throws(ArithmeticError) -> Figure? {
        isUS ? .number(try litres * Self.gallonsInLitre, "gal/\(time)") : nil
    }

    /// `15.56 °C` or `60 °F`, for notes.
    package func temperatureText(_ celsius: Number) throws(ArithmeticError) -> String {
        let figure = try temperature(celsius) ?? .number(celsius, "°C")
        return text(figure)
    }

    /// `3.49 kW` or `11,908.37 BTU/h`, for notes.
    package func powerText(_ kilowatts: Number) throws(ArithmeticError) -> String {
        text(try power(kilowatts) ?? .number(kilowatts, "kW"))
    }

    /// `4.79 kg/h` or `10.56 lb/h`, for notes.
    package func flowText(_ kilogramsPerHour: Number) throws(ArithmeticError) -> String {
        text(try flow(kilogramsPerHour) ?? .number(kilogramsPerHour, "kg/h"))
    }

    /// `0.136 MPa absolute` or `19.74 psia`, for notes.
    package func pressureText(_ megapascals: Number) throws(ArithmeticError) -> String {
        isUS ? "\(EstimateFormat.number(try megapascals * Self.psiInMegapascal)) psia" : "\(EstimateFormat.number(megapascals)) MPa absolute"
    }

    /// `722.07 kJ per kg` or `310.43 BTU per lb`, for notes.
    package func energyPerMassText(_ kilojoulesPerKilogram: Number) throws(ArithmeticError) -> String {
        isUS ? "\(EstimateFormat.number(try kilojoulesPerKilogram * Self.btuPerPoundInKilojoulePerKilogram)) BTU per lb"
            : "\(EstimateFormat.number(kilojoulesPerKilogram)) kJ per kg"
    }

    private func text(_ figure: Figure) -> String {
        guard case .number(let value) = figure.value else { return figure.unit }
        return "\(EstimateFormat.number(value)) \(figure.unit)"
    }
}

extension MassFigures {
    /// The defaults an estimate used, as the line `defaults:` shows them: in US units a
    /// temperature in °F (°C × 9/5 + 32), a difference of temperature in Δ°F (K × 9/5), a
    /// gauge pressure in psig (1 bar = 100,000 Pa, 1 psi = 6894.757… Pa: NIST SP 811) and a
    /// factor per kelvin per Δ°F (× 5/9); the rest, and everything in metric, as declared.
    package func defaults(_ used: [Estimate.UsedInput], of estimator: any Estimator.Type) -> [Estimate.UsedInput] {
        guard isUS else { return used }
        return used.map { input in
            guard input.isDefault, let spec = estimator.spec(input.key), case .quantity(let q)? = spec.defaultValue, q.isPlain,
                  let text = try? usText(q.magnitude, spec) else { return input }
            var shown = input
            shown.textInUS = text
            return shown
        }
    }

    private static let perKelvin = UnitTable.compound("per K")!
    private static let psiInBar = ratio("bar", "psi")

    private func usText(_ value: Number, _ spec: InputSpec) throws(ArithmeticError) -> String? {
        let f = EstimateFormat.number
        switch spec.kind {
        case .temperatureDifference: return "\(f(try value * .exact(Rational(9, 5)))) Δ°F"
        case .pressure: return "\(f(try value * Self.psiInBar)) psig"
        case .quantity(let unit) where unit == Cooling.celsius: return "\(f(try value * .exact(Rational(9, 5)) + 32)) °F"
        case .quantity(let unit) where unit == Self.perKelvin: return "\(try Cooling.perFahrenheit(value)) per Δ°F"
        default: return nil
        }
    }
}
