import PerTools
import PerLanguage
import PerSession
import PerNumbers
import PerUnits

/// Renders each statement as one JSON object on one line (`help json`): always `input` and
/// `ok`; `error`, `code` and `column` (1-based, in the statement) on failure; `value` and `exact`
/// for expressions and assignments. It builds `JSON` values; `JSON`'s writer writes them, and
/// decides which numbers a double cannot hold and so are written as strings.
struct JSONRenderer {
    /// The statement's object as the UTF-8 bytes of one line, without its newline.
    func line(for result: StatementResult) -> [UInt8] {
        object(for: result).utf8()
    }

    /// The statement's object.
    func object(for result: StatementResult) -> JSON {
        var fields: [(String, JSON)] = [("input", .string(result.input))]
        switch result.outcome {
        case .failure(let diagnostic):
            fields.append(("ok", .bool(false)))
            fields.append(("error", .string(diagnostic.message)))
            fields.append(("code", .string(diagnostic.problem.code.rawValue)))
            fields.append(("column", .number(diagnostic.range.lowerBound - result.source.offset + 1)))
        case .success(let outcome):
            fields.append(("ok", .bool(true)))
            fields += self.fields(for: outcome)
        }
        return .object(fields)
    }

    /// `{"f": {"parameters": ["x"], "body": "x^2 + 1"}}`.
    private func functions(_ functions: [UserFunction]) -> JSON {
        .object(functions.map { ($0.name, .object(functionFields($0))) })
    }

    private func functionFields(_ function: UserFunction) -> [(String, JSON)] {
        [("parameters", .array(function.parameters.map(JSON.string))), ("body", .string(function.body))]
    }

    private func fields(for outcome: Outcome) -> [(String, JSON)] {
        switch outcome {
        case .value(let value, let note):
            return quantity(value) + (note.map { [("note", .string($0))] } ?? [])
        case .tax(let value, let net, let tax, let gross, let rate):
            return quantity(value) + [("net", net), ("vat", tax), ("gross", gross), ("rate_pct", rate)].map { ($0, .string($1.number.text)) }
        case .assignment(let name, let value, let note):
            return [("name", .string(name))] + quantity(value) + (note.map { [("note", .string($0))] } ?? [])
        case .variables(let variables, let functions):
            return variableFields(variables, functions)
        case .functions(let functions):
            return [("functions", self.functions(functions))]
        case .definition(let function):
            return [("function", .string(function.name))] + functionFields(function)
        case .removed(let names):
            return [("removed", .array(names.map(JSON.string)))]
        case .setting(let name, let value):
            return [("setting", .string(name)), ("value", .string(value))]
        case .help(let lines):
            return [("text", .string(lines.map(\.text).joined(separator: "\n")))]
        case .quit:
            return []
        case .conversion(let from, let to):
            return conversionFields(from: from, to: to)
        case .rates(let listing):
            // "rates" keeps the lines it always held; the rows are a key of their own.
            return [("rates", .array(listing.lines.map(JSON.string))), ("rate_table", .array(listing.rows.map(rate)))]
        case .userUnits(let rows, let system):
            return userUnitFields(rows) + [("unit_system", .string(system))]
        case .productAdded(let product, let unitPrice, let basis, let currency, _):
            return addedFields(product, unitPrice: unitPrice, basis: basis, currency: currency)
        case .draft(let draft):
            return draftFields(draft)
        case .comparison(let comparison):
            return comparisonFields(comparison)
        case .emptyComparison:
            return [("basis", .null), ("currency", .null), ("rows", .array([]))]
        case .lists(let lists):
            return listFields(lists)
        case .noted(let outcome, let note):
            return notedFields(outcome, note)
        case .comparisons(let rankings):
            return comparisonsFields(rankings)
        case .best(let summary):
            return bestFields(summary)
        case .need(let plan):
            return needFields(plan)
        case .storePlan(let plan):
            return planFields(plan)
        case .message(let confirmation):
            return [("message", .string(confirmation.message))]
        case .explanation(let lines):
            return [("explanation", .array(lines.map(JSON.string)))]
        case .estimate(let estimate):
            return estimateFields(estimate)
        case .sweep(let sweep):
            return sweepFields(sweep)
        case .solution(let solution):
            return solutionFields(solution)
        case .storage:
            return []
        case .include(let path):
            return [("include", .string(path))]
        case .load(let path, _):
            return [("load", .string(path))]
        case .importRates(let path):
            return [("rates_import", .string(path))]
        case .priceBook(let outcome):
            return priceBookFields(outcome.answer)
        case .savedSets(let sets):
            return savedSetFields(sets)
        case .recalled(let set, let shown, let replaced):
            return [("recalled", .string(set.name)), ("saved_at", .string(set.savedAt))]
                + (replaced.map { [("replaced", .string($0.contents))] } ?? []) + fields(for: shown)
        case .labelled(let label, let outcome):
            return [("label", .string(label))] + fields(for: outcome)
        case .shelfLabel(let check, let added):
            return (added.map { fields(for: $0) } ?? []) + [("shelf_label", shelfLabel(check))]
        }
    }

