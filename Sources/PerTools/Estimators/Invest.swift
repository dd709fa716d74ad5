import PerNumbers
import PerUnits
import PerLanguage

/// `invest`: savings growth month by month (`help invest`, after "Remember to Remember").
/// Money in the account's currency; rates in % a year. The monthly rate of a non-monthly
/// compounding is irrational, so balances carry bounds on their error (`Real`).
public enum Invest: Estimator {
    public static let name = "invest"
    public static let summary = "savings growth with deposits, interest and fees"
    public static let example = "invest years=10 initial=10000 monthly=500 rate=6%"
    /// `solve invest years for balance = €50,000`: the whole months it takes.
    public static let steppedInputs = ["years": InputStep(size: Rational(1, 12), unit: UnitTable.months)]

    /// How often interest compounds (`compound=`): by its name, or by its periods a year
    /// (`compound=12` is monthly).
    package enum Compounding: Int, InputChoice {
        case annually = 1, semiannually = 2, quarterly = 4, monthly = 12, daily = 365

        /// The names, then the same choices as their periods a year.
        package static let words = allCases.map(\.name) + allCases.map { String($0.rawValue) }

        package init?(word: String) {
            guard let choice = Compounding.allCases.first(where: { $0.name == word || String($0.rawValue) == word }) else { return nil }
            self = choice
        }

        package var word: String { name }

        /// `monthly`: as the conventions name it.
        package var name: String {
            switch self {
            case .annually: return "annually"
            case .semiannually: return "semiannually"
            case .quarterly: return "quarterly"
            case .monthly: return "monthly"
            case .daily: return "daily"
            }
        }

        package var periodsPerYear: Int { rawValue }
    }

    /// When in the month deposits go in (`timing=`).
    package enum Timing: String, InputChoice {
        case end, start
    }

    /// The inputs, each declared once; the estimate reads them through these, never by a string.
    package enum Input {
        package static let years = InputSpec("years", .quantity(UnitTable.compound("years")!), "how long", range: .above(0, upTo: 100))
        package static let initial = InputSpec("initial", .money, "starting balance", default: .number(0), range: .atLeast(0))
        package static let monthly = InputSpec("monthly", .money, "deposit each month (negative: a withdrawal)", default: .number(0))
        package static let rate = InputSpec("rate", .percent, "interest a year", range: ValueRange(lower: -100, lowerIncluded: false, upper: 1000, upperIncluded: true))
        package static let fee = InputSpec("fee", .percent, "fee a year, on the balance", default: .number(0), range: .from(0, below: 100))
        package static let compound = InputSpec("compound", .choice(Compounding.words),
            "how often interest compounds", default: .choice(Compounding.monthly))
        package static let timing = InputSpec("timing", .choice(Timing.words), "when in the month deposits go in", default: .choice(Timing.end))
    }

    public static let inputs: [InputSpec] = [
        Input.years, Input.initial, Input.monthly, Input.rate, Input.fee, Input.compound, Input.timing,
    ]

    /// One year of the account.
    public struct Year: Sendable, Equatable {
        public let year: Int
        public let deposited: Number
        public let interest: Number
        public let fees: Number
        public let balance: Number
    }

    public struct Growth: Sendable, Equatable {
        public let years: [Year]
        public let balance: Number
        public let deposited: Number
        public let interest: Number
        public let fees: Number
        /// The month (1-based) in which withdrawals emptied the account, if they did.
        public let emptiedInMonth: Int?
    }

