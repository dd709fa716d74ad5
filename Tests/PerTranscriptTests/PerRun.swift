import Foundation

/// What one run of the built `per` gave.
struct PerRun {
    let stdout: String
    let stderr: String
    let status: Int32
}

/// Runs the built `per` with `arguments` and `input` on standard input, `PER_HOME` set to
/// `home` when given; `stdoutPath` or `stderrPath` send a stream to a file instead (as
/// `/dev/full`), and it then reads back empty.
func per(_ arguments: [String], input: String = "", home: URL? = nil,
         stdoutPath: String? = nil, stderrPath: String? = nil) throws -> PerRun {
    let process = Process()
    process.executableURL = TranscriptCase.binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    if let home { environment["PER_HOME"] = home.path }
    process.environment = environment
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = try stdoutPath.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? stdout
    process.standardError = try stderrPath.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdoutPath == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
    let err = stderrPath == nil ? stderr.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return PerRun(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                  status: process.terminationStatus)
}
