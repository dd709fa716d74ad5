/// Buffered output to a file descriptor. Standard output is flushed in large blocks in
/// batch mode and after every statement on a terminal. A write that fails ends the
/// program through `onFailure`, with the errno.
final class Output {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Called with the errno when a write fails; it does not return.
    private let onFailure: (Int32) -> Never

    init(fd: Int32, onFailure: @escaping (Int32) -> Never) {
        self.fd = fd
        self.onFailure = onFailure
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    func write(_ text: String) {
        if append(text, newline: false) { flush() }
    }

    func writeLine(_ text: String) {
        if append(text, newline: true) { flush() }
    }

    /// Writes the pieces `write` puts, and a newline when it says it wrote a line; returns
    /// what it said. The buffer is taken out for the line, so a piece is not another checked
    /// access to a class's property: a result's line has several.
    func writeLine(pieces write: (_ put: (String) -> Void) -> Bool) -> Bool {
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        let wrote = write { _ = Output.append($0, newline: false, to: &bytes) }
        if wrote { bytes.append(10) }
        swap(&bytes, &buffer)
        if buffer.count >= flushThreshold { flush() }
        return wrote
    }

    /// Appends the text's bytes, and a newline if asked, in one access to the buffer (a
    /// class's stored property is checked on every access, and this runs per piece of
    /// every line); true when the buffer is full enough to flush.
    private func append(_ text: String, newline: Bool) -> Bool {
        Output.append(text, newline: newline, to: &buffer) >= flushThreshold
    }

    private static func append(_ text: String, newline: Bool, to buffer: inout [UInt8]) -> Int {
        // The string's bytes copied in place where it keeps them together, as it does
        // unless bridged: a plain append goes byte by byte through the string's view.
        if text.utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
            buffer.append(contentsOf: text.utf8)
        }
        if newline { buffer.append(10) }
        return buffer.count
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { System.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { onFailure(failure) }
    }

    /// How per ends when writing fails: a closed pipe (`per … | head -1`) quietly, with
    /// the status the statements so far earned; any other error (a full disk) is said on
    /// standard error, when that is not the stream that failed, and exits with EX_IOERR.
    static func endAfterWriteError(_ code: Int32, stream: String?, failed: Bool) -> Never {
        if code == System.brokenPipe {
            System.exitNow((failed ? ExitStatus.statementFailed : ExitStatus.success).rawValue)
        }
        if let stream {
            let message = Array("per: cannot write to \(stream): \(System.errorDescription(code))\n".utf8)
            _ = message.withUnsafeBytes { System.writeAll(System.standardError, $0) }
        }
        System.exitNow(ExitStatus.ioError.rawValue)
    }
}