    /// Month by month: the deposit at the month's start (or end); B ← B·(1+i) with
    /// i = (1 + r/n)^(n/12) − 1 the monthly rate equivalent to r a year compounded n times;
    /// then the fee B ← B·(1−fee)^(1/12). A withdrawal takes at most the balance. The
    /// interest is what the balance gained beyond the deposits and the fees paid:
    /// interest = B − deposited + fees, the sum of every month's B·i.
    public static func grow(months: Int, initial: Number, monthly: Number, rate: Number, periodsPerYear n: Int,
                            fee: Number, depositAtStart: Bool, interruption: Interruption = .never) throws(ArithmeticError) -> Growth {
        let periods = Number(n)
        // B·(1+i) in one product, not B + B·i: an exact balance of thousands of bits is
        // multiplied by a small fraction, where a sum would take the gcd of two big ones.
        let growth = try (1 + rate / periods).raised(to: periods / 12)
        let keptAfterFee = try (1 - fee).raised(to: Number(1) / 12)
        let feeShare = try 1 - keptAfterFee
        var balance = initial, deposited = initial, fees = Number(0)
        var emptied: Int? = nil
        var years: [Year] = []
        var interest: Number { get throws(ArithmeticError) { try balance - deposited + fees } }
        var yearStart = (deposited: deposited, interest: Number(0), fees: fees)
        func deposit(_ month: Int) throws(ArithmeticError) {
            // A withdrawal takes at most the balance; bounds too close to call take the
            // nearer value. A deposit (never a withdrawal) goes in whole.
            var amount = monthly
            if monthly.isNegative {
                let available = -balance
                if (monthly.order(comparedTo: available) ?? (monthly.nearestRational < available.nearestRational ? -1 : 1)) < 0 {
                    amount = available
                }
                if amount != monthly, emptied == nil { emptied = month }
            }
            balance = try balance + amount
            deposited = try deposited + amount
        }
        // Without a fee or withdrawals, whole years at once (`YearBlock`); the months left
        // over, and every month otherwise, one at a time.
        var month = 1
        if feeShare.isZero, !monthly.isNegative, months >= 12 {
            let blocks = try YearBlock(growth: growth, depositAtStart: depositAtStart)
            // What a year adds besides the starting balance's growth is the same every year.
            let yearDeposits = try 12 * monthly, grownDeposits = try monthly * blocks.deposits
            let gained = try blocks.growth - 1, depositsGained = try grownDeposits - yearDeposits
            while month + 11 <= months {
                try interruption.check()
                let start = balance
                balance = try start * blocks.growth + grownDeposits
                let earned = try start * gained + depositsGained
                deposited = try deposited + yearDeposits
                years.append(Year(year: (month + 11) / 12, deposited: yearDeposits, interest: earned, fees: 0, balance: balance))
                month += 12
            }
            yearStart = (deposited, try interest, fees)
        }
        while month <= months {
            defer { month += 1 }
            try interruption.check()
            if depositAtStart { try deposit(month) }
            balance = try balance * growth
            if !depositAtStart { try deposit(month) }
            if !feeShare.isZero {
                let charge = try balance * feeShare
                balance = try balance - charge
                fees = try fees + charge
            }
            if month % 12 == 0 || month == months {
                let earned = try interest
                years.append(Year(year: (month + 11) / 12, deposited: try deposited - yearStart.deposited,
                                  interest: try earned - yearStart.interest, fees: try fees - yearStart.fees, balance: balance))
                yearStart = (deposited, earned, fees)
            }
        }
        return Growth(years: years, balance: balance, deposited: deposited, interest: try interest, fees: fees, emptiedInMonth: emptied)
    }

    /// Twelve months of growth by g = 1 + i with a deposit d each month, as one step:
    /// B ← B·g¹² + d·S with S = Σ g^k for k = 0…11 (deposits at the month's end, each then
    /// grows the months left) or k = 1…12 (at its start). The year's interest is then
    /// B·(g¹² − 1) + d·S − 12·d: the same fractions as twelve months of B ← B·g + d, and a
    /// sum of products rather than the difference of two balances of thousands of bits.
    /// For an exact g = N/D (in lowest terms), in closed form: g¹² = N¹²/D¹², and the sum
    /// over k = 0…11 is T/D¹¹ with T = Σ N^k·D^(11−k) = (N¹² − D¹²)/(N − D) (12 when
    /// N = D), already in lowest terms as T ≡ N¹¹ mod D; over k = 1…12 it is N·T/D¹².
    package struct YearBlock {
        package let growth: Number
        package let deposits: Number

        package init(growth g: Number, depositAtStart: Bool) throws(ArithmeticError) {
            // Parts of up to 300 bits keep every power and sum within the exact range, as
            // the month-by-month sum does.
            if case .exact(let r) = g, Swift.max(r.numerator.bitWidth, r.denominator.bitWidth) <= 300 {
                let (n, d) = (r.numerator, r.denominator)
                let d11 = d.power(11), n12 = n.power(12), d12 = d11 * d
                let t = n == d ? 12 * d11 : (n12 - d12) / (n - d)
                growth = .exact(Rational(reduced: n12, d12))
                deposits = .exact(depositAtStart ? Rational(reduced: n * t, d12) : Rational(reduced: t, d11))
                return
            }
            var power = Number(1), sum = Number(0)
            for _ in 0..<12 {
                if !depositAtStart { sum = try sum + power }
                power = try power * g
                if depositAtStart { sum = try sum + power }
            }
            growth = power
            deposits = sum
        }
    }

