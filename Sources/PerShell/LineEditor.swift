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

/// What reading a line at the prompt gave.
enum PromptInput: Equatable {
    case line(String)
    /// A line too long to keep (the plain reader drops it as it comes).
    case tooLong(beginning: String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D or the end of input.
    case end
}

/// Line editing through libedit's readline interface, loaded at run time with `dlopen`
/// so that per neither builds nor links against it. All of per's unsafe code for the
/// terminal lives in this file.
final class LibEdit {
    private typealias ReadLine = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private typealias StringCall = @convention(c) (UnsafePointer<CChar>?) -> Int32
    private typealias IntCall = @convention(c) (Int32) -> Void
    private typealias VoidCall = @convention(c) () -> Void
    typealias Completer = @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private typealias CharacterReader = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    private let readline: ReadLine
    private let addHistory: StringCall
    private let stifleHistory: IntCall
    private let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private let point: UnsafeMutablePointer<Int32>?
    private let appendCharacter: UnsafeMutablePointer<Int32>?

    /// The library names tried, Linux's and macOS's.
    static let libraryNames = ["libedit.so.2", "libedit.so", "libedit.so.0", "libedit.3.dylib", "libedit.dylib"]

    /// Loads libedit, or nil when it is not on this machine.
    init?() {
        LibEdit.useUTF8CharacterType()
        guard let handle = LibEdit.libraryNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let readline = symbol("readline", as: ReadLine.self),
              let addHistory = symbol("add_history", as: StringCall.self),
              let stifleHistory = symbol("stifle_history", as: IntCall.self) else { return nil }
        self.readline = readline
        self.addHistory = addHistory
        self.stifleHistory = stifleHistory
        lineBuffer = dlsym(handle, "rl_line_buffer")?.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        point = dlsym(handle, "rl_point")?.assumingMemoryBound(to: Int32.self)
        appendCharacter = dlsym(handle, "rl_completion_append_character")?.assumingMemoryBound(to: Int32.self)
        // Set before libedit initializes (using_history does), which then reads every
        // character through it.
        if let reader = dlsym(handle, "rl_getc_function")?.assumingMemoryBound(to: CharacterReader?.self) {
            reader.pointee = LibEdit.readCharacter
            readsCharacters = true
        }
        symbol("using_history", as: VoidCall.self)?()
        if let name = dlsym(handle, "rl_readline_name")?.assumingMemoryBound(to: UnsafePointer<CChar>?.self) {
            name.pointee = UnsafePointer(strdup("per"))
        }
        if let breaks = dlsym(handle, "rl_basic_word_break_characters")?.assumingMemoryBound(to: UnsafePointer<CChar>?.self) {
            breaks.pointee = UnsafePointer(strdup(String(Completion.wordBreaksText)))
        }
        if let over = dlsym(handle, "rl_attempted_completion_over")?.assumingMemoryBound(to: Int32.self) {
            over.pointee = 1
        }
        if let completion = dlsym(handle, "rl_attempted_completion_function")?.assumingMemoryBound(to: Completer?.self) {
            completion.pointee = LibEdit.complete
        }
        LibEdit.current = self
    }

    /// Whether libedit reads through `readCharacter`, and so does `whenIdle`'s work (a
    /// libedit without `rl_getc_function` does not).
    private(set) var readsCharacters = false

    /// Work to do once no key has come by its deadline (the shell writes its session):
    /// set before `read`, done at most once while the user is idle.
    var whenIdle: (deadline: ContinuousClock.Instant, work: () -> Void)?

    /// readline's character reader: the next character typed, decoded from UTF-8 (libedit
    /// takes a whole character from it), or -1 at the end of input and on Ctrl-C or a
    /// terminating signal. While it waits it does `whenIdle`'s work at its deadline. Other
    /// signals (a resized window) do not end the line. A byte that cannot start or continue
    /// a character is read as U+FFFD, and the byte after a broken sequence is kept for the
    /// next call, so a stray byte never swallows the Enter or the key after it.
    private static let readCharacter: CharacterReader = { _ in
        func byte() -> Int32 {
            if let kept = LibEdit.keptByte {
                LibEdit.keptByte = nil
                return kept
            }
            var value: [UInt8] = [0]
            while true {
                if let editor = LibEdit.current, let idle = editor.whenIdle {
                    if !System.waitForInput(System.standardInput, until: idle.deadline) {
                        editor.whenIdle = nil
                        idle.work()
                    }
                }
                if Interrupt.received != 0 || Interrupt.terminating != 0 { return -1 }
                let count = value.withUnsafeMutableBytes {
                    System.read(System.standardInput, into: $0, stopOnInterrupt: true, awaitingInput: true)
                }
                if count == 1 { return Int32(value[0]) }
                if count == 0 { return -1 }
                if errno != EINTR || Interrupt.received != 0 || Interrupt.terminating != 0 { return -1 }
            }
        }
        let first = byte()
        guard first >= 0x80 else { return first }
        // The length of the sequence from its first byte; a byte that starts none is U+FFFD.
        let length = (0xC2...0xDF).contains(first) ? 2 : (0xE0...0xEF).contains(first) ? 3 : (0xF0...0xF4).contains(first) ? 4 : 0
        guard length > 0 else { return 0xFFFD }
        var bytes = [UInt8(first)]
        while bytes.count < length {
            let next = byte()
            guard next >= 0 else { return -1 }
            guard next & 0xC0 == 0x80 else {
                LibEdit.keptByte = next
                return 0xFFFD
            }
            bytes.append(UInt8(next))
        }
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else { return 0xFFFD }
        return Int32(scalar.value)
    }

