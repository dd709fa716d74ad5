/// Buffered output to a file descriptor. Standard output is flushed in blocks of 64 KB in
/// batch mode and after every statement on a terminal. A write that fails ends the
/// program through `onFailure`, with the errno.
final class Output {
    private let fd: Int32
    /// Bytes waiting to be written; sent when another piece would take it past `capacity`.
    private var pending = Pending()
    private static let capacity = 1 << 16

    /// The waiting bytes, changed by one call each time: each access to a class's stored
    /// property is checked for exclusivity, and a line of output is several pieces.
    private struct Pending {
        var bytes: [UInt8] = []

        /// Appends the text, and a newline with `line`, unless that would reach `capacity`.
        mutating func append(_ text: String, line: Bool = false) -> Bool {
            guard bytes.count + text.utf8.count + 1 < Output.capacity else { return false }
            bytes.append(contentsOf: text.utf8)
            if line { bytes.append(UInt8(ascii: "\n")) }
            return true
        }
    }
    /// Called with the errno when a write fails; it does not return.
    private let onFailure: (Int32) -> Never

    init(fd: Int32, onFailure: @escaping (Int32) -> Never) {
        self.fd = fd
        self.onFailure = onFailure
        pending.bytes.reserveCapacity(Output.capacity)
    }

    func write(_ text: String) {
        put(text)
    }

    func writeLine(_ text: String) {
        if pending.append(text, line: true) { return }
        put(text)
        pending.bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes a line already encoded as UTF-8 (a JSON object), and its newline.
    func writeLine(utf8 bytes: [UInt8]) {
        if pending.bytes.count + bytes.count >= Output.capacity {
            flush()
            if bytes.count >= Output.capacity {
                send(bytes)
                pending.bytes.append(UInt8(ascii: "\n"))
                return
            }
        }
        pending.bytes.append(contentsOf: bytes)
        pending.bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes bytes as they are, a sheet's lines with their ends.
    func write(utf8 bytes: [UInt8]) {
        if pending.bytes.count + bytes.count >= Output.capacity {
            flush()
            if bytes.count >= Output.capacity { return send(bytes) }
        }
        pending.bytes.append(contentsOf: bytes)
    }

    /// Writes a line whose bytes `build` appends (a table's row), and its newline.
    func writeLine(building build: (inout [UInt8]) -> Void) {
        build(&pending.bytes)
        pending.bytes.append(UInt8(ascii: "\n"))
        if pending.bytes.count >= Output.capacity { flush() }
    }

    /// Writes the pieces `write` puts, and a newline when it says it wrote a line; returns
    /// what it said.
    func writeLine(pieces write: (_ put: (String) -> Void) -> Bool) -> Bool {
        let wrote = write { self.put($0) }
        if wrote { pending.bytes.append(UInt8(ascii: "\n")) }
        return wrote
    }

    /// Adds the text's bytes, sending what is pending first when they would not fit (and
    /// the text on its own when it is larger than the buffer).
    private func put(_ text: String) {
        if pending.append(text) { return }
        flush()
        if text.utf8.count >= Output.capacity - 1 {
            send(Array(text.utf8))
            return
        }
        pending.bytes.append(contentsOf: text.utf8)
    }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let failure = bytes.withUnsafeBytes({ System.writeAll(fd, $0) }) { onFailure(failure) }
    }

    func flush() {
        send(pending.bytes)
        pending.bytes.removeAll(keepingCapacity: true)
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
