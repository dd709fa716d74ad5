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
        // The pure core: numbers, syntax, evaluation and session state. No I/O, no globals.
        .target(name: "PerCore"),
        // The edge: command line, batch and interactive loops, rendering, terminal.
        .target(name: "PerShell", dependencies: ["PerCore"]),
        // A few lines that hand the arguments to PerShell. In a Linux release build the
        // Swift runtime and the C++ library it uses are linked in (see linker/libstdc++.so)
        // and the binary is not position-independent, so `per` starts without loading or
        // relocating them: the README's `swift build -c release` is the fast build. Debug
        // builds and the test bundle (which links Foundation) link as usual; macOS ships
        // the Swift runtime in the OS.
        .executableTarget(name: "per", dependencies: ["PerShell"], exclude: ["linker"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-static-libgcc", "-Xclang-linker", "-no-pie", "-L", "\(Context.packageDirectory)/Sources/per/linker"],
                                                        .when(platforms: [.linux], configuration: .release))]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PerCoreTests", dependencies: ["PerCore", "TestSupport"], exclude: ["Fixtures"]),
        // Runs the built `per` binary against transcript files.
        .testTarget(name: "PerTranscriptTests", dependencies: ["per", "PerCore", "TestSupport"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v6]
)
