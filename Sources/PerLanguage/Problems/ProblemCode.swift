/// A stable name for what went wrong in a statement, for scripts: `--json` writes it as an
/// error's `"code"`. A code names the kind of problem, not its wording, so it stays the same
/// when a message is reworded; many problems share one code (`dimension_mismatch` is
/// `1 kg + 1 l`, `convert 500 g to l` and a mass added to a list of volumes alike).
///
/// Codes are only ever added: a raw value, once published, keeps its meaning. Every
/// problem's code is chosen in `Problem.code`, by switches the compiler checks are complete.
public enum ProblemCode: String, CaseIterable, Sendable {
    // MARK: Reading the statement
    case syntaxError = "syntax_error"
    case unknownCommand = "unknown_command"
    case unknownName = "unknown_name"
    case unknownUnit = "unknown_unit"
    /// A unit word that reads several ways (`ton`, `kb`), refused with its readings.
    case ambiguousUnit = "ambiguous_unit"
    case notAFunction = "not_a_function"
    case wrongArgumentCount = "wrong_argument_count"
    case notANumber = "not_a_number"
    case noValueYet = "no_value_yet"
    case reservedName = "reserved_name"
    case nameTaken = "name_taken"
    case givenTwice = "given_twice"
    case recursion = "recursion"
    case limitExceeded = "limit_exceeded"

    // MARK: Arithmetic
    case divisionByZero = "division_by_zero"
    case tooLarge = "too_large"
    case tooSmall = "too_small"
    case notReal = "not_real"
    case undefined = "undefined"
    case undecidable = "undecidable"
    case notWholeNumber = "not_whole_number"
    case precisionLost = "precision_lost"
    case cancelled = "cancelled"

    // MARK: Units and money
    case dimensionMismatch = "dimension_mismatch"
    case needsPlainNumber = "needs_plain_number"
    case unitPower = "unit_power"
    case temperaturePoint = "temperature_point"
    case belowAbsoluteZero = "below_absolute_zero"
    case datePoint = "date_point"
    case invalidDate = "invalid_date"
    case currencyMismatch = "currency_mismatch"
    case noRate = "no_rate"
    case invalidRate = "invalid_rate"
    /// A range (`12 kg ± 0.5 kg`) where only one value will do.
    case rangeRefused = "range_refused"
    /// A list (`[1, 2, 3]`) where only one value will do.
    case listRefused = "list_refused"
    /// Two lists of different lengths taken element by element.
    case listLengthsDiffer = "list_lengths_differ"
    /// A statistic of too few values (the mean of an empty list, the stdev of one value).
    case tooFewValues = "too_few_values"

    // MARK: Commands and their arguments
    case missingArgument = "missing_argument"
    case invalidArgument = "invalid_argument"
    case unexpectedArgument = "unexpected_argument"
    case missingUnit = "missing_unit"
    case unknownOption = "unknown_option"
    case outOfRange = "out_of_range"
    case needsExact = "needs_exact"
    case unknownHelpTopic = "unknown_help_topic"
    case needsHistory = "needs_history"
    case nothingToUndo = "nothing_to_undo"
    case blockFailed = "block_failed"
    case emptyBlock = "empty_block"

    // MARK: The shopping list
    case invalidAmount = "invalid_amount"
    case invalidDeal = "invalid_deal"
    case emptyList = "empty_list"
    case unknownProduct = "unknown_product"
    case listNotEmpty = "list_not_empty"
    case notShoppable = "not_shoppable"
    case needsDose = "needs_dose"
    case notCountableByDose = "not_countable_by_dose"

    // MARK: Estimators
    case missingInput = "missing_input"
    case unknownInput = "unknown_input"
    case missingValue = "missing_value"
    case invalidChoice = "invalid_choice"
    case inputsConflict = "inputs_conflict"

    // MARK: Saved sets
    case missingName = "missing_name"
    case invalidName = "invalid_name"
    case alreadySaved = "already_saved"
    case unknownSavedSet = "unknown_saved_set"
    case storageUnavailable = "storage_unavailable"

    // MARK: Price book
    case invalidPrice = "invalid_price"
    case notInPriceBook = "not_in_price_book"

    // MARK: Solve
    case noSolution = "no_solution"
    case noSignChange = "no_sign_change"

