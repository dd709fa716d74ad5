import PerTools
import PerLanguage
import PerSession
import PerNumbers
import PerUnits

/// Renders outcomes and diagnostics as the lines a person reads.
final class TextRenderer {
    let style: Style
    /// Whether tables get a bar per row (on a terminal, in the interactive shell).
    var showBars: Bool
    /// Whether charts take plain characters: on a dumb terminal, or with `NO_COLOR`.
    var plainCharts = false
    /// How results show numbers: with thousands separators (`group on`) and with a
    /// decimal comma (`input comma`), so they paste back; set from the session before each
    /// outcome, in one assignment.
    var numbers = Session.NumberStyle()
    private var groupsDigits: Bool { numbers.groupsDigits }
    private var notation: InputNotation { numbers.notation }
    /// Whether money shows its thousands grouped (`€18,000.00`) even with `group off`: in
    /// sheets, as in estimator tables; elsewhere a result pastes back as input.
    var groupsMoney = false
    /// How many terminal columns a table may take, asked each time one is written; nil
    /// for no limit. Tables drop their bars, then cut names, to fit (`Table.fit`).
    var tableWidth: () -> Int? = { nil }
    /// What an approximate result starts with, `≈` and a blank, styled once.
    private let approximatePrefix: String

    init(style: Style, showBars: Bool) {
        self.style = style
        self.showBars = showBars
        approximatePrefix = style.approximate("≈") + " "
    }

    /// A result's text, grouped when `group on` asks for it, with a decimal comma when
    /// `input comma` does.
    func result(_ text: String) -> String {
        groupsDigits || notation == .comma ? NumberDisplay.localized(text, grouping: groupsDigits, notation: notation) : text
    }

    /// A result's text as `result` gives it, money grouped too when `groupsMoney` asks.
    func result(_ value: DisplayedQuantity) -> String {
        guard groupsMoney, value.isMoney, !groupsDigits else { return result(value.text) }
        return NumberDisplay.localized(value.text, grouping: true, notation: notation)
    }

    /// A figure of a table or list, with a decimal comma when `input comma` asks for it
    /// (never grouped by `group on`, which is for results).
    func figure(_ text: String) -> String {
        notation == .comma ? NumberDisplay.localized(text, grouping: false, notation: notation) : text
    }

    /// Money in a table (`need`'s and `plan`'s costs), its thousands grouped as estimator
    /// tables group them (`€18,000.00`): a table is read, not pasted back.
    func moneyFigure(_ text: String) -> String { NumberDisplay.localized(text, grouping: true, notation: notation) }

    /// `5.97`, or `≈ 0.333333333333` for an approximate value.
    func number(_ value: DisplayedNumber) -> String { joined { writeResult(value.text, isExact: value.isExact, $0) } }

    /// `500 g`, or `≈ 1.10231131092 lb` for an approximate quantity.
    func quantity(_ value: DisplayedQuantity) -> String { joined { writeResult(value, $0) } }

    /// A result's text in pieces, `≈` and a blank first when it is approximate.
    private func writeResult(_ text: String, isExact: Bool, _ put: (String) -> Void) {
        if !isExact { put(approximatePrefix) }
        put(result(text))
    }

    /// A quantity's text in pieces, `≈` and a blank first when it is approximate.
    private func writeResult(_ value: DisplayedQuantity, _ put: (String) -> Void) {
        if !value.isExact { put(approximatePrefix) }
        put(result(value))
    }

    /// What a piece writer writes, as one string.
    private func joined(_ write: ((String) -> Void) -> Void) -> String {
        var line = ""
        write { line += $0 }
        return line
    }

    /// `x = 5.97`, or `x ≈ 0.333` when approximate.
    func binding(_ name: String, _ value: DisplayedNumber, width: Int = 0) -> String {
        let padded = shown(name) + String(repeating: " ", count: max(0, width - VisibleText.width(name)))
        return style.name(padded) + (value.isExact ? " = " : " " + approximatePrefix) + result(value.text)
    }

