/// Buffered output to a file descriptor. Standard output is flushed in blocks of 64 KB in
/// batch mode and after every statement on a terminal. A write that fails ends the
/// program through `onFailure`, with the errno.
final class Output {
    private let fd: Int32
    /// Bytes waiting to be written; sent when another piece would take it past `capacity`.
    /// Only `withPending` touches it, by a swap in and out, so every access is one the
    /// compiler sees whole: a class's stored property changed across a call is checked
    /// for exclusivity at run time, and a line of output is several pieces.
    private var pending: [UInt8] = []
    private static let capacity = 1 << 16

    /// Called with the errno when a write fails; it does not return.
    private let onFailure: (Int32) -> Never

    init(fd: Int32, onFailure: @escaping (Int32) -> Never) {
        self.fd = fd
        self.onFailure = onFailure
        // Reserved in a local: a call made while the property is accessed (here in init)
        // would make the compiler check every later access to it at run time.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Output.capacity)
        pending = bytes
    }

    /// Runs `body` on the waiting bytes, taken out of the object for the call.
    @inline(__always)
    private func withPending<T>(_ body: (inout [UInt8]) -> T) -> T {
        var bytes: [UInt8] = []
        swap(&bytes, &pending)
        defer { swap(&bytes, &pending) }
        return body(&bytes)
    }

    func write(_ text: String) {
        withPending { put(text, into: &$0) }
    }

    func writeLine(_ text: String) {
        withPending { bytes in
            put(text, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes a line already encoded as UTF-8 (a JSON object), and its newline.
    func writeLine(utf8 line: [UInt8]) {
        withPending { bytes in
            write(line, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes bytes as they are, a sheet's lines with their ends.
    func write(utf8 line: [UInt8]) {
        withPending { write(line, into: &$0) }
    }

    /// Writes a line whose bytes `build` appends (a table's row), and its newline.
    func writeLine(building build: (inout [UInt8]) -> Void) {
        withPending { bytes in
            build(&bytes)
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count >= Output.capacity { flush(&bytes) }
        }
    }

    /// Writes the pieces `write` puts, and a newline when it says it wrote a line; returns
    /// what it said.
    func writeLine(pieces write: (_ put: (String) -> Void) -> Bool) -> Bool {
        let wrote = write { text in withPending { put(text, into: &$0) } }
        if wrote { withPending { $0.append(UInt8(ascii: "\n")) } }
        return wrote
    }

    func flush() {
        withPending { flush(&$0) }
    }

    /// Adds the text's bytes, sending what is pending first when they would not fit (and
    /// the text on its own, one byte short of the buffer or larger, so that its newline
    /// still fits).
    private func put(_ text: String, into bytes: inout [UInt8]) {
        let count = text.utf8.count
        if bytes.count + count + 1 >= Output.capacity {
            flush(&bytes)
            if count >= Output.capacity - 1 { return send(Array(text.utf8)) }
        }
        // A native string's bytes are contiguous: copied in one move, not through the
        // generic collection append.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Adds bytes, as `put` adds a text's.
    private func write(_ line: [UInt8], into bytes: inout [UInt8]) {
        if bytes.count + line.count >= Output.capacity {
            flush(&bytes)
            if line.count >= Output.capacity { return send(line) }
        }
        bytes.append(contentsOf: line)
    }

    private func flush(_ bytes: inout [UInt8]) {
        send(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let failure = bytes.withUnsafeBytes({ System.writeAll(fd, $0) }) { onFailure(failure) }
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