    /// A byte read past a broken UTF-8 sequence, for the next call of `readCharacter`.
    nonisolated(unsafe) private static var keptByte: Int32?

    /// libedit decodes typed bytes with the C library's character type, which is plain
    /// ASCII until a program calls `setlocale`; in that state every non-ASCII byte (`−`,
    /// `×`, `€`, `é`) is dropped. Terminals send UTF-8 even under `LANG=C`, so per takes
    /// the user's `LC_CTYPE` when it is UTF-8 and a UTF-8 one otherwise. Only the
    /// character type changes: numbers and messages never depend on the locale.
    static func useUTF8CharacterType() {
        func isUTF8() -> Bool {
            guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
            let name = String(cString: codeset).uppercased()
            return name == "UTF-8" || name == "UTF8"
        }
        if setlocale(LC_CTYPE, "") != nil, isUTF8() { return }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] where setlocale(LC_CTYPE, name) != nil && isUTF8() {
            return
        }
    }

    /// The candidates for the text before the cursor; set by the shell.
    var candidates: (String) -> [String] = { _ in [] }

    func read(prompt: String) -> PromptInput {
        Interrupt.received = 0
        guard let line = readline(prompt) else {
            return Interrupt.received != 0 ? .interrupted : .end
        }
        defer { free(line) }
        if Interrupt.received != 0 { return .interrupted }
        return .line(String(cString: line))
    }

    func remember(_ line: String) { _ = addHistory(line) }

    /// Gives libedit the history to walk and search, keeping at most `limit` entries. The
    /// file is per's (`History`), not libedit's.
    func loadHistory(_ entries: [String], limit: Int32) {
        stifleHistory(limit)
        for entry in entries { _ = addHistory(entry) }
    }

    /// The one instance, for the completion callback, which C calls without context.
    nonisolated(unsafe) private static var current: LibEdit?

    /// readline's completion hook: returns a malloc'd, NULL-terminated list whose first
    /// entry replaces the word (the candidates' common prefix), then the candidates.
    private static let complete: Completer = { text, _, end in
        guard let editor = LibEdit.current else { return nil }
        let word = text.map { String(cString: $0) } ?? ""
        var before = ""
        if let buffer = editor.lineBuffer?.pointee {
            let text = String(cString: buffer)
            // libedit built for wide characters counts the cursor in characters (scalars),
            // not bytes: `recall Pâ` has its cursor at 9, not 10.
            let cursor = Int(editor.point?.pointee ?? end)
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text.unicodeScalars.prefix(cursor))
            before = String(scalars)
        }
        let matches = editor.candidates(before)
        editor.appendCharacter?.pointee = 0
        // Nothing to offer: the word stays as typed. (A null answer would have libedit
        // offer the folder's file names, which no argument of per's is.)
        guard !matches.isEmpty else {
            let list = malloc(2 * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)!.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
            list[0] = strdup(word)
            list[1] = nil
            return list
        }
        // A name that needs quotes (`"Barilla integrale"`) shares its letters, not its
        // quote, with the others (`Barilla`): their common part is read without quotes
        // when the word has none. It never comes out shorter than the word typed.
        let unquoted = !word.hasPrefix("\"") && matches.contains { $0.hasPrefix("\"") }
        let forms = unquoted && matches.count > 1 ? matches.map { $0.filter { $0 != "\"" } } : matches
        var common = forms.dropFirst().reduce(forms[0]) { prefix, next in
            String(zip(prefix, next).prefix { $0 == $1 }.map(\.0))
        }
        if common.count < word.count { common = word }
        // `steam=` and `sqrt(` are followed by a value, not a space. The space is part of
        // the completion: libedit drops its append character in a UTF-8 locale.
        let last = common.last
        let completed = matches.count == 1 && last != "=" && last != "(" ? common + " " : common
        // readline frees the list and its strings, so both come from malloc.
        let entry = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
        let list = malloc(entry * (matches.count + 2))!.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        list[0] = strdup(completed)
        for (index, match) in (matches.count == 1 ? [] : matches).enumerated() { list[index + 1] = strdup(match) }
        list[matches.count == 1 ? 1 : matches.count + 1] = nil
        return list
    }
}

extension Completion {
    /// The word-break characters as one string, for libedit.
    static var wordBreaksText: String { String(wordBreaks) }
}
