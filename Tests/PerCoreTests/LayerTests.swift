import Foundation
import Testing

/// per's targets are layers (Package.swift, shared/STYLE.md "Layers the compiler sees"):
/// each may import only the ones below it. The compiler refuses an import that
/// Package.swift does not allow; these tests pin the order itself, in Package.swift's
/// dependencies and in every source file's `import` lines, so that a dependency added the
/// wrong way round fails here and not in review.
struct LayerTests {
    /// From the bottom up. A target's folder is Sources/NAME.
    static let order = ["PerNumbers", "PerUnits", "PerLanguage", "PerTools", "PerSession", "PerShell", "per"]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The per modules a Swift source imports, however it imports them
    /// (`import`, `@testable import`, `@_exported import`).
    static func perImports(of source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"),
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }), index + 1 < words.count else { return nil }
            let module = String(words[index + 1])
            return order.contains(module) ? module : nil
        }
    }

    /// The targets Package.swift declares in Sources/, with the targets each depends on.
    static func packageDependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: [String]] = [:]
        // `.target(name: "X", dependencies: ["A", "B"] …)`, `.executableTarget(…)`.
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        let text = manifest as NSString
        for match in pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            let list = match.range(at: 2).location == NSNotFound ? "" : text.substring(with: match.range(at: 2))
            result[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return result
    }

    @Test("every folder in Sources/ is a target with a place in the order")
    func everyTargetIsPlaced() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
        #expect(Set(folders) == Set(Self.order))
        let declared = try Self.packageDependencies()
        for target in Self.order {
            #expect(declared[target] != nil, "Package.swift declares no target \(target)")
        }
    }

    @Test("Package.swift lets each target depend only on the layers below it", arguments: order)
    func packageOrder(target: String) throws {
        let rank = Self.order.firstIndex(of: target)!
        for dependency in try Self.packageDependencies()[target] ?? [] {
            let below = Self.order.firstIndex(of: dependency).map { $0 < rank } ?? false
            #expect(below, "Package.swift: \(target) depends on \(dependency), which is not a layer below it")
        }
    }

    @Test("each source file imports only layers below its own", arguments: order)
    func importOrder(target: String) throws {
        let rank = Self.order.firstIndex(of: target)!
        let folder = Self.root.appendingPathComponent("Sources").appendingPathComponent(target)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for module in Self.perImports(of: source) {
                #expect(Self.order.firstIndex(of: module)! < rank, "Sources/\(target)/\(file) imports \(module), which is not below \(target)")
            }
        }
    }

    @Test("the fuzz script builds the core's layers in the same order")
    func fuzzOrder() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("Tests/Fuzz/run.sh"), encoding: .utf8)
        let line = script.split(separator: "\n").first { $0.hasPrefix("layers=") }
        let core = Self.order.filter { $0 != "PerShell" && $0 != "per" }
        #expect(line == "layers=\"\(core.joined(separator: " "))\"")
    }

    @Test("imports are read as Swift writes them", arguments: [
        ("import PerNumbers", ["PerNumbers"]),
        ("@testable import PerTools", ["PerTools"]),
        ("import Synchronization\nimport PerNumbers", ["PerNumbers"]),
        ("/// how to import PerTools", []),
        ("let x = 1 // import PerTools", []),
    ])
    func readsImports(source: String, modules: [String]) {
        #expect(Self.perImports(of: source) == modules)
    }
}