    /// A conversion's result and what was converted, each a number and a unit.
    private func conversionFields(from: DisplayedQuantity, to: DisplayedQuantity) -> [(String, JSON)] {
        quantity(to) + [("result", .object([("value", .number(to.number.text)), ("unit", .string(to.unit ?? ""))])),
                        ("from", .object([("quantity", .number(from.number.text)), ("unit", .string(from.unit ?? ""))]))]
    }

    /// `add`: the product with its unit price and deal, and the list's basis.
    private func addedFields(_ product: Product, unitPrice: Number?, basis: Basis, currency: Currency?) -> [(String, JSON)] {
        [("product", .object(self.product(product) + [("unit_price", unitPrice.map(number) ?? .null),
                                                      ("deal", product.deal.map { .string($0.text(currency: currency)) } ?? .null)])),
         ("basis", .string(basis.text))]
    }

    /// `lists`: each shopping list's name, products, need and best buy.
    private func listFields(_ lists: [ListSummary]) -> [(String, JSON)] {
        [("lists", .array(lists.map { list in
            .object([("name", .string(list.name)), ("current", .bool(list.isCurrent)), ("products", .number(list.products)),
                     ("need", list.need.map { .object(quantity($0)) } ?? .null),
                     ("best", list.best.map(JSON.string) ?? .null), ("unit_price", list.unitPrice.map(number) ?? .null),
                     ("basis", list.basis.map { .string($0.text) } ?? .null), ("currency", currency(list.currency))])
        }))]
    }

    /// An outcome with a note: two notes (a store read from `at`, a rate's age) are one field, joined.
    private func notedFields(_ outcome: Outcome, _ note: ReadingNote) -> [(String, JSON)] {
        var inner = fields(for: outcome)
        if let index = inner.firstIndex(where: { $0.0 == "note" }), case .string(let first) = inner[index].1 {
            inner[index].1 = .string(first + "; " + note.message)
            return inner
        }
        return inner + [("note", .string(note.message))]
    }

    /// `compare all`: each list's comparison under its name.
    private func comparisonsFields(_ rankings: [NamedComparison]) -> [(String, JSON)] {
        [("lists", .array(rankings.map { ranking in
            .object([("name", .string(ranking.name))]
                    + (ranking.comparison.map(comparisonFields) ?? [("basis", .null), ("currency", .null), ("rows", .array([]))]))
        }))]
    }

    /// `label`'s check of a shelf label against the price and quantity.
    private func shelfLabel(_ check: ShelfLabelCheck) -> JSON {
        .object([("product", .string(check.product)), ("label", .string(check.label)), ("actual", .string(check.actual)),
                 ("exact", .bool(check.actualIsExact)), ("percent_off", number(.exact(check.percentOff))),
                 ("matches", .bool(check.matches)), ("message", .string(check.message))])
    }

    /// `variables`: each value, exact or not, with its unit, and the functions.
    private func variableFields(_ variables: [Outcome.Variable], _ functions: [UserFunction]) -> [(String, JSON)] {
        let members = variables.map { variable -> (String, JSON) in
            (variable.name, .object([("value", variable.list.map(values) ?? .string(variable.text)), ("exact", .bool(variable.isExact))]
                                    + (variable.unit.map { [("unit", .string($0))] } ?? [])
                                    + (variable.isDefault ? [("default", .bool(true))] : [])))
        }
        return [("variables", .object(members))]
            + (functions.isEmpty ? [] : [("functions", self.functions(functions))])
    }

