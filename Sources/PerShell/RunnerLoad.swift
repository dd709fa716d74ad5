#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerNumbers
import PerTools
import PerLanguage
import PerSession

extension Runner {
    /// `load FILE.csv`: the file read a chunk at a time into the session's column reader,
    /// then its lists kept, each note a warning. Read as an included file is found (from the
    /// sheet's or script's folder), and as a file to import is read: a regular file (never a
    /// FIFO or a device, which could give bytes without end), at most
    /// `ColumnRefusal.largestFile` bytes, Ctrl-C stopping it between chunks.
    func load(_ written: String, stem: String, for source: StatementSource) -> StatementOutcome {
        let blame = self.blame(source)
        let path = Includes.path(written, from: (includes.open.last ?? includes.base)?.path)
        let named = StoragePath(path, namedByUser: true)
        func failed(_ failure: StorageFailure) -> StatementOutcome { .failure(Diagnostic(.storage(failure), at: blame)) }
        // Not blocking: opening a FIFO would wait for a writer.
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return failed(.system(.read, named, reason: System.errorDescription(errno))) }
        defer { System.close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return failed(.system(.read, named, reason: System.errorDescription(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return failed(.notRegularFile(.read, named)) }
        let limit = ColumnRefusal.largestFile
        guard Int(info.st_size) <= limit else { return failed(.tooLarge(named, limit: limit)) }
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        var reader = session.columnReader(stem: stem, size: Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        do throws(ColumnRefusal) {
            while true {
                guard let count = chunk.withUnsafeMutableBytes({ System.read(file, into: $0, stopOnInterrupt: true) }) else {
                    if Interrupt.received != 0 { return .failure(Diagnostic(ArithmeticError.cancelled, at: blame)) }
                    return failed(.system(.read, named, reason: System.errorDescription(errno)))
                }
                if count == 0 { break }
                total += count
                // A file that grows while it is read stops at the limit too.
                guard total <= limit else { return failed(.tooLarge(named, limit: limit)) }
                try reader.read(chunk[0..<count])
                if Interrupt.received != 0 || Interrupt.terminating != 0 {
                    return .failure(Diagnostic(ArithmeticError.cancelled, at: blame))
                }
            }
            let loaded = try reader.finish()
            for note in loaded.notes { warn("\(path): \(note.message)") }
            return .success(.message(session.loaded(loaded, stem: stem, path: path, statement: source.text)))
        } catch {
            return .failure(Diagnostic(ArgumentError.columns(error), at: blame))
        }
    }
}
