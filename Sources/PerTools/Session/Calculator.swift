import PerNumbers
import PerUnits
import PerLanguage

/// The calculator's state and its commands: the user's variables, the last result, the
/// exchange rates and the digits shown; `vars`, `unset`, `digits`, `convert`, `rate`,
/// `rates`. `vars` and `unset` also reach the estimators' kept inputs, which are names too,
/// and the user's functions.
public struct Calculator: Sendable, Equatable {
    package init() {}

    public package(set) var variables: [String: Quantity] = [:]
    public package(set) var functions: [String: UserFunction] = [:]
    /// The last result, and the range it is the middle of when it was one (`help tolerances`),
    /// or the list it is the first value of (`help lists`).
    public package(set) var lastResult: Quantity? {
        didSet {
            lastRange = nil
            lastList = nil
        }
    }
    public package(set) var lastRange: QuantityRange?
    public package(set) var lastList: QuantityList?
    /// The variables that hold a list (`lab = [1.2 kg, 1.5 kg]`); they are no `variables`.
    public package(set) var listVariables: [String: QuantityList] = [:]
    /// The variables that hold a range (`x = 12 kg ± 0.5 kg`): `variables` holds their middles.
    public package(set) var ranges: [String: QuantityRange] = [:]
    /// The variables a label named (`income: total`), which a label may name again (a new
    /// week's `milk:`); a variable set otherwise is refused to a label.
    public package(set) var labelled: Set<String> = []
    /// Exchange rates the user set (`rate 1 € = 1.08 $`).
    public package(set) var rates = Rates()
    /// Significant digits for approximate results.
    public package(set) var digits = 12
    /// Whether results show thousands separators (`group on`); the shell's text applies it.
    public package(set) var group = false
    /// How money amounts are shown (`money cents|exact|cash STEP`).
    public package(set) var money = MoneyRounding.cents
    /// How numbers are written in input and shown in results (`input dot|comma`).
    public package(set) var input = InputNotation.dot
    /// The sales-tax rate `vat 19%` set, a percentage; nil until one is.
    public package(set) var taxRate: Quantity? = nil
    /// The user's own units (`unit crate = 20 bottle`).
    public package(set) var units = UserUnits()

    /// A number as this calculator shows it.
    public func display(_ number: Number) -> DisplayedNumber {
        NumberDisplay.display(number, digits: digits)
    }

    /// A quantity as this calculator shows it, in a format if one was asked for, with `+`
    /// before a positive value `showingSign` (a change: `+12.5%`), or as whole parts of a
    /// list of units (`12 lb 2.00710000915 oz`).
    /// Parts counted elsewhere (`counted`: a calendar's months and days) are shown as they are.
    public func display(_ quantity: Quantity, format: OutputFormat? = nil, showingSign: Bool = false,
                        parts units: [CompoundUnit]? = nil,
                        counted: (negative: Bool, parts: [UnitParts.Part])? = nil) -> DisplayedQuantity {
        let usual = QuantityDisplay.display(quantity, digits: digits, format: format, money: money, showingSign: showingSign)
        guard let units, let split = counted ?? (try? UnitParts.split(quantity, into: units, rates: rates)) else { return usual }
        let shown = UnitParts.text(split, digits: digits)
        var displayed = DisplayedQuantity(number: DisplayedNumber(text: usual.number.text, isExact: usual.isExact && shown.isExact),
                                          text: shown.text, unit: usual.unit, isMoney: usual.isMoney)
        displayed.parts = UnitParts.shown(split, digits: digits)
        return displayed
    }

