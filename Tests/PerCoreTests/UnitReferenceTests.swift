import Foundation
import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

/// SPEC §17's catalogue against the legal definitions: every name in
/// `Fixtures/units/reference.tsv`, a table typed from the SI Brochure, NIST SP 811, NIST
/// Handbook 44 and the UK Weights and Measures Act 1985 (never from per's table), asked of
/// per as a person writes it, and the table itself against GNU units when it is installed.
struct UnitReferenceTests {
    /// One row of the fixture: `1 name` is exactly `value unit`.
    struct Row: Sendable, CustomTestStringConvertible {
        let group: String
        let name: String
        /// A number expression per reads, exact but for the radian's `pi`.
        let value: String
        /// The coherent SI unit the value is in; `1` for a plain number.
        let unit: String
        let source: String
        /// The same unit written for GNU units; nil where it has none.
        let gnu: String?

        var testDescription: String { "\(group): \(name)" }

        /// The statement that is true exactly when per's unit is the reference.
        var equality: String { unit == "1" ? "1 \(name) == (\(value))" : "1 \(name) == (\(value)) \(unit)" }

        /// The statement giving per's value of one `name` in `unit`, as a number to read
        /// (a plain number is shown in kg, since `to` takes a unit).
        var conversion: String { unit == "1" ? "1 \(name) * 1 kg to kg" : "1 \(name) to \(unit)" }

        /// Whether the reference is irrational (the radian, 180/π degrees): per can then
        /// only say the two agree to every digit it knows.
        var isIrrational: Bool { value.contains("pi") }
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/units/reference.tsv")

    /// The fixture's rows; none when it cannot be read, which `table` reports.
    static let rows: [Row] = {
        guard let text = try? String(contentsOf: fixture, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else { return nil }
            return Row(group: fields[0], name: fields[1], value: fields[2], unit: fields[3], source: fields[4],
                       gnu: fields[5] == "-" ? nil : fields[5])
        }
    }()

    /// The groups SPEC §17 names, and those per has besides.
    static let groups: Set<String> = [
        "length", "mass", "volume", "area", "time", "speed", "flow", "force", "pressure", "energy", "power",
        "electricity", "information", "frequency", "counts", "amount", "concentration", "fuel economy",
        "temperature difference", "angle", "hardness",
    ]

    @Test("the reference table reads whole: six fields a row, every group, no name twice")
    func table() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(Self.rows.count == lines.count, "a row without six tab-separated fields")
        #expect(Self.rows.count >= 400)
        #expect(Set(Self.rows.map(\.group)) == Self.groups)
        let names = Self.rows.map(\.name)
        #expect(Set(names).count == names.count, "a name listed twice")
    }

