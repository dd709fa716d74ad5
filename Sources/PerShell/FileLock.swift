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

/// An advisory lock (`flock`) on a lock file in a `PrivateDirectory`, held from creation
/// until the value is released. Only writers lock: they replace files by renaming, so a
/// reader always sees a whole file without one.
///
/// Waiting never hangs: a notice goes out after half a second, Ctrl-C cancels the wait,
/// and after 5 seconds it gives up with an error. The wait itself is a blocking `flock`,
/// so the kernel hands the lock over the moment it is released (polling would lose the
/// race to a writer that saves again at once); a 50 ms interval timer interrupts it to
/// look at the clock and at Ctrl-C.
final class FileLock {
    private let fd: Int32

    static let deadline = 5.0
    static let noticeAfter = 0.5
    static let checkInterval = 50_000 // microseconds

    /// Takes the lock on `name` in `directory`. `holders` says what is locked, for the
    /// error after the deadline; `notice` hears that the wait is long.
    init(_ name: String, in directory: PrivateDirectory, holders: StorageFailure.LockedFiles, notice: (String) -> Void) throws(StorageFailure) {
        let path = directory.path(of: name)
        let fd = openat(directory.fd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .symbolicLink(.open, StoragePath(path)) }
            throw .failed(.open, path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile(.use, StoragePath(path))
        }
        // 0600 whatever the umask, so the next open for writing works too.
        if info.st_uid == geteuid() && info.st_mode & 0o777 != 0o600 { fchmod(fd, 0o600) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            do {
                try FileLock.wait(fd, path: path, holders: holders, notice: notice)
            } catch {
                close(fd)
                throw error
            }
        }
        self.fd = fd
    }

    /// Waits for the lock in a blocking `flock` that SIGALRM (every 50 ms) and SIGINT
    /// interrupt, until it is had, the deadline passes or Ctrl-C is pressed. The handler,
    /// timer and signal mask are put back as they were.
    private static func wait(_ fd: Int32, path: String, holders: StorageFailure.LockedFiles, notice: (String) -> Void) throws(StorageFailure) {
        var action = sigaction(), previousAction = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in }
        #else
        action.__sigaction_handler.sa_handler = { _ in }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: the signal ends the flock call
        sigaction(SIGALRM, &action, &previousAction)
        // A parent may have blocked SIGALRM (test runners do); the wait needs it.
        var alarm = sigset_t(), previousMask = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarm, &previousMask)
        let every = timeval(tv_sec: 0, tv_usec: .init(checkInterval))
        var timer = itimerval(it_interval: every, it_value: every), previousTimer = itimerval()
        setitimer(realTimer, &timer, &previousTimer)
        defer {
            setitimer(realTimer, &previousTimer, nil)
            sigaction(SIGALRM, &previousAction, nil)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        let start = now()
        var noticed = false
        // Only a Ctrl-C during the wait cancels it.
        Interrupt.received = 0
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else { throw .failed(.lock, path, code: code) }
            if Interrupt.received != 0 { throw .cancelledWaitingForLock(StoragePath(path)) }
            let waited = now() - start
            if waited >= deadline { throw .locked(holders, StoragePath(path)) }
            if waited >= noticeAfter && !noticed {
                notice("waiting for the lock on \(path)")
                noticed = true
            }
        }
    }

    /// Closing the file releases the lock.
    deinit { close(fd) }

    /// Seconds on a clock that never goes back.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The wall-clock interval timer, which sends SIGALRM.
#if canImport(Glibc)
private let realTimer = __itimer_which_t(ITIMER_REAL.rawValue)
#else
private let realTimer = ITIMER_REAL
#endif
