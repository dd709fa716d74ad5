import PerNumbers
import PerUnits

// Each problem's `ProblemCode`. Every switch lists every case, with no `default:`, so a new
// case does not compile until someone chooses its code. A problem that wraps another
// (an arithmetic error in a quantity, a problem inside a user's function) has the code of
// the one it wraps.

extension Problem {
    /// The stable code of what went wrong, the same whatever the wording.
    public var code: ProblemCode {
        switch self {
        case .syntax(let error): return error.code
        case .arithmetic(let error): return error.code
        case .quantity(let error): return error.code
        case .shopping(let error): return error.code
        case .estimate(let error): return error.code
        case .savedSet(let error): return error.code
        case .priceBook(let error): return error.code
        case .input(let error): return error.code
        case .arguments(let error): return error.code
        case .format(let refusal): return refusal.code
        case .range(let refusal): return refusal.code
        case .list(let refusal): return refusal.code
        case .zone(let problem): return problem.code
        case .storage: return .storageUnavailable
        case .inFunction(_, let inner): return inner.code
        }
    }
}

extension ArithmeticError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .divisionByZero: return .divisionByZero
        case .tooLarge, .factorialTooLarge: return .tooLarge
        case .tooSmall: return .tooSmall
        case .notReal: return .notReal
        case .undefined: return .undefined
        case .tooClose: return .undecidable
        case .notWhole: return .notWholeNumber
        case .lost: return .precisionLost
        case .cancelled: return .cancelled
        }
    }
}

extension SyntaxError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .unexpectedCharacter, .rangeInExpression, .rangeMembership, .abbreviationDot, .misplacedSeparator, .twoCurrencySymbols, .numberRunOn, .quoteNeverClosed,
             .letNeedsName, .letNeedsEquals, .valueAfterEquals, .unmatchedClosing, .strayEquals, .chainedComparison, .comparisonInside, .decimalComma, .commaInCommaInput, .semicolonInDotInput, .pointInCommaInput, .groupingReadsTwoWays,
             .radixWithoutDigits, .notARadixDigit, .pointInRadixNumber, .groupingInArguments,
             .operatorExpected, .percentBeforeNumber, .doubleFactorial, .percentPhrase, .taxPhrase, .operatorOrClosingExpected, .commaOrClosingExpected,
             .functionWithoutParentheses, .keywordAsOperand, .openingNeverClosed, .operandExpected,
             .bracketNeverClosed, .unmatchedBracket, .commaOrBracketExpected,
             .operandExpectedFound, .unitExpected, .unitExpectedFound, .ofWithoutPercentage, .parameterExpected, .fractionBeforeUnit:
            return .syntaxError
        case .literalOutOfRange(let error): return error.code
        case .invalidDate, .invalidTime: return .invalidDate
        case .reservedName, .reservedFunctionName: return .reservedName
        case .unknownCommand: return .unknownCommand
        case .tooManyTokens, .nestedTooDeeply, .equationNestedTooDeeply, .lineTooLong, .tooManyParameters, .tooManyCalls, .callsTooDeep:
            return .limitExceeded
        case .unknownUnit, .imperialQualifier: return .unknownUnit
        case .unitReadsManyWays: return .ambiguousUnit
        case .quotedOperand, .wordInput: return .notANumber
        case .basisNotPositive: return .outOfRange
        case .notAFunction: return .notAFunction
        case .arity: return .wrongArgumentCount
        case .unknownName: return .unknownName
        case .noValueYet, .noLastResult: return .noValueYet
        case .nameTaken: return .nameTaken
        case .parameterTwice: return .givenTwice
        case .callsItself: return .recursion
        }
    }
}

extension QuantityError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .arithmetic(let error): return error.code
        case .mismatch, .conversion, .gaugeAndAbsolute: return .dimensionMismatch
        case .noRate: return .noRate
        case .twoCurrencies: return .currencyMismatch
        case .scaledTemperature, .sumOfTemperatures, .pointAsDifference: return .temperaturePoint
        case .belowAbsoluteZero: return .belowAbsoluteZero
        case .discountBeyondWhole: return .outOfRange
        case .fractionalPowerOfUnit, .powerTooHigh, .fractionalRoot, .unitPowerNotWritten: return .unitPower
        case .needsPlainNumber, .needsAngle, .inverseAngle: return .needsPlainNumber
        case .unitList(.temperaturePoint): return .temperaturePoint
        case .unitList: return .invalidArgument
        case .date(let refusal): return refusal.code
        }
    }
}

extension ShoppingError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .negativePrice, .quantityNotPositive, .packsNotWhole, .countNotWhole: return .invalidAmount
        case .wrongDimension, .needOfOtherKind, .otherKindNeedsList: return .dimensionMismatch
        case .currencyMismatch: return .currencyMismatch
        case .noSuchProduct: return .unknownProduct
        case .typeSwitchWouldDrop: return .listNotEmpty
        case .emptyList: return .emptyList
        case .notShoppable, .notShoppableDimension: return .notShoppable
        case .arithmetic(let error): return error.code
        case .deal(let error): return error.code
        case .usesNeedDose: return .needsDose
        case .notInDoses: return .notCountableByDose
        case .planWithoutNeed: return .emptyList
        case .planNeedNotExact: return .invalidAmount
        case .planCurrencies: return .currencyMismatch
        case .planUnknownStore: return .unknownProduct
        case .labelNotAPrice: return .invalidAmount
        case .labelOfOtherKind: return .dimensionMismatch
        case .labelWithoutProduct: return .emptyList
        }
    }
}

