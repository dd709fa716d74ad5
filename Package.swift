// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "per",
    // The core's memo of function values within a statement is guarded by the standard
    // library's Mutex (Synchronization), which Darwin has from macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "per", targets: ["per"]),
    ],
    targets: [
        // The core is pure (no I/O) and split by layer; a target imports only the ones below
        // it, so an upward reference does not compile. What one of per's targets uses of
        // another is `package`; what the shell and tests see of the core is `public`.
        //
        // Numbers: exact and approximate numbers (BigInt, Rational, Real, Number), their
        // display and output formats, calendar dates, and the evaluation context (precision,
        // values below the range, the memo, the interruption that long loops ask). Imports
        // nothing of per's.
        .target(name: "PerNumbers"),
        // Units: units and dimensions, quantities and their ranges, money, currencies and
        // date arithmetic, the unit table and its spelling suggestions. Imports PerNumbers.
        .target(name: "PerUnits", dependencies: ["PerNumbers"]),
        // The language: syntax and evaluation, and the problems every layer above reports.
        // Imports PerUnits and PerNumbers.
        .target(name: "PerLanguage", dependencies: ["PerUnits", "PerNumbers"]),
        // The tools (shopping, estimators, price book, saved sets, sheets) and the values
        // the session and the shell share: outcomes, JSON, the command catalogue. Imports
        // PerLanguage, PerUnits and PerNumbers.
        .target(name: "PerTools", dependencies: ["PerLanguage", "PerUnits", "PerNumbers"]),
        // The session: the state that composes the tools and runs statements, undo, help
        // and the manual. Imports PerCore, PerUnits and PerNumbers.
        .target(name: "PerSession", dependencies: ["PerTools", "PerLanguage", "PerUnits", "PerNumbers"]),
        // The edge: command line, batch and interactive loops, rendering, terminal.
        .target(name: "PerShell", dependencies: ["PerSession", "PerTools", "PerLanguage", "PerUnits", "PerNumbers"]),
        // A few lines that hand the arguments to PerShell. In a Linux release build the
        // Swift runtime and the C++ library it uses are linked in (see linker/libstdc++.so)
        // and the binary is not position-independent, so `per` starts without loading or
        // relocating them. Nor does it export its symbols, as `-static-stdlib` asks
        // (`-export-dynamic`): nothing looks them up but the runtime's `dladdr` at start,
        // which reads through every one. The README's `swift build -c release` is the fast
        // build. Debug builds and the test bundle (which links Foundation) link as usual;
        // macOS ships the Swift runtime in the OS.
        .executableTarget(name: "per", dependencies: ["PerShell"], exclude: ["linker"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-static-libgcc", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic", "-L", "\(Context.packageDirectory)/Sources/per/linker"],
                                                        .when(platforms: [.linux], configuration: .release))]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", dependencies: ["PerSession", "PerTools", "PerLanguage"], path: "Tests/TestSupport"),
        .testTarget(name: "PerCoreTests", dependencies: ["PerSession", "PerTools", "PerLanguage", "PerUnits", "PerNumbers", "TestSupport"], exclude: ["Fixtures"]),
        // Runs the built `per` binary against transcript files.
        .testTarget(name: "PerTranscriptTests", dependencies: ["per", "PerSession", "PerTools", "PerLanguage", "TestSupport"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v6]
)
