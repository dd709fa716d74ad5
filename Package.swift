// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "per",
    products: [
        .executable(name: "per", targets: ["per"]),
    ],
    targets: [
        // The pure core: numbers, syntax, evaluation and session state. No I/O, no globals.
        .target(name: "PerCore"),
        // The edge: command line, batch and interactive loops, rendering, terminal.
        .target(name: "PerShell", dependencies: ["PerCore"]),
        // A few lines that hand the arguments to PerShell.
        .executableTarget(name: "per", dependencies: ["PerShell"]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PerCoreTests", dependencies: ["PerCore", "TestSupport"], exclude: ["Fixtures"]),
        // Runs the built `per` binary against transcript files.
        .testTarget(name: "PerTranscriptTests", dependencies: ["per", "TestSupport"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v6]
)
