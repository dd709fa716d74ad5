import Testing
import TestSupport
@testable import PerTools
@testable import PerLanguage
@testable import PerSession

struct ProblemCodeTests {
    @Test("codes are distinct snake_case words, each with a summary that help json lists")
    func codes() {
        let names = ProblemCode.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(!name.isEmpty && name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "\(name)")
        }
        #expect(ProblemCode.allCases.allSatisfy { !$0.summary.isEmpty })
        // help json lists every code with its summary.
        let lines = HelpText.topic("json")?.map(\.text) ?? []
        for code in ProblemCode.allCases {
            #expect(lines.contains { $0.contains(code.rawValue + " ") && $0.hasSuffix(code.summary) }, "\(code.rawValue)")
        }
    }

    @Test("a statement's problem has the code of what went wrong", arguments: [
        ("1/0", ProblemCode.divisionByZero), ("0^-1", .divisionByZero), ("totl", .unknownName), ("1 kg + 1 l", .dimensionMismatch),
        ("convert 1 kg to l", .dimensionMismatch), ("(1", .syntaxError), ("3+*2", .syntaxError), ("1e100001", .tooLarge),
        ("1e-100001", .tooSmall), ("sqrt(-1)", .notReal), ("2.5!", .notWholeNumber), ("sqrt(2) to fraction", .needsExact),
        ("boiler tds=200", .missingInput), ("boiler steam=-5 tds=200 maxtds=3000", .outOfRange), ("digits 0", .outOfRange),
        ("boiler stem=5", .unknownInput), ("boilr steam=5", .unknownCommand), ("2 kg^0.5", .unitPower),
        ("20 °C + 30 °C", .temperaturePoint), ("ln(2 kg)", .needsPlainNumber), ("remove 3", .unknownProduct),
        ("undo", .needsHistory), ("help frob", .unknownHelpTopic),
    ])
    func statementCodes(_ line: String, _ code: ProblemCode) {
        var session = Session()
        guard case .failure(let diagnostic)? = session.run(line: line).last?.outcome else {
            Issue.record("\(line) did not fail")
            return
        }
        #expect(diagnostic.problem.code == code, "\(line): \(diagnostic.message)")
    }

    @Test("a problem inside a function, a quantity or an estimate has the code of the one it wraps")
    func wrapped() {
        #expect(Problem.inFunction("f", .arithmetic(.divisionByZero)).code == .divisionByZero)
        #expect(Problem.quantity(.arithmetic(.cancelled)).code == .cancelled)
        #expect(Problem.shopping(.deal(.notLower)).code == .invalidDeal)
        #expect(Problem.syntax(.literalOutOfRange(.tooLarge)).code == .tooLarge)
        #expect(Problem.inFunction("g", .estimate(.arithmetic(.cancelled))).isCancellation)
        #expect(!Problem.arithmetic(.divisionByZero).isCancellation)
    }
}
