import Foundation
import Testing

/// Behaviour that a transcript cannot show: a reader that goes away early.
struct PipeTests {
    @Test("writing to a closed pipe ends quietly, with the status the statements earned", arguments: [false, true])
    func brokenPipe(failing: Bool) throws {
        let lines = (failing ? "1/0\n" : "") + (0..<200_000).map { "\($0) * 3" }.joined(separator: "\n") + "\n"
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
        #expect(complaint == (failing ? "\(script.path):1:2: error: division by zero\n" : ""))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == (failing ? 1 : 0))
    }
}

/// Output beyond per's 64 KiB buffer, in pieces that end on, before and past its edge.
struct LargeOutputTests {
    @Test("lines longer than the output buffer, and many short ones across its edges, come out whole and in order")
    func longLines() throws {
        let lengths = [1, 1_000, 65_000, 65_530, 65_535, 65_536, 65_537, 70_000, 99_000]
        var script = "", expected = ""
        for index in 0..<60 {
            let name = String(repeating: "n", count: lengths[index % lengths.count]) + "\(index)"
            script += "add 1 1 kg \(name)\n\(index) * 2\n"
            expected += "added #\(index + 1) \(name): 1.00 for 1 kg, 1.00 per kg\n\(index * 2)\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("per-large-\(UUID().uuidString).per")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try per([file.path])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.utf8.count == expected.utf8.count)
        #expect(run.stdout == expected)
    }
}

/// Write errors and statement separators that a transcript cannot express.
struct OutputErrorTests {
    @Test("a full disk on standard output is reported and exits 74")
    func fullStandardOutput() throws {
        let result = try per(["-e", "1+1"], stdoutPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "per: cannot write to standard output: No space left on device\n")
    }

    @Test("a full disk on standard error exits 74")
    func fullStandardError() throws {
        let result = try per(["-e", "1/0"], stderrPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stdout == "")
    }

    @Test("a newline inside -e separates statements as ';' does")
    func newlineInExpression() throws {
        let result = try per(["-e", "1+1\n2+2;3+3", "-e", "4+"])
        #expect(result.stdout == "2\n4\n6\n")
        #expect(result.stderr == "-e:2:3: error: expected a number or name after '+'\n")
        #expect(result.status == 1)
    }
}

/// Inputs that never end, or whose lines never do: per reads them as streams.
struct EndlessInputTests {
    @Test("per /dev/zero stops after one endless line instead of buffering it all")
    func devZero() throws {
        let result = try per(["/dev/zero"])
        #expect(result.stderr == """
            /dev/zero:1:1: error: line too long (more than 100000 bytes); split it into shorter statements
            per: stopped reading /dev/zero: line 1 has no end in sight

            """)
        #expect(result.status == 1)
    }

    @Test("a script file is run line by line as it arrives (/dev/stdin fed by a pipe)")
    func streamedFile() throws {
        let process = Process()
        process.executableURL = TranscriptCase.binary
        process.arguments = ["/dev/stdin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Test threads block signals and children inherit that, so per is ended by closing
        // its input rather than by SIGTERM.
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // The answers to the first lines arrive while the input is still open.
        input.fileHandleForWriting.write(Data(String(repeating: "1+1\n", count: 20_000).utf8))
        var received = Data()
        while received.count < 40_000 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        #expect(String(decoding: received, as: UTF8.self) == String(repeating: "2\n", count: 20_000))
        #expect(process.isRunning)
    }
}