    /// The tax line of a breakdown as shown: the gross shown less the net shown, so the
    /// three lines add up (`€0.03 incl 100% vat`: net ≈ €0.02, vat ≈ €0.01); `≈` unless
    /// that is the tax itself. When the net or the gross is shown by its significant digits
    /// (less than a cent), so is the tax.
    public func displayedTax(_ breakdown: TaxBreakdown) -> DisplayedQuantity {
        let usual = display(breakdown.tax)
        let unit = breakdown.gross.unit
        guard unit.terms.count == 1, let money = unit.moneyAtom, unit.scale == nil, self.money != .exact,
              case .exact(let gross) = breakdown.gross.magnitude, case .exact(let net) = breakdown.net.magnitude else { return usual }
        let decimals = Currency(money).decimals
        let shownGross = self.money.shownOnStep(.exact(gross), decimals: decimals)
        let shownNet = self.money.shownOnStep(.exact(net), decimals: decimals)
        let shownTax = (shownGross ?? gross) - (shownNet ?? net)
        let onStep = shownGross != nil && shownNet != nil
        let tax = QuantityDisplay.display(Quantity(.exact(shownTax), unit), digits: digits, money: onStep ? self.money : .exact)
        let isExact = tax.isExact && breakdown.tax.magnitude == .exact(shownTax)
        return DisplayedQuantity(number: DisplayedNumber(text: tax.number.text, isExact: isExact),
                                 text: tax.text, unit: tax.unit, isMoney: tax.isMoney)
    }

