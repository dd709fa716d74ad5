import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// `ChunkedArray` against `Array`, the plain model it must behave as: appends, removals at
/// the end and in the middle, and writes, across many chunks and back below one.
struct ChunkedArrayTests {
    @Test("2,000 random operations on lists up to ten chunks long match an Array", arguments: [1, 2, 3, 4, 5])
    func matchesArray(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var chunked = ChunkedArray<Int>(), model: [Int] = []
        var copies: [(ChunkedArray<Int>, [Int])] = []
        for step in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5 where model.count < 10 * ChunkedArray<Int>.chunkSize:
                chunked.append(step)
                model.append(step)
            case 5 where !model.isEmpty:
                #expect(chunked.removeLast() == model.removeLast())
            case 6...7 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(chunked.remove(at: index) == model.remove(at: index))
            case 8 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &generator)
                chunked[index] = -step
                model[index] = -step
            default:
                // A copy, as an undo step keeps one, must not see later changes.
                copies.append((chunked, model))
            }
            #expect(chunked.count == model.count)
            #expect(Array(chunked) == model, "after step \(step)")
        }
        for (copy, expected) in copies { #expect(Array(copy) == expected) }
        #expect(copies.count > 10 && copies.contains { $0.1.count > 3 * ChunkedArray<Int>.chunkSize })
    }

    @Test("equal contents are equal however they were built")
    func equality() {
        var built = ChunkedArray(0..<40)
        built.remove(at: 3)
        built.append(99)
        var expected = Array(0..<40)
        expected.remove(at: 3)
        expected.append(99)
        #expect(built == ChunkedArray(expected))
        #expect(built != ChunkedArray(0..<41))
    }
}
