import PerTools
import PerLanguage
import PerSession
import PerNumbers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few operating-system calls the shell makes, in one place.
enum System {
    static let standardInput: Int32 = 0
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// How many columns the terminal on standard output has (`TIOCGWINSZ`), else the
    /// `COLUMNS` environment variable when it holds a positive number, else nil: no limit,
    /// so pipes and files get whole lines. Read when a table is written, so a resized
    /// window counts.
    static func outputWidth() -> Int? { width(of: standardOutput) }

    /// How many columns the terminal on `fd` has, else `COLUMNS`, else nil.
    static func width(of fd: Int32) -> Int? {
        if isTerminal(fd) {
            var size = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        guard let columns = environment(.columns).flatMap({ Int($0) }), columns > 0 else { return nil }
        return columns
    }

    static func environment(_ variable: EnvironmentVariable) -> String? {
        guard let value = getenv(variable.rawValue) else { return nil }
        return String(cString: value)
    }

    /// The local date and time of day (seconds since midnight) from the system's clock and
    /// time zone, for `today` and `now`, and whether `zone`'s clocks show that time twice
    /// and it is the second time; `fixed` (`--today`, `PER_TODAY`) instead.
    static func localClock(fixed: FixedClock? = nil, zone: Zone? = nil) -> (date: CalendarDate, secondOfDay: Int32, isLaterReading: Bool)? {
        if let fixed { return fixed.local(in: zone) }
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let date = try? CalendarDate.checked(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        // A leap second (tm_sec 60) is read as the last second of its minute.
        let secondOfDay = (parts.tm_hour * 60 + parts.tm_min) * 60 + min(parts.tm_sec, 59)
        var isLater = false
        if let zone, case .overlap(_, let later) = zone.rules.reading(local: ZoneRules.localSeconds(dayNumber: date.dayNumber, secondOfDay: Int(secondOfDay))) {
            isLater = Int64(now) >= later.instant
        }
        return (date, secondOfDay, isLater)
    }

    /// `today`, `now` and the time zones for a session, read when a statement first needs
    /// them: the clock (or `fixed`, `--today`), the system's database, whose files are read
    /// when a zone is named, and the local zone.
    static func sessionClock(fixed: FixedClock?) -> Session.Clock {
        let database = SystemZoneDatabase.system
        let found = database.localZoneOrWhy()
        let local = try? found.get()
        let clock = localClock(fixed: fixed, zone: local)
        var unknown: UnknownLocalZone? = nil
        if case .failure(let why) = found { unknown = why }
        return Session.Clock(today: clock?.date, secondOfDay: clock?.secondOfDay,
                             zones: TimeZones(database: database, local: local, unknownLocal: unknown),
                             isLaterReading: clock?.isLaterReading ?? false)
    }

    /// Broken pipes surface as EPIPE from `write`, which the output handles quietly.
    static func ignoreBrokenPipeSignal() { signal(SIGPIPE, SIG_IGN) }

    static func errorDescription(_ code: Int32) -> String { String(cString: strerror(code)) }

    static var lastError: Int32 { errno }

    /// Writes all bytes; returns the errno of a failure, or nil.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Reads up to `buffer.count` bytes; 0 at end of input, nil with errno on failure. A
    /// signal retries the read unless `stopOnInterrupt`, when Ctrl-C ends it with EINTR.
    /// Reading `awaitingInput` (what the user or a script sends), a terminating signal
    /// (`Interrupt.installTermination`) ends it too, even one that came just before.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, stopOnInterrupt: Bool = false,
                     awaitingInput: Bool = false) -> Int? {
        while true {
            // A Ctrl-C that came before the read (while the prompt was written, or the
            // session kept) would not interrupt it.
            if stopOnInterrupt && Interrupt.received != 0 {
                errno = EINTR
                return nil
            }
            if awaitingInput && Interrupt.watchesTermination {
                // A terminating signal that came just before the read would not interrupt
                // it: wait for input a quarter of a second at a time, looking in between.
                if Interrupt.terminating != 0 {
                    errno = EINTR
                    return nil
                }
                var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&request, 1, 250)
                if ready < 0, errno == EINTR, stopOnInterrupt, Interrupt.received != 0 { return nil }
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            }
            let count = systemRead(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR || (stopOnInterrupt && Interrupt.received != 0) || (awaitingInput && Interrupt.terminating != 0) {
                return nil
            }
        }
    }

    /// The whole contents of a file, or the errno that stopped reading it.
    static func readFile(_ path: String) -> Result<[UInt8], FileError> {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return .failure(FileError(code: errno)) }
        defer { _ = systemClose(fd) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, into: $0) }
            guard let count else { return .failure(FileError(code: errno)) }
            if count == 0 { return .success(contents) }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// Why `readRegularFile` read nothing.
    enum RegularFileRefusal: Error {
        /// A FIFO, device, socket or directory: reading it may never end or wait forever.
        case notRegular
        /// Larger than the limit, at the start or grown to it while read.
        case tooLarge
        /// The errno of a failed `fstat` or `read`.
        case system(Int32)
    }

