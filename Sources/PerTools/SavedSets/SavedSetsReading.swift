import PerNumbers
import PerUnits
import PerLanguage

/// Reading `saved.json` strictly. A file that is not JSON, or not a per saved-sets file, is
/// refused whole. Within a good file each set is checked member by member against the rules
/// the core applies to what a user types — names, words, units, ranges, the shopping
/// list's rules — so a file can put nothing into a session that the keyboard could not. A
/// set that breaks a rule is left out with the reason, and the other sets are kept.
extension SavedSetsFile {
    /// What a file holds: the sets that read back, and those that did not.
    public struct Contents: Sendable, Equatable {
        public var sets: [SavedSet]
        public var unreadable: [UnreadableSet]

        public init(sets: [SavedSet], unreadable: [UnreadableSet] = []) {
            self.sets = sets
            self.unreadable = unreadable
        }
    }

    /// A set left out of a file's contents, and why.
    public struct UnreadableSet: Sendable, Equatable {
        /// Its place in the file, from 1.
        public let position: Int
        /// Its name, when it is one a set may have.
        public let name: String?
        /// What is wrong, with any text from the file made visible.
        public let reason: String

        /// `set 2 ('plant')`, for messages.
        public var label: String { "set \(position)" + (name.map { " ('\($0)')" } ?? "") }
    }

    /// Why one set cannot be read.
    package struct Problem: Error {
        package let reason: String
        package init(_ reason: String) { self.reason = reason }
    }

    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Contents {
        let document: JSON
        do {
            document = try JSON.parse(bytes)
        } catch {
            throw .corrupt("not JSON (\(error.message) at byte \(error.offset))")
        }
        guard document["format"]?.string == formatName, case .number(let versionText)? = document["version"] else {
            throw .corrupt("not a per saved-sets file")
        }
        // A version is a whole number; one too large for an Int is a newer per's all the same.
        guard versionText.utf8.allSatisfy({ $0 &- 48 < 10 }) else {
            throw .corrupt("its version \(visible(versionText)) is not a whole number")
        }
        let digits = versionText.drop { $0 == "0" }
        guard !digits.isEmpty else { throw .corrupt("its version 0 was never written by per") }
        let version = Int(digits) ?? Int.max
        if version > formatVersion { throw .newerVersion(visible(String(digits))) }
        guard case .array(let entries)? = document["sets"] else { throw .corrupt("no list of sets") }

        var contents = Contents(sets: [])
        var names = Set<String>()
        for (index, entry) in entries.enumerated() {
            do throws(Problem) {
                let set = try decodeSet(entry, version: version)
                guard names.insert(set.name).inserted else { throw Problem("a set before it has the same name") }
                contents.sets.append(set)
            } catch {
                let name = entry["name"]?.string.flatMap { (try? SavedSets.validate(name: $0)) == nil ? nil : $0 }
                contents.unreadable.append(UnreadableSet(position: index + 1, name: name, reason: visible(error.reason)))
            }
        }
        return contents
    }

    // MARK: Sets