    /// `f(x) = x^2 + 1`, the signature padded to `width`; in comma input `f(x; y) = x * 1,5`.
    func definition(_ function: UserFunction, width: Int = 0) -> String {
        let signature = notation == .comma ? function.signature.replacingEvery(",", with: ";") : function.signature
        let padded = shown(signature) + String(repeating: " ", count: max(0, width - VisibleText.width(signature)))
        let body = (try? InputNotation.dot.rewritten(StatementSource(function.body), for: notation).text) ?? function.body
        return style.name(padded) + " = " + shown(body)
    }

    /// Text from a user or a file, with anything a terminal would act on made visible.
    func shown(_ text: String) -> String { VisibleText.visible(text) }

    /// The line of an outcome that runs once per statement of a long file (a value, an
    /// added product), written through `put` in pieces rather than joined into one string;
    /// false, with nothing written, for any other outcome.
    func writeLine(for outcome: Outcome, _ put: (String) -> Void) -> Bool {
        switch outcome {
        case .value(let value, nil):
            writeResult(value, put)
        case .productAdded(let product, let unitPrice, let basis, let currency, let deal):
            put("added ")
            // A product without a name is called by its number.
            if product.name.utf8.first == UInt8(ascii: "#"), product.name == "#" + NumberDisplay.decimal(product.id) {
                put(shown(product.name))
            } else {
                put("#")
                put(NumberDisplay.decimal(product.id))
                put(" ")
                put(shown(product.name))
            }
            put(": ")
            put(figure(Self.price(of: product, currency: currency)))
            put(" for ")
            put(figure(product.quantity.text))
            if let deal {
                put("; deal ")
                put(deal)
            } else if let unitPrice {
                put(", ")
                put(figure(Currency.format(unitPrice, currency: currency, unitPrice: true)))
                put(" ")
                put(basis.perText)
            }
        default:
            return false
        }
        return true
    }

    func lines(for outcome: Outcome) -> [String] {
        switch outcome {
        case .value(let value, let note?):
            return [joined { _ = writeLine(for: .value(value), $0) }, style.approximate("note: ") + shown(note)]
        case .value, .productAdded:
            return [joined { _ = writeLine(for: outcome, $0) }]
        case .tax(_, let net, let tax, let gross, let rate):
            return taxLines(net: net, tax: tax, gross: gross, rate: rate)
        case .assignment(let name, let value, let note):
            return [binding(name, DisplayedNumber(text: value.text, isExact: value.isExact))]
                + (note.map { [style.approximate("note: ") + shown($0)] } ?? [])
        case .variables(let variables, let functions):
            return variableLines(variables, functions)
        case .functions(let functions):
            return functionLines(functions)
        case .definition(let function):
            return [definition(function)]
        case .removed(let names):
            return ["removed " + shown(names.joined(separator: ", "))]
        case .setting(let name, let value):
            return [shown("\(name) \(result(value))")]
        case .help(let lines):
            return lines.map { $0.isHeading ? style.heading(shown($0.text)) : shown($0.text) }
        case .quit:
            return []
        case .conversion(let from, let to):
            return [quantity(from) + (to.isExact ? " = " : " " + approximatePrefix) + result(to)]
        case .rates(let listing):
            let lines = listing.lines
            return lines.isEmpty ? ["no rates: set one, as in rate 1 € = 1.08 $"] : lines
        case .userUnits(let rows, let system):
            return userUnitLines(rows) + [Self.unitSystemLine(system)]
        case .draft(let draft):
            return [draftLine(draft)]
        case .comparison(let comparison):
            var lines: [String] = []
            writeComparison(comparison) { lines.append($0) }
            return lines
        case .emptyComparison:
            return ["the list is empty: add a product first, as in add 2.49 500 g"]
        case .lists(let lists):
            return listLines(lists)
        case .noted(let outcome, let note):
            return lines(for: outcome) + [style.approximate("note: ") + shown(note.message)]
        case .comparisons(let rankings):
            return rankings.flatMap { ranking -> [String] in
                [style.heading("list \(shown(ranking.name)):")]
                    + (ranking.comparison.map { lines(for: .comparison($0)) } ?? lines(for: .emptyComparison))
            }
        case .best(let summary):
            return [bestLine(summary)]
        case .need(let plan):
            return needLines(plan)
        case .storePlan(let plan):
            return planLines(plan)
        case .message(let confirmation):
            return [shown(confirmation.message)]
        case .explanation(let lines):
            return lines.map { shown(figure($0)) }
        case .estimate(let estimate):
            return estimateLines(estimate)
        case .sweep(let sweep):
            return sweepLines(sweep)
        case .solution(let solution):
            return solutionLines(solution)
        case .storage, .include, .load, .importRates:
            return []
        case .priceBook(let outcome):
            return priceBookLines(outcome.answer)
        case .savedSets(let sets):
            return savedSetLines(sets)
        case .recalled(let set, let again, let replaced):
            return recalledLines(set, replaced: replaced) + lines(for: again)
        case .labelled(let label, let outcome):
            return labelledLines(label, outcome)
        case .shelfLabel(let check, let added):
            return (added.map { lines(for: $0) } ?? []) + [shown(check.message)]
        }
    }

