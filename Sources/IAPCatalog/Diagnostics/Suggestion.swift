/// "Did you mean …?" for near misses: case differences and small typos.
package enum Suggestion {
    /// The candidate closest to `word` if it is near enough to be a likely typo: equal ignoring
    /// case, or within an edit distance of 1 (words of up to 4 characters; for 1–2 characters only
    /// a candidate that extends the word, as `US` → `USA`) or 2 (longer ones). Among equally near
    /// candidates, one that extends `word` wins, then the first.
    package static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let lowered = word.lowercased()
        let limit = word.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int, extends: Bool)?
        for candidate in candidates where candidate != word {
            let candidateLowered = candidate.lowercased()
            if candidateLowered == lowered { return candidate }
            guard abs(candidate.count - word.count) <= limit else { continue }
            let extends = candidateLowered.hasPrefix(lowered)
            guard word.count > 2 || extends else { continue }
            let distance = editDistance(lowered, candidateLowered, limit: limit)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && extends && !best!.extends) {
                best = (candidate, distance, extends)
            }
        }
        return best?.candidate
    }

    /// `"did you mean 'x'?"` for ``Diagnostic/hint``, or nil when no candidate is near. `meant`
    /// names what `word` commonly stands for (`subscription` → `auto-renewable`, `non-renewing`);
    /// those of them among the candidates win over the closest spelling.
    package static func hint<S: Sequence>(
        for word: String, in candidates: S, meant: (String) -> [String] = { _ in [] }
    ) -> String? where S.Element == String {
        let candidates = Array(candidates)
        let intended = meant(word).filter(candidates.contains)
        guard intended.isEmpty else { return "did you mean \(alternatives(intended))?" }
        return closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    package static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, stopping early past `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return rowMinimum }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