    /// One set, as format `version` writes it: version 1 (per 0.1.0) kept plain numbers,
    /// inputs with a unit symbol and currencies by symbol; it is read into today's values.
    package static func decodeSet(_ json: JSON, version: Int) throws(Problem) -> SavedSet {
        guard case .object = json else { throw Problem("it is not an object") }
        let name = try json.text("name")
        do {
            try SavedSets.validate(name: name)
        } catch {
            throw Problem(error.message)
        }
        let savedAt = try json.text("saved_at")
        guard isTimestamp(savedAt) else { throw Problem("saved_at is not a date and time as per writes them: \(savedAt)") }
        let digits = try json.wholeNumber("digits")
        guard NumberDisplay.digitsRange.contains(digits) else {
            throw Problem("digits must be from \(NumberDisplay.digitsRange.lowerBound) to \(NumberDisplay.digitsRange.upperBound), not \(digits)")
        }
        var variables: [String: Quantity] = [:]
        for (key, value) in try json.members("variables") {
            if let why = variableNameProblem(key) { throw Problem(why) }
            variables[key] = try quantity(value, "variable \(key)")
        }
        let units = try within("the units") { () throws(Problem) in try decodeUnits(json["units"]) }
        let functions = try within("the functions") { () throws(Problem) in try decodeFunctions(json, variables: variables, units: units) }
        var inputs: [String: InputValue] = [:]
        for (key, value) in try json.members("inputs") {
            let input = version == 1 ? try decodeVersion1Input(value, key) : try decodeInput(value, key)
            if let why = Estimates.problem(withKeptInput: key, input) { throw Problem(why) }
            inputs[Estimates.keptName(key)] = input
        }
        var rates = Rates()
        if let entries = json["rates"], entries != .null {
            for entry in try json.elements("rates") {
                let from = try currencyCode(entry.text("from")), to = try currencyCode(entry.text("to"))
                let value = try number(entry.member("rate", of: "a rate"), "a rate")
                guard from != to, case .exact(let rate) = value, rate.signum > 0 else {
                    throw Problem("a rate is between two currencies and more than 0")
                }
                rates.set(rate, from: from, to: to)
            }
        }
        let list = try within("the list") { () throws(Problem) in try decodeList(json.member("list"), version: version) }
        let lastEstimator = try json.optionalText("last_estimator")
        if let lastEstimator, Estimators.named(lastEstimator) == nil {
            throw Problem("last_estimator names no estimator: \(lastEstimator)")
        }
        let headline = try json.optionalText("headline")
        if let headline, VisibleText.hasHidden(headline) {
            throw Problem("its headline holds control characters: \(headline)")
        }
        var state = SessionState(variables: variables, functions: functions, inputs: inputs, rates: rates, list: list, digits: digits,
                                 group: try decodeGroup(json["group"]), input: try decodeNotation(json["input"]),
                                 money: try decodeMoney(json["money"]), taxRate: try decodeTaxRate(json["vat"]), lastEstimator: lastEstimator)
        state.unitSystem = try decodeUnitSystem(json["unit_system"])
        state.estimatorOnly = try decodeEstimatorOnly(json, inputs: inputs)
        state.ranges = try decodeRanges(json["ranges"], variables: variables)
        state.listVariables = try decodeLists(json["list_variables"], variables: variables, functions: functions)
        state.labelled = try decodeLabels(json["labels"], variables: variables)
        state.units = units
        state.shelf = try decodeShelf(json, version: version)
        return SavedSet(name: name, savedAt: savedAt, state: state, headline: headline)
    }

    /// The estimator of a set of one estimator's inputs (absent in a set of the whole
    /// session): an estimator's name, and every input the set holds is that estimator's.
    package static func decodeEstimatorOnly(_ json: JSON, inputs: [String: InputValue]) throws(Problem) -> String? {
        guard let name = try json.optionalText("estimator_only") else { return nil }
        guard Estimators.named(name) != nil else { throw Problem("estimator_only names no estimator: \(name)") }
        if let other = inputs.keys.sorted().first(where: { !$0.hasPrefix(name + ".") }) {
            throw Problem("a set of \(name)'s inputs holds \(other)")
        }
        return name
    }

