import PerLanguage

extension Estimates {
    /// One row of a sweep as the estimator gave it: an estimate, or its refusal of that
    /// row's inputs.
    package enum SweptRow {
        case made(Estimate)
        case refused(Diagnostic)

        package var estimate: Estimate? {
            if case .made(let estimate) = self { estimate } else { nil }
        }

        package var refusal: Diagnostic? {
            if case .refused(let refusal) = self { refusal } else { nil }
        }
    }

    /// What the dashes of refused rows mean: the refusal's reason, once for each run of
    /// consecutive rows refused for the same reason (`– at cycles 2–4: …`).
    package static func refusalNotes(_ refusals: [Diagnostic?], rowTexts: [String], key: String) -> [String] {
        var notes: [String] = []
        var row = 0
        while row < refusals.count {
            guard let message = refusals[row]?.message else {
                row += 1
                continue
            }
            var end = row
            while end + 1 < refusals.count, refusals[end + 1]?.message == message { end += 1 }
            notes.append("– at \(key) \(span(rowTexts[row], rowTexts[end])): \(message)")
            row = end + 1
        }
        return notes
    }
}
