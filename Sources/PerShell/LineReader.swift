import PerTools
import PerLanguage
import PerSession

/// Reads lines from a file descriptor as they arrive, so a pipe or a script file is
/// streamed one line at a time and memory stays bounded whatever the input. Lines lose
/// their `\n` (and a `\r` before it); a UTF-8 byte-order mark at the very start is
/// dropped; invalid UTF-8 becomes U+FFFD, which the lexer then reports.
struct LineReader {
    /// What one read gave.
    enum Read: Equatable {
        /// A line's UTF-8, as read (it may not be valid), without its line break. It shares
        /// the reader's buffer: it is meant to be used before the next read.
        case line(ArraySlice<UInt8>)
        /// A line longer than the limit: only its beginning was kept.
        case tooLong(beginning: String)
        /// The input has ended. (A case, not an optional read: destroying an optional one
        /// goes through generic value witnesses.)
        case end
    }

    /// Bytes kept of one line; the parser refuses longer lines anyway.
    static let lineLimit = ParserLimits.maxLineLength
    /// Bytes of a single over-long line after which the input is given up as not text
    /// (`/dev/zero`): reading on would never find the line's end.
    static let endlessLimit = 64 << 20

    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    /// Where the search for the next newline goes on: bytes before it have none.
    private var scanned = 0
    private let fd: Int32
    private var atEnd = false
    private var atStart = true
    /// The first bytes of the over-long line being dropped.
    private var beginning = ""
    /// Whether a Ctrl-C ends the current read (at the interactive prompt).
    private var interruptible = false
    /// Set when a terminating signal ended the input in the middle of a line.
    private var cutShort = false
    /// Set when a line passed `endlessLimit`: the rest of the input is not read.
    private(set) var gaveUp = false

    /// Called before each read, which may wait: the output so far is flushed then, so a
    /// program feeding per through a pipe sees each answer before it sends more.
    private let beforeReading: () -> Void

    init(fd: Int32, beforeReading: @escaping () -> Void = {}) {
        self.fd = fd
        self.beforeReading = beforeReading
    }

    /// The next line typed at a terminal without line editing; Ctrl-C abandons what was
    /// typed so far.
    mutating func nextAtPrompt() -> PromptInput {
        // Interrupt.received was cleared before the prompt was written (`InteractiveShell`):
        // a Ctrl-C typed as soon as the prompt shows abandons this read.
        interruptible = true
        defer { interruptible = false }
        let read = next()
        if case .end = read {
            if Interrupt.received != 0 {
                Interrupt.received = 0
                atEnd = false
                buffer.removeAll()
                start = 0
                scanned = 0
                return .interrupted
            }
            return .end
        }
        switch read {
        case .line(let bytes): return .line(String(decoding: bytes, as: UTF8.self))
        case .tooLong(let beginning): return .tooLong(beginning: beginning)
        case .end: return .end
        }
    }

    /// The next line, or `.end` at the end of input.
    mutating func next() -> Read {
        var dropped = 0
        while true {
            if let newline = System.firstNewline(in: buffer, from: scanned) {
                scanned = newline + 1
                defer { start = newline + 1 }
                return finish(buffer[start..<newline], dropped: dropped)
            }
            if atEnd || gaveUp {
                guard !cutShort, start < buffer.count || dropped > 0 else { return .end }
                defer { start = buffer.count }
                return finish(buffer[start...], dropped: dropped)
            }
            // A line past the limit is not kept: drop what has come of it so far.
            if buffer.count - start > Self.lineLimit {
                if dropped == 0 { beginning = decode(buffer[start..<(start + 240)]) }
                dropped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
                if dropped > Self.endlessLimit { gaveUp = true }
                continue
            }
            scanned = buffer.count
            fill()
        }
    }

    private mutating func finish(_ bytes: ArraySlice<UInt8>, dropped: Int) -> Read {
        if dropped > 0 { return .tooLong(beginning: beginning) }
        if bytes.count > Self.lineLimit { return .tooLong(beginning: decode(bytes.prefix(240))) }
        // Slices, not removals, so that the reader's buffer is not copied.
        var line = bytes
        if line.last == 13 { line = line.dropLast() }
        if atStart {
            // A byte-order mark says the text is UTF-8; it is not part of the first line.
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        return .line(line)
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        beforeReading()
        let count = chunk.withUnsafeMutableBytes { System.read(fd, into: $0, stopOnInterrupt: interruptible, awaitingInput: true) } ?? 0
        if count == 0 && Interrupt.terminating != 0 {
            // Ended by SIGTERM or SIGHUP: a line not yet ended is not a statement.
            buffer.removeAll()
            start = 0
            scanned = 0
            cutShort = true
        }
        buffer.append(contentsOf: chunk[0..<count])
        if count == 0 { atEnd = true }
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == 13 { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
