/// "Did you mean …?" for misspelt names.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours), if one is close enough to be a typo: one
    /// edit for words of three or four letters, two beyond; none for shorter words, where
    /// one edit makes any name into any other. Ties go to the alphabetically first.
    public static func closest(to word: String, among candidates: [String], minimumLength: Int = 3) -> String? {
        guard word.count >= minimumLength else { return nil }
        let limit = word.count <= 4 ? 1 : 2
        var best: (distance: Int, name: String)? = nil
        for candidate in Set(candidates) where candidate != word {
            guard abs(candidate.count - word.count) <= limit else { continue }
            let distance = editDistance(word, candidate)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (distance, candidate)
            }
        }
        return best?.name
    }

    /// Optimal-string-alignment distance (Damerau–Levenshtein without repeated edits of one
    /// substring), case-insensitive.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}