    /// What the code means, in one line.
    public var summary: String {
        switch self {
        case .syntaxError: return "the statement cannot be read as written"
        case .unknownCommand: return "a word where a command was expected is no command"
        case .unknownName: return "a name that has no value: no variable, constant or estimator result"
        case .unknownUnit: return "a word where a unit was expected is no unit"
        case .ambiguousUnit: return "a unit word that reads several ways (ton, kb): write the one you mean"
        case .notAFunction: return "a call of something that is not a function"
        case .wrongArgumentCount: return "a function called with too few or too many arguments"
        case .notANumber: return "text or a word where a number was expected"
        case .noValueYet: return "a name that gets its value later (ans, an estimator's result)"
        case .reservedName: return "a name per keeps for itself (a unit, function, constant or command)"
        case .nameTaken: return "a name already used: a variable as a function, a saved set, …"
        case .givenTwice: return "an input or parameter given twice"
        case .recursion: return "a function that would call itself"
        case .limitExceeded: return "a statement too long, nested too deeply, or too much work"
        case .divisionByZero: return "division by zero, or zero to a negative power"
        case .tooLarge: return "a number or result too large to keep"
        case .tooSmall: return "a non-zero number or result too small to keep"
        case .notReal: return "a result that is no real number (sqrt(-1), ln(0))"
        case .undefined: return "a result that is undefined"
        case .undecidable: return "an approximate value too close to a boundary to decide"
        case .notWholeNumber: return "a whole number was needed (2.5!, 2.5 to hex)"
        case .precisionLost: return "an approximate result with not one digit known"
        case .cancelled: return "the statement was stopped (Ctrl-C)"
        case .dimensionMismatch: return "quantities of different kinds (a mass and a volume)"
        case .needsPlainNumber: return "a plain number (or an angle) was needed, not a quantity"
        case .unitPower: return "a power or root its unit cannot take"
        case .temperaturePoint: return "a temperature used as an amount, or a point as a difference"
        case .belowAbsoluteZero: return "a temperature below 0 K"
        case .datePoint: return "a date used as an amount, or two dates added"
        case .invalidDate: return "a date that is not on the calendar (2026-02-30)"
        case .currencyMismatch: return "two currencies where one was needed"
        case .noRate: return "no exchange rate between two currencies"
        case .invalidRate: return "a rate that is not between two amounts of different currencies"
        case .rangeRefused: return "a range (±) where only one value will do, or an operation ranges do not go through"
        case .listRefused: return "a list where only one value will do, or an operation lists do not go through"
        case .listLengthsDiffer: return "two lists of different lengths taken element by element"
        case .tooFewValues: return "a statistic of too few values (the mean of an empty list, the stdev of one value)"
        case .missingArgument: return "a command left without something it needs"
        case .invalidArgument: return "a command given something it does not take"
        case .unexpectedArgument: return "a command given more than it takes"
        case .missingUnit: return "a quantity written without the unit it needs"
        case .unknownOption: return "an option the command does not have"
        case .outOfRange: return "a value outside the range allowed"
        case .needsExact: return "an exact value was needed, not an approximate one"
        case .unknownHelpTopic: return "help asked about a word it does not know"
        case .needsHistory: return "a command that needs the interactive shell or --session"
        case .nothingToUndo: return "undo or redo with nothing to undo or redo"
        case .blockFailed: return "a total over a block with a failed line"
        case .emptyBlock: return "an average over a block with no results"
        case .invalidAmount: return "a price, quantity or count a product cannot have"
        case .invalidDeal: return "a deal that cannot be read or cannot go on the product"
        case .emptyList: return "the shopping list is empty"
        case .unknownProduct: return "no product with that number"
        case .listNotEmpty: return "the list holds products the change would drop"
        case .notShoppable: return "a unit the shopping list does not compare"
        case .needsDose: return "comparing per wash before running dose"
        case .notCountableByDose: return "a product a dose cannot count"
        case .missingInput: return "an estimator left without an input it needs"
        case .unknownInput: return "an estimator input that does not exist"
        case .missingValue: return "an input or answer given without a value"
        case .invalidChoice: return "a word that is not one of the choices"
        case .inputsConflict: return "inputs that contradict each other"
        case .missingName: return "a saved set without a name"
        case .invalidName: return "a name that cannot be used"
        case .alreadySaved: return "these inputs are already saved under another name"
        case .unknownSavedSet: return "no saved set with that name"
        case .storageUnavailable: return "the saved-sets file cannot be used"
        case .invalidPrice: return "a price seen that the price book cannot keep, or that does not fit its earlier ones"
        case .notInPriceBook: return "a name the price book has no price of"
        case .noSolution: return "solve proved there is no root, or found none that meets the target"
        case .noSignChange: return "solve found no change of sign: there may still be a root it cannot prove"
        }
    }
}