extension DealError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .notLower, .notPositive, .freeAlready, .groupOfOne, .groupTooLarge, .couponAbovePrice, .percentOutOfRange,
             .notExact:
            return .invalidDeal
        }
    }
}

extension EstimateError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .rule: return .inputsConflict
        case .baseDoseOfOtherKind: return .dimensionMismatch
        case .arithmetic(let error): return error.code
        case .missingNumber: return .missingInput
        }
    }
}

extension SavedSetError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .missingName: return .missingName
        case .numericName, .badName: return .invalidName
        case .exists, .twoReadings: return .nameTaken
        case .identical: return .alreadySaved
        case .noInputs: return .missingInput
        case .unknown: return .unknownSavedSet
        }
    }
}

extension InputError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .missing: return .missingInput
        case .unknownKey: return .unknownInput
        case .givenTwice: return .givenTwice
        case .needsValue: return .missingValue
        case .expectedKeyValue: return .syntaxError
        case .notAChoice: return .invalidChoice
        case .wrongKind: return .dimensionMismatch
        case .outOfRange: return .outOfRange
        case .replaces: return .inputsConflict
        case .serves: return .inputsConflict
        case .notADateRange: return .dimensionMismatch
        case .toleranceExpected: return .invalidArgument
        case .tooManyTolerances: return .outOfRange
        case .backwardDates: return .outOfRange
        case .summerOutsideDays: return .outOfRange
        case .notAClockSpan: return .dimensionMismatch
        case .emptyClockSpan: return .outOfRange
        }
    }
}

extension ArgumentError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .missing, .noTaxRate, .rateAmountsMissing, .rateRightAmountMissing, .draftIncomplete, .atWithoutStore: return .missingArgument
        case .storeTwice: return .givenTwice
        case .wrongKind, .varsTakesEstimator, .convertUsage, .basisOneAmount, .packsTwice, .priceRatioReadsTwoWays, .needOfProduct, .perAlone, .storeAtReadsTwoWays: return .invalidArgument
        case .notAUnit: return .unknownUnit
        case .unitNeeded: return .missingUnit
        case .takesNoArguments, .unexpected, .helpTakesOneTopic: return .unexpectedArgument
        case .decimalPoint, .decimalCommaNumber, .quantityRunsIntoName, .dealBeforeProduct, .convertWithoutTo, .rateEqualsMissing, .textAfterQuotedName, .nameQuoteNeverClosed: return .syntaxError
        case .misspeltUnitOrName, .misspeltUnit: return .unknownUnit
        case .unknownOption: return .unknownOption
        case .setNameMissing: return .missingName
        case .unknownVariable: return .unknownName
        case .digitsOutOfRange, .cashStep, .roundingDecimals: return .outOfRange
        case .rateNotMoney, .rateSameCurrency: return .invalidRate
        case .noDoseYet: return .needsDose
        case .doseNotCountable: return .notCountableByDose
        case .notADeal, .discountSign: return .invalidDeal
        case .noHelp, .noUnitGroup: return .unknownHelpTopic
        case .explainsNot: return .invalidArgument
        case .sweep(.tooManyRows): return .outOfRange
        case .sweep: return .invalidArgument
        case .solve(let refusal): return refusal.code
        case .sheet(let refusal): return refusal.code
        case .columns(let refusal): return refusal.code
        case .userUnit(let refusal): return refusal.code
        case .needsHistory: return .needsHistory
        case .nothingTo: return .nothingToUndo
        case .noInput: return .unknownInput
        case .answerNeeded: return .missingValue
        case .typeWord: return .invalidChoice
        case .priceNotMoney: return .dimensionMismatch
        case .nameControlCharacter, .listNameFormula: return .invalidName
        case .blockLineFailed, .continuesRefusedFigure: return .blockFailed
        case .nothingToAverage: return .emptyBlock
        case .labelWithoutStatement, .commandWithEquals: return .syntaxError
        case .nothingToContinue: return .noValueYet
        case .blockTooLong, .listNameTooLong, .tooManyLists: return .limitExceeded
        case .blockDoesNotAdd: return .dimensionMismatch
        }
    }
}

extension OutputFormat.Refusal {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .needsExact: return .needsExact
        case .needsWholeNumber: return .notWholeNumber
        case .needsPlainNumber: return .needsPlainNumber
        case .countOutOfRange: return .outOfRange
        }
    }
}

extension DateRefusal {
    /// The stable code of this refusal (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .scaled, .sumOfDates, .dateSubtracted, .conversion, .monthsBetween, .sumOfTimes, .clockByCalendar, .clockWithDate,
             .clockScaled, .clockConversion: return .datePoint
        case .plainAddend, .notTime, .comparedWithAmount, .clockMoves, .clockComparedWithAmount: return .dimensionMismatch
        case .inexactTime: return .notWholeNumber
        case .needsDate, .phraseNeedsDate: return .invalidArgument
        case .partialDay, .partialMonth: return .notWholeNumber
        case .outOfRange: return .outOfRange
        case .noToday: return .noValueYet
        }
    }
}

extension PriceBookError {
    /// The stable code of this error (see `ProblemCode`).
    public var code: ProblemCode {
        switch self {
        case .observation, .nameAfterMarker, .storeInName, .storeMissing, .givenTwice, .dateFormat, .futureDate: return .invalidPrice
        case .unknownName, .noPriceOn, .noPriceAt: return .notInPriceBook
        case .notOpen: return .storageUnavailable
        }
    }
}
