import PerCore

/// Renders each statement as one JSON object on one line (`help json`): always `input` and
/// `ok`; `error` and `column` (1-based, in the statement) on failure; `value` and `exact`
/// for expressions and assignments.
struct JSONRenderer {
    func line(for result: StatementResult) -> String {
        var fields: [(String, String)] = [("input", quote(result.input))]
        switch result.outcome {
        case .failure(let diagnostic):
            fields.append(("ok", "false"))
            fields.append(("error", quote(diagnostic.message)))
            fields.append(("column", String(diagnostic.range.lowerBound - result.source.offset + 1)))
        case .success(let outcome):
            fields.append(("ok", "true"))
            fields += self.fields(for: outcome)
        }
        return object(fields)
    }

    /// `{"f": {"parameters": ["x"], "body": "x^2 + 1"}}`.
    private func functions(_ functions: [UserFunction]) -> String {
        "{" + functions.map { "\(quote($0.name)):" + object(functionFields($0)) }.joined(separator: ",") + "}"
    }

    private func functionFields(_ function: UserFunction) -> [(String, String)] {
        [("parameters", "[" + function.parameters.map(quote).joined(separator: ",") + "]"), ("body", quote(function.body))]
    }

    private func fields(for outcome: Outcome) -> [(String, String)] {
        switch outcome {
        case .value(let value):
            return quantity(value)
        case .assignment(let name, let value, let note):
            return [("name", quote(name))] + quantity(value) + (note.map { [("note", quote($0))] } ?? [])
        case .variables(let variables, let functions):
            let members = variables.map { variable in
                "\(quote(variable.name)):" + object([("value", quote(variable.text)), ("exact", String(variable.isExact))]
                                                    + (variable.unit.map { [("unit", quote($0))] } ?? [])
                                                    + (variable.isDefault ? [("default", "true")] : []))
            }
            return [("variables", "{" + members.joined(separator: ",") + "}")]
                + (functions.isEmpty ? [] : [("functions", self.functions(functions))])
        case .functions(let functions):
            return [("functions", self.functions(functions))]
        case .definition(let function):
            return [("function", quote(function.name))] + functionFields(function)
        case .removed(let names):
            return [("removed", "[" + names.map(quote).joined(separator: ",") + "]")]
        case .setting(let name, let value):
            return [("setting", quote(name)), ("value", quote(value))]
        case .help(let lines):
            return [("text", quote(lines.map(\.text).joined(separator: "\n")))]
        case .quit:
            return []
        case .conversion(let from, let to):
            return quantity(to) + [("result", object([("value", to.number.text), ("unit", quote(to.unit ?? ""))])),
                                   ("from", object([("quantity", from.number.text), ("unit", quote(from.unit ?? ""))]))]
        case .rates(let lines):
            return [("rates", "[" + lines.map(quote).joined(separator: ",") + "]")]
        case .productAdded(let product, let unitPrice, let basis, let currency, _):
            return [("product", object(self.product(product) + [("unit_price", unitPrice.map(json) ?? "null"),
                                                                ("deal", product.deal.map { quote($0.text(currency: currency)) } ?? "null")])),
                    ("basis", quote(basis.text))]
        case .draft(let draft):
            return [("draft", object([
                ("price", draft.price.map(json) ?? "null"),
                ("quantity", draft.amount.map(json) ?? "null"),
                ("packs", draft.packs.map(String.init) ?? "null"),
                ("unit", draft.unit.map { quote($0.symbol) } ?? "null"),
                ("name", draft.name.map(quote) ?? "null"),
            ]))]
        case .comparison(let comparison):
            let rows = comparison.rows.map { row in
                object([("rank", String(row.rank))] + product(row.product) + [
                    ("unit_price", json(row.unitPrice)),
                    ("shelf_unit_price", comparison.shelfUnitPrice(row).map(json) ?? "null"),
                    ("deal", row.product.deal.map { quote($0.text(currency: comparison.currency)) } ?? "null"),
                    ("deal_applies", String(comparison.dealUsed(row) != nil)),
                    ("deal_quantity", String(comparison.dealUsed(row)?.packs ?? 1)),
                    ("vs_best_pct", comparison.percentOverBest(row).map(json) ?? "null"),
                ])
            }
            return [("basis", quote(comparison.basis.text)), ("currency", currency(comparison.currency)),
                    ("rows", "[" + rows.joined(separator: ",") + "]")]
        case .best(let summary):
            func entry(_ row: Comparison.Row) -> String {
                object([("id", String(row.product.id)), ("name", quote(row.product.name)), ("unit_price", json(row.unitPrice)),
                        ("deal", summary.comparison.dealUsed(row).map { quote($0.text(currency: summary.comparison.currency)) } ?? "null")])
            }
            return [("basis", quote(summary.comparison.basis.text)),
                    ("best", "[" + summary.best.map(entry).joined(separator: ",") + "]"),
                    ("runner_up", summary.runnerUp.map(entry) ?? "null"),
                    ("saving", summary.saving.map(json) ?? "null"),
                    ("saving_pct", summary.savingPercent.map(json) ?? "null")]
        case .need(let plan):
            let rows = plan.rows.map { row in
                object([("id", String(row.product.id)), ("name", quote(row.product.name)), ("packs", json(row.packs)),
                        ("cost", json(row.cost)), ("leftover", json(row.leftover)), ("unit", quote(plan.target.unit.symbol)),
                        ("deal", row.usesDeal ? row.product.deal.map { quote($0.text(currency: plan.currency)) } ?? "null" : "null")])
            }
            return [("need", object(quantity(plan.target))), ("currency", currency(plan.currency)),
                    ("rows", "[" + rows.joined(separator: ",") + "]")]
        case .message(let text):
            return [("message", quote(text))]
        case .estimate(let estimate):
            let result = estimate.result.map { field -> (String, String) in
                switch field.value {
                case .number(let value): return (field.key, json(value))
                case .text(let text): return (field.key, quote(text))
                case .none: return (field.key, "null")
                }
            }
            return [("estimator", quote(estimate.estimator)),
                    ("inputs", object(estimate.inputs.map { ($0.key, quote($0.text)) })),
                    ("result", object(result)),
                    ("warnings", "[" + estimate.warnings.map(quote).joined(separator: ",") + "]")]
        case .storage:
            return []
        case .savedSets(let sets):
            return [("sets", "[" + sets.map { set in
                object([("name", quote(set.name)), ("saved_at", quote(set.savedAt)), ("holds", quote(set.state.contents)),
                        ("headline", set.headline.map(quote) ?? "null")])
            }.joined(separator: ",") + "]")]
        case .recalled(let set, let shown, let replaced):
            return [("recalled", quote(set.name)), ("saved_at", quote(set.savedAt))]
                + (replaced.map { [("replaced", quote($0.contents))] } ?? []) + fields(for: shown)
        }
    }

