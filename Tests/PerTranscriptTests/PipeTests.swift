import Foundation
import Testing

/// Behaviour that a transcript cannot show: a reader that goes away early.
struct PipeTests {
    @Test("writing to a closed pipe ends quietly")
    func brokenPipe() throws {
        let lines = (0..<200_000).map { "\($0) * 3" }.joined(separator: "\n") + "\n"
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("per-pipe-\(UUID().uuidString).per")
        try Data(lines.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }

        let process = Process()
        process.executableURL = TranscriptCase.binary
        process.arguments = [script.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read the first line, then close our end, as `head -1` does.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first.append(chunk)
        }
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("0\n"))
        #expect(complaint == "")
        #expect(process.terminationReason == .exit)
    }
}
