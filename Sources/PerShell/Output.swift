/// Buffered output to a file descriptor. Standard output is flushed in large blocks in
/// batch mode and after every statement on a terminal; a closed pipe (`per … | head -1`)
/// ends the program quietly.
final class Output {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Called when the reader has gone away; it does not return.
    private let onBrokenPipe: () -> Never

    init(fd: Int32, onBrokenPipe: @escaping () -> Never) {
        self.fd = fd
        self.onBrokenPipe = onBrokenPipe
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    func writeLine(_ text: String) {
        write(text)
        buffer.append(10)
        if buffer.count >= flushThreshold { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { System.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
        if failure != nil { onBrokenPipe() }
    }
}