    /// The whole contents of the file open at `fd`, when it is a regular file of at most
    /// `limit` bytes; a file that grows past the limit while read is refused there, so no
    /// read runs long or fills memory. `fd` is best opened with `O_NONBLOCK`, so that
    /// opening a FIFO did not wait for a writer; the flag is cleared once the file is
    /// known to be regular. The caller closes `fd`.
    static func readRegularFile(_ fd: Int32, limit: Int) -> Result<[UInt8], RegularFileRefusal> {
        readRegularFile(fd, limit: limit, lastBytes: nil).map(\.contents)
    }

    /// As `readRegularFile(_:limit:)`, but with `lastBytes` only the file's last bytes are
    /// read, however large it is; `cut` says whether they start after its beginning.
    static func readRegularFile(_ fd: Int32, limit: Int, lastBytes: Int?) -> Result<(contents: [UInt8], cut: Bool), RegularFileRefusal> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let size = Int(info.st_size)
        let start = lastBytes.map { max(0, size - $0) } ?? 0
        guard size - start <= limit else { return .failure(.tooLarge) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if start > 0, lseek(fd, off_t(start), SEEK_SET) != off_t(start) { return .failure(.system(errno)) }
        var contents: [UInt8] = []
        contents.reserveCapacity(size - start)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, into: $0) }
            guard let count else { return .failure(.system(errno)) }
            if count == 0 { return .success((contents, start > 0)) }
            contents.append(contentsOf: chunk[0..<count])
            guard contents.count <= limit else { return .failure(.tooLarge) }
        }
    }

    /// A file opened for reading, refused when it is a directory.
    static func openForReading(_ path: String) -> Result<Int32, FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(FileError(code: errno)) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            _ = systemClose(fd)
            return .failure(FileError(code: EISDIR))
        }
        return .success(fd)
    }

    /// The index of the first `\n` at or after `start`, found with `memchr`.
    static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw in
            memchr(raw.baseAddress! + start, 10, raw.count - start).map { UnsafeRawPointer($0) - raw.baseAddress! }
        }
    }

    static func close(_ fd: Int32) { _ = systemClose(fd) }

    /// Waits until input (or its end) is there to read on `fd`, or until `deadline`:
    /// whether input came first. Ctrl-C or a terminating signal ends the wait as input
    /// would, so the caller reads and sees it; other signals (a resized window) do not.
    static func waitForInput(_ fd: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(clamping: milliseconds))
            if ready >= 0 || errno != EINTR { return ready != 0 }
            if Interrupt.received != 0 || Interrupt.terminating != 0 { return true }
        }
    }

    static let brokenPipe = EPIPE

    struct FileError: Error {
        let code: Int32
        var description: String { System.errorDescription(code) }
    }

    static func exitNow(_ status: Int32) -> Never { exit(status) }
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
