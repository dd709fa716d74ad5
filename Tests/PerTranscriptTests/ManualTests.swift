import Foundation
import PerTools
import PerLanguage
import PerSession
import Testing

/// per's manual: every example in a `help` topic or a command's manual runs as shown,
/// every topic answers `help`, and `per --man` is a man page groff reads without a
/// warning that holds every topic and command.
struct ManualTests {
    static var examples: [DocumentedExample] {
        let topics = ManualTopic.all.flatMap { topic in
            topic.examples.map { DocumentedExample(place: "help \(topic.name)", lines: $0) }
        }
        let commands = CommandCatalogue.commands.flatMap { command in
            command.manual.compactMap { block -> DocumentedExample? in
                guard case .example(let lines) = block else { return nil }
                return DocumentedExample(place: "help \(command.name)", lines: lines)
            }
        }
        return topics + commands
    }

    @Test("the manual's examples print what it shows", arguments: examples)
    func example(_ example: DocumentedExample) throws {
        let problems = try example.run()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the manual has examples, and every topic has a name of its own")
    func found() {
        #expect(Self.examples.count >= 20)
        let names = ManualTopic.all.map(\.name)
        #expect(Set(names).count == names.count)
        // Nor is it the name of a command or a function, which help would explain instead.
        for name in names {
            #expect(HelpText.topics.filter { $0 == name }.count == 1, "\(name)")
        }
    }

    @Test("help lists every topic, and help TOPIC answers")
    func helpTopics() throws {
        let overview = try per(["-e", "help"])
        for topic in ManualTopic.all {
            #expect(overview.stdout.contains("\n  \(topic.name) "), "\(topic.name)")
            let run = try per(["-e", "help \(topic.name)"])
            #expect(run.status == 0 && run.stdout.hasPrefix(topic.title + "\n"), "\(run.stdout)\(run.stderr)")
        }
    }

    @Test("per --man holds every option, command and topic")
    func manContents() throws {
        let run = try per(["--man"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix(".TH PER 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT",
                        "\"EXIT STATUS\"", "EXAMPLES"] {
            #expect(run.stdout.contains("\n.SH \(section)\n"), "\(section)")
        }
        for topic in ManualTopic.all {
            let title = topic.title.uppercased()
            #expect(run.stdout.contains("\n.SH \(title.contains(" ") ? "\"\(title)\"" : title)\n"), "\(topic.name)")
        }
        for command in CommandCatalogue.commands {
            #expect(run.stdout.contains("\n\\fB\(command.name)"), "\(command.name)")
        }
        for option in ["\\-\\-json", "\\-\\-man", "\\-\\-color", "\\-\\-no\\-history"] {
            #expect(run.stdout.contains("\\fB\(option)\\fR"), "\(option)")
        }
    }

    /// In CI groff is installed (`.ci/run`), so a missing groff fails there.
    @Test("groff reads per --man without a warning", .enabled(if: requireTools || executable("groff") != nil))
    func groff() throws {
        let page = try per(["--man"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("per-\(UUID().uuidString).1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try shell(["groff", "-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
        // Every line of text is ASCII: roff reads it whatever the locale.
        #expect(page.utf8.allSatisfy { $0 < 0x80 })
        let rendered = try shell(["groff", "-man", "-Tutf8", file.path]).output
        #expect(rendered.contains("€4.98 per kg") && rendered.contains("≈ 0.333333333333"))
    }

    /// SPEC §17: `help units DIMENSION`, for every group `help units` lists, by its name and
    /// another spelling. The names and values are typed here from the cited definitions
    /// (NIST SP 811 B.8, Handbook 44 appendix C), not taken from per's table: a psi is
    /// 0.45359237 × 9.80665 / 0.0254² Pa = 6894.757293168… Pa, a lbf 0.45359237 × 9.80665 =
    /// 4.4482216152605 N, a gpm 231 × 0.0254³ / 60 m³/s = 0.0630901964 L/s.
    @Test("help units DIMENSION lists every name of a group with what it is, lined up in 80 columns", arguments: [
        ("length", ["m", "ft", "foot", "inch", "mi", "mile", "yd", "nmi"], ["mi  ", "= 1609.344 m"]),
        ("mass", ["g", "kg", "lb", "oz", "st", "stone", "grain", "short ton", "long ton"], ["lb  ", "= 0.45359237 kg"]),
        ("volumes", ["L", "gal", "imp gal", "cup", "tbsp", "tsp", "bbl", "cc"], ["gal  ", "= 3.785411784 L"]),
        ("area", ["acres", "ha", "sq ft"], ["ha  ", "= 10000 m²"]),
        ("time", ["s", "min", "h", "days"], ["h  ", "= 3600 s"]),
        ("speed", ["mph", "kph", "knot", "kn"], ["mph", "= 0.44704 m/s"]),
        ("flows", ["gpm", "gph", "MGD", "cfm", "tph"], ["gpm", "= 0.0630901964 L/s"]),
        ("force", ["N", "lbf", "kgf", "newton"], ["lbf", "= 4.4482216152605 N"]),
        ("pressure", ["Pa", "bar", "atm", "psi", "psig", "psia", "mmHg", "inHg", "inH2O", "Torr", "kPa"],
         ["psi", "≈ 6894.75729317 Pa"]),
        ("energy", ["J", "kWh", "cal", "kcal", "Cal", "BTU", "therm", "eV"], ["BTU", "= 1055.05585262 J"]),
        ("power", ["W", "kW", "hp", "PS", "bhp", "TR", "VA"], ["kW", "= 1000 W"]),
        ("electricity", ["A", "amp", "V", "volt", "ohm", "Ω", "S", "siemens", "µS", "coulomb", "Ah"], ["Ah", "= 3600 coulomb"]),
        ("information", ["bit", "B", "byte", "bps"], ["B  ", "= 8 bit"]),
        ("frequency", ["Hz", "rpm", "hertz"], ["Hz", "s^-1"]),
        ("temperature", ["K", "°C", "°F", "ΔK", "Δ°C", "Δ°F", "celsius", "fahrenheit"], ["°C", "273.15 K"]),
        ("concentration", ["gpg", "°dH", "°fH", "°Clark", "mmol", "mol"], ["°dH", "= 0.178325 mmol/L"]),
        ("counts", ["items", "dozen", "gross", "pair", "pcs"], ["dozen", "= 12 items"]),
        ("parts", ["%", "ppm", "ppb"], ["ppm", "1/1000000"]),
        ("fuel economy", ["mpg", "imp mpg"], ["mpg", "1 mi/gal"]),
        ("angles", ["°", "rad", "arcmin"], ["arcmin", "1/60 °"]),
    ])
    func unitGroup(_ group: String, _ names: [String], _ line: [String]) throws {
        let run = try per(["-e", "help units \(group)"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let rows = lines.filter { $0.hasPrefix("  ") }
        for name in names {
            #expect(rows.contains { $0.hasPrefix("  \(name) ") }, "\(group): \(name)")
        }
        #expect(rows.contains { $0.hasPrefix("  " + line[0]) && $0.contains(line[1]) }, "\(group): \(line)")
        // Each section's second column starts at one place.
        var section: [String] = []
        for line in lines + [""] {
            if line.hasPrefix("  ") { section.append(line); continue }
            let starts = Set(section.compactMap { row -> Int? in
                guard let gap = row.dropFirst(2).range(of: "  ") else { return nil }
                let rest = row[gap.upperBound...]
                guard let text = rest.firstIndex(where: { $0 != " " }) else { return nil }
                return row.distance(from: row.startIndex, to: text)
            })
            #expect(starts.count <= 1, "\(group): \(section)")
            section = []
        }
    }

    @Test("help units names the prefix rule once, and refuses a group it does not know, listing them")
    func unitGroupsRefused() throws {
        let pressure = try per(["-e", "help units pressure"]).stdout
        #expect(pressure.components(separatedBy: "SI prefixes").count == 2)
        let information = try per(["-e", "help units information"]).stdout
        #expect(information.contains("Binary prefixes (Ki Mi Gi Ti Pi Ei) go before B, bit."))
        let run = try per(["-e", "help units colour"])
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(run.stderr.contains("help units knows no 'colour'; it lists length, mass, volume, area, time, speed, flow, force, "
            + "pressure, energy, power, electricity, information, frequency, temperature, hardness, counts, parts, fuel economy, angle"))
        let overview = try per(["-e", "help units"]).stdout
        for group in ["length", "mass", "volume", "area", "time", "speed", "flow", "force", "pressure", "energy", "power",
                      "electricity", "information", "frequency", "temperature", "hardness", "counts", "fuel economy", "angle"] {
            #expect(overview.contains("\n  \(group) "), "\(group)")
        }
        #expect(overview.contains("help units DIMENSION"))
    }

}