    /// The user's functions (absent before functions came): each read again as its
    /// definition would be, so what a session refuses a file cannot bring in. Names in a
    /// body need not exist (a variable may have been unset since), but it must read, and
    /// no function may reach itself.
    package static func decodeFunctions(_ json: JSON, variables: [String: Quantity], units: UserUnits = UserUnits()) throws(Problem) -> [String: UserFunction] {
        guard let members = json["functions"], members != .null else { return [:] }
        guard case .object(let entries) = members else { throw Problem("functions is not an object") }
        var written: [String: (parameters: [String], body: String, names: Set<String>)] = [:]
        for (name, entry) in entries {
            let parameters = try entry.elements("parameters").map { parameter throws(Problem) -> String in
                guard case .string(let text) = parameter else { throw Problem("\(name)'s parameters are not names") }
                return text
            }
            let body = try entry.text("body")
            guard body.utf8.count <= ParserLimits.maxLineLength else { throw Problem("the body of \(name) is too long") }
            // The names its body read as variables (absent in files before they were kept).
            var names: Set<String> = []
            if let list = entry["names"], list != .null {
                for element in try entry.elements("names") {
                    // Variable names, or an estimator's (`boiler.blowdown`).
                    guard case .string(let text) = element, text.utf8.count <= 100, let first = text.unicodeScalars.first,
                          Lexer.isNameStart(first), text.unicodeScalars.allSatisfy({ Lexer.isNameContinuation($0) || $0 == "." }) else {
                        throw Problem("\(name)'s names are not variable names")
                    }
                    names.insert(text)
                }
            }
            written[name] = (parameters, body, names)
        }
        // Every function known (without its calls) before any body is read, as bodies may
        // call functions that come after them in the file.
        let shells = Dictionary(uniqueKeysWithValues: written.map { name, function in
            (name, UserFunction(name: name, parameters: function.parameters, body: function.body, callees: []))
        })
        let evaluator = Evaluator(variables: variables, lastResult: nil, rates: Rates(), inputs: [:], results: [:], vocabulary: CommandCatalogue.self,
                                  context: .standard, scope: Evaluator.FunctionScope(functions: shells, units: units.table))
        var functions: [String: UserFunction] = [:]
        for (name, function) in written {
            if variables[name] != nil { throw Problem("'\(name)' is both a variable and a function") }
            let text = "\(name)(\(function.parameters.joined(separator: ", "))) = \(function.body)"
            let parsed: Result<UserFunction?, Diagnostic>
            do throws(Diagnostic) {
                guard case .definition(let definition) = try Parser.statement(StatementSource(text), builder: evaluator),
                      definition.name == name, definition.parameters.map(\.name) == function.parameters else {
                    throw Diagnostic(.parameterExpected(function: name), at: 0..<1)
                }
                parsed = .success(try UserFunction.checked(definition, evaluator: evaluator, checksNames: false, names: function.names))
            } catch {
                parsed = .failure(error)
            }
            switch parsed {
            case .success(let checked): functions[name] = checked
            case .failure(let error): throw Problem("\(visible(text)): \(error.message)")
            }
        }
        for (name, function) in functions where UserFunction.path(from: function.callees, to: name, functions: functions) != nil {
            throw Problem("'\(name)' calls itself")
        }
        return functions
    }

