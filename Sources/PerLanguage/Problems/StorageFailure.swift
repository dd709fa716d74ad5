/// Why one of the files per keeps or is given (saved sets, the session, the history, the
/// price book, a file to import or export) could not be used, as a value: the shell meets
/// the file and says which case it is, with the path and the system's own reason; each
/// case is worded once, in `message`.
public enum StorageFailure: Error, Sendable, Equatable {
    /// A call on the file failed; `reason` is the system's (`strerror`).
    case system(FileAction, StoragePath, reason: String)
    /// The path is a symbolic link, which per does not follow.
    case symbolicLink(FileAction, StoragePath)
    /// The path is a directory, a FIFO or a device, which per does not read or write.
    case notRegularFile(FileAction, StoragePath)
    /// A folder of per's is a file.
    case notDirectory(StoragePath)
    /// A folder of per's could not be made or opened (`PrivateDirectory`).
    case unusableDirectory(StoragePath)
    /// A file larger than the most per reads, `limit` bytes.
    case tooLarge(StoragePath, limit: Int)
    /// A folder of per's that someone else could change: a link or a folder of another
    /// user's, or one others may write to.
    case notPrivate(StoragePath, NotPrivate)
    /// A copy of a file kept aside, or a file moved aside, with every name of this second taken.
    case tooManyCopies(FileAction, StoragePath)
    /// No temporary file could be made in the folder, to write a file and rename it.
    case noTemporaryFile(in: StoragePath)
    /// Another per held the lock past `FileLock.deadline`.
    case locked(LockedFiles, StoragePath)
    /// Ctrl-C while waiting for a lock.
    case cancelledWaitingForLock(StoragePath)
    /// Ctrl-C while reading a file to import.
    case cancelledImport(StoragePath)
    /// `prices export FILE` to a file that is there.
    case exists(StoragePath)
    /// The price book's file does not read as a book.
    case unreadableBook(StoragePath, BookRefusal)
    /// A newer per kept the session in a format this one does not read.
    case newerSession(format: String, StoragePath)
    /// A newer per wrote the saved sets in a format this one does not read.
    case newerSavedSets(format: String, reads: Int, StoragePath)
    /// A saved set the rules refuse (`SavedSets.save`), which ends the file's transaction.
    case savedSetRefused(SavedSetError)
    /// Another shell's session is in the file, and no folder for saved sets can keep it.
    case nowhereForOtherSession(StoragePath)
    /// No folder for saved sets: PER_HOME, XDG_DATA_HOME and HOME are all unset.
    case noDirectory
    /// A sheet, which runs again and again, asked to change saved sets or the price book.
    case sheetChanges(SheetChange)
    /// A sheet without a write bit, which per leaves as its owner meant it.
    case readOnly(StoragePath)
    /// A sheet this user may not write; `reason` is the system's.
    case notWritable(StoragePath, reason: String)
    /// A sheet edited while per computed its answers, left to its editor.
    case changedMeanwhile(StoragePath)
    /// A sheet whose bytes are not UTF-8.
    case notText(StoragePath)

    /// What per was doing with a file.
    public enum FileAction: Sendable, Equatable {
        case open, use, read, write, create, replace, lock, makePrivate, moveAside, keepCopy

        /// `cannot read PATH`.
        package func cannot(_ path: StoragePath) -> String {
            switch self {
            case .open: return "cannot open \(path)"
            case .use: return "cannot use \(path)"
            case .read: return "cannot read \(path)"
            case .write: return "cannot write \(path)"
            case .create: return "cannot create \(path)"
            case .replace: return "cannot replace \(path)"
            case .lock: return "cannot lock \(path)"
            case .makePrivate: return "cannot make \(path) private"
            case .moveAside: return "cannot move \(path) aside"
            case .keepCopy: return "cannot keep a copy of \(path)"
            }
        }
    }

    /// How a folder is not the user's own.
    public enum NotPrivate: Sendable, Equatable {
        case foreignLink, foreignOwner, writableByOthers
    }

    /// The files a lock keeps for one per at a time.
    public enum LockedFiles: Sendable, Equatable {
        case savedSets, session, history, priceBook, rates

        /// The subject of `… locked by another per`.
        package var phrase: String {
            switch self {
            case .savedSets: return "saved sets are"
            case .session: return "the session is"
            case .history: return "the history is"
            case .priceBook: return "the price book is"
            case .rates: return "the rates are"
            }
        }
    }

    /// What a sheet may not change.
    public enum SheetChange: Sendable, Equatable {
        case savedSets, priceBook
    }

    public var message: String {
        switch self {
        case .system(let action, let path, let reason): return "\(action.cannot(path)): \(reason)"
        case .symbolicLink(let action, let path): return "\(action.cannot(path)): it is a symbolic link"
        case .notRegularFile(let action, let path): return "\(action.cannot(path)): it is not a regular file"
        case .notDirectory(let path): return "cannot use \(path): it is not a directory"
        case .unusableDirectory(let path): return "cannot use \(path)"
        case .tooLarge(let path, let limit): return "cannot read \(path): it is larger than \(limit / 1_000_000) MB, the most per reads"
        case .notPrivate(let path, .foreignLink): return "refusing to use \(path): it is a symbolic link owned by another user"
        case .notPrivate(let path, .foreignOwner): return "refusing to use \(path): it is owned by another user"
        case .notPrivate(let path, .writableByOthers): return "refusing to use \(path): it is writable by other users"
        case .tooManyCopies(let action, let path): return "\(action.cannot(path)): too many copies from this second"
        case .noTemporaryFile(let folder): return "cannot create a temporary file in \(folder)"
        case .locked(let files, let path): return "\(files.phrase) locked by another per (\(path)); try again"
        case .cancelledWaitingForLock(let path): return "cancelled while waiting for the lock on \(path)"
        case .cancelledImport(let path): return "cancelled reading \(path); nothing was imported"
        case .exists(let path): return "\(path) exists: per does not replace it; give a new name"
        case .unreadableBook(let path, let refusal): return "cannot read \(path) as a price book: \(refusal.message); per leaves it as it is"
        case .newerSession(let format, let path):
            return "another per, newer (format \(format)), wrote \(path) since; it is left as it is and this session is not kept"
        case .newerSavedSets(let format, let reads, let path):
            return "\(path) was written by a newer per (format \(format); this one reads \(reads)); it is left as it is"
        case .savedSetRefused(let refusal): return refusal.message
        case .nowhereForOtherSession(let path): return "another shell's session is in \(path), and there is nowhere to keep it"
        case .noDirectory: return "cannot reach saved sets: set PER_HOME, XDG_DATA_HOME or HOME"
        case .sheetChanges(.savedSets): return "a sheet does not change saved sets (each run would do it again); do it in the shell"
        case .sheetChanges(.priceBook):
            return "a sheet does not change the price book or write files (each run would do it again); do it in the shell"
        case .readOnly(let path): return "\(path) is read-only; it was left as it is (per sheet --stdout prints it with its answers)"
        case .notWritable(let path, let reason): return "cannot write \(path): \(reason); it was left as it is"
        case .changedMeanwhile(let path): return "\(path) changed while per was computing; it was left as it is (run per sheet again)"
        case .notText(let path): return "\(path) is not UTF-8 text; it was left as it is"
        }
    }
}

/// A file's path as messages show it: a file the user named (`prices import FILE`) in
/// quotes, one of per's own files as it is.
public struct StoragePath: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let isNamedByUser: Bool

    public init(_ path: String, namedByUser: Bool = false) {
        self.path = path
        isNamedByUser = namedByUser
    }

    public var description: String { isNamedByUser ? "'\(path)'" : path }
}