    /// `units`: each unit of the user's own, with its plural and definition.
    private func userUnitFields(_ rows: [Outcome.UserUnitRow]) -> [(String, JSON)] {
        [("units", .array(rows.map { row in
            .object([("name", .string(row.name)), ("plural", .string(row.plural)), ("definition", .string(row.definition)),
                     ("value", .string(row.value))])
        }))]
    }

    /// An `add` still missing a part: what was read of it.
    private func draftFields(_ draft: Draft) -> [(String, JSON)] {
        [("draft", .object([
            ("price", draft.price.map(number) ?? .null),
            ("quantity", draft.amount.map(number) ?? .null),
            ("packs", draft.packs.map(JSON.number) ?? .null),
            ("unit", draft.unit.map { .string($0.symbol) } ?? .null),
            ("name", draft.name.map(JSON.string) ?? .null),
        ]))]
    }

    /// `saved`: each set with when it was saved and what it holds.
    private func savedSetFields(_ sets: [SavedSet]) -> [(String, JSON)] {
        [("sets", .array(sets.map { set in
            .object([("name", .string(set.name)), ("saved_at", .string(set.savedAt)), ("holds", .string(set.state.contents)),
                     ("headline", set.headline.map(JSON.string) ?? .null)])
        }))]
    }

    /// `compare`: each row with its unit price, deal and distance from the best.
    private func comparisonFields(_ comparison: Comparison) -> [(String, JSON)] {
        let rows = comparison.rows.map { row -> JSON in
            let entry = comparison.product(row)
            return .object([("rank", .number(row.rank))] + product(entry) + [
                ("unit_price", number(row.unitPrice)),
                ("shelf_unit_price", comparison.shelfUnitPrice(row).map(number) ?? .null),
                ("deal", entry.deal.map { .string($0.text(currency: comparison.currency)) } ?? .null),
                ("deal_applies", .bool(comparison.dealUsed(row) != nil)),
                ("deal_quantity", .number(comparison.dealUsed(row)?.packs ?? 1)),
                ("vs_best_pct", comparison.percentOverBest(row).map(number) ?? .null),
            ] + (comparison.lowestSeen.map { [("lowest_seen", $0[entry.id].map(number) ?? .null)] } ?? []))
        }
        return [("basis", .string(comparison.basis.text)), ("currency", currency(comparison.currency)), ("rows", .array(rows))]
    }

    /// `best`: the best products, the runner-up and what choosing the best saves.
    private func bestFields(_ summary: BestSummary) -> [(String, JSON)] {
        func entry(_ row: Comparison.Row) -> JSON {
            let product = summary.comparison.product(row)
            return .object([("id", .number(product.id)), ("name", .string(product.name)), ("unit_price", number(row.unitPrice)),
                     ("deal", summary.comparison.dealUsed(row).map { .string($0.text(currency: summary.comparison.currency)) } ?? .null)])
        }
        return [("basis", .string(summary.comparison.basis.text)),
                ("best", .array(summary.best.map(entry))),
                ("runner_up", summary.runnerUp.map(entry) ?? .null),
                ("saving", summary.saving.map(number) ?? .null),
                ("saving_pct", summary.savingPercent.map(number) ?? .null)]
    }

    /// `need`: the packs to buy of each product, their cost and what is left over.
    private func needFields(_ plan: NeedPlan) -> [(String, JSON)] {
        let rows = plan.rows.map { row -> JSON in
            .object([("id", .number(row.product.id)), ("name", .string(row.product.name)), ("packs", number(row.packs)),
                     ("cost", number(row.cost)), ("leftover", number(row.leftover)), ("unit", .string(plan.target.unit.symbol)),
                     ("deal", row.usesDeal ? row.product.deal.map { .string($0.text(currency: plan.currency)) } ?? .null : .null)])
        }
        return [("need", .object(quantity(plan.target))), ("currency", currency(plan.currency)), ("rows", .array(rows))]
    }

