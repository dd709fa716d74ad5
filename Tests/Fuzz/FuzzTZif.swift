// A libFuzzer target for the time-zone reader: every input is read as a TZif file
// (ZoneRules(tzif:)), and what reads answers offsets and local times at instants taken
// from the input. Nothing may crash, and a local time read once or twice must be shown by
// the zone's clocks at each instant it names. Built by Tests/Fuzz/run.sh against the core
// compiled as a library with -sanitize=fuzzer, not by SwiftPM.
import PerNumbers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTZif(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let rules = try? ZoneRules(tzif: bytes) else { return 0 }
    // Instants from the input's last bytes, and the calendar's ends.
    var instants: [Int64] = [0, ZoneRules.instants.lowerBound, ZoneRules.instants.upperBound, Int64.min, Int64.max]
    for start in stride(from: max(0, size - 64), to: size - 7, by: 8) {
        instants.append(bytes[start..<(start + 8)].reduce(Int64(0)) { $0 << 8 | Int64($1) })
    }
    for instant in instants {
        _ = rules.offset(at: instant)
        let local = min(max(instant, ZoneRules.instants.lowerBound), ZoneRules.instants.upperBound)
        switch rules.reading(local: instant) {
        case .unique(let one):
            check(rules, one, local)
        case .overlap(let earlier, let later):
            check(rules, earlier, local)
            check(rules, later, local)
            precondition(earlier.instant < later.instant, "an overlap's readings out of order")
        case .gap:
            break
        }
    }
    return 0
}

/// The zone's clocks show `local` at the reading's instant, with its offset.
func check(_ rules: ZoneRules, _ reading: ZoneReading, _ local: Int64) {
    precondition(rules.offset(at: reading.instant) == reading.offset && reading.instant + Int64(reading.offset.seconds) == local,
                 "a reading the zone's clocks do not show")
}