    package mutating func run(_ command: CalculatorCommand, _ arguments: ArgumentReader, estimates: inout Estimates) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        let words = arguments.words
        switch command {
        case .vars:
            return try shownVariables(&arguments, estimates)
        case .fns:
            try arguments.expectEnd()
            return .functions(userFunctions)
        case .units:
            if let word = arguments.word() {
                let text = word.text.lowercased()
                guard text == UnitSystem.followingInputs || UnitSystem(rawValue: text) != nil else {
                    throw Diagnostic(ArgumentError.wrongKind(command: "units", takes: "us, metric or inputs", example: "units us"), at: word.range)
                }
                try arguments.expectEnd()
                estimates.unitSystem = UnitSystem(rawValue: text)
                return .setting(name: "units", value: UnitSystem.word(estimates.unitSystem))
            }
            return .userUnits(unitRows, system: UnitSystem.word(estimates.unitSystem))
        case .unset:
            return try unset(arguments, estimates: &estimates)
        case .digits:
            if words.isEmpty { return .setting(name: "digits", value: String(digits)) }
            let (value, range) = try arguments.expression()
            try arguments.expectEnd()
            guard value.quantity.isPlain, let count = value.quantity.magnitude.exactInteger, NumberDisplay.digitsRange.contains(count) else {
                throw Diagnostic(ArgumentError.digitsOutOfRange(NumberDisplay.digitsRange), at: range)
            }
            digits = count
            return .setting(name: "digits", value: String(count))
        case .group:
            if let on = try arguments.onOff(example: "group on") { group = on }
            return .setting(name: "group", value: group ? "on" : "off")
        case .input:
            if let word = arguments.word() {
                guard let chosen = InputNotation(rawValue: word.text.lowercased()) else {
                    throw Diagnostic(ArgumentError.wrongKind(command: "input", takes: "dot or comma", example: "input comma"), at: word.range)
                }
                try arguments.expectEnd()
                input = chosen
            }
            return .setting(name: "input", value: input.rawValue)
        case .money:
            return try moneyRounding(arguments)
        case .vat:
            return try vat(arguments)
        case .convert:
            return try convert(arguments)
        case .rate:
            return try rate(arguments)
        case .rates:
            return try ratesCommand(arguments)
        }
    }

    /// `vars`: the user's variables, lists, functions and kept inputs; `vars ESTIMATOR`:
    /// that estimator's inputs and results.
    private func shownVariables(_ arguments: inout ArgumentReader, _ estimates: Estimates) throws(Diagnostic) -> Outcome {
        if let word = arguments.word() {
            try arguments.expectEnd()
            guard let estimator = Estimators.named(word.text) else {
                throw Diagnostic(ArgumentError.varsTakesEstimator(names: Estimators.all.map { $0.name }), at: word.range)
            }
            return .variables(estimatorInputs(estimator, estimates) + estimatorResults(estimator, estimates))
        }
        let inputs = estimates.inputs
        let kept = inputs.keys.sorted().compactMap { name -> Outcome.Variable? in
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            let spec = Estimators.named(parts[0])?.spec(parts[1])
            return Outcome.Variable(name: name, text: inputs[name]!.text(for: spec))
        }
        return .variables(userVariables + kept, functions: userFunctions)
    }

    /// `unset NAME …`: each name forgotten, whatever it names; nothing is forgotten when
    /// one of them names nothing.
    private mutating func unset(_ arguments: ArgumentReader, estimates: inout Estimates) throws(Diagnostic) -> Outcome {
        let words = arguments.words
        guard !words.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: "unset", what: "a variable name", example: "unset x"), at: arguments.commandRange)
        }
        for word in words where variables[word.text] == nil && estimates.inputs[word.text] == nil && functions[word.text] == nil
            && listVariables[word.text] == nil {
            let suggestion = Suggestion.closest(to: word.text, among: Array(variables.keys) + Array(listVariables.keys) + Array(estimates.inputs.keys)
                                                + Array(functions.keys))
            throw Diagnostic(ArgumentError.unknownVariable(word.text, suggestion: suggestion), at: word.range)
        }
        for word in words {
            variables[word.text] = nil
            ranges[word.text] = nil
            listVariables[word.text] = nil
            labelled.remove(word.text)
            estimates.inputs[word.text] = nil
            functions[word.text] = nil
        }
        return .removed(words.map(\.text))
    }

    /// The user's variables and lists, sorted by name, as this session shows them.
    package var userVariables: [Outcome.Variable] {
        (Array(variables.keys) + Array(listVariables.keys)).sorted().map { name in
            let shown = listVariables[name].map { display($0) } ?? ranges[name].map(display) ?? display(variables[name]!)
            return Outcome.Variable(name: name, text: shown.text, isExact: shown.isExact, unit: shown.unit, list: shown.list)
        }
    }

    /// Whether a variable or the last result holds a range.
    package var holdsRanges: Bool { lastRange != nil || !ranges.isEmpty }

    /// The names that hold a range, as the evaluator reads them: the variables, and `ans`.
    package var rangeNames: [String: QuantityRange] {
        guard lastRange != nil else { return ranges }
        var all = ranges
        all[Names.lastResult] = lastRange
        return all
    }

    /// The user's functions, sorted by name.
    package var userFunctions: [UserFunction] { functions.keys.sorted().map { functions[$0]! } }

    /// `f(x, y) = body`: checks the definition and keeps it. The name and parameters must
    /// be free to take, the body must read with only known names, and it must not reach
    /// itself through the functions it calls.
    package mutating func define(_ definition: FunctionDefinition, evaluator: Evaluator) throws(Diagnostic) -> UserFunction {
        let function = try UserFunction.checked(definition, evaluator: evaluator)
        if variables[function.name] != nil || listVariables[function.name] != nil {
            throw Diagnostic(.nameTaken(function.name, isFunction: false), at: definition.nameRange)
        }
        functions[function.name] = function
        return function
    }

    /// The results of an estimator's last run, in its order (`boiler.blowdown`, …).
    private func estimatorResults(_ estimator: any Estimator.Type, _ estimates: Estimates) -> [Outcome.Variable] {
        EstimatorResults.resultNames(of: estimator.name).compactMap { result in
            let name = "\(estimator.name).\(result)"
            guard let value = estimates.results[name] else { return nil }
            let shown = display(value)
            return Outcome.Variable(name: name, text: shown.text, isExact: shown.isExact, unit: shown.unit)
        }
    }

    /// Every input of an estimator: kept ones as given, the others with their defaults
    /// (a quiet input only once it is given).
    private func estimatorInputs(_ estimator: any Estimator.Type, _ estimates: Estimates) -> [Outcome.Variable] {
        estimator.inputs.compactMap { spec in
            let name = Estimates.inputName(estimator, spec.key)
            if let kept = estimates.inputs[name] { return Outcome.Variable(name: name, text: kept.text(for: spec)) }
            if spec.isQuiet { return nil }
            if let following = followingDefault(of: spec, estimator, estimates) {
                return Outcome.Variable(name: name, text: following, isDefault: true)
            }
            // Required is not a default: only a value the estimate would use unasked is one.
            guard let fallback = spec.defaultValue else {
                return Outcome.Variable(name: name, text: spec.isRequired ? "(required)" : "(not set)")
            }
            return Outcome.Variable(name: name, text: fallback.text(for: spec), isDefault: true)
        }
    }

    /// The default an input takes from another kept input (boiler's maxtds from the band of
    /// its pressure), as the estimate would use it: `2500 ppm (ABMA at 451–600 psig)`.
    private func followingDefault(of spec: InputSpec, _ estimator: any Estimator.Type, _ estimates: Estimates) -> String? {
        guard let rule = estimator.followingDefaults.first(where: { $0.input.key == spec.key }),
              let kept = estimates.inputs[Estimates.inputName(estimator, rule.source.key)],
              case .number(let source, _)? = try? Estimates.resolve(kept, for: rule.source, rates: rates, at: 0..<0),
              let (value, follows) = rule.value(source) else { return nil }
        return rule.text(value, follows: follows)
    }

    /// `money [cents|exact|cash STEP]`: shows or sets how money amounts are shown.
    /// `vat 19%`, `vat off`, `vat`: the sales-tax rate that `PRICE incl vat` uses.
    private mutating func vat(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        func shown() -> String { taxRate.map { display($0).text } ?? "off" }
        guard !arguments.atEnd else { return .setting(name: "vat", value: shown()) }
        if let word = arguments.nextWord, word.text.lowercased() == "off" {
            _ = arguments.word()
            try arguments.expectEnd()
            taxRate = nil
            return .setting(name: "vat", value: shown())
        }
        let (value, range) = try arguments.expression()
        try arguments.expectEnd()
        guard value.quantity.isPercentage, value.quantity.magnitude >= 0, value.quantity.magnitude < 1000 else {
            throw Diagnostic(ArgumentError.wrongKind(command: "vat", takes: "a percentage from 0% to under 1000%, or off", example: "vat 19%"),
                             at: range)
        }
        taxRate = value.quantity
        return .setting(name: "vat", value: shown())
    }

    private mutating func moneyRounding(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard let word = arguments.word() else { return .setting(name: "money", value: money.written) }
        let chosen: MoneyRounding
        switch word.text.lowercased() {
        case "cents": chosen = .cents
        case "exact": chosen = .exact
        case "cash":
            guard !arguments.atEnd else {
                throw Diagnostic(ArgumentError.missing(command: "money cash", what: "a step", example: "money cash 0.05"), at: arguments.endRange)
            }
            let (value, range) = try arguments.expression()
            guard value.quantity.isPlain || value.quantity.unit.moneyAtom != nil && value.quantity.unit.terms.count == 1,
                  case .exact(let amount) = value.quantity.magnitude, let step = MoneyRounding.cashStep(amount) else {
                throw Diagnostic(ArgumentError.cashStep(decimals: MoneyRounding.maxStepDecimals), at: range)
            }
            chosen = .cash(step)
        default:
            throw Diagnostic(ArgumentError.wrongKind(command: "money", takes: "cents, exact or cash STEP", example: "money cash 0.05"),
                             at: word.range)
        }
        try arguments.expectEnd()
        money = chosen
        return .setting(name: "money", value: chosen.written)
    }

    /// `convert QTY to UNIT`: the conversion of the grammar, shown from and to.
    private mutating func convert(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard !arguments.atEnd else {
            throw Diagnostic(ArgumentError.convertUsage, at: arguments.endRange)
        }
        let (value, range) = try arguments.expression()
        try arguments.refuseMisspeltUnit()
        // `convert 1 kg lb`: the unit without its `to`.
        if let word = arguments.nextWord, value.convertedFrom == nil, UnitTable.compound(word.text) != nil {
            throw Diagnostic(ArgumentError.convertWithoutTo(example: "convert \(arguments.text(range)) to \(arguments.rest.text)"),
                             at: word.range)
        }
        try arguments.expectEnd()
        guard let from = value.convertedFrom else {
            throw Diagnostic(ArgumentError.convertUsage, at: arguments.endRange.lowerBound < range.upperBound ? range : arguments.endRange)
        }
        lastResult = value.quantity
        return .conversion(from: display(from), to: display(value.quantity))
    }

    /// `rate 1 € = 1.08 $`: how much of one currency the other is worth.
    private mutating func rate(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard !arguments.atEnd else { throw Diagnostic(ArgumentError.rateAmountsMissing, at: arguments.endRange) }
        let (left, leftRange) = try arguments.expression()
        guard arguments.take("=") else {
            throw Diagnostic(ArgumentError.rateEqualsMissing, at: arguments.atEnd ? arguments.endRange : arguments.nextWord!.range)
        }
        guard !arguments.atEnd else { throw Diagnostic(ArgumentError.rateRightAmountMissing, at: arguments.endRange) }
        let (right, rightRange) = try arguments.expression()
        try arguments.expectEnd()
        func money(_ q: Quantity, at range: Range<Int>) throws(Diagnostic) -> (CurrencyCode, Rational) {
            guard let code = q.unit.currency, q.unit.atom != nil, case .exact(let amount) = q.magnitude, amount.signum > 0 else {
                throw Diagnostic(ArgumentError.rateNotMoney, at: range)
            }
            return (code, amount)
        }
        // Each side has its amount written: `rate € = $` would make up a rate of 1.
        for range in [leftRange, rightRange] where !arguments.text(range).contains(where: \.isNumber) {
            throw Diagnostic(ArgumentError.rateAmountsMissing, at: range)
        }
        let (from, a) = try money(left.quantity, at: leftRange)
        let (to, b) = try money(right.quantity, at: rightRange)
        guard from != to else { throw Diagnostic(ArgumentError.rateSameCurrency, at: rightRange) }
        rates.set(b / a, from: from, to: to)
        let pair = Set([from, to])
        let given = zip(rates.all, rateLines).filter { Set([$0.0.from, $0.0.to]) == pair }
        return .rates(RateListing(rows: given.map { Self.row($0.0) }, lines: given.map(\.1)))
    }

    /// `rates`: the rates given, then the latest of each currency of `rates.csv`; `rates
    /// import FILE`: a file for the shell to read into `rates.csv`.
    private func ratesCommand(_ arguments: ArgumentReader) throws(Diagnostic) -> Outcome {
        var arguments = arguments
        guard let word = arguments.word() else {
            let file = rates.reference.map { ($0, RateBook.lines($0, fileName: RateBook.fileName)) }
            return .rates(RateListing(rows: rates.all.map(Self.row) + (file.map { RateListing.latestRows($0.0) } ?? []),
                                      lines: rateLines + (file?.1 ?? [])))
        }
        guard !word.isQuoted, word.text.lowercased() == "import" else {
            throw Diagnostic(ArgumentError.wrongKind(command: "rates", takes: "nothing, or import FILE",
                                                     example: "rates import eurofxref-daily.xml"), at: word.range)
        }
        let path = try ShoppingList.productName(in: arguments.source, from: arguments.position)
        guard !path.isEmpty else {
            throw Diagnostic(ArgumentError.missing(command: "rates import", what: "a file", example: "rates import eurofxref-hist.xml"),
                             at: arguments.endRange)
        }
        return .importRates(path: path)
    }

    /// A rate typed in the session as a row of `rates`.
    private static func row(_ rate: Rates.Rate) -> RateListing.Row {
        RateListing.Row(from: rate.from, to: rate.to, rate: rate.value, date: nil, source: nil)
    }

    /// Every rate as given: `1 € = 1.08 $`, `100 ¥ = 0.61 €` (a whole number of the first
    /// currency when that makes the second exact).
    package var rateLines: [String] {
        rates.all.map { rate in
            var amount = Rational.one
            while !NumberDisplay.display(.exact(rate.value * amount), digits: digits).isExact, amount < Rational(1_000_000) {
                amount = amount * Rational(10)
            }
            let value = display(.exact(rate.value * amount))
            let from = display(.exact(amount)).text
            return "\(from) \(rate.from.symbol) \(value.isExact ? "=" : "≈") \(value.text) \(rate.to.symbol)"
        }
    }
}
