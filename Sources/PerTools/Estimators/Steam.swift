import PerNumbers
import PerLanguage

/// Water and steam by IAPWS-IF97 (IAPWS R7-97(2012), "Revised Release on the IAPWS
/// Industrial Formulation 1997 for the Thermodynamic Properties of Water and Steam"): the
/// saturation line (region 4, equations 30 and 31), the liquid (region 1, equation 7
/// and table 3) and the vapour (region 2, equation 15 and table 12). Temperatures in K,
/// pressures in MPa, enthalpies in kJ/kg.
///
/// The equations are evaluated in binary floating point, in a fixed order, and each
/// figure is given bounds of 10⁻¹² of itself either side (`bounded`): thousands of times
/// the rounding of a few dozen operations, and far inside IF97's own agreement with
/// IAPWS-95 (a few parts in 10⁵ of the enthalpy). Exact bounds through the 34 powers of
/// region 1 are far slower, and a sweep evaluates them hundreds of times.
public enum Steam {
    /// The saturation line runs from the triple point (273.16 K, 611.657 Pa) to the
    /// critical point (647.096 K, 22.064 MPa), in MPa.
    public static let triplePointPressure = Number.decimal("0.000611657")
    public static let criticalPressure = Number.decimal("22.064")
    /// Region 1 holds the liquid up to 623.15 K; on the saturation line, up to ps(623.15 K) =
    /// 16.5291643 MPa (the boundary IF97 gives), beyond which the liquid is region 3's.
    public static let liquidRegionPressure = Number.decimal("16.5291643")
    /// The standard atmosphere, MPa.
    public static let atmosphere = Number.decimal("0.101325")
    /// The specific gas constant of water, kJ/(kg·K) (IF97 equation 1).
    package static let gasConstant = 0.461526

    /// Region 4's coefficients n1 … n10 (IF97 table 34).
    private static let n = [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.12020824702470e5, -0.32325550322333e7,
                            0.14915108613530e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3]

    /// The saturation pressure at a temperature, MPa (IF97 equation 30):
    /// ϑ = T + n9/(T − n10), A = ϑ² + n1·ϑ + n2, B = n3·ϑ² + n4·ϑ + n5, C = n6·ϑ² + n7·ϑ + n8,
    /// ps = (2C / (−B + √(B² − 4AC)))⁴.
    public static func saturationPressure(kelvin: Number) throws(ArithmeticError) -> Number {
        let t = kelvin.doubleValue
        let theta = t + n[8] / (t - n[9])
        let a = theta * theta + n[0] * theta + n[1]
        let b = n[2] * theta * theta + n[3] * theta + n[4]
        let c = n[5] * theta * theta + n[6] * theta + n[7]
        let x = 2 * c / (-b + (b * b - 4 * a * c).squareRoot())
        return try bounded(x * x * x * x)
    }

    /// The saturation temperature at a pressure, K (IF97 equation 31): β = ps^¼,
    /// E = β² + n3·β + n6, F = n1·β² + n4·β + n7, G = n2·β² + n5·β + n8, D = 2G/(−F − √(F² − 4EG)),
    /// Ts = (n10 + D − √((n10 + D)² − 4(n9 + n10·D)))/2.
    public static func saturationTemperature(megapascals: Number) throws(ArithmeticError) -> Number {
        let beta = megapascals.doubleValue.squareRoot().squareRoot()
        let e = beta * beta + n[2] * beta + n[5]
        let f = n[0] * beta * beta + n[3] * beta + n[6]
        let g = n[1] * beta * beta + n[4] * beta + n[7]
        let d = 2 * g / (-f - (f * f - 4 * e * g).squareRoot())
        return try bounded((n[9] + d - ((n[9] + d) * (n[9] + d) - 4 * (n[8] + n[9] * d)).squareRoot()) / 2)
    }

    /// Region 1's terms (I, J, n) (IF97 table 2).
    private static let region1: [(i: Int, j: Int, n: Double)] = [
        (0, -2, 0.14632971213167), (0, -1, -0.84548187169114), (0, 0, -0.37563603672040e1), (0, 1, 0.33855169168385e1),
        (0, 2, -0.95791963387872), (0, 3, 0.15772038513228), (0, 4, -0.16616417199501e-1), (0, 5, 0.81214629983568e-3),
        (1, -9, 0.28319080123804e-3), (1, -7, -0.60706301565874e-3), (1, -1, -0.18990068218419e-1), (1, 0, -0.32529748770505e-1),
        (1, 1, -0.21841717175414e-1), (1, 3, -0.52838357969930e-4), (2, -3, -0.47184321073267e-3), (2, 0, -0.30001780793026e-3),
        (2, 1, 0.47661393906987e-4), (2, 3, -0.44141845330846e-5), (2, 17, -0.72694996297594e-15), (3, -4, -0.31679644845054e-4),
        (3, 0, -0.28270797985312e-5), (3, 6, -0.85205128120103e-9), (4, -5, -0.22425281908000e-5), (4, -2, -0.65171222895601e-6),
        (4, 10, -0.14341729937924e-12), (5, -8, -0.40516996860117e-6), (8, -11, -0.12734301741641e-8), (8, -6, -0.17424871230634e-9),
        (21, -29, -0.68762131295531e-18), (23, -31, 0.14478307828521e-19), (29, -38, 0.26335781662795e-22),
        (30, -39, -0.11947622640071e-22), (31, -40, 0.18228094581404e-23), (32, -41, -0.93537087292458e-25),
    ]

