/// Buffered output to a file descriptor. Standard output is flushed in large blocks in
/// batch mode and after every statement on a terminal. A write that fails ends the
/// program through `onFailure`, with the errno.
final class Output {
    private let fd: Int32
    /// Bytes waiting to be written, in a buffer of fixed size the object owns: a piece goes
    /// in with one copy, without an array's checks of its capacity and uniqueness (a
    /// result's line has a few pieces, an `added` line a dozen).
    private let pending: UnsafeMutableRawBufferPointer
    /// How many bytes of `pending` are in use.
    private var used = 0
    /// Called with the errno when a write fails; it does not return.
    private let onFailure: (Int32) -> Never

    init(fd: Int32, onFailure: @escaping (Int32) -> Never) {
        self.fd = fd
        self.onFailure = onFailure
        pending = .allocate(byteCount: 1 << 16, alignment: 1)
    }

    deinit { pending.deallocate() }

    func write(_ text: String) {
        used = put(text, at: used)
    }

    func writeLine(_ text: String) {
        used = putNewline(at: put(text, at: used))
    }

    /// Writes the pieces `write` puts, and a newline when it says it wrote a line; returns
    /// what it said. The count of bytes in use is kept aside for the line, so a piece is not
    /// another checked access to a class's property.
    func writeLine(pieces write: (_ put: (String) -> Void) -> Bool) -> Bool {
        var at = used
        let wrote = write { at = self.put($0, at: at) }
        used = wrote ? putNewline(at: at) : at
        return wrote
    }

    /// Puts the text's bytes after the first `at` of the buffer, sending those first when
    /// the text does not fit (and the text itself when it is larger than the buffer);
    /// returns how many bytes are then in use.
    private func put(_ text: String, at: Int) -> Int {
        // The string's bytes where it keeps them together, as it does unless bridged.
        if let end = text.utf8.withContiguousStorageIfAvailable({ put(UnsafeRawBufferPointer($0), at: at) }) {
            return end
        }
        return Array(text.utf8).withUnsafeBytes { put($0, at: at) }
    }

    private func put(_ bytes: UnsafeRawBufferPointer, at: Int) -> Int {
        guard let source = bytes.baseAddress else { return at }
        var at = at
        if at + bytes.count > pending.count {
            send(at)
            at = 0
            if bytes.count > pending.count {
                if let failure = System.writeAll(fd, bytes) { onFailure(failure) }
                return 0
            }
        }
        (pending.baseAddress! + at).copyMemory(from: source, byteCount: bytes.count)
        return at + bytes.count
    }

    private func putNewline(at: Int) -> Int {
        withUnsafeBytes(of: UInt8(ascii: "\n")) { put($0, at: at) }
    }

    /// Writes the first `count` bytes of the buffer.
    private func send(_ count: Int) {
        guard count > 0 else { return }
        if let failure = System.writeAll(fd, UnsafeRawBufferPointer(rebasing: pending[..<count])) { onFailure(failure) }
    }

    func flush() {
        let count = used
        used = 0
        send(count)
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