    /// `solve`'s roots, what it may have missed, and the estimate at the root.
    private func solutionLines(_ solution: Solution) -> [String] {
        // A long name is cut short, as solve's messages show it.
        solution.roots.map { root in
            let name = VisibleText.cut(solution.name, toWidth: 40)
            if root.holds { return shown(name) + " " + root.shown.text + ": the two sides are equal over the whole stretch" }
            return binding(name, DisplayedNumber(text: root.shown.text, isExact: root.shown.isExact))
        }
            + (solution.note.map { [$0] } ?? [])
            + (solution.mayBeMore ? ["there may be more: give a narrower range"] : [])
            + (solution.searched.map { ["searched \($0.text): there may be more beyond; give a range with in"] } ?? [])
            + (solution.estimate.map(estimateLines) ?? [])
    }

    /// `recalled 'plant', saved DATE: …`, with what the set replaced.
    private func recalledLines(_ set: SavedSet, replaced: Outcome.Replaced?) -> [String] {
        let note = replaced.map { "; it replaced " + $0.contents + ($0.canUndo ? " (undo brings them back)" : "") } ?? ""
        return ["recalled '\(shown(set.name))', saved \(TextRenderer.date(set.savedAt)): \(set.state.contents)\(note)"]
    }

    /// The three figures of `incl`/`excl` lined up, the value (net or gross) among them.
    private func taxLines(net: DisplayedQuantity, tax: DisplayedQuantity, gross: DisplayedQuantity,
                          rate: DisplayedQuantity) -> [String] {
        var table = Table([.left, .right])
        for (label, figure) in [("net", net), ("vat " + result(rate.text), tax), ("gross", gross)] {
            table.append([label, (figure.isExact ? "" : approximatePrefix) + result(figure)])
        }
        return table.lines()
    }

    /// `functions`: each definition, the signatures padded to one width.
    private func functionLines(_ functions: [UserFunction]) -> [String] {
        if functions.isEmpty { return ["no functions"] }
        let width = functions.map { VisibleText.width($0.signature) }.max() ?? 0
        return functions.map { definition($0, width: width) }
    }

    /// `units`'s last line: the units the estimators' results are shown in.
    static func unitSystemLine(_ system: String) -> String {
        switch system {
        case UnitSystem.us.rawValue: return "units us: boiler and cooling results in US units (gpm, lb/h, lb/day)"
        case UnitSystem.metric.rawValue: return "units metric: boiler and cooling results in metric units (m3/h, kg/h, kg/day)"
        default: return "units inputs: boiler and cooling results follow the units the inputs were given in (units us or units metric sets them)"
        }
    }

    /// `units`: `crate  = 20 bottle = 10 L  (2 crates)`, names, then definitions, in columns.
    private func userUnitLines(_ rows: [Outcome.UserUnitRow]) -> [String] {
        if rows.isEmpty { return ["no units of your own: define one, as in unit crate = 20 bottle ('help units' lists per's)"] }
        let width = rows.map { VisibleText.width($0.name) }.max() ?? 0
        let values = rows.map { row in shown(row.definition) + (row.definition == row.value ? "" : " = \(row.value)") }
        let valueWidth = values.map(VisibleText.width).max() ?? 0
        return zip(rows, values).map { row, value in
            let name = row.name + String(repeating: " ", count: width - VisibleText.width(row.name))
            guard row.plural != row.name else { return "\(name) = \(value)" }
            return "\(name) = \(value)" + String(repeating: " ", count: valueWidth - VisibleText.width(value)) + "  (2 \(row.plural))"
        }
    }