    /// The specific enthalpy of the liquid at a temperature and pressure, kJ/kg (IF97
    /// region 1): h = R·T·τ·γτ with π = p/16.53 MPa, τ = 1386 K/T and
    /// γτ = Σ nᵢ·(7.1 − π)^Iᵢ·Jᵢ·(τ − 1.222)^(Jᵢ−1).
    public static func liquidEnthalpy(kelvin: Number, megapascals: Number) throws(ArithmeticError) -> Number {
        let t = kelvin.doubleValue
        let tau = 1386 / t
        let a = 7.1 - megapascals.doubleValue / 16.53, b = tau - 1.222
        // Each power once, by repeated products: the exponents run from 0 to 32 and −42 to 16.
        var aPowers = [1.0]
        for _ in 0..<32 { aPowers.append(aPowers[aPowers.count - 1] * a) }
        var bPowers = [Double](repeating: 1, count: 59)  // b^(k − 42) at k
        for k in stride(from: 41, through: 0, by: -1) { bPowers[k] = bPowers[k + 1] / b }
        for k in 43..<59 { bPowers[k] = bPowers[k - 1] * b }
        var gammaTau = 0.0
        for term in region1 where term.j != 0 {
            gammaTau += term.n * aPowers[term.i] * Double(term.j) * bPowers[term.j - 1 + 42]
        }
        return try bounded(gasConstant * t * tau * gammaTau)
    }

    /// Region 2's ideal-gas part, terms (J°, n°) (IF97 table 10).
    private static let region2Ideal: [(j: Int, n: Double)] = [
        (0, -0.96927686500217e1), (1, 0.10086655968018e2), (-5, -0.56087911283020e-2), (-4, 0.71452738081455e-1),
        (-3, -0.40710498223928), (-2, 0.14240819171444e1), (-1, -0.43839511319450e1), (2, -0.28408632460772),
        (3, 0.21268463753307e-1),
    ]

    /// Region 2's residual part, terms (I, J, n) (IF97 table 11).
    private static let region2Residual: [(i: Int, j: Int, n: Double)] = [
        (1, 0, -0.17731742473213e-2), (1, 1, -0.17834862292358e-1), (1, 2, -0.45996013696365e-1), (1, 3, -0.57581259083432e-1),
        (1, 6, -0.50325278727930e-1), (2, 1, -0.33032641670203e-4), (2, 2, -0.18948987516315e-3), (2, 4, -0.39392777243355e-2),
        (2, 7, -0.43797295650573e-1), (2, 36, -0.26674547914087e-4), (3, 0, 0.20481737692309e-7), (3, 1, 0.43870667284435e-6),
        (3, 3, -0.32277677238570e-4), (3, 6, -0.15033924542148e-2), (3, 35, -0.40668253562649e-1), (4, 1, -0.78847309559367e-9),
        (4, 2, 0.12790717852285e-7), (4, 3, 0.48225372718507e-6), (5, 7, 0.22922076337661e-5), (6, 3, -0.16714766451061e-10),
        (6, 16, -0.21171472321355e-2), (6, 35, -0.23895741934104e2), (7, 0, -0.59059564324270e-17), (7, 11, -0.12621808899101e-5),
        (7, 25, -0.38946842435739e-1), (8, 8, 0.11256211360459e-10), (8, 36, -0.82311340897998e1), (9, 13, 0.19809712802088e-7),
        (10, 4, 0.10406965210174e-18), (10, 10, -0.10234747095929e-12), (10, 14, -0.10018179379511e-8), (16, 29, -0.80882908646985e-10),
        (16, 50, 0.10693031879409), (18, 57, -0.33662250574171), (20, 20, 0.89185845355421e-24), (20, 35, 0.30629316876232e-12),
        (20, 48, -0.42002467698208e-5), (21, 21, -0.59056029685639e-25), (22, 53, 0.37826947613457e-5), (23, 39, -0.12768608934681e-14),
        (24, 26, 0.73087610595061e-28), (24, 40, 0.55414715350778e-16), (24, 58, -0.94369707241210e-6),
    ]

    /// The specific enthalpy of the vapour at a temperature and pressure, kJ/kg (IF97
    /// region 2, equation 15 and table 12): h = R·T·τ·(γ°τ + γʳτ) with π = p/1 MPa,
    /// τ = 540 K/T, γ°τ = Σ n°ᵢ·J°ᵢ·τ^(J°ᵢ−1) and γʳτ = Σ nᵢ·π^Iᵢ·Jᵢ·(τ − 0.5)^(Jᵢ−1).
    public static func vapourEnthalpy(kelvin: Number, megapascals: Number) throws(ArithmeticError) -> Number {
        let t = kelvin.doubleValue
        let tau = 540 / t, pi = megapascals.doubleValue, b = tau - 0.5
        /// x to a whole power, by repeated products.
        func power(_ x: Double, _ n: Int) -> Double {
            var product = 1.0
            for _ in 0..<Swift.abs(n) { product *= x }
            return n < 0 ? 1 / product : product
        }
        var gammaTau = 0.0
        for term in region2Ideal where term.j != 0 { gammaTau += term.n * Double(term.j) * power(tau, term.j - 1) }
        for term in region2Residual where term.j != 0 { gammaTau += term.n * power(pi, term.i) * Double(term.j) * power(b, term.j - 1) }
        return try bounded(gasConstant * t * tau * gammaTau)
    }

    /// A floating-point figure as a number between bounds 10⁻¹² of it either side.
    package static func bounded(_ x: Double) throws(ArithmeticError) -> Number {
        guard x.isFinite else { throw .notReal("a steam property outside IAPWS-IF97's range") }
        let margin = Swift.abs(x) * 1e-12
        return .approximate(Real(rounding: Rational(exactly: x - margin), Rational(exactly: x + margin), bits: EvaluationContext.standardPrecision))
    }
}
