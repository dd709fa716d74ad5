#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C math library functions the core uses, in one place so that no other file of the
/// core imports a platform module.
enum Math {
    static func log2(_ x: Double) -> Double { cLog2(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { cPow(x, y) }
}

private func cLog2(_ x: Double) -> Double { log2(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
