#if canImport(Glibc)
import Glibc
import PerUnits
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerTools
import PerLanguage
import PerSession

/// `prices.csv` in per's private directory (`help prices`).
///
/// It is read only when a statement needs it, and read again only when it changed (its
/// stamp). Writers hold the lock on `prices.csv.lock`: `seen` appends its line and syncs
/// it before it answers, so an answered `seen` survives a kill; `forget seen` and `undo`
/// replace the file atomically, keeping every line they do not take out as it was
/// (lines per cannot read included). A last line cut off by a kill is dropped by the next
/// writer, with a warning.
final class PriceBookStore {
    let directory: String
    static let fileName = KeptFile.priceBook.name
    /// Most skipped lines named one by one when the book is read.
    static let problemsShown = 10

    private var cached: (stamp: PrivateDirectory.Stamp, book: PriceBook)?

    init(directory: String) { self.directory = directory }

    var path: String { directory + "/" + Self.fileName }

    /// The book, read again when the file changed; lines it skipped go to `warn` once a reading.
    func book(warn: (String) -> Void) throws(StorageFailure) -> PriceBook {
        guard let folder = try PrivateDirectory.open(directory, create: false) else { return PriceBook() }
        let stamp = folder.stamp(of: Self.fileName)
        if let cached, cached.stamp == stamp { return cached.book }
        guard let stamp, let bytes = try folder.read(Self.fileName) else {
            cached = nil
            return PriceBook()
        }
        let book = try Self.parse(bytes, path: path)
        if let torn = book.tornLine { warn("\(path): its last line is cut off and left out: \(VisibleText.visible(torn))") }
        cached = (stamp, book)
        return book
    }

    /// Adds observations at the end of the file, under the lock, synced before returning.
    func append(_ observations: [Observation], warn: (String) -> Void) throws(StorageFailure) {
        let known = cached
        try withLock(warn: warn) { folder, file, layout throws(StorageFailure) in
            // The book as cached is the file before this append: it can take the lines too.
            var book = known.flatMap { $0.stamp == folder.stamp(of: Self.fileName) ? $0.book : nil }
            var info = stat()
            guard fstat(file, &info) == 0 else { throw .failed(.read, path) }
            var text = ""
            // The file is read whole only when its last byte is no newline.
            if info.st_size == 0 {
                text = PriceBookCSV.header + "\n"
            } else if try folder.readEnds(Self.fileName, headCount: 0, tailCount: 1)?.tail.last != UInt8(ascii: "\n"),
                      let bytes = try folder.read(Self.fileName), bytes.last != UInt8(ascii: "\n") {
                // A last line without its newline: ended, when it reads; dropped, when a kill cut it off.
                let reading = try Self.reading(bytes, path: path)
                if let torn = reading.tornLine {
                    let kept = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
                    guard ftruncate(file, off_t(kept)) == 0 else { throw .failed(.write, path) }
                    book = nil
                    warn("\(path): dropped its last line, cut off before it was written whole: \(VisibleText.visible(torn))")
                } else {
                    text = layout.lineEnd
                }
            }
            for observation in observations { text += PriceBookCSV.line(observation, layout: layout) }
            let bytes = Array(text.utf8)
            if let code = bytes.withUnsafeBytes({ System.writeAll(file, $0) }) { throw .failed(.write, path, code: code) }
            guard fsync(file) == 0 else { throw .failed(.write, path) }
            if var grown = book, let stamp = folder.stamp(of: Self.fileName) {
                grown.appendWritten(observations)
                cached = (stamp, grown)
            }
        }
    }

