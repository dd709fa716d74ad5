import PerNumbers

extension Estimate {
    /// What a warning is about, whatever its figures: the limit a value passes. A sweep
    /// tells a run of rows with one kind of warning once, though each row's figures differ
    /// (the silica each pressure band allows).
    package enum WarningKind: Hashable, Sendable {
        /// The boiler water over a limit of its pressure band.
        case boilerLimit(BoilerLimit)
        /// The make-up alone over a limit of the boiler water's pressure band: no blowdown holds it.
        case makeupAboveBoilerLimit(BoilerLimit)
        /// A boiler above the highest band of the limits: not checked against them.
        case aboveBoilerBands
        /// A blowdown over its share of the feedwater.
        case highBlowdown
        /// The cycles over what a constituent's limit in the tower water allows.
        case towerLimit(Cooling.Constituent)
        /// The alkalinity an acid target asks over the tower's alkalinity limit.
        case acidTarget
        /// A product's feed pump set outside 10–90% of its maximum, on that side.
        case pumpStroke(product: String, FeedPump.StrokeFault)
    }

    /// A warning with its kind, and the parts a run of rows of that kind is told by:
    /// `gist (first figure … last figure): remedy`.
    package struct KindedWarning: Sendable, Equatable {
        package let kind: WarningKind
        /// The warning as one estimate says it.
        package let text: String
        /// What every row of a run says (`10 ppm silica is above what the ASME silica limit allows`).
        package let gist: String
        /// The figure that differs from row to row (`9 ppm at 301–450 psig`); nil where none does.
        package let figure: String?
        /// What to do, in words that hold for every row.
        package let remedy: String
    }

    /// The warnings of this estimate that have a kind: those set with one, and the limits
    /// passed that have one.
    package var kindedWarnings: [KindedWarning] {
        ownKindedWarnings + exceededLimits.compactMap(\.kinded)
    }
}

extension Estimate.ExceededLimit {
    /// This limit's warning with its kind, where it has one: the gist names the limit
    /// without the figures that differ from row to row, and the figure is the allowed
    /// value, with where it applies.
    package var kinded: Estimate.KindedWarning? {
        guard let kind else { return nil }
        return Estimate.KindedWarning(kind: kind, text: warning, gist: "\(value) \(input) is above what the \(kindName ?? limit) limit allows",
                                      figure: allowed + (place.map { " at \($0)" } ?? ""), remedy: remedy ?? consequence)
    }
}

extension Estimates {
    /// A sweep's warnings of each kind told once for each run of consecutive rows that
    /// have one (`pressure 400–1600 psig: 10 ppm silica is above what the ASME silica limit
    /// allows (9 ppm at 301–450 psig … 0.4 ppm at 1501–2000 psig): …`); warnings in `told`
    /// are left out. A run of rows that say the same says it once, with the rows' range
    /// unless the run is every row. With the warnings this tells.
    package static func kindRuns(_ estimates: [Estimate?], rowTexts: [String], key: String, told: Set<String>)
        -> (warnings: [String], told: Set<String>) {
        let rows = estimates.map { $0?.kindedWarnings.filter { !told.contains($0.text) } ?? [] }
        var kinds: [Estimate.WarningKind] = []
        for row in rows {
            for warning in row where !kinds.contains(warning.kind) { kinds.append(warning.kind) }
        }
        var warnings: [String] = [], toldNow: Set<String> = []
        for kind in kinds {
            let found = rows.map { row in row.first { $0.kind == kind } }
            var start = 0
            while start < found.count {
                guard found[start] != nil else {
                    start += 1
                    continue
                }
                var end = start
                while end + 1 < found.count, found[end + 1] != nil { end += 1 }
                let run = found[start...end].compactMap { $0 }
                toldNow.formUnion(run.map(\.text))
                let range = "\(key) \(span(rowTexts[start], rowTexts[end]))"
                warnings.append(line(run, range: range, isEveryRow: start == 0 && end == found.count - 1))
                start = end + 1
            }
        }
        return (warnings, toldNow)
    }

    /// One run's line: the warning itself when every row says it (after the range unless
    /// the run is every row), else the gist with the first and last rows' figures.
    static func line(_ run: [Estimate.KindedWarning], range: String, isEveryRow: Bool) -> String {
        let first = run[0], last = run[run.count - 1]
        if run.allSatisfy({ $0.text == first.text }) { return isEveryRow ? first.text : "\(range): \(first.text)" }
        let figures = switch (first.figure, last.figure) {
        case (let a?, let b?) where a != b: " (\(a) … \(b))"
        case (let a?, _): " (\(a))"
        default: ""
        }
        return "\(range): \(first.gist)\(figures): \(first.remedy)"
    }

    /// The values of a run's first and last rows, their unit once when they share it
    /// (`400–1600 psig`, `2–8`), the one value for a run of one.
    static func span(_ first: String, _ last: String) -> String {
        guard first != last else { return first }
        if let blank = first.firstIndex(of: " "), first[blank...] == last[(last.firstIndex(of: " ") ?? last.endIndex)...] {
            return "\(first[..<blank])–\(last)"
        }
        return "\(first)–\(last)"
    }
}

extension Estimates {
    /// A limit the swept input passes, told once for the runs of rows that pass it
    /// (`cycles 3.5–10 are above the 3.33 that the alkalinity limit allows`) rather than a
    /// warning a row; with the rows' own warnings that this tells.
    package static func limitRuns(_ estimates: [Estimate?], rowTexts: [String], key: String) -> (warnings: [String], told: Set<String>) {
        var limits: [Estimate.ExceededLimit] = []
        var told: Set<String> = []
        for estimate in estimates.compactMap({ $0 }) {
            for limit in estimate.exceededLimits where limit.input == key {
                told.insert(limit.warning)
                if !limits.contains(where: { $0.limit == limit.limit && $0.allowed == limit.allowed }) { limits.append(limit) }
            }
        }
        let warnings = limits.map { limit in
            let over = estimates.map { estimate in
                estimate?.exceededLimits.contains { $0.input == key && $0.limit == limit.limit && $0.allowed == limit.allowed } ?? false
            }
            var runs: [String] = []
            var start: Int? = nil
            for row in 0...over.count {
                if row < over.count, over[row] {
                    if start == nil { start = row }
                } else if let first = start {
                    runs.append(span(rowTexts[first], rowTexts[row - 1]))
                    start = nil
                }
            }
            return Estimate.ExceededLimit.warning(runs, of: limit)
        }
        return (warnings, told)
    }

    /// The limits the swept input passes in any row, each once, where the input reaches
    /// it (the plot's vertical lines).
    package static func limitLines(_ estimates: [Estimate], key: String) -> [(name: String, at: Double)] {
        var lines: [(name: String, at: Double)] = []
        for limit in estimates.flatMap(\.exceededLimits) where limit.input == key {
            guard let at = limit.bound?.doubleValue, !lines.contains(where: { $0.at == at }) else { continue }
            lines.append((name: "\(limit.limit) limit \(limit.allowed)", at: at))
        }
        return lines
    }
}
