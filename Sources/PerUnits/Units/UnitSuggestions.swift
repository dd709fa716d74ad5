extension UnitTable {
    /// The longest word, in UTF-8 bytes, that suggestions are looked for: longer than any
    /// name of the catalogue by more than two edits, so a longer word has none, and the
    /// search never measures a pasted page against every name.
    static let longestSuggestedWord = 40

    /// The units an unknown word may have been meant as, for `unknown unit
    /// 'stoen'; did you mean 'stone'?`: names of the whole catalogue within one edit of a
    /// word of up to four letters and two of a longer one (insertions, deletions,
    /// substitutions, swaps of neighbours), never further (`mole` is two edits from
    /// `mile`, too far for four letters). One name for each unit, ranked: a unit of
    /// `fitting` first, then the nearest, those that start with the word's letter, the
    /// shortest, in alphabetical order. At most three, one for a word of two letters
    /// (where an edit makes most short names into others), none for one letter. Names that
    /// read several ways (`ton`), names of several words and currencies are left out.
    public static func suggestions(for word: String, fitting: Dimension? = nil) -> [String] {
        guard word.utf8.count <= longestSuggestedWord else { return [] }
        let length = word.unicodeScalars.count
        guard length >= 2 else { return [] }
        let key = Array(Catalogue.folded(word).utf8)
        let first = key.first
        // A struct and an array, not a dictionary of tuples: no generic type is made at
        // run time for a refused word, and the candidates are few.
        var best: [Candidate] = []
        for near in Catalogue.names(within: length <= 4 ? 1 : 2, of: key) {
            guard !near.name.contains(" "), let unit = unit(named: near.name), unit.currency == nil else { continue }
            let folded = Catalogue.folded(near.name)
            let candidate = Candidate(unit: unit, fits: fitting.map { unit.dimension == $0 ? 0 : 1 } ?? 0, distance: near.distance,
                                      start: folded.utf8.first == first ? 0 : 1, length: near.name.unicodeScalars.count,
                                      folded: folded, name: near.name)
            if let index = best.firstIndex(where: { $0.unit == unit }) {
                if candidate.precedes(best[index]) { best[index] = candidate }
            } else {
                best.append(candidate)
            }
        }
        // A unit in another case than written, refused as written (`MBAR`: mbar, made by the
        // prefix rule and no name of the catalogue's), is as near as a name can be.
        if case let lower = word.lowercased(), lower != word, Self.word(word)?.unit == nil, let unit = unit(named: lower),
           unit.currency == nil, !best.contains(where: { $0.unit == unit }) {
            best.append(Candidate(unit: unit, fits: fitting.map { unit.dimension == $0 ? 0 : 1 } ?? 0, distance: 0, start: 0,
                                  length: unit.symbol.unicodeScalars.count, folded: lower, name: unit.symbol))
        }
        // The nearest only: a name two edits away is no guess beside one a single edit
        // away (`stoen`: stone, not toe), unless it is of the dimension that fits.
        let nearest = best.map(\.distance).min() ?? 0
        let nearestFitting = best.filter { $0.fits == 0 }.map(\.distance).min() ?? 0
        best.removeAll { $0.distance > nearest && ($0.fits != 0 || $0.distance > nearestFitting) }
        return best.sorted { $0.precedes($1) }.prefix(length <= 2 ? 1 : 3).map(\.name)
    }

    /// A name suggested for a word, with what ranks it.
    private struct Candidate {
        let unit: CompoundUnit
        let fits: Int, distance: Int, start: Int, length: Int
        let folded: String, name: String

        func precedes(_ other: Candidate) -> Bool {
            (fits, distance, start, length, folded, name) < (other.fits, other.distance, other.start, other.length, other.folded, other.name)
        }
    }

    /// Suggestions for a word written where a unit of `dimension` is the one that fits
    /// (after `to`): those `suggestions(for:fitting:)` finds, and when none of them is of
    /// `dimension`, first the shortest name of it that the word begins (`po` for `pound`),
    /// as an abbreviation of it rather than a misspelling.
    public static func suggestions(for word: String, converting dimension: Dimension) -> [String] {
        let near = suggestions(for: word, fitting: dimension)
        if let first = near.first, unit(named: first)?.dimension == dimension { return near }
        let lower = word.lowercased()
        guard lower.count >= 2, word.utf8.count <= longestSuggestedWord else { return near }
        let begun = Catalogue.all.lazy.map { String($0.name) }
            .filter { $0.lowercased().hasPrefix(lower) && !$0.contains(" ") }
            .filter { name in unit(named: name).map { $0.dimension == dimension && $0.currency == nil } ?? false }
            .min { ($0.count, $0.lowercased(), $0) < ($1.count, $1.lowercased(), $1) }
        guard let begun else { return near }
        return Array(([begun] + near).prefix(word.unicodeScalars.count <= 2 ? 1 : 3))
    }
}
