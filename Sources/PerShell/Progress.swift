import Synchronization

/// A statement that runs past half a second in the shell says so on the terminal, with
/// the time it has taken and how to stop it, until it ends; then the line is cleared.
/// It is drawn from the statement's own checks for Ctrl-C (its context's `Interruption`), on the
/// statement's thread, so it never writes while the statement's answer is written.
final class Progress: Sendable {
    /// How long a statement runs before it shows progress, and how often it is redrawn.
    static let delay = Duration.milliseconds(500)
    static let interval = Duration.milliseconds(250)

    private struct State {
        let started: ContinuousClock.Instant
        var nextDraw: ContinuousClock.Instant
        /// The columns the last line drawn took, to be cleared; 0 when none was drawn.
        var drawnWidth = 0
    }

    private let state: Mutex<State>
    private let fd: Int32

    /// Progress for a statement starting now, written to `fd` (a terminal).
    init(fd: Int32) {
        let now = ContinuousClock.now
        self.fd = fd
        state = Mutex(State(started: now, nextDraw: now + Progress.delay))
    }

    /// Draws the line when it is due.
    func tick() {
        let now = ContinuousClock.now
        state.withLock { state in
            guard now >= state.nextDraw else { return }
            state.nextDraw = now + Progress.interval
            let tenths = Int((now - state.started) / .milliseconds(100))
            // Within the terminal's width, with two columns to spare for an echoed `^C`:
            // a line that wrapped could not be cleared.
            let full = "working… \(tenths / 10).\(tenths % 10) s (Ctrl-C stops)"
            let line = String(full.prefix(max(0, (System.width(of: fd) ?? 80) - 3)))
            write("\r" + line)
            state.drawnWidth = line.count
        }
    }

    /// Clears the line, if one was drawn.
    func clear() {
        state.withLock { state in
            guard state.drawnWidth > 0 else { return }
            // Two columns more for the `^C` a terminal echoes after the line.
            write("\r" + String(repeating: " ", count: state.drawnWidth + 2) + "\r")
            state.drawnWidth = 0
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { System.writeAll(fd, UnsafeRawBufferPointer($0)) }
    }
}