    /// Names the catalogue does not have yet (`Fixtures/units/pending.txt`).
    static let pending: Set<String> = {
        let file = fixture.deletingLastPathComponent().appendingPathComponent("pending.txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }()

    @Test("one of each name is exactly its legal definition, but those still pending, which must still differ", arguments: rows)
    func definition(_ row: Row) {
        let said = result(of: row.equality)
        let holds = said == "true" || (row.isIrrational && { if case .problem(.quantity(.arithmetic(.tooClose)), _) = said { return true } else { return false } }())
        if Self.pending.contains(row.name) {
            #expect(!holds, "\(row.name) now reads as its definition: take it off Fixtures/units/pending.txt")
            return
        }
        if holds { return }
        Issue.record("""
            1 \(row.name) should be \(row.value) \(row.unit) (\(row.source)); \
            per says \(Self.shown(said)) to '\(row.equality)' and \(Self.shown(result(of: row.conversion))) to '\(row.conversion)'
            """)
    }

    /// What per said, as the shell shows it: a value, or the problem's message.
    static func shown(_ said: Seen) -> String {
        switch said {
        case .text(let text): return text
        case .problem(let problem, let column): return "error at column \(column): \(problem.message)"
        }
    }

    /// GNU units, where it is installed, on every row it has a name for: the typed value
    /// (as per computes the number written) and per's own value of the unit, where per
    /// reads the name, both within 1e-12 of GNU's 15 digits. One process reads every row.
    @Test("GNU units agrees with the table and with per to 1e-12",
          .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.isExecutableFile(atPath: Self.gnuUnits),
                   "GNU units is not installed"))
    func gnuUnitsAgrees() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.gnuUnits) else {
            Issue.record("GNU units is missing (\(Self.gnuUnits))")
            return
        }
        let checked = Self.rows.filter { $0.gnu != nil }
        #expect(checked.count >= 400)
        let theirs = try Self.gnuValues(of: checked)
        var session = Session()
        _ = session.run(line: "digits 20")
        for (row, gnu) in zip(checked, theirs) {
            guard let gnu else {
                Issue.record("\(row.name): GNU units does not read '1 \(row.gnu!)' in \(Self.gnuTarget(row.unit))")
                continue
            }
            guard let reference = Self.number(session.run(line: "(\(row.value))")[0].outcome) else {
                Issue.record("\(row.name): per does not read the reference '\(row.value)'")
                continue
            }
            if !Self.agree(reference, gnu) {
                Issue.record("\(row.name): the table says \(row.value) \(row.unit), GNU units '1 \(row.gnu!)' says \(gnu)")
            }
            // A name per does not read yet (or reads as another dimension) is the exact
            // test's to report; here only values that both give.
            if !Self.pending.contains(row.name), let mine = Self.number(session.run(line: row.conversion)[0].outcome), !Self.agree(mine, gnu) {
                Issue.record("\(row.name): per says \(mine) \(row.unit), GNU units '1 \(row.gnu!)' says \(gnu)")
            }
        }
    }

    static let gnuUnits = "/usr/bin/units"

    /// The reference's unit as GNU units writes it: a difference of kelvins is a kelvin,
    /// a count or a plain number is 1, gauge and absolute bar are the bar.
    static func gnuTarget(_ unit: String) -> String {
        ["ΔK": "K", "item": "1", "barg": "bar", "bara": "bar"][unit] ?? unit
    }

    /// Whether two values agree to a relative 1e-12.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-12 * max(abs(a), abs(b))
    }

    /// The leading number of a value per shows (`≈ 6894.7572931683613367 kg/(m·s²)`,
    /// `57.29…°`), or nil for anything else.
    static func number(_ outcome: StatementOutcome) -> Double? {
        guard case .success(.value(let value, _)) = outcome else { return nil }
        return Double(String(value.text.prefix { "0123456789.eE+-".contains($0) }))
    }

    /// GNU units' value of one of each row's unit in the reference unit, to 15 digits:
    /// every row's pair of lines through one process, with US English units. Should the
    /// answers not pair up with the questions (a line GNU units refuses prints more or
    /// fewer lines), each row is asked on its own.
    static func gnuValues(of rows: [Row]) throws -> [Double?] {
        let questions = rows.map { "1 \($0.gnu!)\n\(gnuTarget($0.unit))\n" }
        let answers = try runUnits(input: questions.joined()).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let values = answers.map { Double($0.trimmingCharacters(in: .whitespaces)) }
        if values.count == rows.count, values.allSatisfy({ $0 != nil }) { return values }
        return try questions.map { question in
            Double(try runUnits(input: question).split(separator: "\n").first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? "")
        }
    }

    static func runUnits(input: String) throws -> String {
        // Through a file: a batch this large would fill a pipe while GNU units answers.
        let questions = FileManager.default.temporaryDirectory.appendingPathComponent("per-units-\(UUID().uuidString)")
        try Data(input.utf8).write(to: questions)
        defer { try? FileManager.default.removeItem(at: questions) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuUnits)
        process.arguments = ["-t", "-d", "15"]
        process.environment = ["UNITS_ENGLISH": "US", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: questions)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: answer, as: UTF8.self)
    }
}