    /// Why `name` cannot be a variable, as the lexer and an assignment would refuse it;
    /// nil if it can.
    package static func variableNameProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, Lexer.isNameStart(first),
              name.unicodeScalars.dropFirst().allSatisfy(Lexer.isNameContinuation) else {
            return "'\(name)' is not a variable name"
        }
        return CommandCatalogue.reservation(of: name, kept: true).map { "'\(name)' is \($0) and cannot be a variable name" }
    }

    /// `2026-11-21T22:40:05+0100`, as `SetStorage.timestamp` writes it; also `Z`, `+01:00`
    /// or no zone.
    package static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        /// Whether `pattern` (`d` for any digit) matches from `start`, to the end if `whole`.
        func matches(_ pattern: String, at start: Int, whole: Bool) -> Bool {
            let template = Array(pattern.utf8)
            let left = bytes.count - start
            guard whole ? left == template.count : left >= template.count else { return false }
            return zip(bytes[start...], template).allSatisfy { byte, expected in
                expected == UInt8(ascii: "d") ? byte &- 48 < 10 : byte == expected
            }
        }
        guard matches("dddd-dd-ddTdd:dd:dd", at: 0, whole: false) else { return false }
        return bytes.count == 19 || ["Z", "+dddd", "-dddd", "+dd:dd", "-dd:dd"].contains { matches($0, at: 19, whole: true) }
    }

    // MARK: Values

    /// `"249/100"`, `"-3"`, `"~1/2√3"` or `"~p/q..r/s"`, as `encode` writes them: exact
    /// numbers within `Number.exactBits`, approximate ones by their exact form or their
    /// bounds. Older files wrote doubles (`"~0.30000000000000004"`): those read back within
    /// ten units of their last digit.
    package static func number(_ json: JSON, _ what: String) throws(Problem) -> Number {
        guard case .string(let text) = json else { throw Problem("\(what) is not a number in quotes") }
        guard let number = decodeNumber(text) else { throw Problem("\(what) is not a number per writes: \(text)") }
        return number
    }

    package static func decodeNumber(_ text: String) -> Number? {
        if text.hasPrefix("~") {
            let body = text.dropFirst()
            if let root = body.firstIndex(of: "√") {
                guard case .exact(let c)? = decodeNumber(String(body[..<root])), case .exact(let r)? = decodeNumber(String(body[body.index(after: root)...])),
                      r.isInteger, r.numerator.signum > 0, let surd = Surd.make(c, r.numerator) else { return nil }
                return try? Number.checked(Real(surd, bits: EvaluationContext.standardPrecision))
            }
            let bounds = body.split(separator: "..", omittingEmptySubsequences: false)
            if bounds.count == 2 {
                guard case .exact(let lower)? = decodeNumber(String(bounds[0])),
                      case .exact(let upper)? = decodeNumber(String(bounds[1])), lower <= upper else { return nil }
                return try? Number.checked(Real(rounding: lower, upper, bits: EvaluationContext.standardPrecision))
            }
            return approximateNumber(body)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let numerator = integer(parts[0], signed: true) else { return nil }
        var denominator = BigInt.one
        if parts.count == 2 {
            guard let value = integer(parts[1], signed: false), !value.isZero else { return nil }
            denominator = value
        }
        let value = Rational(numerator, denominator)
        guard value.bitWidth <= Number.exactBits else { return nil }
        return .exact(value)
    }

    /// `-1.25e+20`: sign, digits with an optional point, an optional exponent.
    private static func approximateNumber(_ text: Substring) -> Number? {
        let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let exponentText = parts.count == 2 ? parts[1].drop { $0 == "+" } : "0"
        guard let exponent = Int(exponentText), (-1_000_000...1_000_000).contains(exponent) else { return nil }
        let pieces = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard !fraction.hasPrefix("-"), let mantissa = integer(pieces[0] + fraction, signed: true) else { return nil }
        let scale = exponent - fraction.count
        let bits = EvaluationContext.standardPrecision
        let middle = Real.decimal(mantissa, scale: scale, bits: bits), error = Real.decimal(BigInt(10), scale: scale, bits: bits)
        let value = Real(rounding: middle.lower - error.upper, middle.upper + error.upper, bits: bits)
        return try? Number.checked(value)
    }

    /// Decimal digits, with a leading `-` when `signed`; no more than an exact number's
    /// largest part can have.
    private static func integer(_ text: Substring, signed: Bool) -> BigInt? {
        let negative = signed && text.hasPrefix("-")
        let digits = Array(text.dropFirst(negative ? 1 : 0).utf8)
        // 4096 bits are 1,234 decimal digits; a few leading zeros are allowed.
        guard !digits.isEmpty, digits.count <= Number.exactBits * 3 / 10 + 16, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        let magnitude = BigInt(decimalDigits: digits)
        return negative ? -magnitude : magnitude
    }

    /// A quantity as `encode` writes it: a plain number as a number's text, or
    /// `{"number": "4", "units": [["t", 1], ["h", -1]], "scale": "1/100"}` (scale optional).
    package static func quantity(_ json: JSON, _ what: String) throws(Problem) -> Quantity {
        guard case .object = json else { return Quantity(try number(json, what)) }
        let magnitude = try number(json.member("number", of: what), what)
        var unit = CompoundUnit.none
        for term in try json.elements("units") {
            guard case .array(let parts) = term, parts.count == 2, case .string(let key) = parts[0],
                  case .number(let power) = parts[1], let exponent = Int(power),
                  exponent != 0, Dimension.holds(exponent) else {
                throw Problem("\(what): a unit is [name, power], the power a whole number from -\(Dimension.maxExponent) to \(Dimension.maxExponent) but 0")
            }
            guard let atom = UnitTable.unit(key: key) ?? UserUnits.unit(key: key) else { throw Problem("\(what): no unit \(key)") }
            guard !unit.terms.contains(where: { $0.atom == atom }) else { throw Problem("\(what): the unit \(key) twice") }
            unit.terms.append(CompoundUnit.Term(atom: atom, exponent: Int8(exponent)))
        }
        if let scale = json["scale"], scale != .null {
            guard case .exact(let value) = try number(scale, "\(what)'s scale"), value.signum > 0 else {
                throw Problem("\(what): a scale is an exact number more than 0")
            }
            unit.scale = value
        }
        let points = unit.terms.filter { $0.atom.isTemperaturePoint }
        guard Set(unit.terms.compactMap(\.atom.currency)).count <= 1, points.isEmpty || unit.temperaturePoint != nil else {
            throw Problem("\(what): not a unit per makes (two currencies, or a temperature in a compound)")
        }
        var q = Quantity(magnitude, unit)
        if let zone = json["zone"] { q = try zoned(q, zone, what) }
        // A date is the unit `date` alone, on a day of the calendar; a time of day or a date
        // with a time, its unit alone, exact, and on the calendar's days.
        if unit.terms.contains(where: { $0.atom.isDatePoint }), DateMath.date(of: q) == nil {
            let onCalendar = DateMath.days(of: q).flatMap { ClockTime.split(days: $0) }.map {
                CalendarDate.dayNumbers.contains($0.day) || (q.unit.atom == UnitTable.clock && abs($0.day) <= CalendarDate.dayNumbers.count)
            }
            guard DateMath.isClockOrDateTime(q), unit.terms.count == 1, onCalendar == true else {
                throw Problem("\(what): a date is a whole day number from \(CalendarDate.dayNumbers.lowerBound) to \(CalendarDate.dayNumbers.upperBound) in the unit date alone")
            }
        }
        do {
            try QuantityMath.checkAboveAbsoluteZero(q)
        } catch {
            throw Problem("\(what): \(error.message)")
        }
        return q
    }

    /// A time of day or a date with a time in the zone `encode` wrote
    /// (`{"name": "Europe/Berlin", "offset": 7200, "abbreviation": "CEST", "daylight": true,
    /// "day": 20635}`): its instant and how it is shown as before, the zone's rules looked up
    /// by its name when a sum needs them.
    private static func zoned(_ q: Quantity, _ json: JSON, _ what: String) throws(Problem) -> Quantity {
        let problem = Problem("\(what): a zone is a name, an offset in seconds, an abbreviation and a day, with a time alone")
        guard let atom = q.unit.atom, DateMath.isClockOrDateTime(q), case .string(let name)? = json["name"],
              (try? ZoneDesignation(name)) != nil, case .number(let seconds)? = json["offset"], let offsetSeconds = Int(seconds),
              case .string(let abbreviation)? = json["abbreviation"], case .bool(let daylight)? = json["daylight"],
              case .number(let dayText)? = json["day"], let day = Int(dayText), abs(day) <= CalendarDate.dayNumbers.count,
              let offset = ZoneOffset(seconds: offsetSeconds, abbreviation: abbreviation, isDaylightSaving: daylight) else { throw problem }
        let reading = ZonedReading(zone: Zone(name: name, rules: .fixed(offset)), offset: offset, day: day, hasRules: false)
        return Quantity(q.magnitude, CompoundUnit(UnitTable.zoned(atom, reading)))
    }

    /// `{"word": "heavy"}` or `{"quantity": …}`.
    package static func decodeInput(_ json: JSON, _ key: String) throws(Problem) -> InputValue {
        guard case .object = json else { throw Problem("input \(key) is not an object") }
        if let word = json["word"] {
            guard case .string(let text) = word, json["quantity"] == nil else { throw Problem("input \(key) is not a word") }
            return .word(text)
        }
        return .quantity(try quantity(json.member("quantity", of: "input \(key)"), "input \(key)"))
    }

    /// Version 1: `{"word": "heavy"}` or `{"number": "4", "unit": "t/h"}` (the unit null for
    /// a plain number). Its temperatures were differences (`dt`), its hardness `ppm` as CaCO₃.
    package static func decodeVersion1Input(_ json: JSON, _ key: String) throws(Problem) -> InputValue {
        guard case .object = json else { throw Problem("input \(key) is not an object") }
        if let word = json["word"] {
            guard case .string(let text) = word, json["number"] == nil else { throw Problem("input \(key) is not a word") }
            return .word(text)
        }
        let value = try number(json.member("number", of: "input \(key)"), "input \(key)")
        guard let symbol = try json.optionalText("unit") else {
            // Version 1 kept percentages as plain numbers of percent.
            let parts = key.split(separator: ".").map(String.init)
            if parts.count == 2, let spec = Estimators.named(parts[0])?.spec(parts[1]), case .percent = spec.kind {
                return .quantity(Quantity(value, UnitTable.percentUnit))
            }
            return .number(value)
        }
        let differences = ["°C": "Δ°C", "°F": "Δ°F"]
        guard let unit = UnitTable.compound(differences[symbol] ?? symbol) else { throw Problem("no unit \(symbol)") }
        return .quantity(Quantity(value, unit))
    }

    /// The user's own units (absent before they came): each `{"key": …, "definition": …}`,
    /// its key holding what it is (`UserUnits`), its definition the text it was written as.
    /// Two that read as one word are refused, as a session refuses them.
    package static func decodeUnits(_ json: JSON?) throws(Problem) -> UserUnits {
        var units = UserUnits()
        guard let json, json != .null else { return units }
        guard case .array(let elements) = json else { throw Problem("units is not a list") }
        guard elements.count <= UserUnits.maxCount else { throw Problem("more than \(UserUnits.maxCount) units") }
        for element in elements {
            let key = try element.text("key"), written = try element.text("definition")
            guard let unit = UserUnits.unit(key: key), written.utf8.count <= ParserLimits.maxLineLength, !VisibleText.hasHidden(written),
                  let entry = UserUnits.Entry(written: written, unit: unit) else { throw Problem("not a unit: \(key)") }
            guard units.entry(reading: entry.name) == nil, units.entry(reading: entry.plural) == nil,
                  UnitTable.word(entry.name) == nil else { throw Problem("the unit \(entry.name) reads two ways") }
            units.set(entry)
        }
        return units
    }

    package static func unit(_ key: String) throws(Problem) -> Unit {
        guard let unit = UnitTable.unit(key: key) ?? UserUnits.unit(key: key) else { throw Problem("no unit \(key)") }
        return unit
    }

    package static func currencyCode(_ code: String) throws(Problem) -> CurrencyCode {
        guard let currency = CurrencyCode.named(code), currency.code == code else { throw Problem("no currency \(code)") }
        return currency
    }

    /// Version 1: `{"symbol": "€", "prefix": true}`; then `{"unit": "€_"}`, the money unit.
    package static func decodeCurrency(_ json: JSON?, version: Int) throws(Problem) -> Currency? {
        guard let json, json != .null else { return nil }
        if version >= 2 {
            let key = try json.text("unit")
            guard let unit = UnitTable.unit(key: key), unit.currency != nil else { throw Problem("no currency \(key)") }
            return Currency(unit)
        }
        let symbol = try json.text("symbol")
        guard case .bool(let prefix)? = json["prefix"] else { throw Problem("the currency's prefix is not true or false") }
        guard symbol.count == 1, let currency = Currency(symbol: symbol.first!, isPrefix: prefix) else {
            throw Problem("the currency is one of $ £ ¥ €, not \(symbol)")
        }
        return currency
    }

    // MARK: Messages

    /// Runs `body`, putting `context` before the reason of a problem.
    package static func within<T>(_ context: String, _ body: () throws(Problem) -> T) throws(Problem) -> T {
        do {
            return try body()
        } catch {
            throw Problem("\(context): \(error.reason)")
        }
    }

    /// Text from the file as a message may show it: invisible characters written as
    /// `\u{1B}`, and at most 200 characters.
    package static func visible(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 200 { return out + "…" }
            if VisibleText.isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
