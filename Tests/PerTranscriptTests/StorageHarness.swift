import Foundation
import Testing

/// How a process run by the storage tests ended.
struct ProcessRun {
    let stdout: String
    let stderr: String
    let status: Int32
    /// Seconds from start to exit.
    let seconds: Double
}

/// Whether the tests run as root, who can make files of another user (and whom file
/// modes do not stop).
let runningAsRoot = geteuid() == 0

/// A user the tests can hand files to when they run as root: `nobody`.
let otherUser: uid_t = 65534

/// Runs `per ARGUMENTS` and waits at most `timeout` seconds (then kills it and records an
/// issue), so a hang fails a test instead of stopping the suite. `environment` adds to or,
/// with nil, removes from this process's; `umask` and `user` run per under that umask or
/// as that user (through `sh` and `setpriv`). Output goes through files in `scratch`.
func runPerProcess(_ arguments: [String], environment: [String: String?], scratch: URL, directory: URL? = nil,
            umask: String? = nil, user: uid_t? = nil, timeout: Double = 30) throws -> ProcessRun {
    var command = [TranscriptCase.binary.path] + arguments
    if let umask { command = ["/bin/sh", "-c", "umask \(umask) && exec \"$0\" \"$@\""] + command }
    if let user { command = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--"] + command }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    if let directory { process.currentDirectoryURL = directory }
    let id = UUID().uuidString
    let outputURL = scratch.appendingPathComponent("stdout-\(id)"), errorURL = scratch.appendingPathComponent("stderr-\(id)")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    while process.isRunning && Date().timeIntervalSince(start) < timeout { usleep(10_000) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("per \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    defer {
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }
    return ProcessRun(stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
                      status: process.terminationStatus, seconds: seconds)
}

/// Runs a tool (`flock`, `mkfifo`) to its end and returns its status.
@discardableResult
func runTool(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// A file's permission bits (`0o600`), without following a symbolic link.
func permissions(_ url: URL) throws -> Int {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return Int(info.st_mode & 0o7777)
}

/// Whether a path is a symbolic link.
func isSymbolicLink(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
}