    /// The results, in the order the text and JSON show them.
    package enum Output {
        package static let balance = ResultSpec("balance", .money, .line("balance"), "the balance at the end")
        package static let deposited = ResultSpec("deposited", .money, .line("deposited"), "the starting balance and every deposit")
        package static let interest = ResultSpec("interest", .money, .line("interest"), "the interest earned")
        package static let fees = ResultSpec("fees", .money, .line("fees"), "the fees paid")
    }

    public static let results = [Output.balance, Output.deposited, Output.interest, Output.fees]

    /// `invest: €219,112.31 after 20 years`.
    public static func headline(of estimate: Estimate) -> String {
        headline(estimate, estimate.headlinePart(Output.balance, labelled: false, withNote: true))
    }

    public static func estimate(_ inputs: ResolvedInputs) throws(EstimateError) -> Estimate {
        let years = try inputs.number(Input.years)
        let months = try formulas { () throws(ArithmeticError) in try years * 12 }
        guard let monthCount = months.exactInteger else {
            throw .rule(key: Input.years, message: "years must come to whole months (1.5 is 18 months; 1.1 is not whole)")
        }
        let compounding = inputs.choice(Input.compound, as: Compounding.self)!
        let periods = compounding.periodsPerYear
        let atStart = inputs.choice(Input.timing, as: Timing.self) == .start
        let initial = try inputs.number(Input.initial), monthly = try inputs.number(Input.monthly)
        let ratePercent = try inputs.number(Input.rate)
        let rate = try inputs.fraction(Input.rate), fee = try inputs.fraction(Input.fee)
        let growth = try formulas { () throws(ArithmeticError) in
            try grow(months: monthCount, initial: initial, monthly: monthly, rate: rate, periodsPerYear: periods, fee: fee,
                     depositAtStart: atStart, interruption: inputs.context.interruption)
        }
        // Money keeps the currency the amounts were given in (one, through a rate if need be).
        let currency = inputs.estimateCurrency
        let money = { (value: Number) in EstimateFormat.money(value, currency: currency) }
        // A year a row, each figure rounded from a fraction thousands of bits long: only
        // when the table is shown.
        var tables: [Estimate.Table] = []
        if inputs.showsTables {
            let balances = growth.years.map(\.balance.doubleValue), highest = balances.max() ?? 0
            tables.append(Estimate.Table(
                header: ["year", "deposits", "interest", "fees", "balance"],
                rows: growth.years.map { [String($0.year), money($0.deposited), money($0.interest), money($0.fees), money($0.balance)] },
                bars: balances.map { highest > 0 ? max(0, $0) / highest : 0 }))
        }
        var warnings: [String] = []
        if let month = growth.emptiedInMonth {
            warnings.append("the withdrawals empty the account in year \((month + 11) / 12), month \((month - 1) % 12 + 1)")
        }
        let yearsText = EstimateFormat.number(years)
        return Estimate(
            self, inputs: inputs.used,
            results: [
                Output.balance(growth.balance, note: "after \(yearsText) \(years == 1 ? "year" : "years")"),
                Output.deposited(growth.deposited, note: monthly.isNegative
                    ? "the starting balance less the withdrawals" : "the starting balance and every deposit"),
                Output.interest(growth.interest), Output.fees(growth.fees),
            ],
            currency: currency,
            conventions: [
                "interest \(EstimateFormat.number(ratePercent))% a year compounded \(compounding.name), applied monthly as (1 + r/n)^(n/12) − 1",
                "deposits at the \(atStart ? "start" : "end") of each month; the fee is charged monthly as (1 − fee)^(1/12) of the balance",
            ],
            warnings: warnings, tables: tables)
    }
}
