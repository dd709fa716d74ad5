#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerTools
import PerLanguage
import PerSession

/// Ctrl-C, and the signals that end a shell keeping a session (SIGTERM, SIGHUP): handlers
/// that only note the signal. A read then stops with EINTR, and a running statement stops
/// at its next check (its context's `Interruption`, which reads `requested`): Ctrl-C abandons the line or cancels the statement;
/// a termination lets the shell write its session before it ends as the signal would.
enum Interrupt {
    nonisolated(unsafe) static var received: sig_atomic_t = 0
    /// The number of the terminating signal received, or 0.
    nonisolated(unsafe) static var terminating: sig_atomic_t = 0

    /// Whether the statement being run should stop: what the `Interruption` of the context
    /// the shell runs a statement in asks.
    static let requested: @Sendable () -> Bool = { Interrupt.received != 0 || Interrupt.terminating != 0 }

    static func install() {
        handle(SIGINT) { _ in Interrupt.received = 1 }
    }

    /// Whether `installTermination` was called.
    nonisolated(unsafe) static var watchesTermination = false

    /// Notes SIGTERM and SIGHUP instead of dying at once, so the session can be written.
    static func installTermination() {
        watchesTermination = true
        handle(SIGTERM) { Interrupt.terminating = $0 }
        handle(SIGHUP) { Interrupt.terminating = $0 }
    }

    /// Ctrl-\\ (SIGQUIT) in the shell: noted like SIGTERM, so the session is written, then
    /// the shell ends quietly with status 0 (`endByTerminatingSignal`), like Ctrl-D.
    /// A second Ctrl-\\, while a statement that never checks runs on, ends per at once.
    static func installQuit() {
        handle(SIGQUIT) { signal in
            if Interrupt.terminating == signal {
                _ = write(1, "\n", 1)
                _exit(0)
            }
            Interrupt.terminating = signal
        }
    }

    /// Ends the process as the terminating signal would have (its status shows it); after
    /// Ctrl-\\, quietly, with status 0 and the cursor on a new line.
    static func endByTerminatingSignal() -> Never {
        let signal = terminating
        if signal == SIGQUIT {
            _ = write(1, "\n", 1)
            exit(0)
        }
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
        exit(128 + signal)
    }

    private static func handle(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
        // A parent may have started per with the signal blocked; handled, it must arrive.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