    /// `plan`: each store's total (null when it lacks a list's products, named in
    /// `missing`) and the split, each list's pick with the observation it was priced from.
    private func planFields(_ plan: StorePlan) -> [(String, JSON)] {
        let money = { (value: Rational) in self.number(.exact(value)) }
        let pick = { (pick: StorePlan.Pick) -> JSON in
            .object([("list", .string(pick.list)), ("product", .string(pick.offer.product)), ("store", .string(pick.store)),
                     ("packs", self.number(.exact(Rational(pick.packs)))), ("cost", money(pick.cost)),
                     ("leftover", money(pick.leftover)), ("unit", .string(pick.need.unit.symbol)),
                     ("date", .string(pick.offer.observation.date.text)), ("deal", .string(pick.offer.observation.deal))])
        }
        let stores = plan.stores.map { trip -> JSON in
            .object([("store", .string(trip.store)), ("total", trip.total.map(money) ?? .null),
                     ("missing", .array(trip.missing.map { .object([("list", .string($0.list)), ("products", .array($0.products.map(JSON.string)))]) })),
                     ("picks", .array(trip.total == nil ? [] : trip.picks.map(pick)))])
        }
        return [("currency", plan.currency.map { .string($0.code) } ?? .null), ("stores", .array(stores)),
                ("best_store", plan.bestStore.map { .string($0.store) } ?? .null),
                ("split", plan.split.map { .array($0.map(pick)) } ?? .null), ("split_total", plan.splitTotal.map(money) ?? .null),
                ("unmet", .array(plan.unmet.map(JSON.string)))]
    }

    /// An estimate: its inputs, its results, the ranges its tolerances give, its warnings.
    private func estimateFields(_ estimate: Estimate) -> [(String, JSON)] {
        let result = estimate.result.map { field -> (String, JSON) in
            switch field.value {
            case .number(let value): return (field.key, number(value))
            case .text(let text): return (field.key, .string(text))
            case .none: return (field.key, .null)
            }
        }
        return [("estimator", .string(estimate.estimator)),
                ("inputs", .object(estimate.inputs.map { ($0.key, .string($0.text)) })),
                ("result", .object(result))]
            + (estimate.ranges.isEmpty ? [] : [("ranges", .object(estimate.ranges.map { range in
                (range.jsonKey, .object([("low", number(range.low)), ("high", number(range.high)),
                                         ("moved_most_by", range.movedMostBy.map(JSON.string) ?? .null)]))
            }))])
            + [("warnings", .array(estimate.warnings.map(JSON.string)))]
    }

    /// A sweep: a row of results for each value of the input swept.
    /// `solve`: the unknown, and each root's bracket and value (one object, or a list when
    /// there are several), with `more` when the list stops at `Solve.maxRoots` or roots may
    /// lie beyond the span an outward search looked in (then `searched`); after an
    /// estimator solve, the estimate at the answer as the estimator's JSON has it.
    private func solutionFields(_ solution: Solution) -> [(String, JSON)] {
        let roots: [JSON] = solution.roots.map { root in
            let (low, high) = root.decimalBounds
            return .object([("low", .string(low)), ("high", .string(high)), ("value", root.isNumber ? .string(root.shown.number.text) : .null),
                            ("exact", .bool(root.shown.isExact))] + (root.holds ? [("holds", .bool(true))] : [])
                            + (root.shown.unit.map { [("unit", .string($0))] } ?? []))
        }
        let searched: [(String, JSON)] = solution.searched.map { span in
            [("searched", .object([("low", .string(Solution.Root.decimal(span.low, up: false))),
                                   ("high", .string(Solution.Root.decimal(span.high, up: true)))]))]
        } ?? []
        return [("name", .string(solution.name)), ("solution", roots.count == 1 ? roots[0] : .array(roots)),
                ("more", .bool(solution.mayBeMore || solution.searched != nil))] + searched
            + (solution.note.map { [("note", .string($0))] } ?? [])
            + (solution.estimate.map { [("estimate", .object(estimateFields($0)))] } ?? [])
    }

    func sweepFields(_ sweep: Sweep) -> [(String, JSON)] {
        let rows = sweep.rows.map { row -> JSON in
            .object([(sweep.key, number(row.value.magnitude))]
                    + zip(sweep.columns, row.results).map { column, value in (column.json, value.map(number) ?? .null) })
        }
        return [("sweep", .string(sweep.estimator)), ("key", .string(sweep.key)),
                ("inputs", .object(sweep.inputs.map { ($0.key, .string($0.text)) })),
                ("rows", .array(rows)), ("warnings", .array(sweep.warnings.map(JSON.string)))]
    }