    /// A sheet's labelled answer: the label before the first line, a value's notes under
    /// it (`z1: 14:30`, then `note: in CET`); a table or an estimate starts under it.
    private func labelledLines(_ label: String, _ outcome: Outcome) -> [String] {
        var lines = lines(for: outcome)
        let head = style.name(shown(label)) + ":"
        if lines.count == 1 || Self.isValueWithNotes(outcome) { lines[0] = head + " " + lines[0] } else { lines.insert(head, at: 0) }
        return lines
    }

    /// Whether an outcome is one value, its other lines notes on it.
    private static func isValueWithNotes(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .value, .assignment, .conversion: return true
        case .noted(let inner, _): return isValueWithNotes(inner)
        default: return false
        }
    }

    /// `vars`: each variable and function, their names lined up.
    private func variableLines(_ variables: [Outcome.Variable], _ functions: [UserFunction]) -> [String] {
        if variables.isEmpty && functions.isEmpty { return ["no variables"] }
        let width = (variables.map { VisibleText.width($0.name) } + functions.map { VisibleText.width($0.signature) }).max() ?? 0
        return variables.map { variable in
            binding(variable.name, DisplayedNumber(text: variable.text, isExact: variable.isExact), width: width)
                + (variable.isDefault ? style.approximate("  (default)") : "")
        } + functions.map { definition($0, width: width) }
    }

    /// A sweep: its heading, its table (fitted by leaving out columns from the right), its warnings.
    private func sweepLines(_ sweep: Sweep) -> [String] {
        // In the units the estimate's text shows; the sweep's JSON keeps the computed ones.
        let sweep = sweep.form == .json ? sweep : sweep.inShownUnits
        if let lines = sweepFormLines(sweep) { return lines }
        let shared = inputList(sweep.inputs.filter { !$0.isDefault })
        let table = sweep.table
        return [style.heading("sweep \(sweep.estimator) \(sweep.key)") + (shared.isEmpty ? "" : ": " + shared)]
            + tableLines(table, width: tableWidth(), dropping: Array((2..<table.header.count).reversed()))
            + sweep.notes.map { style.approximate("note: ") + shown($0) }
            + sweep.warnings.map { style.warning("warning: ") + shown(figure($0)) }
    }

    /// `saved`: each saved set with when it was saved, what it holds and its result.
    private func savedSetLines(_ sets: [SavedSet]) -> [String] {
        if sets.isEmpty { return ["no saved sets"] }
        var table = Table([.left, .left, .left, .left])
        table.append(["name", "saved", "holds", "result"])
        for set in sets {
            table.append([set.name, TextRenderer.date(set.savedAt), set.state.contents, set.headline ?? ""])
        }
        table.fit(into: tableWidth(), cutting: 0)
        return table.lines { index, line in index == 0 ? style.heading(line) : line }
    }

    /// `2026-11-21 22:40` from a saved ISO 8601 stamp.
    static func date(_ stamp: String) -> String {
        String(stamp.prefix(16)).replacingFirst("T", with: " ")
    }

    /// `LABEL:LINE:COLUMN: error: message`, for batch and file mode.
    func locatedError(_ diagnostic: Diagnostic, label: String, line: Int) -> String {
        "\(shown(label)):\(line):\(diagnostic.column): " + style.error("error:") + " " + shown(diagnostic.message)
    }

    /// A caret under the offending columns of a line that is already on screen after
    /// `indent` columns (the prompt), then the message.
    func caretError(_ diagnostic: Diagnostic, line: String, indent: Int) -> [String] {
        let scalars = Array(line.unicodeScalars)
        var column = indent
        for scalar in scalars.prefix(diagnostic.range.lowerBound) {
            column = scalar == "\t" ? (column / 8 + 1) * 8 : column + VisibleText.width(String(scalar))
        }
        let marked = scalars.dropFirst(diagnostic.range.lowerBound).prefix(diagnostic.range.count)
        let width = max(1, VisibleText.width(StatementSource.string(marked)))
        let caret = "^" + String(repeating: "~", count: width - 1)
        return [String(repeating: " ", count: column) + style.caret(caret),
                style.error("error:") + " " + shown(diagnostic.message)]
    }
}

extension String {
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }

    func replacingEvery(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