    /// A product; `price` is in the list's currency, and a price converted from another
    /// currency adds `written` (`{"price": 3, "currency": "EUR"}`).
    private func product(_ product: Product) -> [(String, String)] {
        let written = product.written.map { written in
            [("written", object([("price", json(written.amount)), ("currency", quote(written.currency.code.code))]))]
        } ?? []
        return [("id", String(product.id)), ("name", quote(product.name)), ("price", json(product.price))] + written
            + quantity(product.quantity)
    }

    /// `quantity` (the whole amount, packs included) and `unit`, plus `packs` for a multipack.
    private func quantity(_ quantity: EnteredQuantity) -> [(String, String)] {
        let total = (try? quantity.amount.multiplied(by: Number(quantity.packs ?? 1))) ?? quantity.amount
        return [("quantity", json(total)), ("unit", quote(quantity.unit.symbol))]
            + (quantity.packs.map { [("packs", String($0))] } ?? [])
    }

    private func currency(_ currency: Currency?) -> String {
        currency.map { quote($0.symbol) } ?? "null"
    }

    /// A number as a JSON number, to 12 significant digits when not exact.
    /// A number as JSON: a JSON number while a double holds it (every reader parses those),
    /// else its text as a string, so `1e400` is never read back as infinity or 0.
    func json(_ number: Number) -> String {
        let text = NumberDisplay.display(number, digits: 12).text
        let magnitude = abs(number.doubleValue)
        let fitsDouble = number.isZero || (magnitude.isFinite && magnitude >= Double.leastNormalMagnitude)
        return fitsDouble ? text : quote(text)
    }

    private func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `value` (the magnitude as shown, without `≈`), `exact`, and `unit` for a quantity.
    private func quantity(_ value: DisplayedQuantity) -> [(String, String)] {
        [("value", quote(value.number.text)), ("exact", value.isExact ? "true" : "false")]
            + (value.unit.map { [("unit", quote($0))] } ?? [])
    }

    /// A JSON string literal (RFC 8259 §7).
    func quote(_ text: String) -> String { JSON.quote(text) }
}