    /// A product; `price` is in the list's currency, and a price converted from another
    /// currency adds `written` (`{"price": 3, "currency": "EUR"}`).
    private func product(_ product: Product) -> [(String, JSON)] {
        let written: [(String, JSON)] = product.written.map { written in
            [("written", .object([("price", number(written.amount)), ("currency", .string(written.currency.code.code))]))]
        } ?? []
        return [("id", .number(product.id)), ("name", .string(product.name)), ("price", number(product.price))] + written
            + quantity(product.quantity)
    }

    /// `quantity` (the whole amount, packs included) and `unit`, plus `packs` for a multipack.
    private func quantity(_ quantity: EnteredQuantity) -> [(String, JSON)] {
        let total = (try? quantity.amount.multiplied(by: Number(quantity.packs ?? 1), in: .standard)) ?? quantity.amount
        return [("quantity", number(total)), ("unit", .string(quantity.unit.symbol))]
            + (quantity.packs.map { [("packs", .number($0))] } ?? [])
    }

    private func currency(_ currency: Currency?) -> JSON {
        currency.map { .string($0.symbol) } ?? .null
    }

    /// A rate of `rates`: `{"from":"EUR","to":"USD","rate":1.0812,"date":"2026-11-27",
    /// "source":"eurofxref-daily.xml"}`, how many `to` one `from` is worth; a rate typed in
    /// the session has no date and the source `typed`.
    private func rate(_ row: RateListing.Row) -> JSON {
        .object([("from", .string(row.from.code)), ("to", .string(row.to.code)), ("rate", number(.exact(row.rate))),
                 ("date", row.date.map { .string($0.text) } ?? .null), ("source", .string(row.source ?? "typed"))])
    }

    /// A number as a JSON number, to 12 significant digits when not exact (the writer makes
    /// it a string when a double cannot hold it).
    func number(_ number: Number) -> JSON {
        .number(NumberDisplay.display(number, digits: 12).text)
    }

    /// A list's values as an array, each the magnitude as shown, without `≈` or unit
    /// (every one in the list's unit), all of them however many the text leaves out.
    private func values(_ list: DisplayedList) -> JSON {
        .array(list.values.map { .string($0.number.text) })
    }

    /// `value` (the magnitude as shown, without `≈`), `exact`, and `unit` for a quantity;
    /// for a list, `value` is the array of its values and `count` their number;
    /// in a list of units (`to st lb`), `parts`: each part's `value` and `unit`, as the
    /// text shows them, but each with the sign of a negative whole (`-1 year 1 month` is
    /// -1 and -1: the parts add up to `value`); for a time of day past midnight, `days_later`.
    private func quantity(_ value: DisplayedQuantity) -> [(String, JSON)] {
        if let list = value.list {
            return [("value", values(list)), ("exact", .bool(value.isExact))] + (value.unit.map { [("unit", .string($0))] } ?? [])
                + [("count", .number(String(list.count)))]
        }
        return [("value", .string(value.number.text)), ("exact", .bool(value.isExact))]
            + (value.unit.map { [("unit", .string($0))] } ?? [])
            + (value.range.map { [("low", .string($0.low.text)), ("high", .string($0.high.text)),
                                  ("plus_minus", .string($0.halfWidth.text))] } ?? [])
            + (value.parts.isEmpty ? [] : [("parts", .array(signedParts(value.parts).map {
                .object([("value", .string($0.value)), ("unit", .string($0.unit))]) }))])
            + (value.daysLater == 0 ? [] : [("days_later", .number(String(value.daysLater)))])
    }

    /// The parts of a negative whole each with its sign: the text shows it once, before
    /// the first (`-8 h 15 min`).
    private func signedParts(_ parts: [UnitParts.Shown]) -> [(value: String, unit: String)] {
        let negative = parts.first?.value.hasPrefix("-") == true
        return parts.map { part in
            let signed = negative && !part.value.hasPrefix("-") && part.value.contains(where: { ("1"..."9").contains($0) })
            return (signed ? "-" + part.value : part.value, part.unit)
        }
    }
}