    /// Takes observations out of the file (each the last equal line), replacing it
    /// atomically; every other line stays as it was.
    func remove(_ observations: [Observation], warn: (String) -> Void) throws(StorageFailure) {
        try withLock(warn: warn) { folder, _, _ throws(StorageFailure) in
            guard let bytes = try folder.read(Self.fileName) else { return }
            let reading = try Self.reading(bytes, path: path)
            // Each observation given takes the last equal line not taken yet: counted, then
            // found in one pass from the end (not a pass over the book for each).
            var wanted: [Observation: Int] = [:]
            for observation in observations { wanted[observation, default: 0] += 1 }
            var dropped = Set<Int>()
            for index in reading.observations.indices.reversed() where !wanted.isEmpty {
                guard let count = wanted[reading.observations[index].observation] else { continue }
                dropped.insert(reading.observations[index].line)
                wanted[reading.observations[index].observation] = count == 1 ? nil : count - 1
            }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var number = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                if dropped.contains(number) { continue }
                kept += line
                kept.append(UInt8(ascii: "\n"))
            }
            // The split gives one piece after the last newline: nothing, or a torn line.
            if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { kept.removeLast() }
            try folder.replace(Self.fileName, with: kept)
        }
    }

    /// `prices import FILE.csv`: the file's prices that fit the book, appended; what was
    /// skipped, and why, goes to `warn`.
    func importFile(_ path: String, warn: (String) -> Void) throws(StorageFailure) -> Confirmation {
        var bytes = try PrivateDirectory.readImport(path)
        // A file from elsewhere may end without a newline; its last line is no torn write.
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        let reading = try Self.reading(bytes, path: path)
        // Each name's first price in the book, or in the file, sets what its others must fit.
        var known: [String: (name: String, dimension: Dimension, currency: CurrencyCode?)] = [:]
        var present = Set<Observation>()
        for product in try book(warn: warn).everything().products {
            known[Observation.key(product.name)] = (product.name, product.dimension, product.currency)
            present.formUnion(product.observations)
        }
        var added: [Observation] = []
        var skipped = reading.problems
        var alreadyThere = 0
        for (line, observation) in reading.observations {
            // The same file imported again, or the book itself, adds nothing twice.
            if present.contains(observation) {
                alreadyThere += 1
                continue
            }
            do throws(ObservationError) {
                if let product = known[observation.key] {
                    try PriceBook.check(observation, against: product)
                    if product.currency == nil { known[observation.key]?.currency = observation.currency }
                } else {
                    known[observation.key] = (observation.name, observation.unit.dimension, observation.currency)
                }
                added.append(observation)
            } catch {
                skipped.append(PriceBookCSV.LineProblem(line: line, message: error.message))
            }
        }
        skipped.sort { $0.line < $1.line }
        for problem in skipped { warn("\(path):\(problem.line): skipped: \(problem.message)") }
        if !added.isEmpty { try append(added, warn: warn) }
        return .imported(count: added.count, path: path, alreadyThere: alreadyThere, skipped: skipped.count)
    }

    /// `prices export FILE.csv`: the book as a new file; an existing file is never replaced.
    func exportFile(_ path: String, warn: (String) -> Void) throws(StorageFailure) -> Confirmation {
        let book = try self.book(warn: warn)
        // Lines that do not read are not exported: each is named.
        for problem in book.everything().problems { warn("\(self.path):\(problem.line): not exported: \(problem.message)") }
        let observations = book.observations
        var text = PriceBookCSV.header + "\n"
        for observation in observations { text += PriceBookCSV.line(observation) }
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            if errno == EEXIST { throw .exists(StoragePath(path, namedByUser: true)) }
            throw .failed(.create, path, namedByUser: true)
        }
        let bytes = Array(text.utf8)
        let writeError = bytes.withUnsafeBytes { System.writeAll(file, $0) }
        let syncError = writeError == nil && fsync(file) != 0 ? errno : nil
        close(file)
        if let code = writeError ?? syncError {
            unlink(path)
            throw .failed(.write, path, namedByUser: true, code: code)
        }
        return .exported(count: observations.count, path: path)
    }

    /// Runs `body` holding the lock, with the file open for appending (created with its
    /// header's place empty); the cached book is dropped, to be read again.
    private func withLock(warn: (String) -> Void,
                          _ body: (PrivateDirectory, Int32, PriceBookCSV.Layout) throws(StorageFailure) -> Void) throws(StorageFailure) {
        guard let folder = try PrivateDirectory.open(directory, create: true) else { throw .unusableDirectory(StoragePath(directory)) }
        let lock = try FileLock(Self.fileName + ".lock", in: folder, holders: .priceBook, notice: warn)
        defer { withExtendedLifetime(lock) {} }
        folder.removeLeftovers(of: Self.fileName)
        let file = openat(folder.fd, Self.fileName, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            if errno == ELOOP { throw .symbolicLink(.open, StoragePath(path)) }
            throw .failed(.open, path)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(.use, StoragePath(path)) }
        // A book another program wrote readable by others is made private, as per's files are.
        if info.st_mode & 0o077 != 0, fchmod(file, 0o600) != 0 { throw .failed(.makePrivate, path) }
        cached = nil
        // A book whose header is wrong is left alone: appending would mix formats. Lines go
        // in the order of the file's own header.
        let layout = info.st_size > 0 ? try Self.indexed(try firstLine(in: folder), path: path).layout : .standard
        try body(folder, file, layout)
    }

    /// The file's first line (at most 4 KB of it), for its header.
    private func firstLine(in folder: PrivateDirectory) throws(StorageFailure) -> [UInt8] {
        let file = openat(folder.fd, Self.fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw .failed(.read, path) }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { System.read(file, into: $0) } ?? 0
        let head = buffer[0..<count]
        return Array(head[..<(head.firstIndex(of: UInt8(ascii: "\n")) ?? head.endIndex)]) + [UInt8(ascii: "\n")]
    }

    private static func reading(_ bytes: [UInt8], path: String) throws(StorageFailure) -> PriceBookCSV.Reading {
        do {
            return try PriceBookCSV.read(bytes)
        } catch {
            throw .unreadableBook(StoragePath(path), error)
        }
    }

    private static func parse(_ bytes: [UInt8], path: String) throws(StorageFailure) -> PriceBook {
        PriceBook(try indexed(bytes, path: path))
    }

    private static func indexed(_ bytes: [UInt8], path: String) throws(StorageFailure) -> PriceBookFile {
        do {
            return try PriceBookCSV.index(bytes)
        } catch {
            throw .unreadableBook(StoragePath(path), error)
        }
    }

    /// Names the lines of the book an answer read and skipped, the first few one by one.
    func report(_ problems: [PriceBookCSV.LineProblem], warn: (String) -> Void) {
        for problem in problems.prefix(Self.problemsShown) { warn("\(path):\(problem.line): skipped: \(problem.message)") }
        if problems.count > Self.problemsShown { warn("\(path): \(problems.count - Self.problemsShown) more lines skipped") }
    }
}
