/// Reads lines from a file descriptor as they arrive (so a pipe can be fed one line at a
/// time), or from bytes already in memory. Lines lose their `\n` (and a `\r` before it);
/// invalid UTF-8 becomes U+FFFD, which the lexer then reports.
struct LineReader {
    private var buffer: [UInt8]
    private var start = 0
    private let fd: Int32?
    private var atEnd: Bool
    /// Whether a Ctrl-C ends the current read (at the interactive prompt).
    private var interruptible = false

    init(fd: Int32) {
        self.fd = fd
        buffer = []
        atEnd = false
    }

    init(bytes: [UInt8]) {
        fd = nil
        buffer = bytes
        atEnd = true
    }

    /// The next line typed at a terminal without line editing; Ctrl-C abandons what was
    /// typed so far.
    mutating func nextAtPrompt() -> PromptInput {
        Interrupt.received = 0
        interruptible = true
        defer { interruptible = false }
        guard let line = next() else {
            if Interrupt.received != 0 {
                Interrupt.received = 0
                atEnd = false
                buffer.removeAll()
                start = 0
                return .interrupted
            }
            return .end
        }
        return .line(line)
    }

    /// The next line, or nil at the end of input.
    mutating func next() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = decode(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = decode(buffer[start...])
                start = buffer.count
                return line
            }
            fill()
        }
    }

    private mutating func fill() {
        guard let fd else { atEnd = true; return }
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { System.read(fd, into: $0, stopOnInterrupt: interruptible) } ?? 0
        if count == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == 13 { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
